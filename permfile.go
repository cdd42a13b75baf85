package permengine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"unicode/utf8"
)

// MaxFileBytes is the largest permissions.json the loader reads.
const MaxFileBytes = 1 << 20

// Sentinel errors of the loader. Every *LoadError wraps exactly one of them
// (or ErrPattern for a rule that does not parse), for errors.Is.
var (
	ErrEmptyFile    = errors.New("empty file")
	ErrTooLarge     = errors.New("file too large")
	ErrInvalidUTF8  = errors.New("invalid UTF-8")
	ErrSyntax       = errors.New("JSON syntax error")
	ErrNotObject    = errors.New("not a JSON object")
	ErrUnknownKey   = errors.New("unknown key")
	ErrDuplicateKey = errors.New("duplicate key")
	ErrNotList      = errors.New("not a list of strings")
	ErrNullList     = errors.New("null list")
	ErrNotString    = errors.New("entry is not a string")
	ErrTrailingData = errors.New("trailing data")
)

// LoadError is one problem in a permissions file, with its position.
type LoadError struct {
	File  string // the file name as given
	Line  int    // 1-based; 0 when the problem is the whole file
	Col   int    // 1-based byte column
	List  string // "allow", "deny", "ask" or "" when not inside a list
	Index int    // the entry's index in its list, or -1
	Msg   string // what is wrong and what to do
	Err   error  // the sentinel
}

// Error renders "permissions.json:4:5: deny[1]: unknown label …".
func (e *LoadError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Col)
	}
	b.WriteString(": ")
	if e.List != "" && e.Index >= 0 {
		fmt.Fprintf(&b, "%s[%d]: ", e.List, e.Index)
	} else if e.List != "" {
		fmt.Fprintf(&b, "%s: ", e.List)
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the sentinel.
func (e *LoadError) Unwrap() error { return e.Err }

// Entry is one rule string of a file with its position.
type Entry struct {
	Text  string
	Line  int
	Col   int
	Index int
}

// File is a parsed, validated permissions.json.
type File struct {
	Name    string
	Schema  string
	Lists   [3][]Entry // indexed by List
	present [3]bool    // whether the key was written
	order   []string   // the keys in the order written
	rules   [3][]*Rule
}

var listKeys = map[string]List{"deny": ListDeny, "ask": ListAsk, "allow": ListAllow}

// Parse reads and validates the bytes of a permissions file. name is used
// in errors and rule sources. Every rule is parsed; all problems in rules are
// reported together (errors.Join of *LoadError), structural problems stop at
// the first.
func Parse(name string, data []byte) (*File, error) {
	fail := func(line, col int, list string, idx int, sentinel error, format string, args ...any) (*File, error) {
		return nil, &LoadError{File: name, Line: line, Col: col, List: list, Index: idx, Msg: fmt.Sprintf(format, args...), Err: sentinel}
	}
	if len(data) == 0 {
		return fail(0, 0, "", -1, ErrEmptyFile, "the file is empty (0 bytes); write {} for a policy with no rules, or delete the file")
	}
	if len(data) > MaxFileBytes {
		return fail(0, 0, "", -1, ErrTooLarge, "the file is %d bytes, over the %d-byte limit", len(data), MaxFileBytes)
	}
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, size := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			off += size
		}
		l, c := lineCol(data, off)
		return fail(l, c, "", -1, ErrInvalidUTF8, "invalid UTF-8 byte 0x%02x; save the file as UTF-8", data[off])
	}
	f := &File{Name: name}
	dec := json.NewDecoder(bytes.NewReader(data))
	syntaxErr := func(err error) (*File, error) {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			l, c := lineCol(data, int(se.Offset))
			return fail(l, c, "", -1, ErrSyntax, "JSON syntax error: %s (a trailing comma or a missing quote?)", se.Error())
		}
		if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
			l, c := lineCol(data, len(data))
			return fail(l, c, "", -1, ErrSyntax, "unexpected end of file: a bracket, brace or string is not closed")
		}
		return fail(0, 0, "", -1, ErrSyntax, "JSON syntax error: %v", err)
	}
	start := tokenStart(data, 0)
	tok, err := dec.Token()
	if err != nil {
		return syntaxErr(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		l, c := lineCol(data, start)
		return fail(l, c, "", -1, ErrNotObject, `the file must be a JSON object such as {"allow": [], "deny": [], "ask": []}`)
	}
	seen := map[string][2]int{}
	lt := &lineTracker{data: data}
	for dec.More() {
		keyOff := tokenStart(data, int(dec.InputOffset()))
		kl, kc := lt.at(keyOff)
		tok, err := dec.Token()
		if err != nil {
			return syntaxErr(err)
		}
		key, _ := tok.(string)
		if prev, dup := seen[key]; dup {
			return fail(kl, kc, "", -1, ErrDuplicateKey, "key %q appears again (first at line %d:%d); JSON decoders keep only the last one, so merge the two", key, prev[0], prev[1])
		}
		seen[key] = [2]int{kl, kc}
		f.order = append(f.order, key)
		valOff := tokenStart(data, int(dec.InputOffset()))
		vl, vc := lt.at(valOff)
		if key == "$schema" {
			tok, err := dec.Token()
			if err != nil {
				return syntaxErr(err)
			}
			s, ok := tok.(string)
			if !ok {
				return fail(vl, vc, "", -1, ErrNotString, "$schema must be a string (the URL or path of the JSON Schema)")
			}
			f.Schema = s
			continue
		}
		l, ok := listKeys[key]
		if !ok {
			hint := ""
			if near := nearestKey(key); near != "" {
				hint = fmt.Sprintf(" (did you mean %q?)", near)
			}
			return fail(kl, kc, "", -1, ErrUnknownKey, "unknown key %q%s; the file has only \"allow\", \"deny\", \"ask\" and \"$schema\"", key, hint)
		}
		f.present[l] = true
		tok, err = dec.Token()
		if err != nil {
			return syntaxErr(err)
		}
		if tok == nil {
			return fail(vl, vc, key, -1, ErrNullList, "null is not a list; write [] for an empty list")
		}
		if d, ok := tok.(json.Delim); !ok || d != '[' {
			return fail(vl, vc, key, -1, ErrNotList, "must be a list of strings such as [\"Terminal(git status)\"]")
		}
		idx := 0
		for dec.More() {
			eOff := tokenStart(data, int(dec.InputOffset()))
			el, ec := lt.at(eOff)
			tok, err := dec.Token()
			if err != nil {
				return syntaxErr(err)
			}
			s, ok := tok.(string)
			if !ok {
				return fail(el, ec, key, idx, ErrNotString, "every entry must be a string such as \"Terminal(git status)\"")
			}
			f.Lists[l] = append(f.Lists[l], Entry{Text: s, Line: el, Col: ec, Index: idx})
			idx++
		}
		if _, err := dec.Token(); err != nil { // ']'
			return syntaxErr(err)
		}
	}
	if _, err := dec.Token(); err != nil { // '}'
		return syntaxErr(err)
	}
	if rest := tokenStart(data, int(dec.InputOffset())); rest < len(data) {
		l, c := lineCol(data, rest)
		return fail(l, c, "", -1, ErrTrailingData, "data after the closing brace; a file holds one JSON object")
	}
	var errs []error
	for li := range f.Lists {
		l := List(li)
		for _, e := range f.Lists[li] {
			r, err := ParseRule(e.Text)
			if err != nil {
				var pe *PatternError
				msg := err.Error()
				if errors.As(err, &pe) {
					msg = pe.Msg
				}
				errs = append(errs, &LoadError{File: name, Line: e.Line, Col: e.Col, List: l.String(), Index: e.Index, Msg: msg, Err: ErrPattern})
				continue
			}
			r.Source = Source{File: name, Line: e.Line, Col: e.Col, List: l, Index: e.Index}
			f.rules[li] = append(f.rules[li], r)
		}
	}
	if len(errs) > 0 {
		// Report in file order, as an editor would list them.
		sort.SliceStable(errs, func(i, j int) bool {
			a, b := errs[i].(*LoadError), errs[j].(*LoadError)
			return a.Line < b.Line || a.Line == b.Line && a.Col < b.Col
		})
		return nil, errors.Join(errs...)
	}
	return f, nil
}

