package permengine

import (
	"fmt"
	"path"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/hostdirs"
	"github.com/permengine/permengine/internal/paths"
	"github.com/permengine/permengine/internal/pathtext"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
	"github.com/permengine/permengine/internal/shell"
)

// ErrScopeRoot is the sentinel of every invalid scope root.
var ErrScopeRoot = paths.ErrScopeRoot

// ValidateScopeRoot checks a scope root the way Decide does: absolute,
// already clean, no "..", not "/" and not a top-level system directory. The
// error wraps ErrScopeRoot and says what to fix.
func ValidateScopeRoot(root string) error { return paths.ValidateScopeRoot(root) }

// DefaultProtectedPaths returns the built-in protected path patterns.
func DefaultProtectedPaths() []string { return paths.DefaultPatterns() }

// scope is the decision's path scope: the scope root and the valid
// additional directories.
func (x *decider) scope() paths.Scope {
	sc, _ := paths.NewScope(x.req.Env.ScopeRoot, x.req.Env.AdditionalDirs)
	return sc
}

// writeFileCaps applies path scope and protected paths to a write_file
// target: the same threat as a redirection in a terminal command.
//
// Like a terminal command's, they run in the order of capTable: protected
// paths, then the scope.
func (x *decider) writeFileCaps() {
	a := x.req.Action
	root := x.req.Env.ScopeRoot
	rootErr := ValidateScopeRoot(root)
	base := a.Cwd
	if base == "" && rootErr == nil {
		base = root
	}
	dirs := []string{base}
	if why := pathTextProblem(a.Path); why != "" {
		// A tool may drop or stop at what a person cannot see (Gemini
		// CLI strips a NUL: .git/conf\x00ig writes .git/config).
		x.cap(CodeIntegrity, "", "write_file target "+shell.Quote(a.Path)+": "+why)
	}
	if why := pathTextProblem(a.Cwd); why != "" {
		x.cap(CodeIntegrity, "", "working directory "+shell.Quote(a.Cwd)+": "+why)
	}
	pc := x.protCheck(root)
	if why := pc.Problem(a.Path, 0, dirs); why != "" {
		x.cap(CodeProtectedPath, "", "write_file target "+shell.Quote(a.Path)+" is "+why+": a person approves every change to it")
	} else if why := pc.WriteOnlyProblem(a.Path, 0, dirs); why != "" {
		// What a terminal command may not write unasked, write_file may
		// not either: .git/HEAD, a file named .git, /etc, /usr/local/bin.
		x.cap(CodeProtectedPath, "", "write_file target "+shell.Quote(a.Path)+" reaches "+why+": a person approves every write to it")
	} else if p, why := writtenSystemOrGit(a.Path, dirs, "", x.root); p != "" {
		x.cap(CodeProtectedPath, "", "write_file target "+shell.Quote(p)+why+": a person approves every write to it")
	}
	switch {
	case rootErr != nil:
		x.cap(CodeNoScope, "", "no scope configured ("+rootErr.Error()+"): write_file is not auto-approved")
		return
	case a.Path == "":
		x.cap(CodePathScope, "", "write_file without a target path: its place cannot be checked")
		return
	}
	if why := paths.OneProblem(a.Path, 0, dirs, x.scope(), true); why != "" {
		x.cap(CodePathScope, "", "write_file target "+shell.Quote(a.Path)+": "+why)
	}
	if !strings.HasPrefix(base, "/") {
		x.cap(CodePathScope, "", "working directory "+shell.Quote(base)+" is not absolute")
	}
}

// scopeCaps checks that a scope is configured, then the working
// directory, every path word and every redirection target against it.
func (x *decider) scopeCaps() {
	if x.rootErr != nil {
		x.cap(CodeNoScope, "", "no scope configured ("+x.rootErr.Error()+"): nothing terminal is auto-approved")
		return
	}
	cmd := x.cmd
	cwd := x.req.Action.Cwd
	switch {
	case cwd == "":
		x.cap(CodePathScope, "", "no working directory given: where the command runs cannot be checked")
	case !strings.HasPrefix(cwd, "/"):
		x.cap(CodePathScope, "", "working directory "+shell.Quote(cwd)+" is not absolute")
	case !x.sc.Contains(path.Clean(cwd)):
		x.cap(CodePathScope, "", "working directory "+cwd+" is outside the scope "+x.sc.String())
	}
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		if s.Cd {
			for _, d := range s.CdTo {
				if d == "" || strings.HasPrefix(d, "~") && !x.sc.Contains(d) {
					// (cd with no argument goes home, kept as ~: outside,
					// where no word shows it)
					x.cap(CodePathScope, s.Text, "cd to a directory that cannot be known (no argument, -, ~, a variable, or a path longer than the engine follows)")
					break
				}
			}
		}
		var data uint64
		if s.Bits&(programs.Pattern|programs.Assignment) != 0 && (s.AnyMask&(shell.MaskDot|shell.MaskPath|shell.MaskEq) != 0 || anyFlags(s.Flags)) {
			// Only a word that may be a path is checked below; without one,
			// which words are patterns does not matter.
			data = programs.DataArgs(s.Words)
		}
		capped := false
		for j, w := range s.Words {
			if data&(1<<uint(min(j, 63))) != 0 && j < 63 || s.Flags[j] == 0 && s.Masks[j]&(shell.MaskDot|shell.MaskPath|shell.MaskEq) == 0 {
				continue
			}
			if !x.wk().Spend(scopeCost(w, s.Flags[j], s.Dirs)) {
				return
			}
			why := paths.Problem(w, s.Flags[j], s.Dirs, x.sc, false)
			if rest, ok := strings.CutPrefix(w, "file:"); ok && why == "" && rest != "" {
				// npm i file:../srv/x.tgz, pip install file:///tmp/x: a
				// file URL's path, read as the path it names.
				if p, ok := strings.CutPrefix(rest, "//"); ok {
					rest = p
				}
				why = paths.Problem(rest, s.Flags[j], s.Dirs, x.sc, false)
			}
			if why != "" {
				x.cap(CodePathScope, s.Text, shell.QuoteExcerpt(w)+": "+why)
				capped = true
				break
			}
		}
		if !capped {
			capped = x.backupScope(s)
		}
		if !capped && anyExpands(s.Flags) {
			if j := programs.UnknownPath(s.Words, s.Flags, shell.WordExpands); j >= 0 {
				x.cap(CodePathScope, s.Text, shell.QuoteExcerpt(s.Words[j])+": a path known only at run time, given to a program that takes paths")
			}
		}
		for _, ref := range s.Redirs {
			if !x.wk().Spend(pathCost(ref.Text, ref.Dirs)) {
				return
			}
			if why := paths.Problem(ref.Text, ref.Flags, ref.Dirs, x.sc, true); why != "" {
				x.cap(CodePathScope, s.Text, "redirection "+ref.Op+" "+shell.QuoteExcerpt(ref.Text)+": "+why)
				break
			}
		}
	}
	for _, ref := range cmd.Paths {
		if !x.wk().Spend(pathCost(ref.Text, ref.Dirs)) {
			return
		}
		if why := paths.Problem(ref.Text, ref.Flags, ref.Dirs, x.sc, true); why != "" {
			x.cap(CodePathScope, "", "redirection "+ref.Op+" "+shell.QuoteExcerpt(ref.Text)+": "+why)
		}
	}
}

// pathDirProblem finds a PATH that segment s assigns (PATH=/tmp/x:$PATH
// xargs, export PATH=…, env PATH=…) with a directory in it, before the
// search as it was ($PATH), whose files nothing guards: a program any
// later program finds by its name there (xargs runs echo, tar runs gzip,
// npm runs sh) may be a file an earlier command wrote. The system's
// program directories, whose writes ask, the protected ones
// (~/.local/bin, ~/.cargo/bin) and the ones after $PATH, which shadow no
// program, are kept; a relative one is shell's (relativeSearch).
func pathDirProblem(s *shell.Segment, pc *paths.Checker) string {
	if s.AnyMask&shell.MaskEq == 0 {
		return ""
	}
	words := s.Words[:programs.ProgramAt(s.Words)]
	if k := len(words); k < len(s.Words) && (declarer(s.Words[k:]) || programs.BaseName(s.Words[k]) == "env") {
		words = s.Words // export PATH=…, env PATH=… cmd
	}
	for _, w := range words {
		v, ok := strings.CutPrefix(w, "PATH=")
		if !ok {
			v, ok = strings.CutPrefix(w, "PATH+=")
		}
		if !ok {
			continue
		}
		for d := range strings.SplitSeq(strings.Trim(v, `"'`), ":") {
			if d == "$PATH" || d == "${PATH}" {
				break // PATH=$PATH:$HOME/go/bin: what follows the search as it was shadows no program
			}
			if why := pathDirWhy(d, s.Dirs, pc); why != "" {
				return "PATH names " + shell.QuoteExcerpt(d) + ", " + why + ": a program found by its name there, by this command's programs or the ones they start (xargs runs echo, tar gzip, npm sh), may be any file of it"
			}
		}
	}
	return ""
}

// pathDirWhy says why directory d of a PATH is one whose files nothing
// guards, or "".
func pathDirWhy(d string, dirs []string, pc *paths.Checker) string {
	switch {
	case d == "" || d[0] != '/' && d[0] != '$' && d[0] != '~':
		return "" // (a relative one is shell's: relativeSearch)
	case strings.HasPrefix(d, "$HOME/") || strings.HasPrefix(d, "${HOME}/"):
		d = "~/" + d[strings.IndexByte(d, '/')+1:]
	}
	if strings.ContainsAny(d, "$`") {
		return "a directory known only at run time"
	}
	if c := path.Clean(d); strings.HasPrefix(c, "/") && hostdirs.Written(c) {
		return "" // /usr/local/go/bin: the system's, whose writes ask
	}
	if pc.Problem(strings.TrimSuffix(d, "/")+"/x", 0, dirs) != "" {
		return "" // ~/.local/bin, ~/.cargo/bin: protected, whose writes ask
	}
	return "a directory whose files no check guards"
}

// protectedCaps: protected paths, which auto mode does not lift.
func (x *decider) protectedCaps() {
	pc := x.protCheck(x.root)
	judged := x.judged()
	for i := range x.cmd.Segs {
		s := &x.cmd.Segs[i]
		if why := x.mountProblem(s, &pc); why != "" {
			x.cap(CodePrivileged, s.Text, why)
		}
		if why := pathDirProblem(s, &pc); why != "" {
			x.cap(CodeIntegrity, s.Text, why)
		}
		if why := x.pipedIntoXargs(i, &pc); why != "" {
			x.cap(CodeProtectedPath, s.Text, why)
		}
		if why := x.segProtected(s, &pc); why != "" {
			x.cap(CodeProtectedPath, s.Text, why)
		} else if i < len(judged) && judged[i].exec != "" || s.Exec != "" {
			if why := x.codePaths(s, &pc); why != "" {
				x.cap(CodeProtectedPath, s.Text, why)
			}
		}
	}
	for _, ref := range x.cmd.Paths {
		if !x.wk().Spend(pathCost(ref.Text, ref.Dirs)) {
			return
		}
		if why := pc.Problem(ref.Text, ref.Flags, ref.Dirs); why != "" {
			x.cap(CodeProtectedPath, "", "redirection "+ref.Op+" "+shell.QuoteExcerpt(ref.Text)+" reaches "+why)
		}
	}
	if p, by, why := x.writtenProtected(); p != "" {
		seg := ""
		if by >= 0 {
			seg = x.cmd.Segs[by].Text
		}
		x.cap(CodeProtectedPath, seg, shell.QuoteExcerpt(p)+why+": a person approves every write to it")
	}
}

// mountProblem judges the host side of a segment's bind mounts from the
// directories the segment runs in: a relative source is the host's root,
// a home or a system directory there (cd / && docker run -v .:/h), or a
// source is or holds a protected path (-v ./permissions.json:/p, -v
// ./.husky:/h): the container gets what the engine would not let the
// command itself write.
func (x *decider) mountProblem(s *shell.Segment, pc *paths.Checker) string {
	if s.Bits&programs.Unpacker == 0 || len(s.Views) == 0 {
		return "" // docker, podman and nerdctl carry the bit
	}
	why := ""
	for _, v := range s.Views {
		programs.MountSources(v, func(src string) {
			if why != "" || !x.wk().Spend(pathCost(src, s.Dirs)) {
				return
			}
			if p := pc.Problem(src, shell.GuessFlags([]string{src})[0], s.Dirs); p != "" {
				why = "a bind mount or build secret of " + shell.QuoteExcerpt(src) + " gives the container " + p
				return
			}
			for _, pwd := range []string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
				if rest, ok := strings.CutPrefix(src, pwd); ok {
					src = "." + rest // the directory the command runs in (cd ~ && … -v $(pwd):/h)
					break
				}
			}
			if strings.HasPrefix(src, "~") || strings.HasPrefix(src, "/") || strings.ContainsAny(src, "$`") {
				return // judged by the model (a home, an absolute or a computed source)
			}
			var room [4]string
			for _, p := range namedFrom(room[:0], src, s.Dirs) {
				if argmodel.HostMount(p) {
					why = "a bind mount of " + shell.QuoteExcerpt(src) + " from " + shell.QuoteExcerpt(p) + " gives the container the host"
					return
				}
			}
		})
	}
	return why
}

const (
	whySystemFile = " is a system-wide file that programs read as their configuration or run as a program (under /etc, /usr, /opt, /var/lib, a directory of programs on PATH, /proc or /sys)"
	whyGitFile    = " is " + paths.WhyGitFile
)

// mayPassOptions reports words of which one may hand options to another
// tool or name an output in a KEY=VALUE list (programs.PassesOptions):
// -W…, -X…, go's -…flags, dest=. Most segments have none, and are not
// looked up.
func mayPassOptions(words []string) bool {
	for _, w := range words {
		if len(w) > 2 && w[0] == '-' && (w[1] == 'W' || w[1] == 'X' || strings.Contains(w, "flags")) || strings.Contains(w, "dest=") {
			return true
		}
	}
	return false
}

