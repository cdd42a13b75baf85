package argmodel

import (
	"slices"
	"strings"
	"sync"
)

// specialChars are the characters that make a word's text computed when
// the caller says the word may expand: parameter expansion and
// substitution, globs, brace expansion, extended globs.
const specialChars = "$`*?[{("

// Splits is the bit of the per-word flags (ParseFlags) that says a word
// holds an unquoted expansion, which word splitting may turn into several
// words: after the first, any of them may be an option (find . -name $x,
// x='a -delete'). The shell's reading sets it (shell.WordSplits is this
// bit).
const Splits uint8 = 1 << 7

// Parse reads words with the model s; words[0] is the program's name as
// typed. computed, when not nil, says per word whether the shell may still
// change it (an unquoted or double-quoted expansion, a glob, a brace); a
// part of such a word counts as computed when it holds one of $ ` * ? [ {
// (. With computed nil every word is taken to be able to (the safe
// reading). A nil or uncompiled model reads every word as unknown.
func Parse(s *Spec, words []string, computed []bool) *Result {
	r := &Result{}
	ParseInto(r, s, words, computed)
	return r
}

// ParseInto is Parse into r, reusing its storage. It does work linear in
// the total length of the words.
func ParseInto(r *Result, s *Spec, words []string, computed []bool) {
	parseInto(r, s, words, computed, nil, 0, 0)
}

// ParseFlags is ParseInto with the computed marks given as per-word flag
// bytes: word i may change at run time when flags[i]&mask is not zero.
// The flags are read, never kept.
func ParseFlags(r *Result, s *Spec, words []string, flags []uint8, mask uint8) {
	parseInto(r, s, words, nil, flags, mask, 0)
}

func parseInto(r *Result, s *Spec, words []string, computed []bool, flags []uint8, mask uint8, depth int) {
	r.Reset()
	r.Words = slices.Grow(r.Words, len(words))[:len(words)]
	clear(r.Words) // KindUnknown
	if len(words) == 0 {
		return
	}
	r.Words[0] = KindProgram
	if s == nil || !s.compiled {
		r.Unknown = append(r.Unknown, Unknown{Word: 0, Why: "no model of this program"})
		return
	}
	p := parser{r: r, words: words, computed: computed, flags: flags, mask: mask, spec: s, bundleAt: -1, depth: depth}
	if s.Bundle {
		p.bundleAt = 1
	}
	p.enter(s, 0)
	p.run()
}

// parser is the state of one reading.
type parser struct {
	r        *Result
	words    []string
	computed []bool
	flags    []uint8 // or per-word flags, with the mask of the computed ones
	mask     uint8
	spec     *Spec
	i        int
	optsDone bool
	stopped  bool // the rest of the words cannot be read
	bundleAt int  // the word that may be an old-style bundle, or -1
	// The current spec's operands: where its items start, the operand
	// position reached, whether an option gave the script.
	opStart     int
	opPos       int
	nOps        int
	scriptGiven bool
	inert       bool
	placeholder string
	altOps      []Operand // operands an option chose, or nil
	depth       int       // nested commands read to get here
	// An option the model does not know may take the next word as its
	// value (cargo --color never publish, fly -a app -c fly.toml deploy):
	// unknownAt is the last such option's word (0 for none), and
	// maybeValues counts the operands read so far that came right after
	// one. While every operand may be such a value, the next word may
	// still be the subcommand.
	unknownAt, maybeValues int
}

// ops returns the current operand model.
func (p *parser) ops() []Operand {
	if p.altOps != nil {
		return p.altOps
	}
	return p.spec.Operands
}

func (p *parser) run() {
	p.i = 1
	for p.i < len(p.words) && !p.stopped {
		p.word()
	}
	p.flush()
	if s := p.spec; s != nil {
		p.r.flags, p.r.mask, p.r.computed = p.flags, p.mask, p.computed
		for t := s; t != nil; t = t.parent {
			if t.Judge != nil {
				t.Judge(p.r, p.words)
			}
		}
		p.r.flags, p.r.computed = nil, nil // read, never kept
	}
}

