package shell

import (
	"github.com/permengine/permengine/internal/ascii"
	"slices"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/programs"
	"mvdan.cc/sh/v3/syntax"
)

// walker turns a parsed script into segments while tracking the working
// directory each one may run in.
type walker struct {
	c     *Command
	src   string
	depth int
	// paramStart and paramEnd span the last parameter expansion whose
	// text procSubstInParam read: the ones inside it are not read again.
	paramStart, paramEnd int
	origin               string
	level                int // statement lists entered: substitutions, subshells, groups
	// groupIn is the input a compound command's redirection gives the
	// commands inside it ({ pytest --trace; } <<< 'code'): each simple
	// command without an input of its own reads it.
	groupIn Stdin
	// inTest is true while the words of a [[ … ]] test are walked: a
	// pattern there matches a string and never names files.
	inTest bool
}

// stmts walks a statement list; each statement runs from wherever the
// previous one may have left the shell.
func (r *walker) stmts(list []*syntax.Stmt, dirs []string) []string {
	r.level++
	defer func() { r.level-- }()
	if r.level > MaxSyntaxNesting {
		r.c.exceeded("commands nested more than " + strconv.Itoa(MaxSyntaxNesting) + " deep in substitutions, subshells or groups")
		return dirs
	}
	cur := dirs
	for _, st := range list {
		ok, fail := r.stmt(st, cur)
		cur = r.c.unionDirs(ok, fail)
	}
	return cur
}

// stmt walks one statement and returns the directories the shell may be in
// afterwards when it succeeded and when it failed.
func (r *walker) stmt(st *syntax.Stmt, dirs []string) (ok, fail []string) {
	if st == nil {
		return dirs, dirs
	}
	if st.Coprocess {
		r.noteControl("a coprocess")
	}
	_, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall && st.Cmd != nil {
		// Redirections of a compound command; a simple command's (and a
		// bare "> file") belong to its segment.
		for _, rd := range st.Redirs {
			if ref, isPath := r.redir(rd, dirs); isPath {
				r.c.Paths = append(r.c.Paths, ref)
			}
		}
		if in := r.stdinOf(st.Redirs); in.Kind != StdinInherited {
			defer func(was Stdin) { r.groupIn = was }(r.groupIn)
			r.groupIn = in
		}
	}
	start := len(r.c.Segs)
	ok, fail = r.stmtCmd(st, dirs)
	if st.Background {
		// A background job runs in a subshell; the shell stays put.
		r.c.markLate(start)
		return dirs, dirs
	}
	if st.Negated {
		ok, fail = fail, ok
	}
	return ok, fail
}

func (r *walker) noteControl(what string) {
	if r.c.Control == "" {
		r.c.Control = what
	}
}

// stmtCmd walks the command of a statement.
func (r *walker) stmtCmd(st *syntax.Stmt, dirs []string) (ok, fail []string) {
	switch x := st.Cmd.(type) {
	case nil:
		// Redirections only, such as "> file": a segment with no words.
		r.emit(st, nil, nil, nil, dirs)
		return dirs, dirs
	case *syntax.CallExpr:
		return r.call(st, x, dirs)
	case *syntax.BinaryCmd:
		return r.binary(x, dirs)
	case *syntax.Subshell:
		r.stmts(x.Stmts, dirs)
		return dirs, dirs
	case *syntax.Block:
		out := r.stmts(x.Stmts, dirs)
		return out, out
	case *syntax.TimeClause:
		if x.Stmt != nil {
			if call, ok := x.Stmt.Cmd.(*syntax.CallExpr); ok && len(call.Args) > 0 && call.Args[0].Lit() == "--" {
				// time -- CMD and time -p -- CMD: bash's time takes "--"
				// as the end of its options, and runs CMD.
				call.Args = call.Args[1:]
				if len(call.Args) == 0 && len(call.Assigns) == 0 {
					return dirs, dirs
				}
			}
		}
		return r.stmt(x.Stmt, dirs)
	case *syntax.DeclClause:
		r.decl(st, x, dirs)
		return dirs, dirs
	case *syntax.TestClause:
		if inertTest(x.X) {
			// It runs no program and evaluates no text as code: only
			// the substitutions in it run, and they are segments.
			r.subst(x, dirs)
			return dirs, dirs
		}
	}
	r.noteControl(controlName(st.Cmd))
	out := r.controlBody(st.Cmd, dirs)
	return out, out
}