// writtenProtected returns the first file by name that the command
// writes (a redirection's target, a file a program's words name as its
// output, a copy's destination, a decompressed or downloaded file, a
// path git restores) under a directory whose files programs read or run
// (internal/hostdirs: /etc, /usr/local/bin, git's hook templates …),
// named .git (gunzip .git.gz: a .git file's gitdir line points git at
// another repository), or matching a pattern protected from writes only
// (paths' writeOnly: .git/HEAD, .git/index, ~/.cargo/env, a version
// manager's interpreters; a glob or an expansion that may be one),
// the segment that writes it (-1 for a compound command's redirection)
// and why it is protected, or "". A copy's sources are read, not
// written: cp /etc/os-release . is everyday.
func (x *decider) writtenProtected() (string, int, string) {
	if !x.writesBefore(-1) {
		return "", -1, "" // no segment writes (worked out once, for the integrity caps too)
	}
	best, by, why := "", -1, ""
	// The protected-path check, made when a word may name a writeOnly
	// path (a value here: a pointer to one would move the decider, whose
	// counter it holds, to the heap).
	var pc paths.Checker
	made := false
	consider := func(word string, dirs []string, j int) {
		if !x.wk().Spend(1 + len(word) + len(dirs)) {
			return
		}
		if (paths.MayNameWriteOnly(word) || dirsMayNameWriteOnly(dirs)) && (best == "" || word < best) {
			// .git/HEAD, ~/.cargo/env: read every day, never written
			// unasked; a glob or an expansion may be one.
			if !made {
				pc, made = x.protCheck(x.root), true
			}
			if p := pc.WriteOnlyProblem(word, shell.GuessFlags([]string{word})[0], dirs); p != "" {
				best, by, why = word, j, " reaches "+p
				return
			}
		}
		if p, w := writtenSystemOrGit(word, dirs, best, x.root); p != "" {
			best, by, why = p, j, w
		}
	}
	for _, r := range x.cmd.Paths {
		if strings.IndexByte(r.Op, '>') >= 0 {
			consider(r.Text, r.Dirs, -1)
		}
	}
	for j := range x.cmd.Segs {
		s := &x.cmd.Segs[j]
		if !x.mayWrite(s) || !segMayNameSystemOrGit(s) && !segMayNameWriteOnly(s) {
			continue
		}
		moves := programs.Moves(s.Words, s.Bits)
		segWrites(s, func(text string, k writeKind) {
			// A copy's or link's sources are read (cp /etc/os-release .
			// is everyday); a move removes them. A prefix is a name too:
			// split x /etc/cron.d/x writes /etc/cron.d/xaa.
			if k != writeSource || moves {
				consider(text, s.Dirs, j)
			}
		})
	}
	return best, by, why
}

// segMayNameSystemOrGit reports a segment of which a word, a
// redirection's target or a directory (after quote removal) holds, in
// any letter case, a word every name writtenProtected looks for holds
// (etc, usr, bin, lib, git: a test holds every written directory of
// internal/hostdirs to one), or a '%' a download decodes, or starts with
// '~': the names are built from these texts, so a segment without one
// writes none of them. The program's own name, bare (git, bin-tool), is
// none of them: segWrites reads the words after it (a download's name
// comes from a URL, which holds '/').
func segMayNameSystemOrGit(s *shell.Segment) bool {
	prog := programs.ProgramAt(s.Words)
	for k, w := range s.Words {
		if k == prog && strings.IndexByte(w, '/') < 0 {
			continue
		}
		if mayNameSystemOrGit(w) {
			return true
		}
	}
	for _, r := range s.Redirs {
		if mayNameSystemOrGit(r.Text) {
			return true
		}
	}
	for _, d := range s.Dirs {
		if dirMayNameSystemOrGit(d) {
			return true
		}
	}
	return false
}

// dirMayNameSystemOrGit is mayNameSystemOrGit for a directory a
// segment's relative words are read from, narrowed for a clean absolute
// one: a name read from it is a prefix of its components followed by a
// word's (the word's ".." climbs back over them, no further than the
// root), so it is under a system directory only when the directory's
// first component is that directory's (or the word's text, which
// segMayNameSystemOrGit reads, holds one), and it is a .git file only
// when a component of the directory holds "git". /ws/proj (which holds
// "pro", for /proc) names neither.
func dirMayNameSystemOrGit(d string) bool {
	if !mayNameSystemOrGit(d) {
		return false
	}
	if !pathtext.CleanAbs(d) || strings.IndexByte(d, '%') >= 0 || holdsGit(d) {
		return true
	}
	first, _, _ := strings.Cut(d[1:], "/")
	for _, r := range writtenRoots {
		if len(first) == len(r) && strings.EqualFold(first, r) {
			return true
		}
	}
	return false
}

// holdsGit reports "git" in t, in any letter case.
func holdsGit(t string) bool {
	for i := 0; i+2 < len(t); i++ {
		if t[i]|0x20 == 'g' && t[i+1]|0x20 == 'i' && t[i+2]|0x20 == 't' {
			return true
		}
	}
	return false
}

// writtenRoots are the first components of the directories
// hostdirs.Written reports (etc, usr, proc …).
var writtenRoots = func() []string {
	var roots []string
	for _, d := range hostdirs.Dirs {
		first, _, _ := strings.Cut(strings.TrimPrefix(d.Path, "/"), "/")
		if d.Written && !slices.Contains(roots, first) {
			roots = append(roots, first)
		}
	}
	return roots
}()

// segMayNameWriteOnly reports a segment of which a word, a redirection's
// target or a directory may name a path of paths' writeOnly patterns.
func segMayNameWriteOnly(s *shell.Segment) bool {
	for _, w := range s.Words {
		if paths.MayNameWriteOnly(w) {
			return true
		}
	}
	for _, r := range s.Redirs {
		if paths.MayNameWriteOnly(r.Text) {
			return true
		}
	}
	return dirsMayNameWriteOnly(s.Dirs)
}

// dirsMayNameWriteOnly reports directories of which one may name a path
// of paths' writeOnly patterns (cd .git && echo x > HEAD).
func dirsMayNameWriteOnly(dirs []string) bool {
	for _, d := range dirs {
		if paths.MayNameWriteOnly(d) {
			return true
		}
	}
	return false
}

// writtenSystemOrGit judges one word a command writes to (in each of
// dirs) for the places no pattern lists: a ~ path that climbs
// (~root/../etc) reaches the system's directories wherever the home is;
// a file named .git points git at another repository; a system
// directory's files are every user's configuration or programs. It
// returns the name and why, or "" when none is, or when it would not come
// before best (the first by name is kept). write_file and the terminal's
// writes both ask it, so that they never disagree.
func writtenSystemOrGit(word string, dirs []string, best, root string) (string, string) {
	if strings.HasPrefix(word, "~") && strings.Contains(word, "..") && (best == "" || word < best) {
		return word, whySystemFile
	}
	if mayExpandToSystem(word) && (best == "" || word < best) {
		return word, whySystemFile
	}
	found, why := "", ""
	var room [4]string
	for _, p := range namedFrom(room[:0], word, dirs) {
		if best != "" && p >= best || found != "" && p >= found {
			continue
		}
		switch {
		case paths.GitFile(p):
			found, why = p, whyGitFile
		case hostdirs.Written(p) && !paths.StdHandle(p) && !inProjectUnderSystem(p, root):
			found, why = p, whySystemFile
		}
	}
	return found, why
}

// inProjectUnderSystem reports a path inside a scope root that is itself
// under a system directory (/usr/src/app, /opt/app, /var/lib/jenkins/
// workspace/x: where container images and CI put projects): the
// project's files are not the system's. A root that is one of the
// table's directories (/usr, /opt) holds no project of its own.
func inProjectUnderSystem(p, root string) bool {
	if !projectUnderSystem(root) {
		return false
	}
	return p == root || strings.HasPrefix(p, root+"/")
}

// projectUnderSystem reports a scope root where container images and CI
// put projects under a system directory: /usr/src/NAME, /opt/NAME,
// /srv/NAME, /var/lib/NAME/… at least two deep, with no component that
// is a directory of programs, libraries or configuration (bin, sbin, lib,
// libexec, etc, share) and not a package manager's own tree
// (/opt/homebrew, /opt/local, /opt/conda): a scope of /usr/local or
// /usr/bin is no project's.
func projectUnderSystem(root string) bool {
	rest, ok := "", false
	for _, pre := range []string{"/usr/src/", "/opt/", "/srv/", "/var/lib/"} {
		if r, cut := strings.CutPrefix(root, pre); cut && r != "" {
			rest, ok = r, pre != "/var/lib/" || strings.Contains(r, "/")
		}
	}
	if !ok || root != path.Clean(root) {
		return false
	}
	switch first, _, _ := strings.Cut(rest, "/"); first {
	case "homebrew", "local", "conda", "miniconda3", "anaconda3":
		return false
	}
	for c := range strings.SplitSeq(rest, "/") {
		switch c {
		case "bin", "sbin", "lib", "lib64", "libexec", "etc", "share", "include":
			return false
		}
	}
	return true
}

// mayExpandToSystem reports a word with a brace or a glob that may expand
// to a path under a system directory: /{etc,tmp}/passwd, {/etc/x,y},
// /e{tc,x}/passwd (each expansion, up to maxBraceWords of them; past
// that, or with a sequence {a..z}, the word may be one), or an absolute
// path with a glob in its first component (/e?c/passwd).
func mayExpandToSystem(w string) bool {
	budget := maxBraceWords
	return expandsToSystem(w, &budget)
}

// expandsToSystem is mayExpandToSystem with the words left to expand
// (budget) shared by every list of the word: past it, the word may be
// one.
func expandsToSystem(w string, budget *int) bool {
	if strings.IndexByte(w, '{') >= 0 {
		words, ok := braceWords(w, nil)
		if *budget -= len(words); !ok || *budget < 0 {
			return true
		}
		for _, e := range words {
			if strings.HasPrefix(e, "/") && hostdirs.Written(path.Clean(e)) || e != w && expandsToSystem(e, budget) {
				return true
			}
		}
	}
	if strings.HasPrefix(w, "/") {
		first := w[1:]
		if k := strings.IndexByte(first, '/'); k >= 0 {
			first = first[:k]
		}
		return strings.ContainsAny(first, ascii.GlobChars)
	}
	return false
}

// maxBraceWords bounds braceWords.
const maxBraceWords = 64

// braceWords appends to out the words the first brace list of w expands
// to (a{b,c}d: abd, acd; the later lists are left for the caller), or w
// itself when it has none; ok is false past maxBraceWords words, for a
// sequence ({a..z}) or a list without its end, which the caller must take
// to name anything.
func braceWords(w string, out []string) ([]string, bool) {
	open := strings.IndexByte(w, '{')
	if open < 0 {
		return append(out, w), true
	}
	depth, start := 0, open+1
	var alts []string
	for k := open; k < len(w); k++ {
		switch w[k] {
		case '{':
			depth++
		case '}':
			if depth--; depth == 0 {
				alts = append(alts, w[start:k])
				if len(alts) == 1 {
					if strings.Contains(alts[0], "..") {
						return out, false
					}
					return append(out, w), true // {x}: no list, bash keeps the braces
				}
				for _, a := range alts {
					if len(out) >= maxBraceWords {
						return out, false
					}
					out = append(out, w[:open]+a+w[k+1:])
				}
				return out, true
			}
		case ',':
			if depth == 1 {
				alts = append(alts, w[start:k])
				start = k + 1
			}
		}
	}
	return out, false
}

// mayNameSystemOrGit is segMayNameSystemOrGit for one text.
func mayNameSystemOrGit(t string) bool {
	if strings.HasPrefix(t, "~") || strings.IndexByte(t, '%') >= 0 {
		return true
	}
	for i := 0; i+2 < len(t); i++ {
		a, b, c := t[i]|0x20, t[i+1]|0x20, t[i+2]|0x20
		switch {
		case a == 'e' && b == 't' && c == 'c', a == 'u' && b == 's' && c == 'r', a == 'b' && b == 'i' && c == 'n',
			a == 'l' && b == 'i' && c == 'b', a == 'g' && b == 'i' && c == 't', a == 's' && b == 'p' && c == 'o',
			a == 'p' && b == 'r' && c == 'o', a == 's' && b == 'y' && c == 's', // /proc, /sys
			a == 'o' && b == 'p' && c == 't': // /opt
			return true
		}
	}
	return false
}

// scopeCost is the work of the path-scope check of word w: a relative
// word is joined to each directory only when it may climb out of it.
func scopeCost(w string, flags uint8, dirs []string) int {
	if flags&shell.WordDotGlob != 0 || strings.Contains(w, "..") {
		return pathCost(w, dirs)
	}
	return 1 + len(w)
}

// finalReturn reports a segment that goes back to a directory of the
// stack (popd, cd -) as the command's last, in a command of plain
// segments: nothing of the command runs in the directory it goes to
// (pushd web && npm test && popd; cd web && make && cd -), and the next
// command is judged from the working directory its host gives. A nested
// script, a trap's action or a segment that may run later (a pipeline's
// stage, a background job) may run there, so their commands do not count.
func (x *decider) finalReturn(s *shell.Segment) bool {
	segs := x.cmd.Segs
	if len(segs) == 0 || s != &segs[len(segs)-1] || !s.Cd || s.Depth != 0 ||
		!(len(s.Words) == 1 && s.Words[0] == "popd" || len(s.Words) == 2 && s.Words[0] == "cd" && s.Words[1] == "-") {
		return false
	}
	for i := range segs {
		if segs[i].Origin != "" || segs[i].Late || segs[i].Depth != 0 {
			return false
		}
	}
	return true
}

