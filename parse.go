package permengine

import (
	"bytes"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"
)

// Parse reads and validates the bytes of a permissions file. name is used
// in errors and rule sources. Every error points at the exact byte it is
// about (line and byte column). A file that can still be read is read to
// its end, and every problem in it is reported together (errors.Join of
// *LoadError, in file order): wrong keys, wrong types, bad rules. A JSON
// syntax error stops the reading; the problems before it are reported
// with it.
func Parse(name string, data []byte) (*File, error) {
	return parse(name, data, true)
}

// parse is Parse; without rules, the lists are read and their entries not
// parsed as rules (to check a file this package wrote).
func parse(name string, data []byte, rules bool) (*File, error) {
	if err := checkBytes(name, data); err != nil {
		return nil, err
	}
	p := &parser{name: name, data: data, lt: lineTracker{data: data}, f: &File{Name: name}}
	if err := p.file(); err != nil {
		p.errs = append(p.errs, err)
	}
	if rules {
		p.compileRules()
	}
	if len(p.errs) > 0 {
		return nil, p.joined()
	}
	p.f.data = data
	return p.f, nil
}

// checkBytes refuses what is not worth reading as JSON: an empty or
// oversized file, a byte-order mark, invalid UTF-8.
func checkBytes(name string, data []byte) error {
	whole := func(sentinel error, format string, args ...any) error {
		return &LoadError{File: name, Index: -1, Msg: fmt.Sprintf(format, args...), Err: sentinel}
	}
	if len(data) == 0 {
		return whole(ErrEmptyFile, "the file is empty (0 bytes); write {} for a policy with no rules, or delete the file")
	}
	if len(data) > MaxFileBytes {
		return whole(ErrTooLarge, "the file is %d bytes, over the %s limit", len(data), HumanBytes(MaxFileBytes))
	}
	if bytes.HasPrefix(data, utf8BOM) {
		return &LoadError{File: name, Line: 1, Col: 1, Index: -1, Err: ErrByteOrderMark,
			Msg: "the file starts with a byte-order mark (bytes EF BB BF); save it as UTF-8 without a BOM"}
	}
	if !utf8.Valid(data) {
		off := firstInvalidUTF8(data)
		l, c := lineCol(data, off)
		return &LoadError{File: name, Line: l, Col: c, Index: -1, Err: ErrInvalidUTF8,
			Msg: fmt.Sprintf("invalid UTF-8 byte 0x%02x; save the file as UTF-8", data[off])}
	}
	return nil
}

var utf8BOM = []byte{0xEF, 0xBB, 0xBF}

func firstInvalidUTF8(data []byte) int {
	off := 0
	for off < len(data) {
		r, size := utf8.DecodeRune(data[off:])
		if r == utf8.RuneError && size == 1 {
			return off
		}
		off += size
	}
	return off
}

// parser reads one permissions file. It is a small JSON reader of its own
// so that it knows where every byte is, and so that it can step over a
// value of the wrong type and go on.
type parser struct {
	name string
	data []byte
	off  int
	lt   lineTracker
	f    *File
	errs []error
	more int // problems past maxProblems
}

// maxProblems bounds the problems reported for one file; the rest are
// counted.
const maxProblems = 100

// problem records a structural problem at byte off and goes on.
func (p *parser) problem(off int, list string, idx int, sentinel error, format string, args ...any) {
	p.add(func() error { return p.errAt(off, list, idx, sentinel, format, args...) })
}

// add records a problem, made only when it will be reported.
func (p *parser) add(mk func() error) {
	if len(p.errs) < maxProblems {
		p.errs = append(p.errs, mk())
		return
	}
	p.more++
}

func (p *parser) errAt(off int, list string, idx int, sentinel error, format string, args ...any) *LoadError {
	l, c := p.lt.at(off)
	return &LoadError{File: p.name, Line: l, Col: c, List: list, Index: idx, Msg: fmt.Sprintf(format, args...), Err: sentinel}
}

// syntax is a JSON syntax error at byte off; reading stops there.
func (p *parser) syntax(off int, format string, args ...any) error {
	return p.errAt(off, "", -1, ErrSyntax, "JSON syntax error: "+format, args...)
}