// binary walks "x && y", "x || y" and pipes. A chain of them (a && b ||
// c, a | b | c) is one left-nested tree, as deep as it is long: it is
// walked in a loop, not by recursion, so that a long chain costs no stack.
func (r *walker) binary(x *syntax.BinaryCmd, dirs []string) (ok, fail []string) {
	if x.Op == syntax.AndStmt || x.Op == syntax.OrStmt {
		first, links := chainOf(x, func(op syntax.BinCmdOperator) bool { return op == syntax.AndStmt || op == syntax.OrStmt })
		ok, fail = r.stmt(first, dirs)
		for _, b := range links {
			if b.Op == syntax.AndStmt {
				rok, rfail := r.stmt(b.Y, ok)
				ok, fail = rok, r.c.unionDirs(fail, rfail)
			} else {
				rok, rfail := r.stmt(b.Y, fail)
				ok, fail = r.c.unionDirs(ok, rok), rfail
			}
		}
		return ok, fail
	}
	// Pipes: every part runs in its own subshell, all at once; a part
	// after a pipe reads it, and may wait for it before it does what it
	// does (git commit -F -): it runs late.
	first, links := chainOf(x, func(op syntax.BinCmdOperator) bool { return op == syntax.Pipe || op == syntax.PipeAll })
	r.stage(first, dirs, false)
	piped, inPipe := r.c.piped, r.c.inPipe
	for k, b := range links {
		r.c.piped, r.c.inPipe = "", true
		if k == 0 {
			r.c.piped = r.pipedText(first) // echo … | sh
		}
		r.stage(b.Y, dirs, true)
	}
	r.c.piped, r.c.inPipe = piped, inPipe
	return dirs, dirs
}

// chainOf returns the first operand of the left-nested chain of
// operators that same accepts at x, and the operators after it, in
// order. An operand that is a statement of its own (negated, in the
// background, with redirections) ends the chain there.
func chainOf(x *syntax.BinaryCmd, same func(syntax.BinCmdOperator) bool) (*syntax.Stmt, []*syntax.BinaryCmd) {
	links := []*syntax.BinaryCmd{x}
	for {
		st := links[len(links)-1].X
		b, ok := st.Cmd.(*syntax.BinaryCmd)
		if !ok || !same(b.Op) || st.Negated || st.Background || st.Coprocess || len(st.Redirs) > 0 {
			slices.Reverse(links)
			return st, links
		}
		links = append(links, b)
	}
}

// stage walks a stage of a pipeline and marks its segments Late when it
// holds more than one, or when it reads the pipe (after, every one).
func (r *walker) stage(st *syntax.Stmt, dirs []string, after bool) {
	start := len(r.c.Segs)
	r.stmt(st, dirs)
	if after {
		r.c.markLateAll(start)
	} else {
		r.c.markLate(start)
	}
}

// decl reads export, declare, local, readonly … as a segment.
func (r *walker) decl(st *syntax.Stmt, x *syntax.DeclClause, dirs []string) {
	words, flags := []string{x.Variant.Value}, []uint8{0}
	for _, a := range x.Args {
		t, f := r.assignText(a)
		words = append(words, t)
		flags = append(flags, f)
		if a.Index != nil && arithDynamic(a.Index) {
			r.dyn("an array index evaluates variable contents as arithmetic")
		}
	}
	r.emit(st, words, flags, nil, dirs)
	r.subst(x, dirs)
}

// inertTest reports a [[ … ]] test that evaluates nothing as code: no
// arithmetic comparison (-eq, -lt, …) of anything but literal numbers,
// whose operands bash evaluates as arithmetic (a variable holding
// a[$(cmd)] runs cmd), and no -v or -R of anything but a plain name (a
// subscript is arithmetic too). File tests, string tests, pattern and
// regular expression matches are inert.
func inertTest(e syntax.TestExpr) bool {
	switch x := e.(type) {
	case *syntax.BinaryTest:
		switch x.Op {
		case syntax.TsEql, syntax.TsNeq, syntax.TsLeq, syntax.TsGeq, syntax.TsLss, syntax.TsGtr:
			return literalDigits(x.X) && literalDigits(x.Y)
		}
		return inertTest(x.X) && inertTest(x.Y)
	case *syntax.UnaryTest:
		if x.Op == syntax.TsVarSet || x.Op == syntax.TsRefVar {
			w, ok := x.X.(*syntax.Word)
			return ok && plainName(w.Lit())
		}
		return inertTest(x.X)
	case *syntax.ParenTest:
		return inertTest(x.X)
	case *syntax.Word:
		return true
	}
	return false
}

