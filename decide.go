package permengine

import (
	"fmt"

	"github.com/permengine/permengine/internal/paths"
	"github.com/permengine/permengine/internal/shell"
	"github.com/permengine/permengine/internal/work"
)

// Decide runs the decision pipeline and returns the decision. It is pure:
// no I/O, no clock, no shared mutable state; the same inputs give the same
// decision, and it is safe to call from many goroutines with one Policy. A
// nil policy is an empty one (the built-in floor still applies). It never
// panics: should the engine itself fail, the decision is a deny with the
// code internal_error (fail closed, never crash the host).
//
// The stages run in order, and a deny returns at once wherever it appears:
// input checks, IAM, the base value, agent autonomy, the rules of
// permissions.json, the caps.
//
// Its work is bounded by a budget proportional to the request's length:
// a command that would need more is not auto-approved (the integrity cap
// names the budget).
//
// The caps are checked only where one could change the outcome: when the
// rules leave the command at auto_approve, and until the first that fires.
// A command the rules already send to a person is not checked again, so
// its trace lists no cap; use Explain where a person reads the trace.
func Decide(p *Policy, req Request) Decision {
	d, _ := decideWork(p, req, false)
	return d
}

// Explain is Decide for a person who reads the trace: the same decision
// (outcome, rule, reason, segment), with the caps also checked when the
// rules already require approval, so that the trace lists every cap that
// would have fired (an approval card grades an ask by them). It costs what
// Decide costs on an auto-approval; hosts that only act on the outcome
// call Decide.
func Explain(p *Policy, req Request) Decision {
	d, _ := decideWork(p, req, true)
	return d
}

// run runs the stages.
func (x *decider) run() Decision {
	if x.inputChecks() && x.iam() {
		x.base()
		if x.autonomy() && x.rules() {
			if x.d.Outcome == AutoApprove || x.explain {
				x.caps()
			} else {
				x.step(Step{Stage: StageCap, Detail: capsUnchecked})
			}
		}
	}
	return x.finish()
}

// capsUnchecked is the trace's cap step of a decision that Decide left at
// require_approval without checking the caps.
const capsUnchecked = "not checked: a cap only turns auto_approve into require_approval, and the rules already require approval (Explain checks and lists them)"

// decider carries one decision's running state.
type decider struct {
	// xargs: 1 + whether the command holds "xargs", worked out once (0:
	// not yet); per segment it would cost the square of the command.
	xargs   int8
	namesIn int8 // 1 + whether a segment reads file names from its input (readsNames); 0: not yet
	explain bool // check the caps whatever the running outcome (Explain)
	req     Request
	// text: the command as bash reads it before any word, its line
	// continuations removed (commandText), worked out once.
	text     string
	textDone bool
	p        *Policy
	d        Decision // d.Outcome is the running outcome
	auto     bool     // auto mode: auto_approve from the "*" wildcard

	// For a terminal command: its reading (pooled, released when the
	// decision is made), the scope root and why it is invalid, if it is.
	cmd     *shell.Command
	root    string
	rootErr error
	sc      paths.Scope // the scope root and the valid additional directories

	// What the program models say of each segment, read once (judged).
	judgedRoom [8]segJudge
	judgedN    int        // how many of judgedRoom hold segments
	judgedMore []segJudge // all of them, when there are more than fit
	judgedDone bool

	// The paths the command writes, by the first segment that writes
	// each (writtenIndex), once something runs a file.
	written     map[string]int
	prefixes    []string // the written paths that are prefixes of names (split FILE x)
	writtenDone bool
	// The first two files written that Python runs at start-up, with
	// their writers (startupWritten), worked out once.
	startup [2]struct {
		path string
		by   int
	}
	startupDone bool
	// The paths the words of segments with unknown programs name, by the
	// first such segment (unknownNamedIndex).
	unknownNamed map[string]int
	unknownDone  bool
	// How many segments may write a file, and the first (writesBefore).
	writers, firstWriter int
	writersDone          bool
	pathSet              int8 // whether a segment assigns PATH: 0 not known yet, 1 yes, -1 no (setsPath)
	// The paths git commands write from another tree (gitRestored).
	restored     []restoredPath
	restoredDone bool
	// The variables the command assigns itself (assignedVars).
	vars     cmdVars
	varsDone bool
	varWords int // words read with them in place (varsProblem)
	// The first segment with an exec-capable argument (firstExec).
	execAt   int
	execDone bool
	// The segments of wrappers that fork into the background (late).
	forkers     []int
	forkersDone bool
	// The first segment whose git command may rewrite the work tree
	// (worktreeRewrittenBefore), found once; -1 for none.
	rewriterAt   int
	movedAt      int // the first segment that moves HEAD or the index (firstMove), with rewriterAt
	rewriterDone bool

	// How many cap steps the trace lists for each code, how many it
	// does not, and where it says so (cap).
	capSteps  [numCodes]uint8
	capMore   [numCodes]int32
	capMoreAt [numCodes]int32 // the index of the step that counts them

	// The trace is gathered in buf, on Decide's stack (and in more, past
	// its room); finish copies it once, at its final length, into the
	// Decision: one allocation of the size it needs.
	buf  [traceOnStack]Step
	n    int
	more []Step

	// The decision's work is counted against its budget: on own until
	// the terminal command is read, then on the reading's counter (wk).
	own       work.Counter
	budget    int
	outOfWork bool // the integrity cap named the exhausted budget
}

