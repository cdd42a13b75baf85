package shell

import (
	"math"
	"path"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
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
	MaxSegments = 2048
	// MaxDirs bounds the candidate working directories tracked per segment.
	MaxDirs = 8
)

// Segment is one simple command inside a terminal command.
type Segment struct {
	Text   string   // the source text, for reasons
	Words  []string // literal words: quotes removed, expansions as typed
	Flags  []uint8  // per word, the word flags (WordExpands, …)
	Redirs []PathRef
	Dirs   []string // candidate working directories; "" means unknown
	Depth  int      // 0 for the command itself, >0 inside bash -c / eval
	Origin string   // how it was found when nested: "bash -c", "eval", …
	Cd     bool     // a directory change (cd, pushd, popd)
	// CdComputed is true for a directory change whose target is computed
	// at run time, and for a command run in such a directory (find
	// -execdir): it may be any directory, a protected one too.
	CdComputed bool
	Bits       programs.Bits // WordBits of Words[0], looked up once
	hasBits    bool
	joined     bool // Text is Words joined by spaces
	// wrapped is true for the command a wrapper runs: its views beyond its
	// own words are views of the wrapper's segment already, checked there.
	wrapped bool
	// Maybe is true for a segment that only may run: the script a later
	// word of an unknown program would run (readBehindUnknown). A deny
	// rule that matches it asks.
	Maybe bool
	// Carried is true for the command a package runner runs (npx git
	// push), and for the command after a segment's assignments (LC_ALL=C
	// tar xf a.tar): every cap judges it and deny and ask rules match it,
	// but the allow rule of the segment it comes from (npx vitest:*, the
	// words as written) is what allows it.
	Carried bool
	// WrapperSeg is 1 + the index of the segment of the wrapper or runner
	// that runs this one (uv run pytest runs pytest), or 0; WrapperWords
	// is how many of that segment's words come before this command. An
	// allow rule on the wrapper that names this command's words too
	// (Terminal(uv run pytest:*)) allows it.
	WrapperSeg, WrapperWords int
	// Masks[i] is MaskOf(Words[i]), and AnyMask all of them together:
	// most words are passed over by the checks without being read again.
	Masks   []Mask
	AnyMask Mask
	CdTo    []string // for cd: the directories it moves to ("" = unknown)
	// Moves, when not nil, are the directories the shell may be in after a
	// script it ran itself (eval 'cd .git'): where it started, and where
	// every cd of the script goes.
	Moves []string
	// Stdin is the segment's own standard input, as the parser read it.
	Stdin Stdin
	// Late is true for a segment of a pipeline's stage or a background
	// job that holds other segments of its own (a subshell, a group, a
	// substitution, a nested script, an and-or list run in the
	// background): (sleep 1; make) | python3 -c '…'. Another stage, or
	// what follows the job, may run before it, however late in the text.
	Late bool
	// stage is the fast path's mark of the pipeline stage or background
	// job a segment belongs to (see markLate); 0 outside one. piped: it
	// comes after a pipe, and reads it.
	stage int32
	piped bool
	// substOf is 1 + the index of the segment whose words hold this one
	// as a command substitution (or one of its redirections does), 0 for
	// none: it runs before that segment.
	substOf int
	// Exec, when not empty, says why the segment runs code the engine
	// cannot read but that a person can: an interpreter's program in a
	// here-document. The exec-capable cap fires for it.
	Exec string
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
	// NestedText is non-empty when the text of a nested script (eval's,
	// bash -c's, a here-document a shell reads) holds what a person would
	// not read as bash runs it: a space that is no blank, an invisible or
	// control character. The command's own text is scanned by its caller;
	// a nested script's is code too, and quotes hid it from that scan.
	NestedText string
	// FastTop is true when the command itself was read by the fast path,
	// which only accepts printable ASCII, tabs and newlines: the integrity
	// scan of its text can be skipped.
	FastTop bool

	text        string // the command itself, as given (mentions)
	nestedReads int    // nested scripts read so far, bounded by maxNestedReads
	parsed      int    // bytes given to the parser so far, bounded by maxParsedBytes
	work        work.Counter
	budgeted    bool // work was given a budget
	noFast      bool // read everything with the parser (for differential tests)
	// literals are the literal values holding "$" or "`" that the command
	// gives variables, read again where ${x@P} expands them.
	literals map[string]string
	// piped is the literal text written into the pipe being read, if an
	// echo or printf writes it (see walker.pipedText).
	piped string
	// inPipe: the statement being read takes its input from a pipe.
	inPipe bool
	// hasInput: the command holds a '<' somewhere (a redirection of input,
	// a here-document or here-string, on a segment, a group or exec).
	hasInput bool
	a        arena
	cwd      [1]string
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

// mentions reports whether the command's text holds one of names: a
// quick test, never more narrow than the programs it runs.
func (c *Command) mentions(names []string) bool {
	for _, n := range names {
		if strings.Contains(c.text, n) {
			return true
		}
	}
	return false
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

// MaxBrackets bounds the nesting of a script the parser reads, as
// nesting counts it: the parser reads nested constructs by recursion,
// whose stack grows with their depth (an array subscript in arithmetic,
// a[a[a[…]]], $((!!!…1)), [[ ! ! … ]], time time … ls), and a script's
// depth is at most that count.
const MaxBrackets = 2048

// nesting counts what the parser may read by recursion in src: opening
// brackets and backquotes, the unary operators ! and ~, time keywords and
// the keywords of compound commands (if, while, until, for, case, select),
// and a quarter of the bytes of binary operators where arithmetic or a
// test may read them (inside brackets: $((1+1+…)), [[ a || a … ]],
// ${a:1+…}, a[1+…]=; after let), where four of them cost the parser's
// stack about what a bracket does. Quotes are not followed: what they
// hold counts too, the safe side.
func nesting(src string) int {
	n, ops, depth := 0, 0, 0
	let := false
	for i := 0; i < len(src); i++ {
		switch c := src[i]; c {
		case '(', '{', '[':
			n++
			depth++
		case ')', '}', ']':
			depth = max(0, depth-1)
		case '`', '!', '~':
			n++
		case '+', '-', '*', '/', '%', '<', '>', '=', '&', '|', '^', ',', '?', ':':
			if depth > 0 || let {
				ops++
			}
		case '\n', ';':
			let = false
		case 't', 'l', 'i', 'w', 'u', 'f', 'c', 's':
			if kw := keywordAt(src, i); kw == "let" {
				let = true
			} else if kw != "" {
				n++ // time, and the compound commands, which nest
			}
		}
	}
	return n + ops/4
}

// nestingKeywords are the keywords nesting counts (and let, whose words
// are arithmetic).
var nestingKeywords = []string{"time", "let", "if", "while", "until", "for", "case", "select"}

// keywordAt returns the keyword of nestingKeywords that stands as a word
// at src[i], or "".
func keywordAt(src string, i int) string {
	if i > 0 && wordByte(src[i-1]) {
		return ""
	}
	for _, kw := range nestingKeywords {
		if strings.HasPrefix(src[i:], kw) && (i+len(kw) == len(src) || !wordByte(src[i+len(kw)])) {
			return kw
		}
	}
	return ""
}

// separators counts the runs of bytes that may separate commands in src
// (; & | and newlines; quoted ones too, the safe side): one more than it
// is the most simple commands src can hold at its top level.
func separators(src string) int {
	n := 0
	for i := 0; i < len(src); i++ {
		switch src[i] {
		case ';', '&', '|', '\n':
			if i == 0 || !strings.ContainsRune(";&|\n", rune(src[i-1])) {
				n++
			}
		}
	}
	return n
}

// wordByte reports a byte that continues a name (time inside a word is
// no keyword).
func wordByte(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// tooNested is the bound of nesting: why src is not parsed, or "".
func tooNested(src string) string {
	if len(src) <= MaxBrackets || nesting(src) <= MaxBrackets {
		return ""
	}
	return "more than " + strconv.Itoa(MaxBrackets) + " brackets, backquotes and operators that nest (( { ! ~ time, a quarter of + - | & …)"
}

// maxParsedBytes bounds the text the parser reads for one command, its
// nested scripts included: the parser's memory grows with it.
const maxParsedBytes = 2 * MaxCommandBytes

var tooMuchParsed = "nested scripts hold more than " + strconv.Itoa(maxParsedBytes) + " bytes to parse: they are not read in full"

// maxNestedReads bounds how many nested scripts (bash -c, eval, wrappers)
// one command may make the engine read.
const maxNestedReads = 64

var parserPool = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(false))
}}

