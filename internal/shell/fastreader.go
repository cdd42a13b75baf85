package shell

import (
	"github.com/permengine/permengine/internal/ascii"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/programs"
)

// fastSegments tokenizes src and builds its segments, with the working
// directories the parser path would give them; false when src is not
// plain.
func (c *Command) fastSegments(src string, dirs []string, depth int, origin string) ([]Segment, bool) {
	if tooNested(src) != "" {
		return nil, false // the parser path applies the bound, quoted or not
	}
	toks := c.a.toks[:0]
	if want := len(src)/2 + 8; cap(toks) < want {
		toks = make([]fastToken, 0, want) // once: most commands take two bytes or more a token
	}
	toks, ok := fastTokens(src, toks)
	c.a.toks = toks[:0]
	if !ok {
		return nil, false
	}
	segs := c.a.scratch[:0]
	if want := segmentsIn(toks); cap(segs) < want {
		segs = make([]Segment, 0, want) // once, at the size needed
	}
	r := fastReader{
		c: c, src: src, depth: depth, origin: origin, segs: segs,
		cur: dirs, pipeDirs: dirs, chainOp: opWord, expectTarget: opWord, begin: c.a.mark(),
	}
	if !r.read(toks) {
		r.undo()
		return nil, false
	}
	c.a.scratch = r.segs
	return r.segs, true
}

// fastReader builds the segments of a plain command from its tokens. The
// working directory follows the shell's grammar: statements separated by
// ; & and newlines, each an and-or list of pipelines. A cd moves it for
// what follows only where the shell certainly follows.
type fastReader struct {
	c      *Command
	src    string
	depth  int
	origin string
	segs   []Segment

	cur      []string // where the next statement starts
	ok1      []string // the and-or list so far: where it leaves the shell after success…
	fail1    []string // …and after failure
	chainOp  fastOp   // opWord at the start of a statement, else opAnd or opOr
	pipeDirs []string // where the current pipeline runs
	pipeLen  int      // segments in the current pipeline

	inSeg        bool
	expectTarget fastOp   // a redirection waiting for its target
	seg          *Segment // the segment being read, in place at the end of segs
	segStart     int      // where the segment starts in the source…
	segEnd       int      // …and ends
	start        mark     // where its words start in the arena
	leading      bool     // every word of the segment so far is NAME=value

	// stages numbers the pipeline stages and background jobs (markLate);
	// stmtStart is where the statement being read began in segs.
	stages    int32
	stmtStart int

	// begin is where the command's words start in the arena: what comes
	// after is given back when the command is not plain after all.
	begin mark
}

// read consumes every token; false when the command is not plain.
func (r *fastReader) read(toks []fastToken) bool {
	lastOp := opWord
	for i := range toks {
		if r.pastBound() {
			// Past the bound (or the work budget) nothing more is read:
			// addSegment keeps MaxSegments and marks the command TooMany,
			// and refuses every segment once the budget is spent.
			break
		}
		t := &toks[i]
		switch {
		case t.op == opWord:
			if !r.word(t) {
				return false
			}
		case t.op.redirect():
			if r.expectTarget != opWord {
				return false
			}
			if !r.inSeg {
				r.startSeg(int(t.start))
			}
			r.expectTarget = t.op
			lastOp = opWord
		default: // && || | ; & and newlines (as ;)
			if r.expectTarget != opWord || !r.endSeg() {
				return false
			}
			r.operator(t.op)
			lastOp = t.op
		}
	}
	if r.expectTarget != opWord {
		return false
	}
	if r.pastBound() {
		return true
	}
	if r.inSeg {
		return r.endSeg()
	}
	return lastOp != opAnd && lastOp != opOr && lastOp != opPipe && len(r.segs) > 0
}

// pastBound reports whether more than MaxSegments segments were read or
// the work budget is spent.
func (r *fastReader) pastBound() bool {
	return len(r.segs) > MaxSegments || r.c.counter().Out()
}

// MaxRedirs bounds the redirections of one segment that the fast path
// keeps; past it the integrity cap fires.
const MaxRedirs = 256

var tooManyRedirs = "a command has more than " + strconv.Itoa(MaxRedirs) + " redirections"

// segmentsIn is the most segments toks can make, up to the MaxSegments+1
// that are read.
func segmentsIn(toks []fastToken) int {
	n := 1
	for i := range toks {
		if op := toks[i].op; op >= opAnd && op <= opAmp {
			n++
		}
	}
	return min(n, MaxSegments+1)
}

// undo gives back what a command that is not plain took from the arenas.
func (r *fastReader) undo() {
	r.c.a.rewind(r.begin)
	clear(r.segs)
	r.c.a.scratch = r.segs[:0]
}

// operator folds an operator into the working-directory tracking, and
// marks the stages of pipelines and background jobs (markLate): each
// stage of a pipeline is its segment, a background job the statement.
func (r *fastReader) operator(op fastOp) {
	if op == opAmp {
		r.stages++
		for k := r.stmtStart; k < len(r.segs); k++ {
			r.segs[k].stage = r.stages
		}
	}
	if op == opSemi || op == opAmp {
		r.stmtStart = len(r.segs)
	}
	switch op {
	case opPipe:
	case opAnd, opOr:
		r.endPipe()
		r.chainOp = op
	case opSemi:
		r.endStmt(false)
	case opAmp:
		r.endStmt(true)
	}
}

