package permengine

import (
	"slices"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/shell"
)

// Stage 5 for a terminal command: each segment is classified into a
// verdict, then combine applies the compound rule to the verdicts.

// segClass is how the file classified one segment.
type segClass uint8

const (
	classNone segClass = iota
	classAllow
	classAsk
	classDeny
)

var segClassNames = [...]string{"none", "allow", "ask", "deny"}

func (c segClass) String() string { return segClassNames[c] }

// classOf is the class a segment's code stands for: file_allow or scope_cd
// allow, file_ask asks, file_deny or builtin_deny deny, no code is none.
func classOf(code Code) segClass {
	switch code {
	case CodeFileAllow, CodeScopeCd:
		return classAllow
	case CodeFileAsk:
		return classAsk
	case CodeFileDeny, CodeBuiltinDeny:
		return classDeny
	}
	return classNone
}

// verdict is how one segment was classified: the rule that matched (nil
// for none, the root floor and a cd), its code, and why, when a
// looked-through view matched, how the segment was read.
type verdict struct {
	rule *CompiledRule
	code Code
	why  string
	// neutral marks a segment of plain assignments only, with no rule:
	// it runs nothing, so the compound rule does not count it (see
	// combine).
	neutral bool
}

func (v verdict) class() segClass { return classOf(v.code) }

// terminalRules classifies every segment, up to the first that is denied,
// and applies the compound rule. It reports false on a deny.
func (x *decider) terminalRules() bool {
	segs := x.cmd.Segs
	var room [8]verdict
	vs := room[:0]
	for i := range segs {
		v := x.classify(&segs[i])
		x.step(Step{Stage: StageSegment, Rule: v.code, Segment: segs[i].Text, Matched: v.rule, Detail: v.detail()})
		vs = append(vs, v)
		if v.class() == classDeny {
			break
		}
	}
	res, at := combine(vs, len(segs), x.auto)
	x.conclude(res, at, vs, counted(vs, len(segs)))
	return res != resultDeny
}

// detail is the trace detail of a segment's step.
func (v verdict) detail() string {
	switch {
	case v.rule != nil && v.why != "":
		return v.rule.describe() + v.why
	case v.rule != nil:
		return v.rule.describe()
	case v.why != "":
		return v.why
	}
	return "no rule"
}

// fileResult is what the compound rule concludes for a terminal command.
type fileResult uint8

const (
	resultSilent    fileResult = iota // no rule: keep the running value
	resultDeny                        // a segment is denied
	resultAsk                         // a segment asks
	resultAllowOne                    // the one segment is allowed
	resultAllowAll                    // every one of several segments is allowed
	resultUnmatched                   // a segment of several has no rule
)

// combine is the compound rule: any deny denies; any ask asks; a single
// segment that is allowed (or has no rule) decides alone; several
// segments are allowed only if every one is, and one with no rule makes
// the command ask, except in auto mode, where it is silent. A neutral
// segment (plain assignments only, no rule) is not counted: it runs
// nothing, so "X=$(git rev-parse HEAD); echo "$X"" is decided by its two
// other segments, and a command of neutral segments alone has no rule
// (the absence of a rule never becomes a permission). vs are the
// verdicts of the first segments of n (up to the first deny). It returns
// the result and the index of the segment that decided (-1 for none).
func combine(vs []verdict, n int, auto bool) (fileResult, int) {
	n = counted(vs, n)
	firstAsk, firstNone, firstAllow := -1, -1, -1
	for i, v := range vs {
		if v.neutral {
			continue
		}
		switch v.class() {
		case classDeny:
			return resultDeny, i
		case classAsk:
			if firstAsk < 0 {
				firstAsk = i
			}
		case classNone:
			if firstNone < 0 {
				firstNone = i
			}
		case classAllow:
			if firstAllow < 0 {
				firstAllow = i
			}
		}
	}
	switch {
	case firstAsk >= 0:
		return resultAsk, firstAsk
	case n == 0:
		return resultSilent, -1
	case firstNone < 0 && n == 1:
		return resultAllowOne, firstAllow
	case firstNone < 0 && n > 1:
		return resultAllowAll, -1
	case n <= 1 || auto:
		return resultSilent, -1
	}
	return resultUnmatched, firstNone
}