// literalDigits reports a test operand that is a literal number.
func literalDigits(e syntax.TestExpr) bool {
	w, ok := e.(*syntax.Word)
	return ok && ascii.Digits(w.Lit())
}

// plainName reports a variable name without a subscript.
func plainName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !ascii.NameByte(s[i]) {
			return false
		}
	}
	return true
}

// controlName names a control structure for the integrity cap's reason.
func controlName(cmd syntax.Command) string {
	switch x := cmd.(type) {
	case *syntax.IfClause:
		return "an if statement"
	case *syntax.WhileClause:
		if x.Until {
			return "an until loop"
		}
		return "a while loop"
	case *syntax.ForClause:
		if x.Select {
			return "a select loop"
		}
		return "a for loop"
	case *syntax.CaseClause:
		return "a case statement"
	case *syntax.FuncDecl:
		return "a function definition"
	case *syntax.CoprocClause:
		return "a coprocess"
	case *syntax.ArithmCmd:
		return "an arithmetic command (( … ))"
	case *syntax.TestClause:
		return "a [[ … ]] test"
	case *syntax.LetClause:
		return "let"
	}
	return "an unsupported shell construct"
}

// controlBody walks a control structure: every simple command inside is
// still a segment, classified like any other (a deny inside still
// denies). Directories are tracked loosely: afterwards the shell may be
// anywhere the body went, or where it started.
func (r *walker) controlBody(cmd syntax.Command, dirs []string) []string {
	out := dirs
	syntax.Walk(cmd, func(n syntax.Node) bool {
		switch y := n.(type) {
		case *syntax.Stmt:
			o := r.stmts([]*syntax.Stmt{y}, dirs)
			out = r.c.unionDirs(out, o)
			return false
		}
		return !r.substitution(n, dirs)
	})
	return out
}

// call reads a simple command.
// negatedSubshell reads the program word !(…) as bash reads it where
// extglob is off when the line is read (bash -c starts so): ! and a
// subshell, whose commands run (!(sudo id) runs sudo id). Where extglob is
// on it is a pattern, and the program a computed one (ComputedVerb).
func (r *walker) negatedSubshell(w *syntax.Word, dirs []string) {
	if len(w.Parts) != 1 {
		return
	}
	if g, ok := w.Parts[0].(*syntax.ExtGlob); ok && g.Op == syntax.GlobExcept {
		r.c.read(g.Pattern.Value, dirs, r.depth+1, "! ( … )")
	}
}

func (r *walker) call(st *syntax.Stmt, x *syntax.CallExpr, dirs []string) (ok, fail []string) {
	n := len(x.Assigns) + len(x.Args)
	words := make([]string, 0, n)
	flags := make([]uint8, 0, n)
	for _, a := range x.Assigns {
		t, f := r.assignText(a)
		words = append(words, t)
		flags = append(flags, f)
		if a.Index != nil && arithDynamic(a.Index) {
			r.dyn("an array index evaluates variable contents as arithmetic")
		}
		r.noteLiteral(a)
	}
	for i, w := range x.Args {
		t, f := wordText(r.src, w)
		words = append(words, t)
		flags = append(flags, f)
		if i == 0 && programs.IsAssignment(t) {
			// "x"=1 ls and \x=1: a quoted name makes no assignment, so
			// bash runs a program named x=1, which no word shows as one.
			r.dyn("the program " + QuoteExcerpt(t) + " is named like an assignment, but its name is quoted: bash runs a program of that name")
		}
		if i == 0 {
			r.negatedSubshell(w, dirs)
		}
	}
	if len(words) == 1 && words[0] == "exec" {
		for _, rd := range st.Redirs {
			if rd.Op == syntax.DplIn && (rd.N == nil || rd.N.Value == "0") {
				// exec <&3: the shell's own input becomes descriptor 3
				// (the other forms are its Stdin: hiddenBuiltins).
				r.dyn("exec redirects the shell's own input: a shell that reads its commands from its input runs what the new input holds")
			}
		}
	}
	owner := len(r.c.Segs)
	s := r.emit(st, words, flags, st.Redirs, dirs)
	first := len(r.c.Segs)
	r.subst(x, dirs)
	for _, rd := range st.Redirs {
		r.subst(rd, dirs)
	}
	if s != nil {
		// The segments of its substitutions run before it: marked with
		// the segment whose words hold them (the innermost, marked first).
		for k := first; k < len(r.c.Segs); k++ {
			if r.c.Segs[k].substOf == 0 {
				r.c.Segs[k].substOf = owner + 1
			}
		}
	}
	if s != nil && s.Moves != nil {
		return s.Moves, s.Moves
	}
	if s == nil || !s.Cd {
		return dirs, dirs
	}
	return s.CdTo, dirs
}