// word reads a word token: a redirection's target or a word of the
// segment. False when the parser must judge it (a keyword, a quoted or
// appending assignment).
func (r *fastReader) word(t *fastToken) bool {
	if !r.inSeg {
		r.startSeg(int(t.start))
	}
	r.segEnd = int(t.end)
	c := r.c
	if r.expectTarget != opWord {
		op := r.expectTarget
		r.expectTarget = opWord
		if (op == opGtAmp || op == opLtAmp) && (t.text == "-" || ascii.Digits(t.text)) {
			return true // fd duplication names no file
		}
		if len(c.a.refs)-r.start.refs >= MaxRedirs {
			c.exceeded(tooManyRedirs)
			return true // not approved: the rest only costs memory
		}
		c.a.addRef(PathRef{Op: opText[op], Text: t.text, Flags: t.flags &^ fastQuoted, Dirs: r.seg.Dirs})
		return true
	}
	flags := t.flags &^ fastQuoted
	if r.leading {
		var ok bool
		if flags, ok = r.leadingWord(t, flags); !ok {
			return false
		}
	}
	c.a.addWord(t.text, flags, t.mask)
	r.seg.AnyMask |= t.mask
	return true
}

// leadingWord reads a word while every word before it was NAME=value: it
// may be the program, or another assignment. It returns the word's flags.
func (r *fastReader) leadingWord(t *fastToken, flags uint8) (uint8, bool) {
	b := programs.WordBits(t.text)
	if t.flags&fastQuoted == 0 && b&programs.Reserved != 0 {
		return 0, false
	}
	if b&(programs.Eval|programs.Source) != 0 || t.text == "builtin" || t.text == "command" || t.text == "exec" ||
		r.pipeLen > 0 && (b&(programs.Shell|programs.Commands|programs.Wrapper|programs.Runner) != 0 || programs.BitsOf(programs.BaseName(t.text)) == 0) {
		// (Every word before it, if any, is an assignment: X=1 eval
		// 'cd .git' is the eval's.)
		// A script run in the shell itself may move it, exec may
		// redirect the shell's own input (exec < f, exec <&3), and a shell (or
		// a program reading commands, vim's keys, or a wrapper in front
		// of one: env vim, or a program the catalog does not know in
		// front of one: valgrind bash) may read its program from the
		// pipe: the parser follows both.
		return 0, false
	}
	if len(r.c.a.words) == r.start.words {
		r.seg.Bits, r.seg.hasBits = b, true
	}
	r.leading = b&programs.Assignment != 0
	if !r.leading {
		return flags, true
	}
	// NAME=value before the program: the parser gives the value's flags,
	// without a leading tilde. Quoted values and an empty += are left to
	// the parser (whose positions for an empty += differ).
	if t.flags&fastQuoted != 0 || strings.HasSuffix(t.text, "+=") {
		return 0, false
	}
	v := t.text[strings.IndexByte(t.text, '=')+1:]
	return litFlags(v, true) &^ WordTilde, true
}

// startSeg starts a segment at byte at of the source.
func (r *fastReader) startSeg(at int) {
	if r.pipeLen == 0 {
		switch r.chainOp {
		case opWord:
			r.pipeDirs = r.cur
		case opAnd:
			r.pipeDirs = r.ok1
		case opOr:
			r.pipeDirs = r.fail1
		}
	}
	n := len(r.segs)
	if n < cap(r.segs) {
		r.segs = r.segs[:n+1]
	} else {
		r.segs = append(r.segs, Segment{})
	}
	r.seg = &r.segs[n]
	*r.seg = Segment{Dirs: r.pipeDirs, Depth: r.depth, Origin: r.origin}
	if r.pipeLen > 0 {
		// After a pipe: a stage of a pipeline, and so is the segment
		// before it.
		if r.segs[n-1].stage == 0 {
			r.stages++
			r.segs[n-1].stage = r.stages
		}
		r.stages++
		r.seg.stage = r.stages
		r.seg.piped = true
	}
	r.segStart = at
	r.start = r.c.a.mark()
	r.leading = true
	r.inSeg = true
}

// endSeg finishes the segment being read; false when there is none or it
// is empty.
func (r *fastReader) endSeg() bool {
	if !r.inSeg {
		return false
	}
	r.inSeg = false
	seg := r.seg
	seg.Words, seg.Flags, seg.Masks, seg.Redirs = r.c.a.wordsSince(r.start)
	if len(seg.Words) == 0 && len(seg.Redirs) == 0 {
		*seg = Segment{}
		r.segs = r.segs[:len(r.segs)-1]
		return false
	}
	seg.Text = r.src[r.segStart:r.segEnd]
	r.c.markCd(seg)
	r.pipeLen++
	return true
}

// endPipe folds the finished pipeline into the and-or list.
func (r *fastReader) endPipe() {
	pok, pfail := r.pipeDirs, r.pipeDirs
	if r.pipeLen == 1 && r.segs[len(r.segs)-1].Cd {
		pok = r.segs[len(r.segs)-1].CdTo
	}
	switch r.chainOp {
	case opWord:
		r.ok1, r.fail1 = pok, pfail
	case opAnd:
		r.ok1, r.fail1 = pok, r.c.unionDirs(r.fail1, pfail)
	case opOr:
		r.ok1, r.fail1 = r.c.unionDirs(r.ok1, pok), pfail
	}
	r.pipeLen = 0
}

// endStmt ends a statement; a background one leaves the shell where it
// was.
func (r *fastReader) endStmt(background bool) {
	r.endPipe()
	if !background {
		r.cur = r.c.unionDirs(r.ok1, r.fail1)
	}
	r.chainOp = opWord
}
