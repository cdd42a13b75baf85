package permengine

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// withAllow returns the file's bytes with rules appended to its allow
// list. Every other byte is kept: the rules go after the last entry (or
// into the empty list, or a new "allow" key goes after the last member),
// indented like their neighbours. A file that was never read, or one the
// insertion would not read back as the same lists, is written fresh by
// Render.
func (f *File) withAllow(rules []string) ([]byte, error) {
	want := f.plusAllow(rules)
	if f.data != nil {
		if out := f.splice(rules); out != nil {
			if got, err := parse(f.Name, out, false); err == nil && sameLists(got, want) {
				return out, nil
			}
		}
	}
	return want.Render()
}

// plusAllow is a copy of the file with rules appended to allow.
func (f *File) plusAllow(rules []string) *File {
	cp := *f
	cp.Lists[ListAllow] = slices.Clone(f.Lists[ListAllow])
	for _, r := range rules {
		cp.Lists[ListAllow] = append(cp.Lists[ListAllow], Entry{Text: r, Index: len(cp.Lists[ListAllow])})
	}
	cp.present[ListAllow] = true
	return &cp
}

func sameLists(a, b *File) bool {
	if a.Schema != b.Schema {
		return false
	}
	for l := range a.Lists {
		if !slices.EqualFunc(a.Lists[l], b.Lists[l], func(x, y Entry) bool { return x.Text == y.Text }) {
			return false
		}
	}
	return true
}

// splice inserts rules into the file's bytes, or returns nil where it
// cannot.
func (f *File) splice(rules []string) []byte {
	d, s := f.data, f.spans
	switch {
	case s.lastEntry[1] > 0: // after the last entry of allow
		sep := separator(d, s.lastEntry[0])
		return insert(d, s.lastEntry[1], ","+sep+strings.Join(quoteAll(rules), ","+sep))
	case s.allowOpen > 0: // into an empty allow list
		return replace(d, s.allowOpen+1, s.allowClose, listBody(d, s.allowKey, rules))
	case s.lastKey > 0: // a new "allow" after the last member
		sep := separator(d, s.lastKey)
		end := s.close
		for end > 0 && isJSONSpace(d[end-1]) {
			end--
		}
		return insert(d, end, ","+sep+`"allow": [`+listBody(d, s.lastKey, rules)+"]")
	}
	return nil
}

// separator is the white space that goes before a new item like the one
// starting at off: the line break and indentation before it when it
// starts a line, the spaces after the comma before it otherwise, and one
// space after an opening bracket.
func separator(d []byte, off int) string {
	start := off
	for start > 0 && isJSONSpace(d[start-1]) {
		start--
	}
	ws := string(d[start:off])
	if i := strings.LastIndexByte(ws, '\n'); i >= 0 {
		if i > 0 && ws[i-1] == '\r' {
			i--
		}
		return ws[i:]
	}
	if start > 0 && (d[start-1] == '[' || d[start-1] == '{') && ws == "" {
		return " "
	}
	return ws
}

// listBody is the inside of a new list of rules whose key starts at key:
// one rule per line, indented one step deeper than the key, when the key
// starts a line; on one line otherwise.
func listBody(d []byte, key int, rules []string) string {
	sep := separator(d, key)
	if !strings.Contains(sep, "\n") {
		return strings.Join(quoteAll(rules), ", ")
	}
	nl, indent := lineBreak(sep)
	step := indent
	if step == "" {
		step = "  "
	}
	inner := nl + indent + step
	return inner + strings.Join(quoteAll(rules), ","+inner) + nl + indent
}

// lineBreak splits a separator into its line break and indentation.
func lineBreak(sep string) (string, string) {
	i := strings.IndexByte(sep, '\n')
	return sep[:i+1], sep[i+1:]
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func insert(d []byte, at int, s string) []byte { return replace(d, at, at, s) }

func replace(d []byte, from, to int, s string) []byte {
	out := make([]byte, 0, len(d)+len(s))
	out = append(out, d[:from]...)
	out = append(out, s...)
	return append(out, d[to:]...)
}

func quoteAll(rules []string) []string {
	out := make([]string, len(rules))
	for i, r := range rules {
		out[i] = quoteJSON(r)
	}
	return out
}

// quoteJSON renders s as a JSON string, without escaping <, > and &.
func quoteJSON(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// Render writes the file back as JSON: keys in the order they were
// written ("$schema" first when present), one rule per line.
func (f *File) Render() ([]byte, error) {
	var b bytes.Buffer
	str := func(s string) error {
		b.WriteString(quoteJSON(s))
		return nil
	}
	keys := make([]string, 0, 4)
	if f.Schema != "" {
		keys = append(keys, "$schema")
	}
	for _, k := range f.order {
		if k != "$schema" && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	for _, k := range []string{"allow", "deny", "ask"} {
		if f.present[listKeys[k]] && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	b.WriteString("{")
	for i, k := range keys {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n  ")
		if err := str(k); err != nil {
			return nil, err
		}
		b.WriteString(": ")
		if k == "$schema" {
			if err := str(f.Schema); err != nil {
				return nil, err
			}
			continue
		}
		entries := f.Lists[listKeys[k]]
		if len(entries) == 0 {
			b.WriteString("[]")
			continue
		}
		b.WriteString("[")
		for j, e := range entries {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n    ")
			if err := str(e.Text); err != nil {
				return nil, err
			}
		}
		b.WriteString("\n  ]")
	}
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}
