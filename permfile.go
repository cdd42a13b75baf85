package permengine

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strings"
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
	// ErrByteOrderMark: the file starts with a UTF-8 byte-order mark,
	// which JSON does not allow.
	ErrByteOrderMark = errors.New("byte-order mark")
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
	data    []byte    // the bytes parsed, which AppendAllow edits in place
	spans   fileSpans // where AppendAllow inserts
}

// fileSpans are byte offsets in a parsed file, for inserting rules without
// rewriting the rest of it. An offset is 0 when the thing is absent (no
// offset of interest can be 0: the file starts with '{').
type fileSpans struct {
	close      int    // the object's '}'
	lastKey    int    // the first byte of the last key
	allowKey   int    // the first byte of the "allow" key
	allowOpen  int    // the allow list's '['
	allowClose int    // the allow list's ']'
	lastEntry  [2]int // the allow list's last entry, start and end
}

var listKeys = map[string]List{"deny": ListDeny, "ask": ListAsk, "allow": ListAllow}

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
	data, err := ReadFileBounded(path, MaxFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return &File{Name: path}, nil
	}
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
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
