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
	// ErrSigns is a letter sequence between an upper- and a lower-case
	// letter ({Z..a}): it makes the ASCII signs between them, [ \ ] ^ _
	// and `, which bash then reads as a glob, an escape or a command
	// substitution in the word.
	ErrSigns = errors.New("a brace sequence of letters makes the signs between Z and a ([ \\ ] ^ _ `), which bash reads as syntax")
)

// Possible reports, cheaply, whether any word of v may expand: it holds a
// '{' and a ',' or "..". With flags (one per word), only a word whose
// flags hold bit counts (a word whose every '{' was quoted is no
// expansion); without, every word does.
func Possible(v []string, flags []uint8, bit uint8) bool {
	for j, w := range v {
		if strings.IndexByte(w, '{') >= 0 && (strings.IndexByte(w, ',') >= 0 || strings.Contains(w, "..")) && expands(flags, bit, j) {
			return true
		}
	}
	return false
}

// expands reports whether word j may be brace-expanded under flags and
// bit (see Possible).
func expands(flags []uint8, bit uint8, j int) bool {
	return flags == nil || j < len(flags) && flags[j]&bit != 0
}

// Words expands each word of v that may expand (flags and bit as for
// Possible) and splices the results in place. Work is spent on c as the
// words are read and made.
//
// A sequence too large to make ({1..5000}) is left as written and the
// error is ErrTooLarge with the words: a caller that reads them still sees
// what the rest of the word makes ({curl,-s,x,-{1..5000}} is curl's).
func Words(v []string, flags []uint8, bit uint8, c *work.Counter) ([]string, error) {
	var tooLarge error
	out := make([]string, 0, len(v)+2)
	bytes := 0
	for j, w := range v {
		if strings.IndexByte(w, '{') < 0 || !expands(flags, bit, j) {
			out = append(out, w)
			bytes += len(w)
			continue
		}
		ex, err := Word(w, c)
		switch {
		case err != nil && ex != nil:
			tooLarge = err // a sequence left as written: read on, and say so
		case err != nil:
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
	return out, tooLarge
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
	out, err := e.expand(0, len(w))
	if err == nil && e.tooLarge {
		return out, ErrTooLarge // the expansion with the sequence as written
	}
	return out, err
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
	// tooLarge: a sequence of more than MaxWords words was left as written.
	tooLarge bool
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
			if errors.Is(err, ErrTooLarge) {
				// Its words are digits or letters, which name nothing a
				// rule judges: the word is read on with it as written,
				// and the error still says a bound was passed.
				e.tooLarge, alts, err = true, nil, nil
			}
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

// Sequence reports a brace body that bash expands as a sequence:
// x..y or x..y..step, x and y both integers (a sign and leading zeros
// allowed) or both single letters, step an integer. Its words hold
// digits, '-' and letters ({Z..a} has the ASCII signs between them),
// never a '.' or a '/'.
func Sequence(body string) bool {
	_, _, _, ok := sequence(body)
	return ok
}

// sequence reads a sequence body: its ends, its step (at least 1) and
// whether it is one.
func sequence(body string) (a, b string, step int, ok bool) {
	parts := strings.Split(body, "..")
	if len(parts) < 2 || len(parts) > 3 {
		return "", "", 0, false
	}
	a, b, step = parts[0], parts[1], 1
	if len(parts) == 3 {
		n, isInt := integer(parts[2])
		if !isInt {
			return "", "", 0, false
		}
		step = max(1, abs(n)) // bash counts by the step's size; 0 is 1
	}
	_, ia := integer(a)
	_, ib := integer(b)
	return a, b, step, ia && ib || letter(a) && letter(b)
}

// integer reads an optionally signed run of decimal digits; ok is false
// for anything else, and for more digits than a sequence of MaxWords
// words needs to be told apart (it is then not counted here).
func integer(s string) (int, bool) {
	d := strings.TrimLeft(s, "+-")
	if len(s)-len(d) > 1 || !ascii.Digits(d) {
		return 0, false
	}
	if len(d) > 9 {
		return 0, true // too long to count: ErrTooLarge when expanded
	}
	n, _ := strconv.Atoi(d)
	if s[0] == '-' {
		n = -n
	}
	return n, true
}

func letter(s string) bool { return len(s) == 1 && (s[0]|0x20) >= 'a' && (s[0]|0x20) <= 'z' }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// seq expands a sequence body (see Sequence) as bash does: by the step,
// numbers padded with zeros to the wider end when either end has a
// leading zero ({01..10}, {-03..2}); nil for a body that is no sequence,
// and ErrTooLarge for one of more than MaxWords items.
func seq(s string) ([]string, error) {
	a, b, step, ok := sequence(s)
	switch {
	case !ok:
		return nil, nil
	case letter(a) && letter(b):
		if lo, hi := min(a[0], b[0]), max(a[0], b[0]); lo <= 'Z' && hi >= 'a' {
			return nil, ErrSigns
		}
		return steps(int(a[0]), int(b[0]), step, func(c int) string { return string(rune(c)) })
	case len(strings.TrimLeft(a, "+-")) > 9 || len(strings.TrimLeft(b, "+-")) > 9:
		return nil, ErrTooLarge
	}
	x, _ := integer(a)
	y, _ := integer(b)
	width := 0
	if zeroPadded(a) || zeroPadded(b) {
		width = max(len(strings.TrimPrefix(a, "+")), len(strings.TrimPrefix(b, "+")))
	}
	return steps(x, y, step, func(n int) string { return padded(n, width) })
}

// zeroPadded reports an end with a leading zero (01, -03).
func zeroPadded(s string) bool {
	d := strings.TrimLeft(s, "+-")
	return len(d) > 1 && d[0] == '0'
}

// padded writes n with zeros after its sign up to width bytes in all.
func padded(n, width int) string {
	digits := strconv.Itoa(abs(n))
	sign := ""
	if n < 0 {
		sign = "-"
	}
	if pad := width - len(sign) - len(digits); pad > 0 {
		digits = strings.Repeat("0", pad) + digits
	}
	return sign + digits
}

// steps counts from x to y by step, up or down, as far as y or the last
// step before it.
func steps(x, y, step int, item func(int) string) ([]string, error) {
	if x > y {
		step = -step
	}
	if (y-x)/step >= MaxWords {
		return nil, ErrTooLarge
	}
	var out []string
	for n := x; step > 0 && n <= y || step < 0 && n >= y; n += step {
		out = append(out, item(n))
	}
	return out, nil
}