// emit stores a segment for words and returns it (nil when the limit on
// segments was reached).
func (r *walker) emit(st *syntax.Stmt, words []string, flags []uint8, redirs []*syntax.Redirect, dirs []string) *Segment {
	s := Segment{Text: stmtText(r.src, st), Words: words, Flags: flags, Dirs: dirs, Depth: r.depth, Origin: r.origin}
	s.Stdin = r.stdinOf(st.Redirs)
	if s.Stdin.Kind == StdinInherited {
		s.Stdin = r.groupIn // the enclosing group's input, or none
	}
	for _, rd := range redirs {
		if ref, isPath := r.redir(rd, dirs); isPath {
			s.Redirs = append(s.Redirs, ref)
		}
	}
	if st.Cmd == nil {
		for _, rd := range st.Redirs {
			if ref, isPath := r.redir(rd, dirs); isPath {
				s.Redirs = append(s.Redirs, ref)
			}
		}
	}
	r.c.markCd(&s)
	before := len(r.c.Segs)
	r.c.addSegment(&s)
	if len(r.c.Segs) == before {
		return nil
	}
	return &r.c.Segs[before]
}

// stmtText is the source of a statement without its trailing operator.
func stmtText(src string, st *syntax.Stmt) string {
	end := st.Pos()
	if st.Cmd != nil {
		end = st.Cmd.End()
	}
	for _, rd := range st.Redirs {
		if rd.End().After(end) {
			end = rd.End()
		}
	}
	s, e := int(st.Pos().Offset()), int(end.Offset())
	if s < 0 || e > len(src) || s > e {
		return ""
	}
	return src[s:e]
}

// escapedDelimiter says why a here-document's delimiter with escapes
// is not followed.
const escapedDelimiter = "a here-document's delimiter holds escapes, so the line that ends it cannot be told: what follows may run"

// hereDocDelimiter checks a here-document's delimiter word for quoting
// whose removal changes its text: bash ends the body at the line that
// equals the word without its quotes ($'A\x42' is AB, "E\$F" is E$F), which
// the parser may take for another line, so the lines after it, which run,
// would be read as the body.
func (r *walker) hereDocDelimiter(w *syntax.Word) {
	if w == nil {
		return
	}
	for _, part := range w.Parts {
		switch q := part.(type) {
		case *syntax.SglQuoted:
			if q.Dollar && strings.IndexByte(q.Value, '\\') >= 0 {
				r.dyn(escapedDelimiter)
				return
			}
		case *syntax.Lit, *syntax.DblQuoted:
			if d, ok := q.(*syntax.DblQuoted); ok && d.Dollar || strings.IndexByte(nodeSource(r.src, q), '\\') >= 0 {
				r.dyn(escapedDelimiter)
				return
			}
		}
	}
}