// word reads the word at p.i and everything it consumes.
func (p *parser) word() {
	i, w := p.i, p.words[p.i]
	switch {
	case p.optsDone:
		p.operand(i, w)
	case w == "--":
		p.r.Words[i] = KindEnd
		p.optsDone = !p.spec.Syntax.DashDashGlobal
		p.i++
	case i == p.bundleAt && w != "" && w[0] != '-':
		p.bundle(i, w)
	case len(w) > 1 && w[0] == '-':
		p.option(i, w)
	case len(w) > 1 && w[0] == '+' && p.spec.Plus != nil:
		p.item(i, KindOption, p.spec.Plus, RoleNone, "")
		p.value(i, p.spec.Plus, w[1:])
		p.i++
	case isOperator(p.spec, w):
		p.r.Words[i] = KindOperator
		p.i++
	default:
		mayBeOption := w != "" && p.isComputed(i, w[:1]) && !AbsoluteStart(w)
		if mayBeOption {
			// "$X" or a glob may expand to an option.
			p.computedOption(i, "a computed word where an option may stand: "+w)
		} else if p.spec.Syntax.Permute && p.mayGrow(i, w) {
			// a$x, x='a -delete': the words after the first may be options.
			p.computedOption(i, "an unquoted expansion that word splitting may make several words, options among them: "+w)
		}
		p.operand(i, w)
		if mayBeOption {
			p.r.Words[i] = KindUnknown
		}
	}
}

// mayGrow reports whether word i, whose text (or part) is text, holds an
// unquoted expansion that word splitting may make several words: the
// expansions past a leading $HOME/ or $PWD/ count (bash keeps those two
// as they are set). Only a reading given the words' flags knows where
// quotes stood; one without them (a wrapper's options looked through, a
// rule's words) takes no word to split, and the caps, which read every
// segment with its flags, judge the splitting.
func (p *parser) mayGrow(i int, text string) bool {
	if p.flags == nil || i >= len(p.flags) || p.flags[i]&Splits == 0 {
		return false
	}
	return strings.ContainsAny(PastAbsoluteStart(text), "$`")
}

// PastAbsoluteStart returns w past a leading $PWD/ or $HOME/ (braced or
// not), from its slash's next character; w itself where it starts with
// neither. Bash keeps those two as they are set, so what may change the
// word is in the rest.
func PastAbsoluteStart(w string) string {
	if rest, ok := WorkingDirRest(w); ok {
		return rest[1:]
	}
	for _, p := range []string{"$HOME/", "${HOME}/"} {
		if rest, ok := strings.CutPrefix(w, p); ok {
			return rest
		}
	}
	return w
}

// grown records that word i, an option's value or a word of a command an
// option runs, may split into more words (mayGrow): the words after it
// may be any options.
func (p *parser) grown(i int, text string) {
	if !p.optsDone && p.mayGrow(i, text) {
		p.computedOption(i, "an unquoted expansion that word splitting may make several words, options among them: "+p.words[i])
	}
}

// AbsoluteStart reports a word that starts with $PWD or $HOME and a
// slash: bash keeps both absolute, so the word cannot expand to an
// option (a command that sets either is judged for that).
func AbsoluteStart(w string) bool {
	if _, ok := WorkingDirRest(w); ok {
		return true
	}
	return strings.HasPrefix(w, "$HOME/") || strings.HasPrefix(w, "${HOME}/")
}

// WorkingDirRest returns what follows $PWD or ${PWD} at the start of w,
// from its slash on ("/src" of $PWD/src), and whether w starts so.
func WorkingDirRest(w string) (string, bool) {
	for _, p := range []string{"$PWD/", "${PWD}/"} {
		if strings.HasPrefix(w, p) {
			return w[len(p)-1:], true
		}
	}
	return "", false
}

func isOperator(s *Spec, w string) bool {
	for _, o := range s.Operators {
		if o == w {
			return true
		}
	}
	return false
}

// isComputed reports whether text, a part of word i, may change at run
// time.
func (p *parser) isComputed(i int, text string) bool {
	switch {
	case p.flags != nil && i < len(p.flags) && p.flags[i]&p.mask == 0:
		return false
	case p.computed != nil && i < len(p.computed) && !p.computed[i]:
		return false
	}
	return Computed(text)
}

