package permengine

import (
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/brace"
	"github.com/permengine/permengine/internal/paths"
	"github.com/permengine/permengine/internal/pathtext"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
	"github.com/permengine/permengine/internal/shell"
	"github.com/permengine/permengine/internal/work"
)

// capRow is one row of the cap table.
type capRow struct {
	code Code
	// order is the cap's place in the order of the checks. Caps that one
	// check finds together (external effect and privilege; no scope and
	// the path scope) share a place.
	order int
	// liftable caps are lifted in auto mode: where a command works and
	// what an argument may run are concerns the "*" opinion may take on.
	// The others hold whatever autonomy says.
	liftable bool
}

// capTable lists every cap, in the order the engine checks them: the
// decision names the first that fired, Explain's trace lists all (Decide
// stops at the first). A terminal
// command is checked for integrity first (nothing else can be trusted
// about a command that cannot be read), then external effect and
// privilege, protected paths, the path scope, exec-capable arguments. The
// caps of typed actions come from the action table; an action has one.
var capTable = [...]capRow{
	{code: CodeIntegrity, order: 1},
	{code: CodeExternalEffect, order: 2},
	{code: CodePrivileged, order: 2},
	{code: CodeProtectedPath, order: 3},
	{code: CodeNoScope, order: 4},
	{code: CodePathScope, order: 4, liftable: true},
	{code: CodeExecArgument, order: 5, liftable: true},
	{code: CodeProtectedMerge, order: 6},
	{code: CodeInstructionPatch, order: 6},
	{code: CodeParallelism, order: 6},
	{code: CodeTypedPush, order: 6},
	{code: CodeContainerRemove, order: 6},
}

// capLiftable is the liftable column of capTable, by code.
var capLiftable = func() (l [numCodes]bool) {
	for _, r := range capTable {
		l[r.code] = r.liftable
	}
	return l
}()

// cap records a cap that fired. It changes auto_approve to
// require_approval unless auto mode lifts it (capTable says which caps it
// lifts).
func (x *decider) cap(code Code, segment, why string) {
	s := Step{Stage: StageCap, Rule: code, Segment: segment, Detail: why}
	switch {
	case capLiftable[code] && x.auto:
		s.Effect = EffectLifted
	case x.d.Outcome == AutoApprove:
		s.Effect = EffectApplied
		x.set(RequireApproval, code, "cap: "+why, segment, nil)
	default:
		s.Effect = EffectNone
	}
	if s.Effect != EffectApplied {
		// A cap that changes nothing is listed the first maxCapSteps
		// times for its code (a command of 4,000 segments would list
		// each); where the next would be, one step says how many more
		// there were (finish writes the number).
		switch n := x.capSteps[code]; {
		case n < maxCapSteps:
			x.capSteps[code]++
		case x.capMore[code] > 0:
			x.capMore[code]++
			x.wk().Spend(1)
			return
		default:
			x.capMore[code] = 1
			x.capMoreAt[code] = int32(x.n + len(x.more))
			s.Segment, s.Detail = "", ""
		}
	}
	x.step(s)
}

// capsAfterFirst is the trace's last cap step of a decision that Decide
// stopped checking once a cap had fired.
const capsAfterFirst = "the caps after the first that fired are not checked: they could change nothing (Explain checks and lists them)"

// notListed ends the step that counts a cap's steps the trace leaves out.
const notListed = " more times, on other segments: not listed"

// maxCapSteps bounds the steps a trace lists for one cap's code where the
// cap changes nothing.
const maxCapSteps = 32

// capsNotListed writes, in trace t, how many more times each cap's code
// fired than the trace lists.
func (x *decider) capsNotListed(t []Step) {
	for code, n := range x.capMore {
		if n > 0 {
			t[x.capMoreAt[code]].Detail = strconv.Itoa(int(n)) + notListed
		}
	}
}

// terminalCaps checks a terminal command for every cap, in the order of
// capTable: one check per place in the order.
func (x *decider) terminalCaps() {
	for _, r := range capTable {
		if x.d.Outcome != AutoApprove && !x.explain {
			// A cap fired and named itself: the later ones can change
			// nothing (Explain checks and lists them).
			x.step(Step{Stage: StageCap, Detail: capsAfterFirst})
			return
		}
		switch r.code {
		case CodeIntegrity:
			x.integrityCaps()
		case CodeExternalEffect:
			x.reachCaps()
		case CodeProtectedPath:
			x.protectedCaps()
		case CodeNoScope:
			x.scopeCaps()
		case CodeExecArgument:
			x.execCaps()
		}
	}
	x.budgetCap()
}

// typedCaps applies the cap of the action's row in the action table, and
// for write_file the caps of a terminal command's redirection.
func (x *decider) typedCaps() {
	t := x.req.Action.Type
	switch code := t.capCode(); code {
	case CodeUnset:
	case CodeProtectedMerge:
		if b, ok := x.protectedBranch(x.req.Action.Branch); ok {
			x.cap(code, "", "merge into protected branch "+b+" "+actionTable[t].capWhy)
		}
	default:
		x.cap(code, "", actionTable[t].capWhy)
	}
	if t == WriteFile {
		x.writeFileCaps()
	}
}

// protectedBranch reports whether a merge destination is protected.
func (x *decider) protectedBranch(branch string) (string, bool) {
	var host []branchPattern
	if x.p != nil {
		host = x.p.branches
	}
	return protectedBranchOf(branch, host)
}

// integrityCaps: what a person reads must be what runs.
func (x *decider) integrityCaps() {
	cmd := x.cmd
	switch why := x.textProblem(); {
	case why != "":
		x.cap(CodeIntegrity, "", why)
	case cmd.ParseErr != "":
		x.cap(CodeIntegrity, "", "the command does not parse ("+cmd.ParseErr+")")
	}
	if cmd.NestedText != "" {
		x.cap(CodeIntegrity, "", cmd.NestedText)
	}
	if cmd.Control != "" {
		x.cap(CodeIntegrity, "", "the command uses "+cmd.Control+": control structures are never auto-approved")
	}
	if why := pathTextProblem(x.req.Action.Cwd); why != "" {
		x.cap(CodeIntegrity, "", "working directory "+shell.Quote(x.req.Action.Cwd)+": "+why)
	}
	if cmd.Dynamic != "" {
		x.cap(CodeIntegrity, "", cmd.Dynamic)
	}
	if cmd.TooDeep {
		x.cap(CodeIntegrity, "", "scripts nested more than "+strconv.Itoa(shell.MaxNesting)+" deep")
	}
	if cmd.TooMany {
		x.cap(CodeIntegrity, "", "more than "+strconv.Itoa(shell.MaxSegments)+" simple commands")
	}
	if cmd.Bound != "" {
		x.cap(CodeIntegrity, "", cmd.Bound+": the command is not read in full")
	}
	x.budgetCap()
	judged := x.judged()
	ranWritten := false
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		if !x.wk().Spend(viewsCost(s.Views)) {
			break
		}
		if p := s.ComputedProgram(); p != "" {
			x.cap(CodeIntegrity, s.Text, "the program to run ("+shell.QuoteExcerpt(p)+") is computed at run time")
		}
		if w := x.sourcedInput(s); w != "" {
			x.cap(CodeIntegrity, s.Text, "the file sourced ("+shell.QuoteExcerpt(w)+") is named at run time and may be /dev/stdin, whose input the shell then runs as commands")
		}
		if judged[i].computed != "" {
			x.cap(CodeIntegrity, s.Text, judged[i].computed)
		}
		if p := x.programAlias(s); p != "" {
			x.cap(CodeIntegrity, s.Text, "a second name for "+shell.QuoteExcerpt(p)+" (a link, a copy, its file read as a script): it runs under a name the engine does not know")
		}
		if ranWritten {
			continue // one such cap says it; a thousand "sh x" need not repeat it
		}
		if p, f := x.pathProgramWritten(i); f != "" {
			x.cap(CodeIntegrity, s.Text, "runs "+shell.QuoteExcerpt(p)+" with a PATH the command sets, and the command writes "+shell.QuoteExcerpt(f)+" first: what runs may be that file")
			ranWritten = true
			continue
		}
		if runner, f := x.buildFileWritten(i); f != "" {
			if g, ok := strings.CutPrefix(f, execMark); ok {
				x.cap(CodeIntegrity, s.Text, runner+" runs what its files say, and "+shell.QuoteExcerpt(g)+", which may run first, runs code or writes files its arguments name, which may be those files: what it runs is not read")
				ranWritten = true
				continue
			}
			if g, ok := strings.CutPrefix(f, worktreeMark); ok {
				x.cap(CodeIntegrity, s.Text, runner+" runs what its files say after "+shell.QuoteExcerpt(g)+" rewrote the work tree: what it runs is not read")
				ranWritten = true
				continue
			}
			x.cap(CodeIntegrity, s.Text, runner+" runs what "+shell.QuoteExcerpt(f)+" says, a file this command writes first: what it runs is not read")
			ranWritten = true
			continue
		}
		if f := x.nodeModuleWritten(i); f != "" {
			x.cap(CodeIntegrity, s.Text, "runs Node.js programs or modules by name, and this command writes "+shell.QuoteExcerpt(f)+
				" first, where they are looked for: what runs may be that file")
			ranWritten = true
			continue
		}
		if f := x.startupWritten(i); f != "" {
			x.cap(CodeIntegrity, s.Text, "this command writes "+shell.QuoteExcerpt(f)+", which Python runs when it starts, wherever it is read from; a later program of the command may start Python")
			ranWritten = true
			continue
		}
		if f := x.pythonModuleWritten(i); f != "" {
			x.cap(CodeIntegrity, s.Text, "Python looks for the modules it imports first where this command writes "+shell.QuoteExcerpt(f)+
				": it may run that file in place of the module its code names")
			ranWritten = true
			continue
		}
		if f := x.optionNamedWritten(i); f != "" {
			x.cap(CodeIntegrity, s.Text, "a glob of this command may expand to "+shell.QuoteExcerpt(f)+
				", a file named like an option that the command writes first: the program may read it as one of its options")
			ranWritten = true
			continue
		}
		if f, by := x.runsWrittenFile(i, judged); f != "" {
			why := "runs " + shell.QuoteExcerpt(f) + ", which this command writes first: what it runs is not read"
			if by == mayNameWritten {
				why = "a program the engine does not know takes " + shell.QuoteExcerpt(f) + ", which may name a file this command writes first: what it runs is not read"
			}
			if by >= 0 {
				why = "runs " + shell.QuoteExcerpt(f) + ", a file that an earlier program of this command may write (" +
					shell.QuoteExcerpt(cmd.Segs[by].Text) + " runs code or writes files its argument names): what it runs is not read"
			}
			x.cap(CodeIntegrity, s.Text, why)
			ranWritten = true
		}
	}
}

// runsWrittenFile returns the file that segment i runs as a program
// (programs.ScriptFile) or as code an option names (programs.CodeFiles:
// sed -f, awk --file=) when an earlier segment of the command writes
// it: a redirection's target, tee's operands, a copy, move or link's
// operands (cat > x.sh <<EOF … EOF; bash x.sh). Files are compared as
// the paths they name from each segment's directories. A file is also
// taken to be written when an earlier segment has an exec-capable
// argument (sed 'w x.sh', awk's print > "x.sh", python3 -c's open): the
// files such code writes are not named where the engine reads them; by
// is that segment, or -1.
func (x *decider) runsWrittenFile(i int, judged []segJudge) (f string, by int) {
	s := &x.cmd.Segs[i]
	if runsMakeVars(s) && x.writesBefore(i) {
		// make check RUNNER=./x.sh, RUNNER:=./x.sh, 'RUNNER = @./x.sh -v',
		// RUNNER=./x.sh make check, export RUNNER=./x.sh; make check: a
		// recipe may run the value, a file the command may have written
		// first.
		for j := range x.cmd.Segs {
			for _, w := range x.cmd.Segs[j].Words {
				if value := makeAssignedProgram(w); value != "" {
					if f, by := x.writtenFirst(i, value, judged); f != "" {
						return f, by
					}
				}
			}
		}
	}
	for vi, v := range s.Views {
		if len(v) == 0 || programs.IsAssignment(v[0]) {
			continue // (PATH=/x go vet: its program is the next view's, and PATH= is no script)
		}
		bits := s.ViewBits(vi)
		if vi > 0 && strings.IndexByte(v[0], '/') >= 0 {
			bits |= programs.PathName
		}
		if f := viewScript(s, v, bits); f != "" {
			if f, by := x.writtenFirst(i, f, judged); f != "" {
				return f, by
			}
			if !path.IsAbs(f) && x.writesBefore(i) && x.runsElsewhere(i) {
				// cd sub && git rebase -x "sh x.sh": git runs it at the
				// work tree's top, npm exec -w in the workspace; the
				// name may be a file the command wrote there.
				return f, -1
			}
			if dotDotAfterLink(f) && x.writesBefore(i) && x.makesLinkBefore(i) {
				// ln -s sub/deep l && sh l/../x.sh: the kernel takes ..
				// through the link (sub/x.sh), the engine's text does not.
				return f, -1
			}
			if g := x.worktreeRewrittenBefore(i); g >= 0 {
				return f, g // git switch evil && ./x.sh: the branch's x.sh
			}
			if bits&programs.Interpreter != 0 {
				if w := x.resolvedWritten(i, f); w != "" {
					return w, -1
				}
			}
		}
		if s.Input().Kind == shell.StdinFile && programs.ReadsStdinToo(v) {
			// python3 -i x.py < c.txt: after the script, the input is code.
			if f, by := x.writtenFirst(i, s.Input().Text, judged); f != "" {
				return f, by
			}
		}
		if x.writesBefore(i) { // (known once per decision: asked before the view's options are read)
			if o := programs.SearchOption(v); o != "" {
				return v[0] + " " + o, -1 // m4 -I d p, lua -l p: a written file may be the one it finds
			}
			if k := programs.ScriptFile(v, bits); k >= 0 && runTimeName(v, s.ViewFlags(vi), k) {
				return v[k], -1 // . ./x.s? or . "$F" or ~+/x.sh after a write: any written file may be the one
			}
		}
		if vi == 0 && unknownBits(v[0], bits) && x.writesBefore(i) {
			// gpg-agent --daemon ./x.sh: a program the catalog does not
			// know may run any file its words name (generous for the caps),
			// one the command writes first among them; by its path too
			// (/usr/sbin/logrotate r.conf).
			if w := x.unknownRunsWritten(i, v); w != "" {
				return w, mayNameWritten
			}
		}
		if bits&(programs.Exec|programs.Interpreter) == 0 {
			continue // no option of its model runs a file or a module
		}
		if !x.writesBefore(i) && !x.mayExecBefore(i) {
			continue // nothing before it writes a file it could run
		}
		programs.CodeFiles(v, s.ViewFlags(vi), shell.WordExpands|shell.WordGlob|shell.WordBrace, func(text string, computed, module bool) {
			if (text == "-" || shell.IsStdinFile(text)) && s.Input().Kind == shell.StdinFile {
				text = s.Input().Text // sed -f - f < x.sed: the file given as input
			}
			switch {
			case f != "":
			case computed && x.writesBefore(i):
				f, by = text, -1 // awk -f "$f" after a write: any written file may be the one
			case computed:
			case module:
				f, by = x.moduleWrittenFirst(i, text, judged)
			default:
				f, by = x.writtenFirst(i, text, judged)
			}
		})
		if f != "" {
			return f, by
		}
	}
	return "", -1
}