// commentParsers keep comments, for endComments.
var commentParsers = sync.Pool{New: func() any {
	return syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true))
}}

// endComments returns src with every comment that ends in a backslash
// ended where bash ends it. Bash ends a comment at the end of its line, a
// backslash there included, and runs the next line (ls #\⏎sudo id runs
// sudo); the parser joins the next line to the comment and drops it. Each
// such backslash becomes a space, which changes nothing bash reads and
// keeps every offset. A line that a comment dropped may hold another such
// comment, found by the next parse: after maxCommentRounds parses, or
// once the work is spent, the command is not read in full.
func (c *Command) endComments(src string) string {
	if !strings.Contains(src, "\\\n") || strings.IndexByte(src, '#') < 0 {
		return src
	}
	var b []byte
	for round := 0; ; round++ {
		if round == maxCommentRounds || !c.spend(len(src)) {
			c.exceeded("comments that end in a backslash hide more than " + strconv.Itoa(maxCommentRounds) + " lines from the parser")
			return src
		}
		p := commentParsers.Get().(*syntax.Parser)
		f, err := p.Parse(strings.NewReader(src), "")
		commentParsers.Put(p)
		if err != nil {
			return src // the reading reports the error
		}
		changed := false
		syntax.Walk(f, func(n syntax.Node) bool {
			cm, ok := n.(*syntax.Comment)
			if !ok {
				return true
			}
			if k := strings.Index(cm.Text, "\\\n"); k >= 0 {
				if b == nil {
					b = []byte(src)
				}
				if at := int(cm.Hash.Offset()) + 1 + k; at < len(b) && b[at] == '\\' {
					b[at], changed = ' ', true
				}
			}
			return true
		})
		if !changed {
			return src
		}
		src = string(b)
	}
}

// maxCommentRounds bounds the parses endComments makes of one script.
const maxCommentRounds = 8

// Read parses src into segments, whatever its length, in a Command of its
// own. cwd is the action's working directory ("" when unknown).
func Read(src string, cwd string) *Command {
	c := &Command{work: work.New(math.MaxInt / 2), budgeted: true}
	c.read(src, []string{cwd}, 0, "")
	return c
}

// joinContinuations returns src with every '$' that a backslash-newline
// follows moved after it (and every '<' or '>' that one or more of them
// part from a '('): "$\<newline>(cmd)" is $(cmd) to bash, which removes
// the backslash-newline before it reads the expansion, in double quotes
// and here-documents too, where the parser would read a literal '$'.
// Moving the character keeps the length and the offset of every other
// byte, and changes nothing bash does: in a place where the pair is not
// removed (single quotes, a quoted here-document), there is no expansion
// either way.
func joinContinuations(src string) string {
	if !strings.Contains(src, "\\\n") {
		return src
	}
	var b []byte
	for i := 0; i < len(src); i++ {
		ch := src[i]
		if ch != '$' && ch != '<' && ch != '>' {
			continue
		}
		j := i + 1
		for j+1 < len(src) && src[j] == '\\' && src[j+1] == '\n' {
			j += 2
		}
		if j == i+1 || ch != '$' && (j >= len(src) || src[j] != '(') {
			continue
		}
		if b == nil {
			b = []byte(src)
		}
		copy(b[i:j-1], src[i+1:j])
		b[j-1] = ch
		i = j - 1
	}
	if b == nil {
		return src
	}
	return string(b)
}