// counted is how many of n segments the compound rule counts: all but
// the neutral ones among the verdicts vs.
func counted(vs []verdict, n int) int {
	for _, v := range vs {
		if v.neutral {
			n--
		}
	}
	return n
}

// conclude records what the compound rule concluded; n is the number of
// segments it counted.
func (x *decider) conclude(res fileResult, at int, vs []verdict, n int) {
	var text string
	var v verdict
	if at >= 0 {
		text, v = x.cmd.Segs[at].Text, vs[at]
	}
	switch res {
	case resultDeny, resultAsk:
		x.set(outcomeOf(res), v.code, ruleReason(n, text, v.why, v.rule), text, v.rule)
	case resultAllowOne:
		reason := v.why
		if v.rule != nil {
			reason = ruleReason(1, text, "", v.rule)
		}
		x.set(AutoApprove, v.code, reason, text, v.rule)
	case resultAllowAll:
		x.set(AutoApprove, CodeFileAllow, allAllowReason(n), "", nil)
	case resultUnmatched:
		// Every segment without a rule is counted: a person shown the
		// reason must not take the first for the only one.
		none := 0
		for _, v := range vs {
			if !v.neutral && v.class() == classNone {
				none++
			}
		}
		rest := " has no rule: in a command of "
		switch {
		case none == 2:
			rest = " has no rule, nor does 1 other segment: in a command of "
		case none > 2:
			rest = " has no rule, nor do " + strconv.Itoa(none-1) + " other segments: in a command of "
		}
		x.set(RequireApproval, CodeCompoundUnmatched, segmentReason(text, rest, strconv.Itoa(n), " segments every one must match allow"), text, nil)
	case resultSilent:
		why := silentDetail[x.d.Outcome]
		if n > 1 {
			why = autoSilentDetail[x.d.Outcome]
		}
		x.step(Step{Stage: StageFile, Detail: why})
		return
	}
	x.step(Step{Stage: StageFile, Rule: x.d.Rule, Segment: x.d.Segment, Matched: v.rule, Detail: x.d.Reason})
}

func outcomeOf(res fileResult) Outcome {
	if res == resultDeny {
		return Deny
	}
	return RequireApproval
}

// classify decides one segment, in order: the built-in floor, deny and
// ask rules (which see every view), an unknown program that may run a
// denied one, allow rules (the literal words only), and a cd inside the
// scope, which declares it.
func (x *decider) classify(s *shell.Segment) verdict {
	if v, ok := floorVerdict(s); ok {
		return v
	}
	deny, ask, allow := x.matchViews(s)
	switch {
	case deny.rule != nil && s.Maybe:
		// It only may run (a script behind an unknown program): it asks,
		// as a later word of an unknown program does.
		deny.code, deny.why = CodeFileAsk, deny.why+" ("+shell.QuoteExcerpt(s.Origin)+")"
		return deny
	case deny.rule != nil:
		return deny
	case ask.rule != nil:
		return ask
	}
	if v, ok := x.unknownProgramVerdict(s); ok {
		return v
	}
	if v, ok := x.computedVerdict(s); ok {
		return v
	}
	if s.Carried {
		// The segment before it (the package runner's, or the command
		// with its assignments) is the one an allow rule names; deny and
		// ask rules and the caps see this one too.
		return verdict{neutral: true, why: carriedBy(x.cmd, s)}
	}
	if allow != nil {
		return verdict{rule: allow, code: CodeFileAllow}
	}
	if r := x.wrapperAllow(s); r != nil {
		return verdict{rule: r, code: CodeFileAllow}
	}
	if s.AssignsOnly() {
		return verdict{neutral: true, why: "only sets shell variables: it runs no program, and needs no rule"}
	}
	return x.cdVerdict(s)
}

// carriedBy says which segment's rule decides for a carried segment.
func carriedBy(cmd *shell.Command, s *shell.Segment) string {
	if w := s.WrapperSeg - 1; w >= 0 && w < len(cmd.Segs) {
		switch ws := cmd.Segs[w].Words; {
		case programs.ProgramAt(ws) > 0:
			return "the command of the segment before it, after its assignments: that segment's rule decides"
		case programs.Plugin(ws) != nil:
			return "the segment before it as its CLI runs it (git-push is git push): the rule of the words as written decides"
		}
	}
	return "run by the package runner before it, whose rule decides"
}

