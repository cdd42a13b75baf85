package permengine

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/paths"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/shell"
	"github.com/permengine/permengine/internal/work"
)

// decider carries one decision's running state.
type decider struct {
	req  Request
	p    *Policy
	d    Decision
	cur  Outcome
	auto bool
	// The trace is gathered in buf, on Decide's stack (and in more, past
	// its room); finish copies it once, at its final length, into the
	// Decision: one allocation of the size it needs.
	buf  [traceOnStack]Step
	n    int
	more []Step
	// w counts the decision's work against its budget.
	own       work.Counter // the work counter, but for a terminal command (see wk)
	budget    int
	outOfWork bool           // the integrity cap named the exhausted budget
	cmd       *shell.Command // the terminal command's reading, released by Decide
}

// traceOnStack is room for the trace of most decisions; a longer one moves
// to the heap as it grows.
const traceOnStack = 12

func (x *decider) step(s Step) {
	// A step repeats at most an excerpt of its segment: nested and
	// wrapped segments are parts of the segments around them, and the
	// trace must not copy the same text once per level.
	s.Segment = shell.Excerpt(s.Segment)
	// The trace is work too: its text must stay linear in the command.
	x.wk().Spend(1 + len(s.Segment) + len(s.Detail))
	s.Outcome = x.cur
	if x.n < len(x.buf) {
		x.buf[x.n] = s
		x.n++
		return
	}
	x.more = append(x.more, s)
}

// set makes a stage's opinion the running value and the decision's cause.
func (x *decider) set(o Outcome, code Code, reason, segment string, r *Rule) {
	x.cur = o
	x.d.Outcome, x.d.Rule, x.d.Reason, x.d.Segment = o, code, reason, segment
	x.d.Pattern, x.d.Source = "", ""
	if r != nil {
		x.d.Pattern, x.d.Source = r.Text, r.sourceString()
	}
}

func (x *decider) finish() Decision {
	x.d.Outcome = x.cur
	x.d.Trace = append(append(make([]Step, 0, x.n+len(x.more)), x.buf[:x.n]...), x.more...)
	return x.d
}

// Decide runs the whole pipeline of SPEC §4 and returns the decision. It is
// pure: no I/O, no clock, no shared mutable state; the same inputs give the
// same decision, and it is safe to call from many goroutines with one
// Policy. A nil policy is an empty one (the built-in floor still applies).
// It never panics: should the engine itself fail, the decision is a deny
// with the code internal_error (fail closed, never crash the host).
//
// Its work is bounded by a budget proportional to the request's length:
// a command that would need more is not auto-approved (the integrity cap
// names the budget).
func Decide(p *Policy, req Request) Decision {
	d, _ := decideWork(p, req)
	return d
}

