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
	if s.Bits&programs.Cd == 0 {
		if s.Bits&programs.Assignment == 0 && w[0] != "builtin" && w[0] != "command" {
			return
		}
		w = cdWords(w)
		if len(w) == 0 || programs.BitsOf(w[0])&programs.Cd == 0 {
			return
		}
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
		s.CdComputed = strings.ContainsAny(target, "$`*?[{") && !worktreeRoot[target]
		known = target != "-" && !strings.HasPrefix(target, "~") && !strings.HasPrefix(target, "+") &&
			!strings.HasPrefix(target, "-") && !s.CdComputed
	}
	var room [MaxDirs + 1]string
	cdTo := room[:0]
	if known && strings.HasPrefix(target, "/") && len(s.Dirs) > 0 {
		// Absolute: the same place from every directory.
		cdTo = append(cdTo, path.Clean(target))
	} else {
		for _, d := range s.Dirs {
			if !known || d == "" {
				cdTo = addDir(cdTo, "")
			} else {
				cdTo = addDir(cdTo, path.Join(d, target))
			}
		}
	}
	s.CdTo = c.a.keepDirs(cdTo)
}

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
	if len(b) == 0 || slices.Equal(a, b) {
		return a
	}
	var room [2 * (MaxDirs + 1)]string
	out := append(room[:0], a...)
	for _, d := range b {
		out = addDir(out, d)
	}
	return c.a.keepDirs(out)
}

// cdWords drops what may stand before a cd and still leave it the shell's
// own: leading assignments (X=1 cd .git moves the shell), builtin and
// command with their options (command -p cd). It returns nil for command
// -v and -V, which run nothing.
func cdWords(w []string) []string {
	for len(w) > 0 && programs.IsAssignment(w[0]) {
		w = w[1:]
	}
	for len(w) > 1 && (w[0] == "builtin" || w[0] == "command") {
		w = w[1:]
		for len(w) > 1 && len(w[0]) > 1 && w[0][0] == '-' {
			if w[0] == "--" {
				w = w[1:]
				break
			}
			if strings.ContainsAny(w[0], "vV") {
				return nil
			}
			w = w[1:]
		}
	}
	return w
}

// noteMoves records, on segment idx, the directories the shell may be in
// after the script it ran itself, whose segments start at before.
func (c *Command) noteMoves(idx, before int) {
	moves := c.Segs[idx].Moves
	if moves == nil {
		moves = c.Segs[idx].Dirs
	}
	for _, t := range c.Segs[before:] {
		if t.Cd {
			moves = c.unionDirs(moves, t.CdTo)
		}
	}
	c.Segs[idx].Moves = moves
}

// worktreeRoot are cd targets computed at run time that name the top of
// the git work tree: never a protected directory (git refuses inside .git).
var worktreeRoot = map[string]bool{
	"$(git rev-parse --show-toplevel)": true, "`git rev-parse --show-toplevel`": true,
}