// hereDocCloses checks a here-document's body for a line that is its
// delimiter followed by ")": inside $( ), bash ends the body there and
// closes the substitution (the parser reads on to the bare delimiter), so
// the lines after it run.
func (r *walker) hereDocCloses(rd *syntax.Redirect) {
	if rd.Hdoc == nil || rd.Word == nil {
		return
	}
	delim, _ := wordText(r.src, rd.Word)
	body := nodeSource(r.src, rd.Hdoc)
	if delim == "" || !strings.Contains(body, delim+")") {
		return
	}
	for line := range strings.SplitSeq(body, "\n") {
		if rd.Op == syntax.DashHdoc {
			line = strings.TrimLeft(line, "\t")
		}
		if rest, ok := strings.CutPrefix(line, delim); ok && strings.HasPrefix(strings.TrimLeft(rest, " \t"), ")") {
			r.dyn("a line of a here-document is its delimiter and a \")\": inside $( ) bash ends the body there, and what follows may run")
			return
		}
	}
}

// hereDocLines checks a here-document's body as bash reads it: line by
// line, an unquoted one's lines joined at a backslash-newline first, the
// body ending at the first line that equals the delimiter. A parser reads
// the body's expansions as tokens, so a line that bash takes for the end
// may be inside the body it read: one made by a join (EO\⏎F is EOF, a
// lone backslash line joins the next), or one inside an expansion that
// spans lines (${x:-⏎EOF⏎…}). The body ends there for bash, and the lines
// after it run.
func (r *walker) hereDocLines(rd *syntax.Redirect) {
	if rd.Hdoc == nil || rd.Word == nil {
		return
	}
	joins := len(rd.Word.Parts) == 1
	if joins {
		_, joins = rd.Word.Parts[0].(*syntax.Lit) // a quoted delimiter: bash joins nothing
	}
	delim, _ := wordText(r.src, rd.Word)
	body := nodeSource(r.src, rd.Hdoc)
	if delim == "" || !strings.Contains(body, delim) {
		return
	}
	// The body as the parser gives it ends with the delimiter's own line.
	if i := strings.LastIndexByte(body, '\n'); i >= 0 {
		body = body[:i]
	} else {
		return
	}
	var joined strings.Builder
	for line := range strings.SplitSeq(body, "\n") {
		if rd.Op == syntax.DashHdoc {
			line = strings.TrimLeft(line, "\t")
		}
		if n := len(line) - len(strings.TrimRight(line, "\\")); joins && n%2 == 1 {
			joined.WriteString(line[:len(line)-1])
			continue
		}
		joined.WriteString(line)
		if joined.String() == delim {
			r.dyn("a line inside the here-document's body is its delimiter as bash reads the body, line by line: bash ends the body there, and what follows runs")
			return
		}
		joined.Reset()
	}
}

// redir reads a redirection; it reports false for those that name no file
// (here-documents, fd duplication such as 2>&1).
func (r *walker) redir(rd *syntax.Redirect, dirs []string) (PathRef, bool) {
	if rd.N != nil && strings.HasPrefix(rd.N.Value, "{") {
		// {name[i]}>file: bash evaluates the subscript as arithmetic,
		// which runs the substitutions a variable in it holds.
		name, sub, ok := strings.Cut(strings.Trim(rd.N.Value, "{}"), "[")
		if ok && !ascii.Digits(strings.TrimSuffix(sub, "]")) {
			r.dyn("the subscript of the descriptor variable " + rd.N.Value + " is evaluated as arithmetic, which may run commands")
		}
		// The variable is assigned the new descriptor's number: {PATH}>x
		// makes PATH a relative directory such as 10.
		if envKindOf(name) != envNone {
			r.dyn("the redirection " + rd.N.Value + " assigns " + name + " a descriptor's number, and " + name + " runs or loads code or changes what runs")
		}
	}
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		r.hereDocDelimiter(rd.Word)
		r.hereDocCloses(rd)
		r.hereDocLines(rd)
		return PathRef{}, false
	case syntax.WordHdoc:
		return PathRef{}, false
	}
	t, f := wordText(r.src, rd.Word)
	if rd.Op == syntax.DplIn || rd.Op == syntax.DplOut {
		if t == "-" || ascii.Digits(t) {
			return PathRef{}, false
		}
	}
	return PathRef{Op: rd.Op.String(), Text: t, Flags: f, Dirs: dirs}, true
}

