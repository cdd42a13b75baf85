package shell

import (
	"errors"
	"slices"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/brace"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
	"github.com/permengine/permengine/internal/work"
)

// This file builds the looked-through views of a segment. Allow
// rules see only the literal words; deny and ask rules and every cap also
// see each view, so that a denied program cannot hide behind a wrapper, an
// assignment, a directory or a brace expansion.

// maxViews bounds the views of one segment; brace expansion and nested
// wrappers cannot blow it up.
const maxViews = 64

// lookBits are the WordBits of a first word that make views possible: a
// wrapper or runner, a program named by its path, an assignment.
const lookBits = programs.Wrapper | programs.Runner | programs.PathName | programs.Assignment

// lookNeeded reports, cheaply, whether any view beyond the literal words
// can exist, from what a segment records: the WordBits of its first word
// and the masks of all its words together (a '{' may be a brace
// expansion). Most segments have none, and then no view is built.
func lookNeeded(first programs.Bits, all Mask) bool {
	return first&lookBits != 0 || all&MaskBrace != 0
}

// lookThroughViews returns the views of words that lookNeeded accepts;
// the first is the literal words themselves. They are kept in the
// command's arena.
//
// Views are never dropped: past a bound (views, steps, depth, brace
// expansion, the work budget) the command records why, and the integrity
// cap fires.
//
// It also returns what programs.WrappedCommand would of words, read on the
// way (the command a wrapper runs, nil for none), and whether it was: the
// caller need not read the words through the model twice.
func lookThroughViews(words []string, flags []uint8, all Mask, c *Command) (views [][]string, inner []string, known, view bool) {
	l := looker{c: c, braces: all&MaskBrace != 0, words: words}
	if len(flags) == len(words) {
		l.flags = flags
	}
	l.add(words)
	l.visit(words, 0)
	if l.over {
		c.dyn("a brace expansion or chain of wrappers too large to follow: no reading of it is dropped, so it is not approved")
	}
	if l.topKnown {
		known = true
		if l.topCmd >= 0 && l.topCmd < len(words)-l.topSkip {
			inner, view = words[l.topSkip+l.topCmd:], l.topView
		}
	}
	return c.a.keepViews(l.first[:l.n], l.more), inner, known, view
}

// looker gathers the views of one segment: the first ones in an array on
// the caller's stack, any further ones in more.
type looker struct {
	c     *Command
	words []string // the segment's words, whose flags are flags
	first [8][]string
	n     int
	more  [][]string
	steps int  // visits so far, bounded by maxLookSteps
	done  bool // a bound was exceeded: no more views are looked for
	// over is true when a bound stopped the looking: a view may be
	// missing, so the segment cannot be approved.
	over bool
	// braces is true when a word of the segment holds a '{': only then
	// can a view expand braces.
	braces bool
	// flags are the segment's word flags, or nil when unknown: a word
	// without WordBrace has every '{' quoted ('{print $1,$2}'), and bash
	// expands no brace in it. Without flags, every word may expand.
	flags []uint8
	// The reading of the segment's own words (after topSkip leading
	// assignments) by programs.Wrapped: where the command it runs starts
	// (-1 for none), once topKnown.
	topKnown bool
	topSkip  int
	topCmd   int
	topView  bool // a package runner's command (programs.WrappedView)
}

// maxLookDepth bounds how many wrappers, runners and brace expansions deep
// the views are looked for.
const maxLookDepth = 16

// count returns the number of views so far.
func (l *looker) count() int { return l.n + len(l.more) }

// maxLookSteps bounds the work of one lookThroughViews: wrappers that try every
// later word could otherwise branch without end (env env env …).
const maxLookSteps = 256

func (l *looker) add(v []string) bool {
	for _, have := range l.first[:l.n] {
		if slices.Equal(have, v) {
			return false
		}
	}
	for _, have := range l.more {
		if slices.Equal(have, v) {
			return false
		}
	}
	if !l.c.spend(1 + l.count()) {
		return false
	}
	if l.count() >= maxViews {
		l.stop(tooManyViews)
		return false
	}
	if l.n < len(l.first) {
		l.first[l.n] = v
		l.n++
	} else {
		l.more = append(l.more, v)
	}
	return true
}

