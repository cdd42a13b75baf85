package paths

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/brace"
	"github.com/permengine/permengine/internal/shell"
)

// The byte sets of the tests on a word's text, built once.
var (
	globChars      = ascii.NewSet(ascii.GlobChars)
	globBraceChars = ascii.NewSet(ascii.GlobBraceChars)
	wildChars      = ascii.NewSet("*?[{$`")
	expansionChars = ascii.NewSet("$`")
)

// GlobOrBraceAt returns the index of the first byte of w that makes bash
// expand it to names no text shows (a glob's * ? [ or a brace's {), or -1.
func GlobOrBraceAt(w string) int {
	if !globBraceChars.Any(w) {
		return -1
	}
	return strings.IndexAny(w, ascii.GlobBraceChars)
}

// HasGlobOrBrace reports a word that bash may expand to names no text
// shows (GlobOrBraceAt).
func HasGlobOrBrace(w string) bool { return globBraceChars.Any(w) }

// wildFlags are the word flags of a word that bash still expands.
const wildFlags = shell.WordGlob | shell.WordExpands | shell.WordBrace

// word is Problem for one word or one value after '='. A word with
// ${x:-WORD} is also read with WORD in its place (shell.ParamDefault),
// once: the value read that way is not read for defaults again, so the
// cost stays linear in the word.
func (pc *Checker) word(w string, flags uint8, dirs []string) string {
	if why := pc.wordOnce(w, flags, dirs); why != "" {
		return why
	}
	if flags&shell.WordExpands != 0 {
		// ${u:-.env} is .env where u is unset: the default is a value the
		// word has, which the command shows.
		if d, ok := shell.ParamDefault(w); ok && d != w {
			if strings.ContainsAny(d, ascii.GlobChars) {
				flags |= shell.WordGlob // ${u:-.en?}: the default is expanded as a glob
			}
			return pc.wordOnce(d, flags, dirs)
		}
	}
	return ""
}

func (pc *Checker) wordOnce(w string, flags uint8, dirs []string) string {
	if why := throughHandle(w, flags, dirs, false); why != "" {
		return why
	}
	if why := processSecrets(w, dirs); why != "" {
		return why
	}
	if why := SystemSecret(w, dirs); why != "" {
		return why
	}
	if rest, ok := workingDirRest(w, flags); ok {
		// $PWD/config, ~+/config: config in the working directory, which
		// the reading follows (cd .git && cat "$PWD/config"). The word is
		// also read as an expansion below, for a command that sets PWD.
		more := flags &^ (shell.WordTilde | shell.WordExpands)
		if strings.ContainsAny(rest, "$`") {
			more |= flags & shell.WordExpands
		}
		if why := pc.wordOnce("."+rest, more, dirs); why != "" {
			return why
		}
	}
	if previousDir(w, flags) {
		return "a path under the previous working directory (" + w + "), which the reading does not follow (as with cd -): it may be a protected directory"
	}
	if rest, ok := cwdTilde(w, flags); ok {
		// ~+ is the working directory and ~- the previous one, which the
		// shell knows and the reading may not: an expansion.
		w, flags = "${PWD}"+rest, flags|shell.WordExpands
	}
	wild := flags&wildFlags != 0
	if pc.windows {
		nw, anyName, device := windowsName(w)
		if device {
			return "a Windows device name (" + w + ")"
		}
		w, wild = nw, wild || anyName
	}
	if !wild || bareExpansion(w) {
		return pc.one(w, dirs)
	}
	return pc.pattern(w, wordPattern{
		glob:    flags&shell.WordGlob != 0,
		expands: flags&shell.WordExpands != 0,
		brace:   flags&shell.WordBrace != 0,
	}, dirs)
}