// traceOnStack is room for the trace of most decisions; a longer one moves
// to the heap as it grows.
const traceOnStack = 12

// recover turns a panic of the engine into an internal_error deny; after a
// decision that did not fail, it hands the command's reading back to its
// pool. The reading (and any parser) of a failed call is not handed back:
// it may be half-written.
func (x *decider) recover(d *Decision) {
	if r := recover(); r != nil {
		*d = internalError(r)
		return
	}
	if x.cmd != nil {
		x.cmd.Release()
	}
}

// step appends a step to the trace, with the running outcome.
func (x *decider) step(s Step) {
	// A step repeats at most an excerpt of its segment: nested and
	// wrapped segments are parts of the segments around them, and the
	// trace must not copy the same text once per level.
	s.Segment = shell.Excerpt(s.Segment)
	// The trace is work too: its text must stay linear in the command.
	x.wk().Spend(1 + len(s.Segment) + len(s.Detail))
	s.Outcome = x.d.Outcome
	if x.n < len(x.buf) {
		x.buf[x.n] = s
		x.n++
		return
	}
	x.more = append(x.more, s)
}

// set makes a stage's opinion the running value and the decision's cause.
func (x *decider) set(o Outcome, code Code, reason, segment string, r *CompiledRule) {
	x.d.Outcome, x.d.Rule, x.d.Reason, x.d.Segment = o, code, reason, segment
	x.d.Pattern, x.d.Source = "", ""
	if r != nil {
		x.d.Pattern, x.d.Source = r.Text, r.sourceString()
	}
}

// decide is set followed by the step that records it.
func (x *decider) decide(stage Stage, o Outcome, code Code, reason string) {
	x.set(o, code, reason, "", nil)
	x.step(Step{Stage: stage, Rule: code, Detail: reason})
}

func (x *decider) finish() Decision {
	x.d.Trace = append(append(make([]Step, 0, x.n+len(x.more)), x.buf[:x.n]...), x.more...)
	x.capsNotListed(x.d.Trace)
	return x.d
}

// inputChecks is stage 1: an unknown action type or role, or an empty
// terminal command, is denied.
func (x *decider) inputChecks() bool {
	a, role := x.req.Action, x.req.Role
	switch {
	case !a.Type.valid():
		x.decide(StageInput, Deny, CodeInvalidAction, "unknown action type: nothing is allowed for an action the engine does not know")
	case role <= RoleUnknown || role > Owner:
		x.decide(StageInput, Deny, CodeInvalidRole, "unknown role: nothing is allowed without a known IAM role")
	case a.Type == Terminal && isBlank(a.Command):
		x.decide(StageInput, Deny, CodeInvalidAction, "empty terminal command")
	default:
		return true
	}
	return false
}

