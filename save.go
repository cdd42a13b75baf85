package permengine

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// ErrHardLinked is returned by AppendAllow for a policy file that has other
// hard links: replacing it by rename would give it a new identity and
// leave the other names with the old rules.
var ErrHardLinked = errors.New("the policy file has other hard links")

// Saver writes permissions files. The zero value is ready to use.
type Saver struct {
	// LockTimeout is how long to wait for another writer's lock;
	// DefaultLockTimeout when zero or negative.
	LockTimeout time.Duration
}

// AppendAllow adds rules to the allow list of the permissions file at path
// with the zero Saver. See Saver.AppendAllow.
func AppendAllow(path string, rules ...string) ([]string, error) {
	return Saver{}.AppendAllow(path, rules...)
}

// AppendAllow adds rules to the allow list of the permissions file at path.
//
// It is safe across processes: a symbolic link is followed to the file it
// names (the link stays a link), and the whole read-change-write holds an
// advisory lock on the file's lock file (the file's name plus LockSuffix,
// beside it), so writers in several processes at once lose no rule. The
// write is atomic: a temporary file in the same directory, synced, renamed
// over the file, and the directory synced, so a reader sees the old file
// or the new one, never a mix. The file keeps its mode; its other bytes
// (indentation, key order, "$schema") are kept wherever the rules can be
// inserted without rewriting them.
//
// Rules already in allow are skipped. A missing file is created. Nothing
// is written, and an error says why, when: a rule does not parse, the file
// is invalid or not a regular file, it has other hard links
// (ErrHardLinked), the result would be over MaxFileBytes (ErrTooLarge), or
// another writer held the lock past the timeout (ErrLockTimeout). No
// temporary file outlives the call, and ones a killed writer left are
// removed. It returns the rules actually added.
func (s Saver) AppendAllow(path string, rules ...string) ([]string, error) {
	for _, r := range rules {
		if _, err := ParseRule(r); err != nil {
			return nil, err
		}
	}
	target, err := resolvePolicyPath(path)
	if err != nil {
		return nil, err
	}
	lock, err := acquireLock(target+LockSuffix, s.lockTimeout())
	if err != nil {
		return nil, err
	}
	defer lock.release()
	removeStaleTemps(target)
	return appendLocked(target, rules)
}

func (s Saver) lockTimeout() time.Duration {
	if s.LockTimeout > 0 {
		return s.LockTimeout
	}
	return DefaultLockTimeout
}

// appendLocked is the read-change-write, under the lock.
func appendLocked(target string, rules []string) ([]string, error) {
	f, mode, err := readForAppend(target)
	if err != nil {
		return nil, err
	}
	added := f.newAllow(rules)
	if len(added) == 0 {
		return nil, nil
	}
	out, err := f.withAllow(added)
	if err != nil {
		return nil, err
	}
	if len(out) > MaxFileBytes {
		return nil, fmt.Errorf("%s: %w: with the new rules the file would be %d bytes, over the %s the loader reads; nothing was written",
			target, ErrTooLarge, len(out), HumanBytes(MaxFileBytes))
	}
	if err := writeAtomic(target, out, mode); err != nil {
		return nil, err
	}
	return added, nil
}

// readForAppend reads the file to change: a missing one is an empty File
// with mode 0644; one with other hard links or that is invalid is refused.
func readForAppend(target string) (*File, fs.FileMode, error) {
	data, err := ReadFileBounded(target, MaxFileBytes)
	if errors.Is(err, fs.ErrNotExist) {
		return &File{Name: target}, 0o644, nil
	}
	if err != nil {
		return nil, 0, err
	}
	fi, err := os.Stat(target)
	if err != nil {
		return nil, 0, err
	}
	if n := hardLinks(fi); n > 1 {
		return nil, 0, fmt.Errorf("%s: %w (%d names); replacing it would split them, so nothing was written: give the path of a file with one name, or a symbolic link to it",
			target, ErrHardLinked, n)
	}
	f, err := Parse(target, data)
	if err != nil {
		return nil, 0, fmt.Errorf("not changing an invalid file: %w", err)
	}
	return f, fi.Mode().Perm(), nil
}

// newAllow returns the rules not yet in allow, without duplicates, in
// order.
func (f *File) newAllow(rules []string) []string {
	have := map[string]bool{}
	for _, e := range f.Lists[ListAllow] {
		have[e.Text] = true
	}
	var added []string
	for _, r := range rules {
		if !have[r] {
			have[r] = true
			added = append(added, r)
		}
	}
	return added
}

// maxLinkHops bounds the symbolic links followed, as the kernel does.
const maxLinkHops = 40

// resolvePolicyPath follows symbolic links from path to the file they
// name, which may not exist yet; its directory must.
func resolvePolicyPath(path string) (string, error) {
	p := path
	for range maxLinkHops {
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return p, checkDir(path, p)
		}
		if err != nil {
			return "", err
		}
		if fi.Mode()&fs.ModeSymlink == 0 {
			return p, nil
		}
		dest, err := os.Readlink(p)
		if err != nil {
			return "", err
		}
		if !filepath.IsAbs(dest) {
			dir := filepath.Dir(p)
			if real, err := filepath.EvalSymlinks(dir); err == nil {
				dir = real
			}
			dest = filepath.Join(dir, dest)
		}
		p = dest
	}
	return "", fmt.Errorf("%s: more than %d symbolic links to follow", path, maxLinkHops)
}

// checkDir reports a policy file whose directory does not exist, naming
// the file asked for rather than a lock or temporary file.
func checkDir(path, target string) error {
	dir := filepath.Dir(target)
	fi, err := os.Stat(dir)
	switch {
	case err != nil:
		return fmt.Errorf("cannot write %s: its directory %s: %w", path, dir, unwrapPathError(err))
	case !fi.IsDir():
		return fmt.Errorf("cannot write %s: %s is not a directory", path, dir)
	}
	return nil
}

func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// tempPrefix is how a temporary file of target's writes is named.
func tempPrefix(target string) string {
	return "." + filepath.Base(target) + ".tmp-"
}

// removeStaleTemps removes the temporary files a killed writer left beside
// target. It runs under the lock, when no other writer can be using one.
func removeStaleTemps(target string) {
	dir, prefix := filepath.Dir(target), tempPrefix(target)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		if e.Type().IsRegular() && strings.HasPrefix(e.Name(), prefix) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// writeAtomic replaces path with data: temporary file in the same
// directory, fsync, rename, fsync of the directory. The temporary file is
// removed on every error.
func writeAtomic(path string, data []byte, mode fs.FileMode) (err error) {
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, tempPrefix(path)+"*")
	if err != nil {
		return fmt.Errorf("cannot write %s: %w", path, unwrapPathError(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
			err = fmt.Errorf("cannot write %s: %w", path, unwrapPathError(err))
		}
	}()
	if _, err = tmp.Write(data); err != nil {
		return err
	}
	if err = tmp.Chmod(mode); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return err
	}
	if err = tmp.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(dir)
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
