package permengine

import (
	"math"
	"strconv"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/shell"
	"github.com/permengine/permengine/internal/work"
)

// cap records a cap that fired. It changes auto_approve to
// require_approval unless auto mode lifts it (liftable caps only).
func (x *decider) cap(code Code, segment, why string, liftable bool) {
	s := Step{Stage: StageCap, Rule: code, Segment: segment, Detail: why}
	switch {
	case liftable && x.auto:
		s.Effect = EffectLifted
	case x.cur == AutoApprove:
		s.Effect = EffectApplied
		x.set(RequireApproval, code, "cap: "+why, segment, nil)
	default:
		s.Effect = EffectNone
	}
	x.step(s)
}

// terminalCaps applies every terminal cap, in a fixed order.
func (x *decider) terminalCaps(cmd *shell.Command, integrity, root string, rootErr error) {
	// Integrity: what a person reads must be what runs.
	switch {
	case integrity != "":
		x.cap(CodeIntegrity, "", integrity, false)
	case cmd.ParseErr != "":
		x.cap(CodeIntegrity, "", "the command does not parse ("+cmd.ParseErr+")", false)
	}
	if cmd.Control != "" {
		x.cap(CodeIntegrity, "", "the command uses "+cmd.Control+": control structures are never auto-approved", false)
	}
	if cmd.Dynamic != "" {
		x.cap(CodeIntegrity, "", cmd.Dynamic, false)
	}
	if cmd.TooDeep {
		x.cap(CodeIntegrity, "", "scripts nested more than "+strconv.Itoa(shell.MaxNesting)+" deep", false)
	}
	if cmd.TooMany {
		x.cap(CodeIntegrity, "", "more than "+strconv.Itoa(shell.MaxSegments)+" simple commands", false)
	}
	if cmd.Bound != "" {
		x.cap(CodeIntegrity, "", cmd.Bound+": the command is not read in full", false)
	}
	x.budgetCap()
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		for _, v := range s.Views {
			if len(v) == 0 || !x.wk().Spend(1+len(v[0])) {
				break
			}
			if len(v) > 0 && shell.ComputedVerb(v[0]) {
				x.cap(CodeIntegrity, s.Text, "the program to run ("+shell.QuoteExcerpt(v[0])+") is computed at run time", false)
				break
			}
		}
	}

	// External effect and privilege: auto mode does not lift them.
	var extra [][]string
	if x.p != nil {
		extra = x.p.ext.ExternalEffect
	}
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		if hit, ok := segEffectWork(s, extra, x.wk()); ok {
			why := hit.Why
			if hit.Instead != "" {
				why += "; propose a typed " + hit.Instead + " action instead"
			}
			x.cap(reachCode(hit), s.Text, why, false)
		}
	}

	// Path scope.
	if rootErr != nil {
		x.cap(CodeNoScope, "", "no scope configured ("+rootErr.Error()+"): nothing terminal is auto-approved", false)
	} else {
		x.scopeCaps(cmd, root)
	}

	// Protected paths: not lifted by auto mode.
	pc := x.protCheck(root)
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		if why := x.segProtected(s, &pc); why != "" {
			x.cap(CodeProtectedPath, s.Text, why, false)
		}
	}
	for _, ref := range cmd.Paths {
		if !x.wk().Spend(pathCost(ref.Text, ref.Dirs)) {
			break
		}
		if why := pc.Problem(ref.Text, ref.Dirs); why != "" {
			x.cap(CodeProtectedPath, "", "redirection "+ref.Op+" "+shell.QuoteExcerpt(ref.Text)+" reaches "+why, false)
		}
	}

	// Exec-capable arguments: lifted by auto mode, like the path scope.
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		for vi, v := range s.Views {
			if len(v) == 0 {
				continue
			}
			bits := s.ViewBits(vi)
			if !x.wk().Spend(viewCost(v, bits&programs.Exec != 0)) {
				break
			}
			if why := programs.ExecArgument(v, bits); why != "" {
				x.cap(CodeExecArgument, s.Text, why, true)
				break
			}
		}
	}
	x.budgetCap()
}

// budgetCap fires the integrity cap, once, when the decision's work ran
// out of its budget: what could not be read and checked in full is never
// approved.
func (x *decider) budgetCap() {
	if x.wk().Out() && !x.outOfWork {
		x.outOfWork = true
		x.cap(CodeIntegrity, "", x.wk().Why(), false)
	}
}

// viewCost is the work of a check of view v: a step, and a read of every
// word when the program has rows the check goes through.
func viewCost(v []string, rows bool) int {
	if !rows {
		return 1
	}
	n := 1
	for _, w := range v {
		n += 1 + len(w)
	}
	return n
}

// effectCost is the work of the external-effect check of v, whose program
// reads as verb with catalog bits bits.
func effectCost(verb string, v []string, bits programs.Bits, extra [][]string) int {
	if bits&programs.Effect == 0 && len(extra) == 0 {
		return 1
	}
	return programs.EffectCost(verb, v, len(extra))
}

// pathCost is the work of checking word w as a path from each of dirs.
func pathCost(w string, dirs []string) int {
	n := 1 + len(w)
	for _, d := range dirs {
		n += len(d) + len(w)
	}
	return n
}

// segEffect checks every view of a segment for external effect or
// privilege, and, for an unknown program, every later word that starts a
// row of the tables.
//
// A later word is checked where it stands, as the program of the words
// after it: the rest of the command is never copied for it.
func segEffect(s *shell.Segment, extra [][]string) (programs.Reach, bool) {
	unlimited := work.New(math.MaxInt / 2)
	return segEffectWork(s, extra, &unlimited)
}

// segEffectWork is segEffect that spends its work on w, and finds nothing
// more once w's budget is spent.
func segEffectWork(s *shell.Segment, extra [][]string, w *work.Counter) (programs.Reach, bool) {
	for vi, v := range s.Views {
		if len(v) == 0 {
			continue
		}
		bits := s.ViewBits(vi)
		if !w.Spend(effectCost(v[0], v, bits, extra)) {
			return programs.Reach{}, false
		}
		if hit, ok := programs.ExternalEffect(v, bits, extra); ok {
			return hit, true
		}
	}
	if len(s.Words) < 2 || !s.UnknownProgram() {
		return programs.Reach{}, false
	}
	for i := 1; i < len(s.Words); i++ {
		b := programs.BaseName(s.Words[i])
		if !w.Spend(1) {
			return programs.Reach{}, false
		}
		if programs.BitsOf(b)&programs.Effect == 0 && !extraVerb(extra, b) {
			continue
		}
		rest := s.Words[i:]
		if !w.Spend(effectCost(b, rest, programs.Effect, extra)) {
			return programs.Reach{}, false
		}
		if hit, ok := programs.ExternalEffectAs(b, rest, extra); ok {
			hit.Why += " (" + shell.QuoteExcerpt(s.Words[0]) + " is not a known program and may run it)"
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