// optionNamedWritten returns a file named like an option (-e, --pre=sh)
// that another segment writes, when segment i has a glob among its
// arguments: a glob that matches it hands the program that option. A
// file of such a name is seldom made but on purpose.
func (x *decider) optionNamedWritten(i int) string {
	s := &x.cmd.Segs[i]
	if !x.writesBefore(i) {
		return ""
	}
	glob := false
	for k := 1; k < len(s.Flags) && !glob; k++ {
		glob = s.Flags[k]&shell.WordGlob != 0
	}
	if !glob {
		return ""
	}
	written := x.writtenIndex()
	if !x.wk().Spend(len(written)) {
		return "" // the integrity cap names the spent budget
	}
	best := ""
	for p, j := range written {
		if j != i && strings.HasPrefix(path.Base(p), "-") && (best == "" || p < best) {
			best = p
		}
	}
	return best
}

// runTimeName reports whether word k of view v (flags: v's word flags,
// nil when not known) names a file only at run time: an expansion, a
// glob, a brace or a tilde (~+/x.sh is $PWD's).
func runTimeName(v []string, flags []uint8, k int) bool {
	if k < len(flags) {
		return flags[k]&(shell.WordExpands|shell.WordGlob|shell.WordBrace|shell.WordTilde) != 0
	}
	return strings.ContainsAny(v[k], "$`*?[{~")
}

// resolvedWritten returns a file another segment writes that an
// interpreter may run for the script word f, which it resolves to a file
// of another name: the directory f's __main__.py or index.js (python3 .,
// node .), or f with an ending (node x runs x.js), or "".
func (x *decider) resolvedWritten(i int, f string) string {
	return x.firstWrittenBy(i, f, func(p, n string) bool {
		return strings.HasPrefix(p, strings.TrimSuffix(n, "/")+"/") || strings.HasPrefix(p, n+".")
	})
}

// firstWrittenBy returns the first, by name, of the paths another segment
// than i writes that match reports for one of the names word has from
// i's directories, or "". Its comparisons are charged to the budget.
func (x *decider) firstWrittenBy(i int, word string, match func(written, name string) bool) string {
	var room [4]string
	names := namedFrom(room[:0], word, x.cmd.Segs[i].Dirs)
	written := x.writtenIndex()
	if !x.wk().Spend(len(written) * len(names)) {
		return "" // the integrity cap names the spent budget
	}
	best := ""
	for p, j := range written {
		if j == i || best != "" && p >= best {
			continue
		}
		for _, n := range names {
			if match(p, n) {
				best = p
				break
			}
		}
	}
	return best
}

// viewScript returns the file that view v of segment s runs as its
// program (programs.ScriptFile), reads its program from (bash < x.sh) or
// runs first (sqlite3 -init x.sql), or "". bits are the view's program's.
func viewScript(s *shell.Segment, v []string, bits programs.Bits) string {
	switch k := programs.ScriptFile(v, bits); {
	case k >= 0 && shell.IsStdinFile(v[k]) && s.Input().Kind == shell.StdinFile:
		return s.Input().Text // bash /dev/stdin < x.sh
	case k >= 0:
		return v[k]
	case s.Input().Kind == shell.StdinFile && programs.ReadsCommands(v, bits):
		return s.Input().Text // bash < x.sh, ed -s f < cmds, sqlite3 db < x.sql
	}
	return programs.InitFile(v) // sqlite3 -init x.sql
}

// writtenFirst returns f when a segment of the command other than i
// writes it (by -1), or when an earlier segment has an exec-capable
// argument, which may write any file (by that segment); else "".
func (x *decider) writtenFirst(i int, f string, judged []segJudge) (string, int) {
	s := &x.cmd.Segs[i]
	if j := x.execBefore(i); j >= 0 {
		return f, j
	}
	written := x.writtenIndex()
	x.wk().Spend(1 + len(s.Dirs))
	var room [4]string
	names := namedFrom(room[:0], f, s.Dirs)
	if j := x.namedByUnknown(i, names); j >= 0 {
		return f, j
	}
	for _, n := range names {
		if j, ok := written[n]; ok && j != i {
			if x.compilerBuilt(j, n) {
				continue // go build -o app . && ./app: the project's code, as go run runs it
			}
			return f, -1 // j > i: a substitution in i's words runs first
		}
		if !x.wk().Spend(len(x.prefixes)) {
			return "", -1
		}
		for _, p := range x.prefixes {
			if strings.HasPrefix(n, p) {
				return f, -1 // split FILE x; bash xaa (a later splitter's names count too: the safe side)
			}
		}
	}
	return "", -1
}

// compilerBuilt reports whether path n, which segment j writes, is the
// program go builds with -o from the project's packages (go build -o app
// ., go test -c -o x.test ./pkg) while no other segment of the command
// writes a file: the project's code compiled, which go run would run as
// well. Only plain flags and relative package paths inside the working
// directory count (a file or a module elsewhere, -modfile, -ldflags or
// -toolexec are not the project's code as it stands); a redirected output
// (go env > x.sh) is not the program.
func (x *decider) compilerBuilt(j int, n string) bool {
	s := &x.cmd.Segs[j]
	k := programs.ProgramAt(s.Words)
	if k+1 >= len(s.Words) || programs.BaseName(s.Words[k]) != "go" || x.compoundWrites() {
		return false
	}
	sub := s.Words[k+1]
	if sub != "build" && sub != "test" {
		return false
	}
	if len(x.cmd.Segs) > maxCompilerSegs || !x.wk().Spend(len(x.cmd.Segs)*len(x.cmd.Segs)) {
		return false // a long command is not read so (Within walks back): it asks
	}
	for m := range x.cmd.Segs {
		if m != j && !x.cmd.Within(j, m) && x.writesFiles(&x.cmd.Segs[m]) {
			return false // its sources may be written: echo … > main.go && go build -o app .
		}
	}
	out := ""
	for w := k + 2; w < len(s.Words); w++ {
		word := s.Words[w]
		switch {
		case s.Flags[w] != 0:
			return false // a word the shell computes: any flag or path
		case word == "-o" && w+1 < len(s.Words):
			if s.Flags[w+1] != 0 {
				return false
			}
			out = s.Words[w+1]
			w++
		case strings.HasPrefix(word, "-o="):
			out = word[3:]
		case goPlainFlags[word]:
		case strings.HasPrefix(word, "-") || !insidePackage(word):
			return false
		}
	}
	return out != "" && slices.Contains(namedFrom(nil, out, s.Dirs), n)
}

// literalPrefix is the part of a git pathspec before its first wildcard
// or magic: every name under it may match.
func literalPrefix(p string) string {
	if strings.HasPrefix(p, ":") {
		return "" // magic (:(top), :/): anywhere in the work tree
	}
	if i := strings.IndexAny(p, "*?[\\"); i >= 0 {
		return p[:i]
	}
	return p
}

// goModuleEditor returns a segment other than i whose go command writes
// go.mod or go.work (go mod edit, go work init|use|edit|sync, go get), or
// -1.
func (x *decider) goModuleEditor(i int) int {
	if !x.wk().Spend(len(x.cmd.Segs)) {
		return i // the integrity cap names the spent budget
	}
	for j := range x.cmd.Segs {
		if j == i {
			continue
		}
		switch sub, next := goSubcommand(x.cmd.Segs[j].Words); {
		case sub == "get", sub == "work", sub == "mod" && next == "edit":
			return j
		}
	}
	return -1
}

// goSubcommand returns the subcommand of a go command line and the word
// after it, past its assignments and go's own flags (go -C DIR mod edit:
// mod, edit), or "".
func goSubcommand(w []string) (sub, next string) {
	return programs.GoSubcommand(w[programs.ProgramAt(w):])
}

// expands reports a segment with a word the shell expands.
func expands(s *shell.Segment) bool {
	return slices.ContainsFunc(s.Flags, func(f uint8) bool { return f&shell.WordExpands != 0 })
}

// goWritesModulesItself reports a segment j that is a go command which
// writes go.mod or go.sum with the modules its words name (go get, go mod
// tidy): not go mod edit or go work, which write whatever their words say.
func (x *decider) goWritesModulesItself(j int) bool {
	if j >= len(x.cmd.Segs) {
		return false
	}
	s := &x.cmd.Segs[j]
	for _, r := range s.Redirs {
		if strings.IndexByte(r.Op, '>') >= 0 {
			return false // go list -f '…' >> go.mod: the words write it, not go
		}
	}
	sub, next := goSubcommand(s.Words)
	return sub != "" && sub != "work" && !(sub == "mod" && next == "edit")
}

// maxCompilerSegs bounds the commands compilerBuilt reads, whose check of
// every other segment costs the square of their number.
const maxCompilerSegs = 64

// goPlainFlags are go build's and go test's flags that choose nothing
// the build runs.
var goPlainFlags = map[string]bool{"-v": true, "-c": true, "-race": true, "-trimpath": true, "-x": true, "-a": true, "-cover": true}

// insidePackage reports a package path of the working directory: ., ./…,
// a relative directory without .. (./cmd/app, ./...).
func insidePackage(w string) bool {
	return w == "." || strings.HasPrefix(w, "./") && !strings.Contains(w, "..") || w == "./..."
}

// writesFiles reports whether segment w writes a file by a redirection or
// as a program that writes, copies or downloads the files it names (an
// unknown program, which mayWrite counts, does not count here).
func (x *decider) writesFiles(w *shell.Segment) bool {
	for _, r := range w.Redirs {
		if strings.IndexByte(r.Op, '>') >= 0 {
			return true
		}
	}
	return w.Bits&(programs.Writes|programs.Trees|programs.Unpacker|programs.Effect) != 0 || w.Exec != ""
}

// runsElsewhere reports whether segment i is run by a program that moves
// to another directory first (movesFirst), looking up to 64 segments
// back for the ones it is within.
func (x *decider) runsElsewhere(i int) bool {
	for j := i - 1; j >= 0 && j >= i-64; j-- {
		if !x.wk().Spend(i - j) {
			return true // the integrity cap names the spent budget
		}
		if x.cmd.Within(i, j) && movesFirst(x.cmd.Segs[j].Words) {
			return true
		}
	}
	return false
}

// movesFirst reports a program that runs the commands it is given in a
// directory other than the shell's: git (at the work tree's top, in each
// submodule, in filter-branch's temporary tree), npm exec in a workspace
// and npm explore in a package, pnpm and yarn in their workspaces, lerna.
func movesFirst(words []string) bool {
	switch programs.BaseName(programs.FirstVerb(words)) {
	case "git", "lerna":
		return true
	case "npm", "npx":
		for _, w := range words {
			if w == "explore" || w == "-w" || w == "--ws" || w == "-ws" || strings.HasPrefix(w, "--workspace") {
				return true
			}
		}
	case "pnpm", "yarn":
		for _, w := range words {
			if w == "-r" || w == "--recursive" || w == "-F" || strings.HasPrefix(w, "--filter") || w == "-C" ||
				strings.HasPrefix(w, "--dir") || strings.HasPrefix(w, "workspace") {
				return true
			}
		}
	}
	return false
}

// dotDotAfterLink reports a path that climbs with .. out of a directory
// it entered, or from a working directory a cd entered: a link there is
// climbed out of physically.
func dotDotAfterLink(f string) bool {
	return strings.HasPrefix(f, "../") || strings.Contains(f, "/../") || strings.HasSuffix(f, "/..")
}

// makesLinkBefore reports whether a segment other than i makes a symbolic
// or hard link (ln, cp -s, cp -l).
func (x *decider) makesLinkBefore(i int) bool {
	if !x.wk().Spend(len(x.cmd.Segs)) {
		return true // the integrity cap names the spent budget
	}
	for j := range x.cmd.Segs {
		if j != i && makesLinks(x.cmd.Segs[j].Words) {
			return true
		}
	}
	return false
}

// removesOnly reports a segment whose program only removes the files it
// names (rm, rmdir, unlink): what it names is written by no one.
func removesOnly(words []string) bool {
	switch programs.BaseName(programs.FirstVerb(words)) {
	case "rm", "rmdir", "unlink":
		return true
	}
	return false
}