// read parses one script (the command itself or a nested one) and appends
// its segments.
func (c *Command) read(src string, dirs []string, depth int, origin string) {
	if !c.spend(len(src) + 1) {
		return
	}
	if depth == 0 {
		c.hasInput = strings.IndexByte(src, '<') >= 0
		c.text = src
	} else if c.NestedText == "" && !plainText(src) {
		if why := IntegrityProblem(src); why != "" {
			c.NestedText = "in the script " + QuoteExcerpt(src) + ": " + why
		}
	}
	if !c.noFast && c.fastRead(src, dirs, depth, origin) {
		if depth == 0 && len(c.Segs) > 0 && c.Segs[0].Depth == 0 {
			c.FastTop = true
		}
		return
	}
	c.defaultsIn(src) // a plain command holds no ${
	if why := tooNested(src); why != "" {
		// The parser's stack grows with nesting; no command needs this
		// much. Deny rules still see a plain split.
		c.exceeded(why + ": the command is not parsed")
		c.fallbackSplit(src, dirs, depth, origin)
		return
	}
	if separators(src) > MaxSegments {
		// More commands than are kept: the parser's memory grows with
		// each (a|a|a…), and the segments past the bound are not read.
		c.TooMany = true
		c.fallbackSplit(src, dirs, depth, origin)
		return
	}
	if c.parsed += len(src); c.parsed > maxParsedBytes {
		// Nested scripts (eval eval …) would make the parser read the
		// command once per level; past the bound they are not read.
		c.exceeded(tooMuchParsed)
		return
	}
	src = c.endComments(src) // the words read are the text bash reads
	src = joinContinuations(src)
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
	c.ownDir(s)
	var inner []string
	innerKnown, innerView := false, false
	if (lookNeeded(s.Bits, s.AnyMask) || programs.OtherName(s.Words, s.Bits)) && !s.wrapped {
		s.Views, inner, innerKnown, innerView = lookThroughViews(s.Words, s.Flags, s.AnyMask, c)
	} else {
		// Only the literal words: a view from the command's arena, so
		// that the common case allocates nothing.
		s.Views = c.a.keepView(s.Words)
	}
	if s.AnyMask&MaskEq != 0 { // (no word holds '=': the common case looks no further)
		if at := programs.ProgramAt(s.Words); at < len(s.Words) && len(s.Words[at]) > 1 && s.Words[at][0] == '=' {
			// zsh expands =NAME to the path of the program NAME (=sudo id
			// runs sudo), where bash looks for a program named =NAME. (A
			// wrapper's command is a segment of its own: nohup =sudo id is
			// judged there.)
			c.dyn("zsh runs the program a word =NAME names by the path it expands to (" + s.Words[at] + "), where bash looks for a program of that name")
		}
	}
	if len(c.Segs) == cap(c.Segs) {
		// Doubled: a long command's segments cost at most twice their
		// size, where append's smaller steps would cost five times.
		c.Segs = slices.Grow(c.Segs, max(8, len(c.Segs)))
	}
	c.Segs = append(c.Segs, *s)
	// idx is this segment's place: the code hidden in it is read first,
	// and appends segments of its own after it.
	idx := len(c.Segs) - 1
	c.hiddenCode(idx)
	if s.Depth >= MaxNesting {
		// Nested scripts past the limit are not read; refuse to approve.
		for _, v := range s.Views {
			if _, ok := programs.NestedScript(v); ok {
				c.TooDeep = true
			}
		}
		return
	}
	if c.nestedReads > maxNestedReads {
		c.TooDeep = true
		return
	}
	// A wrapper's command is a segment of its own: "timeout 5 rm -rf x"
	// is auto-approved only if "rm -rf x" is allowed too.
	if s.Bits&(programs.Wrapper|programs.Runner|programs.Assignment|programs.PathName) != 0 {
		if !c.spend(programs.ReadCost(s.Words)) {
			return
		}
		if len(s.Words) > programs.MaxModelWords {
			c.exceeded(programs.TooLongForModel)
			return
		}
		carried := false
		if !innerKnown {
			inner, carried = programs.WrappedCommandView(s.Words)
		} else {
			carried = innerView
		}
		if k := programs.ProgramAt(s.Words); k > 0 && k < len(s.Words) {
			// LC_ALL=C tar xf a.tar: the command after the assignments is
			// a segment of its own, so that every check finds its
			// program first (a wrapper there gives its own command a
			// segment in turn).
			inner, carried = s.Words[k:], true
		} else if len(inner) > 0 && programs.IsAssignment(inner[0]) && k < len(s.Words) && !programs.EnvOperands(programs.BaseName(s.Words[k])) {
			// nice x=1 ls: only env and its kind put NAME=value in the
			// environment; any other wrapper runs a program named x=1.
			c.dyn(programs.BaseName(s.Words[k]) + " runs a program named " + QuoteExcerpt(inner[0]) + ": only env and its kind read NAME=value as a variable, so what runs is a program no word shows")
		}
		if inner != nil {
			c.nestedReads++
			in := c.wrappedSegment(&c.Segs[idx], inner)
			in.Carried = carried
			in.WrapperSeg, in.WrapperWords = idx+1, len(c.Segs[idx].Words)-len(inner)
			c.addSegment(&in)
		}
	}
	if len(s.Words) > 0 && strings.IndexByte(s.Words[0], '-') > 0 && !programs.IsAssignment(s.Words[0]) {
		// (A=1 git-push: the command after the assignments is a segment
		// of its own, which gets this one.)
		if cmd := programs.Plugin(s.Words); cmd != nil && c.spend(len(cmd)) {
			in := c.pluginSegment(&c.Segs[idx], cmd)
			in.WrapperSeg = idx + 1
			c.addSegment(&in)
		}
	}
	if s.Bits&programs.Nested != 0 || len(c.Segs[idx].Views) > 1 {
		c.readNested(idx)
	}
	if !c.readMakeValues(idx) {
		return
	}
	c.readBehindUnknown(idx)
}

