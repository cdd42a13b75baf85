// Package ascii holds the byte tests on ASCII text that several layers of
// the engine share, so that each is written once.
package ascii

// Digits reports whether s is a non-empty run of the digits 0-9.
func Digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// ExpansionEnd returns the index just past the shell expansion that starts
// at w[i] ('$' or '`'): $NAME, $1, $@, ${…}, $(…), $((…)), $[…], `…`; an
// expansion left open runs to the end of w. It returns i when nothing
// expands there ($' and a lone $ are text).
func ExpansionEnd(w string, i int) int {
	if w[i] == '`' {
		for k := i + 1; k < len(w); k++ {
			if w[k] == '`' {
				return k + 1
			}
		}
		return len(w)
	}
	if w[i] != '$' || i+1 >= len(w) {
		return i
	}
	switch c := w[i+1]; {
	case c == '(' || c == '{' || c == '[':
		if e := MatchClose(w, i+1); e > 0 {
			return e + 1
		}
		return len(w)
	case c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z':
		k := i + 1
		for k < len(w) && NameByte(w[k]) {
			k++
		}
		return k
	case c >= '0' && c <= '9' || c == '@' || c == '*' || c == '#' || c == '?' || c == '-' || c == '$' || c == '!':
		return i + 2
	}
	return i
}

// MatchClose returns the index of the bracket that closes the one at w[i]
// ('(', '{' or '['), counting nested ones, or -1 when none does.
func MatchClose(w string, i int) int {
	open := w[i]
	var close byte
	switch open {
	case '(':
		close = ')'
	case '{':
		close = '}'
	case '[':
		close = ']'
	default:
		return -1
	}
	d := 0
	for k := i; k < len(w); k++ {
		switch w[k] {
		case open:
			d++
		case close:
			if d--; d == 0 {
				return k
			}
		}
	}
	return -1
}

// NameByte reports a byte of a shell variable's name: a letter, a digit or
// '_'.
func NameByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// GlobChars are the bytes that make a word a pattern of bash's pathname
// expansion: *, ? and [.
const GlobChars = "*?["

// GlobBraceChars are GlobChars and the { that starts a brace expansion:
// a word holding one may name files no text shows.
const GlobBraceChars = GlobChars + "{"

// Set is a set of ASCII bytes, built once (NewSet) for the tests that
// look for any of them in a text.
type Set [4]uint64

// NewSet returns the set of the bytes of chars, which must be ASCII.
func NewSet(chars string) Set {
	var s Set
	for i := 0; i < len(chars); i++ {
		if chars[i] >= 0x80 {
			panic("ascii.NewSet: not ASCII: " + chars)
		}
		s[chars[i]>>6] |= 1 << (chars[i] & 63)
	}
	return s
}

// Any reports whether t holds a byte of set: strings.ContainsAny(t,
// chars) for the set's chars, without building the set again on every
// call (an ASCII byte is never part of another character in UTF-8, so a
// byte is as good as a rune here).
func (s *Set) Any(t string) bool {
	for i := 0; i < len(t); i++ {
		if s[t[i]>>6]&(1<<(t[i]&63)) != 0 {
			return true
		}
	}
	return false
}

// IsHex reports a hexadecimal digit.
func IsHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