// namedByUnknown returns an earlier segment than i whose program the
// catalog does not know and whose words name one of names, whole or as
// a value (-oFILE, --out=FILE, out=FILE), or -1: a program without a
// model may write any file its words name (gpg --dearmor -o x.sh; bash
// x.sh), so it counts as writing it. The names are indexed once per
// decision.
func (x *decider) namedByUnknown(i int, names []string) int {
	idx := x.unknownNamedIndex()
	for _, n := range names {
		if j, ok := idx[n]; ok && j < i {
			return j
		}
	}
	return -1
}

// unknownNamedIndex maps every path the words of a segment with an
// unknown program name (resolved against its directories) to the first
// such segment.
func (x *decider) unknownNamedIndex() map[string]int {
	if x.unknownDone {
		return x.unknownNamed
	}
	x.unknownDone = true
	var m map[string]int
	add := func(w string, dirs []string, j int) {
		if w == "" || !x.wk().Spend(1+len(w)+len(dirs)) {
			return
		}
		var room [4]string
		for _, n := range namedFrom(room[:0], w, dirs) {
			if m == nil {
				m = map[string]int{}
			}
			if _, ok := m[n]; !ok {
				m[n] = j
			}
		}
	}
	for j := range x.cmd.Segs {
		s := &x.cmd.Segs[j]
		if len(s.Words) < 2 || !s.UnknownProgram() {
			continue
		}
		// The command a wrapper runs (timeout 5 python3 x.py) is the
		// next segment, whose words are indexed there: the wrapper's own
		// words are what it may write before it runs that command.
		for _, w := range s.Words[1 : len(s.Words)-x.cmd.WrappedTail(j)] {
			add(w, s.Dirs, j)
			if k := strings.LastIndexByte(w, '='); k >= 0 {
				add(w[k+1:], s.Dirs, j) // --out=FILE, out=FILE
			} else if len(w) > 2 && w[0] == '-' && w[1] != '-' {
				add(w[2:], s.Dirs, j) // -oFILE
			}
		}
	}
	x.unknownNamed = m
	return m
}

// moduleWrittenFirst is writtenFirst for a module that segment i runs
// (node -r ./x, python3 -m pkg.x, ruby -r ./x): a written file counts
// when its path is the module's, read as a path and with its dots as
// directories (pkg/x), followed by an ending or a directory of its own
// (x.cjs, pkg/x.py, x/index.js); for a name that is not a path (node -r
// x), also such a file under any node_modules directory.
func (x *decider) moduleWrittenFirst(i int, mod string, judged []segJudge) (string, int) {
	if f, by := x.writtenFirst(i, mod, judged); f != "" || by >= 0 {
		return f, by
	}
	s := &x.cmd.Segs[i]
	var room [8]string
	names := namedFrom(room[:0], mod, s.Dirs)
	if dotted := strings.ReplaceAll(mod, ".", "/"); dotted != mod && !strings.HasPrefix(mod, ".") {
		names = namedFrom(names, dotted, s.Dirs)
	}
	bare := !strings.HasPrefix(mod, ".") && !strings.HasPrefix(mod, "/")
	written := x.writtenIndex()
	if !x.wk().Spend(len(written) * (len(names) + 1)) {
		return "", -1 // the integrity cap names the spent budget
	}
	for p, j := range written {
		if j == i {
			continue
		}
		for _, n := range names {
			if modulePath(p, n) {
				return mod, -1
			}
		}
		if k := strings.Index(p, "/node_modules/"); bare && k >= 0 && modulePath(p[k+len("/node_modules/"):], mod) {
			return mod, -1
		}
	}
	return "", -1
}

// modulePath reports whether path p is module path n, or n followed by
// an ending (.js, .py) or a directory separator.
func modulePath(p, n string) bool {
	rest, ok := strings.CutPrefix(p, n)
	return ok && (rest == "" || rest[0] == '.' || rest[0] == '/')
}

// pythonModuleWritten returns a file that segment i's Python may import
// in place of the module its code names, when another segment of the
// command writes it: a module (json.py, a .pyc, an extension's .so) or a
// package's __init__.py directly in the directory Python searches before
// its own library (programs.PythonPathDir): echo … > json.py && python3
// -c 'import json', and re.py as well, which json imports. Of several such
// files, the first by name.
func (x *decider) pythonModuleWritten(i int) string {
	if !x.writesBefore(i) {
		return ""
	}
	s := &x.cmd.Segs[i]
	for _, v := range s.Views {
		dir, ok := programs.PythonPathDir(v)
		if !ok {
			continue
		}
		if best := x.firstWrittenBy(i, dir, pythonModuleIn); best != "" {
			return best
		}
		if programs.ChangesModulePath(v) {
			// sys.path.insert(0, "lib"); time.strptime(…): any Python
			// file the command writes may be a module it then loads.
			if best := x.firstWrittenBy(i, "/", pythonModuleAnywhere); best != "" {
				return best
			}
		}
	}
	return ""
}

// pythonModuleAnywhere reports a written path that Python may load as a
// module from some directory on its path: a source, a compiled module or
// an extension.
func pythonModuleAnywhere(p, _ string) bool {
	return strings.HasSuffix(p, ".py") || strings.HasSuffix(p, ".pyc") || strings.HasSuffix(p, ".so")
}

// startupWritten returns a file another segment writes that Python runs
// at start-up wherever it is, in a site-packages directory of any
// interpreter (a .pth file's import lines, sitecustomize.py,
// usercustomize.py, any file under a site-packages directory), or "".
// Of several, the first by name.
func (x *decider) startupWritten(i int) string {
	if !x.writesBefore(i) {
		return "" // no other segment writes: the written files need not be read
	}
	if !x.startupDone {
		// Once per decision: the first two by name, so that one written
		// by segment i itself leaves the other.
		x.startupDone = true
		if !x.mayWriteStartup() {
			return "" // (x.startup stays empty: no segment writes one)
		}
		written := x.writtenIndex()
		if !x.wk().Spend(len(written)) {
			return ""
		}
		for p, j := range written {
			base := path.Base(p)
			if !strings.HasSuffix(base, ".pth") && base != "sitecustomize.py" && base != "usercustomize.py" && !inSitePackages(p) {
				continue
			}
			switch s := &x.startup; {
			case s[0].path == "" || p < s[0].path:
				s[1], s[0].path, s[0].by = s[0], p, j
			case s[1].path == "" || p < s[1].path:
				s[1].path, s[1].by = p, j
			}
		}
	}
	for _, s := range x.startup {
		if s.path != "" && s.by != i {
			return s.path
		}
	}
	return ""
}

// mayWriteStartup reports, without the writtenIndex, whether a path it
// holds may be one startupWritten looks for. Its paths are the texts
// segWrites gives (parts of the words, the redirections' targets and
// the compound command's), joined to directories and under copies'
// destinations at '/' and cleaned: a component of a path is a component
// of a text or a directory. Only a brace the index expands (a '{' and a
// ',' or ".." among a segment's texts, which a copy's destination may
// join) and a '%' (a download's name decoded) make names no text holds,
// and a decompressor's suffix (gzip -S th x.p writes x.pth), whose names
// are read as segWrites reads them; a segment with a brace or a '%', or
// a text, name or directory that holds .pth, customize or -packages,
// counts as one that may.
func (x *decider) mayWriteStartup() bool {
	for _, r := range x.cmd.Paths {
		if startupText(r.Text) || brace.Possible([]string{r.Text}, nil, 0) || slices.ContainsFunc(r.Dirs, startupText) {
			return true
		}
	}
	for j := range x.cmd.Segs {
		s := &x.cmd.Segs[j]
		if slices.ContainsFunc(s.Dirs, startupText) {
			return true
		}
		open, list := false, false
		text := func(t string) bool {
			open = open || strings.IndexByte(t, '{') >= 0
			list = list || strings.IndexByte(t, ',') >= 0 || strings.Contains(t, "..")
			return startupText(t)
		}
		if slices.ContainsFunc(s.Words, text) {
			return true
		}
		if s.Bits&(programs.Unpacker|programs.PathName) != 0 {
			// The names a decompressor writes, as segWrites reads them.
			found := false
			programs.Decompressed(s.Words, func(_ int, name string) { found = found || text(name) })
			if found {
				return true
			}
		}
		for _, r := range s.Redirs {
			if text(r.Text) || slices.ContainsFunc(r.Dirs, startupText) {
				return true
			}
		}
		if open && list {
			return true
		}
	}
	return false
}

// startupText is mayWriteStartup's test of one text.
func startupText(t string) bool {
	return strings.IndexByte(t, '%') >= 0 || strings.Contains(t, ".pth") || strings.Contains(t, "customize") ||
		strings.Contains(t, "-packages")
}

// inSitePackages reports a path under a site-packages (or Debian's
// dist-packages) directory: a module there may be imported at every
// start-up by another package's .pth file (setuptools' imports
// _distutils_hack), and shadows the one of that name elsewhere.
func inSitePackages(p string) bool {
	return strings.Contains(p, "/site-packages/") || strings.Contains(p, "/dist-packages/") ||
		strings.HasPrefix(p, "site-packages/") || strings.HasPrefix(p, "dist-packages/")
}

// nodeModuleWritten returns a file that segment i may run by a name other
// than the file's, when another segment of the command writes it: for a
// package manager or runner (programs.RunsNodeBin: npm test, npx jest),
// anything at or under node_modules, where .bin's programs and the
// packages they link to are, and, for Node.js code given
// on the command line (programs.InlineNode: node -e 'require("./x")'), any
// file under its working directory or under node_modules. Of several, the first by name.
func (x *decider) nodeModuleWritten(i int) string {
	if !x.writesBefore(i) {
		return ""
	}
	s := &x.cmd.Segs[i]
	for _, v := range s.Views {
		bin, inline := len(v) > 0 && programs.RunsNodeBin(programs.BaseName(v[0])), programs.InlineNode(v)
		if !bin && !inline {
			continue
		}
		written := x.writtenIndex()
		if !x.wk().Spend(len(written) * (1 + len(s.Dirs))) {
			return "" // the integrity cap names the spent budget
		}
		best := ""
		for p, j := range written {
			if j == i || best != "" && p >= best {
				continue
			}
			if bin && underNodeModules(p) || inline && nodeFileUnder(p, s.Dirs) {
				best = p
			}
		}
		if best != "" {
			return best
		}
	}
	return ""
}

// underNodeModules reports a path that is a node_modules directory or
// under one: a tree copied or moved there (cp -r e/.bin node_modules/)
// may hold any program of .bin or any package.
func underNodeModules(p string) bool {
	return strings.Contains("/"+p+"/", "/node_modules/")
}

// nodeFileUnder reports whether path p is a file Node.js code may load
// from one of dirs by a relative name (require loads a file of any name as
// a module) or from node_modules.
func nodeFileUnder(p string, dirs []string) bool {
	if underNodeModules(p) {
		return true
	}
	if len(dirs) == 0 {
		return !path.IsAbs(p)
	}
	for _, d := range dirs {
		if strings.HasPrefix(p, strings.TrimSuffix(d, "/")+"/") {
			return true
		}
	}
	return false
}

// pythonModuleIn reports whether path p is a module Python imports by a
// top-level name from directory d: d/NAME.py, .pyc or .so, or
// d/NAME/__init__.py.
func pythonModuleIn(p, d string) bool {
	rest, ok := strings.CutPrefix(p, strings.TrimSuffix(d, "/")+"/")
	if !ok || rest == "" {
		return false
	}
	if pkg, file, nested := strings.Cut(rest, "/"); nested {
		return pkg != "" && file == "__init__.py"
	}
	return strings.HasSuffix(rest, ".py") || strings.HasSuffix(rest, ".pyc") || strings.HasSuffix(rest, ".so")
}

// buildFileWritten returns the runner of segment i and a file it reads as
// code (programs.BuildFiles: a Makefile, package.json, a Go package's
// files) that an earlier segment of the command writes: printf … >
// Makefile && make. Files are compared by their last component, wherever
// they are written: a runner may read them from another directory (make
// -C, include, a workspace).
func (x *decider) buildFileWritten(i int) (runner, file string) {
	s := &x.cmd.Segs[i]
	for vi, v := range s.Views {
		if len(v) == 0 || s.ViewBits(vi)&(programs.Builds|programs.Interpreter|programs.PathName) == 0 {
			continue // no runner (python3 -m pytest is one)
		}
		execBefore := x.execBefore(i)
		if !x.writesBefore(i) && execBefore < 0 {
			return "", ""
		}
		if execBefore >= 0 && programs.RunsGitConfig(v) {
			// python3 -c '…' && git diff: the code may write .git/config.
			return "git", execMark + x.cmd.Segs[execBefore].Text
		}
		names, named := programs.BuildFiles(v, s.ViewFlags(vi), shell.WordExpands|shell.WordGlob|shell.WordBrace)
		if names == nil && named == nil {
			continue
		}
		if execBefore >= 0 {
			// python3 -c '…' && make: the code may write the Makefile,
			// under a name the engine does not see; so may sed 'w …'.
			return programs.BaseName(v[0]), execMark + x.cmd.Segs[execBefore].Text
		}
		names = names[:len(names):len(names)]
		for _, f := range named {
			names = append(names, path.Base(f))
		}
		if programs.GoReadsModules(v) {
			if g := x.goModuleEditor(i); g >= 0 && (programs.GoTestsModules(v) || expands(&x.cmd.Segs[g])) {
				// go mod edit -replace m=/tmp/e, go work use /tmp/e: go.mod
				// or go.work names a module from elsewhere, whose code a
				// test runs; a module path known only at run time (go mod
				// edit -require="h/$X@v1") goes out with any fetch.
				return "go", x.cmd.Segs[g].Text
			}
		}
		if g := x.worktreeRewrittenBefore(i); g >= 0 && !programs.GoReadsModules(v) {
			// git switch evil && make: the branch's Makefile, whichever
			// files it changes.
			return programs.BaseName(v[0]), worktreeMark + x.cmd.Segs[g].Text
		}
		written := x.writtenIndex()
		if !x.wk().Spend(len(written) * len(names)) {
			return "", ""
		}
		// A segment after i writes first when it is a substitution in
		// i's words (x=$(printf … > Makefile) make): any other segment
		// counts, the safe side.
		// go mod tidy after go get x@v1: go wrote go.mod itself, with
		// the modules the command names, and a command that only fetches
		// modules sends nothing else; go mod edit and go work write what
		// their words say, any module or path.
		fetchOnly := programs.GoReadsModules(v) && !programs.GoTestsModules(v)
		best, at := "", len(x.cmd.Segs)
		for p, j := range written {
			if fetchOnly && j >= 0 && x.goWritesModulesItself(j) {
				continue
			}
			if j != i && programs.MatchesBuildFile(p, names) && (best == "" || j < at || j == at && p < best) {
				best, at = p, j
			}
		}
		if best == "" {
			// split -a1 notes Makefil, csplit -f Makefil -b 'e%d': a
			// prefix of the names written that a build file's name
			// completes.
			if !x.wk().Spend(len(x.prefixes) * len(names)) {
				return "", ""
			}
			for _, p := range x.prefixes {
				if !strings.HasSuffix(p, "/") && programs.CompletesBuildFile(path.Base(p), names) {
					best = p + "…"
					break
				}
			}
		}
		if best != "" {
			return programs.BaseName(v[0]), best
		}
	}
	return "", ""
}