// processSecrets returns why word w, read from any of dirs, may name a
// process's environment or memory (/proc/PID/environ, /proc/PID/mem, and
// a thread's under task/), or "": another process's, the agent's own
// host among them, holds the secrets it was started with (API keys,
// tokens), which a host may keep out of the command's own environment.
// A word whose directory is known only at run time (/proc/$PPID/environ,
// $d/environ, environ after a cd the reading lost) may be one.
func processSecrets(w string, dirs []string) string {
	if strings.HasPrefix(w, "/proc") {
		if why := otherProcess(w); why != "" {
			return why
		}
	}
	if !ProcessFileName(w) {
		return ""
	}
	if expandsToProcess(w) && (strings.Contains(w, "proc") || strings.Contains(w, "environ")) || globReachesProcess(w, dirs) {
		return "a word the shell expands (" + w + "), which may name the environment or memory of a process, which holds the secrets it was started with"
	}
	base := w[strings.LastIndexByte(w, '/')+1:]
	const why = ", the environment or memory of a process, which holds the secrets it was started with (the agent's host among them)"
	switch {
	case strings.Contains(w, ".."):
		// /dev/fd/../../PID/environ, /proc/net/../../PID/environ: links
		// (/dev/fd is /proc/self/fd) make a climb land where cleaning the
		// text does not.
		return "a path that climbs through links and may be " + procFile(base) + why
	case w[0] == '$' || w[0] == '`':
		return "a path known only at run time that may be " + procFile(base) + why
	case w[0] == '/':
		// The text as written counts too: /proc/thread-self is a link, and
		// /proc/thread-self/../../../PID/environ climbs from where it points.
		if c := path.Clean(w); strings.HasPrefix(c, "/proc/") {
			return c + why
		} else if strings.HasPrefix(w, "/proc/") {
			return w + why
		}
		return ""
	}
	for _, d := range dirs {
		if d == "" || procDir(d) {
			return "a path that may be " + procFile(base) + why
		}
		if c := path.Clean(d + "/" + w); strings.HasPrefix(c, "/proc/") {
			return c + why // cd / && cat proc/1/environ
		}
	}
	return ""
}

// expandsToProcess reports a word with a brace or a glob that may name a
// process's environment or memory (/proc/1/environ{,}, /proc/1/me?).
func expandsToProcess(w string) bool {
	if !globBraceChars.Any(w) {
		return false
	}
	if strings.Contains(w, "environ") || strings.Contains(w, "/proc") {
		return true
	}
	for c := range strings.SplitSeq(w, "/") {
		if strings.Contains(c, "mem") || strings.ContainsAny(c, ascii.GlobBraceChars) && strings.IndexByte(c, 'm') >= 0 && len(c) <= 8 {
			return true // {mem,x}, me?, m{e,x}m
		}
	}
	return false
}

// ProcessFileName reports a word whose last component is the name of a
// process's environment or memory under /proc (environ, mem): a word
// without a '.' that processSecrets may still find.
func ProcessFileName(w string) bool {
	n := len(w)
	switch {
	case n < 3:
		return false
	case w[n-1] == 'n' && strings.HasSuffix(w, "environ") && (n == 7 || w[n-8] == '/' || w[n-8] == '='):
		return true
	case w[n-1] == 'm' && w[n-2] == 'e' && w[n-3] == 'm' && (n == 3 || w[n-4] == '/' || w[n-4] == '='):
		return true
	}
	// A glob or a brace whose last letter happens to be one of those
	// (envir?n, m?m) is asked about too, and so is one whose last
	// component may match either (/*/self/e*n: globReachesProcess).
	return expandsToProcess(w) && (strings.Contains(w, "proc") || strings.Contains(w, "environ")) ||
		globChars.Any(w) && lastMayMatchProcFile(w)
}

// procFileNames are the names of a process's environment and memory.
var procFileNames = [...]string{"environ", "mem"}

// lastMayMatchProcFile reports a glob whose last component may match
// environ or mem (e*n, m?m, *), or is a globstar, which matches any depth.
func lastMayMatchProcFile(w string) bool {
	last := w[strings.LastIndexByte(w, '/')+1:]
	for _, n := range procFileNames {
		if globMatch(last, n) {
			return true
		}
	}
	return false
}

// globMatch reports whether glob component c may match name as bash
// matches it: a malformed pattern (.items[]) is its own text, as bash
// takes an unclosed bracket.
func globMatch(c, name string) bool {
	ok, err := path.Match(c, name)
	return ok || err != nil && c == name
}

// globReachesProcess reports a glob that, read component by component
// from the root (an absolute word, or a relative one joined to each of
// dirs and cleaned), may match /proc/PID/environ or mem, or a thread's
// under /proc/PID/task/TID: /*/self/envir?n, ../../pr?c/1/m?m. A globstar
// (**) may stand for any number of components; a malformed pattern may
// match.
func globReachesProcess(w string, dirs []string) bool {
	if !globChars.Any(w) {
		return false
	}
	if w[0] == '/' {
		return globNamesProcess(path.Clean(w))
	}
	for _, d := range dirs {
		if d == "" || globNamesProcess(path.Clean(d+"/"+w)) {
			return true // (a directory known only at run time: any)
		}
	}
	return false
}

