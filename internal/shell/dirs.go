package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/pathtext"
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
	home := false // target is a home directory's path: ~, ~/x, ~user/x
	if w[0] == "cd" && len(args) == i {
		target, home = "~", true // cd with no directory goes to $HOME
	}
	if w[0] != "popd" && len(args)-i == 1 {
		target = args[i]
		flagsKnown := len(s.Flags) == len(s.Words)
		if flagsKnown && s.Flags[len(s.Flags)-1]&WordTilde == 0 && strings.HasPrefix(target, "~") {
			target = "./" + target // a quoted ~ is a name: cd '~+/x'
		}
		if tilde := flagsKnown && s.Flags[len(s.Flags)-1]&WordTilde != 0; tilde && !stackTilde(target) {
			if rest, ok := strings.CutPrefix(target, "~+"); ok && (rest == "" || rest[0] == '/') {
				target = "." + rest // ~+ is the working directory
			} else {
				home = true
			}
		}
		s.CdComputed = strings.ContainsAny(target, "$`*?[{") && !worktreeRoot[target]
		known = target != "-" && !strings.HasPrefix(target, "~") && !strings.HasPrefix(target, "+") &&
			!strings.HasPrefix(target, "-") && !s.CdComputed
		// cd - goes to $OLDPWD and cd +N / -N to the directory stack:
		// places an earlier assignment or pushd may have chosen, a
		// protected one among them.
		if target == "-" || len(target) > 1 && (target[0] == '+' || target[0] == '-') || stackTilde(target) {
			s.CdComputed = true
		}
	}
	if w[0] == "popd" || w[0] == "pushd" && len(args)-i != 1 {
		// popd, and pushd with no directory (it swaps the top two of the
		// stack, which pushd -n or DIRSTACK[1]=… may have set) or with
		// options: a directory of the stack.
		s.CdComputed = true
	}
	var room [MaxDirs + 1]string
	cdTo := room[:0]
	switch {
	case known && strings.HasPrefix(target, "/") && len(s.Dirs) > 0:
		// Absolute: the same place from every directory.
		cdTo = append(cdTo, path.Clean(target))
	case home && !s.CdComputed && len(target) <= MaxDirBytes && strings.HasPrefix(path.Clean(target), "~"):
		// A home directory's path is kept as written (~/.git): it is
		// outside the scope, and the protected patterns still meet what
		// is written there (~/.git/config).
		cdTo = append(cdTo, path.Clean(target))
	case home:
		// ~/.. is /home or the root, a place the reading does not know
		// the name of (cleaned as text it would be ".", here).
		s.CdComputed = true
	default:
		for _, d := range s.Dirs {
			cdTo = addDir(cdTo, c.join(d, target, known))
		}
	}
	for _, d := range cdTo {
		if _, ok := DirHandle(d); ok {
			s.CdComputed = true // cd /dev/fd/3 after 3<.git: any directory
		}
	}
	if strings.Contains(target, "..") && cdClimbsFromHandle(target, s.Dirs) {
		s.CdComputed = true // cd /proc/self/cwd/..: the parent of wherever the shell is
	}
	s.CdTo = c.keepDirs(cdTo)
}

// cdClimbsFromHandle reports a cd target that climbs from a directory
// handle, from any of dirs (ClimbsFromHandle).
func cdClimbsFromHandle(target string, dirs []string) bool {
	if strings.HasPrefix(target, "/") {
		return ClimbsFromHandle(target)
	}
	for _, d := range dirs {
		if d != "" && ClimbsFromHandle(d+"/"+target) {
			return true
		}
	}
	return false
}

// stackTilde reports a word whose tilde prefix is the previous directory
// or a directory of the stack (~-, ~-/x, ~+2, ~1): $OLDPWD, or what pushd
// put there.
func stackTilde(w string) bool {
	return w == "~-" || strings.HasPrefix(w, "~-/") || StackTilde(w)
}

// MaxDirBytes bounds the length of a working directory the engine
// follows (a path of 256 bytes is deeper than projects go). A chain of cd
// commands could otherwise make each directory longer than the last, and
// the sets of them quadratic in the command; past the bound the directory
// is unknown, which is never inside the scope.
const MaxDirBytes = 256

// join is where "cd target" from d leads: "" (unknown) when d or the
// target is unknown, the result is longer than MaxDirBytes or the work
// budget is spent.
func (c *Command) join(d, target string, known bool) string {
	if !known || d == "" || len(d)+1+len(target) > MaxDirBytes || !c.spend(1+2*(len(d)+len(target))) {
		return ""
	}
	return pathtext.Join(d, target)
}