// worktreeMark starts buildFileWritten's answer when the file is the
// whole work tree, rewritten by the git command that follows the mark.
const worktreeMark = "\x00worktree "

// execMark starts buildFileWritten's answer when an earlier segment runs
// code or writes files its arguments name (an exec-capable argument):
// the segment that follows the mark may have written the runner's files.
const execMark = "\x00exec "

// worktreeRewrittenBefore returns a segment before i (by the command's
// order) whose git command may rewrite the work tree's tracked files, or
// -1.
func (x *decider) worktreeRewrittenBefore(i int) int {
	if !x.rewriterDone {
		x.rewriterDone, x.movedAt = true, x.firstMove()
		x.rewriterAt = x.nextRewriter(0, len(x.cmd.Segs))
	}
	j := x.rewriterAt
	// git rebase --exec 'make test': the command git runs itself is
	// within it, and looks past it (rare: its cost is counted).
	for j >= 0 && j < i && x.cmd.Within(i, j) {
		if !x.wk().Spend(i - j) {
			return j // the integrity cap names the spent budget
		}
		j = x.nextRewriter(j+1, i)
	}
	if j < 0 || j >= i {
		return -1
	}
	return j
}

// firstMove returns the first segment that moves HEAD or the index
// (programs.MovesHeadOrIndex), or -1: found once per decision, not once
// per rewriter looked past.
func (x *decider) firstMove() int {
	for k := range x.cmd.Segs {
		if slices.ContainsFunc(x.cmd.Segs[k].Views, programs.MovesHeadOrIndex) {
			return k
		}
	}
	return -1
}

// nextRewriter returns the first segment from j on, before end, whose git
// command may rewrite the work tree, or -1: one that rewrites it, or one
// that restores it from the index or HEAD after an earlier segment moved
// them (git reset -q evil Makefile && git restore Makefile).
func (x *decider) nextRewriter(j, end int) int {
	for ; j < end; j++ {
		for _, v := range x.cmd.Segs[j].Views {
			if programs.RewritesWorkTree(v) || x.movedAt >= 0 && x.movedAt < j && programs.RestoresFromIndex(v) {
				return j
			}
		}
	}
	return -1
}

// pathProgramWritten returns the program of segment i and a file of that
// name that another segment writes, when the command sets PATH anywhere
// (PATH=$HOME/bin:$PATH git status after writing ~/bin/git): the search
// may find the written file first.
func (x *decider) pathProgramWritten(i int) (prog, file string) {
	s := &x.cmd.Segs[i]
	if len(s.Views) == 0 || len(s.Views[0]) == 0 || !x.setsPath() || !x.writesBefore(i) {
		return "", ""
	}
	for _, v := range s.Views {
		if len(v) == 0 || strings.IndexByte(v[0], '/') >= 0 || programs.IsAssignment(v[0]) {
			continue
		}
		written := x.writtenIndex()
		if !x.wk().Spend(len(written)) {
			return "", ""
		}
		best, at := "", len(x.cmd.Segs)
		for p, j := range written {
			if j != i && path.Base(p) == v[0] && (best == "" || j < at || j == at && p < best) {
				best, at = p, j
			}
		}
		if best != "" {
			return v[0], best
		}
	}
	return "", ""
}

// setsPath reports whether a segment of the command assigns PATH, found
// once per decision.
func (x *decider) setsPath() bool {
	if x.pathSet == 0 {
		x.pathSet = -1
		for j := range x.cmd.Segs {
			w := &x.cmd.Segs[j]
			if w.AnyMask&shell.MaskEq == 0 {
				continue
			}
			for _, word := range w.Words {
				if strings.HasPrefix(word, "PATH=") || strings.HasPrefix(word, "PATH+=") {
					x.pathSet = 1
				}
			}
		}
	}
	return x.pathSet > 0
}

// writesBefore reports, cheaply, whether a segment other than segment i
// may write a file: a redirection to one, or a program that writes,
// copies or downloads (the writtenIndex is built only then). The segments
// that may write are counted once per decision, so that asking for every
// segment stays linear in the command.
func (x *decider) writesBefore(i int) bool {
	if !x.writersDone {
		x.writersDone = true
		if x.compoundWrites() {
			// { echo …; } > x.sh: a compound command's redirection
			// writes where no segment stands; it may come before any.
			x.writers = 2
		}
		for j := range x.cmd.Segs {
			if x.mayWrite(&x.cmd.Segs[j]) {
				if x.writers == 0 {
					x.firstWriter = j
				}
				x.writers++
			}
		}
	}
	return x.writers > 1 || x.writers == 1 && x.firstWriter != i
}

// compoundWrites reports a redirection of a compound command (a group,
// a subshell) that writes a file.
func (x *decider) compoundWrites() bool {
	for _, r := range x.cmd.Paths {
		if strings.IndexByte(r.Op, '>') >= 0 {
			return true
		}
	}
	return false
}

// mayWrite reports whether segment w may write a file.
func (x *decider) mayWrite(w *shell.Segment) bool {
	if programs.MayWriteFiles(w.Words, w.Bits) {
		return true
	}
	for _, r := range w.Redirs {
		if strings.IndexByte(r.Op, '>') >= 0 {
			return true
		}
	}
	edits := false
	programs.EditsManifest(w.Words, func(string) { edits = true }) // npm pkg set
	if !edits && w.Bits == 0 {
		edits = unknownWrites(w.Words, func(string) bool { return false }) // aria2c -o json.py URL
	}
	if !edits && w.Bits&programs.Effect != 0 {
		edits = slices.ContainsFunc(w.Views, programs.RewritesWorkTree) // gh pr checkout 312
	}
	return edits
}

// firstExec returns the first segment with an exec-capable argument, or
// the number of segments: worked out once per decision, so that
// runsWrittenFile does not pass over the segments before it again for
// every segment that runs a file.
func (x *decider) firstExec(judged []segJudge) int {
	if !x.execDone {
		x.execDone, x.execAt = true, len(judged)
		for j := range judged {
			if judged[j].exec != "" || x.cmd.Segs[j].Exec != "" {
				x.execAt = j
				break
			}
		}
	}
	return x.execAt
}

// mayExecBefore reports whether a segment with an exec-capable argument
// may run before segment i (execBefore), without looking for one.
func (x *decider) mayExecBefore(i int) bool {
	e := x.firstExec(x.judged())
	return e < i || x.late(i) && e < len(x.cmd.Segs)
}

// late reports a segment that may run after the segments that follow it
// in the text: one the reader marks Late (a pipeline's later stage, a
// background job's, a trap's action, a process substitution's), or one a
// wrapper that forks runs (setsid -f sh -c '…', screen -dm …).
func (x *decider) late(i int) bool {
	if x.cmd.Segs[i].Late {
		return true
	}
	if !x.forkersDone {
		x.forkersDone = true
		for j := range x.cmd.Segs {
			if programs.Forks(x.cmd.Segs[j].Words) {
				x.forkers = append(x.forkers, j)
			}
		}
	}
	for _, j := range x.forkers {
		if j < i && x.wk().Spend(i-j) && x.cmd.Within(i, j) {
			return true
		}
	}
	return false
}

// execBefore returns a segment with an exec-capable argument (it runs
// code or writes files its arguments name) that may run before segment
// i and does not carry it, or -1 (also once the budget is spent: the
// integrity cap then names it). One before i in the text may, and, when
// i is Late, any other: (sleep 1; make) | python3 -c '…'. A segment
// carries the scripts read inside it and the command it wraps (git
// rebase -x 'make test', uv run make): its exec is running i, which the
// engine reads (shell.Command.Within).
func (x *decider) execBefore(i int) int {
	if !x.mayExecBefore(i) {
		return -1
	}
	judged := x.judged()
	segs := x.cmd.Segs
	end := i
	if x.late(i) {
		end = len(judged)
	}
	for j := x.firstExec(judged); j < end && j < len(judged); j++ {
		if j == i || !judged[j].unread && segs[j].Exec == "" {
			continue // find -exec CMD (read), find -delete: no file of its choosing
		}
		if !x.wk().Spend(1 + max(i-j, j-i)) {
			return -1
		}
		if !x.cmd.Within(i, j) && !x.cmd.RunsInside(i, j) {
			return j
		}
	}
	return -1
}

// writeKind is how a segment's word names what the segment writes.
type writeKind uint8

const (
	// writeFile: the word names a file written (a redirection's target,
	// a program's output, a decompressed, downloaded or remotely copied
	// name, a path git restores).
	writeFile writeKind = iota
	// writeDest: a copy's, link's or move's destination, which is the
	// file written or a directory any name under it is written in.
	writeDest
	// writeSource: another operand of a copy, link or move: a move
	// removes it, a link or copy reads it.
	writeSource
	// writePrefix: a prefix of the names written (split's FILE, a
	// directory git restores, a pathspec's literal part).
	writePrefix
)

// segWrites calls fn with every text segment s names as what it writes,
// and how: the one walk of the programs' write knowledge, which the
// index of written files and the check of system files both read. (The
// command's compound redirections are the callers' own.)
func segWrites(s *shell.Segment, fn func(text string, k writeKind)) {
	for _, r := range s.Redirs {
		if strings.IndexByte(r.Op, '>') >= 0 {
			fn(r.Text, writeFile)
		}
	}
	if (s.Bits&(programs.Writes|programs.Assignment|programs.PathName) != 0 ||
		s.Bits&(programs.Interpreter|programs.Wrapper|programs.Reserved|programs.Privileged) != 0 && programs.MayWriteFiles(s.Words, s.Bits)) &&
		!programs.MetadataOnly(s.Words) {
		prefix, named := programs.WritesPrefixes(s.Words), false
		programs.Written(s.Words, func(_ int, text string) {
			fn(text, writeFile)
			if prefix {
				fn(text, writePrefix)
				named = true
			}
		})
		if d := programs.DefaultPrefix(s.Words); prefix && !named && d != "" {
			fn(d, writePrefix) // split FILE: xaa, xab, …
		}
		programs.ComputedOutputs(s.Words, s.Flags, shell.WordExpands, shell.WordSplits, func(_ int, text string) { fn(text, writeFile) })
	}
	var room [4]int
	dests, attached := copyDestinations(s.Words, s.Bits, room[:0])
	di := 0 // dests are in the order of the words: one pass over both
	programs.LinkWords(s.Words, s.Bits, func(k int) {
		for di < len(dests) && dests[di] < k {
			di++
		}
		if di == len(dests) || dests[di] != k {
			fn(s.Words[k], writeSource)
		}
	})
	for _, d := range dests {
		fn(s.Words[d], writeDest)
	}
	if attached != "" {
		fn(attached, writeDest)
	}
	if s.Bits&programs.Writes != 0 {
		// git checkout TREE -- Makefile, git restore -s TREE x.sh: files
		// written from another tree; a pathspec git matches as a pattern
		// may be any name under its literal part.
		programs.GitPathspecs(s.Words, s.Flags, func(k int, pattern bool) {
			if p := s.Words[k]; pattern {
				fn(literalPrefix(p), writePrefix)
			} else {
				fn(p, writeFile)
				fn(strings.TrimSuffix(p, "/")+"/", writePrefix) // a directory: every name under it
			}
		})
	}
	if s.Bits&(programs.Unpacker|programs.PathName) != 0 {
		programs.Decompressed(s.Words, func(_ int, name string) { fn(name, writeFile) })
	}
	programs.RemoteCopies(s.Words, func(name string) { fn(name, writeFile) })  // scp h:run.sh .
	programs.EditsManifest(s.Words, func(name string) { fn(name, writeFile) }) // npm pkg set: package.json
	if s.Bits&programs.Effect != 0 {
		var names [4]string
		for _, d := range programs.DownloadsTo(s.Words, names[:0]) {
			fn(d, writeFile)
		}
	}
}

// unknownWrites calls fn with the words of a program the catalog and the
// models do not know that may name a file it writes: every operand, and
// every option's value after '=' (aria2c -o json.py URL, http --download
// --output=conftest.py URL, fetch -o Makefile URL). Generous
// for the caps: a file it names may be one it writes, which a later
// program of the command then runs or loads. fn returns whether to go
// on; unknownWrites reports whether it found one.
func unknownWrites(words []string, fn func(name string) bool) (found bool) {
	i := programs.ProgramAt(words)
	if i >= len(words) || argmodel.Lookup(words[i]) != nil {
		return false
	}
	for _, w := range words[i+1:] {
		if _, v, ok := strings.Cut(w, "="); ok && strings.HasPrefix(w, "-") {
			w = v
		}
		if w != "" && w[0] != '-' {
			found = true
			if !fn(w) {
				return true
			}
		}
	}
	return found
}