// file reads the one object of the file and what follows it.
func (p *parser) file() error {
	p.ws()
	if p.off == len(p.data) {
		return &LoadError{File: p.name, Index: -1, Err: ErrEmptyFile,
			Msg: "the file holds only white space; write {} for a policy with no rules, or delete the file"}
	}
	if c := p.data[p.off]; c != '{' {
		if !strings.ContainsRune(`["-0123456789tfn`, rune(c)) {
			return p.syntax(p.off, "expected '{', found %s", p.found(p.off))
		}
		return p.errAt(p.off, "", -1, ErrNotObject, `the file must be a JSON object such as {"allow": [], "deny": [], "ask": []}`)
	}
	if err := p.object(); err != nil {
		return err
	}
	p.ws()
	if p.off < len(p.data) {
		p.problem(p.off, "", -1, ErrTrailingData, "data after the closing brace (%s); a file holds one JSON object", p.found(p.off))
	}
	return nil
}

// object reads the top-level object, p.off at its '{'.
func (p *parser) object() error {
	p.off++
	seen := map[string][2]int{}
	for first := true; ; first = false {
		p.ws()
		if p.off < len(p.data) && p.data[p.off] == '}' && first {
			p.f.spans.close = p.off
			p.off++
			return nil
		}
		keyOff := p.off
		key, err := p.key()
		if err != nil {
			return err
		}
		if err := p.member(key, keyOff, seen); err != nil {
			return err
		}
		switch closed, err := p.sep('}'); {
		case err == errNoSep:
			return p.syntax(p.off, "expected ',' or '}' after the value of %q, found %s (a missing comma?)", key, p.found(p.off))
		case err != nil:
			return err
		case closed:
			p.f.spans.close = p.off
			p.off++
			return nil
		}
	}
}

// key reads a member's key and its ':'.
func (p *parser) key() (string, error) {
	if p.off == len(p.data) {
		return "", p.eof()
	}
	if p.data[p.off] != '"' {
		hint := ""
		if p.data[p.off] == '}' {
			hint = " (a trailing comma?)"
		}
		return "", p.syntax(p.off, "expected a key in double quotes, found %s%s", p.found(p.off), hint)
	}
	key, err := p.str()
	if err != nil {
		return "", err
	}
	p.ws()
	if p.off == len(p.data) {
		return "", p.eof()
	}
	if p.data[p.off] != ':' {
		return "", p.syntax(p.off, "expected ':' after the key %q, found %s", key, p.found(p.off))
	}
	p.off++
	p.ws()
	return key, nil
}

// member reads the value of one key, p.off at the value.
func (p *parser) member(key string, keyOff int, seen map[string][2]int) error {
	kl, kc := p.lt.at(keyOff)
	if prev, dup := seen[key]; dup {
		p.problem(keyOff, "", -1, ErrDuplicateKey, "key %q appears again (first at line %d:%d); JSON decoders keep only the last one, so merge the two", key, prev[0], prev[1])
		return p.skipValue(0)
	}
	seen[key] = [2]int{kl, kc}
	p.f.order = append(p.f.order, key)
	p.f.spans.lastKey = keyOff
	if key == "$schema" {
		return p.schema()
	}
	l, ok := listKeys[key]
	if !ok {
		hint := ""
		if near := nearestKey(key); near != "" {
			hint = fmt.Sprintf(" (did you mean %q?)", near)
		}
		p.problem(keyOff, "", -1, ErrUnknownKey, "unknown key %q%s; the file has only \"allow\", \"deny\", \"ask\" and \"$schema\"", key, hint)
		return p.skipValue(0)
	}
	p.f.present[l] = true
	if l == ListAllow {
		p.f.spans.allowKey = keyOff
	}
	return p.list(key, l)
}

// schema reads the value of "$schema".
func (p *parser) schema() error {
	if p.off < len(p.data) && p.data[p.off] == '"' {
		s, err := p.str()
		p.f.Schema = s
		return err
	}
	p.problem(p.off, "", -1, ErrNotString, "$schema must be a string (the URL or path of the JSON Schema)")
	return p.skipValue(0)
}