// floorVerdict applies the built-in floor, which is about rm only.
func floorVerdict(s *shell.Segment) (verdict, bool) {
	for vi, v := range s.Views {
		if findRoot(v, s.Dirs) {
			return verdict{code: CodeBuiltinDeny, why: "the built-in floor: find -delete from the root" + readAs(vi, v)}, true
		}
		if len(v) < 2 || v[0] != "rm" {
			continue
		}
		for _, b := range builtinDeny {
			if b.matches(v) {
				return verdict{rule: b, code: CodeBuiltinDeny, why: readAs(vi, v)}, true
			}
		}
		if rmRoot(v, s.Dirs) {
			return verdict{code: CodeBuiltinDeny, why: "the built-in floor: recursive rm aimed at the root" + readAs(vi, v)}, true
		}
	}
	return verdict{}, false
}

// matchViews finds the first deny and ask rules over every view of a
// segment, and the first allow rule of its literal words. Once the work
// budget is spent it looks no further (the integrity cap then fires).
func (x *decider) matchViews(s *shell.Segment) (deny, ask verdict, allow *CompiledRule) {
	denyView, askView := 0, 0
	for vi, v := range s.Views {
		m, steps := x.p.matchAllLists(v)
		if !x.wk().Spend(steps) {
			break
		}
		if r := m[ListDeny]; r != nil && (deny.rule == nil || r.order < deny.rule.order) {
			deny.rule, denyView = r, vi
		}
		if r := m[ListAsk]; r != nil && (ask.rule == nil || r.order < ask.rule.order) {
			ask.rule, askView = r, vi
		}
		if vi == 0 {
			allow = m[ListAllow] // allow sees the literal words only
		}
	}
	if deny.rule != nil {
		deny.code, deny.why = CodeFileDeny, readAs(denyView, s.Views[denyView])
	}
	if ask.rule != nil {
		ask.code, ask.why = CodeFileAsk, readAs(askView, s.Views[askView])
	}
	if x.p != nil && x.p.optRules != nil && deny.rule == nil {
		x.matchOptions(s, &deny, &ask)
	}
	if deny.rule == nil {
		x.matchRuleViews(s, &deny, &ask)
	}
	if x.p != nil && len(x.p.ruleNames) > 0 && deny.rule == nil {
		x.matchRuleNames(s, &deny, &ask)
	}
	if allow != nil && len(s.Views[0]) > 2 && programs.HasGoals(s.Views[0][0]) && !x.everyGoalAllowed(s, len(allow.Words)) {
		allow = nil // Terminal(make test) names one goal: make test deploy runs another
	}
	return deny, ask, allow
}

// matchRuleNames matches deny and ask rules against each view of s with
// its program read under the name rules know it by (programs.RuleName):
// python3.11 manage.py flush as python manage.py flush, .//deploy.sh as
// deploy.sh, gcc-12 as gcc. It looks only where a rule names a program
// of that name, and reads the view with its rule readings too.
func (x *decider) matchRuleNames(s *shell.Segment, deny, ask *verdict) {
	for vi, v := range s.Views {
		if len(v) == 0 || deny.rule != nil {
			continue
		}
		n := programs.RuleName(v[0])
		if n == v[0] || !x.p.ruleNames[n] || !x.wk().Spend(2*len(v)) {
			continue
		}
		rv := slices.Concat([]string{n}, v[1:])
		x.matchRuleView(vi, rv, rv, true, deny, ask)
		flags := s.Flags
		if vi > 0 {
			flags = s.ViewFlags(vi)
		}
		if len(flags) != len(v) {
			continue
		}
		programs.RuleViews(rv, flags, shell.WordExpands, func(w []string, ok bool) bool {
			return deny.rule == nil && x.matchRuleView(vi, rv, w, ok, deny, ask)
		})
	}
}