// globNamesProcess reports whether the components of clean absolute glob
// g may match a process's environment or memory.
func globNamesProcess(g string) bool {
	comps := strings.Split(strings.TrimPrefix(g, "/"), "/")
	match := func(c, name string) bool { return c == "**" || globMatch(c, name) }
	if slices.Contains(comps, "**") {
		// shopt -s globstar: /**/environ, /p*/**/mem at any depth, where
		// the components before it may begin /proc.
		return (comps[0] == "**" || match(comps[0], "proc")) && lastMayMatchProcFile(g)
	}
	fileAt := func(k int) bool {
		return k < len(comps) && (match(comps[k], procFileNames[0]) || match(comps[k], procFileNames[1]))
	}
	switch {
	case len(comps) < 3 || !match(comps[0], "proc"):
		return false
	case len(comps) == 3:
		return fileAt(2) // /proc/PID/environ (any PID, self)
	case len(comps) == 5:
		return match(comps[2], "task") && fileAt(4) // /proc/PID/task/TID/environ
	}
	return false
}

// otherProcess returns why an absolute word under /proc names another
// process's directory or one of its open files, or "": /proc/PID (a
// program given the directory may read its environ and mem itself) and
// /proc/PID/fd/N (whatever file or socket that process holds open).
// The command's own descriptors (/proc/self/fd/N) are the handles'.
func otherProcess(w string) string {
	if strings.TrimRight(w, "/") == "/proc" {
		// python3 -c '…pathlib.Path("/proc")/sys.argv[1]/"environ"…' $PPID
		return "the directory of every process (" + w + "), which holds their environments and memory"
	}
	if !strings.HasPrefix(w, "/proc/") {
		return ""
	}
	rest := strings.TrimRight(w[len("/proc/"):], "/")
	pid, after, _ := strings.Cut(rest, "/")
	if pid == "" || !procPID(pid) {
		return ""
	}
	if after == "" {
		return "a process's directory (" + w + "), which holds its environment and memory, and the secrets they hold"
	}
	if pid != "self" && pid != "thread-self" && (strings.HasPrefix(after, "fd/") || strings.Contains(after, "/fd/")) {
		return "an open file of another process (" + w + "), which may be a secret it holds or a connection it has"
	}
	return ""
}

// procPID reports a component of /proc that names a process: digits,
// self, thread-self, or text known only at run time ($PPID).
func procPID(c string) bool {
	if c == "self" || c == "thread-self" || strings.ContainsAny(c, "$`"+ascii.GlobChars) {
		return true
	}
	for i := 0; i < len(c); i++ {
		if c[i] < '0' || c[i] > '9' {
			return false
		}
	}
	return true
}

// procFile names the /proc file a base name is.
func procFile(base string) string { return "/proc/PID/" + base }

// procDir reports a path that is /proc or under it: a process's
// directory holds its environment and memory (processSecrets).
func procDir(c string) bool { return c == "/proc" || strings.HasPrefix(c, "/proc/") }