// list reads the value of "allow", "deny" or "ask".
func (p *parser) list(key string, l List) error {
	if p.off == len(p.data) {
		return p.eof()
	}
	switch p.data[p.off] {
	case '[':
	case 'n':
		if bytes.HasPrefix(p.data[p.off:], []byte("null")) {
			p.problem(p.off, key, -1, ErrNullList, "null is not a list; write [] for an empty list")
			return p.skipValue(0)
		}
		fallthrough
	default:
		p.problem(p.off, key, -1, ErrNotList, "must be a list of strings such as [\"Terminal(git status)\"]")
		return p.skipValue(0)
	}
	if l == ListAllow {
		p.f.spans.allowOpen = p.off
	}
	return p.entries(key, l)
}

// entries reads a list's entries, p.off at its '['.
func (p *parser) entries(key string, l List) error {
	p.off++
	for idx := 0; ; idx++ {
		p.ws()
		if p.off < len(p.data) && p.data[p.off] == ']' && idx == 0 {
			p.endList(l)
			return nil
		}
		if err := p.entry(key, l, idx); err != nil {
			return err
		}
		switch closed, err := p.sep(']'); {
		case err == errNoSep:
			return p.syntax(p.off, "expected ',' or ']' after %s[%d], found %s (a missing comma?)", key, idx, p.found(p.off))
		case err != nil:
			return err
		case closed:
			p.endList(l)
			return nil
		}
	}
}

func (p *parser) endList(l List) {
	if l == ListAllow {
		p.f.spans.allowClose = p.off
	}
	p.off++
}

// entry reads one entry of a list.
func (p *parser) entry(key string, l List, idx int) error {
	if p.off == len(p.data) {
		return p.eof()
	}
	start := p.off
	if p.data[p.off] != '"' {
		if p.data[p.off] == ']' {
			return p.syntax(p.off, "expected a value, found ']' (a trailing comma?)")
		}
		if err := p.skipValue(0); err != nil {
			return err
		}
		p.problem(start, key, idx, ErrNotString, "every entry must be a string such as \"Terminal(git status)\"")
		return nil
	}
	line, col := p.lt.at(start)
	s, err := p.str()
	if err != nil {
		return err
	}
	p.f.Lists[l] = append(p.f.Lists[l], Entry{Text: s, Line: line, Col: col, Index: idx})
	if l == ListAllow {
		p.f.spans.lastEntry = [2]int{start, p.off}
	}
	return nil
}

// compileRules parses every entry as a rule, recording each bad one.
func (p *parser) compileRules() {
	for li := range p.f.Lists {
		l := List(li)
		for _, e := range p.f.Lists[li] {
			r, err := ParseRule(e.Text)
			if err != nil {
				var pe *PatternError
				msg := err.Error()
				if errors.As(err, &pe) {
					msg = pe.Msg
				}
				p.add(func() error {
					return &LoadError{File: p.name, Line: e.Line, Col: e.Col, List: l.String(), Index: e.Index, Msg: msg, Err: ErrPattern}
				})
				continue
			}
			r.Source = Source{File: p.name, Line: e.Line, Col: e.Col, List: l, Index: e.Index}
			p.f.rules[li] = append(p.f.rules[li], r)
		}
	}
}

// joined returns the problems in file order, as an editor would list
// them: the only one itself, several joined.
func (p *parser) joined() error {
	if len(p.errs) == 1 {
		return p.errs[0]
	}
	sort.SliceStable(p.errs, func(i, j int) bool {
		a, b := p.errs[i].(*LoadError), p.errs[j].(*LoadError)
		return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
	})
	if p.more > 0 {
		p.errs = append(p.errs, &LoadError{File: p.name, Index: -1, Err: p.errs[len(p.errs)-1].(*LoadError).Err,
			Msg: fmt.Sprintf("%d more problems not shown; fix the ones above first", p.more)})
	}
	return errors.Join(p.errs...)
}
