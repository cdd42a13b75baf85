// Package rawjson decodes JSON strings without replacing invalid UTF-8.
//
// encoding/json turns every byte sequence that is not UTF-8 into U+FFFD.
// For a command that is wrong: the replacement character is harmless text,
// while the original bytes are what the agent would run, and the engine's
// integrity check must see them. A String keeps those bytes as they came.
package rawjson

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// String is a string decoded from JSON with any bytes that are not UTF-8
// kept as they are. Escapes (\n, \uXXXX, surrogate pairs) are resolved as
// encoding/json resolves them.
type String string

// ErrNotString is returned for a JSON value that is not a string.
var ErrNotString = errors.New("rawjson: not a JSON string")

// UnmarshalJSON implements json.Unmarshaler.
func (s *String) UnmarshalJSON(b []byte) error {
	v, err := Unquote(b)
	if err != nil {
		return err
	}
	*s = String(v)
	return nil
}

// Unquote decodes one JSON string literal (with its quotes), keeping bytes
// that are not UTF-8.
func Unquote(b []byte) (string, error) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", ErrNotString
	}
	b = b[1 : len(b)-1]
	out := make([]byte, 0, len(b))
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\\' {
			out = append(out, c)
			continue
		}
		if i+1 >= len(b) {
			return "", errors.New("rawjson: string ends in a backslash")
		}
		i++
		switch b[i] {
		case '"', '\\', '/':
			out = append(out, b[i])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			r, n, err := escapedRune(b[i+1:])
			if err != nil {
				return "", err
			}
			out = utf8.AppendRune(out, r)
			i += n
		default:
			return "", errors.New("rawjson: invalid escape \\" + string(b[i]))
		}
	}
	return string(out), nil
}

// escapedRune reads the hex digits after \u (and a following \uXXXX low
// surrogate), returning the rune and how many bytes it read. A lone
// surrogate is U+FFFD, as in encoding/json.
func escapedRune(b []byte) (rune, int, error) {
	r, ok := hex4(b)
	if !ok {
		return 0, 0, errors.New("rawjson: invalid \\u escape")
	}
	if !utf16.IsSurrogate(r) {
		return r, 4, nil
	}
	if len(b) >= 10 && b[4] == '\\' && b[5] == 'u' {
		if r2, ok := hex4(b[6:]); ok {
			if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
				return dec, 10, nil
			}
		}
	}
	return utf8.RuneError, 4, nil
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	v, err := strconv.ParseUint(string(b[:4]), 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(v), true
}