// writtenIndex returns, for every path a segment of the command writes
// (what segWrites names, a copy's or link's sources too), the first
// segment that writes it, by the paths the word names from that
// segment's directories; x.prefixes gets the prefixes of names written
// (a destination directory's, a splitter's). It is built once per
// decision, on first use, so that finding what runs a written file stays
// linear in the command.
func (x *decider) writtenIndex() map[string]int {
	if x.writtenDone {
		return x.written
	}
	x.writtenDone = true
	var m map[string]int // made on the first path: most commands write none
	put := func(word string, dirs []string, j int) {
		var room [4]string
		for _, n := range namedFrom(room[:0], word, dirs) {
			if m == nil {
				m = map[string]int{}
			}
			if _, ok := m[n]; !ok {
				m[n] = j
			}
		}
	}
	add := func(word string, dirs []string, j int) {
		if !x.wk().Spend(1 + len(word) + len(dirs)) {
			return
		}
		if k := paths.GlobOrBraceAt(word); k >= 0 {
			// > x.s{h..h}, tee x.{sh,txt}, > x.s?, tee *.sh: bash
			// expands the word to names no text shows; every name that
			// starts with its text before the first brace or glob counts
			// as written.
			x.prefixes = namedFrom(x.prefixes, word[:k], dirs)
		}
		if brace.Possible([]string{word}, nil, 0) {
			// Makefil{e..e}: the names it makes as well, for the checks
			// that match written files by name.
			// (The command's counter, not x.wk(), which may point into x:
			// brace keeps the counter, and x would move to the heap.)
			if ex, err := brace.Word(word, x.cmd.Work()); err == nil {
				for _, w := range ex {
					put(w, dirs, j)
				}
			}
		}
		put(word, dirs, j)
	}
	for _, r := range x.cmd.Paths {
		// A compound command's redirection stands before no segment in
		// particular: -1, before every one.
		if strings.IndexByte(r.Op, '>') >= 0 {
			add(r.Text, r.Dirs, -1)
		}
	}
	viaHandle := false // a write goes to a descriptor's handle
	type derivedGoal struct {
		name string
		seg  int
	}
	var derivedGoals []derivedGoal // make x: x, when the command writes x.c
	for j := range x.cmd.Segs {
		w := &x.cmd.Segs[j]
		if removesOnly(w.Words) {
			// rm -rf node_modules && npm ci: a removal plants nothing a
			// later program could run; its redirections still write.
			for _, r := range w.Redirs {
				if strings.IndexByte(r.Op, '>') >= 0 {
					add(r.Text, w.Dirs, j)
				}
			}
			continue
		}
		if w.Bits == 0 {
			// aria2c -o json.py URL: what a program the engine does not
			// know may write, for the programs after it that run or load
			// files by name (not segWrites: its own words are its reads).
			unknownWrites(w.Words, func(name string) bool { add(name, w.Dirs, j); return true })
		}
		backupsKept(w, func(name string) { add(name, w.Dirs, j) })
		if w.Bits&(programs.Writes|programs.Builds|programs.Assignment|programs.PathName) != 0 { // (compiler drivers write; make builds)
			programs.ImplicitOutputs(w.Words, func(_ int, name string, derived bool) {
				if !derived {
					add(name, w.Dirs, j) // gcc x.c: a.out
					return
				}
				derivedGoals = append(derivedGoals, derivedGoal{name, j})
			})
		}
		whole, wholeKnown := false, false // copiesWhole(w), on the first destination
		links, linksKnown := false, false // makesLinks(w.Words), on the first source
		segWrites(w, func(text string, k writeKind) {
			switch k {
			case writeFile, writeSource:
				add(text, w.Dirs, j)
				if k == writeSource && !linksKnown {
					links, linksKnown = makesLinks(w.Words), true
				}
				if k == writeSource && links {
					x.linkedUnder(w, text)
				}
			case writeDest:
				// The file, or a directory: the names the sources get in
				// it (cp /tmp/e.sh bin/ && bin/e.sh, cp -t bin …).
				add(text, w.Dirs, j)
				if !wholeKnown {
					whole, wholeKnown = copiesWhole(w), true
				}
				x.destUnder(w, text, j, whole, add)
			case writePrefix:
				if x.wk().Spend(1 + len(text) + len(w.Dirs)) {
					x.prefixes = namedFrom(x.prefixes, text, w.Dirs)
				}
			}
			if k != writePrefix && !viaHandle && mayBeDescriptorHandle(text, w.Dirs) {
				viaHandle = true
			}
		})
	}
	for _, r := range x.cmd.Paths {
		if !viaHandle && strings.IndexByte(r.Op, '>') >= 0 && mayBeDescriptorHandle(r.Text, r.Dirs) {
			viaHandle = true
		}
	}
	if viaHandle {
		// exec 3<x.sh; echo … > /proc/self/fd/3: a write to a
		// descriptor's handle opens again the file the descriptor
		// holds, which a redirection of this command may have opened for
		// reading (1<x.sh; tee /dev/stdout too): each such file counts as
		// written, by the compound command (before every segment).
		readTargets(x.cmd, func(r shell.PathRef) { add(r.Text, r.Dirs, -1) })
	}
	for _, g := range derivedGoals {
		// make x after the command wrote x.c: make's built-in rules build
		// x from it, so x is written too (make app, with the project's
		// own sources, builds the project's code).
		var room [4]string
		for _, n := range namedFrom(room[:0], g.name, x.cmd.Segs[g.seg].Dirs) {
			if !x.wk().Spend(1 + len(m)) {
				break
			}
			for p, j := range m {
				if j != g.seg && strings.HasPrefix(p, n+".") && !strings.ContainsRune(p[len(n)+1:], '/') {
					add(g.name, x.cmd.Segs[g.seg].Dirs, g.seg)
					break
				}
			}
		}
	}
	x.written = m
	return m
}

// descriptorHandle reports a name that opens again the file an open
// descriptor holds: /dev/fd/N, /proc/…/fd/N, /dev/stdin, /dev/stdout,
// /dev/stderr (after cleaning).
func descriptorHandle(t string) bool {
	if !strings.HasPrefix(t, "/dev/") && !strings.HasPrefix(t, "/proc/") {
		return false
	}
	c := path.Clean(t)
	switch {
	case c == "/dev/stdin", c == "/dev/stdout", c == "/dev/stderr":
		return true
	case strings.HasPrefix(c, "/dev/fd/"):
		return !strings.Contains(c[len("/dev/fd/"):], "/")
	case strings.HasPrefix(c, "/proc/"):
		dir, _ := path.Split(c)
		return strings.HasSuffix(dir, "/fd/")
	}
	return false
}

// mayBeDescriptorHandle reports a written name that is or may be a
// descriptor's handle: descriptorHandle's names from any of dirs (cd /dev
// && … > fd/3), or a word bash still expands (/dev/f{d..d}/3, "$h").
func mayBeDescriptorHandle(text string, dirs []string) bool {
	if descriptorHandle(text) || strings.ContainsAny(text, "{*?[$`~") {
		return true
	}
	if !namesDevOrProc(text) && !slices.ContainsFunc(dirs, namesDevOrProc) {
		// A joined name's components are the directory's and the text's
		// (cleaning only drops some): without "dev" or "proc" in either,
		// it is under neither, and need not be built.
		return false
	}
	var room [4]string
	for _, n := range namedFrom(room[:0], text, dirs) {
		if descriptorHandle(n) {
			return true
		}
	}
	return false
}

// namesDevOrProc reports a text that holds "dev" or "proc", which a
// path under /dev or /proc holds.
func namesDevOrProc(t string) bool {
	return strings.Contains(t, "dev") || strings.Contains(t, "proc")
}

// readTargets calls fn with every redirection of the command that opens
// a file for reading only (<, N<; not a here-document, not <> or >).
func readTargets(cmd *shell.Command, fn func(shell.PathRef)) {
	read := func(r shell.PathRef) {
		if strings.IndexByte(r.Op, '<') >= 0 && strings.IndexByte(r.Op, '>') < 0 && !strings.HasPrefix(r.Op, "<<") && !strings.HasSuffix(r.Op, "&") {
			fn(r)
		}
	}
	for _, r := range cmd.Paths {
		read(r)
	}
	for i := range cmd.Segs {
		for _, r := range cmd.Segs[i].Redirs {
			read(r)
		}
	}
}

// destUnder adds what a copy, link or move of segment s (at j) writes
// in its destination dest when dest is a directory: DEST/NAME for each
// source NAME, and every name under it (a directory copied or moved
// whole); with whole (copiesWhole), every name under dest itself. (cp
// README.md docs/ && python docs/gen.py runs no file the command wrote.)
// Without whole a segment has one destination, its last operand, so the
// sources are walked once.
func (x *decider) destUnder(s *shell.Segment, dest string, j int, whole bool, add func(string, []string, int)) {
	if whole {
		x.prefixUnder(dest, s.Dirs)
		return
	}
	parents := slices.Contains(s.Words, "--parents")
	programs.LinkWords(s.Words, s.Bits, func(k int) {
		if w := s.Words[k]; w != dest {
			name := strings.TrimSuffix(dest, "/") + "/" + path.Base(w)
			if parents && !path.IsAbs(w) {
				name = strings.TrimSuffix(dest, "/") + "/" + path.Clean(w) // cp --parents d/x.sh e/ writes e/d/x.sh
			}
			add(name, s.Dirs, j)
			x.prefixUnder(name, s.Dirs)
		}
	})
}

// copiesWhole reports a copy whose sources' names under the destination
// the words do not show: recursive (cp -r), a move or a link (either may
// be of a directory), told its directory by -t or
// --target-directory (every operand may be it), copying a source's
// contents (src/, src/.) or a source known only at run time.
func copiesWhole(s *shell.Segment) bool {
	if recursiveCopy(s.Words) || programs.CopiesTrees(s.Words) || linksNames(s.Words) {
		return true // mv d e moves d's files under e; ln -s d e names them e/…
	}
	if named, attached := programs.TargetDirectory(s.Words); named || attached != "" {
		return true
	}
	whole, last := false, -1
	programs.LinkWords(s.Words, s.Bits, func(k int) {
		if last >= 0 && contentsOrComputed(s, last) {
			whole = true // a source: every operand but the last, the destination
		}
		last = k
	})
	return whole
}

// makesLinks reports a command that makes links (ln, cp -l, cp -s, cp
// --link, cp --symbolic-link, cp -al, rsync --link-dest, cpio -l, pax
// -l): the link and its source are then
// two names for one file or tree, and a write under either name is a
// write under the other.
func makesLinks(words []string) bool {
	if linksNames(words) {
		return true
	}
	i := programs.ProgramAt(words)
	if i >= len(words) {
		return false
	}
	switch programs.BaseName(words[i]) {
	case "cp", "gcp":
	case "rsync":
		for _, w := range words[i+1:] {
			if strings.HasPrefix(w, "--link-dest") {
				return true // hard links to the files of that directory
			}
		}
		return false
	case "cpio", "pax":
		for _, w := range words[i+1:] {
			if len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.IndexByte(w, 'l') > 0 {
				return true // cpio -pl, pax -rwl: links in place of copies
			}
		}
		return false
	default:
		return false
	}
	return copyOption(words[i+1:], "ls", "link", "symbolic-link")
}

// copyOption reports an option of cp's among args, before "--": a letter
// of shorts in a cluster, or an abbreviation (two letters at least) of
// one of longs.
func copyOption(args []string, shorts string, longs ...string) bool {
	for _, w := range args {
		switch {
		case w == "--":
			return false
		case strings.HasPrefix(w, "--"):
			l := strings.TrimPrefix(w, "--")
			for _, long := range longs {
				if len(l) >= 2 && strings.HasPrefix(long, l) {
					return true
				}
			}
		case len(w) > 1 && w[0] == '-' && strings.ContainsAny(w[1:], shorts):
			return true
		}
	}
	return false
}

// treeLinkers are the programs that link files across whole trees by
// what they find there, each with when it does: hardlink (equal files
// made one), lndir and stow (a tree of links to another), rdfind
// -makehardlinks or -makesymlinks, jdupes -L or -l.
var treeLinkers = map[string]func(args []string) bool{
	"hardlink": func([]string) bool { return true },
	"lndir":    func([]string) bool { return true },
	"stow":     func([]string) bool { return true },
	"xstow":    func([]string) bool { return true },
	"rdfind": func(args []string) bool {
		return slices.ContainsFunc(args, func(a string) bool {
			return strings.HasPrefix(a, "-makehardlinks") || strings.HasPrefix(a, "-makesymlinks")
		})
	},
	"jdupes": func(args []string) bool {
		return copyOption(args, "Ll", "link-hard", "link-soft", "linkhard", "linksoft")
	},
}

// linksTrees reports a copy that links whole trees in place of copying
// them (cp -al, cp -rs, rsync --link-dest, cpio -pl): makesLinks with a
// copy that recurses.
func linksTrees(words []string) bool {
	i := programs.ProgramAt(words)
	if i >= len(words) {
		return false
	}
	if f := treeLinkers[programs.BaseName(words[i])]; f != nil {
		return f(words[i+1:])
	}
	if !makesLinks(words) {
		return false
	}
	switch programs.BaseName(words[i]) {
	case "cp", "gcp":
	case "rsync", "cpio", "pax":
		return true
	default:
		return false // ln: a link to each operand, which segLinks reads
	}
	return copyOption(words[i+1:], "rRa", "recursive", "archive")
}