// Why a bound of the views was exceeded, for the integrity cap.
var (
	tooManyViews = "a segment has more than " + strconv.Itoa(maxViews) + " readings through wrappers and brace expansion"
	tooDeepViews = "wrappers, runners and brace expansions nested more than " + strconv.Itoa(maxLookDepth) + " deep"
	tooManySteps = "reading a segment through its wrappers takes more than " + strconv.Itoa(maxLookSteps) + " steps"
)

// stop records that a bound was exceeded and ends the search: the
// integrity cap keeps the segment from approval, so further views could
// change nothing but the work.
func (l *looker) stop(why string) {
	l.c.exceeded(why)
	l.done, l.over = true, true
}

func (l *looker) visit(v []string, depth int) {
	l.steps++
	switch {
	case l.done || !l.c.spend(1):
		return
	case depth > maxLookDepth:
		l.stop(tooDeepViews)
		return
	case l.steps > maxLookSteps:
		l.stop(tooManySteps)
		return
	}
	// Leading assignments do not change which program runs.
	i := 0
	for i < len(v) && programs.IsAssignment(v[i]) {
		i++
	}
	v = v[i:]
	if len(v) == 0 {
		return
	}
	var flags []uint8 // which of v's words bash may brace-expand (WordBrace); nil: any
	if depth == 0 && l.flags != nil {
		flags = l.flags[i:]
	}
	// Brace expansion happens before the program is found.
	// It is done once, on the segment's own words: the views of their
	// expansion cover those of every part of it, and expanding each part
	// again would cost the expansion once per wrapper word.
	if depth == 0 && l.braces && brace.Possible(v, flags, WordBrace) {
		ex, err := brace.Words(v, flags, WordBrace, l.c.counter())
		switch {
		case errors.Is(err, brace.ErrSigns):
			l.c.dyn(err.Error())
		case err != nil && ex != nil:
			// A sequence too large, left as written: the cap fires, and
			// the rest of the expansion is still read.
			l.c.exceeded(err.Error())
			l.over = true
			l.visit(slices.DeleteFunc(ex, func(w string) bool { return w == "" }), depth+1)
		case err != nil:
			l.c.exceeded(err.Error())
			l.over = true
		case !slices.Equal(ex, v):
			if w := braceOptions(v, flags, l.c.counter()); w != "" {
				// sort {-o.bashrc,-u} x is sort -o.bashrc -u x: the
				// models read the words as typed.
				l.c.dyn("the brace expansion " + Quote(w) + " makes options or KEY=VALUE operands of more than one name, which the program's reading takes as one word")
			}
			// An empty result is no word ({,sudo} id runs sudo id); one
			// that quotes made ({"",sudo} id) is kept by bash, and only
			// fails to run.
			l.visit(slices.DeleteFunc(ex, func(w string) bool { return w == "" }), depth+1)
		}
	}
	// The program's directory does not change which program it is.
	if b := programs.BaseName(v[0]); b != v[0] {
		if !l.c.spend(8 * len(v)) { // a copy of the view
			return
		}
		nv := make([]string, len(v))
		copy(nv, v)
		nv[0] = b
		v = nv
	}
	l.add(v)
	// The program's model reads every word of the view.
	if !l.c.spend(programs.ReadCost(v)) {
		return
	}
	if len(v) > programs.MaxModelWords && programs.BitsOf(v[0])&(programs.Wrapper|programs.Runner) != 0 {
		l.stop(programs.TooLongForModel)
		return
	}
	cmd, sure, view := programs.WrappedView(v)
	if wf := l.tailFlags(v); wf != nil && (cmd > 1 || cmd < 0 && programs.BitsOf(v[0])&programs.Wrapper != 0) {
		// nice -n $x true, x='5 sh -c id'; env A=$x true; timeout -s $x
		// true, x='KILL 5 sh': a word of the wrapper's own that splits
		// moves where its command starts (or makes one).
		end := cmd
		if end < 0 {
			end = len(v)
		}
		for j := 1; j < end && j < len(wf) && j < len(v); j++ {
			if wf[j]&WordSplits != 0 && splitsPast(v[j]) {
				l.c.dyn("the wrapper's word " + Quote(v[j]) + " may split into several words at run time: the command it runs may start at another word")
				break
			}
		}
	}
	if ep, computed, ok := programs.ContainerEntrypoint(v); ok {
		// docker run --entrypoint git alpine/git push: the container runs
		// git push, a view of its own.
		if computed {
			l.c.dyn("the container's entrypoint is chosen at run time: the program it runs is not known")
		} else {
			l.visit(ep, depth+1)
		}
	}
	programs.NixRun(v, func(run []string) { l.visit(run, depth+1) })        // nix run nixpkgs#git -- push
	programs.ScriptProgram(v, func(run []string) { l.visit(run, depth+1) }) // node …/npm-cli.js publish
	programs.PluginCommand(v, func(run []string) { l.visit(run, depth+1) }) // docker-compose push
	if env := programs.EnvScript(v); env != nil {
		l.visit(env, depth+1) // npm run env -- git push
	}
	if depth == 0 {
		l.topKnown, l.topSkip, l.topCmd, l.topView = true, i, cmd, view
	}
	if cmd < 0 {
		return
	}
	if cmd < len(v) {
		inner := v[cmd:]
		if bin := programs.PackageCommand(inner[0]); bin != inner[0] && (view || programs.BitsOf(v[0])&programs.Runner != 0) {
			// npx vercel@1.0.0 deploy, npm exec -- vercel@1 deploy: vercel deploy.
			inner = append([]string{bin}, inner[1:]...)
		}
		l.visit(inner, depth+1)
	}
	if !sure {
		// An option the table does not know may take an argument: try
		// every later word as the program too.
		for j := 1; j < len(v); j++ {
			if j != cmd {
				l.visit(v[j:], depth+1)
			}
		}
	}
}