// decide runs the pipeline.
func (x *decider) decide() Decision {
	req := x.req
	a := req.Action
	blank := a.Type == Terminal && isBlank(a.Command)
	if a.Type == Terminal && req.Role > RoleUnknown && req.Role <= Owner && !blank {
		// The reading holds the counter; the checks go on spending on it.
		x.cmd = shell.ReadPooled(a.Command, a.Cwd, x.budget)
	}

	// 1. Input checks.
	if !a.Type.valid() {
		x.set(Deny, CodeInvalidAction, "unknown action type: nothing is allowed for an action the engine does not know", "", nil)
		x.step(Step{Stage: StageInput, Rule: CodeInvalidAction, Detail: x.d.Reason})
		return x.finish()
	}
	if req.Role <= RoleUnknown || req.Role > Owner {
		x.set(Deny, CodeInvalidRole, "unknown role: nothing is allowed without a known IAM role", "", nil)
		x.step(Step{Stage: StageInput, Rule: CodeInvalidRole, Detail: x.d.Reason})
		return x.finish()
	}
	if blank {
		x.set(Deny, CodeInvalidAction, "empty terminal command", "", nil)
		x.step(Step{Stage: StageInput, Rule: CodeInvalidAction, Detail: x.d.Reason})
		return x.finish()
	}

	// 2. IAM, before the file: the file never grants what IAM denies.
	if min := a.Type.MinRole(); req.Role < min {
		x.set(Deny, CodeIAM, a.Type.String()+" needs role "+min.String()+" or higher; "+req.Role.String()+" is below it", "", nil)
		x.step(Step{Stage: StageIAM, Rule: CodeIAM, Detail: x.d.Reason})
		return x.finish()
	}

	// 3. Base, and the container floor.
	if a.Type == Terminal && req.Env.ContainerRunning {
		x.set(AutoApprove, CodeContainerFloor, "the project's container is running: terminal commands start from auto_approve", "", nil)
	} else {
		x.set(RequireApproval, CodeDefault, "pending, no rule: the absence of a rule never becomes a permission", "", nil)
	}
	x.step(Step{Stage: StageBase, Rule: x.d.Rule, Detail: x.d.Reason})

	// 4. Agent autonomy.
	x.auto = req.Autonomy.AutoMode()
	switch req.Autonomy.Mode {
	case AutonomyDeny:
		x.set(Deny, CodeAutonomyDeny, "agent autonomy ("+req.Autonomy.Origin.String()+") says deny", "", nil)
		x.step(Step{Stage: StageAutonomy, Rule: CodeAutonomyDeny, Detail: x.d.Reason})
		return x.finish()
	case AutonomyRequireApproval:
		x.set(RequireApproval, CodeAutonomy, "agent autonomy ("+req.Autonomy.Origin.String()+") says require_approval", "", nil)
		x.step(Step{Stage: StageAutonomy, Rule: CodeAutonomy, Detail: x.d.Reason})
	case AutonomyAutoApprove:
		why := "agent autonomy (specific rule) says auto_approve"
		if x.auto {
			why = "agent autonomy (auto mode, the \"*\" wildcard) says auto_approve"
		}
		x.set(AutoApprove, CodeAutonomy, why, "", nil)
		x.step(Step{Stage: StageAutonomy, Rule: CodeAutonomy, Detail: why})
	case NoOpinion:
		x.step(Step{Stage: StageAutonomy, Detail: keepsDetail[x.cur]})
	default:
		x.set(Deny, CodeAutonomyDeny, "unknown agent autonomy mode: refused", "", nil)
		x.step(Step{Stage: StageAutonomy, Rule: CodeAutonomyDeny, Detail: x.d.Reason})
		return x.finish()
	}

	// 5 and 6: permissions.json, then the caps.
	if a.Type == Terminal {
		x.terminal(x.cmd)
	} else {
		x.typed()
	}
	return x.finish()
}

// typed runs the file stage and the caps for a non-terminal action.
func (x *decider) typed() {
	t := x.req.Action.Type
	if r := x.p.matchType(ListDeny, t); r != nil {
		x.set(Deny, CodeFileDeny, r.describe(), "", r)
		x.step(Step{Stage: StageFile, Rule: CodeFileDeny, Matched: r, Detail: x.d.Reason})
		return
	}
	if r := x.p.matchType(ListAsk, t); r != nil {
		x.set(RequireApproval, CodeFileAsk, r.describe(), "", r)
		x.step(Step{Stage: StageFile, Rule: CodeFileAsk, Matched: r, Detail: x.d.Reason})
	} else if r := x.p.matchType(ListAllow, t); r != nil {
		x.set(AutoApprove, CodeFileAllow, r.describe(), "", r)
		x.step(Step{Stage: StageFile, Rule: CodeFileAllow, Matched: r, Detail: x.d.Reason})
	} else {
		x.step(Step{Stage: StageFile, Detail: "no rule for " + t.Label() + ": silent, keeps " + x.cur.String()})
	}

	switch t {
	case GitMerge:
		if b, ok := x.protectedBranch(x.req.Action.Branch); ok {
			x.cap(CodeProtectedMerge, "", "merge into protected branch "+b+" is always a person's decision", false)
		}
	case InstructionPatch:
		x.cap(CodeInstructionPatch, "", "instruction_patch changes another agent's behaviour: a person sees the diff first", false)
	case Parallelize, RaiseMaxParallel:
		x.cap(CodeParallelism, "", t.String()+" spends on more agents: a person decides", false)
	case GitPush, PrOpen:
		x.cap(CodeTypedPush, "", t.String()+" has external effect: never auto-approved", false)
	case ContainerRemove:
		x.cap(CodeContainerRemove, "", "container_remove discards the container and forces a full reprovision", false)
	case WriteFile:
		x.writeFileCaps()
	}
}