// linkedUnder counts every name under a linked source as written: ln -s
// src l; echo … > l/x.sh writes src/x.sh, and cp -al src y shares src's
// files with y. A symbolic link's relative target is read from the
// link's directory: the destination (the last operand), or its parent.
// ~+ and $PWD are the working directory.
func (x *decider) linkedUnder(s *shell.Segment, src string) {
	if rest, ok := paths.CwdTildeRest(src, shell.WordTilde); ok {
		src = "." + rest
	}
	x.prefixUnder(src, s.Dirs)
	if path.IsAbs(src) || len(s.Words) == 0 {
		return
	}
	dest := s.Words[len(s.Words)-1]
	if dest == src || !x.wk().Spend(2*(len(dest)+len(src))) {
		return // (out of work: the integrity cap says so)
	}
	x.prefixUnder(pathtext.Join(dest, src), s.Dirs)
	x.prefixUnder(pathtext.Join(path.Dir(dest), src), s.Dirs)
}

// linksNames reports ln: its link may name a directory, whose files it
// then names again.
func linksNames(words []string) bool {
	for _, w := range words {
		if !programs.IsAssignment(w) {
			switch programs.BaseName(w) {
			case "ln", "gln":
				return true
			}
			return false
		}
	}
	return false
}

// contentsOrComputed reports a copy's source word k that copies a
// directory's contents (src/, src/., ., ..) or is known only at run time.
func contentsOrComputed(s *shell.Segment, k int) bool {
	w := s.Words[k]
	return s.Flags[k]&(shell.WordExpands|shell.WordGlob|shell.WordBrace) != 0 ||
		strings.HasSuffix(w, "/") || strings.HasSuffix(w, "/.") || w == "." || w == ".."
}

// recursiveCopy reports a cp, rsync or the like told to copy trees (-r,
// -R, -a, in any cluster, --recursive, --archive); ln's -r is another
// option.
func recursiveCopy(v []string) bool {
	if programs.BaseName(v[0]) == "ln" {
		return false
	}
	for _, w := range v[1:] {
		switch {
		case w == "--":
			return false
		case strings.HasPrefix(w, "--rec") || strings.HasPrefix(w, "--arc"):
			return true
		case len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.ContainsAny(w[1:], "rRa"):
			return true
		}
	}
	return false
}

// backupsKept calls fn with each name under which segment s keeps the
// originals of the files it edits in place or replaces, by a suffix of the
// command's choosing: sed -i.json … package keeps package.json, cp -b -S
// file README.md Make keeps Makefile, names a runner reads as its own. (A
// suffix known only at run time is the protected-path check's: a person
// approves every such command.)
func backupsKept(s *shell.Segment, fn func(name string)) {
	if s.Bits&(programs.Writes|programs.Interpreter|programs.Assignment|programs.PathName) != 0 {
		if suffix, files, dynamic, ok := programs.InPlaceBackups(s.Words, s.Flags, shell.WordExpands|shell.WordGlob|shell.WordBrace); ok && !dynamic {
			for _, j := range files {
				for _, b := range programs.BackupNames(s.Words[j], suffix) {
					fn(b)
				}
			}
		}
	}
	if s.Bits&(programs.Trees|programs.PathName) == 0 {
		return
	}
	if at, suffix, ok := programs.BackupSuffix(s.Words); ok && suffix != "" {
		programs.LinkWords(s.Words, s.Bits, func(j int) {
			if j != at {
				fn(s.Words[j] + suffix)
			}
		})
	}
}

// prefixUnder adds the directory word names from each of dirs to the
// prefixes of written names.
func (x *decider) prefixUnder(word string, dirs []string) {
	if x.wk().Spend(1 + len(word) + len(dirs)) {
		n := len(x.prefixes)
		x.prefixes = namedFrom(x.prefixes, word, dirs)
		for k := n; k < len(x.prefixes); k++ {
			// A directory's prefix ends in '/' (joining the word to its
			// directory cleans it away): mv x . is no prefix "proj" that
			// project.json would complete.
			if !strings.HasSuffix(x.prefixes[k], "/") {
				x.prefixes[k] += "/"
			}
		}
	}
}

// namedFrom appends to out the paths word names from each of dirs (""
// is an unknown directory: the word as written).
func namedFrom(out []string, word string, dirs []string) []string {
	if path.IsAbs(word) || len(dirs) == 0 {
		return append(out, path.Clean(word))
	}
	for _, d := range dirs {
		if d == "" {
			out = append(out, path.Clean(word))
		} else {
			out = append(out, pathtext.Join(d, word))
		}
	}
	return out
}

// aliasedBits are the programs whose second name (ln -s /usr/bin/sudo k,
// cp "$(command -v curl)" c) would let a later command run them unseen:
// privileged ones, ones with an effect outside, and those that run any
// code given to them.
const aliasedBits = programs.Privileged | programs.Effect | programs.Shell | programs.Eval | programs.Interpreter |
	programs.Source | programs.Wrapper | programs.Runner

// copiedBits are, besides aliasedBits, the programs whose copy by a
// file of theirs (cp /usr/bin/sed x) gives a later command a program
// that runs code its arguments carry (./x -n '1e git push', ./x
// 'BEGIN{system(…)}', sqlite3's .shell) under a name no table knows. A
// name they give another file (cp x .git/hooks/pre-commit) is not theirs.
const copiedBits = aliasedBits | programs.Exec | programs.Commands

// programAlias returns the program that a segment which links, copies or
// renames files (ln, cp, mv …) gives a second name, or "": one of
// aliasedBits, or one a deny or ask rule names (ln -s /usr/bin/curl k
// under a deny of curl).
func (x *decider) programAlias(s *shell.Segment) (p string) {
	if p = programFileRead(s); p != "" && (len(x.writtenIndex()) > 0 || s.Bits&^programs.PathName == 0 || s.Bits&programs.Exec != 0) {
		return p // (a program the engine does not know, or one whose arguments write, may write what it read: strip -o g /usr/bin/git, sed 'w g')
	}
	if p = shellReadsProgram(s); p != "" {
		return p
	}
	programs.LinkWords(s.Words, s.Bits, func(j int) {
		w := s.Words[j]
		if w == "." || w == ".." || strings.HasSuffix(w, "/") || strings.HasSuffix(w, "/.") || strings.HasSuffix(w, "/..") {
			return // a directory, not a name: mv build/app . (not the "." builtin)
		}
		b := programs.BaseName(w)
		bits := aliasedBits
		if inProgramDir(w) {
			bits = copiedBits // a program's own file: cp /usr/bin/sed x
		} else if projectFile(w, s.Dirs) {
			bits = 0 // cp -r templates/service services/x: a file of the project named like a program, not the program
		}
		if f := programs.ProgramFile(w); f != "" && p == "" {
			p = f // ln -s …/npm/bin/npm-cli.js x.js: node x.js publish is npm publish
			return
		}
		if p == "" && (programs.BitsOf(b)&bits != 0 || x.p != nil && x.p.mayStartDenyAsk(b)) {
			p = b
		}
	})
	return p
}

// unknownBits reports a program (v0, its view's bits) that the catalog
// knows no model of the words of: none at all, or only the build files
// it reads (javac's annotation processors), by its name or its absolute
// path (/usr/sbin/logrotate).
func unknownBits(v0 string, bits programs.Bits) bool {
	if bits == 0 {
		return true
	}
	if bits&programs.PathName != 0 {
		bits = programs.BitsOf(programs.BaseName(v0))
	}
	return bits&^programs.Builds == 0 && argmodel.Lookup(programs.BaseName(v0)) == nil
}

// unknownRunsWritten returns a word of view v (its program by a bare
// name the catalog and the models do not know) that names a file another
// segment of the command writes, whole or as an option's value after '=',
// or "". A bare word counts too (escript s runs the s the command wrote):
// a program the engine does not know may take any word for a file, and
// only a word the command itself wrote as a file asks.
func (x *decider) unknownRunsWritten(i int, v []string) string {
	if len(v) < 2 || strings.IndexByte(v[0], '/') >= 0 && !path.IsAbs(v[0]) || argmodel.Lookup(programs.BaseName(v[0])) != nil {
		return "" // (by its absolute path too, /usr/sbin/logrotate r.conf; a relative one, ./tool, is a file's)
	}
	written, found := x.writtenIndex(), ""
	if w := x.descriptorWritten(i, v); w != "" {
		return w
	}
	unknownWrites(v, func(w string) bool { // the words it may take for files, read as it may write them
		if (strings.Contains(w, "$(") || strings.IndexByte(w, '`') >= 0 || strings.Contains(w, "$@")) && x.writesOther(i) {
			// ptargrep . $(echo a.tar), git grep -Otool (tool "$@"): a name
			// the command computes, or one given at run time, may be a
			// file it wrote.
			found = w
			return false
		}
		glob := strings.ContainsAny(w, "*?[")
		var room [4]string
		for _, n := range namedFrom(room[:0], w, x.cmd.Segs[i].Dirs) {
			if j, ok := written[n]; ok && j != i {
				found = w
				return false
			}
			if glob && x.globWritten(n, i) {
				found = w // ptargrep . a.ta?: the glob may expand to a file the command wrote
				return false
			}
		}
		return true
	})
	return found
}

// descriptorWritten returns a word of view v (segment i's, a program the
// engine does not know) that opens one of the process's descriptors, when
// what the descriptor holds may be a file another segment writes: a
// redirection of one (escript /dev/stdin < x.erl, escript /dev/fd/3 3<
// x.erl), or a pipe, another descriptor or a process substitution in a
// command that writes a file (cat x.erl | escript -, escript <(cat
// x.erl)); or "".
func (x *decider) descriptorWritten(i int, v []string) string {
	s := &x.cmd.Segs[i]
	for _, w := range v[1:] {
		if !fdFile(w) && !strings.HasPrefix(w, "<(") {
			continue
		}
		for _, r := range s.Redirs {
			if strings.IndexByte(r.Op, '<') >= 0 && x.namesWritten(r.Text, r.Dirs, i) {
				return w
			}
		}
		if in := s.Input(); in.Kind != shell.StdinFile && in.Kind != shell.StdinText && x.writesOther(i) {
			return w
		}
	}
	return ""
}

// writesOther reports whether a segment other than i writes a file.
func (x *decider) writesOther(i int) bool {
	for _, j := range x.writtenIndex() {
		if j != i {
			return true
		}
	}
	return false
}

// mayNameWritten is runsWrittenFile's writer for a word of a program the
// engine does not know that may name a written file.
const mayNameWritten = -2

// fdFile reports a name of one of the process's descriptors: the input
// (/dev/stdin, -), or any by its number (/dev/fd/3, /proc/self/fd/3,
// /proc/thread-self/fd/0, /proc/PID/fd/0).
func fdFile(w string) bool {
	if programs.IsStdinFile(w) || strings.HasPrefix(w, "/dev/fd/") {
		return true
	}
	rest, ok := strings.CutPrefix(w, "/proc/")
	return ok && strings.Contains(rest, "/fd/")
}

// namesWritten reports whether word w (from dirs) names a file a segment
// other than i writes.
func (x *decider) namesWritten(w string, dirs []string, i int) bool {
	written := x.writtenIndex()
	var room [4]string
	for _, n := range namedFrom(room[:0], w, dirs) {
		if j, ok := written[n]; ok && j != i {
			return true
		}
	}
	return false
}

// globWritten reports whether pattern n (a path) matches a file another
// segment than i writes. Its comparisons are charged to the budget.
func (x *decider) globWritten(n string, i int) bool {
	if len(n) > maxGlobWritten {
		return true // a glob longer than the engine matches may match any
	}
	for p, j := range x.writtenIndex() {
		// A match costs up to the pattern's length per byte of the name.
		if !x.wk().Spend(1 + len(n) + len(p)) {
			return true // the integrity cap names the spent budget
		}
		if ok, err := path.Match(n, p); j != i && (ok || err != nil) {
			return true
		}
	}
	return false
}

// maxGlobWritten bounds the glob globWritten matches against the written
// files, so that each match costs at most that much per byte of a name.
const maxGlobWritten = 256

// inProgramDir reports an absolute path (or one in the home directory)
// whose directory is one of programs (isProgramDir).
func inProgramDir(w string) bool {
	if len(w) < 2 || w[0] != '/' && !strings.HasPrefix(w, "~/") {
		return false
	}
	return isProgramDir(path.Dir(w))
}

// isProgramDir reports a directory that holds programs by its name: bin,
// sbin, git-core, libexec.
func isProgramDir(d string) bool {
	switch path.Base(d) {
	case "bin", "sbin", "git-core", "libexec":
		return true
	}
	return false
}

// inspectors are programs whose output about a file cannot give the file
// back: its metadata, a digest, a listing, the libraries it needs. Reading
// a program's file with one makes no copy of it (file /usr/bin/git > x).
var inspectors = map[string]bool{
	"ls": true, "stat": true, "file": true, "test": true, "[": true, "[[": true, "wc": true, "du": true,
	"md5sum": true, "sha1sum": true, "sha224sum": true, "sha256sum": true, "sha384sum": true, "sha512sum": true,
	"b2sum": true, "cksum": true, "sum": true, "ldd": true, "which": true, "type": true, "command": true,
	"readlink": true, "realpath": true, "basename": true, "dirname": true, "size": true, "nm": true,
	"readelf": true, "objdump": true, "strings": true, "find": true, "namei": true, "whereis": true,
}

// programLookups are the words a substitution starts with to print a
// program's path (cat "$(which git)" > g reads git's file).
var programLookups = []string{"which ", "command -v ", "command -V ", "type -p ", "type -P ", "whereis "}

