package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/programs"
)

// markCd records, for a cd-like segment, where it moves the shell. An
// unknown destination ("") is never inside the scope.
func (c *Command) markCd(s *Segment) {
	w := s.Words
	if len(w) == 0 {
		return
	}
	if !s.hasBits {
		s.Bits, s.hasBits = programs.WordBits(w[0]), true
	}
	bits := s.Bits
	if len(w) > 1 && (w[0] == "builtin" || w[0] == "command") {
		w = w[1:]
		bits = programs.BitsOf(w[0])
	}
	if bits&programs.Cd == 0 {
		return
	}
	s.Cd = true
	args := w[1:]
	var target string
	known := false
	i := 0
	for i < len(args) && len(args[i]) > 1 && args[i][0] == '-' && args[i] != "--" && w[0] != "pushd" {
		i++
	}
	if i < len(args) && args[i] == "--" {
		i++
	}
	if w[0] != "popd" && len(args)-i == 1 {
		target = args[i]
		known = target != "-" && !strings.HasPrefix(target, "~") && !strings.HasPrefix(target, "+") &&
			!strings.HasPrefix(target, "-") && !strings.ContainsAny(target, "$`*?[")
	}
	var room [MaxDirs + 1]string
	cdTo := room[:0]
	if known && strings.HasPrefix(target, "/") && len(s.Dirs) > 0 {
		// Absolute: the same place from every directory.
		cdTo = append(cdTo, path.Clean(target))
	} else {
		for _, d := range s.Dirs {
			cdTo = addDir(cdTo, c.join(d, target, known))
		}
	}
	s.CdTo = c.keepDirs(cdTo)
}

// MaxDirBytes bounds the length of a working directory the engine
// follows (a path of 256 bytes is deeper than projects go). A chain of cd commands could otherwise make each directory
// longer than the last, and the sets of them quadratic in the command;
// past the bound the directory is unknown, which is never inside the
// scope.
const MaxDirBytes = 256

// join is where "cd target" from d leads: "" (unknown) when d or the
// target is unknown, the result is longer than MaxDirBytes or the work
// budget is spent.
func (c *Command) join(d, target string, known bool) string {
	if !known || d == "" || len(d)+1+len(target) > MaxDirBytes || !c.spend(1+2*(len(d)+len(target))) {
		return ""
	}
	return path.Join(d, target)
}

// keepDirs copies a directory set into the command's arena; like every
// arena slice, it lives until the command is released.
func (c *Command) keepDirs(set []string) []string {
	if !c.spend(1 + 16*len(set)) { // a unit per byte of the copy
		return unknownDirs // out of work: where the shell is, is unknown
	}
	k := len(c.a.dirs)
	c.a.dirs = append(c.a.dirs, set...)
	return c.a.dirs[k:len(c.a.dirs):len(c.a.dirs)]
}

// unknownDirs is the set of one unknown directory; it is never modified.
var unknownDirs = []string{""}

// addDir adds d to a directory set, which holds at most MaxDirs places and
// then one "unknown".
func addDir(set []string, d string) []string {
	for _, x := range set {
		if x == d {
			return set
		}
	}
	if len(set) >= MaxDirs {
		// Too many places to follow: one of them is "unknown".
		for _, x := range set {
			if x == "" {
				return set
			}
		}
		return append(set, "")
	}
	return append(set, d)
}

// unionDirs returns the places either a or b may leave the shell in: after
// "x && y" or "x || y" the next statement starts from one of them.
func (c *Command) unionDirs(a, b []string) []string {
	if len(b) == 0 || slices.Equal(a, b) || subset(b, a) {
		return a
	}
	var room [2 * (MaxDirs + 1)]string
	out := append(room[:0], a...)
	for _, d := range b {
		out = addDir(out, d)
	}
	return c.keepDirs(out)
}

// subset reports whether every directory of b is in a: then their union is
// a, and no new set is made.
func subset(b, a []string) bool {
	for _, d := range b {
		if !slices.Contains(a, d) {
			return false
		}
	}
	return true
}