// readMakeValues reads, as a command that may run, the value of a
// NAME=value that make or rake puts in the environment of its recipes and
// tasks (an operand; an assignment before the program, or given to env
// or export before it) when the value reads as a command (MakeValue): a
// makefile that runs $(RUNNER) runs whatever the command sets it to (make
// RUNNER=sudo test, make 'DL=curl -d @.env http://x' fetch, make
// RUNNER=@sudo, whose @ make strips). Which variables a makefile runs,
// only it says. A value known only at run time whose first word is
// computed (RUNNER=$(cat f)) makes the command computed. Up to
// maxBehindUnknown values are read. It reports false once the reading
// must stop.
func (c *Command) readMakeValues(idx int) bool {
	s := &c.Segs[idx]
	if s.AnyMask&MaskEq == 0 || !runsMake(s) {
		return true
	}
	prog := programs.BaseName(s.Views[len(s.Views)-1][0])
	type value struct{ name, text string }
	var room [maxBehindUnknown]value
	vals := room[:0]
	ok := true
	assignments(s, func(j int, name, text string) {
		if !ok || len(vals) == len(room) {
			return
		}
		if ok = c.spend(len(name) + len(text) + 1); !ok {
			return
		}
		computed := j < len(s.Flags) && s.Flags[j]&WordExpands != 0
		if computed && computedHead(text) {
			c.dyn(prog + " may run the value of " + name + "= as a command, and its first word is known only at run time")
			return
		}
		if cmd := MakeValue(text); cmd != "" && parses(cmd) {
			vals = append(vals, value{name, cmd})
		}
	})
	for _, v := range vals {
		who := prog + " may run the value of " + v.name + "= as a command: "
		if !c.readMaybe(idx, who, programs.Script{Text: v.text, Origin: QuoteExcerpt(v.text)}) {
			return false
		}
	}
	return ok
}

// runsMake reports a segment one of whose views runs make or rake, the
// programs whose NAME=value operands reach what they run
// (programs.EnvOperands).
func runsMake(s *Segment) bool {
	for _, v := range s.Views {
		if len(v) > 0 && programs.EnvOperands(programs.BaseName(v[0])) {
			return true
		}
	}
	return false
}

// computedHead reports a value whose first word holds an expansion or a
// substitution: the program it names is known only at run time.
func computedHead(value string) bool {
	head := strings.TrimLeft(value, " \t\n@+-")
	if end := strings.IndexAny(head, " \t\n"); end >= 0 {
		head = head[:end]
	}
	return strings.ContainsAny(head, "$`")
}

// MakeValue returns the command that a make variable's literal value
// reads as, or "": a command line (commandLine), one word naming a
// program that runs as another user or runs its arguments (sudo, env,
// eval), or one naming a program whose first operand is a host (ssh,
// scp), with
// the recipe's words after it as words known at run time (ssh "$@"). make's recipe prefixes (@, -, +) before it are dropped, as make
// drops them once it has pasted the value into a recipe line.
func MakeValue(value string) string {
	value = strings.TrimLeft(value, " \t\n")
	if cmd := strings.TrimLeft(value, "@+-"); cmd != value {
		// After a prefix (RUNNER=@sudo), a program the catalog knows or
		// an operator; a flag (GOFLAGS=-mod=mod, CFLAGS=-O2) is none.
		head := cmd
		if end := strings.IndexAny(head, " \t\n"); end >= 0 {
			head = head[:end]
		}
		if programs.BitsOf(programs.BaseName(head)) != 0 || strings.ContainsAny(cmd, lineOperators) {
			return cmd
		}
		return ""
	}
	if value == "" {
		return ""
	}
	bits := programs.BitsOf(programs.BaseName(value))
	if commandLine(value) || bits&(programs.Privileged|programs.Wrapper|programs.Runner|programs.Eval) != 0 {
		return value
	}
	if bits&programs.Effect != 0 && !strings.ContainsAny(value, " \t\n") && reachesWithArgs(value) {
		// RUNNER=ssh: the recipe's words follow the program, and are
		// its arguments (ssh echo check ok runs on the host echo).
		return value + programs.CallbackArgs
	}
	return ""
}

// reachesWithArgs reports a program whose first operand is a host or a
// remote location (ssh, scp, sftp): the recipe's first word becomes one,
// and the rest runs or is copied there.
func reachesWithArgs(prog string) bool {
	return argmodel.FirstOperandRemote(programs.BaseName(prog))
}

// maxBehindUnknown bounds the later words of an unknown program tried as
// a shell, so that the reading stays linear in the command.
const maxBehindUnknown = 4

