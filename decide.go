package permengine

import (
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"strings"
)

// Action is what an agent proposes.
type Action struct {
	// Type is the action type; the zero value is unknown and denied.
	Type ActionType `json:"type"`
	// Command is the shell command of a terminal action.
	Command string `json:"command,omitempty"`
	// Cwd is the absolute working directory a terminal command runs in.
	// Empty means unknown: the command is then not auto-approved.
	Cwd string `json:"cwd,omitempty"`
	// Branch is the destination branch of a git_merge. Empty means
	// unknown, which the protected-merge cap treats as protected.
	Branch string `json:"branch,omitempty"`
	// Path is the target of a write_file, absolute or relative to Cwd (or
	// to the scope root when Cwd is empty).
	Path string `json:"path,omitempty"`
}

// Autonomy is the agent-autonomy opinion for the action's type, resolved by
// the host (a specific rule wins over the "*" wildcard). The zero value is
// "no opinion".
type Autonomy struct {
	Mode   AutonomyMode `json:"mode"`
	Origin Origin       `json:"origin"`
}

// AutoMode reports whether the opinion is auto mode: auto_approve from the
// "*" wildcard.
func (a Autonomy) AutoMode() bool { return a.Mode == AutonomyAutoApprove && a.Origin == OriginWildcard }

// Env is the project context. The zero value has no scope (nothing
// terminal is auto-approved) and no running container.
type Env struct {
	// ScopeRoot is the project folder: absolute and clean. See
	// ValidateScopeRoot.
	ScopeRoot string `json:"scope_root,omitempty"`
	// ContainerRunning is true when the project's container is registered
	// as running: terminal commands then start from auto_approve.
	ContainerRunning bool `json:"container_running,omitempty"`
}

// Request is everything Decide needs besides the policy. Its zero value is
// denied (unknown action type, unknown role).
type Request struct {
	Action   Action   `json:"action"`
	Role     Role     `json:"role"`
	Autonomy Autonomy `json:"autonomy"`
	Env      Env      `json:"env"`
}

// Stage names a step of the decision pipeline in a trace.
type Stage uint8

// The stages, in pipeline order.
const (
	StageInput    Stage = iota // input checks
	StageIAM                   // the role's minimum
	StageBase                  // the base value and the container floor
	StageAutonomy              // the agent-autonomy opinion
	StageSegment               // one segment of a terminal command, classified
	StageFile                  // permissions.json and the built-in floor
	StageCap                   // a final cap
)

var stageNames = [...]string{"input", "iam", "base", "autonomy", "segment", "permissions", "cap"}

// String returns the stage's wire name.
func (s Stage) String() string { return nameOf(stageNames[:], int(s)) }

// MarshalText implements encoding.TextMarshaler.
func (s Stage) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *Stage) UnmarshalText(b []byte) error {
	i, err := indexOf(stageNames[:], string(b), "stage")
	*s = Stage(i)
	return err
}

// Effect is what a cap did to the outcome.
type Effect uint8

// The effects of a cap in a trace; the zero value is for steps that are not
// caps.
const (
	EffectUnset   Effect = iota
	EffectApplied        // turned auto_approve into require_approval
	EffectLifted         // auto mode lifts this cap
	EffectNone           // nothing to cap: the outcome was not auto_approve
)

var effectNames = [...]string{"", "applied", "lifted by auto mode", "no effect (the outcome was not auto_approve)"}

// String returns the effect in words ("" for EffectUnset).
func (e Effect) String() string { return nameOf(effectNames[:], int(e)) }