// programFileRead returns the program whose file segment s reads, as a
// word or as its input, or "": a path in a directory of programs
// (/usr/bin/git, /usr/lib/git-core/git, ~/.local/bin/curl, ../../usr/bin/git
// from the working directory, git after cd /usr/bin, a glob there), or a
// substitution that prints a program's path ($(which git)). Where the
// command writes a file too, it may be a copy by content (cat
// /usr/bin/git > g, tee g < /usr/bin/git, cat /usr/bin/git | cat > g),
// which no link or copy word shows. What the segment writes, options'
// values, and the words of echo, of inspectors, of programs that change
// only a file's mode (chmod) and of programs that run the program they
// name (a loader, a wrapper, a shell) are not reads.
func programFileRead(s *shell.Segment) string {
	at := programs.ProgramAt(s.Words)
	if at >= len(s.Words) || len(s.Masks) != len(s.Words) {
		return ""
	}
	inDir := anyDirProgramDir(s.Dirs)
	if s.AnyMask&shell.MaskPath == 0 && len(s.Redirs) == 0 && !inDir {
		return ""
	}
	// make CC=/usr/bin/gcc: a variable of the program's, whose value its
	// model judges as the program it names (EnvCode), not a file read.
	variables := programs.EnvOperands(programs.BaseName(s.Words[at]))
	// A cheap pass first: most segments name no program's file at all.
	reads := func(fn func(w string) bool) bool {
		for _, r := range s.Redirs {
			if r.Op == "<" && fn(r.Text) {
				return true
			}
		}
		for j := at + 1; j < len(s.Words); j++ {
			w := s.Words[j]
			if w == "" || w[0] == '-' || s.Masks[j]&shell.MaskPath == 0 && !inDir {
				continue // an option's value names a program to run (--rsh-command=/usr/bin/ssh); a bare name is a file here
			}
			if variables && programs.IsAssignment(w) {
				continue
			}
			if _, v, ok := strings.Cut(w, "="); ok && w[0] != '/' && w[0] != '$' {
				w = v // dd if=/usr/bin/git
			}
			if fn(w) {
				return true
			}
		}
		return false
	}
	if !reads(mayBeProgramFile) {
		return ""
	}
	prog := programs.BaseName(s.Words[at])
	if printsOnly(s.Words) || programs.MetadataOnly(s.Words) || inspectors[prog] ||
		programs.BitsOf(prog)&(programs.Wrapper|programs.Shell|programs.Interpreter|programs.Privileged) != 0 {
		return "" // (a loader or a wrapper runs the program it names: ld.so /bin/bash x.sh; a privileged one has its own cap)
	}
	var written map[string]bool // what the segment writes, read once
	found := ""
	reads(func(w string) bool {
		w = strings.TrimPrefix(w, "file://") // curl -so g file:///usr/bin/git
		if b := lookedUp(w); b != "" {
			found = b
			return true
		}
		var room [shell.MaxDirs + 1]string
		for _, c := range wordPaths(w, s.Dirs, room[:0]) {
			if !inProgramDir(c) {
				continue
			}
			b := path.Base(c)
			if programs.BitsOf(b)&copiedBits == 0 && !paths.HasGlobOrBrace(b) {
				continue // (a glob among programs may match any of them)
			}
			if written == nil {
				written = map[string]bool{}
				segWrites(s, func(text string, _ writeKind) { written[text] = true })
			}
			if !written[w] {
				found = b
				return true
			}
		}
		return false
	})
	return found
}

// mayBeProgramFile reports, cheaply, a word that may name a program's
// file: a substitution that looks one up, or a path whose last
// component is a program's name, a glob, or a step that hides it.
func mayBeProgramFile(w string) bool {
	w = strings.TrimPrefix(w, "file://")
	if lookedUp(w) != "" {
		return true
	}
	b := w[strings.LastIndexByte(w, '/')+1:]
	return b == "" || b == "." || b == ".." || paths.HasGlobOrBrace(b) || programs.BitsOf(b)&copiedBits != 0
}

// shellReadsProgram returns the program whose file a shell reads as its
// script on its input (bash -s -- -f u@host < /usr/bin/ssh-copy-id runs
// ssh-copy-id), or "".
func shellReadsProgram(s *shell.Segment) string {
	if len(s.Redirs) == 0 || !slices.ContainsFunc(s.Views, func(v []string) bool {
		at := programs.ProgramAt(v) // (any view: command bash -s < f, nice sh < f)
		return at < len(v) && programs.BitsOf(programs.BaseName(v[at]))&programs.Shell != 0
	}) {
		return ""
	}
	for _, r := range s.Redirs {
		if r.Op != "<" {
			continue
		}
		var room [shell.MaxDirs + 1]string
		for _, c := range wordPaths(r.Text, s.Dirs, room[:0]) {
			if b := path.Base(c); inProgramDir(c) && programs.BitsOf(b)&copiedBits != 0 {
				return b
			}
		}
	}
	return ""
}

// wordPaths returns the cleaned paths a word names from the segment's
// directories: itself when absolute or in the home directory, joined to
// each known directory when relative.
func wordPaths(w string, dirs, out []string) []string {
	if w == "" || w[0] == '$' || w[0] == '`' {
		return out // (known only at run time: lookedUp reads a lookup's substitution)
	}
	if w[0] == '/' || strings.HasPrefix(w, "~/") {
		return append(out, path.Clean(w))
	}
	for _, d := range dirs {
		if d != "" {
			out = append(out, path.Clean(d+"/"+w))
		}
	}
	return out
}

// anyDirProgramDir reports a working directory that is a directory of
// programs (cd /usr/bin && cat git > …).
// projectFile reports a relative word with a directory of its own that
// stays below the working directories, none of which holds programs
// (templates/service): a file of the project, not a program's, whatever
// its name.
func projectFile(w string, dirs []string) bool {
	if w == "" || w[0] == '/' || w[0] == '~' || strings.IndexByte(w, '/') <= 0 || strings.Contains(w, "..") ||
		strings.ContainsAny(w, "$`*?[{") || len(dirs) == 0 {
		return false
	}
	for _, d := range dirs {
		if d == "" || isProgramDir(d) || inProgramDir(pathtext.Join(d, w)) {
			return false // cd /usr && ln -s bin/git g: a program's own file
		}
	}
	return true
}

func anyDirProgramDir(dirs []string) bool {
	return slices.ContainsFunc(dirs, isProgramDir)
}

// lookedUp returns the program a substitution that prints its path names
// ($(which git), `command -v curl`), when it is one whose copy counts
// (copiedBits), or "".
func lookedUp(w string) string {
	if strings.IndexByte(w, '$') < 0 && strings.IndexByte(w, '`') < 0 {
		return ""
	}
	k := strings.Index(w, "$(")
	if k < 0 {
		k = strings.IndexByte(w, '`')
	}
	if k < 0 {
		return ""
	}
	inner := strings.TrimLeft(w[k+1:], "( ")
	for _, l := range programLookups {
		if rest, ok := strings.CutPrefix(inner, l); ok {
			name, _, _ := strings.Cut(strings.TrimLeft(rest, " "), " ")
			name = strings.TrimRight(name, ")`\"")
			if programs.BitsOf(programs.BaseName(name))&copiedBits != 0 {
				return programs.BaseName(name)
			}
		}
	}
	return ""
}

// judged reads every segment through its program's model, once per
// decision: the integrity, reach and exec caps all read the result. Up to
// len(judgedRoom) segments are kept in the decider itself; x holds no
// slice of its own array (which would move the decider to the heap).
func (x *decider) judged() []segJudge {
	if !x.judgedDone {
		x.judgeAll()
	}
	if x.judgedMore != nil {
		return x.judgedMore
	}
	return x.judgedRoom[:x.judgedN]
}

func (x *decider) judgeAll() {
	var extra [][]string
	if x.p != nil {
		extra = x.p.ext.ExternalEffect
	}
	segs := x.cmd.Segs
	if len(segs) > len(x.judgedRoom) {
		x.judgedMore = make([]segJudge, 0, len(segs)) // once, at the size needed
		for i := range segs {
			x.judgedMore = append(x.judgedMore, judgeSegment(&segs[i], extra, x.wk()))
		}
	} else {
		for i := range segs {
			x.judgedRoom[i] = judgeSegment(&segs[i], extra, x.wk())
		}
		x.judgedN = len(segs)
	}
	x.judgedDone = true
	x.judgeExports()
}

// judgeExports judges every segment's views again with the assignments
// the command passes on to its programs' environment (export CC=sudo;
// make runs sudo as make's compiler; export DOCKER_HOST=ssh://h; docker
// rm x reaches another machine). Where the assignment stands does not
// matter: every program of the command is judged with all of them, which
// may ask for a command that exports after its program runs, never
// approve one that exports before.
// makeValueExported returns why a variable exported before make (or
// rake) names a command the makefile may run (export RUNNER=sudo; make
// check: shell.MakeValue), or "".
func makeValueExported(prog string, env []string) string {
	for _, a := range env {
		name, value, ok := strings.Cut(a, "=")
		if ok && name != "" && shell.MakeValue(value) != "" {
			return prog + ": " + name + "=" + shell.QuoteExcerpt(value) + " is exported, and " + programs.BaseName(prog) + " may run it as a command"
		}
	}
	return ""
}

// sourcedInput returns the word of segment s that names, at run time, a
// file the shell sources (. "$y", source /dev/$y) when the command gives
// some program an input (a pipe, a here-string, a here-document, a
// redirection): the name may be /dev/stdin, and the shell then runs that
// input as commands (printf '/dev/stdin\n…' | { read y; . "$y"; }). Or "".
func (x *decider) sourcedInput(s *shell.Segment) string {
	for vi, v := range s.Views {
		if len(v) == 0 {
			continue
		}
		bits := s.ViewBits(vi)
		if bits&programs.Source == 0 {
			continue
		}
		k := programs.ScriptFile(v, bits)
		flags := s.ViewFlags(vi)
		if k < 0 || k >= len(flags) || flags[k]&shell.WordExpands == 0 {
			continue
		}
		if strings.ContainsAny(x.commandText(), "|<") {
			return v[k]
		}
	}
	return ""
}