// substitution walks the commands of a command or process substitution,
// which run in a subshell; false when n is neither.
func (r *walker) substitution(n syntax.Node, dirs []string) bool {
	inTest := r.inTest
	r.inTest = false // ([[ $(ls *(…)) ]]: the command inside is no test)
	defer func() { r.inTest = inTest }()
	switch y := n.(type) {
	case *syntax.CmdSubst:
		if y.Backquotes {
			r.backquoteEnd(y)
		}
		r.hereDocsAfter(y)
		r.stmts(y.Stmts, dirs)
	case *syntax.ProcSubst:
		// It runs beside the command, reading or writing a pipe: what it
		// runs may come after what follows it (echo >(sleep 1; make)).
		r.hereDocsAfter(y)
		start := len(r.c.Segs)
		r.stmts(y.Stmts, dirs)
		r.c.markLateAll(start)
	default:
		return false
	}
	return true
}

// backquoteEnd finds where bash ends a backquoted substitution: at the
// first backtick no backslash escapes, before it reads any quote, where
// the parser reads the text inside as a command, quotes and here-documents
// included (`echo '`;cmd;`'` runs cmd outside the substitution). Where
// the two ends differ, the command is computed. A nested one (\`…\`) is
// unescaped once by bash before it is read: a quote, a backtick or a
// here-document in it makes the command computed too.
func (r *walker) backquoteEnd(y *syntax.CmdSubst) {
	start, end := int(y.Left.Offset()), int(y.Right.Offset())
	if start < 0 || end > len(r.src) || start >= end || r.src[start] != '`' {
		return
	}
	if start > 0 && r.src[start-1] == '\\' {
		body := r.src[start+1 : end]
		if strings.ContainsAny(strings.TrimSuffix(body, "\\"), "'`") || strings.Contains(body, "<<") {
			r.dyn("bash unescapes a nested backquoted substitution before it reads it, and a quote, a backtick or a here-document in it may end it elsewhere than the parser does")
		}
		return
	}
	for i := start + 1; i < end; i++ {
		switch r.src[i] {
		case '\\':
			i++
		case '`':
			r.dyn("bash ends a backquoted substitution at its first unescaped backtick, whatever quotes it is in, and the parser ends it elsewhere: what runs is not what the command shows")
			return
		}
	}
}

// hereDocsAfter judges the here-documents opened inside substitution n
// (not inside a substitution nested in it, which is judged itself): one
// whose body the parser takes from the lines after the substitution
// ($(cat <<B), `cat <<B`) or gives none makes the command computed. bash
// reads those lines otherwise: it gives them to the substitution's
// here-document before an earlier one of the line (cat <<'A' $(cat <<B)),
// and to none at all after a backquoted one, where they run as commands.
func (r *walker) hereDocsAfter(n syntax.Node) {
	end := n.End().Offset()
	syntax.Walk(n, func(m syntax.Node) bool {
		switch y := m.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return y == n
		case *syntax.Redirect:
			if (y.Op == syntax.Hdoc || y.Op == syntax.DashHdoc) && (y.Hdoc == nil || len(y.Hdoc.Parts) > 0 && y.Hdoc.Pos().Offset() >= end) {
				r.dyn("a here-document opened inside a substitution takes its body from the lines after it, which bash may give to another here-document or run as commands")
			}
		}
		return true
	})
}

// subst reads every command substitution, process substitution and
// unquoted here-document inside node: each command in them is a segment.
// They run in subshells, so they never move the working directory.
func (r *walker) subst(node syntax.Node, dirs []string) {
	syntax.Walk(node, func(n syntax.Node) bool {
		if r.substitution(n, dirs) {
			return false
		}
		switch y := n.(type) {
		case *syntax.TestClause:
			if !r.inTest {
				r.inTest = true
				r.subst(y.X, dirs)
				r.inTest = false
				return false
			}
		case *syntax.ArithmExp:
			if arithDynamic(y.X) {
				r.dyn("arithmetic expansion evaluates variable contents, which may run commands")
			}
		case *syntax.ExtGlob, *syntax.ArrayElem, *syntax.DblQuoted, *syntax.Redirect, *syntax.BinaryTest:
			r.hiddenNode(n, dirs)
		case *syntax.ParamExp:
			r.hiddenNode(n, dirs)
			r.procSubstInParam(y, dirs)
			if y.Index != nil && arithDynamic(y.Index) {
				r.dyn("an array index evaluates variable contents as arithmetic")
			}
			if y.Slice != nil && (arithDynamic(y.Slice.Offset) || arithDynamic(y.Slice.Length)) {
				r.dyn("a substring offset evaluates variable contents as arithmetic")
			}
			if y.Excl {
				r.dyn("an indirect expansion ${!x} reads a variable named at run time")
			}
		}
		return true
	})
}