// computedChar sorts the characters Computed looks for: those that change
// a word by themselves, and the brace that may open a brace expansion.
var computedChar = [256]uint8{'$': changes, '`': changes, '*': changes, '?': changes, '[': changes, '(': changes, '{': opensBrace}

const (
	changes    = 1
	opensBrace = 2
)

// Computed reports whether text holds a character that makes the shell
// change a word that may expand: $, a backquote, a glob character, an
// extended glob's parenthesis, or a brace expansion ({a,b}, {1..3}; a
// lone {} stays as it is).
func Computed(text string) bool {
	brace := false
	for i := 0; i < len(text); i++ {
		switch computedChar[text[i]] {
		case changes:
			return true
		case opensBrace:
			brace = true
		}
	}
	if !brace {
		return false
	}
	depth, sep := 0, false
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '{':
			depth++
		case ',':
			sep = sep || depth > 0
		case '.':
			sep = sep || depth > 0 && i+1 < len(text) && text[i+1] == '.'
		case '}':
			if depth > 0 && sep {
				return true
			}
			if depth > 0 {
				depth--
			}
			if depth == 0 {
				sep = false
			}
		}
	}
	return false
}

// enter records the effect of running spec s, named by word i.
func (p *parser) enter(s *Spec, i int) {
	if s.Effect != 0 {
		p.find(s.Effect, i, s.Why, s.Instead)
		p.r.Findings[len(p.r.Findings)-1].Sub = true
	}
}

func (p *parser) find(e Effect, i int, why, instead string) {
	if e == 0 {
		return
	}
	p.r.Effects |= e
	p.r.Findings = append(p.r.Findings, Finding{Effect: e, Word: i, Why: why, Instead: instead})
}

func (p *parser) unknown(i int, why string) {
	p.r.Unknown = append(p.r.Unknown, Unknown{Word: i, Why: why})
}

// item records one item of word i and returns its index.
func (p *parser) item(i int, k Kind, o *Option, ro Role, text string) int {
	it := Item{Word: i, Kind: k, Role: ro, Opt: o, Spec: p.spec, Text: text}
	if o != nil && k == KindValue {
		it.Lang = o.Lang
	}
	it.Computed = k != KindOption && p.isComputed(i, text)
	p.r.Items = append(p.r.Items, it)
	if p.r.Words[i] == KindUnknown || k == KindOption {
		p.r.Words[i] = k
	}
	return len(p.r.Items) - 1
}

// unknownOption records an option the model cannot account for, with the
// worst that the program's options could do.
func (p *parser) unknownOption(i int, why string) {
	s := p.spec
	risk, riskWhy := s.optRisk, s.riskWhy
	if !s.Open || risk != 0 {
		p.unknown(i, why)
	}
	if risk != 0 {
		p.find(risk, i, why+"; it could be "+riskWhy, "")
	}
	p.mayTakeValue(i)
}

// mayTakeValue notes that word i, an option the model does not know, may
// take the next word as its value (unknownAt).
func (p *parser) mayTakeValue(i int) {
	if len(p.spec.Subs) > 0 && i < len(p.words) && strings.IndexByte(p.words[i], '=') < 0 {
		p.unknownAt = i
	}
}

// subPosition reports whether the operand at word i may be the current
// spec's subcommand: it comes after SubAt operands, not counting those
// that may be the values of options the model does not know.
func (p *parser) subPosition() bool {
	return p.nOps-p.maybeValues == p.spec.SubAt
}

// mayBeValue reports whether word i may be the value of an option the
// model does not know: the word right after one; with an open list of
// subcommands, any word after one (an option may take two: nix
// --override-input NAME REF), since a word that is no subcommand is read
// as an operand there anyway.
func (p *parser) mayBeValue(i int) bool {
	return p.unknownAt > 0 && (i == p.unknownAt+1 || p.spec.OpenSubs && i > p.unknownAt)
}

// computedOption records a word known only at run time where an option
// may stand: it may be any option, and with one that runs what its value
// chooses (X='-exec sudo id ;'; find . $X), the program comes with the
// word: chosen at run time.
func (p *parser) computedOption(i int, why string) {
	p.unknownOption(i, why)
	// A glob alone expands to names of files that are there, which an
	// earlier command would have to make; an expansion may be any text.
	if s := p.spec; s.runsWhy != "" && strings.ContainsAny(p.words[i], "$`") {
		p.find(EffComputed, i, why+"; it could be "+s.runsWhy+", which runs a program or code chosen at run time", "")
	}
}

