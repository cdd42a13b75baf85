// Package paths is the engine's path logic: validating a scope root,
// deciding lexically whether a path is inside it, and the protected paths
// (the policy file, git hooks, shell start-up files, agents' and editors'
// configuration) with the prefilters that let most words skip the globs.
// It never touches the file system: symbolic links are not followed.
package paths

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/pathtext"
	"github.com/permengine/permengine/internal/shell"
)

// ErrScopeRoot is the sentinel of every invalid scope root.
var ErrScopeRoot = errors.New("invalid scope root")

// systemDirs may never be a scope root: a project there would put the
// whole system in scope.
var systemDirs = map[string]bool{
	"/bin": true, "/boot": true, "/dev": true, "/etc": true, "/home": true, "/lib": true,
	"/lib32": true, "/lib64": true, "/libx32": true, "/media": true, "/mnt": true, "/opt": true,
	"/proc": true, "/root": true, "/run": true, "/sbin": true, "/srv": true, "/sys": true,
	"/tmp": true, "/usr": true, "/var": true, "/Users": true, "/System": true, "/Library": true,
	"/Applications": true, "/private": true, "/Volumes": true, "/snap": true, "/nix": true,
}

// ValidateScopeRoot checks a scope root the way Decide does: absolute,
// already clean, no "..", not "/" and not a top-level system directory. The
// error wraps ErrScopeRoot and says what to fix.
func ValidateScopeRoot(root string) error {
	if cleanAbsRoot(root) {
		return nil
	}
	return validateScopeRoot(root)
}

// cleanAbsRoot is the common case, checked without allocating: absolute,
// clean, no "." or ".." component, not a system directory.
func cleanAbsRoot(root string) bool {
	if len(root) < 2 || root[0] != '/' || root[len(root)-1] == '/' {
		return false
	}
	top := true // one component: maybe a system directory
	for i := 1; i < len(root); i++ {
		c := root[i]
		if c < 0x20 || c == 0x7f {
			return false
		}
		if c == '/' {
			if root[i-1] == '/' {
				return false
			}
			top = false
		}
		if c == '.' && root[i-1] == '/' && (i+1 == len(root) || root[i+1] == '/' || root[i+1] == '.' && (i+2 == len(root) || root[i+2] == '/')) {
			return false
		}
	}
	return !top || !systemDirs[root]
}

func validateScopeRoot(root string) error {
	fail := func(why string) error { return fmt.Errorf("%w %q: %s", ErrScopeRoot, root, why) }
	switch {
	case root == "":
		return fail("empty")
	case !strings.HasPrefix(root, "/"):
		return fail("not absolute")
	case containsDotDot(root):
		return fail(`contains ".."`)
	case path.Clean(root) != root:
		return fail("not clean (write " + path.Clean(root) + ")")
	case root == "/":
		return fail(`"/" would put the whole machine in scope`)
	case systemDirs[root]:
		return fail("a top-level system directory cannot be a project")
	case strings.ContainsAny(root, "\x00\n"):
		return fail("contains a NUL or newline")
	}
	return nil
}

func containsDotDot(p string) bool {
	for len(p) > 0 {
		i := strings.IndexByte(p, '/')
		c := p
		if i >= 0 {
			c, p = p[:i], p[i+1:]
		} else {
			p = ""
		}
		if c == ".." {
			return true
		}
	}
	return false
}

// Inside reports whether the clean absolute path p is root or below it.
// The path may be held in bytes (JoinedInside): comparing them with a
// string does not copy them.
func Inside[P ~string | ~[]byte](p P, root string) bool {
	return string(p) == root || len(p) > len(root) && p[len(root)] == '/' && string(p[:len(root)]) == root
}

// joinedInside is Inside(pathtext.Join(dir, rel), root) for an absolute dir,
// without making the joined path: it is cleaned in a buffer on the stack.
func JoinedInside(dir, rel, root string) bool {
	var buf [256]byte
	if dir == "" || dir[0] != '/' || len(dir)+1+len(rel) > len(buf) {
		return Inside(pathtext.Join(dir, rel), root)
	}
	b := append(append(append(buf[:0], dir...), '/'), rel...)
	return Inside(cleanRooted(b), root)
}

// cleanRooted is path.Clean for a path that starts with '/', done in
// place: the cleaned path is never longer than what has been read of it.
func cleanRooted(p []byte) []byte {
	n := len(p)
	r, w := 1, 1 // p[0] is the root's '/'
	for r < n {
		switch {
		case p[r] == '/':
			r++
		case p[r] == '.' && (r+1 == n || p[r+1] == '/'):
			r++
		case p[r] == '.' && p[r+1] == '.' && (r+2 == n || p[r+2] == '/'):
			r += 2
			if w > 1 { // back up to the previous '/'; ".." of the root is the root
				w--
				for w > 1 && p[w] != '/' {
					w--
				}
			}
		default:
			if w != 1 {
				p[w] = '/'
				w++
			}
			for ; r < n && p[r] != '/'; r++ {
				p[w] = p[r]
				w++
			}
		}
	}
	return p[:w]
}