// everyGoalAllowed reports whether each goal of a segment whose program
// runs its operands as goals (make, rake, just) is one an allow rule
// names, the segment read with that goal alone (make -s test deploy as
// make -s test and make -s deploy): the rule that matched the words by
// prefix may name the first goal only. The goals among the first named
// words are the rule's own words (Terminal(make test release) names both).
func (x *decider) everyGoalAllowed(s *shell.Segment, named int) bool {
	v := s.Views[0]
	goals, ok := programs.GoalIndexes(v, s.Flags, shell.WordExpands)
	if !ok {
		return false // the goals cannot be placed: none is taken as allowed
	}
	if len(goals) < 2 || goals[len(goals)-1] < named {
		return true
	}
	alone := make([]string, 0, len(v))
	for _, g := range goals {
		if g < named {
			continue
		}
		alone = alone[:0]
		for i, w := range v {
			if i == g || !slices.Contains(goals, i) {
				alone = append(alone, w)
			}
		}
		m, steps := x.p.matchAllLists(alone)
		if !x.wk().Spend(steps) || m[ListAllow] == nil {
			return false
		}
	}
	return true
}

// matchRuleViews tries the deny and ask rules on the rule reading of every
// view (programs.RuleView: options spelled one way, global options before
// the subcommand dropped, expansions empty), for the lists that found no
// rule yet: git reset --har, git -C . clean and rm -rf$IFS are the
// commands their rules deny.
func (x *decider) matchRuleViews(s *shell.Segment, deny, ask *verdict) {
	if !x.p.hasDenyAsk() {
		return
	}
	for vi, v := range s.Views {
		if len(v) == 0 {
			continue
		}
		flags := s.Flags
		if vi > 0 {
			flags = s.ViewFlags(vi)
		}
		if len(flags) != len(v) || !x.p.ruleReadingMatters(v, flags, shell.WordExpands) {
			continue // a view whose words are not the segment's own, or no rule to find
		}
		if !x.wk().Spend(2 * len(v)) {
			return
		}
		more := true
		programs.RuleViews(v, flags, shell.WordExpands, func(rv []string, ok bool) bool {
			if deny.rule != nil {
				return false
			}
			more = x.matchRuleView(vi, v, rv, ok, deny, ask)
			return more
		})
		if !more || deny.rule != nil {
			return
		}
	}
}

// matchRuleView matches one rule reading rv of view vi (see
// matchRuleViews; ok when it differs from the view); false once the work
// budget is spent.
func (x *decider) matchRuleView(vi int, v, rv []string, ok bool, deny, ask *verdict) bool {
	if !ok {
		rv = append(rv[:0], v...)
	}
	if abbr := x.p.expandAbbreviations(rv); !ok && !abbr || len(rv) == 0 {
		return true
	}
	m, steps := x.p.matchAllLists(rv)
	if !x.wk().Spend(steps) {
		return false
	}
	why := readingOf{vi: vi, view: v, read: rv}
	if r := m[ListDeny]; r != nil && deny.rule == nil {
		*deny = verdict{rule: r, code: CodeFileDeny, why: why.text(false)}
	}
	if r := m[ListAsk]; r != nil && ask.rule == nil {
		*ask = verdict{rule: r, code: CodeFileAsk, why: why.text(false)}
	}
	return x.matchOptionWords(rv, why, deny, ask)
}

// readingOf says how a rule came to match: view vi of a segment, read as
// the words read (nil: as written). Its text is built only for a match.
type readingOf struct {
	vi   int
	view []string
	read []string
}

// text is the reason's tail for a match; anyOrder says the rule's short
// options matched in another order.
func (r readingOf) text(anyOrder bool) string {
	t := readAs(r.vi, r.view)
	if r.read != nil {
		t += " (read as " + shell.QuoteExcerpt(strings.Join(r.read, " ")) + ")"
	}
	if anyOrder {
		t += " (its options in any order)"
	}
	return t
}

// matchOptions tries the deny and ask rules that name short options on
// every view of a segment, with its options in any order (optionorder.go),
// for the lists that found no rule as written.
func (x *decider) matchOptions(s *shell.Segment, deny, ask *verdict) {
	for vi, v := range s.Views {
		if len(v) < 2 || x.p.optRules[v[0]] == nil {
			continue
		}
		if !x.matchOptionWords(v, readingOf{vi: vi, view: v}, deny, ask) {
			return
		}
	}
}

