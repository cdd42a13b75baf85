package watch

import (
	"os"
	"path/filepath"
	"strings"
)

// The names a policy file depends on. Resolving /etc/app/permissions.json
// looks up names in directories: "permissions.json" in /etc/app, and, when
// that is a symbolic link (as in a Kubernetes ConfigMap, where it points
// into "..data", itself a link to a timestamped directory), every name the
// links lead through. A change to any of these names can change what the
// path reads, so each is watched: the directory holding it is watched, and
// events are kept for these names only. The directory holding the file is
// also watched from its own parent, so that the directory being removed,
// recreated or moved is seen.

// maxHops bounds the symbolic links followed, as the kernel does.
const maxHops = 40

// name is one name looked up in one directory.
type name struct{ dir, base string }

// interest is what a set of paths depends on: the names, and the
// directories to watch for them.
type interest struct {
	names map[name]bool
	dirs  map[string]bool
	hops  int // links followed for the path being walked
}

func newInterest() *interest {
	return &interest{names: map[name]bool{}, dirs: map[string]bool{}}
}

// add records that base in dir matters; dir is watched.
func (in *interest) add(dir, base string) {
	in.names[name{dir, base}] = true
	in.dirs[dir] = true
}

// matters reports whether an event on path concerns a name of interest.
func (in *interest) matters(path string) bool {
	return in.names[name{filepath.Dir(path), filepath.Base(path)}]
}

// interestOf walks every path as the kernel would resolve it and records
// the names it depends on.
func interestOf(paths []string) *interest {
	in := newInterest()
	for _, p := range paths {
		in.hops = 0
		in.walk(p)
	}
	return in
}

// walk resolves the absolute path p component by component, following
// symbolic links, and records the links, the file (or the first missing
// name) and the file's directory as a name in its parent.
func (in *interest) walk(p string) {
	todo := splitPath(p)
	cur := "/"
	for len(todo) > 0 {
		c := todo[0]
		todo = todo[1:]
		switch c {
		case "", ".":
			continue
		case "..":
			cur = filepath.Dir(cur)
			continue
		}
		next := filepath.Join(cur, c)
		fi, err := os.Lstat(next)
		if err != nil || len(todo) == 0 {
			in.leaf(cur, c)
			return
		}
		if fi.Mode()&os.ModeSymlink != 0 && in.hops < maxHops {
			in.hops++
			in.add(cur, c)
			target, err := os.Readlink(next)
			if err != nil {
				return
			}
			if filepath.IsAbs(target) {
				cur = "/"
			}
			todo = append(splitPath(target), todo...)
			continue
		}
		cur = next
	}
}

// leaf records the last name looked up (the file, a link to follow, or the
// first missing name) and its directory as a name in the parent.
func (in *interest) leaf(dir, base string) {
	in.add(dir, base)
	if dir != "/" {
		in.add(filepath.Dir(dir), filepath.Base(dir))
	}
	next := filepath.Join(dir, base)
	if fi, err := os.Lstat(next); err == nil && fi.Mode()&os.ModeSymlink != 0 && in.hops < maxHops {
		in.hops++
		// The file itself is a link: follow it too.
		in.walkFrom(next)
	}
}

// walkFrom follows the link at p to what it names.
func (in *interest) walkFrom(p string) {
	target, err := os.Readlink(p)
	if err != nil {
		return
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(p), target)
	}
	in.walk(target)
}

func splitPath(p string) []string {
	return strings.Split(filepath.ToSlash(p), "/")
}