// readBehindUnknown reads what a later word of a segment may run when the
// segment's program is one the catalog does not know: such a program may
// run its arguments as a command (setarch x86_64 sh -c CMD, fakeroot bash
// -c CMD, valgrind -q bash <<< CMD, pyenv exec python3 -c CODE), so from
// every later shell, eval, interpreter or program that reads its code from
// a file (up to maxBehindUnknown), the rest of the words is a segment of
// its own that may run, with the segment's input, read as any command is:
// its scripts, its code, its input, the file it runs. A last word with
// nothing on its input (no pipe, no '<' anywhere in the command: a
// group's or exec's redirection may give it one) is read as a name (nvm
// install node). So is every
// word that reads as a command line (readLinesBehindUnknown).
func (c *Command) readBehindUnknown(idx int) {
	s := &c.Segs[idx]
	v := s.Views[len(s.Views)-1]
	if len(v) < 2 || programs.IsAssignment(v[0]) || !readBehind(programs.BitsOf(programs.BaseName(v[0]))) {
		return // (y=1 x+=nv: assignments, no program)
	}
	if !c.readLinesBehindUnknown(idx) {
		return
	}
	// foo sort dd cp tee rm -rf .git: when the words that may be what it
	// runs are more than are read, the command is not read at all (the
	// rest is never skipped); counted first, so that many such words
	// cost one pass.
	named := 0
	for i := 1; i < len(v) && named <= maxBehindUnknown; i++ {
		if programs.BitsOf(programs.BaseName(v[i]))&runsCodeBits != 0 && !programs.ListedSub(v, i) {
			named++
		}
	}
	if !c.spend(len(v)) {
		return
	}
	if named > maxBehindUnknown {
		c.exceeded("more than " + strconv.Itoa(maxBehindUnknown) + " programs named after a program the engine does not know")
		return
	}
	tries := 0 // later programs tried
	for i := 1; i < len(v); i++ {
		if !c.spend(1) {
			return
		}
		if programs.BitsOf(programs.BaseName(v[i]))&runsCodeBits == 0 || programs.ListedSub(v, i) {
			continue // (perf script is perf's own command, not script(1))
		}
		if i == len(v)-1 && c.Segs[idx].stdin().Kind == StdinInherited && c.piped == "" && !c.inPipe && !c.hasInput {
			continue // a last word given nothing to read names a version or a package (nvm install node)
		}
		tries++
		if !c.readTailMaybe(idx, v[i:]) {
			return
		}
		v = c.Segs[idx].Views[len(c.Segs[idx].Views)-1] // reading may have grown c.Segs
	}
}

// runsCodeBits are the programs that, named after an unknown program,
// may be what it runs with code of their own to read: shells, eval,
// interpreters, programs that run files.
// ("." is a directory far more often than the builtin, and source
// needs a shell to run it.)
// Programs that write or remove what they name count too: valgrind -q
// rm -rf .git removes .git.
const runsCodeBits = programs.Shell | programs.Eval | programs.Interpreter | programs.RunsFiles | programs.Writes

// readTailMaybe adds the words rest, the tail of segment idx's last view
// from a program on, as a segment that only may run, with idx's input.
// It reports false once the nesting bounds are exceeded.
func (c *Command) readTailMaybe(idx int, rest []string) bool {
	c.nestedReads++
	if c.nestedReads > maxNestedReads || c.Segs[idx].Depth+1 >= MaxNesting {
		c.TooDeep = true
		return false
	}
	if !c.spend(len(rest)) {
		return false
	}
	who := unknownRuns(c.Segs[idx].Words[0])
	in := c.wrappedSegment(&c.Segs[idx], rest)
	in.Depth++
	in.Origin = who + programs.BaseName(rest[0])
	in.wrapped = false // the unknown program was not looked through: its tail is read afresh
	before := len(c.Segs)
	c.addSegment(&in)
	for j := before; j < len(c.Segs); j++ {
		c.Segs[j].Maybe = true
	}
	return true
}

// readLinesBehindUnknown reads the literal words of segment idx that read
// as a command line (prove -e 'git push', mywrap 'x; sudo id'), up to
// maxBehindUnknown: the unknown program may run each with a shell. The
// literal words are the ones it is given: a view that expands a quoted
// brace ('{sudo,id}') splits the text a shell would read. What the
// expansions in a line hold is not known ("git push $HOME"); they are read
// as written. It reports false once the reading must stop.
func (c *Command) readLinesBehindUnknown(idx int) bool {
	words, flags := c.Segs[idx].Words, c.Segs[idx].Flags
	for i, lines := 1, 0; i < len(words) && lines < maxBehindUnknown; i++ {
		word := words[i]
		if !c.spend(len(word) + 1) {
			return false
		}
		// The word, and the value an option may carry in it: prove
		// --exec='sudo id' and prove -e'sudo id' run the value.
		var texts [3]string
		n := 0
		texts[n], n = word, n+1
		if name, value, ok := strings.Cut(word, "="); ok && len(name) > 1 && name[0] == '-' {
			texts[n], n = value, n+1
		}
		if len(word) > 2 && word[0] == '-' && word[1] != '-' {
			texts[n], n = word[2:], n+1
		}
		expands := i < len(flags) && flags[i]&WordExpands != 0
		for k, w := range texts[:n] {
			if lines >= maxBehindUnknown {
				break
			}
			if k == 0 && w != "" && w[0] == '-' && !strings.ContainsAny(w, " \t\n;&|<>()`$") {
				// --include='src/*' is one option word: as a command line,
				// its program would be the option itself. (Its value is
				// read on its own below.)
				continue
			}
			seen := w
			if expands {
				// The syntax of its expansions is not in the text the
				// program gets (: "${JOBS:=4}"); the text around them is.
				seen = withoutExpansions(w)
			}
			if !commandLine(seen) {
				continue
			}
			if !c.spend(len(w)) {
				return false // the parse is work too
			}
			if !parses(w) {
				continue
			}
			lines++
			if !c.readMaybe(idx, unknownRuns(words[0]), programs.Script{Text: w, Origin: "the command line " + QuoteExcerpt(w)}) {
				return false
			}
			words, flags = c.Segs[idx].Words, c.Segs[idx].Flags // reading may have grown c.Segs
		}
	}
	return true
}

