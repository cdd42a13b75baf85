package permengine

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// The parser's JSON scanning: white space, strings, and stepping over a
// value of any type. Every error names the byte where the JSON stops being
// JSON.

// maxJSONNesting bounds the depth of a value stepped over (an unknown key's
// value, a list entry that is not a string).
const maxJSONNesting = 64

func (p *parser) ws() {
	for p.off < len(p.data) {
		switch p.data[p.off] {
		case ' ', '\t', '\r', '\n':
			p.off++
		default:
			return
		}
	}
}

// eof is the error of a file that ends inside a value.
func (p *parser) eof() error {
	return p.errAt(len(p.data), "", -1, ErrSyntax, "unexpected end of file: a bracket, brace or string is not closed")
}

// found describes the character at off for a message.
func (p *parser) found(off int) string {
	if off >= len(p.data) {
		return "the end of the file"
	}
	r, _ := utf8.DecodeRune(p.data[off:])
	switch {
	case r == '\uFEFF':
		return "a byte-order mark (U+FEFF)"
	case r < 0x20 || r == 0x7f:
		return fmt.Sprintf("the control character U+%04X", r)
	}
	return strconv.QuoteRune(r)
}

// str reads a string, p.off at its opening quote, and returns its value.
func (p *parser) str() (string, error) {
	p.off++
	start := p.off
	var b strings.Builder
	for p.off < len(p.data) {
		c := p.data[p.off]
		switch {
		case c == '"':
			b.Write(p.data[start:p.off])
			p.off++
			return b.String(), nil
		case c < 0x20:
			return "", p.syntax(p.off, "%s inside a string; write it escaped (\\n, \\t or \\u%04x)", p.found(p.off), c)
		case c == '\\':
			b.Write(p.data[start:p.off])
			if err := p.escape(&b); err != nil {
				return "", err
			}
			start = p.off
		default:
			p.off++
		}
	}
	return "", p.eof()
}

// escape reads one escape sequence, p.off at its backslash.
func (p *parser) escape(b *strings.Builder) error {
	at := p.off
	if p.off+1 >= len(p.data) {
		return p.eof()
	}
	c := p.data[p.off+1]
	p.off += 2
	if i := strings.IndexByte(`"\/bfnrt`, c); i >= 0 {
		b.WriteByte("\"\\/\b\f\n\r\t"[i])
		return nil
	}
	if c != 'u' {
		return p.syntax(at, "invalid escape \\%c; JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t and \\uXXXX", rune(c))
	}
	r, err := p.hex4(at)
	if err != nil {
		return err
	}
	if utf16.IsSurrogate(r) {
		lo, err := p.lowSurrogate(at)
		if err != nil {
			return err
		}
		r = utf16.DecodeRune(r, lo)
		if r == utf8.RuneError {
			return p.syntax(at, "\\u escapes do not form a character (an unpaired surrogate)")
		}
	}
	b.WriteRune(r)
	return nil
}

// hex4 reads the four hex digits of a \u escape that started at at.
func (p *parser) hex4(at int) (rune, error) {
	if p.off+4 > len(p.data) {
		return 0, p.eof()
	}
	v, err := strconv.ParseUint(string(p.data[p.off:p.off+4]), 16, 32)
	if err != nil {
		return 0, p.syntax(at, "invalid \\u escape: four hex digits must follow \\u")
	}
	p.off += 4
	return rune(v), nil
}

// lowSurrogate reads the \uXXXX that must follow a high surrogate.
func (p *parser) lowSurrogate(at int) (rune, error) {
	if p.off+2 > len(p.data) || p.data[p.off] != '\\' || p.data[p.off+1] != 'u' {
		return 0, p.syntax(at, "\\u escapes do not form a character (an unpaired surrogate)")
	}
	p.off += 2
	return p.hex4(at)
}

// skipValue steps over one value of any type, p.off at its first byte,
// checking its syntax.
func (p *parser) skipValue(depth int) error {
	if p.off == len(p.data) {
		return p.eof()
	}
	if depth >= maxJSONNesting {
		return p.syntax(p.off, "values nested deeper than %d levels", maxJSONNesting)
	}
	switch c := p.data[p.off]; {
	case c == '"':
		_, err := p.str()
		return err
	case c == '[':
		return p.skipContainer(']', depth)
	case c == '{':
		return p.skipContainer('}', depth)
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	case c == 't' || c == 'f' || c == 'n':
		return p.literal()
	}
	hint := ""
	if c := p.data[p.off]; c == ']' || c == '}' {
		hint = " (a trailing comma?)"
	} else if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
		hint = " (a missing quote?)"
	}
	return p.syntax(p.off, "expected a value, found %s%s", p.found(p.off), hint)
}

// skipContainer steps over an array or object, p.off at its opening
// bracket or brace.
func (p *parser) skipContainer(closer byte, depth int) error {
	p.off++
	for first := true; ; first = false {
		p.ws()
		if first && p.off < len(p.data) && p.data[p.off] == closer {
			p.off++
			return nil
		}
		if closer == '}' {
			if _, err := p.key(); err != nil {
				return err
			}
		}
		if err := p.skipValue(depth + 1); err != nil {
			return err
		}
		switch closed, err := p.sep(closer); {
		case err == errNoSep:
			return p.syntax(p.off, "expected ',' or '%c', found %s (a missing comma?)", closer, p.found(p.off))
		case err != nil:
			return err
		case closed:
			p.off++
			return nil
		}
	}
}

// errNoSep says that neither a ',' nor the container's closer follows an
// element; the caller says what it expected, in its own words.
var errNoSep = errors.New("no separator")

// sep steps over the white space after an element of an object or array
// and over a ',' there. It reports whether the closer comes instead (p.off
// left at it); at anything else it returns errNoSep.
func (p *parser) sep(closer byte) (closed bool, err error) {
	p.ws()
	switch {
	case p.off == len(p.data):
		return false, p.eof()
	case p.data[p.off] == ',':
		p.off++
		return false, nil
	case p.data[p.off] == closer:
		return true, nil
	}
	return false, errNoSep
}

// literal steps over true, false or null.
func (p *parser) literal() error {
	for _, w := range []string{"true", "false", "null"} {
		if strings.HasPrefix(string(p.data[p.off:min(len(p.data), p.off+len(w))]), w) {
			p.off += len(w)
			return nil
		}
	}
	return p.syntax(p.off, "expected a value, found %s (a missing quote?)", p.found(p.off))
}

// number steps over a JSON number.
func (p *parser) number() error {
	start := p.off
	digits := func() int {
		n := 0
		for p.off < len(p.data) && p.data[p.off] >= '0' && p.data[p.off] <= '9' {
			p.off++
			n++
		}
		return n
	}
	if p.data[p.off] == '-' {
		p.off++
	}
	intStart := p.off
	n := digits()
	bad := n == 0 || n > 1 && p.data[intStart] == '0'
	if !bad && p.off < len(p.data) && p.data[p.off] == '.' {
		p.off++
		bad = digits() == 0
	}
	if !bad && p.off < len(p.data) && (p.data[p.off] == 'e' || p.data[p.off] == 'E') {
		p.off++
		if p.off < len(p.data) && (p.data[p.off] == '+' || p.data[p.off] == '-') {
			p.off++
		}
		bad = digits() == 0
	}
	if bad {
		return p.syntax(start, "malformed number")
	}
	return nil
}
