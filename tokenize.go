package permengine

import (
	"slices"
	"strings"
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// Limits on reading a command. Past them the command is not auto-approved:
// the integrity cap fires with a reason that names the limit.
const (
	// MaxCommandBytes is the longest command the engine reads in full.
	MaxCommandBytes = 64 << 10
	// maxNesting bounds nested scripts (bash -c inside eval inside …).
	maxNesting = 4
	// maxSegments bounds how many simple commands one command may hold.
	maxSegments = 4096
	// maxDirs bounds the candidate working directories tracked per segment.
	maxDirs = 8
)

// segment is one simple command inside a terminal command.
type segment struct {
	text    string   // the source text, for reasons
	words   []string // literal words: quotes removed, expansions as typed
	flags   []uint8  // per word, the word flags
	redirs  []pathRef
	dirs    []string // candidate working directories; "" means unknown
	depth   int      // 0 for the command itself, >0 inside bash -c / eval
	origin  string   // how it was found when nested: "bash -c", "eval", …
	cd      bool     // a directory change (cd, pushd, popd)
	bits    verbBits // wordBits of words[0], looked up once
	hasBits bool
	// masks[i] is maskOf(words[i]), and anyMask all of them together:
	// most words are passed over by the checks without being read again.
	masks   []wordMask
	anyMask wordMask
	cdTo    []string // for cd: the directories it moves to ("" = unknown)
	// views are the looked-through forms of words (SPEC §8), computed once.
	// views[0] is always words itself.
	views [][]string
}

// viewBits returns the verb bits of view vi: the segment's own for the
// literal words, looked up for the others. The view must not be empty.
func (s *segment) viewBits(vi int) verbBits {
	if vi == 0 {
		return s.bits
	}
	return bitsOf(s.views[vi][0])
}

// pathRef is a word that names a file outside a segment's argument list:
// a redirection target.
type pathRef struct {
	op    string
	text  string
	flags uint8
	dirs  []string
}

// command is the engine's reading of a terminal command.
type command struct {
	segs     []segment
	parseErr string    // non-empty: the command did not parse
	control  string    // non-empty: the first control structure used
	dynamic  string    // non-empty: why a program or script is only known at run time
	tooDeep  bool      // nesting limit reached
	paths    []pathRef // redirections on compound commands
	tooMany  bool
	nested   int  // nested scripts read so far, bounded by maxNestedReads
	noFast   bool // read everything with the parser (for differential tests)
	// fastTop is true when the command itself was read by the fast path,
	// which only accepts printable ASCII, tabs and newlines: the integrity
	// scan of its text can be skipped.
	fastTop bool

	// Arenas, kept across decisions by cmdPool so that reading a plain
	// command allocates next to nothing. Segments slice into them; nothing
	// in a Decision points into them.
	viewArena [][]string
	wordArena []string
	flagArena []uint8
	maskArena []wordMask
	dirArena  []string  // directory sets: cdTo, unions
	refArena  []pathRef // the fast path's redirections
	toks      []fastToken
	scratch   []segment
	cwd       [1]string
}

var cmdPool = sync.Pool{New: func() any { return &command{} }}

// getCommand returns an empty command from the pool.
func getCommand() *command {
	c := cmdPool.Get().(*command)
	return c
}

// release empties c and returns it to the pool.
func (c *command) release() {
	// The arenas are not cleared: what they still point to is the last
	// command's text, kept alive at most until the pool is emptied at the
	// next garbage collection.
	*c = command{
		segs: c.segs[:0], viewArena: c.viewArena[:0], wordArena: c.wordArena[:0],
		flagArena: c.flagArena[:0], maskArena: c.maskArena[:0], dirArena: c.dirArena[:0], refArena: c.refArena[:0], toks: c.toks[:0], scratch: c.scratch[:0],
	}
	cmdPool.Put(c)
}

// readPooled reads src with a pooled command; the caller must release it.
func readPooled(src, cwd string) *command {
	c := getCommand()
	c.cwd[0] = cwd
	c.read(src, c.cwd[:], 0, "")
	return c
}

// maxNestedReads bounds how many nested scripts (bash -c, eval, wrappers)
// one command may make the engine read.
const maxNestedReads = 64

var parserPool = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
}}

// readCommand parses src into segments. cwd is the action's working
// directory ("" when unknown).
func readCommand(src string, cwd string) *command {
	c := &command{}
	c.read(src, []string{cwd}, 0, "")
	return c
}