// tokenStart skips JSON white space and separators from off.
func tokenStart(data []byte, off int) int {
	for off < len(data) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
		default:
			return off
		}
	}
	return off
}

// lineTracker converts increasing byte offsets to line and column without
// rescanning the file from the start each time (a file of 10,000 rules
// would otherwise cost quadratic time).
type lineTracker struct {
	data      []byte
	off, line int
	lineStart int
}

func (t *lineTracker) at(off int) (int, int) {
	if off < t.off || t.line == 0 {
		t.off, t.line, t.lineStart = 0, 1, 0
	}
	if off > len(t.data) {
		off = len(t.data)
	}
	for i := t.off; i < off; i++ {
		if t.data[i] == '\n' {
			t.line++
			t.lineStart = i + 1
		}
	}
	t.off = off
	return t.line, off - t.lineStart + 1
}

// lineCol converts a byte offset to a 1-based line and byte column.
func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := off - bytes.LastIndexByte(data[:off], '\n')
	return line, col
}

func nearestKey(k string) string {
	best, bestD := "", 3
	for _, c := range []string{"allow", "deny", "ask", "$schema"} {
		if strings.EqualFold(c, k) {
			return c
		}
		if d := editDistance(strings.ToLower(k), c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// Rules returns the compiled rules of one list, in file order.
func (f *File) Rules(l List) []*Rule {
	if f == nil || l > ListAllow {
		return nil
	}
	return f.rules[l]
}

// ReadFile reads and parses a permissions file. A missing file is an empty
// File (the absence of a rule never becomes a permission); any other read
// problem is an error.
func ReadFile(path string) (*File, error) {
	data, err := readLimited(path)
	if errors.Is(err, fs.ErrNotExist) {
		return &File{Name: path}, nil
	}
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// readLimited reads at most one byte more than MaxFileBytes, so that Parse
// can refuse a file that is too large without reading all of it.
func readLimited(path string) ([]byte, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	return io.ReadAll(io.LimitReader(fh, MaxFileBytes+1))
}

// LoadFile reads one permissions.json and compiles it.
func LoadFile(path string) (*Policy, error) {
	f, err := ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Combine(f)
}

// LoadLayers reads several files (lowest first, e.g. user-global, project,
// session) and combines them. Any file's error fails the whole load.
func LoadLayers(paths ...string) (*Policy, error) {
	files := make([]*File, 0, len(paths))
	var errs []error
	for _, p := range paths {
		f, err := ReadFile(p)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		files = append(files, f)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return Combine(files...)
}

// Combine builds one Policy from parsed files. deny > ask > allow holds
// across files: a deny in any layer beats an allow in any other. Reasons
// name each rule's file.
func Combine(files ...*File) (*Policy, error) {
	srcs := make([]sourceRules, 0, len(files))
	for _, f := range files {
		if f == nil {
			continue
		}
		var sr sourceRules
		sr.file = f.Name
		for li := range f.rules {
			for _, r := range f.rules[li] {
				cp := *r
				sr.rules = append(sr.rules, &cp)
			}
		}
		srcs = append(srcs, sr)
	}
	return build(srcs, Extensions{})
}