// segProtected checks a segment's words and redirection targets against
// the protected paths; it finds nothing more once the budget is spent.
func (x *decider) segProtected(s *shell.Segment, pc *paths.Checker) string {
	if s.CdComputed && !x.finalReturn(s) {
		return "runs in a directory computed at run time (a cd to one, find -execdir): it may be a protected one, which every path would then be inside"
	}
	if why := x.writtenProblem(s, pc); why != "" {
		return why
	}
	if why := appendedInputProblem(s, pc); why != "" {
		return why
	}
	if why := x.printedProblem(s, pc); why != "" {
		return why
	}
	if why := namePatternProblem(s, pc); why != "" {
		return why
	}
	if why := x.recursiveReadProblem(s, pc); why != "" {
		return why
	}
	if why := x.removedDirProblem(s, pc); why != "" {
		return why
	}
	if why := x.deletedByTestProblem(s, pc); why != "" {
		return why
	}
	if why := x.gitFileProblem(s); why != "" {
		return why
	}
	every := pc.EveryWord(s.Dirs)
	for j, w := range s.Words {
		if s.Masks[j]&shell.MaskColon != 0 && !printsOnly(s.Words) {
			if why := fileURLProblem(w, s.Flags[j], s.Dirs, pc); why != "" {
				return shell.QuoteExcerpt(w) + why
			}
		}
		if s.Flags[j]&(shell.WordExpands|shell.WordTilde) != 0 && s.Masks[j]&shell.MaskPath != 0 && !printsOnly(s.Words) {
			check := func(text string, flags uint8) string { return pc.Problem(text, flags, s.Dirs) }
			if why := x.varsProblem(w, s.Flags[j], s.Dirs, check); why != "" {
				return shell.QuoteExcerpt(w) + " reaches " + why + ": a person approves every use of it"
			}
		}
		if !every && s.Masks[j]&shell.MaskDot == 0 && (s.Masks[j]&shell.MaskPath == 0 || !paths.MayReachHandle(w, s.Dirs) && !escapedDefault(w)) && !paths.ProcessFileName(w) && !paths.MayNameSystemSecret(w, s.Dirs) {
			continue // every pattern and file name needs a '.' (see paths.Checker), or a handle, or a process's file, or a system's secret
		}
		if !x.wk().Spend(pathCost(w, s.Dirs)) {
			return ""
		}
		if why := pc.Problem(w, s.Flags[j], s.Dirs); why != "" {
			return shell.QuoteExcerpt(w) + " reaches " + why + ": a person approves every use of it"
		}
		if why := attachedProblem(w, s.Flags[j], s.Dirs, pc); why != "" {
			return shell.QuoteExcerpt(w) + " reaches " + why + ": a person approves every use of it"
		}
	}
	if why := x.segLinks(s, pc); why != "" {
		return why
	}
	if why := x.movedProblem(s); why != "" {
		return why
	}
	if why := x.throughRestoredProblem(s); why != "" {
		return why
	}
	if linksTrees(s.Words) {
		// cp -al . ../c && echo … > ../c/permissions.json: every file
		// under the sources gets a second name, where the protected
		// paths that hold for the first (the scope's policy file, a
		// nested .env) do not reach it.
		return shell.QuoteExcerpt(s.Text) + " links whole trees: every file under its sources, a protected one among them (a nested .env, the policy file), gets a second name that is no protected path; a person approves every such command"
	}
	if s.Bits&programs.Writes != 0 && programs.WritesPrefixes(s.Words) {
		// split and csplit write PREFIX and a suffix, which csplit -b
		// may make anything, nothing too: the prefix is a pattern.
		why := ""
		programs.Written(s.Words, func(j int, text string) {
			if why == "" && x.wk().Spend(pathCost(text, s.Dirs)) {
				if p := pc.WriteProblem(text+"*", s.Flags[j]|shell.WordGlob, s.Dirs); p != "" {
					why = shell.QuoteExcerpt(text) + " and any suffix, the names " + shell.QuoteExcerpt(s.Text) + " writes, reach " + p + ": a person approves every use of it"
				}
			}
		})
		if why != "" {
			return why
		}
	}
	if s.Bits&programs.Pattern != 0 {
		why := ""
		programs.SedFiles(s.Words, func(j int, name string) {
			if why == "" && x.wk().Spend(pathCost(name, s.Dirs)) {
				if p := pc.WriteProblem(name, s.Flags[j], s.Dirs); p != "" {
					why = "the sed script " + shell.QuoteExcerpt(s.Words[j]) + " writes or reads " + shell.QuoteExcerpt(name) + ", which reaches " + p + ": a person approves every use of it"
				}
			}
		})
		if why != "" {
			return why
		}
	}
	for _, ref := range s.Redirs {
		if !x.wk().Spend(pathCost(ref.Text, ref.Dirs)) {
			return ""
		}
		check := pc.Problem
		if strings.IndexByte(ref.Op, '>') >= 0 {
			check = pc.WriteProblem // it writes to its target
		}
		if why := check(ref.Text, ref.Flags, ref.Dirs); why != "" {
			return "redirection " + ref.Op + " " + shell.QuoteExcerpt(ref.Text) + " reaches " + why + ": a person approves every use of it"
		}
	}
	return ""
}

// fileURLProblem checks a file: URL in a word, alone or as an option's
// value (sqlite3 file:x.db, gio copy a file:///p/b, --db=file:x): the
// programs that take one open the path it names once its percent
// escapes are decoded (file:%2eenv is .env, file:.git%2fhooks%2fx a
// hook), so a URL with an escape names a file its text does not show,
// and one without names the path after its scheme and host.
func fileURLProblem(w string, flags uint8, dirs []string, pc *paths.Checker) string {
	at := fileURLAt(w)
	if at < 0 {
		return ""
	}
	rest := w[at+len("file:"):]
	if percentEscape(rest) {
		return " is a file: URL whose percent escapes the program decodes: the file it opens is not its text, and may be a protected path; a person approves every use of it"
	}
	if p, ok := strings.CutPrefix(rest, "//"); ok {
		// file:///p and file://localhost/p name /p.
		if i := strings.IndexByte(p, '/'); i >= 0 {
			rest = p[i:]
		} else {
			rest = p
		}
	}
	if i := strings.IndexAny(rest, "?#"); i >= 0 {
		rest = rest[:i] // sqlite3's file:x.db?mode=rwc, a fragment
	}
	if rest == "" {
		return ""
	}
	if p := pc.Problem(rest, flags, dirs); p != "" {
		return " names " + shell.QuoteExcerpt(rest) + ", which reaches " + p + ": a person approves every use of it"
	}
	return ""
}

// percentEscape reports a percent escape (% and two hex digits) in t:
// printf's file:%s and git's file:%H are none.
func percentEscape(t string) bool {
	for i := 0; i+2 < len(t); i++ {
		if t[i] == '%' && ascii.IsHex(t[i+1]) && ascii.IsHex(t[i+2]) {
			return true
		}
	}
	return false
}

// fileURLAt returns where a file: URL starts in w, in any letter case: at
// its start or after an option's '=' (--db=file:x), or -1.
func fileURLAt(w string) int {
	for at := 0; ; {
		if len(w)-at >= 5 && strings.EqualFold(w[at:at+5], "file:") {
			return at
		}
		i := strings.IndexByte(w[at:], '=')
		if i < 0 {
			return -1
		}
		at += i + 1
	}
}

// copiedNameProblem checks what a copy, move or link writes into its
// destination directory that no word names (copyDestinations):
//   - a source whose base name is a policy file's, under that name: cp
//     /tmp/e/permissions.json src/ writes src/permissions.json (a
//     protected pattern's name is met by the source's own word, and a
//     protected directory as the destination by LinkProblem);
//   - a directory handle as the destination: cp x /dev/fd/3;
//   - the contents of a tree, merged into the scope's root (cp -r t/. .,
//     cp -rT t ., rsync -a t/ ./) or copied from outside the scope into
//     it (cp -r /tmp/t src/): any names, .git/hooks and a policy among
//     them.
func (x *decider) copiedNameProblem(s *shell.Segment, pc *paths.Checker) (why string) {
	if s.Bits&(programs.Trees|programs.PathName) == 0 {
		return "" // no copy, move or link (programs.LinkWords)
	}
	var room [4]int
	dests, attached := copyDestinations(s.Words, s.Bits, room[:0])
	if len(dests) == 0 && attached == "" {
		return ""
	}
	trees := programs.CopiesTrees(s.Words)
	listed := programs.NamesFromList(s.Words)
	deletes := rsyncDeletes(s.Words)
	check := func(dest string, flags uint8) {
		if why != "" || !x.wk().Spend(pathCost(dest, s.Dirs)) {
			return
		}
		if deletes && x.aboveRoot(dest, s.Dirs) {
			why = shell.QuoteExcerpt(dest) + " is the project folder or a directory above it, which holds .git and the policy: " +
				shell.QuoteExcerpt(s.Text) + " deletes what it holds that the source does not; a person approves every such command"
			return
		}
		if in, _ := x.inScope(dest, s.Dirs); listed && in {
			// rsync --files-from=l src dest: the list's names, .vscode/…
			// or .git/hooks/… among them, land under dest.
			why = shell.QuoteExcerpt(s.Text) + " copies the files a list names into " + shell.QuoteExcerpt(dest) +
				" under those names, which no word shows and may be protected; a person approves every such command"
			return
		}
		if p := pc.HandleProblem(dest, flags, s.Dirs, x.opensForReading()); p != "" {
			why = shell.QuoteExcerpt(dest) + ", the destination of " + shell.QuoteExcerpt(s.Text) + ", is " + p + "; a person approves every such command"
			return
		}
		programs.LinkWords(s.Words, s.Bits, func(j int) {
			src := s.Words[j]
			if why != "" || src == dest {
				return
			}
			base := path.Base(src)
			globbed := s.Flags[j]&shell.WordGlob != 0 && strings.ContainsAny(base, ascii.GlobChars)
			if globbed || pc.MayNameFile(base) {
				// cp s/* . lands each name s/* matches in the destination
				// under its own: the base is a glob there too.
				named := strings.TrimSuffix(dest, "/") + "/" + base
				f := flags
				if globbed {
					f |= shell.WordGlob
				}
				if p := pc.WriteProblem(named, f, s.Dirs); p != "" {
					why = shell.QuoteExcerpt(src) + " copied, moved or linked into " + shell.QuoteExcerpt(dest) +
						" is " + shell.QuoteExcerpt(named) + ", which reaches " + p + "; a person approves every such command"
					return
				}
			}
			if trees && x.treeLands(src, s.Flags[j], dest, s.Words, s.Dirs) {
				why = shell.QuoteExcerpt(s.Text) + " copies the contents of " + shell.QuoteExcerpt(src) + " into " + shell.QuoteExcerpt(dest) +
					" under names no word shows, .git and a policy file among them; a person approves every such command"
			}
		})
	}
	for _, d := range dests {
		check(s.Words[d], s.Flags[d])
	}
	if attached != "" {
		check(attached, shell.GuessFlags([]string{attached})[0])
	}
	return why
}

// opensForReading reports a command that may open a descriptor for
// reading (any '<'): standard output may then be a directory (1<.git).
func (x *decider) opensForReading() bool {
	return strings.IndexByte(x.req.Action.Command, '<') >= 0
}

// copyDestinations appends to out the indexes of the words of a copy,
// move or link that may be its destination directory (the last operand,
// and any operand where -t DIR may have put it), and returns an attached
// -tDIR or --target-directory=DIR; a link of one operand (ln -s x) goes
// into ".".
func copyDestinations(v []string, bits programs.Bits, out []int) ([]int, string) {
	n, last := 0, -1
	programs.LinkWords(v, bits, func(j int) { n, last = n+1, j })
	if n == 0 {
		return out, ""
	}
	named, attached := programs.TargetDirectory(v)
	d, known := programs.TargetDirectoryAt(v)
	switch {
	case named && known && d >= 0: // cp -t DIR SRC…: DIR is the word after the option
		out = append(out, d)
	case named && known: // --target-directory=DIR: attached
	default: // rsync -t is --times: the last operand is the destination
		out = append(out, last)
	}
	if n == 1 && strings.HasPrefix(programs.BaseName(v[0]), "ln") && attached == "" {
		attached = "." // ln -s /tmp/e/permissions.json links it here
	}
	return out, attached
}

// treeLands reports whether a recursive copy of src into dest writes names
// no word shows where they matter: src's contents merged into the scope's
// root (t/., rsync's t/, -T), or any tree from outside the scope (or known
// only at run time) into a directory inside it.
func (x *decider) treeLands(src string, flags uint8, dest string, words, dirs []string) bool {
	if x.root == "" || x.rootErr != nil {
		return false
	}
	merges := strings.HasSuffix(src, "/.") || src == "." || strings.HasSuffix(src, "/") && programs.BaseName(words[0]) == "rsync" ||
		slices.ContainsFunc(words, noTargetDirectory)
	destIn, destRoot := x.inScope(dest, dirs)
	if !destIn {
		return false
	}
	if merges && destRoot {
		return true
	}
	srcIn, _ := x.inScope(src, dirs)
	return !srcIn || flags&shell.WordExpands != 0
}

// installsAmongSystem reports an install directory that is, from any of
// dirs, a system directory of programs or libraries or one above them
// (--prefix /usr, --root /, --prefix ../../usr from /ws/p).
func installsAmongSystem(dir string, dirs []string) bool {
	if strings.HasPrefix(dir, "/") {
		return hostdirs.Holds(path.Clean(dir))
	}
	for _, d := range dirs {
		if d != "" && hostdirs.Holds(pathtext.Join(d, dir)) {
			return true
		}
	}
	return false
}

// rsyncDeletes reports an rsync told to delete what the destination
// holds beyond the source (--delete, --del, --delete-before/-during/
// -after/-delay/-excluded, an abbreviation of one).
func rsyncDeletes(words []string) bool {
	if i := slices.IndexFunc(words, func(w string) bool { return !programs.IsAssignment(w) }); i < 0 || programs.BaseName(words[i]) != "rsync" {
		return false
	}
	return slices.ContainsFunc(words, func(w string) bool { return strings.HasPrefix(w, "--del") })
}

// noTargetDirectory reports cp's, mv's, ln's or install's -T
// (--no-target-directory, or any abbreviation getopt takes for it:
// --no-t is already unambiguous, as their other --no- options are
// --no-clobber, --no-copy, --no-dereference and --no-preserve), alone or
// in a cluster (-rT): the source's contents become the destination's.
func noTargetDirectory(w string) bool {
	const long = "--no-target-directory"
	return len(w) >= len("--no-t") && strings.HasPrefix(long, w) ||
		len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.IndexByte(w, 'T') > 0
}

// inScope reports whether word w, from every one of dirs, names a path
// inside the scope, and whether from one of them it names the scope's
// root. A word known only at run time is inside it and may be its root.
func (x *decider) inScope(w string, dirs []string) (inside, root bool) {
	if strings.ContainsAny(w, "$`~") {
		return true, true
	}
	inside = len(dirs) > 0
	for _, d := range dirs {
		p := w
		if !path.IsAbs(w) {
			if d == "" {
				return true, true
			}
			p = pathtext.Join(d, w)
		}
		p = path.Clean(p)
		inside = inside && x.sc.Contains(p)
		root = root || p == x.root
	}
	return inside, root
}