// procSubstInParam reads the process substitutions in the words of a
// parameter expansion (${x:-<(cmd)}, ${x/a/>(cmd)}): bash runs them where
// the expansion is unquoted, and the parser keeps them as text. Each is
// read as a nested script, so that rules and caps judge its commands,
// and the command is computed: what the expansion then holds is not
// read. (Inside double quotes bash runs none: reading them there too
// only asks.)
func (r *walker) procSubstInParam(pe *syntax.ParamExp, dirs []string) {
	start, end := int(pe.Pos().Offset()), int(pe.End().Offset())
	if pe.Exp == nil && pe.Repl == nil || start >= r.paramStart && end <= r.paramEnd && r.paramEnd > 0 {
		return // none, or inside the one read last (${a:-${b:-…}}: a walk reads the outer first)
	}
	r.paramStart, r.paramEnd = start, end
	r.procSubstInText(nodeSource(r.src, pe), dirs, "a process substitution inside a parameter expansion's word runs a command when the expansion is unquoted", "a process substitution in a parameter expansion")
}

// procSubstInText reads the process substitutions, <(…) and >(…), in text
// the parser kept literal where bash runs them (the words of a parameter
// expansion, an extended glob's pattern, a regular expression's
// parentheses): each is read as a nested script, so that rules and caps
// judge its commands, and the command is computed (why says why), since
// what the substitution then names is not read.
func (r *walker) procSubstInText(src string, dirs []string, why, origin string) {
	if !strings.Contains(src, "(") {
		return
	}
	if !r.c.spend(1 + len(src)) {
		return // out of work: the integrity cap says so
	}
	for i := 0; i+1 < len(src); i++ {
		if (src[i] != '<' && src[i] != '>') || src[i+1] != '(' {
			continue
		}
		r.dyn(why)
		end := ascii.MatchClose(src, i+1)
		if end < 0 {
			end = len(src)
		}
		if r.c.countNested(r.depth) {
			r.c.read(src[i+2:end], dirs, r.depth+1, origin)
		}
		i = end
	}
}

func (r *walker) dyn(why string) {
	if r.c.Dynamic == "" {
		r.c.Dynamic = why
	}
}

// assignText renders NAME=value (or a declare argument) as one word.
func (r *walker) assignText(a *syntax.Assign) (string, uint8) {
	if a.Name == nil {
		return wordText(r.src, a.Value)
	}
	name := a.Name.Value
	if a.Index != nil {
		name = nodeSource(r.src, a.Name) + "[" + nodeSource(r.src, a.Index) + "]"
	}
	if a.Naked {
		return name, 0
	}
	op := "="
	if a.Append {
		op = "+="
	}
	if a.Array != nil {
		return name + op + nodeSource(r.src, a.Array), WordExpands | WordCompound
	}
	v, f := wordText(r.src, a.Value)
	return name + op + v, f &^ WordTilde
}

// arithDynamic reports whether an arithmetic expression reads a variable
// or substitution: bash evaluates a variable's value as arithmetic again,
// and an array index inside it (a[$(cmd)]) runs commands.
func arithDynamic(x syntax.ArithmExpr) bool {
	if x == nil {
		return false
	}
	if w, ok := x.(*syntax.Word); ok {
		if l := w.Lit(); l == "@" || l == "*" {
			return false // ${a[@]}, ${#a[*]}: every element, no arithmetic
		}
	}
	dyn := false
	syntax.Walk(x, func(n syntax.Node) bool {
		switch y := n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst, *syntax.SglQuoted, *syntax.DblQuoted:
			// Quoted text in a subscript is expanded before it is
			// evaluated: a['$(cmd)'] runs cmd.
			dyn = true
		case *syntax.Lit:
			if !isNumberLit(y.Value) {
				dyn = true
			}
		}
		return !dyn
	})
	return dyn
}

func isNumberLit(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' || c == 'x' || c == 'X' || c == '#') {
			return false
		}
	}
	return s[0] >= '0' && s[0] <= '9'
}