// read parses one script (the command itself or a nested one) and appends
// its segments.
func (c *command) read(src string, dirs []string, depth int, origin string) {
	if !c.noFast && c.fastRead(src, dirs, depth, origin) {
		if depth == 0 && len(c.segs) > 0 && c.segs[0].depth == 0 {
			c.fastTop = true
		}
		return
	}
	p := parserPool.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(src), "")
	parserPool.Put(p)
	if err != nil {
		if c.parseErr == "" {
			c.parseErr = err.Error()
		}
		c.fallbackSplit(src, dirs, depth, origin)
		return
	}
	r := &walker{c: c, src: src, depth: depth, origin: origin}
	r.stmts(f.Stmts, dirs)
}

// addSegment finishes a segment (views, nested scripts) and stores it.
func (c *command) addSegment(s *segment) {
	if len(c.segs) >= maxSegments {
		c.tooMany = true
		return
	}
	if !s.hasBits && len(s.words) > 0 {
		s.bits, s.hasBits = wordBits(s.words[0]), true
	}
	if len(s.masks) != len(s.words) { // the fast path gives them
		k := len(c.maskArena)
		for _, w := range s.words {
			m := maskOf(w)
			c.maskArena = append(c.maskArena, m)
			s.anyMask |= m
		}
		s.masks = c.maskArena[k:len(c.maskArena):len(c.maskArena)]
	}
	if lookNeeded(s.bits, s.anyMask) {
		s.views = lookThroughViews(s.words, c)
	} else {
		// Only the literal words: a view from the command's arena, so
		// that the common case allocates nothing.
		k := len(c.viewArena)
		c.viewArena = append(c.viewArena, s.words)
		s.views = c.viewArena[k : k+1 : k+1]
	}
	c.segs = append(c.segs, *s)
	if s.depth >= maxNesting {
		// Nested scripts past the limit are not read; refuse to approve.
		for _, v := range s.views {
			if _, ok := nestedScript(v); ok {
				c.tooDeep = true
			}
		}
		return
	}
	idx := len(c.segs) - 1
	if c.nested > maxNestedReads {
		c.tooDeep = true
		return
	}
	// A wrapper's command is a segment of its own: "timeout 5 rm -rf x"
	// is auto-approved only if "rm -rf x" is allowed too.
	if s.bits&(vbWrapper|vbRunner|vbAssignment|vbPathName) != 0 {
		if inner := wrappedCommand(s.words); inner != nil {
			c.nested++
			c.addSegment(&segment{
				text: strings.Join(inner, " "), words: inner, flags: tailFlags(s.flags, len(inner)),
				redirs: nil, dirs: s.dirs, depth: s.depth, origin: "wrapped by " + baseName(firstVerb(s.words)),
			})
		}
	}
	var seen []string
	for vi, v := range c.segs[idx].views {
		if vi == 0 && s.bits&vbNested == 0 {
			continue
		}
		ns, ok := nestedScript(v)
		if !ok {
			continue
		}
		key := ns.origin + "\x00" + ns.script + "\x00" + strings.Join(ns.words, "\x00")
		if slices.Contains(seen, key) {
			continue
		}
		seen = append(seen, key)
		c.nested++
		if c.nested > maxNestedReads {
			c.tooDeep = true
			return
		}
		if ns.dynamic {
			if c.dynamic == "" {
				c.dynamic = "the script run by " + ns.origin + " is computed at run time"
			}
			continue
		}
		if ns.words != nil {
			inner := segment{
				text: strings.Join(ns.words, " "), words: ns.words, flags: make([]uint8, len(ns.words)),
				dirs: s.dirs, depth: s.depth + 1, origin: ns.origin,
			}
			c.addSegment(&inner)
			continue
		}
		c.read(ns.script, c.segs[idx].dirs, s.depth+1, ns.origin)
	}
}

// tailFlags returns the flags of the last n words.
func tailFlags(flags []uint8, n int) []uint8 {
	if n <= len(flags) {
		return flags[len(flags)-n:]
	}
	return make([]uint8, n)
}

// firstVerb returns the first word that is not an assignment.
func firstVerb(words []string) string {
	for _, w := range words {
		if !isAssignment(w) {
			return w
		}
	}
	return ""
}

// walker turns a parsed script into segments while tracking the working
// directory each one may run in.
type walker struct {
	c      *command
	src    string
	depth  int
	origin string
}