// writtenProblem checks the files a segment's program writes to or
// removes (programs.Written) whose words hold an expansion: some value of
// it may make the file a protected one. A literal word is checked with the
// others.
func (x *decider) writtenProblem(s *shell.Segment, pc *paths.Checker) (why string) {
	found := strings.HasPrefix(s.Origin, "find -")
	if s.Bits&(programs.Writes|programs.Assignment|programs.PathName) == 0 {
		return ""
	}
	// Literal names are the words the path checks read, except the ones
	// inside a list of options handed to another tool (cc -Wl,-o,FILE).
	passed := mayPassOptions(s.Words) && programs.PassesOptions(s.Words)
	if !found && !passed && !anyMasked(s.Flags, shell.WordExpands|shell.WordTilde) {
		return ""
	}
	programs.Written(s.Words, func(j int, text string) {
		f := s.Flags[j]
		if found && strings.Contains(text, "{}") {
			// find -exec puts each found path where {} stands: any path.
			text, f = strings.ReplaceAll(text, "{}", "${found}"), f|shell.WordExpands
		}
		literal := f&shell.WordExpands == 0 && !paths.CwdTilde(text, f)
		if why != "" || literal && (!passed || text == s.Words[j]) || !x.wk().Spend(pathCost(text, s.Dirs)) {
			return
		}
		if p := pc.WriteProblem(text, f, s.Dirs); p != "" {
			why = shell.QuoteExcerpt(s.Words[j]) + " is written to and " + p + ": a person approves every such command"
		}
	})
	return why
}

// removedDirProblem checks the literal operands of a program that removes
// them or changes who may use them (rm -rf .git, chmod -R 777 ~, rm -r .):
// a directory that holds protected paths — one the protected patterns
// name a part of, the home directory, the project folder or a directory
// above it — takes them along.
func (x *decider) removedDirProblem(s *shell.Segment, pc *paths.Checker) (why string) {
	if s.Bits&(programs.Writes|programs.Interpreter|programs.Assignment|programs.PathName) == 0 || !programs.Removes(s.Words) {
		return "" // (an interpreter may run a module that removes: python3 -m pytest --basetemp)
	}
	if programs.NamesFromList(s.Words) {
		return shell.QuoteExcerpt(s.Text) + " removes the files a list names (a file or its input), or changes who may use them, and they may be protected paths; a person approves every such command"
	}
	prog := programs.BaseName(s.Words[min(programs.ProgramAt(s.Words), len(s.Words)-1)])
	deletes := prog == "rm" || prog == "rmdir" // (chmod -R 777 ~/.cache lets anyone read the token in it)
	programs.Written(s.Words, func(j int, text string) {
		f := s.Flags[j]
		if why != "" || text == "" || f&shell.WordExpands != 0 {
			return
		}
		if text[0] == '~' && programs.IsAssignment(s.Words[j]) {
			f |= shell.WordTilde // GOMODCACHE=~: bash expands a tilde after an assignment's =
		}
		why = x.removedDir(text, f, s.Dirs, pc, deletes)
	})
	if why == "" {
		for _, v := range programs.RemovedVariables(s.Words) {
			if why = x.removedVariableProblem(v, s, pc); why != "" {
				break
			}
		}
	}
	if why != "" {
		why += ": " + shell.QuoteExcerpt(s.Text) + " removes it or changes who may use it; a person approves every such command"
	}
	return why
}

// removedVariableProblem checks the directory that variable name holds,
// which the command of segment s removes whole, where an earlier segment
// of the command sets it (export GOMODCACHE=~; go clean -modcache): a
// value it computes may be any directory.
func (x *decider) removedVariableProblem(name string, s *shell.Segment, pc *paths.Checker) string {
	values, set := x.assignedVars()[name]
	if !set {
		return ""
	}
	if values == nil || slices.Contains(values, anyPath) {
		return shell.QuoteExcerpt(s.Text) + " removes the directory " + name + " names, which the command sets to one known only at run time: it may hold protected paths; a person approves every such command"
	}
	for _, v := range values {
		f := uint8(0)
		if strings.HasPrefix(v, "~") {
			f = shell.WordTilde
		}
		if why := x.removedDir(v, f, s.Dirs, pc, false); why != "" {
			return why + ": " + shell.QuoteExcerpt(s.Text) + " removes the directory " + name + " names, which the command sets there; a person approves every such command"
		}
	}
	return ""
}

// removedDir returns why a directory a command removes (or empties) may
// not go without a person, or "": the home directory, the project folder
// or one above it, or a directory that holds a protected path.
func (x *decider) removedDir(text string, f uint8, dirs []string, pc *paths.Checker, deletes bool) string {
	if !x.wk().Spend(pathCost(text, dirs)) {
		return ""
	}
	if what := x.holdsProtected(text, f, dirs); what != "" {
		return shell.QuoteExcerpt(text) + " is " + what
	}
	link := pc.LinkProblem
	if deletes {
		link = pc.RemovalProblem
	}
	if p := link(text, f, dirs); p != "" {
		return shell.QuoteExcerpt(text) + " is " + p
	}
	return ""
}

// holdsProtected returns what directory text is when it holds protected
// paths whole, or "": the home directory, a home by its usual place, or
// the project folder or a directory above it.
func (x *decider) holdsProtected(text string, f uint8, dirs []string) string {
	switch {
	case f&shell.WordTilde != 0 && (text == "~" || strings.TrimRight(text, "/.") == "~"):
		return "the home directory, which holds protected paths (.ssh, .bashrc, …)"
	case homeByPath(text) || !path.IsAbs(text) && slices.ContainsFunc(dirs, nearRoot) && slices.ContainsFunc(treeFromDirs(text, dirs), homeByPath): // cd / && rm -rf home
		return "a home directory by its usual place (/root, /home/NAME, /Users/NAME), or the directory of them, which holds protected paths (.ssh, .bashrc, …)"
	case x.movesRoot(text, f, dirs):
		return "the project folder or a directory above it, which holds .git and the policy"
	}
	return ""
}

// linkedWhole returns why operand j of ln, a link's target, is a
// directory that holds protected paths whole (holdsProtected), read from
// the working directory and from the directory the link is made in, or
// "": after ln -s . p or ln -s ~ h, p/.env and h/.ssh are those paths by
// names no check reads, and p/.. climbs out of the project from where the
// link points, not from where its name is. The link's own name (the last
// operand, or every operand after -t DIR) is not a target.
func (x *decider) linkedWhole(s *shell.Segment, j int) string {
	last := len(s.Words) - 1
	if named, _ := programs.TargetDirectory(s.Words); named || j >= last {
		// ln -t DIR TARGET…: the targets are the operands; the directory
		// a link is made in is not one.
		if !named || j > 0 && (s.Words[j-1] == "-t" || s.Words[j-1] == "--target-directory") {
			return ""
		}
	}
	w := s.Words[j]
	if what := x.holdsProtected(w, s.Flags[j], s.Dirs); what != "" {
		return what
	}
	if dir := path.Dir(s.Words[last]); dir != "." && !path.IsAbs(w) && w[0] != '~' {
		return x.holdsProtected(pathtext.Join(dir, w), s.Flags[j], s.Dirs)
	}
	return ""
}

// gitFileProblem checks the files a segment writes (a redirection's
// target, the files its program writes) for one named .git: a file of
// that name says where git finds the repository (gitdir: DIR), whose
// configuration and hooks the command may have written, so a later git
// in that directory runs them.
func (x *decider) gitFileProblem(s *shell.Segment) (why string) {
	check := func(w string) {
		if why == "" && paths.GitFile(w) {
			why = shell.QuoteExcerpt(w) + " is written as a .git file, which names the repository git reads its configuration and hooks from; a person approves every such command"
		}
	}
	for _, ref := range s.Redirs {
		if strings.IndexByte(ref.Op, '>') >= 0 {
			check(ref.Text)
		}
	}
	if s.AnyMask&shell.MaskDot != 0 && s.Bits&(programs.Writes|programs.Assignment|programs.PathName) != 0 && anyGitFile(s.Words) {
		programs.Written(s.Words, func(_ int, text string) { check(text) })
	}
	return why
}

// anyGitFile reports, cheaply, a word that may name a .git file; only
// then is the segment read for the files it writes.
func anyGitFile(words []string) bool {
	for _, w := range words[1:] {
		if len(w) >= 4 && (paths.GitFile(w) || paths.GitFile(w[strings.IndexByte(w, '=')+1:])) {
			return true
		}
	}
	return false
}

// isGitFile reports a path whose last component is .git, in any letter
// case.
// deletedByTestProblem checks the name tests of a find that deletes what
// passes them (find . -name '*.json' -delete): a test that a protected
// path or a policy file may pass deletes it, wherever it is below the
// starting points. A regular expression, or a pattern known only at run
// time, may pass any.
func (x *decider) deletedByTestProblem(s *shell.Segment, pc *paths.Checker) (why string) {
	if s.Bits&(programs.Writes|programs.Assignment|programs.PathName) == 0 || !wordsHold(s.Words, "find") {
		return "" // only find deletes by a test of names (X=1 find, /usr/bin/find too)
	}
	programs.DeletedNames(s.Words, func(j int, pattern string, t programs.NameTest) {
		if why != "" || !x.wk().Spend(1+len(pattern)) {
			return
		}
		var p string
		switch {
		case t == programs.NameTestRegex:
			p = "a regular expression, which may match any path, a protected one too"
		case s.Flags[j]&shell.WordExpands != 0:
			p = "a pattern known only at run time, which may match a protected path"
		default:
			p = pc.DeletedByTest(pattern, t == programs.NameTestPath)
		}
		if p != "" {
			why = "find deletes the files that " + shell.QuoteExcerpt(s.Words[j]) + " matches, and that may be " + p + ": a person approves every such command"
		}
	})
	return why
}

// aboveRoot reports a word that names, from one of dirs, the scope root
// or a directory that holds it.
func (x *decider) aboveRoot(w string, dirs []string) bool {
	if x.rootErr != nil || x.root == "" {
		return false
	}
	for _, d := range dirs {
		p := w
		if !path.IsAbs(w) {
			if d == "" {
				continue
			}
			p = pathtext.Join(d, w)
		}
		p = path.Clean(p)
		if p == "/" || p == x.root || strings.HasPrefix(x.root, p+"/") {
			return true
		}
	}
	return false
}

// movesRoot reports a source of a move that may be the project folder or
// a directory above it: aboveRoot, and ~+ (the working directory) and
// ~- (the previous one, which may be any) spelled so.
func (x *decider) movesRoot(w string, flags uint8, dirs []string) bool {
	rest, ok := paths.CwdTildeRest(w, flags)
	switch {
	case !ok:
		return x.aboveRoot(w, dirs)
	case w[1] == '-':
		return strings.Trim(rest, "/.") == "" || strings.Contains(rest, "..")
	}
	return x.aboveRoot("."+rest, dirs)
}

// codePaths reads the words of an exec-capable segment (code given to an
// interpreter, a sed or awk script, an editor command) for the paths that
// its strings and words name, which the code may write: sed 'w
// .git/config', awk '{print > ".git/config"}', python3 -c
// 'open(".git/hooks/pre-commit", "w")', and the directories that hold
// protected paths, which the code may join to the rest (".git/" +
// "config"). A name the code builds at run time ('.g'+'it') is not seen.
func (x *decider) codePaths(s *shell.Segment, pc *paths.Checker) string {
	sed := isSed(s.Words)
	code := s.Words[1:]
	if in := s.Input(); in.Kind == shell.StdinText && !in.Computed && s.Exec != "" {
		// python3 <<< 'open(".git/config", "a")', node - <<'EOF': the
		// program's code is its input's text.
		code = append(slices.Clip(code), in.Text)
	}
	for _, w := range code {
		if strings.IndexByte(w, '.') < 0 && strings.IndexByte(w, '/') < 0 && strings.IndexByte(w, '\\') < 0 {
			continue // (an escape may spell either: "\056git\057config")
		}
		if !x.wk().Spend(len(w)) {
			return ""
		}
		writes := codeMayWrite(w)
		// A backslash before a newline continues a string literal in
		// Python, JavaScript and awk: ".bash\⏎rc" is .bashrc.
		// Escapes that name a character in braces (\x{2e}, \N{FULL STOP})
		// are read before the braces split the code.
		w := braceEscapes(strings.ReplaceAll(w, "\\\n", ""))
		for _, t := range strings.FieldsFunc(w, codeSeparator) {
			if sed {
				// sed's w and W commands and the s command's w flag
				// take the rest of the line as the file, a space or
				// not: 1w.git/HEAD, s/a/b/w.git/HEAD, -ew.git/x.
				if f := sedWriteFile(t); f != "" {
					t, writes = f, true
				}
			}
			if len(t) < 2 || t == w && !sed {
				continue
			}
			t = unescapeCode(t)
			if !x.wk().Spend(pathCost(t, s.Dirs)) {
				return ""
			}
			if why := pc.Problem(t, 0, s.Dirs); why != "" {
				return "the code " + shell.QuoteExcerpt(w) + " names " + shell.QuoteExcerpt(t) + ", which reaches " + why + ": a person approves every use of it"
			}
			// What the code may write: the paths protected from writes
			// only, and the system's (awk 'BEGIN{print … > ".git/HEAD"}').
			if why := pc.WriteOnlyProblem(t, 0, s.Dirs); why != "" {
				return "the code " + shell.QuoteExcerpt(w) + " names " + shell.QuoteExcerpt(t) + ", which it may write, and which reaches " + why + ": a person approves every use of it"
			}
			if p, why := writtenSystemOrGit(t, s.Dirs, "", x.root); p != "" && writes {
				return "the code " + shell.QuoteExcerpt(w) + " names " + shell.QuoteExcerpt(t) + ", which it may write: " + shell.QuoteExcerpt(p) + why + "; a person approves every use of it"
			}
			// A directory of protected paths named in code may be joined to
			// the rest at run time (".git" + "/config", Path(".git", "hooks")).
			if strings.IndexByte(t, '.') >= 0 && !strings.ContainsAny(t, "$`") {
				if why := pc.LinkProblem(t, 0, s.Dirs); why != "" {
					return "the code " + shell.QuoteExcerpt(w) + " names " + shell.QuoteExcerpt(t) + ", " + why + ": a person approves every use of it"
				}
			}
		}
	}
	return ""
}