// unknownRuns begins the origin of a script the unknown program prog may
// run.
func unknownRuns(prog string) string {
	return programs.BaseName(prog) + ", a program the engine does not know, may run "
}

// readMaybe reads the script ns that segment idx may run (who names what
// runs it); its segments only may run. It reports false once the nesting
// bounds are exceeded.
func (c *Command) readMaybe(idx int, who string, ns programs.Script) bool {
	s := &c.Segs[idx]
	c.nestedReads++
	if c.nestedReads > maxNestedReads || s.Depth+1 >= MaxNesting {
		c.TooDeep = true
		return false
	}
	origin := who + ns.Origin
	before := len(c.Segs)
	if ns.Words != nil {
		c.addSegment(&Segment{Text: strings.Join(ns.Words, " "), Words: ns.Words, Flags: GuessFlags(ns.Words),
			Dirs: s.Dirs, Depth: s.Depth + 1, Origin: origin})
	} else {
		c.read(ns.Text, s.Dirs, s.Depth+1, origin)
	}
	for j := before; j < len(c.Segs); j++ {
		c.Segs[j].Maybe = true
	}
	return true
}

// readBehind reports a program whose later words are read as an unknown
// program's: one the catalog does not know, one known only as a runner
// of build files (devenv shell sh -c CMD), and one whose model says its
// other words are not accounted for (programs.Behind).
func readBehind(b programs.Bits) bool {
	return b == 0 || b == programs.Builds || b&programs.Behind != 0
}

// commandLine reports a word that reads as a command line: its first
// field is a program the catalog knows and more fields follow (git push,
// sudo x, echo x > f), a later field is a program with effects (shell git
// push: gdb's shell, or any unknown first field, may run the rest), or it
// holds shell syntax a sentence does not need (shellSyntax). A sentence
// given to a program (-m 'fix the bug') is not.
func commandLine(w string) bool {
	w = strings.TrimLeft(w, " \t\n")
	end := strings.IndexAny(w, " \t\n")
	if end < 0 {
		end = len(w)
	}
	return shellSyntax(w, end) || end < len(w) && (programs.BitsOf(programs.BaseName(w[:end])) != 0 || effectField(w[end:]))
}

// effectField reports a blank-separated field of text that names a
// program with effects (git, curl, kubectl, …).
func effectField(text string) bool {
	for f := range strings.FieldsSeq(text) {
		if programs.BitsOf(programs.BaseName(f))&programs.Effect != 0 {
			return true
		}
	}
	return false
}

// WithoutExpansions returns word w (as typed) with its expansions ($x,
// ${…}, $(…), `…`) taken out: their values where each is empty, and what
// the program is given of the word's own text.
func WithoutExpansions(w string) string { return withoutExpansions(w) }

// withoutExpansions returns word w (as typed) with its expansions ($x,
// ${…}, $(…), `…`) taken out: the program is given their values, not
// their syntax.
func withoutExpansions(w string) string {
	var b strings.Builder
	for i := 0; i < len(w); i++ {
		switch {
		case w[i] == '`':
			k := strings.IndexByte(w[i+1:], '`')
			if k < 0 {
				return b.String()
			}
			i += k + 1
		case w[i] == '$' && i+1 < len(w) && (w[i+1] == '{' || w[i+1] == '('):
			i = closing(w, i+1) // the index of the closing bracket
		case w[i] == '$':
			for i+1 < len(w) && (ascii.NameByte(w[i+1]) || strings.IndexByte("@*#?-$!", w[i+1]) >= 0) {
				i++
			}
		default:
			b.WriteByte(w[i])
		}
	}
	return b.String()
}

// closing returns the index of the bracket that closes the one at w[open],
// or len(w) when none does.
func closing(w string, open int) int {
	depth := 0
	for i := open; i < len(w); i++ {
		switch w[i] {
		case '{', '(':
			depth++
		case '}', ')':
			if depth--; depth == 0 {
				return i
			}
		}
	}
	return len(w)
}

// Shell syntax that makes a word more than one plain command of plain
// words, each byte with its reason.
const (
	// Operators and substitutions: they end a command or start another,
	// wherever they are (x; git push, x|sudo id, (git push), x $(id)).
	lineOperators = ";&|<>()`\n"
	// In the first field: the program the shell runs is not the text
	// ("git" push, g\it push, $X push, sudo${IFS}id, {sudo,id}, ~/x), or
	// the field is an assignment before the program (FOO=1 git push).
	programSyntax = "\"'\\${}~="
	// Glob characters in the first field when more fields follow (su?o
	// id): a lone glob ('*.go') is the program's pattern, not a command.
	programGlob = ascii.GlobChars
)

// shellSyntax reports a word w whose text holds an operator, or whose
// first field (w[:end]) is not a plain program name.
func shellSyntax(w string, end int) bool {
	return strings.ContainsAny(w, lineOperators) || strings.ContainsAny(w[:end], programSyntax) ||
		end < len(w) && strings.ContainsAny(w[:end], programGlob)
}

// parses reports whether text parses as a script: a word that does not
// would not run as one (a shell given it fails), and is only the
// program's data.
func parses(text string) bool {
	if len(text) > maxParsedBytes || tooNested(text) != "" {
		return true // read, and capped by the bounds, as any script is
	}
	p := parserPool.Get().(*syntax.Parser)
	_, err := p.Parse(strings.NewReader(text), "")
	parserPool.Put(p)
	return err == nil
}