// protectedBranch reports whether a merge destination is protected; an
// empty destination is unknown and treated as protected.
func (x *decider) protectedBranch(branch string) (string, bool) {
	b := trimRefsHeads(branch)
	if b == "" {
		return "(unknown destination)", true
	}
	for _, p := range protectedBranches {
		if strings.EqualFold(b, p) {
			return p, true
		}
	}
	if x.p != nil {
		for _, p := range x.p.ext.ProtectedBranches {
			if strings.EqualFold(b, trimRefsHeads(p)) {
				return p, true
			}
		}
	}
	return "", false
}

// protectedBranches are the merge destinations always capped. A host may
// add names (Extensions.ProtectedBranches), never remove these.
var protectedBranches = []string{"dev", "qa", "rc", "main"}

// segClass is how the file classified one segment.
type segClass uint8

const (
	classNone segClass = iota
	classAllow
	classAsk
	classDeny
)

func (c segClass) String() string {
	return [...]string{"none", "allow", "ask", "deny"}[c]
}

// terminal runs the file stage and the caps for a terminal command.
func (x *decider) terminal(cmd *shell.Command) {
	a := x.req.Action
	root := x.req.Env.ScopeRoot
	rootErr := ValidateScopeRoot(root)
	integrity := ""
	if !cmd.FastTop || len(a.Command) > MaxCommandBytes {
		integrity = shell.IntegrityProblem(a.Command)
	}

	// Classify every segment.
	var firstAsk, firstNone = -1, -1
	var askRule *Rule
	var askWhy string
	var firstRule *Rule // for a single allowed segment: its rule…
	var firstCode Code  // …and code (file_allow or scope_cd)
	var firstWhy string
	allAllow := len(cmd.Segs) > 0
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		cls, r, code, why := x.classify(s, root, rootErr == nil)
		detail := "no rule"
		if r != nil {
			detail = r.describe()
			if why != "" {
				detail += why
			}
		} else if why != "" {
			detail = why
		}
		// The class is the rule's code: file_allow or scope_cd allow,
		// file_ask asks, file_deny or builtin_deny deny, none for no rule.
		x.step(Step{Stage: StageSegment, Rule: code, Segment: s.Text, Matched: r, Detail: detail})
		if i == 0 {
			firstRule, firstCode, firstWhy = r, code, why
		}
		switch cls {
		case classDeny:
			reason := ruleReason(len(cmd.Segs), s.Text, why, r)
			x.set(Deny, code, reason, s.Text, r)
			x.step(Step{Stage: StageFile, Rule: code, Segment: s.Text, Matched: r, Detail: reason})
			return
		case classAsk:
			if firstAsk < 0 {
				firstAsk, askRule, askWhy = i, r, why
			}
			allAllow = false
		case classNone:
			if firstNone < 0 {
				firstNone = i
			}
			allAllow = false
		}
	}

	switch {
	case firstAsk >= 0:
		s := cmd.Segs[firstAsk]
		x.set(RequireApproval, CodeFileAsk, ruleReason(len(cmd.Segs), s.Text, askWhy, askRule), s.Text, askRule)
		x.step(Step{Stage: StageFile, Rule: CodeFileAsk, Segment: s.Text, Matched: askRule, Detail: x.d.Reason})
	case allAllow:
		if len(cmd.Segs) == 1 {
			s := &cmd.Segs[0]
			reason := firstWhy
			if firstRule != nil {
				reason = ruleReason(1, s.Text, "", firstRule)
			}
			x.set(AutoApprove, firstCode, reason, s.Text, firstRule)
		} else {
			x.set(AutoApprove, CodeFileAllow, allAllowReason(len(cmd.Segs)), "", nil)
		}
		var m *Rule
		if len(cmd.Segs) == 1 {
			m = firstRule
		}
		x.step(Step{Stage: StageFile, Rule: x.d.Rule, Segment: x.d.Segment, Matched: m, Detail: x.d.Reason})
	case len(cmd.Segs) <= 1 || x.auto:
		why := silentDetail[x.cur]
		if len(cmd.Segs) > 1 {
			why = autoSilentDetail[x.cur]
		}
		x.step(Step{Stage: StageFile, Detail: why})
	default:
		s := cmd.Segs[firstNone]
		x.set(RequireApproval, CodeCompoundUnmatched, segmentReason(s.Text, " has no rule: in a command of ", strconv.Itoa(len(cmd.Segs)), " segments every one must match allow"), s.Text, nil)
		x.step(Step{Stage: StageFile, Rule: CodeCompoundUnmatched, Segment: s.Text, Detail: x.d.Reason})
	}

	x.terminalCaps(cmd, integrity, root, rootErr)
}