// matchOptionWords is matchOptions for one list of words; why says how
// they were read. It reports false once the work budget is spent.
func (x *decider) matchOptionWords(v []string, why readingOf, deny, ask *verdict) bool {
	rules := x.p.optRules[v[0]]
	if rules == nil {
		return true
	}
	if !x.wk().Spend(len(v) + len(rules)) {
		return false
	}
	var room, lroom [16]string
	opts, other, longs := readOptions(v[1:], room[:0], lroom[:0])
	if opts == 0 && len(longs) == 0 {
		return true
	}
	for i := range rules {
		o := &rules[i]
		if !o.matches(v[0], opts, other, longs) {
			continue
		}
		if l := o.rule.Source.List; l == ListDeny && deny.rule == nil {
			*deny = verdict{rule: o.rule, code: CodeFileDeny, why: why.text(true)}
		} else if l == ListAsk && ask.rule == nil {
			*ask = verdict{rule: o.rule, code: CodeFileAsk, why: why.text(true)}
		}
	}
	return true
}

// unknownProgramVerdict tries the deny and ask rules on every later word
// of a segment whose program is not known: such a program may run its
// arguments. A rule found that way asks, never denies.
func (x *decider) unknownProgramVerdict(s *shell.Segment) (verdict, bool) {
	if !x.p.hasDenyAsk() || len(s.Words) < 2 || !s.UnknownProgram() {
		return verdict{}, false
	}
	for i := 1; i < len(s.Words); i++ {
		rest := s.Words[i:]
		if !x.wk().Spend(1) {
			return verdict{}, false
		}
		if !x.p.mayStartDenyAsk(rest[0]) {
			continue
		}
		// The word is matched where it stands, read as its base name:
		// the rest of the command is not copied for it.
		b := programs.BaseName(rest[0])
		m, steps := x.p.matchAs(b, rest)
		if !x.wk().Spend(steps) {
			return verdict{}, false
		}
		r := m[ListDeny]
		if r == nil {
			r = m[ListAsk]
		}
		if r != nil {
			return verdict{rule: r, code: CodeFileAsk, why: " (" + shell.QuoteExcerpt(s.Words[0]) + " is not a known program and may run " + shell.QuoteExcerpt(joinExcerpt(b, rest[1:])) + ")"}, true
		}
	}
	return verdict{}, false
}

// computedMask marks the words whose value the shell computes: an
// expansion, a glob (a file named -rf is an option), a brace.
const computedMask = shell.WordExpands | shell.WordGlob | shell.WordBrace

// computedVerdict: a word the shell computes at run time may become any
// words, an option cluster or a subcommand among them (rm -$F x is rm -rf
// x when F is rf; git $SUB is git push). A deny or ask rule that such a
// word may complete makes the segment ask, never deny: the command only
// may be the one the rule names. Two readings find the rules:
//
//   - the words before the first computed word lead to a rule (as
//     written, or as the rule reading without options reads them): the
//     computed word may be the rest of it;
//   - a computed word stands before any "--", so it may be options, and
//     the words without options lead to a rule through options only
//     (rm x -$F reaches rm -rf).
func (x *decider) computedVerdict(s *shell.Segment) (verdict, bool) {
	if !x.p.hasDenyAsk() || x.p.trie == nil || !anyMasked(s.Flags, computedMask) {
		return verdict{}, false
	}
	var found [3]*CompiledRule
	word := ""
	for vi, v := range s.Views {
		flags := s.Flags
		if vi > 0 {
			flags = s.ViewFlags(vi)
		}
		if len(v) < 2 || len(flags) != len(v) || flags[0]&computedMask != 0 {
			continue
		}
		c, opt := computedAt(v, flags)
		if c < 0 || !x.wk().Spend(4*len(v)) {
			continue
		}
		had := found[ListDeny] != nil || found[ListAsk] != nil
		x.completes(v[:c], flags[:c], &found)
		if opt {
			x.optionsComplete(v, flags, &found)
		}
		if !had && (found[ListDeny] != nil || found[ListAsk] != nil) {
			word = v[c]
		}
	}
	r := found[ListDeny]
	if r == nil {
		r = found[ListAsk]
	}
	if r == nil {
		return verdict{}, false
	}
	return verdict{rule: r, code: CodeFileAsk, why: " (" + shell.QuoteExcerpt(word) + " is computed at run time and may complete it: a person decides)"}, true
}