// readNested reads the scripts and commands that segment idx carries
// (bash -c, eval, find -exec …), in any of its views, once each.
func (c *Command) readNested(idx int) {
	s := &c.Segs[idx]
	var seen []string
	for vi, v := range s.Views {
		if vi == 0 && s.Bits&programs.Nested == 0 {
			continue
		}
		if !programs.NestedScripts(v, func(ns programs.Script) bool { return c.readScript(idx, vi, v, ns, &seen) }) {
			return
		}
		if !c.spend(len(v)) {
			return // the model's reading of the view is work too
		}
		all := programs.OptionCommands(v, func(ns programs.Script) bool {
			return c.readScript(idx, vi, v, ns, &seen)
		})
		if !all {
			c.exceeded("more than " + strconv.Itoa(programs.MaxOptionCommands) + " commands given to options of one program (find -exec … ;)")
		}
		s = &c.Segs[idx] // reading may have grown c.Segs
	}
}

// readScript reads the script ns that view vi (v) of segment idx runs,
// once per origin and text (seen); false once the nesting bound is
// passed.
func (c *Command) readScript(idx, vi int, v []string, ns programs.Script, seen *[]string) bool {
	key := ns.Origin + "\x00" + ns.Text + "\x00" + strings.Join(ns.Words, "\x00")
	if slices.Contains(*seen, key) {
		return true
	}
	*seen = append(*seen, key)
	c.nestedReads++
	if c.nestedReads > maxNestedReads {
		c.TooDeep = true
		return false
	}
	s := &c.Segs[idx]
	if ns.Unread != "" {
		c.dyn(ns.Unread)
		return true
	}
	if scriptComputed(s, v, ns) {
		c.dyn("the script run by " + ns.Origin + " is built at run time from an expansion")
		return true
	}
	dirs, depth := s.Dirs, s.Depth
	// A program that runs a command hands it data on its input, or may
	// (split --filter, sort --compress-program, a pager): what reads
	// commands from its input reads that data. A shell's script and a
	// builtin's share the shell's own input; an editor an option names
	// (pip config --editor) edits a file, with the terminal for its keys.
	if s.ViewBits(vi)&programs.Shell == 0 && !bashRuns[programs.BaseName(v[0])] && !strings.Contains(ns.Origin, "editor") {
		defer func(was bool) { c.inPipe = was }(c.inPipe)
		c.inPipe = true
	}
	if ns.Words != nil {
		c.addSegment(&Segment{
			Text: strings.Join(ns.Words, " "), Words: ns.Words, Flags: GuessFlags(ns.Words),
			Dirs: dirs, Depth: depth + 1, Origin: ns.Origin, CdComputed: ns.Elsewhere,
		})
		return true
	}
	if s.ViewBits(vi)&programs.Shell != 0 {
		c.dialect(v[0], ns.Text)
	} else {
		c.viaSh(programs.BaseName(v[0]), ns.Origin, ns.Text)
	}
	before := len(c.Segs)
	c.read(ns.Text, dirs, depth+1, ns.Origin)
	if c.Segs[idx].ViewBits(vi)&programs.Eval != 0 {
		c.noteMoves(idx, before)
	}
	if ns.Origin == "trap" || strings.HasSuffix(ns.Origin, " -C") && (v[0] == "mapfile" || v[0] == "readarray") {
		c.unplacedMoves(before, ns.Origin)
	}
	if ns.Origin == "trap" {
		c.markLateAll(before) // at a signal or at exit: after what follows it
	}
	return true
}

