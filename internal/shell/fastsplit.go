package shell

import (
	"slices"
	"strings"
)

// The fast path. Most commands an agent proposes are plain: words, single
// quotes, double quotes without expansions, the operators && || | ; & and
// newlines, and simple redirections. For those, a full shell parse costs
// more than everything else a decision does, so fastSplit reads them
// directly and hands every other command to the parser. It must give
// exactly the segments the parser path gives; FuzzFastSplit checks that on
// every input it accepts.

// fastOp is an operator of a plain command; opWord marks a word.
type fastOp uint8

const (
	opWord    fastOp = iota
	opAnd            // &&
	opOr             // ||
	opPipe           // |
	opSemi           // ; and newline
	opAmp            // &
	opGt             // >
	opGtGt           // >>
	opLt             // <
	opGtAmp          // >&
	opLtAmp          // <&
	opAmpGt          // &>
	opAmpGtGt        // &>>
)

// opText is each redirection's text, as the parser writes it.
var opText = [...]string{opGt: ">", opGtGt: ">>", opLt: "<", opGtAmp: ">&", opLtAmp: "<&", opAmpGt: "&>", opAmpGtGt: "&>>"}

func (o fastOp) redirect() bool { return o >= opGt }

// fastToken is one word or operator of a plain command. It is kept small:
// a command's tokens are written once per decision.
type fastToken struct {
	text       string // the word after quote removal
	start, end int32  // byte offsets in the source
	op         fastOp
	flags      uint8
	mask       Mask // MaskOf(text), for a word
}

// fastRead reads src into c when it is plain, and reports whether it did.
// On false, c is unchanged but for scratch space.
func (c *Command) fastRead(src string, dirs []string, depth int, origin string) bool {
	segs, ok := c.fastSegments(src, dirs, depth, origin)
	if !ok {
		return false
	}
	// Nested scripts read while adding these segments use scratch space of
	// their own.
	c.a.scratch = nil
	c.Segs = slices.Grow(c.Segs, max(0, min(len(segs), MaxSegments-len(c.Segs))))
	start := len(c.Segs) // where the stage or job being added began
	piped := false       // a segment of it reads a pipe
	for i := range segs {
		stage := segs[i].stage
		piped = piped || segs[i].piped
		segs[i].stage, segs[i].piped = 0, false
		c.addSegment(&segs[i])
		if i+1 < len(segs) && stage != 0 && segs[i+1].stage == stage {
			continue // the job goes on
		}
		switch {
		case piped:
			c.markLateAll(start)
		case stage != 0:
			c.markLate(start)
		}
		start, piped = len(c.Segs), false
	}
	if c.a.scratch == nil {
		clear(segs)
		c.a.scratch = segs[:0]
	}
	return true
}

// fastQuoted marks a token that had quotes (it is never a keyword); it is
// removed before the flags are stored.
const fastQuoted uint8 = 1 << 7