// keepDirs keeps a directory set in the command's arena, spending a unit
// per byte of the copy; out of work, where the shell is, is unknown.
func (c *Command) keepDirs(set []string) []string {
	if !c.spend(1 + 16*len(set)) {
		return unknownDirs
	}
	return c.a.keepDirs(set)
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

// DirHandle reports whether the clean absolute path p is, or goes
// through, a directory that the process reaches by a handle rather than a
// name: an open descriptor (/dev/fd/N, /dev/stdin, /proc/PID/fd/N: a
// command may open 3<.git) or a process's working or root directory
// (/proc/self/cwd, /proc/PID/root, their /task/TID forms). Such a
// directory may be any one, a protected one too. rest is what follows the
// handle ("hooks/pre-commit" of /dev/fd/3/hooks/pre-commit).
func DirHandle(p string) (rest string, ok bool) {
	switch {
	case strings.HasPrefix(p, "/dev/"):
		name, after, _ := strings.Cut(p[len("/dev/"):], "/")
		switch name {
		case "stdin", "stdout", "stderr":
			return after, true
		case "fd":
			if n, r, _ := strings.Cut(after, "/"); n != "" {
				return r, true
			}
		}
	case strings.HasPrefix(p, "/proc/"):
		parts := strings.Split(p[len("/proc/"):], "/")
		for i := 1; i < len(parts); i++ {
			switch parts[i] {
			case "cwd", "root":
				return strings.Join(parts[i+1:], "/"), true
			case "fd":
				if i+1 < len(parts) && parts[i+1] != "" {
					return strings.Join(parts[i+2:], "/"), true
				}
			}
		}
	}
	return "", false
}

// ClimbsFromHandle reports a path, read before any cleaning (an absolute
// word, or a directory and a relative word joined by a slash), in which
// ".." climbs from a directory handle or from inside one: the kernel
// resolves /dev/fd/3/.. from the directory descriptor 3 holds, which may
// be any directory (.git/objects, whose parent is .git), while cleaning
// the text gives /dev/fd, which holds no project file. The handles are
// DirHandle's.
func ClimbsFromHandle(p string) bool {
	if !strings.Contains(p, "..") {
		return false
	}
	var room [16]string
	stack := room[:0]
	handle := false // the components so far pass through a handle
	for p != "" {
		var c string
		c, p, _ = strings.Cut(p, "/")
		switch c {
		case "", ".":
			continue
		case "..":
			if handle {
				return true
			}
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			continue
		}
		stack = append(stack, c)
		handle = handle || handleEnds(stack)
	}
	return false
}

// handleEnds reports path components whose last one may be a directory
// handle of DirHandle's (/dev/stdin, /dev/fd/N, /proc/…/cwd, /proc/…/root,
// /proc/…/fd/N) or a link on the way to one: one step of
// ClimbsFromHandle, without joining the path. Every name under /dev and
// /proc counts: /dev/fd is a link to /proc/self/fd, so /dev/fd/../cwd is
// /proc/self/cwd, the working directory, where the text cleans to
// /dev/cwd; /proc/self is a link to /proc/PID.
func handleEnds(c []string) bool {
	return len(c) >= 2 && (c[0] == "dev" || c[0] == "proc")
}

// MayBeHandle is a cheap test before DirHandle: whether word w, read from
// any directory, may go through a directory handle or a directory of the
// shell's stack (~1/config after pushd .git).
func MayBeHandle(w string) bool {
	if w == "" {
		return false
	}
	switch w[0] {
	case '/':
		t := strings.TrimLeft(w, "/")
		return strings.HasPrefix(t, "dev/") || strings.HasPrefix(t, "proc/") || strings.Contains(w, "/.")
	case '~':
		return StackTilde(w) || len(w) > 1 && (w[1] == '+' || w[1] == '-') // ~+/…, ~-/…: a directory of the shell's
	}
	return HasParentStep(w) // ../../dev/fd/3, resolved against the directories
}

// HasParentStep reports whether path text w has a ".." component (a
// step to the parent directory); pkg/... and ..x have none.
func HasParentStep(w string) bool {
	for i := strings.Index(w, ".."); i >= 0; {
		end := i + 2
		if (i == 0 || w[i-1] == '/') && (end == len(w) || w[end] == '/') {
			return true
		}
		k := strings.Index(w[i+1:], "..")
		if k < 0 {
			return false
		}
		i += 1 + k
	}
	return false
}

// StackTilde reports a word whose tilde prefix names a directory of the
// shell's stack by number (~1, ~+2, ~-1, ~3/config): what pushd put there.
func StackTilde(w string) bool {
	if len(w) < 2 || w[0] != '~' {
		return false
	}
	prefix := w[1:]
	if i := strings.IndexByte(prefix, '/'); i >= 0 {
		prefix = prefix[:i]
	}
	return ascii.Digits(strings.TrimPrefix(strings.TrimPrefix(prefix, "+"), "-"))
}
