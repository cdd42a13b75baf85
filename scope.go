package permengine

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/gobwas/glob"
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

// inside reports whether the clean absolute path p is root or below it.
// The path may be held in bytes (joinedInside): comparing them with a
// string does not copy them.
func inside[P ~string | ~[]byte](p P, root string) bool {
	return string(p) == root || len(p) > len(root) && p[len(root)] == '/' && string(p[:len(root)]) == root
}

// joinedInside is inside(path.Join(dir, rel), root) for an absolute dir,
// without making the joined path: it is cleaned in a buffer on the stack.
func joinedInside(dir, rel, root string) bool {
	var buf [256]byte
	if dir == "" || dir[0] != '/' || len(dir)+1+len(rel) > len(buf) {
		return inside(path.Join(dir, rel), root)
	}
	b := append(append(append(buf[:0], dir...), '/'), rel...)
	return inside(cleanRooted(b), root)
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

// cdVerbs change the shell's directory.
var cdVerbs = map[string]bool{"cd": true, "pushd": true, "popd": true, "chdir": true}

// markCd records, for a cd-like segment, where it moves the shell. An
// unknown destination ("") is never inside the scope.
func (c *command) markCd(s *segment) {
	w := s.words
	if len(w) == 0 {
		return
	}
	if !s.hasBits {
		s.bits, s.hasBits = wordBits(w[0]), true
	}
	bits := s.bits
	if len(w) > 1 && (w[0] == "builtin" || w[0] == "command") {
		w = w[1:]
		bits = bitsOf(w[0])
	}
	if bits&vbCd == 0 {
		return
	}
	s.cd = true
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
	var room [maxDirs + 1]string
	cdTo := room[:0]
	if known && strings.HasPrefix(target, "/") && len(s.dirs) > 0 {
		// Absolute: the same place from every directory.
		cdTo = append(cdTo, path.Clean(target))
	} else {
		for _, d := range s.dirs {
			if !known || d == "" {
				cdTo = addDir(cdTo, "")
			} else {
				cdTo = addDir(cdTo, path.Join(d, target))
			}
		}
	}
	s.cdTo = c.keepDirs(cdTo)
}

// keepDirs copies a directory set into the command's arena; like every
// arena slice, it lives until the command is released.
func (c *command) keepDirs(set []string) []string {
	k := len(c.dirArena)
	c.dirArena = append(c.dirArena, set...)
	return c.dirArena[k:len(c.dirArena):len(c.dirArena)]
}

// addDir adds d to a directory set, which holds at most maxDirs places and
// then one "unknown".
func addDir(set []string, d string) []string {
	for _, x := range set {
		if x == d {
			return set
		}
	}
	if len(set) >= maxDirs {
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
func (c *command) unionDirs(a, b []string) []string {
	if len(b) == 0 || slices.Equal(a, b) {
		return a
	}
	var room [2 * (maxDirs + 1)]string
	out := append(room[:0], a...)
	for _, d := range b {
		out = addDir(out, d)
	}
	return c.keepDirs(out)
}

// pathProblem says why word w, read from directories dirs, is outside the
// scope; "" when it is inside or not a path.
func pathProblem(w string, flags uint8, dirs []string, root string, redirect bool) string {
	if !redirect && flags&(wordTilde|wordExpSlash|wordDotGlob) == 0 && !mayBePath(w) {
		return ""
	}
	if why := onePathProblem(w, flags, dirs, root, redirect); why != "" {
		return why
	}
	// The value of --opt=/x or VAR=/x is a path too.
	if i := strings.IndexByte(w, '='); i >= 0 && i < len(w)-1 {
		v := w[i+1:]
		var vf uint8
		if strings.HasPrefix(v, "~") {
			vf |= wordTilde
		}
		return onePathProblem(v, vf|flags&^wordTilde, dirs, root, false)
	}
	return ""
}

func onePathProblem(w string, flags uint8, dirs []string, root string, redirect bool) string {
	switch {
	case w == "":
		return ""
	case flags&wordTilde != 0 || strings.HasPrefix(w, "~"):
		return "starts with ~, a home directory outside the scope"
	case flags&wordExpSlash != 0:
		return "a path built from a variable or substitution, whose place cannot be known"
	case (strings.HasPrefix(w, "$") || strings.HasPrefix(w, "`")) && strings.IndexByte(w, '/') > 0:
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
		if !inside(p, root) {
			return "outside the scope " + root
		}
		return ""
	}
	dotdot := strings.Contains(w, "..") || flags&wordDotGlob != 0
	if !dotdot && !redirect {
		return ""
	}
	rel := w
	if flags&wordDotGlob != 0 {
		rel = dotGlobAsParent(w)
	}
	for _, d := range dirs {
		if d == "" {
			return "relative to a directory that cannot be known"
		}
		if !joinedInside(d, rel, root) {
			return "resolves outside the scope " + root
		}
	}
	return ""
}

// wordMask records which of the bytes the checks look for a word holds.
type wordMask uint8

const (
	wmDot   wordMask = 1 << iota // '.'
	wmPath                       // '/', '~', '$' or '`'
	wmEq                         // '='
	wmBrace                      // '{'
)

var wordMaskTable = func() (t [256]wordMask) {
	t['.'] = wmDot
	for _, c := range []byte("/~$`") {
		t[c] = wmPath
	}
	t['='] = wmEq
	t['{'] = wmBrace
	return t
}()

// maskOf returns the wordMask of w. A word with none of
// wmDot|wmPath|wmEq names no path the checks care about: no directory,
// home, expansion, parent, dot name or option value.
func maskOf(w string) wordMask {
	var m wordMask
	for i := 0; i < len(w); i++ {
		m |= wordMaskTable[w[i]]
	}
	return m
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
		if strings.HasPrefix(c, ".") && strings.ContainsAny(c, "*?[") {
			parts[i] = ".."
		}
	}
	return strings.Join(parts, "/")
}

// defaultProtected are the protected paths of SPEC §6 as glob patterns.
// The policy file itself is added per decision (it depends on the root).
var defaultProtected = []string{
	"**/.git/hooks", "**/.git/hooks/**", "**/.git/config",
	"**/.bashrc", "**/.zshrc", "**/.profile", "**/.bash_profile", "**/.bash_login",
	"**/.zshenv", "**/.zprofile", "**/.zlogin", "**/.envrc",
	"**/.ssh", "**/.ssh/**", "**/.gnupg", "**/.gnupg/**",
	"**/.claude", "**/.claude/**", "**/.codex", "**/.codex/**", "**/.gemini", "**/.gemini/**",
	"**/.cursor", "**/.cursor/**", "**/.vscode", "**/.vscode/**", "**/.idea", "**/.idea/**",
}

// dotNamePattern reports a pattern that can only match paths with a
// component starting with '.' followed by something other than '.' or '/'.
func dotNamePattern(pat string) bool {
	for i := 0; i < len(pat); i++ {
		if pat[i] == '.' && (i == 0 || pat[i-1] == '/') && i+1 < len(pat) && pat[i+1] != '/' && pat[i+1] != '.' &&
			!strings.ContainsAny(pat[:i], "{[?") {
			return true
		}
	}
	return false
}

// DefaultProtectedPaths returns the built-in protected path patterns.
func DefaultProtectedPaths() []string { return append([]string(nil), defaultProtected...) }

type protectedSet struct {
	patterns []string
	globs    []*glob.Pattern
	// byName lists, for a component starting with '.' (lower case), the
	// patterns that only match paths holding that component; always lists
	// the others. A path's dot components pick the globs worth running.
	byName map[string][]int
	always []int
	// dotOnly is true when every pattern names a component starting with
	// '.', so a path without "/." cannot match and the globs are skipped.
	dotOnly bool
}

var defaultProtectedSet = func() *protectedSet {
	s, err := compileProtected(nil)
	if err != nil {
		panic(err)
	}
	return s
}()

// newProtectedSet compiles the default patterns and extra ones, sharing the
// default set when there are no extras.
func newProtectedSet(extra []string) (*protectedSet, error) {
	if len(extra) == 0 {
		return defaultProtectedSet, nil
	}
	return compileProtected(extra)
}

func compileProtected(extra []string) (*protectedSet, error) {
	s := &protectedSet{dotOnly: true}
	for _, pat := range append(append([]string(nil), defaultProtected...), extra...) {
		g, err := glob.Compile(strings.ToLower(pat), '/')
		if err != nil {
			return nil, fmt.Errorf("protected path %q: %w", pat, err)
		}
		s.patterns = append(s.patterns, pat)
		s.globs = append(s.globs, g)
		if name := neededDotName(strings.ToLower(pat)); name != "" {
			if s.byName == nil {
				s.byName = map[string][]int{}
			}
			s.byName[name] = append(s.byName[name], len(s.globs)-1)
		} else {
			s.always = append(s.always, len(s.globs)-1)
		}
		if !dotNamePattern(pat) {
			s.dotOnly = false
		}
	}
	return s, nil
}

// neededDotName returns the first component of a glob pattern that starts
// with '.' and holds no glob syntax, when nothing before it can make it
// optional: every path the pattern matches holds that component (patterns
// are matched against absolute paths). "" when there is none.
func neededDotName(pat string) string {
	for i := 0; i < len(pat); i++ {
		if pat[i] != '.' || i > 0 && pat[i-1] != '/' {
			continue
		}
		if strings.ContainsAny(pat[:i], "{[?\\") {
			return ""
		}
		j := strings.IndexByte(pat[i:], '/')
		if j < 0 {
			j = len(pat) - i
		}
		comp := pat[i : i+j]
		if comp == "." || comp == ".." || strings.ContainsAny(comp, "*?[]{}\\") {
			continue
		}
		return comp
	}
	return ""
}

// match returns the pattern that the absolute path p matches, or "".
// Matching ignores case: on the file systems of macOS and Windows
// .Git/Hooks is .git/hooks.
func (s *protectedSet) match(p string) string {
	if s.dotOnly && !strings.Contains(p, "/.") {
		return ""
	}
	lp := strings.ToLower(p)
	if len(s.globs) > maxMarkedPatterns {
		return s.matchAll(lp)
	}
	// Mark the patterns this path may match, then try them in order: the
	// first pattern that matches is the one a reason names.
	var mark [maxMarkedPatterns]bool
	for _, i := range s.always {
		mark[i] = true
	}
	for i := 1; i < len(lp); i++ {
		if lp[i] != '.' || lp[i-1] != '/' {
			continue
		}
		j := strings.IndexByte(lp[i:], '/')
		if j < 0 {
			j = len(lp) - i
		}
		for _, k := range s.byName[lp[i:i+j]] {
			mark[k] = true
		}
	}
	for i, g := range s.globs {
		if mark[i] && g.Match(lp) {
			return s.patterns[i]
		}
	}
	return ""
}

// maxMarkedPatterns bounds the patterns match picks from with a mark array
// on the stack; larger sets try every glob.
const maxMarkedPatterns = 128

func (s *protectedSet) matchAll(lp string) string {
	for i, g := range s.globs {
		if g.Match(lp) {
			return s.patterns[i]
		}
	}
	return ""
}

// protCheck carries what the protected-path check needs for one decision.
type protCheck struct {
	set   *protectedSet
	files []string // the policy's files
	bases []string // their base names, lower case
	// minName is the length of the shortest of permissions.json and bases.
	minName int
	root    string // the scope root, whose permissions.json is protected
	// baseNoDot is true when a policy file's name has no '.', which turns
	// off the quickest test.
	baseNoDot bool
	// lastDirs and lastDot remember dirsHaveDot for the directories last
	// asked about: every word of a segment shares them.
	lastDirs []string
	lastDot  bool
}

// dirsDot is dirsHaveDot, remembered for the last set of directories.
func (pc *protCheck) dirsDot(dirs []string) bool {
	if len(dirs) > 0 && len(pc.lastDirs) == len(dirs) && &pc.lastDirs[0] == &dirs[0] {
		return pc.lastDot
	}
	pc.lastDirs, pc.lastDot = dirs, dirsHaveDot(dirs)
	return pc.lastDot
}

// hasDotName reports a path component that starts with '.' and is not "."
// or ".." (nor "...", which no protected pattern names): the only words
// the default protected patterns can match.
func hasDotName(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] == '.' && (i == 0 || w[i-1] == '/') && i+1 < len(w) && w[i+1] != '/' && w[i+1] != '.' {
			return true
		}
	}
	return false
}