// computedAt returns the first computed word of view v after its program
// that may become a rule's words (-1 for none), and whether one that may
// be options stands before any "--". A word with a '/' names a file
// (./"$F", build/*.o, "$TMP"/x.txt), never a subcommand or an option; a
// word with literal text before its expansion other than a dash
// (dep$X) may complete a subcommand, never be an option. After "--", no
// rule's words are looked for.
func computedAt(v []string, flags []uint8) (first int, opt bool) {
	first = -1
	for i := 1; i < len(v); i++ {
		w := v[i]
		if flags[i]&computedMask == 0 {
			if w == "--" {
				return first, opt
			}
			continue
		}
		if strings.IndexByte(w, '/') >= 0 {
			continue
		}
		if first < 0 {
			first = i
		}
		opt = opt || strings.IndexByte("-$`{*?[", w[0]) >= 0
	}
	return first, opt
}

// completes records the rules below the words before a computed word, as
// written and as their rule reading without options reads them.
func (x *decider) completes(prefix []string, flags []uint8, found *[3]*CompiledRule) {
	if n := x.p.trie.walk(prefix, nil); n != nil {
		consider(found, &n.sub)
	}
	rv, buf, ok := programs.RuleView(prefix, flags, computedMask, true)
	defer programs.PutRuleBuf(buf)
	if ok && len(rv) > 0 {
		if n := x.p.trie.walk(rv, nil); n != nil {
			consider(found, &n.sub)
		}
	}
}

// optionsComplete records the rules that options alone lead to from any
// word of the rule reading of v without options (its computed words
// emptied).
func (x *decider) optionsComplete(v []string, flags []uint8, found *[3]*CompiledRule) {
	rv, buf, ok := programs.RuleView(v, flags, computedMask, true)
	defer programs.PutRuleBuf(buf)
	if !ok {
		rv = v
	}
	x.p.trie.walk(rv, func(n *trieNode) { consider(found, &n.optSub) })
}

// anyMasked reports a word whose flags hold one of mask.
func anyMasked(flags []uint8, mask uint8) bool {
	for _, f := range flags {
		if f&mask != 0 {
			return true
		}
	}
	return false
}

// cdVerdict: a cd whose every destination is inside the scope declares it.
func (x *decider) cdVerdict(s *shell.Segment) verdict {
	if !s.Cd || x.rootErr != nil || len(s.CdTo) == 0 {
		return verdict{}
	}
	for _, d := range s.CdTo {
		if d == "" || !x.sc.Contains(d) {
			return verdict{}
		}
	}
	return verdict{code: CodeScopeCd, why: "cd inside the project folder declares the scope"}
}

// wrapperAllow returns the allow rule of the wrapper or runner that runs s
// when that rule names s's own words too: Terminal(uv run pytest:*) on
// "uv run pytest -x" allows "pytest -x", where Terminal(uv run:*) allows
// only the runner. A rule of a wrapper around that wrapper counts the
// same way, up to maxWrapperLevels out (Terminal(nice timeout 5 npm
// test) allows npm test in nice timeout 5 npm test). Deny and ask rules
// and the caps still judge s.
func (x *decider) wrapperAllow(s *shell.Segment) *CompiledRule {
	if x.p == nil {
		return nil
	}
	cur, before := s, 0 // before: the words of the wrapper's view before s's
	for level := 0; level < maxWrapperLevels && cur.WrapperSeg > 0 && cur.WrapperSeg <= len(x.cmd.Segs); level++ {
		w := &x.cmd.Segs[cur.WrapperSeg-1]
		before += cur.WrapperWords
		if len(w.Views) == 0 {
			return nil
		}
		m, steps := x.p.matchAllLists(w.Views[0])
		if !x.wk().Spend(steps) || m[ListDeny] != nil || m[ListAsk] != nil {
			return nil
		}
		if r := m[ListAllow]; r != nil && len(r.Words) > before {
			if len(s.Views[0]) > 2 && programs.HasGoals(s.Views[0][0]) && !x.everyGoalAllowed(s, len(r.Words)-before) {
				return nil // Terminal(nice make test:*) names one goal: nice make test release runs another
			}
			return r
		}
		cur = w
	}
	return nil
}

// maxWrapperLevels bounds how far out wrapperAllow looks for a wrapper's
// rule: a chain of 4,000 nohups must not make every segment read all of
// them. Past it, the segment needs a rule of its own (the safe side).
const maxWrapperLevels = 8