// unplacedMoves finds a cd among the commands read from segment before on
// (an eval inside them too, and every spelling the reading dequotes:
// c""d, $'\x63d') that code run in the shell itself at a time the reading
// cannot place runs: a trap's action (at a signal, or between commands
// for DEBUG) and mapfile's -C callback (once per -c lines, each call
// starting where the last one left): every later path may be read from
// the wrong directory.
func (c *Command) unplacedMoves(before int, origin string) {
	for j := before; j < len(c.Segs); j++ {
		for vi := range c.Segs[j].Views {
			if c.Segs[j].ViewBits(vi)&programs.Cd != 0 {
				c.dyn("code that " + origin + " runs changes the shell's directory (" + QuoteExcerpt(c.Segs[j].Text) + ") at a time the engine cannot place: later paths may be read from the wrong directory")
				return
			}
		}
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
	s.Masks, s.AnyMask = c.a.masksOf(s.Words)
	return true
}

// wrappedSegment is the segment of the command inner that the wrapper
// segment s runs: inner is the tail of s's words. Its text, flags and
// masks are those of s's tail: a chain of wrappers shares one text (the
// words joined once) instead of a copy of the rest per wrapper.
func (c *Command) wrappedSegment(s *Segment, inner []string) Segment {
	n := len(s.Words) - len(inner)
	in := Segment{
		Words: inner, Flags: tailFlags(s.Flags, len(inner)), Dirs: s.Dirs, Depth: s.Depth,
		Origin: programs.WrappedOrigin(programs.BaseName(programs.FirstVerb(s.Words))), joined: true, wrapped: true,
		Stdin: s.stdin(),
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
	c.wrapperDir(s, &in)
	return in
}

// pluginSegment is the segment of the command cmd that the plugin's own
// binary of segment s is (programs.Plugin: git-push x is git push x): a
// segment of its own, so that every check reads it as it reads git's or
// docker's words. It is carried, as the command a runner runs: deny and
// ask rules and the caps read it, the allow rule of the words as written
// decides. The program's word lends its flags to the two words it
// becomes.
func (c *Command) pluginSegment(s *Segment, cmd []string) Segment {
	in := Segment{Words: cmd, Dirs: s.Dirs, Depth: s.Depth, Origin: s.Origin, Stdin: s.stdin(), Text: strings.Join(cmd, " "),
		Carried: true, wrapped: true}
	if len(s.Flags) == len(s.Words) {
		in.Flags = slices.Concat(s.Flags[:1], s.Flags)
	}
	return in
}

// wrapperDir moves the command a wrapper runs to the directory the
// wrapper starts it in (env -C .git tee config writes .git/config): from
// each of the wrapper's directories, or anywhere when the directory is
// known only at run time or is a tilde's.
func (c *Command) wrapperDir(s, in *Segment) {
	if s.Bits&(programs.Wrapper|programs.Runner|programs.Assignment|programs.PathName) == 0 {
		return
	}
	if !anyOption(s.Words) {
		return // no option, no directory option
	}
	dir, computed, ok := programs.WrapperDir(s.Words)
	var room [MaxDirs + 1]string
	if dirs, anywhere, found := c.movedTo(room[:0], s.Dirs, dir, computed, ok); anywhere {
		in.CdComputed = true
	} else if found {
		in.Dirs = c.keepDirs(dirs)
	}
}

// ownDir adds to a segment's directories the one its program moves to
// before it reads its paths (git -C .git log --output=config writes
// .git/config): its words are then judged from both, the safe side. A
// directory known only at run time, or a tilde's, may be any.
func (c *Command) ownDir(s *Segment) {
	if !anyOption(s.Words) {
		return // no option, no directory option
	}
	dir, computed, ok := programs.OwnDir(s.Words)
	if !ok {
		return
	}
	var room [MaxDirs + 1]string
	if dirs, anywhere, found := c.movedTo(append(room[:0], s.Dirs...), s.Dirs, dir, computed, ok); anywhere {
		s.CdComputed = true
	} else if found {
		s.Dirs = c.keepDirs(dirs)
	}
}

// movedTo appends to to the directories a program that starts in dir
// (from a directory option, if ok) runs in, from each of dirs; anywhere
// when dir is known only at run time or is a tilde's.
func (c *Command) movedTo(to, dirs []string, dir string, computed, ok bool) (_ []string, anywhere, found bool) {
	switch {
	case !ok:
		return to, false, false
	case computed || dir == "" || strings.HasPrefix(dir, "~") || strings.ContainsAny(dir, "$`*?[{"):
		return to, true, false
	case strings.HasPrefix(dir, "/"):
		return addDir(to, path.Clean(dir)), false, true
	}
	for _, d := range dirs {
		to = addDir(to, c.join(d, dir, true))
	}
	return to, false, true
}

// anyOption reports a word that starts with a dash.
func anyOption(words []string) bool {
	for _, w := range words {
		if len(w) > 1 && w[0] == '-' {
			return true
		}
	}
	return false
}

// tailFlags returns the flags of the last n words, none set where flags
// do not cover them.
func tailFlags(flags []uint8, n int) []uint8 {
	if f := programs.TailFlags(flags, n); f != nil {
		return f
	}
	return make([]uint8, n)
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
			c.addSegment(&Segment{Text: strings.Join(cur, " "), Words: cur, Flags: GuessFlags(cur), Dirs: dirs, Depth: depth, Origin: origin})
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

// WrappedTail returns how many of segment j's last words are the command
// its wrapper runs, which is the next segment of j's depth (timeout 5
// python3 x.py: 2), or 0: those words are that segment's, judged there.
func (c *Command) WrappedTail(j int) int {
	if j < 0 || j+1 >= len(c.Segs) {
		return 0
	}
	k := j + 1
	for k+1 < len(c.Segs) && c.Segs[k].Depth > c.Segs[j].Depth {
		k++ // the code hidden in j (a here-string's script) is read before its command
	}
	s, in := &c.Segs[j], &c.Segs[k]
	n := len(in.Words)
	if !in.wrapped || in.Depth != s.Depth || n == 0 || n >= len(s.Words) {
		return 0
	}
	if !slices.Equal(s.Words[len(s.Words)-n:], in.Words) {
		return 0
	}
	return n
}

// markLate marks the segments from start on, which are one pipeline
// stage or one background job, Late when there are more than one of them
// (the commands a wrapper runs are the wrapper's own, not more).
func (c *Command) markLate(start int) {
	n := 0
	for k := start; k < len(c.Segs); k++ {
		if !c.Segs[k].wrapped {
			n++
		}
	}
	if n < 2 {
		return
	}
	for k := start; k < len(c.Segs); k++ {
		c.Segs[k].Late = true
	}
}

// markLateAll marks the segments from start on Late, however many.
func (c *Command) markLateAll(start int) {
	for k := start; k < len(c.Segs); k++ {
		c.Segs[k].Late = true
	}
}

// RunsInside reports whether segment i is a command substitution in the
// words of segment j, or in those of one of j's substitutions: bash runs
// it before j (git diff $(git merge-base a b) runs merge-base first), so
// nothing j does comes before it.
func (c *Command) RunsInside(i, j int) bool {
	for k, n := i, 0; k >= 0 && k < len(c.Segs) && n <= len(c.Segs); n++ {
		owner := c.Segs[k].substOf - 1
		if owner == j {
			return true
		}
		if owner < 0 || owner < j || owner >= k {
			return false // owners only come before: one below j never leads to j
		}
		k = owner
	}
	return false
}

// Within reports whether segment i was read out of segment j: a script
// it carries, the command it wraps, or a program one of its arguments
// runs (rg --hostname-bin=./x). Such segments follow j directly, nested
// deeper or wrapped.
func (c *Command) Within(i, j int) bool {
	if j < 0 || i <= j || i >= len(c.Segs) {
		return false
	}
	for k := j + 1; k <= i; k++ {
		if c.Segs[k].Depth <= c.Segs[j].Depth && !c.Segs[k].wrapped {
			return false
		}
	}
	return true
}