// devNobody are the only device paths that are nobody's file.
var devNobody = map[string]bool{"/dev/null": true, "/dev/stdin": true, "/dev/stdout": true, "/dev/stderr": true}

// Problem says why word w, read from directories dirs, is outside the
// scope; "" when it is inside or not a path.
func Problem(w string, flags uint8, dirs []string, sc Scope, redirect bool) string {
	if !redirect && flags&(shell.WordTilde|shell.WordExpSlash|shell.WordDotGlob) == 0 && !mayBePath(w) {
		return ""
	}
	if why := OneProblem(w, flags, dirs, sc, redirect); why != "" {
		return why
	}
	// The value of --opt=/x or VAR=/x is a path too, and so is the value
	// of --opt=KEY=/x (pytest --override-ini=log_file=/x).
	for _, v := range eqValues(w) {
		if v == "" {
			break
		}
		if why := valueProblem(v, flags, dirs, sc); why != "" {
			return why
		}
	}
	// So is a value attached to a short option: -o/tmp/x, -f../mk,
	// -i'/tmp/*' (sed's backup), from its first '/', '~' or '.'.
	if !redirect && len(w) > 2 && w[0] == '-' && w[1] != '-' {
		if k := strings.IndexAny(w[2:], "/~."); k >= 0 {
			return valueProblem(w[2+k:], flags, dirs, sc)
		}
	}
	return ""
}

// eqValues returns the value after w's first '=' (--opt=VALUE, VAR=VALUE)
// and the value after the next '=' in it (--opt=KEY=VALUE), each "" when
// there is none or it is empty: the values both path checks read as paths.
func eqValues(w string) [2]string {
	var vs [2]string
	for n := range vs {
		i := strings.IndexByte(w, '=')
		if i < 0 || i == len(w)-1 {
			break
		}
		w = w[i+1:]
		vs[n] = w
	}
	return vs
}

// valueProblem is OneProblem for the value part of a word: a tilde at its
// start is a home directory's.
func valueProblem(v string, flags uint8, dirs []string, sc Scope) string {
	var vf uint8
	if strings.HasPrefix(v, "~") {
		vf |= shell.WordTilde
	}
	return OneProblem(v, vf|flags&^shell.WordTilde, dirs, sc, false)
}

// OneProblem is Problem for w alone, without the value after a '='.
func OneProblem(w string, flags uint8, dirs []string, sc Scope, redirect bool) string {
	switch {
	case w == "":
		return ""
	case flags&shell.WordTilde != 0 || strings.HasPrefix(w, "~"):
		return "starts with ~, a home directory outside the scope"
	case flags&shell.WordExpSlash != 0:
		// The parser knows where a '/' follows an expansion; quoted text
		// such as '$HOME/x' is data, and ${x/a/b} holds no path.
		return "a path built from a variable or substitution, whose place cannot be known"
	}
	if w[0] == '/' {
		p := path.Clean(w)
		if devNobody[p] {
			return ""
		}
		if p == "/dev" || strings.HasPrefix(p, "/dev/") {
			return "a device outside the scope"
		}
		if !sc.Contains(p) {
			return "outside the scope " + sc.String()
		}
		return ""
	}
	dotdot := strings.Contains(w, "..") || flags&shell.WordDotGlob != 0
	if !dotdot && !redirect {
		return ""
	}
	rel := w
	if flags&shell.WordDotGlob != 0 {
		rel = dotGlobAsParent(w)
	}
	for _, d := range dirs {
		if d == "" {
			return "relative to a directory that cannot be known"
		}
		if !sc.JoinedContains(d, rel) {
			return "resolves outside the scope " + sc.String()
		}
	}
	return ""
}

// mayBePath reports a word that the path checks need to look at: one with
// '/', '~', '$', '`' or "..". Words like -la, status or x.go are not.
func mayBePath(w string) bool {
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '/', '~', '$', '`':
			return true
		case '.':
			if i+1 < len(w) && w[i+1] == '.' {
				return true
			}
		}
	}
	return false
}

// dotGlobAsParent replaces each component like ".*" with "..", the worst
// thing the glob can match.
func dotGlobAsParent(w string) string {
	parts := strings.Split(w, "/")
	for i, c := range parts {
		if strings.HasPrefix(c, ".") && strings.ContainsAny(c, ascii.GlobChars) {
			parts[i] = ".."
		}
	}
	return strings.Join(parts, "/")
}