// codeMayWrite reports code that shows a way to write a file: a
// redirection (awk's print > "f", Perl's open(F, ">f")), a write call or
// mode (write, writeFile, "w", "a"), a copy, move or link. Reading a
// system file (open("/proc/cpuinfo")) shows none: its paths are judged
// against the system's directories only when the code may write them.
func codeMayWrite(code string) bool {
	if strings.ContainsAny(code, ">") {
		return true
	}
	lower := strings.ToLower(code)
	for _, k := range codeWriteWords {
		if strings.Contains(lower, k) {
			return true
		}
	}
	return false
}

// codeWriteWords are the words of code that writes files, lowercase.
var codeWriteWords = []string{"write", `"w`, `'w`, `"a`, `'a`, "copy", "move", "rename", "link", "chmod", "mkdir", "touch", "replace", "dump", "save", "append"}

// isSed reports a sed command line (words a segment's, assignments first).
func isSed(words []string) bool {
	i := programs.ProgramAt(words)
	if i >= len(words) {
		return false
	}
	n := programs.BaseName(words[i])
	return n == "sed" || n == "gsed"
}

// sedWriteFile returns the file of a sed w or W command, or of the s
// command's w flag, in one field of its script (1w.git/HEAD,
// s/a/b/w.git/HEAD, -ew.git/x), or "": the text after a w that follows
// the field's start, an address, a command's delimiter or a flag.
func sedWriteFile(t string) string {
	t = strings.TrimPrefix(t, "-e")
	for i := 0; i < len(t); i++ {
		if t[i] != 'w' && t[i] != 'W' {
			continue
		}
		if i > 0 && !strings.ContainsRune("0123456789$/gpIiMme;{}!,", rune(t[i-1])) {
			continue
		}
		if rest := strings.TrimLeft(t[i+1:], " \t"); rest != "" && strings.ContainsAny(rest[:1], "./~") {
			return rest
		}
	}
	return ""
}

// unescapeCode reads a string's escapes (shell.Unescape: "\x2egit/config"
// names .git/config); a backslash left before another byte is dropped, as
// awk drops it (\.git is .git).
func unescapeCode(t string) string {
	if strings.IndexByte(t, '\\') < 0 {
		return t
	}
	return strings.ReplaceAll(shell.Unescape(t), "\\", "")
}

// braceEscapes decodes the escapes of code's string literals that name a
// character in braces, which bash's ANSI-C quoting (shell.Unescape, for
// the rest) does not know: Perl's \x{2e}, \o{56} and \N{U+2E}, the \u{2e}
// of JavaScript and Ruby, and Python's and Perl's \N{FULL STOP} for the
// names of ASCII characters. Any other escape is left as it is.
func braceEscapes(t string) string {
	if !strings.Contains(t, "{") {
		return t
	}
	var b strings.Builder
	for i := 0; i < len(t); i++ {
		if t[i] != '\\' || i+3 >= len(t) || t[i+2] != '{' || strings.IndexByte("xuoN", t[i+1]) < 0 {
			b.WriteByte(t[i])
			continue
		}
		// The body, up to '}': blanks and leading zeros in any number
		// (Perl's \x{  002e }), then at most maxBraceEscape bytes more.
		// A scan that finds no '}' writes what it read as it is and goes
		// on after it, so every byte is read once.
		j := i + 3
		for j < len(t) && (t[j] == ' ' || t[j] == '0') {
			j++
		}
		lead := j
		for j < len(t) && j-lead <= maxBraceEscape && t[j] != '}' && t[j] != '\\' {
			j++
		}
		if j >= len(t) || t[j] != '}' {
			b.WriteString(t[i:j])
			i = j - 1
			continue
		}
		body := strings.TrimSpace(t[lead:j])
		if body == "" && lead > i+3 {
			body = "0"
		}
		r, ok := rune(0), false
		switch t[i+1] {
		case 'x', 'u':
			r, ok = numberRune(body, 16)
		case 'o':
			r, ok = numberRune(body, 8)
		case 'N':
			if hex, isCode := strings.CutPrefix(strings.ToUpper(strings.TrimSpace(t[i+3:j])), "U+"); isCode {
				r, ok = numberRune(strings.TrimLeft(hex, "0 "), 16)
			} else {
				r, ok = asciiNamed(t[i+3 : j])
			}
		}
		if !ok {
			b.WriteString(t[i : j+1])
			i = j
			continue
		}
		b.WriteRune(r)
		i = j
	}
	return b.String()
}

// maxBraceEscape bounds the text between the braces of an escape that
// braceEscapes reads after its blanks and leading zeros: the longest
// Unicode name of an ASCII character, and the significant digits of a
// number, are shorter.
const maxBraceEscape = 40

// numberRune reads the digits of an escape in base.
func numberRune(digits string, base int) (rune, bool) {
	digits = strings.TrimSpace(digits)
	if trimmed := strings.TrimLeft(digits, "0"); trimmed != "" {
		digits = trimmed
	}
	n, err := strconv.ParseUint(digits, base, 21)
	if err != nil || n > unicode.MaxRune {
		return 0, false
	}
	return rune(n), true
}

// asciiPunctuationNames are the Unicode names of the characters of a path
// that are not letters or digits.
var asciiPunctuationNames = map[string]rune{
	"FULL STOP": '.', "SOLIDUS": '/', "REVERSE SOLIDUS": '\\', "HYPHEN-MINUS": '-', "LOW LINE": '_', "TILDE": '~',
	"SPACE": ' ', "COLON": ':', "COMMA": ',', "PLUS SIGN": '+', "COMMERCIAL AT": '@', "PERCENT SIGN": '%',
	"EQUALS SIGN": '=', "NUMBER SIGN": '#', "DOLLAR SIGN": '$', "AMPERSAND": '&', "ASTERISK": '*', "QUESTION MARK": '?',
}

// asciiNamed returns the ASCII character a Unicode name names (\N{FULL
// STOP}, \N{LATIN SMALL LETTER G}, \N{DIGIT ONE}), in any letter case as
// Python takes them.
func asciiNamed(name string) (rune, bool) {
	name = strings.ToUpper(strings.Join(strings.Fields(name), " "))
	if r, ok := asciiPunctuationNames[name]; ok {
		return r, true
	}
	for _, p := range []struct {
		prefix string
		base   rune
	}{{"LATIN SMALL LETTER ", 'a'}, {"LATIN CAPITAL LETTER ", 'A'}} {
		if l, ok := strings.CutPrefix(name, p.prefix); ok && len(l) == 1 && l[0] >= 'A' && l[0] <= 'Z' {
			return p.base + rune(l[0]-'A'), true
		}
	}
	digits := []string{"ZERO", "ONE", "TWO", "THREE", "FOUR", "FIVE", "SIX", "SEVEN", "EIGHT", "NINE"}
	if d, ok := strings.CutPrefix(name, "DIGIT "); ok {
		if k := slices.Index(digits, d); k >= 0 {
			return '0' + rune(k), true
		}
	}
	return 0, false
}

// codeSeparator reports the bytes that end a path inside code: quotes,
// spaces, brackets and operators.
func codeSeparator(r rune) bool {
	return strings.ContainsRune(" \t\n\"'`(){}[],;=+<>|&!:", r)
}

// maxCluster bounds the option letters before an attached value that
// attachedProblem tries (-o, -rt, -xzfC …, and a compiler's -include and
// -idirafter, whose values attach too: -include.env).
const maxCluster = 10

// attachedProblem checks the values a short-option word may carry attached
// (sort -o.git/config, cp -t.git/hooks, tar -xC.git): every suffix after
// one to maxCluster option letters is read as a path. Which letters of a
// program take a value need not be known: every reading is tried.
func attachedProblem(w string, flags uint8, dirs []string, pc *paths.Checker) string {
	if len(w) < 3 || w[0] != '-' || w[1] == '-' {
		return ""
	}
	for k := 2; k < len(w) && k <= 1+maxCluster; k++ {
		c := w[k-1]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			break
		}
		if why := pc.Problem(w[k:], flags, dirs); why != "" {
			return why
		}
	}
	if len(w) > 3 && w[1] == 'W' && strings.IndexByte(w, ',') > 0 {
		// A compiler driver hands -Wp,-include,.env, -Wa,… and -Wl,…
		// to a pass as options, split at the commas: each is read as a
		// word of its own.
		for part := range strings.SplitSeq(w[strings.IndexByte(w, ',')+1:], ",") {
			if why := pc.Problem(part, flags, dirs); why != "" {
				return why
			}
			if part != w {
				if why := attachedProblem(part, flags, dirs, pc); why != "" {
					return why
				}
			}
		}
	}
	return ""
}

// movedProblem returns why a segment that moves or copies files (mv, cp,
// rsync, git mv) reaches what its names do not show, or "": a symbolic
// link the command makes keeps its relative target when it is moved or
// copied as a link, and the target then resolves from the new directory
// (ln -s config c && mv c .git/c2 makes .git/c2 a name of .git/config);
// and moving the working directory, or a directory above it, moves the
// shell with it (cd w && mv ../w ../.git/w: ../config is then
// .git/config), where the engine reads later paths from the old place.
func (x *decider) movedProblem(s *shell.Segment) string {
	prog := programs.BaseName(programs.FirstVerb(s.Words))
	if s.Bits&programs.Trees == 0 && prog != "git" || makesLinks(s.Words) {
		return ""
	}
	var ops []string
	programs.LinkWords(s.Words, s.Bits, func(k int) { ops = append(ops, s.Words[k]) })
	target := targetDirectory(s.Words)
	if len(ops) < 2 && target == "" {
		return "" // (one operand: no move, or a copy into the working directory)
	}
	if x.relativeLinkBefore(s) {
		return shell.QuoteExcerpt(s.Text) + " moves or copies files after the command makes a symbolic link: a link moved keeps its relative target, which then resolves from its new directory, a protected path among them; a person approves every such command"
	}
	sources, dest := ops, target
	if target == "" {
		sources, dest = ops[:len(ops)-1], ops[len(ops)-1]
	}
	if keepsLinks(s.Words, prog) && intoGit(dest) {
		// mv c .git/c2 with c a link made by an earlier command: whether
		// a source is a link the words do not show.
		return shell.QuoteExcerpt(s.Text) + " moves or copies into .git files that may be symbolic links, whose relative targets then resolve inside it; a person approves every such command"
	}
	if prog != "mv" && prog != "git" {
		return "" // a copy leaves the shell where it is
	}
	for _, src := range sources {
		if src == "" || strings.ContainsAny(src, "$`*?[{~") {
			continue // (the path checks read computed names)
		}
		for _, d := range s.Dirs {
			p := path.Clean(path.Join(d, src))
			if path.IsAbs(src) {
				p = path.Clean(src)
			}
			if d == p || strings.HasPrefix(d, p+"/") {
				return shell.QuoteExcerpt(s.Text) + " moves the directory the command runs in, or one above it: the shell moves with it, and the paths after it no longer name what they seem to; a person approves every such command"
			}
		}
	}
	return ""
}

// targetDirectory returns the directory a copy or move names with -t or
// --target-directory (an abbreviation too, the value attached or not), or
// "": every operand is then a source.
func targetDirectory(words []string) string {
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			return ""
		case strings.HasPrefix(w, "--t") && strings.HasPrefix("--target-directory", strings.SplitN(w, "=", 2)[0]) && len(w) > 3:
			if _, v, ok := strings.Cut(w, "="); ok {
				return v
			}
			if i+1 < len(words) {
				return words[i+1]
			}
		case len(w) > 1 && w[0] == '-' && w[1] != '-':
			if k := strings.IndexByte(w, 't'); k > 0 {
				if k+1 < len(w) {
					return w[k+1:]
				}
				if i+1 < len(words) {
					return words[i+1]
				}
			}
		}
	}
	return ""
}

// keepsLinks reports a move or copy that carries a symbolic link as a
// link: mv, git mv, cp that recurses or keeps links (-r, -R, -a, -d, -P,
// --no-dereference), rsync.
func keepsLinks(words []string, prog string) bool {
	switch prog {
	case "mv", "git", "rsync":
		return true
	case "cp", "gcp":
		i := programs.ProgramAt(words)
		return i < len(words) && copyOption(words[i+1:], "rRadP", "recursive", "archive", "no-dereference")
	}
	return false
}

// intoGit reports a path with a .git component: a destination inside a
// repository's own directory.
func intoGit(p string) bool {
	for _, c := range strings.Split(path.Clean(p), "/") {
		if strings.EqualFold(c, ".git") {
			return true
		}
	}
	return false
}

// throughRestoredProblem returns why segment s writes under a path an
// earlier git command wrote from another tree, or "": git writes a tree's
// symbolic link as a link (a tree the command builds with git mktree, or
// any commit's), so g/config after git restore --source=T g may be
// .git/config.
func (x *decider) throughRestoredProblem(s *shell.Segment) string {
	restored := x.gitRestored()
	if len(restored) == 0 {
		return ""
	}
	idx := 0
	for idx < len(x.cmd.Segs) && &x.cmd.Segs[idx] != s {
		idx++
	}
	why := ""
	segWrites(s, func(text string, _ writeKind) {
		if why != "" {
			return
		}
		var room [4]string
		for _, n := range namedFrom(room[:0], text, s.Dirs) {
			for _, r := range restored {
				if r.seg < idx && (strings.HasPrefix(n, r.name+"/") || r.name == "/") {
					why = shell.QuoteExcerpt(text) + " is under a path git wrote from another tree earlier in the command, which may be a symbolic link to anywhere, a protected path among them; a person approves every such command"
					return
				}
			}
		}
	})
	return why
}

// restoredPath is a path a git command writes from another tree
// (programs.GitPathspecs), and the segment that writes it.
type restoredPath struct {
	name string
	seg  int
}