// operand reads word i as an operand or a subcommand.
func (p *parser) operand(i int, w string) {
	s := p.spec
	if len(s.Subs) > 0 && p.subPosition() {
		if p.subcommand(i, w) {
			return
		}
		if p.mayBeValue(i) {
			p.maybeValues++ // read as an operand below; the subcommand may follow
		}
	}
	op, ok := p.operandAt(i, w)
	if ok && (op.Role == RoleCommand || op.Role == RoleRemoteCode) {
		p.rest(i, op)
		return
	}
	p.item(i, KindOperand, nil, RoleNone, w)
	p.r.Words[i] = KindOperand
	p.nOps++
	if !s.Syntax.Permute {
		p.optsDone = true
	}
	p.i++
}

// subcommand reads word i as the current spec's subcommand. It reports
// false when the word is an operand instead (OpenSubs).
func (p *parser) subcommand(i int, w string) bool {
	s := p.spec
	if p.isComputed(i, w) {
		if s.OpenSubs {
			// A subcommand or an operand: the worst counts, and it is
			// read on as an operand.
			p.unknown(i, "a computed word that may be a subcommand: "+w)
			p.find(s.subRisk, i, "a computed word that may be a subcommand: "+w+"; it could be "+s.subWhy, "")
			return false
		}
		p.lost(i, "a computed subcommand: "+w, s.subRisk, s.subWhy)
		return true
	}
	sub := s.Lookup(w)
	if sub == nil && s.Resolve != nil {
		sub = s.Lookup(s.Resolve(w))
	}
	if sub == nil {
		if s.OpenSubs || p.mayBeValue(i) {
			return false // an operand, or the value of the unknown option before it
		}
		// A name it does not know (an alias, a plugin) counts as anything
		// the program can do; it is written out, so not a computed one.
		risk := s.subRisk
		if !s.AliasedSubs {
			risk &^= EffComputed
		}
		p.lost(i, "an unknown subcommand: "+w, risk, s.subWhy)
		return true
	}
	p.flush()
	p.item(i, KindSubcommand, nil, RoleNone, w)
	p.r.Subs = append(p.r.Subs, sub)
	p.spec = sub
	p.optsDone = false
	p.opStart, p.opPos, p.nOps, p.scriptGiven, p.inert, p.altOps = len(p.r.Items), 0, 0, false, false, nil
	p.unknownAt, p.maybeValues = 0, 0
	p.enter(sub, i)
	p.i++
	return true
}

// lost gives up on the rest of the words: the word at i could be
// anything, so the worst risk counts.
func (p *parser) lost(i int, why string, risk Effect, riskWhy string) {
	p.unknown(i, why)
	if risk != 0 {
		p.find(risk, i, why+"; it could be "+riskWhy, "")
	}
	p.stopped = true
}

// operandAt returns the model's operand for the next operand word w
// while reading (assignments repeat while words are NAME=value), and
// moves the position on.
func (p *parser) operandAt(i int, w string) (Operand, bool) {
	ops := p.ops()
	for p.opPos < len(ops)-1 && (ops[p.opPos].Role == RoleAssign && !setsVariable(w) || !ops[p.opPos].takes(i, w)) {
		p.opPos++
	}
	if len(ops) == 0 {
		return Operand{}, false
	}
	k := min(p.opPos, len(ops)-1)
	op := ops[k]
	if op.Role != RoleAssign {
		p.opPos++
	}
	if p.inert && op.Role == RoleCommand {
		op.Role = RoleData
	}
	return op, true
}

// takes reports whether an optional operand (Only) takes word i, w.
func (o *Operand) takes(i int, w string) bool {
	return o.Only == nil || o.Only(w) && (!o.First || i == 1)
}

// rest reads word i and every word after it as one nested command or a
// remote command line.
func (p *parser) rest(i int, op Operand) {
	n := len(p.words)
	if op.Role == RoleRemoteCode {
		for j := i; j < n; j++ {
			p.item(j, KindOperand, nil, RoleRemoteCode, p.words[j])
		}
		p.find(op.Effect|EffExternal, i, op.Why, "")
		p.i = n
		return
	}
	p.command(i, n, p.placeholder, op.Appends)
	if op.ViewOnly && len(p.r.Commands) > 0 {
		p.r.Commands[len(p.r.Commands)-1].ViewOnly = true
	}
	p.find(op.Effect, i, op.Why, "")
	p.i = n
}

