package shell

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/work"
	"mvdan.cc/sh/v3/syntax"
)

// Limits on reading a command. Past them the command is not auto-approved:
// the integrity cap fires with a reason that names the limit.
const (
	// MaxCommandBytes is the longest command the engine reads in full.
	MaxCommandBytes = 64 << 10
	// MaxNesting bounds nested scripts (bash -c inside eval inside …).
	MaxNesting = 4
	// MaxSegments bounds how many simple commands one command may hold.
	MaxSegments = 4096
	// MaxDirs bounds the candidate working directories tracked per segment.
	MaxDirs = 8
)

// Segment is one simple command inside a terminal command.
type Segment struct {
	Text    string   // the source text, for reasons
	Words   []string // literal words: quotes removed, expansions as typed
	Flags   []uint8  // per word, the word flags (WordExpands, …)
	Redirs  []PathRef
	Dirs    []string      // candidate working directories; "" means unknown
	Depth   int           // 0 for the command itself, >0 inside bash -c / eval
	Origin  string        // how it was found when nested: "bash -c", "eval", …
	Cd      bool          // a directory change (cd, pushd, popd)
	Bits    programs.Bits // WordBits of Words[0], looked up once
	hasBits bool
	joined  bool // Text is Words joined by spaces
	// wrapped is true for the command a wrapper runs: its views beyond its
	// own words are views of the wrapper's segment already, checked there.
	wrapped bool
	// Masks[i] is MaskOf(Words[i]), and AnyMask all of them together:
	// most words are passed over by the checks without being read again.
	Masks   []Mask
	AnyMask Mask
	CdTo    []string // for cd: the directories it moves to ("" = unknown)
	// Views are the looked-through forms of Words, computed once: the
	// words with leading assignments, wrappers, the program's directory
	// dropped and braces expanded. Views[0] is always Words itself.
	Views [][]string
}

// ViewBits returns the catalog bits of view vi: the segment's own for the
// literal words, looked up for the others. The view must not be empty.
func (s *Segment) ViewBits(vi int) programs.Bits {
	if vi == 0 {
		return s.Bits
	}
	return programs.BitsOf(s.Views[vi][0])
}

// PathRef is a word that names a file outside a segment's argument list:
// a redirection target.
type PathRef struct {
	Op    string   // the redirection operator, as written
	Text  string   // the target word
	Flags uint8    // its word flags
	Dirs  []string // the directories it is resolved from
}

// Command is the engine's reading of a terminal command.
type Command struct {
	Segs     []Segment
	ParseErr string    // non-empty: the command did not parse
	Control  string    // non-empty: the first control structure used
	Dynamic  string    // non-empty: why a program or script is only known at run time
	TooDeep  bool      // nesting limit reached
	Paths    []PathRef // redirections on compound commands
	TooMany  bool      // more than MaxSegments simple commands
	// Bound is non-empty when a bound on reading was exceeded (views,
	// brace expansion, nesting): why. The integrity cap fires.
	Bound string
	// FastTop is true when the command itself was read by the fast path,
	// which only accepts printable ASCII, tabs and newlines: the integrity
	// scan of its text can be skipped.
	FastTop bool

	nestedReads int // nested scripts read so far, bounded by maxNestedReads
	work        work.Counter
	budgeted    bool // work was given a budget
	noFast      bool // read everything with the parser (for differential tests)
	a           arena
	cwd         [1]string
}

var cmdPool = sync.Pool{New: func() any { return &Command{} }}

// Release empties c and returns it to the pool; c must not be used after.
func (c *Command) Release() {
	*c = Command{Segs: c.Segs[:0], a: c.a.reset()}
	cmdPool.Put(c)
}

// ReadPooled reads a command with a pooled Command, which the caller must
// Release. cwd is the action's working directory ("" when unknown). A
// command over MaxCommandBytes is not read in full: deny rules still see a
// plain split of its beginning, and the integrity cap keeps it from
// approval.
//
// The reading spends its work on a counter with the given budget (Work),
// and stops once it is spent: the caller must then not approve the
// command.
func ReadPooled(src, cwd string, budget int) *Command {
	c := cmdPool.Get().(*Command)
	c.cwd[0] = cwd
	c.work, c.budgeted = work.New(budget), true
	w := &c.work
	if len(src) > MaxCommandBytes {
		// The plain split reads the beginning; the integrity scan, the
		// whole.
		w.Spend(len(src) / 8)
		c.fallbackSplit(src[:MaxCommandBytes], c.cwd[:], 0, "")
		return c
	}
	c.read(src, c.cwd[:], 0, "")
	return c
}

// exceeded records that a bound on reading the command was exceeded; the
// first reason is kept. Nothing read so far is dropped, and the integrity
// cap keeps the command from approval.
func (c *Command) exceeded(why string) {
	if c.Bound == "" {
		c.Bound = why
	}
}

// spend spends n units of the reading's work.
func (c *Command) spend(n int) bool { return c.counter().Spend(n) }