// stmts walks a statement list; each statement runs from wherever the
// previous one may have left the shell.
func (r *walker) stmts(list []*syntax.Stmt, dirs []string) []string {
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
		r.control("a coprocess")
	}
	_, isCall := st.Cmd.(*syntax.CallExpr)
	if !isCall && st.Cmd != nil {
		// Redirections of a compound command; a simple command's (and a
		// bare "> file") belong to its segment.
		for _, rd := range st.Redirs {
			if ref, isPath := r.redir(rd, dirs); isPath {
				r.c.paths = append(r.c.paths, ref)
			}
		}
	}
	ok, fail = r.command(st, dirs)
	if st.Background {
		// A background job runs in a subshell; the shell stays put.
		return dirs, dirs
	}
	if st.Negated {
		ok, fail = fail, ok
	}
	return ok, fail
}

func (r *walker) control(what string) {
	if r.c.control == "" {
		r.c.control = what
	}
}

func (r *walker) command(st *syntax.Stmt, dirs []string) (ok, fail []string) {
	switch x := st.Cmd.(type) {
	case nil:
		// Redirections only, such as "> file": a segment with no words.
		r.emit(st, nil, nil, nil, dirs)
		return dirs, dirs
	case *syntax.CallExpr:
		return r.call(st, x, dirs)
	case *syntax.BinaryCmd:
		switch x.Op {
		case syntax.AndStmt:
			lok, lfail := r.stmt(x.X, dirs)
			rok, rfail := r.stmt(x.Y, lok)
			return rok, r.c.unionDirs(lfail, rfail)
		case syntax.OrStmt:
			lok, lfail := r.stmt(x.X, dirs)
			rok, rfail := r.stmt(x.Y, lfail)
			return r.c.unionDirs(lok, rok), rfail
		default: // pipes: every part runs in its own subshell
			r.stmt(x.X, dirs)
			r.stmt(x.Y, dirs)
			return dirs, dirs
		}
	case *syntax.Subshell:
		r.stmts(x.Stmts, dirs)
		return dirs, dirs
	case *syntax.Block:
		out := r.stmts(x.Stmts, dirs)
		return out, out
	case *syntax.TimeClause:
		return r.stmt(x.Stmt, dirs)
	case *syntax.DeclClause:
		words, flags := []string{x.Variant.Value}, []uint8{0}
		for _, a := range x.Args {
			t, f := r.assignText(a)
			words = append(words, t)
			flags = append(flags, f)
			if a.Index != nil && arithDynamic(a.Index) {
				r.dyn("an array index evaluates variable contents as arithmetic")
			}
		}
		if x.Variant.Value != "export" && x.Variant.Value != "readonly" && x.Variant.Value != "local" {
			for _, w := range words[1:] {
				if strings.HasPrefix(w, "-") && strings.ContainsAny(w, "in") {
					r.dyn("declare with -i or -n evaluates values as arithmetic or names")
				}
			}
		}
		r.emit(st, words, flags, nil, dirs)
		r.subst(x, dirs)
		return dirs, dirs
	case *syntax.IfClause:
		r.control("an if statement")
	case *syntax.WhileClause:
		if x.Until {
			r.control("an until loop")
		} else {
			r.control("a while loop")
		}
	case *syntax.ForClause:
		if x.Select {
			r.control("a select loop")
		} else {
			r.control("a for loop")
		}
	case *syntax.CaseClause:
		r.control("a case statement")
	case *syntax.FuncDecl:
		r.control("a function definition")
	case *syntax.CoprocClause:
		r.control("a coprocess")
	case *syntax.ArithmCmd:
		r.control("an arithmetic command (( … ))")
	case *syntax.TestClause:
		r.control("a [[ … ]] test")
	case *syntax.LetClause:
		r.control("let")
	default:
		r.control("an unsupported shell construct")
	}
	// Control structures: every simple command inside is still a segment,
	// classified like any other (a deny inside still denies). Directories
	// are tracked loosely: afterwards the shell may be anywhere the body
	// went, or where it started.
	out := dirs
	syntax.Walk(st.Cmd, func(n syntax.Node) bool {
		switch y := n.(type) {
		case *syntax.Stmt:
			o := r.stmts([]*syntax.Stmt{y}, dirs)
			out = r.c.unionDirs(out, o)
			return false
		case *syntax.CmdSubst:
			r.stmts(y.Stmts, dirs)
			return false
		case *syntax.ProcSubst:
			r.stmts(y.Stmts, dirs)
			return false
		}
		return true
	})
	return out, out
}