// fastTokens splits src into words and operators, or reports false for
// anything the fast path does not handle.
//
// Past MaxSegments+1 separators it stops: the segments after them are not
// kept (addSegment marks the command TooMany), and their tokens would only
// cost memory.
func fastTokens(src string, toks []fastToken) ([]fastToken, bool) {
	i := 0
	n := len(src)
	seps := 0
	for i < n {
		if seps > MaxSegments+1 {
			break
		}
		c := src[i]
		switch c {
		case ' ', '\t':
			i++
			continue
		case '\n', ';':
			if c == ';' && i+1 < n && (src[i+1] == ';' || src[i+1] == '&') {
				return nil, false // ;; ;& ;;& belong to case
			}
			toks = append(toks, fastToken{op: opSemi, start: int32(i), end: int32(i + 1)})
			seps++
			i++
			continue
		case '&':
			switch {
			case i+1 < n && src[i+1] == '&':
				toks = append(toks, fastToken{op: opAnd, start: int32(i), end: int32(i + 2)})
				seps++
				i += 2
			case i+2 < n && src[i+1] == '>' && src[i+2] == '>':
				toks = append(toks, fastToken{op: opAmpGtGt, start: int32(i), end: int32(i + 3)})
				i += 3
			case i+1 < n && src[i+1] == '>':
				toks = append(toks, fastToken{op: opAmpGt, start: int32(i), end: int32(i + 2)})
				i += 2
			default:
				toks = append(toks, fastToken{op: opAmp, start: int32(i), end: int32(i + 1)})
				seps++
				i++
			}
			continue
		case '|':
			if i+1 < n && (src[i+1] == '|') {
				toks = append(toks, fastToken{op: opOr, start: int32(i), end: int32(i + 2)})
				seps++
				i += 2
				continue
			}
			if i+1 < n && src[i+1] == '&' {
				return nil, false // |&
			}
			toks = append(toks, fastToken{op: opPipe, start: int32(i), end: int32(i + 1)})
			seps++
			i++
			continue
		case '>', '<':
			op, width, ok := redirOp(src[i:])
			if !ok {
				return nil, false
			}
			toks = append(toks, fastToken{op: op, start: int32(i), end: int32(i + width)})
			i += width
			continue
		}
		// A word.
		start := i
		if c >= '0' && c <= '9' {
			j := i
			for j < n && src[j] >= '0' && src[j] <= '9' {
				j++
			}
			if j < n && (src[j] == '>' || src[j] == '<') {
				op, width, ok := redirOp(src[j:])
				if !ok {
					return nil, false
				}
				toks = append(toks, fastToken{op: op, start: int32(i), end: int32(j + width)})
				i = j + width
				continue
			}
		}
		text, flags, mask, end, ok := fastWord(src, i)
		if !ok {
			return nil, false
		}
		toks = append(toks, fastToken{text: text, flags: flags, mask: mask, start: int32(start), end: int32(end)})
		i = end
	}
	return toks, true
}

// redirOp reads a redirection operator at the start of s.
func redirOp(s string) (fastOp, int, bool) {
	switch {
	case strings.HasPrefix(s, ">>"):
		return opGtGt, 2, true
	case strings.HasPrefix(s, ">&"):
		return opGtAmp, 2, true
	case strings.HasPrefix(s, "<&"):
		return opLtAmp, 2, true
	case strings.HasPrefix(s, "<<"), strings.HasPrefix(s, "<>"), strings.HasPrefix(s, ">|"), strings.HasPrefix(s, "<("), strings.HasPrefix(s, ">("):
		return opWord, 0, false
	case s[0] == '>':
		return opGt, 1, true
	case s[0] == '<':
		return opLt, 1, true
	}
	return opWord, 0, false
}

// fastWord reads one word starting at i: unquoted runs of plain
// characters, single-quoted strings, and double-quoted strings without
// expansions or escapes.
func fastWord(src string, i int) (string, uint8, Mask, int, bool) {
	// The common word first: characters that never set a flag, up to the
	// end of the word, not starting with '~'. Its text is src itself and
	// its flags are none; its mask is gathered on the way.
	n := len(src)
	j := i
	var m Mask
	for j < n {
		k := quietTable[src[j]]
		if k&quietChar == 0 {
			break
		}
		m |= k
		j++
	}
	if j > i && src[i] != '~' && (j == n || wordEnd(src[j])) {
		return src[i:j], 0, m &^ quietChar, j, true
	}
	text, flags, end, ok := fastWordAny(src, i)
	return text, flags, MaskOf(text), end, ok
}

// quietTable marks with quietChar the plain characters that give a word no
// flag: all but the glob characters * ? [ ] ('~' sets one only at the
// start). Its other bits are the character's Mask.
var quietTable = func() (t [256]Mask) {
	for c := range t {
		if plainTable[c] && !strings.ContainsRune("*?[]", rune(c)) {
			t[c] = quietChar | maskTable[c]
		}
	}
	return t
}()

// quietChar is the quietTable bit of a quiet character; no Mask uses it.
const quietChar Mask = 1 << 7

