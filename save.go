package permengine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"
)

// fileLocks serializes appends to one file within this process: two
// "always allow" clicks at once must not lose a rule.
var fileLocks sync.Map // absolute path → *sync.Mutex

func lockFile(path string) func() {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	m, _ := fileLocks.LoadOrStore(abs, &sync.Mutex{})
	mu := m.(*sync.Mutex)
	mu.Lock()
	return mu.Unlock
}

// AppendAllow adds rules to the allow list of the permissions file at path,
// atomically: the new file is written to a temporary file in the same
// directory, synced, renamed over the old one, and the directory is synced,
// so a reader sees the old file or the new one, never a mix. Rules already
// in allow are skipped; the order of the lists and of the rules already
// there is kept, and the output has one rule per line. A missing file is
// created. The file must be valid and every rule must parse; otherwise
// nothing is written. It returns the rules actually added.
func AppendAllow(path string, rules ...string) ([]string, error) {
	for _, r := range rules {
		if _, err := ParseRule(r); err != nil {
			return nil, err
		}
	}
	unlock := lockFile(path)
	defer unlock()

	mode := fs.FileMode(0o644)
	var f *File
	data, err := ReadFileBounded(path, MaxFileBytes)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		f = &File{Name: path}
	case err != nil:
		return nil, err
	default:
		if fi, err := os.Stat(path); err == nil {
			mode = fi.Mode().Perm()
		}
		if f, err = Parse(path, data); err != nil {
			return nil, fmt.Errorf("not changing an invalid file: %w", err)
		}
	}
	have := map[string]bool{}
	for _, e := range f.Lists[ListAllow] {
		have[e.Text] = true
	}
	var added []string
	for _, r := range rules {
		if !have[r] {
			have[r] = true
			added = append(added, r)
			f.Lists[ListAllow] = append(f.Lists[ListAllow], Entry{Text: r, Index: len(f.Lists[ListAllow])})
		}
	}
	if len(added) == 0 {
		return nil, nil
	}
	f.present[ListAllow] = true
	out, err := f.Render()
	if err != nil {
		return nil, err
	}
	if err := writeAtomic(path, out, mode); err != nil {
		return nil, err
	}
	return added, nil
}

// Render writes the file back as JSON: keys in the order they were
// written ("$schema" first when present), one rule per line.
func (f *File) Render() ([]byte, error) {
	var b bytes.Buffer
	str := func(s string) error {
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(s); err != nil {
			return err
		}
		b.Truncate(b.Len() - 1) // Encode adds a newline
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

// writeAtomic replaces path with data: temporary file in the same
// directory, fsync, rename, fsync of the directory.
func writeAtomic(path string, data []byte, mode fs.FileMode) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			os.Remove(tmp.Name())
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