// tailFlags returns the flags of view v when it is a tail of the
// segment's words (a wrapper's command, nice timeout 5$x true), or nil (a
// brace-expanded view, or flags unknown).
func (l *looker) tailFlags(v []string) []uint8 {
	k := len(l.words) - len(v)
	if l.flags == nil || k < 0 || len(v) == 0 || !l.c.spend(len(v)) || !slices.Equal(l.words[k+1:], v[1:]) {
		// (v[0] may have lost its directory: /usr/bin/nice is nice)
		return nil
	}
	return l.flags[k:]
}

// splitsPast reports a word with an expansion other than a leading $HOME/
// or $PWD/ (which bash keeps as they are set).
func splitsPast(w string) bool {
	return strings.ContainsAny(argmodel.PastAbsoluteStart(w), "$`")
}

// braceOptions returns the first word of v after the program (flags as
// for brace.Possible) whose brace expansion gives words of another option
// name or KEY= name than the typed word's ({-o.bashrc,-u},
// {of=.git/config,if=x}, -{1,-output=x}, {-o,-o}.bashrc), or "": the
// program then reads options the typed word does not show. Alternatives of one option (--exclude={a,b}) and plain
// words (file{,.bak}, src/{a,b}) are no such word.
func braceOptions(v []string, flags []uint8, c *work.Counter) string {
	for j := 1; j < len(v); j++ {
		w := v[j]
		if strings.IndexByte(w, '{') < 0 || flags != nil && (j >= len(flags) || flags[j]&WordBrace == 0) {
			continue
		}
		ex, err := brace.Word(w, c)
		if err != nil || len(ex) < 2 {
			continue
		}
		typed := optionKey(w) // {-o,-o}.bashrc is no option as typed, -o.bashrc expanded
		for _, e := range ex {
			if optionKey(e) != typed {
				return w
			}
		}
	}
	return ""
}

// optionKey is the name a word gives as an option (-o of -o.bashrc: its
// first two characters; --output of --output=x) or a KEY=VALUE operand
// (of= of of=x), or "" for a plain word.
func optionKey(w string) string {
	switch {
	case strings.HasPrefix(w, "--"):
		name, _, _ := strings.Cut(w, "=")
		return name
	case len(w) > 1 && w[0] == '-':
		return w[:2]
	}
	if k := strings.IndexByte(w, '='); k > 0 && strings.IndexByte(w[:k], '/') < 0 {
		return w[:k+1]
	}
	return ""
}