// gitRestored returns the paths the command's git commands write from
// another tree, worked out once.
func (x *decider) gitRestored() []restoredPath {
	if x.restoredDone {
		return x.restored
	}
	x.restoredDone = true
	for i := range x.cmd.Segs {
		t := &x.cmd.Segs[i]
		if t.Bits&programs.Writes == 0 {
			continue
		}
		programs.GitPathspecs(t.Words, nil, func(k int, _ bool) {
			var room [4]string
			for _, n := range namedFrom(room[:0], strings.TrimSuffix(literalPrefix(t.Words[k]), "/"), t.Dirs) {
				x.restored = append(x.restored, restoredPath{n, i})
			}
		})
	}
	return x.restored
}

// relativeLinkBefore reports whether a segment before s makes a symbolic
// link with a relative target (ln -s config c; cp -s): the links whose
// meaning a move changes.
func (x *decider) relativeLinkBefore(s *shell.Segment) bool {
	for i := range x.cmd.Segs {
		w := x.cmd.Segs[i].Words
		if &x.cmd.Segs[i] == s {
			return false
		}
		if makesLinks(w) && relativeSymlink(w) {
			return true
		}
	}
	return false
}

// relativeSymlink reports an ln or cp that makes symbolic links (-s,
// --symbolic, --symbolic-link) with an operand that is no absolute path.
func relativeSymlink(words []string) bool {
	i := programs.ProgramAt(words)
	if i >= len(words) {
		return false
	}
	symbolic, relative := false, false
	opts := true
	for _, w := range words[i+1:] {
		switch {
		case opts && w == "--":
			opts = false
		case opts && strings.HasPrefix(w, "--"):
			if l := strings.TrimPrefix(w, "--"); len(l) >= 2 && (strings.HasPrefix("symbolic", l) || strings.HasPrefix("symbolic-link", l)) {
				symbolic = true
			} else if len(l) >= 2 && strings.HasPrefix("relative", l) {
				relative = true
			}
		case opts && len(w) > 1 && w[0] == '-':
			symbolic = symbolic || strings.IndexByte(w[1:], 's') >= 0
			relative = relative || strings.IndexByte(w[1:], 'r') >= 0 // ln -sr: made relative
		default:
			relative = relative || !strings.HasPrefix(w, "/")
		}
	}
	return symbolic && relative
}

// segLinks checks the words of a segment that gives directories second
// names or writes whole trees (ln, mv, cp, rsync), and a segment that
// unpacks an archive or a patch: a directory holding a protected path
// reached by another name, or names no word shows.
func (x *decider) segLinks(s *shell.Segment, pc *paths.Checker) (why string) {
	if programs.Unpacks(s.Words, s.Bits) {
		return shell.QuoteExcerpt(s.Text) + " creates files under names its words do not show (an archive's or a patch's, a server's, a rename's expression): a protected path may be among them; a person approves every such command"
	}
	if s.Bits&(programs.Unpacker|programs.PathName) != 0 {
		programs.Decompressed(s.Words, func(j int, name string) {
			if why != "" || !x.wk().Spend(pathCost(name, s.Dirs)) {
				return
			}
			if p := pc.WriteProblem(name, s.Flags[j], s.Dirs); p != "" {
				why = shell.QuoteExcerpt(s.Words[j]) + " is decompressed into " + shell.QuoteExcerpt(name) + ", which is " + p + "; a person approves every such command"
			}
		})
		if why != "" {
			return why
		}
	}
	if s.Bits&(programs.Trees|programs.Unpacker|programs.PathName) != 0 {
		// cp --target-directory=.git x: the attached directory, read as
		// the -t DIR word is.
		if _, dir := programs.TargetDirectory(s.Words); dir != "" && x.wk().Spend(pathCost(dir, s.Dirs)) {
			if p := pc.LinkProblem(dir, shell.GuessFlags([]string{dir})[0], s.Dirs); p != "" {
				return shell.QuoteExcerpt(dir) + ", the directory " + shell.QuoteExcerpt(s.Text) + " writes into, is " + p + "; a person approves every such command"
			}
		}
	}
	if wordsHold(s.Words, "pip") {
		programs.InstallTrees(s.Words, func(j int, dir string) {
			if why == "" && x.wk().Spend(pathCost(dir, s.Dirs)) {
				if p := pc.LinkProblem(dir, shell.GuessFlags([]string{dir})[0], s.Dirs); p != "" {
					why = shell.QuoteExcerpt(dir) + ", the directory " + shell.QuoteExcerpt(s.Text) + " installs a package into, is " + p + "; a person approves every such command"
				} else if installsAmongSystem(dir, s.Dirs) {
					// --prefix /usr, --root /, --target /usr/lib/…: the
					// package's programs and modules land among the
					// system's, found before them or run in their place.
					why = shell.QuoteExcerpt(dir) + ", the directory " + shell.QuoteExcerpt(s.Text) + " installs a package into, holds the system's programs or modules; a person approves every such command"
				}
			}
		})
		if why != "" {
			return why
		}
	}
	moves := programs.Moves(s.Words, s.Bits)
	last := len(s.Words) - 1
	if moves {
		if named, _ := programs.TargetDirectory(s.Words); named {
			last = -1 // mv -t DIR SRC…: every operand is a source
		}
	}
	fromInput := programs.LinkWords(s.Words, s.Bits, func(j int) {
		if why != "" || !x.wk().Spend(pathCost(s.Words[j], s.Dirs)) {
			return
		}
		p := pc.LinkProblem(s.Words[j], s.Flags[j], s.Dirs)
		if p == "" {
			// ln -s /dev/fd/3 h, cp -P /proc/self/cwd g: a link to a
			// handle (or a copy of one, which cp -P, -d and -a make a
			// link) is a second name for whatever directory the handle
			// is opened on.
			p = pc.HandleProblem(s.Words[j], s.Flags[j], s.Dirs, x.opensForReading())
		}
		if p == "" && (paths.HandleAncestor(s.Words[j]) || paths.ClimbsToHandleAncestor(s.Words[j])) {
			// ln -s /proc/self g: g/cwd is then the working directory;
			// so with ln -s ../../../../proc/self g.
			p = "a directory that holds directory handles (/proc/self/cwd, /dev/fd/3), which a second name reaches without naming them"
		}
		if p == "" && programs.BaseName(s.Words[0]) == "ln" {
			if p = x.linkedWhole(s, j); p != "" {
				p = "a link's target that is " + p + ": the link's name reaches them without naming them, and climbs out from where it points"
			}
		}
		if p == "" && programs.BaseName(s.Words[0]) == "ln" {
			p = x.linkReach(s, j, pc)
		}
		if p != "" {
			why = shell.QuoteExcerpt(s.Words[j]) + " is " + p + "; a person approves every such command"
		} else if moves && j != last && x.movesRoot(s.Words[j], s.Flags[j], s.Dirs) {
			// cd .. && mv proj proj.x: the project, its .git and its
			// policy are gone from where the next command looks.
			why = shell.QuoteExcerpt(s.Words[j]) + " is the project folder or a directory above it, which holds .git and the policy: " +
				shell.QuoteExcerpt(s.Text) + " moves it away; a person approves every such command"
		}
	})
	if why == "" {
		why = x.filledDirProblem(s, pc)
	}
	if why == "" {
		why = x.pathspecProblem(s, pc)
	}
	if why == "" && s.Bits&programs.Effect != 0 {
		// wget -P ~ https://h/%2Ebashrc saves .bashrc in the home: the
		// name a download takes from its URL, in the directory an option
		// names.
		var room [4]string
		for _, d := range programs.DownloadsTo(s.Words, room[:0]) {
			if !x.wk().Spend(pathCost(d, s.Dirs)) {
				break
			}
			if p := pc.WriteProblem(d, shell.GuessFlags([]string{d})[0], s.Dirs); p != "" {
				why = shell.QuoteExcerpt(s.Text) + " saves its download as " + shell.QuoteExcerpt(d) + ", which is " + p + "; a person approves every such command"
				break
			}
		}
	}
	if why == "" {
		programs.JoinedOutputs(s.Words, s.Bits, func(j int, file string) {
			if why != "" || !x.wk().Spend(pathCost(file, s.Dirs)) {
				return
			}
			if p := pc.WriteProblem(file, s.Flags[j], s.Dirs); p != "" {
				why = shell.QuoteExcerpt(s.Text) + " writes " + shell.QuoteExcerpt(file) + ", a name one option gives in the directory another names, which is " + p + "; a person approves every such command"
			}
		})
	}
	if why == "" {
		why = x.backupProblem(s, pc)
	}
	if why == "" {
		why = x.copiedNameProblem(s, pc)
	}
	if fromInput && why == "" {
		why = shell.QuoteExcerpt(s.Text) + " takes its paths from input, which may name a directory holding a protected path; a person approves every such command"
	}
	if why == "" && s.Bits&(programs.Wrapper|programs.Assignment|programs.PathName) != 0 && programs.AppendsInput(s.Words) {
		for _, v := range s.Views[1:] {
			if !x.wk().Spend(len(v)) {
				return ""
			}
			if programs.WritesOperands(v) {
				return shell.QuoteExcerpt(s.Text) + " writes to files named by its input, which may name a protected path; a person approves every such command"
			}
		}
	}
	return why
}

// filledDirProblem checks the directories git fills with a repository's
// tree (git clone R .github/workflows, git worktree add .github): a tree
// of files no word names is written into each, so each is checked as a
// tree writer's target is, whole.
func (x *decider) filledDirProblem(s *shell.Segment, pc *paths.Checker) (why string) {
	programs.FilledDirs(s.Words, func(j int, name string) {
		if why != "" || !x.wk().Spend(pathCost(name, s.Dirs)) {
			return
		}
		if p := pc.LinkProblem(name, s.Flags[j], s.Dirs); p != "" {
			why = shell.QuoteExcerpt(name) + " is filled with a repository's files by " + shell.QuoteExcerpt(s.Text) + ", and it is " + p + "; a person approves every such command"
		}
	})
	if why != "" {
		return why
	}
	clears := programs.VenvClears(s.Words)
	programs.VenvDirs(s.Words, func(j int) {
		if clears && why == "" {
			// python3 -m venv --clear DIR removes what DIR holds first. A
			// .venv's protected files are the environment's own (pip.conf,
			// bin/), which clearing removes and plants nothing in.
			if p := x.removedDir(s.Words[j], s.Flags[j], s.Dirs, pc, true); p != "" && path.Base(path.Clean(s.Words[j])) != ".venv" {
				why = p + ": " + shell.QuoteExcerpt(s.Text) + " removes what it holds to make a virtual environment there; a person approves every such command"
				return
			}
		}
		for _, f := range programs.VenvFiles {
			name := strings.TrimSuffix(s.Words[j], "/") + "/" + f
			if why != "" || !x.wk().Spend(pathCost(name, s.Dirs)) {
				return
			}
			if p := pc.WriteProblem(name, s.Flags[j], s.Dirs); p != "" {
				why = shell.QuoteExcerpt(s.Words[j]) + " is filled with a virtual environment by " + shell.QuoteExcerpt(s.Text) + ", which writes " + shell.QuoteExcerpt(name) + ": " + p + "; a person approves every such command"
			}
		}
	})
	return why
}

// pathspecProblem checks the pathspecs of a git command that writes
// work-tree files from another tree or removes them (git rm -r ., git
// checkout evil -- .claude, git restore -s evil ':(top).env'): each is
// checked as a tree writer's target is, whole, and one git reads as a
// pattern (magic, wildcards) or from a file names paths no word shows.
func (x *decider) pathspecProblem(s *shell.Segment, pc *paths.Checker) (why string) {
	fromFile := programs.GitPathspecs(s.Words, s.Flags, func(j int, pattern bool) {
		if why != "" || !x.wk().Spend(pathCost(s.Words[j], s.Dirs)) {
			return
		}
		switch {
		case pattern:
			why = shell.QuoteExcerpt(s.Words[j]) + " is a pathspec git matches itself, which may reach a protected path: " + shell.QuoteExcerpt(s.Text) + " writes or removes what it matches; a person approves every such command"
		case x.aboveRoot(s.Words[j], s.Dirs):
			why = shell.QuoteExcerpt(s.Words[j]) + " is the project folder or a directory above it, which holds protected paths: " + shell.QuoteExcerpt(s.Text) + " writes or removes the files in it; a person approves every such command"
		}
		if why != "" {
			return
		}
		if p := pc.LinkProblem(s.Words[j], s.Flags[j], s.Dirs); p != "" {
			why = shell.QuoteExcerpt(s.Words[j]) + " is " + p + ": " + shell.QuoteExcerpt(s.Text) + " writes or removes the files in it; a person approves every such command"
		}
	})
	if why == "" && fromFile {
		why = shell.QuoteExcerpt(s.Text) + " writes or removes the paths a file or its input names, which may be protected; a person approves every such command"
	}
	return why
}

// linkReach checks what else a link's word j reaches: every directory
// above it (a link to .git/objects is a way into .git through o/..), and,
// where the link is made in another directory, the word read from there
// (ln -s config .git/c links .git/config: a relative target is the
// link's directory's).
func (x *decider) linkReach(s *shell.Segment, j int, pc *paths.Checker) string {
	w := s.Words[j]
	for d := path.Dir(path.Clean(w)); d != "." && d != "/" && d != ".."; d = path.Dir(d) {
		if p := pc.LinkProblem(d, s.Flags[j], s.Dirs); p != "" {
			return "a way into " + shell.QuoteExcerpt(d) + " (by ..), which is " + p
		}
	}
	last := len(s.Words) - 1
	if j == last || strings.HasPrefix(w, "/") {
		return ""
	}
	if dir := path.Dir(s.Words[last]); dir != "." {
		if p := pc.LinkProblem(pathtext.Join(dir, w), s.Flags[j], s.Dirs); p != "" {
			return "linked from " + shell.QuoteExcerpt(dir) + " as " + shell.QuoteExcerpt(pathtext.Join(dir, w)) + ", which is " + p
		}
	}
	return ""
}