// throughHandle returns why word w, read from any of dirs, names a file
// in a directory that may be any one, or "": through a directory handle
// (/dev/fd/3/config after 3<.git, /proc/self/cwd/config after cd .git,
// /proc/self/root/… the whole tree), or under a directory of the shell's
// stack (~1/config after pushd .git). bare also counts the handle itself
// and the stack's directory (a copy's destination: cp x /dev/fd/3).
func throughHandle(w string, flags uint8, dirs []string, bare bool) string {
	if flags&shell.WordTilde != 0 && shell.StackTilde(w) && (bare || strings.IndexByte(w, '/') > 0) {
		return "a directory of the shell's directory stack (" + w + "), which may be any directory, a protected one too"
	}
	if rest, ok := cwdTilde(w, flags); ok && w[1] == '+' || ok && w[1] == '-' {
		// ~+/../../dev/fd/3/config is $PWD's; ~- is $OLDPWD, which may be
		// any directory, the root among them.
		more := dirs
		if w[1] == '-' {
			more = append(more[:len(more):len(more)], "/")
		}
		for _, d := range more {
			if d != "" {
				if why := throughHandle(d+rest, flags&^shell.WordTilde, dirs, bare); why != "" {
					return why
				}
			}
		}
	}
	if globChars.Any(w) && globUnderHandles(w) {
		return "a glob under /proc or /dev (" + w + "), which may match a directory handle, any directory, a protected one too"
	}
	if why := wildHandle(w, dirs); why != "" {
		return why
	}
	if !MayReachHandle(w, dirs) {
		return ""
	}
	if strings.Contains(w, "..") {
		// /dev/fd/3/../config: the parent of the directory 3 holds,
		// which cleaning the text would lose.
		if w[0] == '/' && shell.ClimbsFromHandle(w) {
			return "a path that climbs from a directory handle (" + w + "), which may be any directory's parent, a protected one too"
		}
		for _, d := range dirs {
			if w[0] != '/' && d != "" && shell.ClimbsFromHandle(d+"/"+w) {
				return "a path that climbs from a directory handle (" + d + "/" + w + "), which may be any directory's parent, a protected one too"
			}
		}
	}
	var room [shell.MaxDirs + 1]string
	for _, c := range candidates(w, dirs, room[:0]) {
		if rest, ok := shell.DirHandle(c); ok && (bare || rest != "") {
			return "a directory handle (" + c + "), which may be any directory, a protected one too"
		}
	}
	return ""
}

// globUnderHandles reports an absolute word with glob characters whose
// first component may be proc or dev (/pro[c]/self/cwd, /de?/fd/3,
// /proc/self/cw?): a glob there may match a directory handle.
func globUnderHandles(w string) bool {
	t := strings.TrimLeft(w, "/")
	if len(t) == len(w) {
		return false
	}
	first, rest, _ := strings.Cut(t, "/")
	if rest == "" {
		return false
	}
	for _, name := range []string{"proc", "dev"} {
		if ok, _ := path.Match(first, name); ok {
			return true
		}
	}
	return false
}

// HandleAncestor reports a directory that holds directory handles (/,
// /proc, /proc/self, /dev, /dev/fd): a link to it reaches them by a
// name no word shows (ln -s /proc/self g; cat g/cwd/config).
func HandleAncestor(w string) bool {
	if !strings.HasPrefix(w, "/") {
		return false
	}
	c := path.Clean(w)
	if c == "/" || c == "/dev" || c == "/dev/fd" || c == "/proc" {
		return true
	}
	_, handle := shell.DirHandle(c)
	return strings.HasPrefix(c, "/proc/") && !handle
}

// ClimbsToHandleAncestor reports a relative path whose leading ".."
// components, climbing far enough, leave a HandleAncestor (/dev, /proc,
// the root itself): a relative link's target is read from the link's
// directory, which may be deeper or shallower than the working directory
// (ln -s ../../../../dev g; g/fd/3 is then a handle).
func ClimbsToHandleAncestor(w string) bool {
	if w == "" || w[0] == '/' {
		return false
	}
	c := path.Clean(w)
	if c != ".." && !strings.HasPrefix(c, "../") {
		return false
	}
	for c == ".." || strings.HasPrefix(c, "../") {
		c = strings.TrimPrefix(strings.TrimPrefix(c, ".."), "/")
	}
	return HandleAncestor("/" + c)
}

// wildHandle returns why a word bash still expands may become a path
// through a directory handle, or "": a relative glob or brace read from
// the root, an unknown directory or one under /dev or /proc (cd / && echo
// x >> d?v/fd/3/config, {d..d}ev/fd/3/config); there, an expansion too
// (cd /dev && cat $f/3/config); and anywhere, an expansion followed by a
// handle's own names ($d/fd/3/config with d=/dev, $p/self/cwd/config).
func wildHandle(w string, dirs []string) string {
	if w == "" || w[0] == '/' || !wildChars.Any(w) {
		return ""
	}
	first, rest, _ := strings.Cut(w, "/")
	if (first != "" && (first[0] == '$' || first[0] == '`')) &&
		(strings.Contains(rest, "fd/") || strings.Contains(rest, "self/") || strings.HasPrefix(rest, "cwd") || strings.HasPrefix(rest, "self")) {
		return "a path built at run time (" + w + ") that may go through a directory handle (/dev/fd/N, /proc/self/cwd), any directory, a protected one too"
	}
	for _, d := range dirs {
		under := strings.HasPrefix(d, "/dev") || strings.HasPrefix(d, "/proc")
		if d != "/" && d != "" && !under {
			continue
		}
		if under && wildChars.Any(w) || strings.IndexByte(first, '{') >= 0 || globUnderHandles("/"+w) ||
			d == "/" && expansionChars.Any(first) {
			return "a word bash expands (" + w + "), read from " + dirText(d) + ", that may name a directory handle under /dev or /proc, any directory, a protected one too"
		}
	}
	return ""
}