// counter returns the reading's work counter; a Command made without one
// (by this package's tests) reads without a budget.
func (c *Command) counter() *work.Counter {
	if !c.budgeted {
		c.work, c.budgeted = work.New(math.MaxInt/2), true
	}
	return &c.work
}

// Work returns the counter the reading spent its work on; the caller goes
// on spending on it.
func (c *Command) Work() *work.Counter { return c.counter() }

// MaxSyntaxNesting bounds how deep commands may nest in substitutions,
// subshells and groups, and expansions in expansions: each level's words
// hold the text of the levels inside it.
const MaxSyntaxNesting = 16

// MaxBrackets bounds the opening brackets (parentheses, braces) and
// backquotes of a script the parser reads: nesting is what makes the
// parser's cost grow faster than the text, and a script's nesting is at
// most its number of brackets.
const MaxBrackets = 2048

// brackets counts the opening brackets and backquotes of src.
func brackets(src string) int {
	n := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case '(', '{', '`':
			n++
		}
	}
	return n
}

// maxNestedReads bounds how many nested scripts (bash -c, eval, wrappers)
// one command may make the engine read.
const maxNestedReads = 64

var parserPool = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
}}

// Read parses src into segments, whatever its length, in a Command of its
// own. cwd is the action's working directory ("" when unknown).
func Read(src string, cwd string) *Command {
	c := &Command{work: work.New(math.MaxInt / 2), budgeted: true}
	c.read(src, []string{cwd}, 0, "")
	return c
}

// read parses one script (the command itself or a nested one) and appends
// its segments.
func (c *Command) read(src string, dirs []string, depth int, origin string) {
	if !c.spend(len(src) + 1) {
		return
	}
	if !c.noFast && c.fastRead(src, dirs, depth, origin) {
		if depth == 0 && len(c.Segs) > 0 && c.Segs[0].Depth == 0 {
			c.FastTop = true
		}
		return
	}
	if n := brackets(src); n > MaxBrackets {
		// The parser's cost grows faster than the text with nesting; no
		// command needs this many. Deny rules still see a plain split.
		c.exceeded("more than " + strconv.Itoa(MaxBrackets) + " brackets ( { and backquotes: the command is not parsed")
		c.fallbackSplit(src, dirs, depth, origin)
		return
	}
	p := parserPool.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(src), "")
	parserPool.Put(p)
	if err != nil {
		if c.ParseErr == "" {
			c.ParseErr = err.Error()
		}
		c.fallbackSplit(src, dirs, depth, origin)
		return
	}
	r := &walker{c: c, src: src, depth: depth, origin: origin}
	r.stmts(f.Stmts, dirs)
}

// addSegment finishes a segment (views, nested scripts) and stores it.
func (c *Command) addSegment(s *Segment) {
	if len(c.Segs) >= MaxSegments {
		c.TooMany = true
		return
	}
	if !c.spend(1) {
		return
	}
	if !c.masks(s) {
		return
	}
	if lookNeeded(s.Bits, s.AnyMask) && !s.wrapped {
		s.Views = lookThroughViews(s.Words, s.AnyMask, c)
	} else {
		// Only the literal words: a view from the command's arena, so
		// that the common case allocates nothing.
		k := len(c.a.views)
		c.a.views = append(c.a.views, s.Words)
		s.Views = c.a.views[k : k+1 : k+1]
	}
	c.Segs = append(c.Segs, *s)
	if s.Depth >= MaxNesting {
		// Nested scripts past the limit are not read; refuse to approve.
		for _, v := range s.Views {
			if _, ok := programs.NestedScript(v); ok {
				c.TooDeep = true
			}
		}
		return
	}
	idx := len(c.Segs) - 1
	if c.nestedReads > maxNestedReads {
		c.TooDeep = true
		return
	}
	// A wrapper's command is a segment of its own: "timeout 5 rm -rf x"
	// is auto-approved only if "rm -rf x" is allowed too.
	if s.Bits&(programs.Wrapper|programs.Runner|programs.Assignment|programs.PathName) != 0 {
		if inner := programs.WrappedCommand(s.Words); inner != nil {
			c.nestedReads++
			c.addSegment(c.wrappedSegment(&c.Segs[idx], inner))
		}
	}
	var seen []string
	for vi, v := range c.Segs[idx].Views {
		if vi == 0 && s.Bits&programs.Nested == 0 {
			continue
		}
		ns, ok := programs.NestedScript(v)
		if !ok {
			continue
		}
		key := ns.Origin + "\x00" + ns.Text + "\x00" + strings.Join(ns.Words, "\x00")
		if slices.Contains(seen, key) {
			continue
		}
		seen = append(seen, key)
		c.nestedReads++
		if c.nestedReads > maxNestedReads {
			c.TooDeep = true
			return
		}
		if ns.Words != nil {
			inner := Segment{
				Text: strings.Join(ns.Words, " "), Words: ns.Words, Flags: make([]uint8, len(ns.Words)),
				Dirs: s.Dirs, Depth: s.Depth + 1, Origin: ns.Origin,
			}
			c.addSegment(&inner)
			continue
		}
		c.read(ns.Text, c.Segs[idx].Dirs, s.Depth+1, ns.Origin)
	}
}