func ruleText(r *Rule) string {
	if r == nil {
		return ""
	}
	return r.Text
}

func ruleSource(r *Rule) string {
	if r == nil {
		return ""
	}
	return r.sourceString()
}

// classify decides one segment: deny and ask see every view, allow only
// the literal words; a cd inside the scope declares it. why says, when a
// looked-through view matched, how the segment was read.
func (x *decider) classify(s *shell.Segment, root string, rootOK bool) (segClass, *Rule, Code, string) {
	for vi, v := range s.Views {
		if len(v) < 2 || v[0] != "rm" {
			continue // the built-in floor is about rm only
		}
		for _, b := range builtinDeny {
			if b.matches(v) {
				return classDeny, b, CodeBuiltinDeny, readAs(vi, v)
			}
		}
		if rmRoot(v) {
			return classDeny, nil, CodeBuiltinDeny, "the built-in floor: recursive rm aimed at the root" + readAs(vi, v)
		}
	}
	var deny, ask, allow *Rule
	denyView, askView := 0, 0
	for vi, v := range s.Views {
		m, steps := x.p.matchAllLists(v)
		if !x.wk().Spend(steps) {
			return classNone, nil, CodeUnset, ""
		}
		if r := m[ListDeny]; r != nil && (deny == nil || r.order < deny.order) {
			deny, denyView = r, vi
		}
		if r := m[ListAsk]; r != nil && (ask == nil || r.order < ask.order) {
			ask, askView = r, vi
		}
		if vi == 0 {
			allow = m[ListAllow] // allow sees the literal words only
		}
	}
	if deny != nil {
		return classDeny, deny, CodeFileDeny, readAs(denyView, s.Views[denyView])
	}
	if ask != nil {
		return classAsk, ask, CodeFileAsk, readAs(askView, s.Views[askView])
	}
	if x.p.hasDenyAsk() && len(s.Words) > 1 && s.UnknownProgram() {
		for i := 1; i < len(s.Words); i++ {
			rest := s.Words[i:]
			if !x.wk().Spend(1) {
				return classNone, nil, CodeUnset, ""
			}
			if !x.p.mayStartDenyAsk(rest[0]) {
				continue
			}
			b := programs.BaseName(rest[0])
			m, steps := x.p.matchAs(b, rest)
			if !x.wk().Spend(steps) {
				return classNone, nil, CodeUnset, ""
			}
			r := m[ListDeny]
			if r == nil {
				r = m[ListAsk]
			}
			if r != nil {
				return classAsk, r, CodeFileAsk, " (" + shell.QuoteExcerpt(s.Words[0]) + " is not a known program and may run " + shell.QuoteExcerpt(joinExcerpt(b, rest[1:])) + ")"
			}
		}
	}
	if allow != nil {
		return classAllow, allow, CodeFileAllow, ""
	}
	if s.Cd && rootOK && len(s.CdTo) > 0 {
		for _, d := range s.CdTo {
			if d == "" || !paths.Inside(d, root) {
				return classNone, nil, CodeUnset, ""
			}
		}
		return classAllow, nil, CodeScopeCd, "cd inside the project folder declares the scope"
	}
	return classNone, nil, CodeUnset, ""
}

// keepsDetail is the trace detail of a silent autonomy stage;
// silentDetail and autoSilentDetail are those of a silent file stage. They
// are made once, per outcome kept, so that a silent stage allocates nothing.
var (
	keepsDetail      = keepsDetails("no opinion: keeps ")
	silentDetail     = keepsDetails("no rule: silent, keeps ")
	autoSilentDetail = keepsDetails("auto mode: segments with no rule are silent, keeps ")
)

func keepsDetails(prefix string) (t [AutoApprove + 1]string) {
	for o := range t {
		t[o] = prefix + Outcome(o).String()
	}
	return t
}

// isBlank reports a command of white space only.
func isBlank(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\v', '\f':
		default:
			return false
		}
	}
	return true
}

// internalError is the decision for a call in which the engine failed.
func internalError(r any) Decision {
	reason := fmt.Sprintf("internal error, denied to fail closed: %v", r)
	return Decision{
		Outcome: Deny, Rule: CodeInternalError, Reason: reason,
		Trace: []Step{{Stage: StageInput, Rule: CodeInternalError, Detail: reason}},
	}
}