// dirText names a directory of the reading in a reason.
func dirText(d string) string {
	if d == "" {
		return "a directory not known"
	}
	return d
}

// MayReachHandle is a cheap test before the handle checks: whether word
// w, read from any of dirs, may go through a directory handle. It may
// when its text may (shell.MayBeHandle), when a directory is under /dev
// or /proc (cd /proc/self; cat cwd/config), and when a directory is the
// root or not known (its words are matched as if absolute) and the word
// names dev or proc (cd / && cat dev/fd/3/config).
func MayReachHandle(w string, dirs []string) bool {
	if shell.MayBeHandle(w) || handleDirs(dirs) {
		return true
	}
	expansion := w != "" && (w[0] == '$' || w[0] == '`')
	if expansion && (strings.Contains(w, "fd/") || strings.Contains(w, "self") || strings.Contains(w, "cwd")) {
		return true // $d/fd/3/config: an expansion may be /dev or /proc (wildHandle)
	}
	if !strings.Contains(w, "dev") && !strings.Contains(w, "proc") && !globBraceChars.Any(w) && !expansion {
		return false
	}
	for _, d := range dirs {
		if d == "/" || d == "" && !expansion {
			return true
		}
	}
	return false
}

// handleDirs reports directories of which one may be under /dev or
// /proc, where a relative word may reach a handle.
func handleDirs(dirs []string) bool {
	for _, d := range dirs {
		if strings.HasPrefix(d, "/dev") || strings.HasPrefix(d, "/proc") {
			return true
		}
	}
	return false
}

// cwdTilde reports a word that starts with the tilde prefix ~+ or ~-
// (unquoted), and returns what follows it.
func cwdTilde(w string, flags uint8) (string, bool) {
	if flags&shell.WordTilde == 0 || len(w) < 2 || w[0] != '~' || w[1] != '+' && w[1] != '-' || len(w) > 2 && w[2] != '/' {
		return "", false
	}
	return w[2:], true
}

// workingDirRest returns what follows a start that names the working
// directory — ~+ (unquoted), $PWD or ${PWD} (not between single quotes) —
// from its slash on, and whether w starts so.
func workingDirRest(w string, flags uint8) (string, bool) {
	if rest, ok := cwdTilde(w, flags); ok && w[1] == '+' {
		return rest, true
	}
	if rest, ok := varStart(w, flags, "PWD"); ok {
		return rest, true
	}
	if rest, ok := varStart(w, flags, "DIRSTACK"); ok {
		return rest, true // $DIRSTACK is its first element, the working directory
	}
	if flags&shell.WordExpands == 0 {
		return "", false
	}
	for _, p := range workingDirSpellings {
		if rest, ok := strings.CutPrefix(w, p); ok && (rest == "" || rest[0] == '/') {
			return rest, true
		}
	}
	return "", false
}

// workingDirSpellings are the other expansions at a word's start that
// are the working directory: the first element of the directory stack,
// and pwd's output.
var workingDirSpellings = []string{"${DIRSTACK[0]}", "$(pwd)", "`pwd`", "$(pwd -L)", "$(pwd -P)", "$(builtin pwd)"}

// previousDir reports a word that starts with the previous working
// directory: ~- (unquoted), $OLDPWD or ${OLDPWD}.
func previousDir(w string, flags uint8) bool {
	if _, ok := cwdTilde(w, flags); ok && w[1] == '-' {
		return true
	}
	_, ok := varStart(w, flags, "OLDPWD")
	return ok
}