// masks fills in a segment's program bits and word masks, where the fast
// path has not; it reports false when the work budget is spent.
func (c *Command) masks(s *Segment) bool {
	if !s.hasBits && len(s.Words) > 0 {
		s.Bits, s.hasBits = programs.WordBits(s.Words[0]), true
	}
	if len(s.Masks) == len(s.Words) { // the fast path gives them
		return true
	}
	if !c.spend(len(s.Words)) {
		return false
	}
	k := len(c.a.masks)
	for _, w := range s.Words {
		m := MaskOf(w)
		c.a.masks = append(c.a.masks, m)
		s.AnyMask |= m
	}
	s.Masks = c.a.masks[k:len(c.a.masks):len(c.a.masks)]
	return true
}

// wrappedSegment is the segment of the command inner that the wrapper
// segment s runs: inner is the tail of s's words. Its text, flags and
// masks are those of s's tail: a chain of wrappers shares one text (the
// words joined once) instead of a copy of the rest per wrapper.
func (c *Command) wrappedSegment(s *Segment, inner []string) *Segment {
	n := len(s.Words) - len(inner)
	in := &Segment{
		Words: inner, Flags: tailFlags(s.Flags, len(inner)), Dirs: s.Dirs, Depth: s.Depth,
		Origin: "wrapped by " + programs.BaseName(programs.FirstVerb(s.Words)), joined: true, wrapped: true,
	}
	if s.joined {
		off := 0
		for _, w := range s.Words[:n] {
			off += len(w) + 1
		}
		in.Text = s.Text[min(off, len(s.Text)):]
	} else {
		c.spend(len(inner))
		in.Text = strings.Join(inner, " ")
	}
	if len(s.Masks) == len(s.Words) {
		// A superset of the tail's masks: the checks may read a word more,
		// never fewer.
		in.Masks, in.AnyMask = s.Masks[n:], s.AnyMask
	}
	return in
}

// tailFlags returns the flags of the last n words.
func tailFlags(flags []uint8, n int) []uint8 {
	if n <= len(flags) {
		return flags[len(flags)-n:]
	}
	return make([]uint8, n)
}

// walker turns a parsed script into segments while tracking the working
// directory each one may run in.
type walker struct {
	c      *Command
	src    string
	depth  int
	origin string
	level  int // statement lists entered: substitutions, subshells, groups
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

func (r *walker) noteControl(what string) {
	if r.c.Control == "" {
		r.c.Control = what
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
		r.noteControl("an if statement")
	case *syntax.WhileClause:
		if x.Until {
			r.noteControl("an until loop")
		} else {
			r.noteControl("a while loop")
		}
	case *syntax.ForClause:
		if x.Select {
			r.noteControl("a select loop")
		} else {
			r.noteControl("a for loop")
		}
	case *syntax.CaseClause:
		r.noteControl("a case statement")
	case *syntax.FuncDecl:
		r.noteControl("a function definition")
	case *syntax.CoprocClause:
		r.noteControl("a coprocess")
	case *syntax.ArithmCmd:
		r.noteControl("an arithmetic command (( … ))")
	case *syntax.TestClause:
		r.noteControl("a [[ … ]] test")
	case *syntax.LetClause:
		r.noteControl("let")
	default:
		r.noteControl("an unsupported shell construct")
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
	if s == nil || !s.Cd {
		return dirs, dirs
	}
	return s.CdTo, dirs
}

// emit stores a segment for words and returns it (nil when the limit on
// segments was reached).
func (r *walker) emit(st *syntax.Stmt, words []string, flags []uint8, redirs []*syntax.Redirect, dirs []string) *Segment {
	s := Segment{Text: stmtText(r.src, st), Words: words, Flags: flags, Dirs: dirs, Depth: r.depth, Origin: r.origin}
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

// redir reads a redirection; it reports false for those that name no file
// (here-documents, fd duplication such as 2>&1).
func (r *walker) redir(rd *syntax.Redirect, dirs []string) (PathRef, bool) {
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		return PathRef{}, false
	}
	t, f := wordText(r.src, rd.Word)
	if rd.Op == syntax.DplIn || rd.Op == syntax.DplOut {
		if t == "-" || isDigits(t) {
			return PathRef{}, false
		}
	}
	return PathRef{Op: rd.Op.String(), Text: t, Flags: f, Dirs: dirs}, true
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
		return name + op + nodeSource(r.src, a.Array), WordExpands
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
func (c *Command) fallbackSplit(src string, dirs []string, depth int, origin string) {
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
			c.addSegment(&Segment{Text: strings.Join(cur, " "), Words: cur, Flags: make([]uint8, len(cur)), Dirs: dirs, Depth: depth, Origin: origin})
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