// MarshalText implements encoding.TextMarshaler.
func (e Effect) MarshalText() ([]byte, error) { return []byte(e.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (e *Effect) UnmarshalText(b []byte) error {
	i, err := indexOf(effectNames[:], string(b), "cap effect")
	*e = Effect(i)
	return err
}

// nameOf returns names[i], or "unknown" out of range.
func nameOf(names []string, i int) string {
	if i >= 0 && i < len(names) {
		return names[i]
	}
	return "unknown"
}

// indexOf finds s in names; an unknown name is an error that says what
// kind of name it is.
func indexOf(names []string, s, what string) (int, error) {
	for i, n := range names {
		if n == s {
			return i, nil
		}
	}
	return 0, fmt.Errorf("permengine: unknown %s %q", what, s)
}

// Step is one line of a decision's trace.
type Step struct {
	Stage   Stage
	Outcome Outcome // the running outcome after the step
	Effect  Effect  // for caps
	// Rule is the code of what happened at this step (CodeUnset for a
	// silent stage). For a segment it says how it was classified:
	// file_allow or scope_cd allow, file_ask asks, file_deny or
	// builtin_deny deny, CodeUnset none.
	Rule Code
	// Segment is the segment the step is about, if any.
	Segment string
	// Detail says what happened in words.
	Detail string
	// Matched is the rule that matched at this step, if any. Compiled
	// rules are immutable and shared; do not modify it.
	Matched *Rule
}

// stepJSON is the wire form of a Step.
type stepJSON struct {
	Stage   Stage   `json:"stage"`
	Rule    Code    `json:"rule,omitempty"`
	Outcome Outcome `json:"outcome"`
	Segment string  `json:"segment,omitempty"`
	Pattern string  `json:"pattern,omitempty"`
	Source  string  `json:"source,omitempty"`
	Detail  string  `json:"detail"`
	Effect  string  `json:"effect,omitempty"`
}

// MarshalJSON writes the step with the matched rule's pattern and source.
func (s Step) MarshalJSON() ([]byte, error) {
	j := stepJSON{Stage: s.Stage, Rule: s.Rule, Outcome: s.Outcome, Segment: s.Segment, Detail: s.Detail, Effect: s.Effect.String()}
	if s.Matched != nil {
		j.Pattern, j.Source = s.Matched.Text, s.Matched.sourceString()
	}
	return json.Marshal(j)
}

// UnmarshalJSON reads the wire form. The matched rule comes back as a
// detached Rule holding only its text and source, for display.
func (s *Step) UnmarshalJSON(b []byte) error {
	var j stepJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	var e Effect
	if err := e.UnmarshalText([]byte(j.Effect)); err != nil {
		return err
	}
	*s = Step{Stage: j.Stage, Rule: j.Rule, Outcome: j.Outcome, Segment: j.Segment, Detail: j.Detail, Effect: e}
	if j.Pattern != "" {
		s.Matched = &Rule{Text: j.Pattern, src: j.Source}
	}
	return nil
}

// Pattern returns the text of the matched rule, or "".
func (s Step) Pattern() string { return ruleText(s.Matched) }

// Source returns where the matched rule came from, or "".
func (s Step) Source() string { return ruleSource(s.Matched) }

// Decision is the engine's answer.
type Decision struct {
	// Outcome is auto_approve, require_approval or deny.
	Outcome Outcome `json:"outcome"`
	// Rule is the stable code of what decided (SPEC §9).
	Rule Code `json:"rule"`
	// Reason names the rule in words, with its source. For a terminal
	// command of one segment it is the rule itself; in a compound command
	// it names the deciding segment first.
	Reason string `json:"reason"`
	// Segment is the part of a terminal command that decided, if any.
	Segment string `json:"segment,omitempty"`
	// Pattern is the rule text that decided, if a rule did.
	Pattern string `json:"pattern,omitempty"`
	// Source is where Pattern came from.
	Source string `json:"source,omitempty"`
	// Trace lists every stage and every cap that fired, in order.
	Trace []Step `json:"trace,omitempty"`
}

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
}

// traceOnStack is room for the trace of most decisions; a longer one moves
// to the heap as it grows.
const traceOnStack = 12

func (x *decider) step(s Step) {
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
func Decide(p *Policy, req Request) (d Decision) {
	var cmd *command
	defer func() {
		if r := recover(); r != nil {
			// The command (and any parser) of a failed call is not handed
			// back to its pool: it may be half-written.
			d = internalError(r)
			return
		}
		if cmd != nil {
			cmd.release()
		}
	}()
	x := &decider{req: req, p: p}
	a := req.Action
	blank := a.Type == Terminal && isBlank(a.Command)
	if a.Type == Terminal && req.Role > RoleUnknown && req.Role <= Owner && !blank {
		cmd = readTerminal(a)
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
		x.terminal(cmd)
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

// writeFileCaps applies path scope and protected paths to a write_file
// target: the same threat as a redirection in a terminal command.
func (x *decider) writeFileCaps() {
	a := x.req.Action
	root := x.req.Env.ScopeRoot
	if err := ValidateScopeRoot(root); err != nil {
		x.cap(CodeNoScope, "", "no scope configured ("+err.Error()+"): write_file is not auto-approved", false)
		return
	}
	if a.Path == "" {
		x.cap(CodePathScope, "", "write_file without a target path: its place cannot be checked", true)
		return
	}
	base := a.Cwd
	if base == "" {
		base = root
	}
	dirs := []string{base}
	if why := onePathProblem(a.Path, 0, dirs, root, true); why != "" {
		x.cap(CodePathScope, "", "write_file target "+quote(a.Path)+": "+why, true)
	}
	if !strings.HasPrefix(base, "/") {
		x.cap(CodePathScope, "", "working directory "+quote(base)+" is not absolute", true)
	}
	pc := x.protCheck(root)
	if why := pc.problem(a.Path, dirs); why != "" {
		x.cap(CodeProtectedPath, "", "write_file target "+quote(a.Path)+" is "+why+": a person approves every change to it", false)
	}
}

// protCheck assembles the protected-path check for this decision.
func (x *decider) protCheck(root string) protCheck {
	pc := protCheck{set: defaultProtectedSet, root: root, minName: len(policyFileName)}
	if x.p != nil {
		if x.p.prot != nil {
			pc.set = x.p.prot
		}
		pc.files, pc.bases = x.p.files, x.p.fileBases
		pc.minName = x.p.minName
		pc.baseNoDot = x.p.baseNoDot
	}
	return pc
}

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
func (x *decider) terminal(cmd *command) {
	a := x.req.Action
	root := x.req.Env.ScopeRoot
	rootErr := ValidateScopeRoot(root)
	integrity := ""
	if !cmd.fastTop || len(a.Command) > MaxCommandBytes {
		integrity = integrityProblem(a.Command)
	}

	// Classify every segment.
	var firstAsk, firstNone = -1, -1
	var askRule *Rule
	var askWhy string
	var firstRule *Rule // for a single allowed segment: its rule…
	var firstCode Code  // …and code (file_allow or scope_cd)
	var firstWhy string
	allAllow := len(cmd.segs) > 0
	for i := range cmd.segs {
		s := &cmd.segs[i]
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
		x.step(Step{Stage: StageSegment, Rule: code, Segment: s.text, Matched: r, Detail: detail})
		if i == 0 {
			firstRule, firstCode, firstWhy = r, code, why
		}
		switch cls {
		case classDeny:
			reason := ruleReason(len(cmd.segs), s.text, why, r)
			x.set(Deny, code, reason, s.text, r)
			x.step(Step{Stage: StageFile, Rule: code, Segment: s.text, Matched: r, Detail: reason})
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
		s := cmd.segs[firstAsk]
		x.set(RequireApproval, CodeFileAsk, ruleReason(len(cmd.segs), s.text, askWhy, askRule), s.text, askRule)
		x.step(Step{Stage: StageFile, Rule: CodeFileAsk, Segment: s.text, Matched: askRule, Detail: x.d.Reason})
	case allAllow:
		if len(cmd.segs) == 1 {
			s := &cmd.segs[0]
			reason := firstWhy
			if firstRule != nil {
				reason = ruleReason(1, s.text, "", firstRule)
			}
			x.set(AutoApprove, firstCode, reason, s.text, firstRule)
		} else {
			x.set(AutoApprove, CodeFileAllow, allAllowReason(len(cmd.segs)), "", nil)
		}
		var m *Rule
		if len(cmd.segs) == 1 {
			m = firstRule
		}
		x.step(Step{Stage: StageFile, Rule: x.d.Rule, Segment: x.d.Segment, Matched: m, Detail: x.d.Reason})
	case len(cmd.segs) <= 1 || x.auto:
		why := silentDetail[x.cur]
		if len(cmd.segs) > 1 {
			why = autoSilentDetail[x.cur]
		}
		x.step(Step{Stage: StageFile, Detail: why})
	default:
		s := cmd.segs[firstNone]
		x.set(RequireApproval, CodeCompoundUnmatched, segmentReason(s.text, " has no rule: in a command of ", strconv.Itoa(len(cmd.segs)), " segments every one must match allow"), s.text, nil)
		x.step(Step{Stage: StageFile, Rule: CodeCompoundUnmatched, Segment: s.text, Detail: x.d.Reason})
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
func (x *decider) classify(s *segment, root string, rootOK bool) (segClass, *Rule, Code, string) {
	for vi, v := range s.views {
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
	for vi, v := range s.views {
		m := x.p.matchAllLists(v)
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
		return classDeny, deny, CodeFileDeny, readAs(denyView, s.views[denyView])
	}
	if ask != nil {
		return classAsk, ask, CodeFileAsk, readAs(askView, s.views[askView])
	}
	if x.p.hasDenyAsk() && len(s.words) > 1 && scanUnknown(s) {
		for i := 1; i < len(s.words); i++ {
			rest := s.words[i:]
			if !x.p.mayStartDenyAsk(rest[0]) {
				continue
			}
			if b := baseName(rest[0]); b != rest[0] {
				rest = append([]string{b}, rest[1:]...)
			}
			m := x.p.matchAllLists(rest)
			r := m[ListDeny]
			if r == nil {
				r = m[ListAsk]
			}
			if r != nil {
				return classAsk, r, CodeFileAsk, " (" + quote(s.words[0]) + " is not a known program and may run " + quote(strings.Join(rest, " ")) + ")"
			}
		}
	}
	if allow != nil {
		return classAllow, allow, CodeFileAllow, ""
	}
	if s.cd && rootOK && len(s.cdTo) > 0 {
		for _, d := range s.cdTo {
			if d == "" || !inside(d, root) {
				return classNone, nil, CodeUnset, ""
			}
		}
		return classAllow, nil, CodeScopeCd, "cd inside the project folder declares the scope"
	}
	return classNone, nil, CodeUnset, ""
}

// allAllowReasons are the reasons of compound commands whose every segment
// is allowed, made once for the usual sizes.
var allAllowReasons = func() (r [33]string) {
	for n := 2; n < len(r); n++ {
		r[n] = "every one of the " + strconv.Itoa(n) + " segments matches allow"
	}
	return r
}()

func allAllowReason(n int) string {
	if n >= 2 && n < len(allAllowReasons) {
		return allAllowReasons[n]
	}
	return "every one of the " + strconv.Itoa(n) + " segments matches allow"
}

// ruleReason is the reason of a segment's classification in a command of
// n segments. When the command is that one segment, read as written, the
// rule's own description is the reason (Decision.Segment still names the
// segment); otherwise the reason names the segment first, and how it was
// read when a looked-through view matched. r is nil for the built-in rm
// floor, whose why says it all.
func ruleReason(n int, text, why string, r *Rule) string {
	switch {
	case r == nil:
		return segmentReason(text, " matches ", why, "")
	case n == 1 && why == "":
		return r.describe()
	}
	return segmentReason(text, why, " matches ", r.describe())
}

// segmentReason renders `segment "TEXT"` followed by a, b and c, in one
// allocation when the text needs no escaping (the common case).
func segmentReason(text, a, b, c string) string {
	for i := 0; i < len(text); i++ {
		if ch := text[i]; ch < 0x20 || ch >= 0x7f || ch == '"' || ch == '\\' {
			return "segment " + quote(text) + a + b + c
		}
	}
	return "segment \"" + text + "\"" + a + b + c
}

// readAs describes a looked-through view for reasons; "" for the literal
// words.
func readAs(vi int, v []string) string {
	if vi == 0 {
		return ""
	}
	return " (read as " + quote(strings.Join(v, " ")) + ")"
}

// terminalCaps applies every terminal cap, in a fixed order.
func (x *decider) terminalCaps(cmd *command, integrity, root string, rootErr error) {
	// Integrity: what a person reads must be what runs.
	switch {
	case integrity != "":
		x.cap(CodeIntegrity, "", integrity, false)
	case cmd.parseErr != "":
		x.cap(CodeIntegrity, "", "the command does not parse ("+cmd.parseErr+")", false)
	}
	if cmd.control != "" {
		x.cap(CodeIntegrity, "", "the command uses "+cmd.control+": control structures are never auto-approved", false)
	}
	if cmd.dynamic != "" {
		x.cap(CodeIntegrity, "", cmd.dynamic, false)
	}
	if cmd.tooDeep {
		x.cap(CodeIntegrity, "", "scripts nested more than "+strconv.Itoa(maxNesting)+" deep", false)
	}
	if cmd.tooMany {
		x.cap(CodeIntegrity, "", "more than "+strconv.Itoa(maxSegments)+" simple commands", false)
	}
	for i := range cmd.segs {
		s := &cmd.segs[i]
		for _, v := range s.views {
			if len(v) > 0 && computedVerb(v[0]) {
				x.cap(CodeIntegrity, s.text, "the program to run ("+quote(v[0])+") is computed at run time", false)
				break
			}
		}
	}

	// External effect and privilege: auto mode does not lift them.
	var extra [][]string
	if x.p != nil {
		extra = x.p.ext.ExternalEffect
	}
	for i := range cmd.segs {
		s := &cmd.segs[i]
		if hit, ok := segEffect(s, extra); ok {
			why := hit.why
			if hit.instead != "" {
				why += "; propose a typed " + hit.instead + " action instead"
			}
			x.cap(hit.code, s.text, why, false)
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
	for i := range cmd.segs {
		s := &cmd.segs[i]
		if why := segProtected(s, &pc); why != "" {
			x.cap(CodeProtectedPath, s.text, why, false)
		}
	}
	for _, ref := range cmd.paths {
		if why := pc.problem(ref.text, ref.dirs); why != "" {
			x.cap(CodeProtectedPath, "", "redirection "+ref.op+" "+quote(ref.text)+" reaches "+why, false)
		}
	}

	// Exec-capable arguments: lifted by auto mode, like the path scope.
	for i := range cmd.segs {
		s := &cmd.segs[i]
		for vi, v := range s.views {
			if len(v) == 0 {
				continue
			}
			if why := execArgumentBits(v, s.viewBits(vi)); why != "" {
				x.cap(CodeExecArgument, s.text, why, true)
				break
			}
		}
	}
}

// segEffect checks every view of a segment for external effect or
// privilege, and, for an unknown program, every later word that starts a
// row of the tables.
func segEffect(s *segment, extra [][]string) (effectHit, bool) {
	for vi, v := range s.views {
		if len(v) == 0 {
			continue
		}
		if hit, ok := externalEffectBits(v, s.viewBits(vi), extra); ok {
			return hit, true
		}
	}
	if len(s.words) < 2 || !scanUnknown(s) {
		return effectHit{}, false
	}
	for i := 1; i < len(s.words); i++ {
		b := baseName(s.words[i])
		if !effectVerbs[b] && !extraVerb(extra, b) {
			continue
		}
		rest := append([]string{b}, s.words[i+1:]...)
		if hit, ok := externalEffect(rest, extra); ok {
			hit.why += " (" + quote(s.words[0]) + " is not a known program and may run it)"
			return hit, true
		}
	}
	return effectHit{}, false
}

func extraVerb(extra [][]string, v string) bool {
	for _, e := range extra {
		if len(e) > 0 && e[0] == v {
			return true
		}
	}
	return false
}

// computedVerb reports a program name that is only known at run time: it
// holds an expansion or a glob. "[" and "[[" alone are the test commands.
func computedVerb(v string) bool {
	bracket := false
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '$', '`', '*', '?':
			return true
		case '[':
			bracket = true
		case ']':
			if bracket {
				return true
			}
		}
	}
	return false
}

// scopeCaps checks the working directory, every path word and every
// redirection target against the scope root.
func (x *decider) scopeCaps(cmd *command, root string) {
	cwd := x.req.Action.Cwd
	switch {
	case cwd == "":
		x.cap(CodePathScope, "", "no working directory given: where the command runs cannot be checked", true)
	case !strings.HasPrefix(cwd, "/"):
		x.cap(CodePathScope, "", "working directory "+quote(cwd)+" is not absolute", true)
	case cwd != root && !inside(path.Clean(cwd), root):
		x.cap(CodePathScope, "", "working directory "+cwd+" is outside the scope "+root, true)
	}
	for i := range cmd.segs {
		s := &cmd.segs[i]
		if s.cd {
			for _, d := range s.cdTo {
				if d == "" {
					x.cap(CodePathScope, s.text, "cd to a directory that cannot be known (no argument, -, ~ or a variable)", true)
					break
				}
			}
		}
		var data uint64
		if s.bits&(vbPattern|vbAssignment) != 0 {
			data = dataArgs(s.words)
		}
		for j, w := range s.words {
			if data&(1<<uint(min(j, 63))) != 0 && j < 63 || s.flags[j] == 0 && s.masks[j]&(wmDot|wmPath|wmEq) == 0 {
				continue
			}
			if why := pathProblem(w, s.flags[j], s.dirs, root, false); why != "" {
				x.cap(CodePathScope, s.text, quote(w)+": "+why, true)
				break
			}
		}
		for _, ref := range s.redirs {
			if why := pathProblem(ref.text, ref.flags, ref.dirs, root, true); why != "" {
				x.cap(CodePathScope, s.text, "redirection "+ref.op+" "+quote(ref.text)+": "+why, true)
				break
			}
		}
	}
	for _, ref := range cmd.paths {
		if why := pathProblem(ref.text, ref.flags, ref.dirs, root, true); why != "" {
			x.cap(CodePathScope, "", "redirection "+ref.op+" "+quote(ref.text)+": "+why, true)
		}
	}
}

// segProtected checks a segment's words and redirection targets against
// the protected paths.
func segProtected(s *segment, pc *protCheck) string {
	every := !pc.set.dotOnly || pc.baseNoDot || pc.dirsDot(s.dirs)
	for j, w := range s.words {
		if !every && s.masks[j]&wmDot == 0 {
			continue // every pattern and file name needs a '.' (see protCheck.one)
		}
		if why := pc.problem(w, s.dirs); why != "" {
			return quote(w) + " reaches " + why + ": a person approves every use of it"
		}
	}
	for _, ref := range s.redirs {
		if why := pc.problem(ref.text, ref.dirs); why != "" {
			return "redirection " + ref.op + " " + quote(ref.text) + " reaches " + why + ": a person approves every use of it"
		}
	}
	return ""
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

// readTerminal reads a terminal command with a pooled command; the caller
// releases it.
func readTerminal(a Action) *command {
	if len(a.Command) > MaxCommandBytes {
		// Too long to read in full: deny rules still see a plain split of
		// the beginning, and the integrity cap keeps it from approval.
		cmd := getCommand()
		cmd.cwd[0] = a.Cwd
		cmd.fallbackSplit(a.Command[:MaxCommandBytes], cmd.cwd[:], 0, "")
		return cmd
	}
	return readPooled(a.Command, a.Cwd)
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