// iam is stage 2, before the file: the file never grants what IAM denies.
func (x *decider) iam() bool {
	t, role := x.req.Action.Type, x.req.Role
	if min := t.MinRole(); role < min {
		x.decide(StageIAM, Deny, CodeIAM, t.String()+" needs role "+min.String()+" or higher; "+role.String()+" is below it")
		return false
	}
	return true
}

// base is stage 3: pending, or auto_approve for a terminal command while
// the project's container runs (the container floor).
func (x *decider) base() {
	if x.req.Action.Type == Terminal && x.req.Env.ContainerRunning {
		x.decide(StageBase, AutoApprove, CodeContainerFloor, "the project's container is running: terminal commands start from auto_approve")
		return
	}
	x.decide(StageBase, RequireApproval, CodeDefault, "pending, no rule: the absence of a rule never becomes a permission")
}

// autonomy is stage 4: the agent-autonomy opinion replaces the running
// value; deny denies.
func (x *decider) autonomy() bool {
	au := x.req.Autonomy
	x.auto = au.AutoMode()
	switch au.Mode {
	case AutonomyDeny:
		x.decide(StageAutonomy, Deny, CodeAutonomyDeny, "agent autonomy ("+au.Origin.String()+") says deny")
		return false
	case AutonomyRequireApproval:
		x.decide(StageAutonomy, RequireApproval, CodeAutonomy, "agent autonomy ("+au.Origin.String()+") says require_approval")
	case AutonomyAutoApprove:
		why := "agent autonomy (specific rule) says auto_approve"
		if x.auto {
			why = "agent autonomy (auto mode, the \"*\" wildcard) says auto_approve"
		}
		x.decide(StageAutonomy, AutoApprove, CodeAutonomy, why)
	case NoOpinion:
		x.step(Step{Stage: StageAutonomy, Detail: keepsDetail[x.d.Outcome]})
	default:
		x.decide(StageAutonomy, Deny, CodeAutonomyDeny, "unknown agent autonomy mode: refused")
		return false
	}
	return true
}

// rules is stage 5: permissions.json and the built-in floor. It reports
// false when they deny.
func (x *decider) rules() bool {
	if x.req.Action.Type != Terminal {
		return x.typedRules()
	}
	x.readTerminal()
	return x.terminalRules()
}

// caps is stage 6: each cap that fires turns auto_approve into
// require_approval.
func (x *decider) caps() {
	if x.req.Action.Type == Terminal {
		x.terminalCaps()
		return
	}
	x.typedCaps()
}

// typedRules is stage 5 for an action other than a terminal command.
func (x *decider) typedRules() bool {
	t := x.req.Action.Type
	if r := x.p.matchType(ListDeny, t); r != nil {
		x.fileRule(Deny, CodeFileDeny, r)
		return false
	}
	if r := x.p.matchType(ListAsk, t); r != nil {
		x.fileRule(RequireApproval, CodeFileAsk, r)
	} else if r := x.p.matchType(ListAllow, t); r != nil {
		x.fileRule(AutoApprove, CodeFileAllow, r)
	} else {
		x.step(Step{Stage: StageFile, Detail: "no rule for " + t.Label() + ": silent, keeps " + x.d.Outcome.String()})
	}
	return true
}

// fileRule records a rule of the file as the running value.
func (x *decider) fileRule(o Outcome, code Code, r *CompiledRule) {
	x.set(o, code, r.describe(), "", r)
	x.step(Step{Stage: StageFile, Rule: code, Matched: r, Detail: x.d.Reason})
}

// protCheck returns the protected-path check of this decision.
func (x *decider) protCheck(root string) paths.Checker {
	var prot *paths.Protected
	if x.p != nil {
		prot = x.p.prot
	}
	pc := prot.Check(root)
	pc.Work = x.wk() // a pattern's search against the protected ones is work too
	return pc
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