// makeAssignedProgram returns the first word of the value a word assigns
// as make reads an assignment (NAME=, NAME:=, NAME::=, NAME?=, NAME+=,
// NAME!=, blanks around the operator), with make's recipe prefixes (@, -,
// +) dropped, when it holds a '/' (a file by its path), or "".
func makeAssignedProgram(w string) string {
	k := strings.IndexByte(w, '=')
	if k <= 0 {
		return ""
	}
	name := strings.TrimRight(strings.TrimRight(w[:k], " \t"), ":?+!")
	if name == "" || strings.IndexFunc(name, func(r rune) bool {
		return !(r == '_' || r == '.' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9')
	}) >= 0 {
		return ""
	}
	value := strings.TrimLeft(w[k+1:], " \t@+-")
	if end := strings.IndexAny(value, " \t\n"); end >= 0 {
		value = value[:end]
	}
	if strings.IndexByte(value, '/') < 0 {
		return ""
	}
	return value
}

// runsMakeVars reports a segment one of whose views runs make or rake,
// which pass their NAME=value operands to the recipes they run.
func runsMakeVars(s *shell.Segment) bool {
	for _, v := range s.Views {
		if len(v) > 0 && programs.EnvOperands(programs.BaseName(v[0])) {
			return true
		}
	}
	return false
}

// maxExports bounds the assignments judgeExports reads; past it the
// integrity cap fires.
const maxExports = 1024

func (x *decider) judgeExports() {
	segs := x.cmd.Segs
	var env []string
	var flags []uint8
	// A command that starts a shell of its own passes that shell every
	// assignment it makes (env CC=sudo bash -c make).
	inherited := false
	for i := range segs {
		inherited = inherited || segs[i].Depth > 0
	}
	over := false
	for i := range segs {
		segs[i].Exports(inherited, func(a string, computed bool) {
			if len(env) == maxExports {
				over = true // read a a a …: a bound, not a copy per name
				return
			}
			env = append(env, a)
			f := uint8(0)
			if computed {
				f = shell.WordExpands
			}
			flags = append(flags, f)
		})
	}
	if over {
		x.cap(CodeIntegrity, "", "more than "+strconv.Itoa(maxExports)+" variables set for the programs the command runs: they are not all read")
		return
	}
	if len(env) == 0 {
		return
	}
	judged := x.judgedRoom[:x.judgedN]
	if x.judgedMore != nil {
		judged = x.judgedMore
	}
	// What the assignments do depends on the program alone: each program
	// is judged with them once, so that the cost stays linear.
	type found struct {
		reach    programs.Reach
		reaches  bool
		computed string
	}
	seen := map[string]found{}
	for i := range judged {
		j := &judged[i]
		for _, v := range segs[i].Views {
			if len(v) == 0 {
				continue
			}
			f, ok := seen[v[0]]
			if !ok {
				if !x.wk().Spend(len(env) + len(v[0])) {
					return
				}
				f.reach, f.reaches = programs.EnvEffect(v, env)
				f.computed = programs.EnvComputed(v, env, flags, shell.WordExpands)
				if f.computed == "" && programs.EnvOperands(programs.BaseName(v[0])) {
					f.computed = makeValueExported(v[0], env)
				}
				seen[v[0]] = f
			}
			if !j.reaches && f.reaches {
				j.reach, j.reaches = f.reach, true
			}
			if j.computed == "" {
				j.computed = f.computed
			}
		}
	}
}

// textProblem scans the command's text for what cannot be shown
// faithfully to a person. A command the fast path read needs no scan: it
// accepts only printable ASCII, tabs and newlines.
func (x *decider) textProblem() string {
	text := x.req.Action.Command
	if x.cmd.FastTop && len(text) <= MaxCommandBytes {
		return ""
	}
	return shell.IntegrityProblem(text)
}

// reachCaps: external effect and privilege, which auto mode does not lift.
func (x *decider) reachCaps() {
	for i, j := range x.judged() {
		if j.reaches {
			why := j.reach.Why
			if j.reach.Instead != "" {
				why += "; propose a typed " + j.reach.Instead + " action instead"
			}
			x.cap(reachCode(j.reach), x.cmd.Segs[i].Text, why)
		}
	}
	for i := range x.cmd.Segs {
		s := &x.cmd.Segs[i]
		capped := false
		for _, r := range s.Redirs {
			if why := x.networkFile(r); why != "" {
				x.cap(CodeExternalEffect, s.Text, why)
				capped = true
				break
			}
		}
		if capped {
			continue
		}
		if w := xargsIntoPerl(s); w != "" {
			x.cap(CodeIntegrity, s.Text, "xargs hands perl each line of its input as "+shell.QuoteExcerpt(w)+
				": perl opens an operand with its two-argument open, where a name ending in | runs as a command")
			continue
		}
		if w := xargsIntoName(s); w != "" {
			x.cap(CodeExternalEffect, s.Text, "xargs puts each line of its input into "+shell.QuoteExcerpt(w)+
				", a word of a program that reaches other machines: the line leaves with the request")
			continue
		}
		if w := networkName(s); w != "" {
			x.cap(CodeExternalEffect, s.Text, shell.QuoteExcerpt(w)+" names a network connection that bash (/dev/tcp, /dev/udp) or gawk (/inet) opens")
		}
	}
	for _, r := range x.cmd.Paths {
		if why := x.networkFile(r); why != "" {
			x.cap(CodeExternalEffect, "", why)
		}
	}
}

// xargsCommand returns the replace string of an xargs -I in a view of
// segment s (timeout 5 xargs -I{} …: a wrapper's view too) and the last
// view, the command it runs, or "".
func xargsCommand(s *shell.Segment) (string, []string) {
	if len(s.Views) < 2 {
		return "", nil
	}
	for _, v := range s.Views[:len(s.Views)-1] {
		if r := programs.XargsReplace(v); r != "" {
			return r, s.Views[len(s.Views)-1]
		}
	}
	return "", nil
}

// xargsIntoName returns a word of an xargs -I command that holds the
// replace string inside other text (curl http://h/{}, getent hosts
// {}.x.example), when the program it runs reaches other machines, or "".
func xargsIntoName(s *shell.Segment) string {
	r, v := xargsCommand(s)
	if r == "" || len(v) == 0 || programs.BitsOf(programs.BaseName(v[0]))&(programs.Effect|programs.Interpreter) == 0 {
		return ""
	}
	for _, w := range v[1:] {
		if w != r && strings.Contains(w, r) {
			return w
		}
	}
	return ""
}

// xargsIntoPerl returns the replace string of an xargs -I that perl
// gets as an operand (git ls-files | xargs -I% perl -ne … %), or "": an
// input line may be a name perl's open runs ('x;id|'), as find's {} may.
func xargsIntoPerl(s *shell.Segment) string {
	r, v := xargsCommand(s)
	if r == "" || len(v) == 0 {
		return ""
	}
	if b := programs.BaseName(v[0]); b != "perl" && !strings.HasPrefix(b, "perl5") { // perl5.36.0
		return ""
	}
	for _, w := range v[1:] {
		if strings.Contains(w, r) {
			return w
		}
	}
	return ""
}

// networkName returns a word of segment s that names a connection a
// later redirection or gawk may open, or "": an assignment of a
// /dev/tcp or /dev/udp path (T=/dev/tcp/h/80; exec 3<$T), or, for an awk,
// any word naming gawk's /inet files (gawk 1 /inet/tcp/0/h/80). Words are
// read without their quotes (/dev/"tcp").
func networkName(s *shell.Segment) string {
	awk := awkSegment(s)
	for _, w := range s.Words {
		if strings.IndexByte(w, '/') < 0 {
			continue // every name it looks for holds a slash
		}
		if programs.IsAssignment(w) && (strings.Contains(w, "/dev/tcp") || strings.Contains(w, "/dev/udp") || strings.Contains(w, "/inet")) ||
			awk && strings.Contains(w, "/inet") {
			return w
		}
	}
	return ""
}

// awkSegment reports a segment whose program, in any view, is an awk.
func awkSegment(s *shell.Segment) bool {
	for _, v := range s.Views {
		if len(v) > 0 {
			switch programs.BaseName(v[0]) {
			case "awk", "gawk", "mawk", "nawk":
				return true
			}
		}
	}
	return false
}

// mayStartNetworkName reports a target with an expansion whose literal
// text before its first expansion may begin /dev/tcp/ or /dev/udp/: bash
// opens a connection for any name it expands to that matches /dev/tcp/*/*
// (it does not clean the name first), so "$f", ~/x, /d$X/h/80 and
// ${T}cp/h/80 with T=/dev/t may each be one, whichever descriptor they
// are opened on. (A target written to is a protected path's concern
// already, which fires as well when it is not known.) (A '$' the quotes
// made literal only shortens the text before the expansion: towards
// asking.)
func mayStartNetworkName(t string) bool {
	k := strings.IndexAny(t, "$`")
	switch {
	case strings.HasPrefix(t, "~"):
		k = 0 // a home directory, or a directory of the stack
	case k < 0:
		return false // text without an expansion (a directory resolved): read as it is
	}
	lit := t[:k]
	return strings.HasPrefix("/dev/tcp/", lit) || strings.HasPrefix("/dev/udp/", lit)
}

// networkFile says why a redirection's target is a network connection,
// which bash opens for /dev/tcp/HOST/PORT and /dev/udp/…, or may be one: a
// target of one expansion only, or under /dev with an expansion. It is ""
// for any other target.
func (x *decider) networkFile(r shell.PathRef) string {
	if strings.HasPrefix(r.Op, "<<") {
		return "" // a here-document or here-string opens no file
	}
	if r.Flags&shell.WordBrace == 0 {
		return x.networkWord(r, r.Text)
	}
	// bash expands braces in a target that makes one word:
	// /dev/t{c..c}p/h/80 is /dev/tcp/h/80, and ~+/t{c..c}p/h/80 from
	// /dev. Every word it may make is read.
	ex, err := brace.Word(r.Text, x.cmd.Work()) // (not x.wk(): see writtenIndex)
	if err != nil {
		return "redirection " + r.Op + " " + shell.QuoteExcerpt(r.Text) + ": its brace expansion cannot be read in full (" + err.Error() + "), and may name /dev/tcp/HOST/PORT, a network connection bash opens"
	}
	for _, t := range ex {
		if why := x.networkWord(r, t); why != "" {
			return why
		}
	}
	return ""
}

// networkWord is networkFile for one word t the target makes: ~+, $PWD
// and ${PWD} are the working directories as text (cd /dev && cat <
// ~+/tcp/h/80 connects), which are known; ~- is $OLDPWD, which is not.
func (x *decider) networkWord(r shell.PathRef, t string) string {
	rest, ok := paths.CwdTildeRest(t, r.Flags)
	if !ok {
		if rest, ok = argmodel.WorkingDirRest(t); ok {
			t = "~+" + rest // (for the test of ~- below)
		}
	}
	if !ok {
		if argmodel.AbsoluteStart(t) {
			return "" // $HOME/…: a home directory, not /dev
		}
		return networkTarget(r, t)
	}
	unknown := t[1] == '-'
	for _, d := range r.Dirs {
		if d == "" {
			unknown = true
		} else if why := networkTarget(r, d+rest); why != "" {
			return why
		}
	}
	if unknown && strings.IndexByte(r.Op, '>') < 0 {
		return "redirection " + r.Op + " " + shell.QuoteExcerpt(r.Text) + ": a directory known only at run time, which may be /dev: the target may be /dev/tcp/HOST/PORT, a network connection bash opens"
	}
	return ""
}

// networkTarget is networkFile for one word t the target makes.
func networkTarget(r shell.PathRef, t string) string {
	if c := path.Clean(t); strings.HasPrefix(c, "/dev/tcp/") || strings.HasPrefix(c, "/dev/udp/") {
		return "redirection " + r.Op + " " + shell.QuoteExcerpt(t) + ": bash opens a network connection for /dev/tcp and /dev/udp"
	}
	if r.Flags&shell.WordExpands != 0 && !strings.HasPrefix(r.Op, "<<") && (strings.HasPrefix(t, "/dev/") || strings.Contains(t, "tcp/") || strings.Contains(t, "udp/") ||
		strings.IndexByte(r.Op, '>') < 0 && mayStartNetworkName(t)) {
		// $d/tcp/h/80 with d=/dev: a target built at run time that names
		// tcp or udp may be one.
		return "redirection " + r.Op + " " + shell.QuoteExcerpt(t) + ": a target known only at run time may be /dev/tcp/HOST/PORT, a network connection bash opens"
	}
	return ""
}

// execCaps: exec-capable arguments, lifted by auto mode like the path
// scope.
func (x *decider) execCaps() {
	for i, j := range x.judged() {
		s := &x.cmd.Segs[i]
		switch {
		case s.Exec != "":
			// What the reader found runs code (a program named in an
			// environment variable, code hidden in data).
			x.cap(CodeExecArgument, s.Text, s.Exec)
		case j.exec != "":
			x.cap(CodeExecArgument, s.Text, j.exec)
		}
	}
}

// segJudge is what the program models say about one segment, over all its
// views: the first external effect or privilege, exec-capable argument and
// program chosen at run time found.
type segJudge struct {
	reach          programs.Reach
	reaches        bool
	exec, computed string
	// unread: the exec runs code or a program the engine does not read
	// (programs.Judgement.Unread), which may write any file.
	unread bool
}

// judgeSegment reads every view of a segment through its program's model
// (the host's extra rows too), and, for an unknown program, every later
// word that names a program with effects. It spends its work on w, and
// finds nothing more once w's budget is spent (the integrity cap then
// fires).
func judgeSegment(s *shell.Segment, extra [][]string, w *work.Counter) segJudge {
	var j segJudge
	for vi, v := range s.Views {
		if len(v) == 0 {
			continue
		}
		bits := s.ViewBits(vi)
		if !w.Spend(judgeCost(v, bits, len(extra))) {
			return j
		}
		var jj programs.Judgement
		judged := bits&(programs.Effect|programs.Exec) != 0
		if judged {
			jj, _ = programs.Judge(v, s.ViewFlags(vi), shell.WordExpands|shell.WordGlob|shell.WordBrace)
		} else {
			// A runner of scripts or tests may hand node options (tsx
			// --inspect=0.0.0.0).
			jj, judged = programs.NodeCarried(v)
		}
		if judged {
			if !j.reaches && jj.Reaches {
				j.reach, j.reaches = jj.Reach, true
			}
			if j.exec == "" {
				j.exec = jj.Exec
			}
			j.unread = j.unread || jj.Unread
			if j.computed == "" {
				j.computed = jj.Computed
			}
		}
		if j.computed == "" && bits&programs.Interpreter != 0 {
			j.computed = programs.UnreadCode(v)
		}
		if j.computed == "" {
			j.computed = programs.ResponseFile(v) // java @argfile, ld @rsp
		}
		if !j.reaches && len(extra) > 0 {
			j.reach, j.reaches = programs.ExtraEffect(v, extra)
		}
		if !j.reaches && vi > 0 && len(v) < len(s.Words) {
			// Assignments before the program (DOCKER_HOST=… docker ps,
			// env DOCKER_HOST=… docker ps) are in the words it drops.
			j.reach, j.reaches = programs.EnvEffect(v, s.Words[:len(s.Words)-len(v)])
		}
		if j.computed == "" && vi > 0 && len(v) < len(s.Words) {
			n := len(s.Words) - len(v)
			j.computed = programs.EnvComputed(v, s.Words[:n], s.Flags[:n], shell.WordExpands)
		}
	}
	if !j.reaches {
		j.reach, j.reaches = unknownEffect(s, extra, w)
	}
	if !j.reaches && s.AnyMask&shell.MaskPath != 0 && anyExpands(s.Flags) {
		j.reach, j.reaches = programs.OutputInURL(s.Words, s.Flags, shell.WordExpands)
	}
	return j
}

// unknownEffect checks, for a program the engine does not know, every
// later word that names a program with effects, as if it ran the rest.
// A later word is checked where it stands, as the program of the words
// after it: the rest of the command is not copied for it.
func unknownEffect(s *shell.Segment, extra [][]string, w *work.Counter) (programs.Reach, bool) {
	if len(s.Words) < 2 || !s.UnknownProgram() {
		return programs.Reach{}, false
	}
	for i := 1; i < len(s.Words); i++ {
		b := programs.BaseName(s.Words[i])
		if !w.Spend(1) {
			return programs.Reach{}, false
		}
		var rest []string
		if programs.BitsOf(b)&programs.Effect != 0 || extraVerb(extra, b) {
			rest = s.Words[i:]
		} else if opt, v, ok := strings.Cut(s.Words[i], "="); ok && strings.HasPrefix(opt, "-") && v != "" {
			// mytool --x=sudo: an option's value may be the program it
			// runs, as the word after --x is.
			if b = programs.BaseName(v); programs.BitsOf(b)&programs.Effect == 0 && !extraVerb(extra, b) {
				continue
			}
			rest = append([]string{v}, s.Words[i+1:]...)
		} else {
			continue
		}
		if !w.Spend(programs.EffectCost(rest, len(extra))) {
			return programs.Reach{}, false
		}
		if hit, ok := programs.ExternalEffectAs(b, rest, extra); ok {
			if s.Bits&^programs.PathName != 0 { // a program the catalog knows, whose other words are not read (Behind, an interpreter)
				hit.Why += " (" + shell.QuoteExcerpt(s.Words[0]) + " may run the words after it as a command)"
			} else {
				hit.Why += " (" + shell.QuoteExcerpt(s.Words[0]) + " is not a known program and may run it)"
			}
			return hit, true
		}
	}
	return programs.Reach{}, false
}

func extraVerb(extra [][]string, v string) bool {
	for _, e := range extra {
		if len(e) > 0 && e[0] == v {
			return true
		}
	}
	return false
}

// reachCode is the cap code of what a command reaches.
func reachCode(r programs.Reach) Code {
	if r.Privileged {
		return CodePrivileged
	}
	return CodeExternalEffect
}

// capsTerminal reports whether the external-effect and privilege cap
// applies to a command of these words.
func capsTerminal(words []string) bool {
	if len(words) == 0 {
		return false
	}
	_, capped := programs.ExternalEffect(words, programs.BitsOf(words[0]), nil)
	return capped
}
