// Package bench measures permengine side by side with Open Policy Agent on
// the shared benchmark corpus. It is a separate module so that the
// library's go.mod stays small.
package bench

import "strings"

// splitSegments is a plain quote-aware splitter: segments at && || ; | &
// and newlines outside quotes, words at blanks outside quotes, quotes
// removed. It is what the Rego side receives; the corpus is plain enough
// (no substitutions) for it to agree with the shell.
func splitSegments(cmd string) [][]string {
	var segs [][]string
	var words []string
	var b strings.Builder
	inWord := false
	quote := byte(0)
	endWord := func() {
		if inWord {
			words = append(words, b.String())
			b.Reset()
			inWord = false
		}
	}
	endSeg := func() {
		endWord()
		if len(words) > 0 {
			segs = append(segs, words)
			words = nil
		}
	}
	for i := 0; i < len(cmd); i++ {
		c := cmd[i]
		if quote != 0 {
			if c == quote {
				quote = 0
			} else {
				b.WriteByte(c)
			}
			continue
		}
		switch c {
		case '\'', '"':
			quote = c
			inWord = true
		case ' ', '\t':
			endWord()
		case '\n', ';', '&', '|':
			if c == '&' && i > 0 && cmd[i-1] == '>' {
				b.WriteByte(c) // 2>&1 stays in its word
				continue
			}
			endSeg()
			if i+1 < len(cmd) && (cmd[i+1] == c) {
				i++
			}
		default:
			b.WriteByte(c)
			inWord = true
		}
	}
	endSeg()
	return segs
}