// varStart returns what follows $NAME or ${NAME} at the start of w, from
// its slash on, and whether w starts so, expanded.
func varStart(w string, flags uint8, name string) (string, bool) {
	var r string
	switch {
	case flags&shell.WordExpands == 0:
		return "", false
	case strings.HasPrefix(w, "${") && strings.HasPrefix(w[2:], name) && strings.HasPrefix(w[2+len(name):], "}"):
		r = w[3+len(name):]
	case strings.HasPrefix(w, "$") && strings.HasPrefix(w[1:], name):
		r = w[1+len(name):] // ($PWDX is another variable: r is "X…")
	default:
		return "", false
	}
	return r, r == "" || r[0] == '/'
}

// CwdTilde reports a word that starts with ~+ or ~- (see cwdTilde): it
// names a path under a directory the reading may not know.
func CwdTilde(w string, flags uint8) bool {
	_, ok := cwdTilde(w, flags)
	return ok
}

// CwdTildeRest returns what follows ~+ or ~- in a word that starts with
// either ("/src" of ~+/src), and whether it does.
func CwdTildeRest(w string, flags uint8) (string, bool) { return cwdTilde(w, flags) }

// WriteProblem is Problem for a word that a command writes to (a
// redirection's target, tee's operands): a word that holds an expansion is
// a path known only at run time, so it reaches a protected path when some
// value of its expansions may make it one; a bare expansion ("$f",
// "$(cmd)") may be any path.
func (pc *Checker) WriteProblem(w string, flags uint8, dirs []string) string {
	if w == "" {
		return ""
	}
	if flags&shell.WordExpands == 0 && !CwdTilde(w, flags) {
		if GitFile(w) {
			return WhyGitFile
		}
		if flags&shell.WordGlob != 0 && !holdsDot(w, false) {
			// A glob with no '.' passes Problem's quick test (no protected
			// pattern can match it), but may match a policy file: sed -i
			// … * rewrites permissions.json.
			if hit := pc.policyGlob(w, dirs); hit != "" {
				return hit
			}
		}
		return pc.Problem(w, flags, dirs)
	}
	if bareExpansion(w) {
		return "a path known only at run time, which may be a protected one"
	}
	if rest, ok := cwdTilde(w, flags); ok {
		w = "${PWD}" + rest
	}
	return pc.pattern(w, wordPattern{glob: flags&shell.WordGlob != 0, expands: true, brace: flags&shell.WordBrace != 0, anyValue: true}, dirs)
}

// WhyGitFile is why a write of a path named .git is protected.
const WhyGitFile = "a file named .git, which points git at another repository, whose configuration and hooks then run"

// GitFile reports a path whose last component is .git, in any case: a
// file written there (gitdir: …) makes git use another repository. The
// protected patterns name what .git holds, which is everyday to read.
func GitFile(w string) bool {
	w = strings.TrimRight(w, "/")
	return fold(w[strings.LastIndexByte(w, '/')+1:]) == ".git"
}

// BareExpansion reports a word that is one expansion and nothing else
// ("$f", "${f}", "$(cmd)"): a path known only at run time.
func BareExpansion(w string) bool { return bareExpansion(w) }

// bareExpansion reports a word that is one expansion and nothing else
// ("$f", "${f}", "$(cmd)"): an unknown path, which the path scope judges,
// not a pattern.
func bareExpansion(w string) bool {
	return w != "" && (w[0] == '$' || w[0] == '`') && ascii.ExpansionEnd(w, 0) == len(w)
}

// pattern returns the protected pattern or policy file that some
// expansion of w, read from any of dirs, may name.
func (pc *Checker) pattern(w string, wp wordPattern, dirs []string) string {
	// With the default patterns, only a path with a component starting
	// with '.' can match, and a wildcard never starts one: the word must
	// hold a '.' (or a name that may be anything).
	if pc.patternSet().dotOnly && !pc.baseNoDot && !pc.dirsDot(dirs) && !wp.anyValue &&
		!holdsDot(w, wp.brace) && strings.IndexByte(w, anyComponent) < 0 {
		return ""
	}
	if pc.searchLimit() == 0 {
		return whyTooCostly // not even compiled: the share is spent
	}
	var room [shell.MaxDirs + 1]string
	for _, prefix := range pc.prefixes(w, dirs, room[:0]) {
		text := prefix + w
		if !wp.brace && strings.Contains(text, "..") {
			text = path.Clean(text)
		} else if strings.Contains(text, "/.") || strings.Contains(text, "//") {
			text = dropEmptySteps(text) // cd .git && cat ./conf?g: .git/./conf?g is .git/conf?g
		}
		word := pc.builder().compileWord("", fold(text), wp)
		if hit := pc.meets(word); hit != "" {
			return hit
		}
	}
	return ""
}

