// Package brace applies bash brace expansion ({a,b} and {1..3}) to the
// words of a command, in time linear in the words and the result.
//
// Each word is read once: a table gives every '{' its matching '}' and
// says whether its body has a comma at its own level. Expansion then
// works on ranges of the word, never rescanning a part it has read. The
// result is bounded (words, bytes, nesting); a word past a bound is an
// error, never a silent partial expansion, so that the caller can refuse
// to approve what it could not read.
package brace

import (
	"errors"
	"github.com/permengine/permengine/internal/ascii"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/work"
)

// Bounds of one expansion.
const (
	// MaxWords bounds the words one expansion of a command's words makes.
	MaxWords = 256
	// MaxBytes bounds the bytes of those words together.
	MaxBytes = 256 << 10
	// MaxNesting bounds how deep braces may nest in one word.
	MaxNesting = 32
)

// Sentinel errors: why a word could not be expanded.
var (
	ErrTooLarge = errors.New("brace expansion makes more than " + strconv.Itoa(MaxWords) + " words or " + strconv.Itoa(MaxBytes>>10) + " KiB")
	ErrTooDeep  = errors.New("braces nested more than " + strconv.Itoa(MaxNesting) + " deep")
	ErrNoWork   = errors.New("the work budget ran out during brace expansion")
)

// Possible reports, cheaply, whether any word of v may expand: it holds a
// '{' and a ',' or "..".
func Possible(v []string) bool {
	for _, w := range v {
		if strings.IndexByte(w, '{') >= 0 && (strings.IndexByte(w, ',') >= 0 || strings.Contains(w, "..")) {
			return true
		}
	}
	return false
}

// Words expands each word of v and splices the results in place. Work is
// spent on c as the words are read and made.
func Words(v []string, c *work.Counter) ([]string, error) {
	out := make([]string, 0, len(v)+2)
	bytes := 0
	for _, w := range v {
		if strings.IndexByte(w, '{') < 0 {
			out = append(out, w)
			bytes += len(w)
			continue
		}
		ex, err := Word(w, c)
		if err != nil {
			return nil, err
		}
		out = append(out, ex...)
		for _, x := range ex {
			bytes += len(x)
		}
		if len(out) > MaxWords || bytes > MaxBytes {
			return nil, ErrTooLarge
		}
	}
	return out, nil
}

// Word expands one word.
func Word(w string, c *work.Counter) ([]string, error) {
	if !c.Spend(len(w) + 1) {
		return nil, ErrNoWork
	}
	e := expander{w: w, c: c}
	if err := e.table(); err != nil {
		return nil, err
	}
	return e.expand(0, len(w))
}

// expander holds one word and its match table.
type expander struct {
	w string
	c *work.Counter
	// match[i] is the index of the '}' that closes the '{' at i, or -1;
	// comma[i] says whether that brace's body has a ',' at its level.
	match []int32
	comma []bool
	bytes int // bytes made so far
}

// table fills match and comma in one pass with a stack of open braces.
func (e *expander) table() error {
	w := e.w
	e.match = make([]int32, len(w))
	e.comma = make([]bool, len(w))
	var stack []int32
	for i := 0; i < len(w); i++ {
		e.match[i] = -1
		switch w[i] {
		case '{':
			if len(stack) == MaxNesting {
				return ErrTooDeep
			}
			stack = append(stack, int32(i))
		case '}':
			if n := len(stack); n > 0 {
				e.match[stack[n-1]] = int32(i)
				stack = stack[:n-1]
			}
		case ',':
			if n := len(stack); n > 0 {
				e.comma[stack[n-1]] = true
			}
		}
	}
	return nil
}

// expand returns the expansion of w[lo:hi]: the first brace in it that
// expands splits it into a preamble, its alternatives and the rest, which
// is expanded in turn. Every byte of the range is read once here, and the
// parts are disjoint ranges read by the calls they are handed to.
func (e *expander) expand(lo, hi int) ([]string, error) {
	for i := lo; i < hi; i++ {
		if e.w[i] != '{' {
			continue
		}
		end := int(e.match[i])
		if end < 0 || end >= hi {
			continue
		}
		var alts []string
		var err error
		switch {
		case e.comma[i]:
			alts, err = e.alternatives(i+1, end)
		default:
			alts, err = seq(e.w[i+1 : end])
			if alts == nil && err == nil {
				continue // not a brace expansion: read on inside it
			}
		}
		if err != nil {
			return nil, err
		}
		post, err := e.expand(end+1, hi)
		if err != nil {
			return nil, err
		}
		return e.product(e.w[lo:i], alts, post)
	}
	if !e.c.Spend(hi - lo + 1) {
		return nil, ErrNoWork
	}
	return []string{e.w[lo:hi]}, nil
}

// alternatives expands each comma-separated part of w[lo:hi] at the
// brace's own level, and gathers the results in order.
func (e *expander) alternatives(lo, hi int) ([]string, error) {
	var out []string
	start := lo
	for i := lo; i <= hi; i++ {
		if i < hi && e.w[i] == '{' && e.match[i] >= 0 && int(e.match[i]) < hi {
			i = int(e.match[i]) // a nested brace: its commas are its own
			continue
		}
		if i < hi && e.w[i] != ',' {
			continue
		}
		part, err := e.expand(start, i)
		if err != nil {
			return nil, err
		}
		out = append(out, part...)
		if len(out) > MaxWords {
			return nil, ErrTooLarge
		}
		start = i + 1
	}
	return out, nil
}

// product makes pre+a+p for every alternative a and every p of post.
func (e *expander) product(pre string, alts, post []string) ([]string, error) {
	if len(alts)*len(post) > MaxWords {
		return nil, ErrTooLarge
	}
	out := make([]string, 0, len(alts)*len(post))
	for _, a := range alts {
		for _, p := range post {
			n := 0 // an alternative alone is not copied
			if pre != "" || p != "" {
				n = len(pre) + len(a) + len(p)
			}
			e.bytes += n
			if e.bytes > MaxBytes {
				return nil, ErrTooLarge
			}
			if !e.c.Spend(n + 1) {
				return nil, ErrNoWork
			}
			out = append(out, pre+a+p)
		}
	}
	return out, nil
}

// seq expands a single-letter or numeric sequence of up to three digits,
// {a..e} or {1..5}; it returns nil for anything else, and ErrTooLarge for a
// sequence of more than MaxWords items.
func seq(s string) ([]string, error) {
	if len(s) > 8 { // "999..999" is the longest sequence read
		return nil, nil
	}
	a, b, ok := strings.Cut(s, "..")
	if !ok || a == "" || b == "" || strings.Contains(b, "..") {
		return nil, nil
	}
	if len(a) == 1 && len(b) == 1 && !ascii.Digits(a) && !ascii.Digits(b) {
		return steps(int(a[0]), int(b[0]), func(c int) string { return string(rune(c)) })
	}
	if ascii.Digits(a) && ascii.Digits(b) && len(a) < 4 && len(b) < 4 {
		x, _ := strconv.Atoi(a) // at most three digits
		y, _ := strconv.Atoi(b)
		return steps(x, y, strconv.Itoa)
	}
	return nil, nil
}

// steps counts from x to y, up or down.
func steps(x, y int, item func(int) string) ([]string, error) {
	step := 1
	if x > y {
		step = -1
	}
	if (y-x)*step >= MaxWords {
		return nil, ErrTooLarge
	}
	var out []string
	for n := x; ; n += step {
		out = append(out, item(n))
		if n == y {
			return out, nil
		}
	}
}
