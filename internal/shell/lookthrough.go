package shell

import (
	"slices"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/programs"
)

// This file builds the looked-through views of a segment. Allow
// rules see only the literal words; deny and ask rules and every cap also
// see each view, so that a denied program cannot hide behind a wrapper, an
// assignment, a directory or a brace expansion.

// maxViews bounds the views of one segment; brace expansion and nested
// wrappers cannot blow it up.
const maxViews = 64

// lookBits are the wordBits of a first word that make views possible: a
// wrapper or runner, a program named by its path, an assignment.
const lookBits = programs.Wrapper | programs.Runner | programs.PathName | programs.Assignment

// lookNeeded reports, cheaply, whether any view beyond the literal words
// can exist, from what a segment records: the WordBits of its first word
// and the masks of all its words together (a '{' may be a brace
// expansion). Most segments have none, and then no view is built.
func lookNeeded(first programs.Bits, all Mask) bool {
	return first&lookBits != 0 || all&MaskBrace != 0
}

// lookThroughViews returns the views of words that lookNeeded accepts;
// the first is the literal words themselves. They are kept in the
// command's arena.
func lookThroughViews(words []string, c *Command) [][]string {
	var l looker
	l.add(words)
	l.visit(words, 0)
	k := len(c.a.views)
	c.a.views = append(append(c.a.views, l.first[:l.n]...), l.more...)
	return c.a.views[k:len(c.a.views):len(c.a.views)]
}

// looker gathers the views of one segment: the first ones in an array on
// the caller's stack, any further ones in more.
type looker struct {
	first [8][]string
	n     int
	more  [][]string
	steps int // visits so far, bounded by maxLookSteps
}

// count returns the number of views so far.
func (l *looker) count() int { return l.n + len(l.more) }

// maxLookSteps bounds the work of one lookThrough: wrappers that try every
// later word could otherwise branch without end (env env env …).
const maxLookSteps = 256

func (l *looker) add(v []string) bool {
	if l.count() >= maxViews {
		return false
	}
	for _, have := range l.first[:l.n] {
		if slices.Equal(have, v) {
			return false
		}
	}
	for _, have := range l.more {
		if slices.Equal(have, v) {
			return false
		}
	}
	if l.n < len(l.first) {
		l.first[l.n] = v
		l.n++
	} else {
		l.more = append(l.more, v)
	}
	return true
}

func (l *looker) visit(v []string, depth int) {
	l.steps++
	if depth > 16 || l.count() >= maxViews || l.steps > maxLookSteps {
		return
	}
	// Leading assignments do not change which program runs.
	i := 0
	for i < len(v) && programs.IsAssignment(v[i]) {
		i++
	}
	v = v[i:]
	if len(v) == 0 {
		return
	}
	// Brace expansion happens before the program is found.
	if hasBrace(v) {
		if ex := expandBraces(v); ex != nil && !slices.Equal(ex, v) {
			l.visit(ex, depth+1)
		}
	}
	// The program's directory does not change which program it is.
	if b := programs.BaseName(v[0]); b != v[0] {
		nv := make([]string, len(v))
		copy(nv, v)
		nv[0] = b
		v = nv
	}
	l.add(v)
	if rest, ok := programs.RunnerCommand(v); ok {
		l.visit(rest, depth+1)
	}
	cmd, sure := programs.Wrapped(v)
	if cmd < 0 {
		return
	}
	if cmd < len(v) {
		l.visit(v[cmd:], depth+1)
	}
	if !sure {
		// An option the table does not know may take an argument: try
		// every later word as the program too.
		for j := 1; j < len(v); j++ {
			if j != cmd {
				l.visit(v[j:], depth+1)
			}
		}
	}
}

func hasBrace(v []string) bool {
	for _, w := range v {
		if strings.IndexByte(w, '{') >= 0 && (strings.IndexByte(w, ',') >= 0 || strings.Contains(w, "..")) {
			return true
		}
	}
	return false
}

// expandBraces applies bash brace expansion ({a,b} and {1..3}) to each word,
// splicing the results in place. It returns nil if the result would be too
// large.
func expandBraces(v []string) []string {
	out := make([]string, 0, len(v)+2)
	for _, w := range v {
		ex := braceWord(w, 0)
		if ex == nil {
			return nil
		}
		out = append(out, ex...)
		if len(out) > 256 {
			return nil
		}
	}
	return out
}

func braceWord(w string, depth int) []string {
	if depth > 8 {
		return []string{w}
	}
	open := -1
	for i := 0; i < len(w); i++ {
		if w[i] == '{' {
			// Find the matching close and whether it has a top-level comma
			// or a sequence.
			d, comma, end := 0, false, -1
			for k := i; k < len(w); k++ {
				switch w[k] {
				case '{':
					d++
				case '}':
					d--
				case ',':
					if d == 1 {
						comma = true
					}
				}
				if d == 0 {
					end = k
					break
				}
			}
			if end < 0 {
				return []string{w}
			}
			body := w[i+1 : end]
			var alts []string
			if comma {
				alts = splitTopComma(body)
			} else if seq := braceSeq(body); seq != nil {
				alts = seq
			} else {
				continue
			}
			open = i
			var out []string
			pre, post := w[:open], w[end+1:]
			for _, a := range alts {
				sub := braceWord(pre+a+post, depth+1)
				if sub == nil {
					return nil // too large below: give up on the whole word
				}
				out = append(out, sub...)
				if len(out) > 256 {
					return nil
				}
			}
			return out
		}
	}
	return []string{w}
}

func splitTopComma(s string) []string {
	var out []string
	d, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			d++
		case '}':
			d--
		case ',':
			if d == 0 {
				out = append(out, s[last:i])
				last = i + 1
			}
		}
	}
	return append(out, s[last:])
}

// braceSeq expands a single-letter or small numeric sequence {a..e},
// {1..5}; it returns nil for anything else.
func braceSeq(s string) []string {
	a, b, ok := strings.Cut(s, "..")
	if !ok || a == "" || b == "" || strings.Contains(b, "..") {
		return nil
	}
	if len(a) == 1 && len(b) == 1 && !isDigits(a) && !isDigits(b) {
		var out []string
		step := 1
		if a[0] > b[0] {
			step = -1
		}
		for c := int(a[0]); ; c += step {
			out = append(out, string(rune(c)))
			if c == int(b[0]) || len(out) > 64 {
				break
			}
		}
		return out
	}
	if isDigits(a) && isDigits(b) && len(a) < 4 && len(b) < 4 {
		x, _ := strconv.Atoi(a) // at most three digits
		y, _ := strconv.Atoi(b)
		step := 1
		if x > y {
			step = -1
		}
		var out []string
		for n := x; ; n += step {
			out = append(out, strconv.Itoa(n))
			if n == y || len(out) > 64 {
				break
			}
		}
		return out
	}
	return nil
}