// backupProblem checks the backups a copy, move or link makes of the
// files it replaces under a suffix of the command's choosing (cp -b -S rc
// e ~/.bash writes ~/.bashrc): every operand with the suffix appended is
// written to. A suffix known only at run time may build any name.
func (x *decider) backupProblem(s *shell.Segment, pc *paths.Checker) (why string) {
	if why := x.inPlaceBackupProblem(s, pc); why != "" {
		return why
	}
	if s.Bits&(programs.Trees|programs.PathName) == 0 {
		return ""
	}
	at, suffix, ok := programs.BackupSuffix(s.Words)
	if !ok {
		return ""
	}
	if programs.CopiesTrees(s.Words) {
		return shell.QuoteExcerpt(s.Text) + " copies a tree with backups named by a suffix: a file inside it backed up under that suffix may take a protected name; a person approves every such command"
	}
	if s.Flags[at]&(shell.WordExpands|shell.WordGlob|shell.WordBrace) != 0 {
		return shell.QuoteExcerpt(s.Text) + " names its backups with a suffix known only at run time, which may build a protected name; a person approves every such command"
	}
	programs.LinkWords(s.Words, s.Bits, func(j int) {
		if why != "" || j == at || !x.wk().Spend(pathCost(s.Words[j], s.Dirs)+len(suffix)) {
			return
		}
		if p := pc.WriteProblem(s.Words[j]+suffix, s.Flags[j], s.Dirs); p != "" {
			why = shell.QuoteExcerpt(s.Words[j]) + " is backed up as " + shell.QuoteExcerpt(s.Words[j]+suffix) + ", which is " + p + "; a person approves every such command"
		}
	})
	return why
}

// backupScope caps a segment whose in-place edit keeps its backups
// outside the scope (sed -i'/tmp/x/*' f writes /tmp/x/f), and reports
// whether it did.
func (x *decider) backupScope(s *shell.Segment) bool {
	if s.Bits&(programs.Writes|programs.Interpreter|programs.Assignment|programs.PathName) == 0 {
		return false // no in-place editor: no model parse
	}
	suffix, files, dynamic, ok := programs.InPlaceBackups(s.Words, s.Flags, shell.WordExpands|shell.WordGlob|shell.WordBrace)
	if !ok || dynamic || !strings.Contains(suffix, "/") {
		return false // a suffix known only at run time is the protected-path check's
	}
	for _, j := range files {
		for _, b := range programs.BackupNames(s.Words[j], suffix) {
			if !x.wk().Spend(scopeCost(b, 0, s.Dirs)) {
				return false
			}
			if why := paths.Problem(b, 0, s.Dirs, x.sc, true); why != "" {
				x.cap(CodePathScope, s.Text, shell.QuoteExcerpt(s.Words[j])+" is kept as "+shell.QuoteExcerpt(b)+" before it is edited: "+why)
				return true
			}
		}
	}
	return false
}

// inPlaceBackupProblem checks the backups an in-place edit keeps under a
// suffix of the command's choosing (sed -ifig x .git/con keeps
// .git/config): every file it may edit, with its backup name, is written
// to. A suffix known only at run time may build any name.
func (x *decider) inPlaceBackupProblem(s *shell.Segment, pc *paths.Checker) (why string) {
	if s.Bits&(programs.Writes|programs.Interpreter|programs.Assignment|programs.PathName) == 0 {
		return "" // no in-place editor (sed and perl write, ruby interprets): no model parse
	}
	suffix, files, dynamic, ok := programs.InPlaceBackups(s.Words, s.Flags, shell.WordExpands|shell.WordGlob|shell.WordBrace)
	switch {
	case !ok:
		return ""
	case dynamic:
		return shell.QuoteExcerpt(s.Text) + " keeps the originals of the files it edits under a suffix known only at run time, which may build a protected name; a person approves every such command"
	}
	for _, j := range files {
		for _, b := range programs.BackupNames(s.Words[j], suffix) {
			if !x.wk().Spend(pathCost(b, s.Dirs)) {
				return ""
			}
			if p := pc.WriteProblem(b, s.Flags[j], s.Dirs); p != "" {
				return shell.QuoteExcerpt(s.Words[j]) + " is kept as " + shell.QuoteExcerpt(b) + " before it is edited, which is " + p + "; a person approves every such command"
			}
		}
	}
	return ""
}

// anyFlags reports a word that the shell may still change.
func anyFlags(flags []uint8) bool {
	for _, f := range flags {
		if f != 0 {
			return true
		}
	}
	return false
}

// anyExpands reports a word that holds an expansion.
func anyExpands(flags []uint8) bool {
	for _, f := range flags {
		if f&shell.WordExpands != 0 {
			return true
		}
	}
	return false
}

// pathTextProblem reports a file name that is not what a person reads: a
// control character (a NUL, a tab, a newline among them), invalid UTF-8
// or an invisible character.
func pathTextProblem(p string) string {
	if i := strings.IndexAny(p, "\t\n"); i >= 0 {
		return fmt.Sprintf("control character %U at byte %d: the file written may not be the file named", rune(p[i]), i)
	}
	return shell.IntegrityProblem(p)
}

// escapedDefault reports a word whose ${x:-…} default may spell a '.' the
// text does not show: ${u:-$'\x2eenv'} is .env.
func escapedDefault(w string) bool {
	return strings.Contains(w, "${") && strings.IndexByte(w, '\\') >= 0
}

// printsOnly reports echo, whose words are text it prints: a value the
// command builds there names no file.
func printsOnly(words []string) bool {
	return len(words) > 0 && (words[0] == "echo" || words[0] == ":")
}

// appendedInputProblem reads the text of a here-string or here-document
// that a program appending its input to a command (xargs) takes its words
// from, as xargs splits them (quotes and backslashes removed): each is a
// word of the command it runs (xargs cat <<< .env reads .env).
func appendedInputProblem(s *shell.Segment, pc *paths.Checker) string {
	in := s.Input() // (first: most segments read no here-string, and the program's lookup costs more)
	if in.Kind != shell.StdinText {
		return ""
	}
	k := programs.ProgramAt(s.Words)
	if k >= len(s.Words) {
		return ""
	}
	names := programs.NamesFromInput(s.Words)
	if in.Computed && names {
		return programs.BaseName(s.Words[k]) + " takes the names of the files it reads from its input, which holds names known only at run time: any may be a protected path; a person approves every use of it"
	}
	if in.Computed || !names && !argmodel.AppendsInput(programs.BaseName(s.Words[k])) {
		return ""
	}
	for raw := range strings.FieldsSeq(in.Text) {
		if p, why := inputWordProblem(raw, s.Dirs, pc); why != "" {
			return shell.QuoteExcerpt(p) + ", a word " + programs.BaseName(s.Words[k]) + " takes from its input, reaches " + why + ": a person approves every use of it"
		}
	}
	return xargsInputProblem(s, in.Text, pc)
}

// maxReplaceLines bounds the lines of an input that an xargs -I puts into
// its command's words, and the words it puts them in, that are read; past
// them, the command asks.
const maxReplaceLines = 64

// maxReplaceBytes bounds the text of the names xargs -I builds that are
// read (every line in every word), so that the reading stays linear.
const maxReplaceBytes = 64 << 10

// xargsInputProblem reads an xargs's input as its options split it, where
// blanks do not: at the delimiter of -d or -0 (xargs -d X cat <<< .envXq
// reads .env), and each line in place of the replace string of -I in the
// words of the command it runs (xargs -I{} cat {}nv <<< .e reads .env).
func xargsInputProblem(s *shell.Segment, text string, pc *paths.Checker) string {
	xin, ok := programs.XargsReading(s.Words)
	if !ok {
		return ""
	}
	check := func(name string) string {
		if p, why := inputWordProblem(name, s.Dirs, pc); why != "" {
			return shell.QuoteExcerpt(p) + ", a name xargs builds from its input, reaches " + why + ": a person approves every use of it"
		}
		return ""
	}
	if xin.Delimited {
		d, ok := xargsDelimiter(xin.Delimiter)
		if !ok {
			return "xargs -d " + shell.QuoteExcerpt(xin.Delimiter) + ": a delimiter the engine does not read splits its input into names, and any may be a protected path: a person approves every use of it"
		}
		for part := range strings.SplitSeq(text, d) {
			if why := check(strings.TrimSuffix(part, "\n")); why != "" {
				return why
			}
		}
	}
	if xin.Replace == "" {
		return ""
	}
	var words []string
	for _, w := range s.Words[programs.ProgramAt(s.Words)+1:] {
		if strings.Contains(w, xin.Replace) {
			words = append(words, w)
		}
	}
	sep := "\n" // -I reads lines, or items at -d's delimiter
	if xin.Delimited {
		sep, _ = xargsDelimiter(xin.Delimiter) // (one the engine does not read asked above)
	}
	lines := strings.Split(strings.TrimSuffix(text, "\n"), sep)
	wordBytes := 0
	for _, w := range words {
		wordBytes += len(w)
	}
	if len(words) > 0 && (len(lines) > maxReplaceLines || len(words) > maxReplaceLines || len(words)*len(text)+len(lines)*wordBytes > maxReplaceBytes) {
		return "xargs -I puts more lines of its input into more words than the engine reads: any may name a protected path; a person approves every use of it"
	}
	for _, line := range lines {
		line = strings.TrimLeft(line, " \t")
		for _, w := range words {
			if why := check(strings.ReplaceAll(w, xin.Replace, line)); why != "" {
				return why
			}
		}
	}
	return ""
}

// xargsDelimiter returns the character xargs -d reads its option as: one
// character, or one of the escapes GNU xargs knows (\n, \t, \\, \0, an
// octal \NNN, a hex \xHH); ok is false for any other (xargs refuses it,
// or reads it in a way the engine does not).
func xargsDelimiter(d string) (string, bool) {
	if len(d) == 1 {
		return d, true
	}
	if len(d) < 2 || d[0] != '\\' {
		return "", false
	}
	if c, ok := map[string]string{`\a`: "\a", `\b`: "\b", `\f`: "\f", `\n`: "\n", `\r`: "\r", `\t`: "\t", `\v`: "\v", `\\`: "\\", `\0`: "\x00"}[d]; ok {
		return c, true
	}
	base, digits := 8, d[1:]
	if d[1] == 'x' {
		base, digits = 16, d[2:]
	}
	n, err := strconv.ParseUint(digits, base, 8)
	if err != nil || digits == "" {
		return "", false
	}
	return string(rune(n)), n < 0x80
}