// fastWordAny is fastWord for any word: quotes, globs, brackets, tildes.
func fastWordAny(src string, i int) (string, uint8, int, bool) {
	n := len(src)
	start := i
	// b holds the word after quote removal once a quote is seen; until
	// then the word is a slice of src.
	var b strings.Builder
	quoted := false
	var flags uint8
	first := true
	if c := src[i]; c == '\'' || c == '"' {
		// A word that is one quoted string is a slice of src too.
		if text, next, ok := quotedPiece(src, i); ok && (next == n || wordEnd(src[next])) {
			return text, fastQuoted, next, true
		}
	}
	for i < n {
		c := src[i]
		switch {
		case c == '\'' || c == '"':
			text, next, ok := quotedPiece(src, i)
			if !ok {
				return "", 0, 0, false
			}
			if !quoted {
				quoted = true
				b.Grow(wordSpan(src, start))
				b.WriteString(src[start:i])
			}
			b.WriteString(text)
			flags |= fastQuoted
			i = next
		case plainByte(c):
			j, f, ok := plainRun(src, i, start, first)
			if !ok {
				return "", 0, 0, false
			}
			flags |= f
			if quoted {
				b.WriteString(src[i:j])
			}
			i = j
		case wordEnd(c):
			if i == start {
				return "", 0, 0, false
			}
			return finishWord(src, start, i, &b, quoted), flags, i, true
		default:
			return "", 0, 0, false
		}
		first = false
	}
	if i == start {
		return "", 0, 0, false
	}
	return finishWord(src, start, i, &b, quoted), flags, i, true
}

// plainRun reads the run of plain characters at src[i] of the word that
// starts at start, in one pass: its end, and the flags litFlags would give
// it (globs, a glob in a dot component, a leading tilde). False for what
// the parser must judge: brackets other than the test command's "[" and
// "]" standing alone, a tilde inside a word.
func plainRun(src string, i, start int, first bool) (int, uint8, bool) {
	n := len(src)
	var flags uint8
	j := i
	slash := i - 1 // the last '/' of the run so far
	bracket := false
	for j < n {
		d := src[j]
		if !plainTable[d] {
			break
		}
		switch d {
		case '/':
			slash = j
		case '*', '?':
			flags |= WordGlob
			if src[slash+1] == '.' && slash+1 < j {
				flags |= WordDotGlob
			}
		case '[', ']':
			bracket = true
		}
		j++
	}
	if bracket {
		run := src[i:j]
		if !(run == "[" || run == "]") || i != start || j < n && !wordEnd(src[j]) {
			return 0, 0, false
		}
		flags |= litFlags(run, first)
	}
	if src[i] == '~' {
		if !first {
			return 0, 0, false
		}
		flags |= WordTilde
	}
	return j, flags, true
}

// quotedPiece reads the quoted string that starts at src[i] (a single or
// a double quote) and returns its text and where it ends. It refuses an
// unterminated string, text the parser must judge (control characters
// other than tab and newline, DEL, bytes beyond ASCII) and, in double
// quotes, expansions and escapes.
func quotedPiece(src string, i int) (string, int, bool) {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		d := src[j]
		if d == q {
			return src[i+1 : j], j + 1, true
		}
		if d >= 0x80 || d < 0x20 && d != '\t' && d != '\n' || d == 0x7f {
			return "", 0, false
		}
		if q == '"' && (d == '$' || d == '`' || d == '\\') {
			return "", 0, false
		}
	}
	return "", 0, false
}

// wordSpan is the room to reserve for a quoted word starting at start: it
// is never longer than the rest of the source. Capped, since most words
// are short and the builder grows if one is not.
func wordSpan(src string, start int) int {
	n := len(src) - start
	if n > 256 {
		n = 256
	}
	return n
}

func finishWord(src string, start, end int, b *strings.Builder, quoted bool) string {
	if !quoted {
		return src[start:end]
	}
	return b.String()
}

// plainByte reports characters that stand for themselves outside quotes
// (globs included: they stay as typed, flagged).
func plainByte(c byte) bool { return plainTable[c] }

var plainTable = func() (t [256]bool) {
	for c := 'a'; c <= 'z'; c++ {
		t[c] = true
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = true
	}
	for c := '0'; c <= '9'; c++ {
		t[c] = true
	}
	for _, c := range []byte("-_./=:,@%+^~*?[]") {
		t[c] = true
	}
	return t
}()

// wordEnd reports the characters that end a word.
func wordEnd(c byte) bool {
	switch c {
	case ' ', '\t', '\n', ';', '&', '|', '<', '>':
		return true
	}
	return false
}