// command records words[start:end] as a nested command.
func (p *parser) command(start, end int, placeholder string, appends bool) {
	if start >= end {
		return
	}
	p.r.Commands = append(p.r.Commands, Span{Start: start, End: end, Placeholder: placeholder, Appends: appends})
	for j := start; j < end; j++ {
		ro := RoleArg
		if j == start {
			ro = RoleCommand
		}
		p.item(j, KindOperand, nil, ro, p.words[j])
	}
	prog := p.words[start]
	if p.isComputed(start, prog) || placeholder != "" && strings.Contains(prog, placeholder) {
		p.find(EffComputed, start, "the program "+prog+" is chosen at run time", "")
		return
	}
	if (placeholder != "" || appends) && p.depth < 4 {
		if why := p.nestedComputed(start, end, placeholder, appends); why != "" {
			p.find(EffComputed, start, why, "")
		}
	}
}

// nestedResults holds the readings of nested commands between uses.
var nestedResults = sync.Pool{New: func() any { return new(Result) }}

// nestedComputed reads a nested command whose words the outer program
// fills in at run time (a placeholder, or words it appends) and reports
// where that makes the program or a script chosen at run time: xargs -I{}
// sh -c {}, xargs -I% env % id, xargs sh -c (the input becomes the script).
func (p *parser) nestedComputed(start, end int, placeholder string, appends bool) string {
	words := p.words[start:end]
	m := Lookup(words[0])
	if m == nil {
		return ""
	}
	var computed []bool
	var flags []uint8
	if len(p.computed) >= end {
		computed = p.computed[start:end]
	}
	if len(p.flags) >= end {
		flags = p.flags[start:end]
	}
	// The reading is scratch space, reused from one nested command to the
	// next: a chain of them costs the memory of one, not of every one.
	r := nestedResults.Get().(*Result)
	defer nestedResults.Put(r)
	parseInto(r, m, words, computed, flags, p.mask, p.depth+1)
	if r.Effects&EffComputed != 0 {
		return r.Why(EffComputed)
	}
	for _, it := range r.Items {
		if (it.Role == RoleCode || it.Role == RoleProgram) && placeholder != "" && strings.Contains(it.Text, placeholder) {
			return "the script " + it.Text + " is filled in at run time"
		}
	}
	for _, sp := range r.Commands {
		if placeholder != "" && strings.Contains(words[sp.Start], placeholder) {
			return "the program " + words[sp.Start] + " is filled in at run time"
		}
	}
	if !appends || placeholder != "" {
		// find -exec CMD {} +: the words it appends are the names it
		// found, each under a starting point, never an option.
		return ""
	}
	// The appended words go to the command at the end of the wrappers
	// there (xargs env nice sh -c): that command is the one judged.
	scratch := nestedResults.Get().(*Result)
	defer nestedResults.Put(scratch)
	words, r, m, open := appendedTo(words, r, m, p.mask, scratch)
	switch {
	case open:
		// echo sudo id | xargs env: the wrapper runs the input's words.
		return "the input gives " + words[0] + " the program it runs, chosen at run time"
	case r == nil:
		return ""
	}
	return appendedRuns(words, m, p.mask, scratch)
}

// appendedWords is how many words of its input the reading of a command
// that appends them takes into account: enough for an option, its value
// and the option after it (echo '-name x -exec sudo id ;' | xargs find .).
const appendedWords = 3