// inputWordProblem checks a word of a program's input as a path with its
// quotes taken off, as xargs takes them off, and as it stands, each part
// between quotes, brackets and operators too: a directive of the text
// names a file with no space before it (#include".env", #include<.env>).
// It returns the part that reaches a protected path.
func inputWordProblem(raw string, dirs []string, pc *paths.Checker) (part, why string) {
	f := raw
	if strings.ContainsAny(f, `"'\`) {
		f = inputQuotes.Replace(f)
	}
	if p, why := wordPartsProblem(f, dirs, pc); why != "" || f == raw {
		return p, why
	}
	return wordPartsProblem(raw, dirs, pc) // #include".env": a quote ends the directive's word
}

// wordPartsProblem is inputWordProblem for one reading of the word.
func wordPartsProblem(f string, dirs []string, pc *paths.Checker) (part, why string) {
	if why := pc.Problem(f, 0, dirs); why != "" {
		return f, why
	}
	if strings.IndexFunc(f, codeSeparator) < 0 {
		return "", ""
	}
	for t := range strings.FieldsFuncSeq(f, codeSeparator) {
		if why := pc.Problem(t, 0, dirs); why != "" {
			return t, why
		}
	}
	return "", ""
}

// hasXargs reports a command that holds the word xargs, in its text or in
// the words bash runs (x”args): where a program takes names from its
// input.
func (x *decider) hasXargs() bool {
	if x.xargs == 0 {
		x.xargs = 1
		if strings.Contains(x.commandText(), "xargs") || x.wordsHold("xargs") {
			x.xargs = 2
		}
	}
	return x.xargs == 2
}

// readsNames reports a command with a segment whose program reads the
// names of the files it reads from its input (programs.NamesFromInput:
// printf '\056env\0' | sort --files0-from=-), worked out once.
func (x *decider) readsNames() bool {
	if x.namesIn == 0 {
		x.namesIn = 1
		for i := range x.cmd.Segs {
			if programs.NamesFromInput(x.cmd.Segs[i].Words) {
				x.namesIn = 2
				break
			}
		}
	}
	return x.namesIn == 2
}

// printedProblem reads the words echo and printf print as the text they
// become, which a program that takes names from its input reads (… |
// xargs cat): their escapes decoded, as echo -e, echo under xpg_echo or
// dash, printf's format and %b decode them (a leading 0 of an octal
// escape taken or not), and the quotes and backslashes xargs takes off
// its input removed. echo -e '\x2eenv' | xargs cat reads .env.
func (x *decider) printedProblem(s *shell.Segment, pc *paths.Checker) string {
	k := programs.ProgramAt(s.Words)
	if k >= len(s.Words) {
		return ""
	}
	prog := programs.BaseName(s.Words[k])
	if prog != "echo" && prog != "printf" || !x.hasXargs() && !x.readsNames() {
		return "" // (echo "don't commit .env" >> NOTES.md: text, which no xargs reads)
	}
	for j := k + 1; j < len(s.Words); j++ {
		w := s.Words[j]
		if !strings.ContainsAny(w, `\'"`) {
			continue
		}
		text := w
		if s.Flags[j]&shell.WordExpands != 0 {
			text = shell.WithoutExpansions(w) // echo -e "\x2een$X" with X unset
		}
		for _, t := range [...]string{shell.Unescape(text), shell.Unescape(strings.ReplaceAll(text, `\0`, `\`))} {
			for raw := range strings.FieldsSeq(t) {
				if p, why := inputWordProblem(raw, s.Dirs, pc); why != "" {
					return shell.QuoteExcerpt(w) + ", which " + prog + " prints as " + shell.QuoteExcerpt(p) + ", reaches " + why + ": a person approves every use of it"
				}
			}
		}
	}
	return ""
}

// pipedIntoXargs reads what echo or printf prints into the pipe of the
// xargs of segment i, when the xargs builds names from it otherwise than
// at blanks (-I, -d, -0: echo .e | xargs -I{} cat {}nv reads .env): the
// segment before it, the pipeline's stage before.
func (x *decider) pipedIntoXargs(i int, pc *paths.Checker) string {
	s := &x.cmd.Segs[i]
	if i == 0 || !x.hasXargs() || s.Input().Kind != shell.StdinInherited || !wordsHold(s.Words, "xargs") {
		return ""
	}
	in, ok := programs.XargsReading(s.Words)
	if !ok || in.Replace == "" && !in.Delimited {
		return ""
	}
	p := &x.cmd.Segs[i-1]
	k := programs.ProgramAt(p.Words)
	if k >= len(p.Words) || p.Words[k] != "echo" && p.Words[k] != "printf" {
		return ""
	}
	var text []string
	for _, w := range p.Words[k+1:] {
		text = append(text, shell.Unescape(w))
	}
	return xargsInputProblem(s, strings.Join(text, " ")+"\n", pc)
}

// recursiveReadProblem checks the literal directories a recursive reader
// walks (grep -r url .git, rg token ~/.aws): one that holds protected
// paths, or the home directory, is read whole, the protected files too.
// The project folder is not taken so, though it holds .git: grep -rn TODO .
// is everyday, and its .git/config is read only where the pattern matches
// (SECURITY.md). A directory known only at run time is the path scope's.
func (x *decider) recursiveReadProblem(s *shell.Segment, pc *paths.Checker) (why string) {
	if s.AnyMask&(shell.MaskDot|shell.MaskPath) == 0 && !strings.Contains(s.Text, "~") && !slices.ContainsFunc(s.Dirs, nearRoot) &&
		!slices.ContainsFunc(s.Dirs, func(d string) bool { return d != x.root }) {
		return "" // (a reader that names no tree walks the working directory: cd .git && grep -r url)
	}
	reader := func() string { return programs.BaseName(s.Words[programs.ProgramAt(s.Words)]) }
	tree := func(k int) {
		if why != "" {
			return
		}
		w, f := ".", uint8(0) // the working directory, which no word names
		if k >= 0 {
			w, f = s.Words[k], s.Flags[k]
		}
		if f&(shell.WordGlob|shell.WordBrace|shell.WordExpands) != 0 {
			// grep -r url .gi?, ~/.con?ig/gh, $PWD/.git: a word the shell
			// completes whose component may begin a hidden name may be a
			// directory that holds protected paths (src/* and "$d" may
			// not: the path scope judges those).
			if hiddenComponent(w) {
				why = shell.QuoteExcerpt(w) + ", a tree " + reader() + " reads whole, may be a hidden directory that holds protected paths: a person approves every use of it"
			}
			return
		}
		switch p := pc.LinkProblem(w, f, s.Dirs); {
		case p != "":
			why = shell.QuoteExcerpt(w) + ", a tree " + reader() + " reads whole, is " + p + ": a person approves every use of it"
		case climbsBack(w):
			why = shell.QuoteExcerpt(w) + ", a tree " + reader() + " reads whole, climbs back out of a directory by '..': the directory may be a link (ln -s ~/src h; h/.. is the home), and the tree it ends in is not known from the words: a person approves every such read"
		case f&shell.WordTilde != 0 && strings.TrimRight(w, "/.") == "~" || homeByPath(w):
			why = shell.QuoteExcerpt(w) + ", a tree " + reader() + " reads whole, is the home directory, which holds protected paths (.ssh, .aws, …): a person approves every use of it"
		default:
			// grep -r KEY /, cd / && find proc -exec cat {} +: the tree
			// from the directories the word is read from, by its path.
			for _, t := range treeFromDirs(w, s.Dirs) {
				switch {
				case t == "/":
					why = shell.QuoteExcerpt(w) + ", a tree " + reader() + " reads whole, is the root, which holds every process's directory (/proc) and the homes: a person approves every use of it"
				case pc.LinkProblem(t, f, s.Dirs) != "":
					why = shell.QuoteExcerpt(w) + ", a tree " + reader() + " reads whole, is " + pc.LinkProblem(t, f, s.Dirs) + ": a person approves every use of it"
				case homeByPath(t) || homeTilde(t): // (cd ~ && grep -r KEY: the directory is kept as written)
					why = shell.QuoteExcerpt(w) + ", a tree " + reader() + " reads whole, is a home directory, which holds protected paths (.ssh, .aws, …): a person approves every use of it"
				case paths.HoldsSystemSecret(t) != "":
					why = shell.QuoteExcerpt(w) + ", a tree " + reader() + " reads whole, is " + paths.HoldsSystemSecret(t) + ": a person approves every use of it"
				}
				if why != "" {
					return
				}
			}
		}
	}
	feeds := x.hasXargs() // find .git -type f | xargs cat
	tooLong := programs.RecursiveReadOperands(s.Words, feeds, tree)
	programs.ArchivedTrees(s.Words, tree) // tar czf x.tgz ~: an archive of the tree, printed or read back
	if tooLong && why == "" {
		why = "a recursive reader with more than " + strconv.Itoa(programs.MaxModelWords) + " words, which are not read: any of them may be a directory that holds protected paths"
	}
	return why
}

// climbsBack reports a path with a '..' component after a name
// (~/.cache/.., h/..): the '..' leaves the directory that name is, which
// a link makes any directory, so the words do not say where it ends. A
// path that only starts with '..' (../lib) climbs from the working
// directory, which the engine knows.
func climbsBack(w string) bool {
	named := false
	for c := range strings.SplitSeq(w, "/") {
		switch c {
		case "", ".":
		case "..":
			if named {
				return true
			}
		default:
			named = true
		}
	}
	return false
}

// nearRoot reports a directory a word without a '/' may name a tree
// that holds protected places from (cd / && grep -r x proc; cd /home):
// the root or one below it, or an unknown one.
func nearRoot(d string) bool { return d == "" || strings.Count(strings.TrimSuffix(d, "/"), "/") <= 1 }

// treeFromDirs returns the clean absolute paths word w names from each
// of dirs (w itself when absolute); an unknown directory gives none.
func treeFromDirs(w string, dirs []string) []string {
	if strings.HasPrefix(w, "/") {
		return []string{path.Clean(w)}
	}
	var out []string
	for _, d := range dirs {
		if d != "" {
			out = append(out, path.Clean(pathtext.Join(d, w)))
		}
	}
	return out
}

// homeTilde reports a home directory as the shell names it: ~ or ~user
// (a tilde prefix with nothing after it).
func homeTilde(t string) bool {
	return strings.HasPrefix(t, "~") && strings.IndexByte(t, '/') < 0
}

// homeByPath reports an absolute path that is a home directory by its
// usual place, or the directory that holds them: /root, /home/NAME,
// /Users/NAME, /home, /Users. (The engine is not told the home of the
// agent's user; ~ and $HOME are read as such where written so.)
func homeByPath(p string) bool {
	if !strings.HasPrefix(p, "/") {
		return false
	}
	c := path.Clean(p)
	switch d := path.Dir(c); {
	case c == "/root" || c == "/home" || c == "/Users":
		return true
	case d == "/home" || d == "/Users":
		return true
	}
	return false
}

// hiddenComponent reports a path word with a component that begins with
// a dot, or with [ or { (which may give one), other than . and ..
func hiddenComponent(w string) bool {
	for c := range strings.SplitSeq(w, "/") {
		if c != "" && c != "." && c != ".." && (c[0] == '.' || c[0] == '[' || c[0] == '{') {
			return true
		}
	}
	return false
}

// inputQuotes drops the quotes and backslashes xargs takes off the words
// of its input.
var inputQuotes = strings.NewReplacer(`"`, "", `'`, "", `\`, "")

// namePatternProblem reads the name patterns a program picks files by
// (find -name, -path; grep --include; rg -g; a git pathspec after --) as
// globs that may match a protected file (find . -name '.en?' -exec cat {}
// +, git log -p -- '.en?'); these programs match a leading dot with a
// bracket, where bash does not, so [.] is also read as a dot. (They match
// it with a leading * too; '*env' is not read so, or every '*.go' would
// be a possible .env.go.)
func namePatternProblem(s *shell.Segment, pc *paths.Checker) string {
	k := programs.ProgramAt(s.Words)
	if k >= len(s.Words) || s.AnyMask&(shell.MaskDot|shell.MaskPath) == 0 && !strings.ContainsAny(s.Text, ascii.GlobChars) {
		return ""
	}
	prog := programs.BaseName(s.Words[k])
	pathspec := false
	negated := -1 // find: the index of the one test after ! or -not, which excludes what it matches
	for j := k + 1; j < len(s.Words); j++ {
		w := s.Words[j]
		if prog == "find" && (w == "!" || w == "-not") && findNegates(s.Words, j) {
			if negated == j {
				negated = -1 // ! ! TEST is TEST
			} else {
				negated = j + 1
			}
			continue
		}
		var pat string
		switch {
		case prog == "find" && j == negated && findNameTest[w]:
			// find . -not -path './.git/*': the files it matches are the
			// ones left out. (A group after ! holds tests of any sense,
			// and is read as the others are.)
			j++
			continue
		case pathspec:
			pat = w
		case prog == "git" && w == "--":
			pathspec = true
			continue
		case prog == "find" && (w == "-regex" || w == "-iregex") && j+1 < len(s.Words) && findRuns(s.Words):
			// A regular expression is read as no glob: where find runs a
			// program on what it finds, any of it may be a protected file.
			return shell.QuoteExcerpt(s.Words[j+1]) + ", a regular expression find picks the files it gives a program by, may match a protected path: a person approves every use of it"
		case prog == "find" && findNameTest[w] && j+1 < len(s.Words):
			pat = s.Words[j+1]
		case (prog == "grep" || prog == "egrep" || prog == "fgrep") && strings.HasPrefix(w, "--include="):
			pat = strings.TrimPrefix(w, "--include=")
		case (prog == "grep" || prog == "egrep" || prog == "fgrep") && w == "--include" && j+1 < len(s.Words):
			pat = s.Words[j+1]
		case prog == "rg" && (w == "-g" || w == "--glob" || w == "--iglob") && j+1 < len(s.Words):
			pat = s.Words[j+1]
		case prog == "rg" && (strings.HasPrefix(w, "--glob=") || strings.HasPrefix(w, "--iglob=") || strings.HasPrefix(w, "-g") && len(w) > 2):
			_, pat, _ = strings.Cut(w, "=")
			if pat == "" {
				pat = w[2:]
			}
		default:
			continue
		}
		why := dotPattern(pat, s.Dirs, pc)
		if why == "" && prog == "find" && findNameTest[w] && !strings.ContainsAny(pat[:min(1, len(pat))], "*?[!") &&
			strings.IndexByte(pat, '/') < 0 {
			// find walks hidden directories: -name config finds
			// .git/config. (A name that begins with a wildcard is left
			// to dotPattern: '*.json' would be any hidden file.)
			if p := pc.HiddenFileNamed(pat); p != "" {
				why = "protected path " + p
			}
		}
		if why != "" {
			return shell.QuoteExcerpt(pat) + ", a pattern " + prog + " picks files by, may match " + why + ": a person approves every use of it"
		}
	}
	return ""
}

// findNegates reports a word ! or -not at j of a find command that
// negates the test after it, so that the files the test matches are left
// out: the word before it is a path operand, an open parenthesis, an and,
// another negation or a value (-type f ! -name x), not an option that may
// take it as its value (-printf ! -name .env prints "!"); and the
// expression has no or, under which an action may run on exactly what the
// negated test matches (! -name config -o -delete).
func findNegates(words []string, j int) bool {
	if j < 1 || slices.ContainsFunc(words, func(w string) bool { return w == "-o" || w == "-or" || w == "," }) {
		return false
	}
	prev := words[j-1]
	switch prev {
	case "(", "!", "-not", "-a", "-and":
		return true
	}
	return prev == "" || prev[0] != '-'
}

// findRuns reports a find that runs a program on what it finds.
func findRuns(words []string) bool {
	for _, w := range words {
		switch w {
		case "-exec", "-execdir", "-ok", "-okdir":
			return true
		}
	}
	return false
}

// findNameTest are find's tests whose value is a name pattern.
var findNameTest = map[string]bool{"-name": true, "-iname": true, "-path": true, "-ipath": true, "-wholename": true, "-iwholename": true}

// dotPattern checks a pattern as a glob, also with [.] as a dot.
func dotPattern(pat string, dirs []string, pc *paths.Checker) string {
	if pat == "" || pat[0] == '!' || !strings.ContainsAny(pat, ascii.GlobChars) {
		return ""
	}
	pat = strings.TrimPrefix(pat, ":(glob)")
	if rest := strings.TrimPrefix(pat, "./"); !strings.HasPrefix(rest, ".") && !strings.Contains(rest, "/.") && !strings.Contains(rest, "[.]") {
		// Only a name that begins with a dot is protected (the policy
		// files aside): ./vendor/* or *.go picks none, as a bash glob
		// that expands to the files there does not.
		return ""
	}
	cands := [2]string{pat, ""}
	if strings.Contains(pat, "[.]") {
		cands[1] = strings.ReplaceAll(pat, "[.]", ".")
	}
	for _, c := range cands {
		if c == "" {
			continue
		}
		if why := pc.Problem(c, shell.WordGlob, dirs); why != "" {
			return why
		}
		if !strings.Contains(c, "/") {
			// find -name matches a name in any directory below.
			if why := pc.Problem("*/"+c, shell.WordGlob, dirs); why != "" {
				return why
			}
		}
	}
	return ""
}

// commandText returns the command as bash reads it before any word: its
// line continuations removed (bash drops a backslash-newline before it
// reads anything, so $\⏎{x=.e} is ${x=.e} and a[1]\⏎=.e an assignment).
// The scans of the whole text for what may assign a variable or name a
// program read it. It also removes pairs that bash keeps (inside single
// quotes, after an escaped backslash): the scans may then find an
// assignment bash does not make, which only asks more.
func (x *decider) commandText() string {
	if !x.textDone {
		x.text, x.textDone = strings.ReplaceAll(x.req.Action.Command, "\\\n", ""), true
	}
	return x.text
}

// wordsHold reports whether a word of a segment of the command holds sub.
func (x *decider) wordsHold(sub string) bool {
	for i := range x.cmd.Segs {
		if wordsHold(x.cmd.Segs[i].Words, sub) {
			return true
		}
	}
	return false
}

// wordsHold reports whether a word of words holds sub: the quick test
// before a program's own reading, made on the words bash runs (f”ind is
// find) rather than on the segment's text.
func wordsHold(words []string, sub string) bool {
	for _, w := range words {
		if strings.Contains(w, sub) {
			return true
		}
	}
	return false
}