// dirsHaveDot reports a working directory with a component starting with
// '.', under which any relative word may be protected.
func dirsHaveDot(dirs []string) bool {
	for _, d := range dirs {
		if strings.Contains(d, "/.") {
			return true
		}
	}
	return false
}

// problem returns the protected pattern or file that word w reaches from
// any of dirs, or "".
func (pc *protCheck) problem(w string, dirs []string) string {
	if w == "" {
		return ""
	}
	if hit := pc.one(w, dirs); hit != "" {
		return hit
	}
	if i := strings.IndexByte(w, '='); i >= 0 && i < len(w)-1 {
		return pc.one(w[i+1:], dirs)
	}
	return ""
}

// policyFileName is the name of the policy file at the scope root.
const policyFileName = "permissions.json"

func (pc *protCheck) one(w string, dirs []string) string {
	// Cheap test first: with the default patterns only a path with a
	// component starting with '.' can match, and only a word naming a policy
	// file can be one.
	if pc.set.dotOnly && !pc.dirsDot(dirs) {
		if !pc.baseNoDot && strings.IndexByte(w, '.') < 0 {
			// No '.' in the word: no dot component, no
			// "permissions.json", no policy file name.
			return ""
		}
		if !hasDotName(w) && !pc.mayNameFile(w) {
			return ""
		}
	}
	var cands [maxDirs + 1]string
	n := 0
	switch {
	case w[0] == '/':
		cands[0] = path.Clean(w)
		n = 1
	case w[0] == '~' || w[0] == '$' || w[0] == '`':
		// Somewhere unknown: match on the text as if it were absolute.
		cands[0] = path.Clean("/" + w)
		n = 1
	default:
		for _, d := range dirs {
			if n == len(cands) {
				break
			}
			if d == "" {
				cands[n] = path.Clean("/" + w)
			} else {
				cands[n] = path.Join(d, w)
			}
			n++
		}
	}
	root := pc.root
	for _, c := range cands[:n] {
		if root != "" && len(c) == len(root)+1+len(policyFileName) && strings.HasPrefix(c, root) &&
			strings.EqualFold(c[len(root):], "/"+policyFileName) {
			return "the policy file " + root + "/" + policyFileName
		}
		for _, f := range pc.files {
			if strings.EqualFold(c, f) {
				return "the policy file " + f
			}
		}
		if pat := pc.set.match(c); pat != "" {
			return "protected path " + pat
		}
	}
	return ""
}