// dropEmptySteps removes the components of path text p that name the
// directory they are in ("." and the empty one of "//"), in one pass: a
// glob or a brace is kept as written (path.Clean, which also takes ".."
// away, is not safe inside a brace).
func dropEmptySteps(p string) string {
	var b strings.Builder
	b.Grow(len(p))
	for i, c := range strings.Split(p, "/") {
		switch {
		case i == 0:
			b.WriteString(c) // "" before a leading '/'
		case c == "" || c == ".":
		default:
			b.WriteByte('/')
			b.WriteString(c)
		}
	}
	if b.Len() == 0 && strings.HasPrefix(p, "/") {
		return "/"
	}
	return b.String()
}

// holdsDot reports a '.' in w that may be one of a path's: with braces,
// the ".." of a sequence ({1..9}, {a..z}) is none, since what it makes
// holds no '.'. Each byte is read at most twice.
func holdsDot(w string, braces bool) bool {
	if !braces {
		return strings.IndexByte(w, '.') >= 0
	}
	for i := 0; i < len(w); i++ {
		switch w[i] {
		case '.':
			return true
		case '{':
			j := i + 1
			for j < len(w) && (w[j] == '.' || w[j] == '-' || w[j] == '+' || ascii.NameByte(w[j]) && w[j] != '_') {
				j++
			}
			if j < len(w) && w[j] == '}' && brace.Sequence(w[i+1:j]) {
				i = j
			}
		}
	}
	return false
}

// prefixes are the directories (with a trailing '/') a word is read from.
func (pc *Checker) prefixes(w string, dirs, out []string) []string {
	switch {
	case w[0] == '/':
		return append(out, "")
	case w[0] == '~' || w[0] == '$' || w[0] == '`':
		return append(out, "/") // somewhere unknown: read as if absolute
	}
	for _, d := range dirs {
		if len(out) == cap(out) {
			break
		}
		if d == "" || d == "/" {
			out = append(out, "/")
		} else {
			out = append(out, d+"/")
		}
	}
	return out
}

// meets returns the protected pattern or policy file the compiled word
// may name.
func (pc *Checker) meets(word *nfa) string {
	return pc.meetsUnion(word, pc.patternSet().union())
}

// whyTooCostly is why a word that could not be compared with the
// protected patterns within the decision's work budget is held to name
// one.
const whyTooCostly = "a protected path, as far as the work it may cost to tell allows"

// meetsUnion returns the pattern of u or the policy file the compiled
// word may name. The search is charged to the decision's work and may
// take only what the budget leaves (see searchLimit); a word it cannot
// finish comparing is held to name a protected path.
func (pc *Checker) meetsUnion(word *nfa, u *patternUnion) string {
	r := u.search(word, pc.productSearch(), pc.searchLimit())
	if !pc.charge(r.steps) || r.over {
		return whyTooCostly
	}
	if r.pattern >= 0 {
		return "protected path " + pc.patternSet().patterns[r.pattern]
	}
	return pc.policyFileIn(word)
}

// builder returns the storage of the automata the check compiles for
// words, one at a time.
func (pc *Checker) builder() *nfaBuilder {
	if pc.build == nil {
		pc.build = &nfaBuilder{}
	}
	return pc.build
}

// productSearch returns the storage of the check's searches.
func (pc *Checker) productSearch() *productSearch {
	if pc.search == nil {
		pc.search = &productSearch{}
	}
	return pc.search
}

// searchLimit is the most steps the next search may take: what the
// share of the decision's work budget for such searches has left (see
// work.Counter.ShareLeft), and at most maxProductSteps. A word the share
// cannot pay for is held to name a protected path, while the rest of the
// command is still read and checked (a deny rule later in it still
// applies).
func (pc *Checker) searchLimit() int {
	if pc.Work == nil {
		return maxProductSteps
	}
	return min(maxProductSteps, pc.Work.ShareLeft())
}