// call reads a simple command.
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
	}
	for _, w := range x.Args {
		t, f := wordText(r.src, w)
		words = append(words, t)
		flags = append(flags, f)
	}
	s := r.emit(st, words, flags, st.Redirs, dirs)
	r.subst(x, dirs)
	for _, rd := range st.Redirs {
		r.subst(rd, dirs)
	}
	if s == nil || !s.cd {
		return dirs, dirs
	}
	return s.cdTo, dirs
}

// emit stores a segment for words and returns it (nil when the limit on
// segments was reached).
func (r *walker) emit(st *syntax.Stmt, words []string, flags []uint8, redirs []*syntax.Redirect, dirs []string) *segment {
	s := segment{text: stmtText(r.src, st), words: words, flags: flags, dirs: dirs, depth: r.depth, origin: r.origin}
	for _, rd := range redirs {
		if ref, isPath := r.redir(rd, dirs); isPath {
			s.redirs = append(s.redirs, ref)
		}
	}
	if st.Cmd == nil {
		for _, rd := range st.Redirs {
			if ref, isPath := r.redir(rd, dirs); isPath {
				s.redirs = append(s.redirs, ref)
			}
		}
	}
	r.c.markCd(&s)
	before := len(r.c.segs)
	r.c.addSegment(&s)
	if len(r.c.segs) == before {
		return nil
	}
	return &r.c.segs[before]
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

// redir reads a redirection; it reports false for those that name no file
// (here-documents, fd duplication such as 2>&1).
func (r *walker) redir(rd *syntax.Redirect, dirs []string) (pathRef, bool) {
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return pathRef{}, false
	}
	t, f := wordText(r.src, rd.Word)
	if rd.Op == syntax.DplIn || rd.Op == syntax.DplOut {
		if t == "-" || isDigits(t) {
			return pathRef{}, false
		}
	}
	return pathRef{op: rd.Op.String(), text: t, flags: f, dirs: dirs}, true
}

// subst reads every command substitution, process substitution and
// unquoted here-document inside node: each command in them is a segment.
// They run in subshells, so they never move the working directory.
func (r *walker) subst(node syntax.Node, dirs []string) {
	syntax.Walk(node, func(n syntax.Node) bool {
		switch y := n.(type) {
		case *syntax.CmdSubst:
			r.stmts(y.Stmts, dirs)
			return false
		case *syntax.ProcSubst:
			r.stmts(y.Stmts, dirs)
			return false
		case *syntax.ArithmExp:
			if arithDynamic(y.X) {
				r.dyn("arithmetic expansion evaluates variable contents, which may run commands")
			}
		case *syntax.ParamExp:
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

func (r *walker) dyn(why string) {
	if r.c.dynamic == "" {
		r.c.dynamic = why
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
		return name + op + nodeSource(r.src, a.Array), wordExpands
	}
	v, f := wordText(r.src, a.Value)
	return name + op + v, f &^ wordTilde
}

// arithDynamic reports whether an arithmetic expression reads a variable
// or substitution: bash evaluates a variable's value as arithmetic again,
// and an array index inside it (a[$(cmd)]) runs commands.
func arithDynamic(x syntax.ArithmExpr) bool {
	if x == nil {
		return false
	}
	dyn := false
	syntax.Walk(x, func(n syntax.Node) bool {
		switch y := n.(type) {
		case *syntax.ParamExp, *syntax.CmdSubst:
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

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// fallbackSplit reads a command that does not parse with a plain word
// split, so that deny rules and caps still see its words. Such a command is
// never approved (integrity cap); this only makes a denied verb still deny.
func (c *command) fallbackSplit(src string, dirs []string, depth int, origin string) {
	var cur []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			cur = append(cur, b.String())
			b.Reset()
		}
	}
	end := func() {
		flush()
		if len(cur) > 0 {
			c.addSegment(&segment{text: strings.Join(cur, " "), words: cur, flags: make([]uint8, len(cur)), dirs: dirs, depth: depth, origin: origin})
		}
		cur = nil
	}
	for i := 0; i < len(src); i++ {
		ch := src[i]
		switch ch {
		case ' ', '\t':
			flush()
		case '\n', ';', '&', '|', '(', ')', '`', '{', '}', '<', '>':
			end()
		case '$':
			if i+1 < len(src) && src[i+1] == '(' {
				end()
				i++
				continue
			}
			b.WriteByte(ch)
		case '\'', '"', '\\':
			// Quotes and escapes are dropped so that c"ur"l reads curl.
		default:
			b.WriteByte(ch)
		}
	}
	end()
}