// mayNameFile reports whether w could name one of the policy files (or
// permissions.json): it contains the file's base name.
func (pc *protCheck) mayNameFile(w string) bool {
	ascii, upper := true, false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= 0x80:
			ascii = false
		case c >= 'A' && c <= 'Z':
			upper = true
		}
	}
	// Lowering ASCII keeps the length, so an ASCII word shorter than every
	// name cannot contain one. (Lowering other letters may lengthen a word.)
	if ascii && len(w) < pc.minName {
		return false
	}
	lw := w
	if upper || !ascii {
		lw = strings.ToLower(w)
	}
	if strings.Contains(lw, policyFileName) {
		return true
	}
	for _, b := range pc.bases {
		if strings.Contains(lw, b) {
			return true
		}
	}
	return false
}

// patternVerbs take a pattern or program as an argument that is data for
// the path scope, not a path: sed's script, awk's program, grep's pattern.
var patternVerbs = map[string]bool{
	"sed": true, "gsed": true, "awk": true, "gawk": true, "mawk": true, "nawk": true,
	"grep": true, "egrep": true, "fgrep": true, "rg": true, "jq": true,
}

// dataArgs returns a bit set of the word indexes (below 63) that hold a
// pattern or script rather than a path. Files named after the pattern are
// still checked.
func dataArgs(words []string) uint64 {
	i := 0
	for i < len(words) && isAssignment(words[i]) {
		i++
	}
	if i >= len(words) || bitsOf(baseName(words[i]))&vbPattern == 0 {
		return 0
	}
	var set uint64
	explicit := false
	for j := i + 1; j < len(words) && j < 63; j++ {
		w := words[j]
		switch {
		case w == "-e" || w == "--expression" || w == "--regexp":
			explicit = true
			if j+1 < 63 {
				set |= 1 << uint(j+1)
			}
			j++
		case w == "--":
			if !explicit && j+1 < 63 {
				set |= 1 << uint(j+1)
			}
			return set
		case strings.HasPrefix(w, "-"):
			if w == "-f" || w == "-F" || w == "-v" || w == "-m" || w == "-A" || w == "-B" || w == "-C" {
				j++ // an option with a value that is not the pattern
			}
		default:
			if !explicit {
				set |= 1 << uint(j)
			}
			return set
		}
	}
	return set
}