// charge spends the steps of a search on the decision's work, and
// reports whether the budget allowed them.
func (pc *Checker) charge(steps int) bool {
	return pc.Work == nil || pc.Work.SpendShare(steps)
}

// meetsOne reports whether the compiled word may name a path of n; a
// search it cannot finish within the budget counts as a meeting.
func (pc *Checker) meetsOne(word, n *nfa) bool {
	met, steps := intersectSteps(word, n, pc.productSearch(), pc.searchLimit())
	return !pc.charge(steps) || met
}

// policyNames matches every policy file by its name, wherever it is.
var policyNames = sync.OnceValue(func() *nfa { return compileGlob("**/" + PolicyFileName) })

// escapeGlob escapes the glob syntax of a literal path.
func escapeGlob(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if strings.IndexByte(`*?[]{}\`, p[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(p[i])
	}
	return b.String()
}

// DeletedByTest returns the protected pattern or policy file that a file
// find deletes by a test of its name may be (find . -name '*.json'
// -delete removes permissions.json wherever it is). pattern is a -name
// glob of the last component or, with whole, a -path glob of the whole
// path, in which '*' and '?' match '/' too. Names are compared without
// case, for -iname and for case-insensitive file systems alike.
//
// A -name glob whose last literal text is a disposable ending (*.pyc,
// __pycache__) is not read against the patterns whose last component is
// a wildcard (.git/hooks/**, .env.*): any such name may be in them, and
// removing a build output or a cache (.env.pyc) runs nothing and lifts
// no rule.
func (pc *Checker) DeletedByTest(pattern string, whole bool) string {
	p := fold(pattern)
	if whole {
		p = strings.TrimLeft(p, "/")
		for strings.HasPrefix(p, "./") {
			p = p[2:]
		}
		p = strings.NewReplacer("*", "**", "?", "{?,/}").Replace(p)
	} else if strings.IndexByte(p, '/') >= 0 {
		return "" // a -name test with a '/' matches no file
	}
	u := pc.patternSet().union()
	if !whole && disposableEnding(p) {
		u = pc.patternSet().named()
	}
	return pc.meetsUnion(compileGlob("**/"+p), u)
}

// policyGlob returns the policy file that the glob w, written from
// dirs, may match, or "".
func (pc *Checker) policyGlob(w string, dirs []string) string {
	if pc.searchLimit() == 0 {
		return whyTooCostly
	}
	var room [shell.MaxDirs + 1]string
	for _, prefix := range pc.prefixes(w, dirs, room[:0]) {
		word := pc.builder().compileWord("", fold(prefix+w), wordPattern{glob: true})
		if hit := pc.policyFileIn(word); hit != "" {
			return hit
		}
	}
	return ""
}

// policyFileIn returns the policy file that the names of word, a
// compiled glob of lower-case paths, may include, or "".
func (pc *Checker) policyFileIn(word *nfa) string {
	if pc.meetsOne(word, policyNames()) {
		return "a policy file (" + PolicyFileName + ")"
	}
	for i, n := range pc.fileNFAs {
		if pc.meetsOne(word, n) {
			return "the policy file " + pc.files[i]
		}
	}
	return ""
}

// familyPattern reports a protected pattern whose last component holds a
// wildcard: a tree (.git/hooks/**) or a family of names (.env.*).
func familyPattern(p string) bool {
	return HasGlobOrBrace(p[strings.LastIndexByte(p, '/')+1:])
}

// disposableEndings are the endings of files and directories that
// builds, interpreters and editors leave behind, which no tool reads its
// configuration, hooks or rules from.
var disposableEndings = []string{
	".pyc", ".pyo", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", // Python's caches
	".o", ".obj", ".a", ".so", ".class", ".d", ".gcda", ".gcno", // compilers' outputs
	".log", ".tmp", ".temp", ".swp", ".swo", "~", ".orig", ".rej", ".bak", ".ds_store", // leftovers
	"node_modules", "target", ".test", ".out", ".coverage", ".tsbuildinfo", // outputs of package tools
}

// disposableEnding reports a -name glob whose text after its last
// wildcard ends with one of disposableEndings.
func disposableEnding(p string) bool {
	tail := p[strings.LastIndexAny(p, "*?]}")+1:]
	for _, e := range disposableEndings {
		if strings.HasSuffix(tail, e) && len(tail) >= len(e) {
			return true
		}
	}
	return false
}