// appendedRuns reads words (a command whose model is m) with words of
// the input appended, each known only at run time, and reports why one of
// them may choose what runs: the script of sh -c, the code of perl -e or
// of awk, an option that runs a program (find -exec), a subcommand of
// git; or "". The words the input appends are words the engine cannot
// account for, in the positions they take.
func appendedRuns(words []string, m *Spec, mask uint8, scratch *Result) string {
	if len(words) > maxAppendedWords {
		return "the input appends words to " + words[0] + " past what its reading follows"
	}
	var ext [maxAppendedWords + appendedWords]string
	var computed [maxAppendedWords + appendedWords]bool
	n := copy(ext[:], words)
	for k := 0; k < appendedWords; k++ {
		ext[n+k], computed[n+k] = "$input", true
	}
	parseInto(scratch, m, ext[:n+appendedWords], computed[:n+appendedWords], nil, mask, maxAppendedWrappers)
	for _, f := range scratch.Findings {
		if f.Word >= n && f.Effect&(EffComputed|EffExternal|EffPrivileged) != 0 {
			return "the input appends words to " + strings.Join(words, " ") + ": " + f.Why
		}
	}
	return ""
}

// maxAppendedWords bounds the command appendedRuns reads; a longer one is
// not read (the safe side).
const maxAppendedWords = 61

// maxAppendedWrappers bounds how many wrappers deep appendedTo reads.
const maxAppendedWrappers = 4

// appendedTo follows the wrappers at the end of words (r is their reading
// through m) to the command that words appended to them reach: env nice sh
// -c reaches sh -c. It returns that command's words, reading and model
// (read into scratch when it is not words' own; nil for a program without
// a model), and open when it is a
// wrapper with no command of its own (env, nice -n 1, pnpm exec), which
// runs the appended words as its program. A chain deeper than
// maxAppendedWrappers counts as open: the safe side.
func appendedTo(words []string, r *Result, m *Spec, mask uint8, scratch *Result) ([]string, *Result, *Spec, bool) {
	for range maxAppendedWrappers {
		inner := -1
		for _, sp := range r.Commands {
			if sp.End == len(words) {
				inner = sp.Start
			}
		}
		if inner < 0 {
			return words, r, m, runsPlainCommand(r.Spec(m))
		}
		im := Lookup(words[inner])
		if im == nil {
			return words[inner:], nil, nil, false // a program without a model: nothing more to read
		}
		words, m, r = words[inner:], im, scratch
		parseInto(r, m, words, nil, nil, mask, maxAppendedWrappers)
	}
	return words, r, m, true
}

// flush gives the current spec's operands their roles, now that every
// option is known (GNU programs read options after operands too), and
// records their effects.
func (p *parser) flush() {
	ops := p.ops()
	pos := 0
	for k := p.opStart; k < len(p.r.Items); k++ {
		it := &p.r.Items[k]
		if it.Kind != KindOperand || it.Spec != p.spec || it.Role != RoleNone {
			continue
		}
		if len(ops) == 0 {
			it.Role = RoleData
			continue
		}
		for pos < len(ops)-1 && (ops[pos].Script && p.scriptGiven || ops[pos].Role == RoleAssign && !setsVariable(it.Text)) {
			pos++
		}
		op := ops[min(pos, len(ops)-1)]
		if op.Role != RoleAssign {
			pos++
		}
		it.Role, it.Lang = op.Role, op.Lang
		if op.Effect != 0 && (op.Check == nil || op.Check(it.Text, it.Computed)) {
			p.find(op.Effect, it.Word, op.Why, "")
		}
		p.computedCode(it)
	}
}

// computedCode records a program or a shell script that is only known at
// run time.
func (p *parser) computedCode(it *Item) {
	if it.Role == RoleCode {
		if why := ForeignCodeRuns(it.Lang, it.Text, it.Computed); why != "" {
			p.find(EffComputed, it.Word, why, "")
		}
	}
	if !it.Computed {
		return
	}
	if it.Role == RoleProgram || it.Role == RoleCode && it.Lang == LangShell {
		p.find(EffComputed, it.Word, "a program or script chosen at run time: "+it.Text, "")
	}
}

// IsAssignment reports whether w has the form NAME=value.
// setsVariable reports an operand that a wrapper (env, sudo) takes as an
// environment assignment: any word with a '=' (both look for one, and
// neither asks for a valid name: env 'BASH_FUNC_f%%=() { …; }' sets a
// function). Reading such a word as the command would hide the command
// that runs.
func setsVariable(w string) bool { return strings.IndexByte(w, '=') >= 0 }

func IsAssignment(w string) bool {
	i := 0
	for i < len(w) {
		c := w[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			break
		}
		i++
	}
	return i > 0 && i < len(w) && w[i] == '='
}
