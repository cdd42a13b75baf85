package permengine

import (
	"encoding/json"
	"fmt"
)

// Outcome is what the engine answers for a proposed action. The zero value
// is Deny, so a Decision that was never filled in refuses.
type Outcome uint8

// The three outcomes, from the most to the least restrictive.
const (
	Deny            Outcome = iota // refused; nothing reverts it
	RequireApproval                // goes to a person
	AutoApprove                    // runs without asking
)

var outcomeNames = [...]string{Deny: "deny", RequireApproval: "require_approval", AutoApprove: "auto_approve"}

// String returns the wire form: "deny", "require_approval" or "auto_approve".
func (o Outcome) String() string {
	if int(o) < len(outcomeNames) {
		return outcomeNames[o]
	}
	return fmt.Sprintf("Outcome(%d)", uint8(o))
}

// MarshalText implements encoding.TextMarshaler with the wire form.
func (o Outcome) MarshalText() ([]byte, error) {
	if int(o) >= len(outcomeNames) {
		return nil, fmt.Errorf("permengine: invalid outcome %d", uint8(o))
	}
	return []byte(outcomeNames[o]), nil
}

// UnmarshalText implements encoding.TextUnmarshaler. Unknown text is an
// error, never a default.
func (o *Outcome) UnmarshalText(b []byte) error {
	v, err := ParseOutcome(string(b))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// ParseOutcome reads the wire form of an outcome.
func ParseOutcome(s string) (Outcome, error) {
	for i, n := range outcomeNames {
		if n == s {
			return Outcome(i), nil
		}
	}
	return Deny, fmt.Errorf("permengine: unknown outcome %q (want auto_approve, require_approval or deny)", s)
}

// Role is the IAM role of whoever the agent acts for. The zero value is
// RoleUnknown, which is denied everything.
type Role uint8

// Roles rank Developer < Maintainer < Owner.
const (
	RoleUnknown Role = iota
	Developer
	Maintainer
	Owner
)

var roleNames = [...]string{RoleUnknown: "", Developer: "developer", Maintainer: "maintainer", Owner: "owner"}

// String returns "developer", "maintainer", "owner", or "unknown".
func (r Role) String() string {
	if r == RoleUnknown || int(r) >= len(roleNames) {
		return "unknown"
	}
	return roleNames[r]
}

// MarshalText implements encoding.TextMarshaler.
func (r Role) MarshalText() ([]byte, error) { return []byte(r.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler. An unknown role is an
// error; callers that prefer to decide anyway can keep RoleUnknown, which
// Decide denies.
func (r *Role) UnmarshalText(b []byte) error {
	v, err := ParseRole(string(b))
	*r = v
	return err
}

// ParseRole reads a role name. Unknown or empty names give RoleUnknown and
// an error.
func ParseRole(s string) (Role, error) {
	for i, n := range roleNames {
		if i != 0 && n == s {
			return Role(i), nil
		}
	}
	return RoleUnknown, fmt.Errorf("permengine: unknown role %q (want developer, maintainer or owner)", s)
}

// AutonomyMode is the agent-autonomy opinion for the action's type. The zero
// value is NoOpinion: the stage keeps what it was given.
type AutonomyMode uint8

// The autonomy opinions.
const (
	NoOpinion AutonomyMode = iota
	AutonomyDeny
	AutonomyRequireApproval
	AutonomyAutoApprove
)

var autonomyNames = [...]string{NoOpinion: "", AutonomyDeny: "deny", AutonomyRequireApproval: "require_approval", AutonomyAutoApprove: "auto_approve"}

// String returns the wire form, or "none" for NoOpinion.
func (m AutonomyMode) String() string {
	if m == NoOpinion || int(m) >= len(autonomyNames) {
		return "none"
	}
	return autonomyNames[m]
}

// MarshalText implements encoding.TextMarshaler.
func (m AutonomyMode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (m *AutonomyMode) UnmarshalText(b []byte) error {
	v, err := ParseAutonomyMode(string(b))
	if err != nil {
		return err
	}
	*m = v
	return nil
}

// ParseAutonomyMode reads "auto_approve", "require_approval", "deny", or
// "" / "none" for no opinion.
func ParseAutonomyMode(s string) (AutonomyMode, error) {
	switch s {
	case "", "none":
		return NoOpinion, nil
	}
	for i, n := range autonomyNames {
		if i != 0 && n == s {
			return AutonomyMode(i), nil
		}
	}
	return NoOpinion, fmt.Errorf("permengine: unknown autonomy mode %q (want auto_approve, require_approval, deny or none)", s)
}

// Origin says where an autonomy opinion came from. The zero value is
// OriginSpecific: only an explicit wildcard turns on auto mode.
type Origin uint8

// The origins of an autonomy opinion.
const (
	OriginSpecific Origin = iota // a rule for this action type
	OriginWildcard               // the "*" rule: auto mode when it says auto_approve
)

// String returns "specific" or "wildcard".
func (o Origin) String() string {
	if o == OriginWildcard {
		return "wildcard"
	}
	return "specific"
}

// MarshalText implements encoding.TextMarshaler.
func (o Origin) MarshalText() ([]byte, error) { return []byte(o.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (o *Origin) UnmarshalText(b []byte) error {
	v, err := ParseOrigin(string(b))
	if err != nil {
		return err
	}
	*o = v
	return nil
}

// ParseOrigin reads "specific" (or "") and "wildcard" (or "*").
func ParseOrigin(s string) (Origin, error) {
	switch s {
	case "", "specific":
		return OriginSpecific, nil
	case "wildcard", "*":
		return OriginWildcard, nil
	}
	return OriginSpecific, fmt.Errorf("permengine: unknown autonomy origin %q (want specific or wildcard)", s)
}

// Code is the stable machine code of the rule that decided. Codes
// never change meaning; new ones may be added. Its zero value is CodeUnset,
// which no decision carries. On the wire it is the code's name.
type Code uint8

// The rule codes.
const (
	CodeUnset Code = iota
	CodeInvalidAction
	CodeInvalidRole
	CodeIAM
	CodeDefault
	CodeContainerFloor
	CodeAutonomy
	CodeAutonomyDeny
	CodeBuiltinDeny
	CodeFileDeny
	CodeFileAsk
	CodeFileAllow
	CodeScopeCd
	CodeCompoundUnmatched
	CodeProtectedMerge
	CodeInstructionPatch
	CodeParallelism
	CodeTypedPush
	CodeContainerRemove
	CodeExternalEffect
	CodePrivileged
	CodePathScope
	CodeNoScope
	CodeProtectedPath
	CodeIntegrity
	CodeExecArgument
	CodeInternalError
	numCodes
)

var codeNames = [numCodes]string{
	CodeUnset: "", CodeInvalidAction: "invalid_action", CodeInvalidRole: "invalid_role", CodeIAM: "iam",
	CodeDefault: "default", CodeContainerFloor: "container_floor", CodeAutonomy: "autonomy",
	CodeAutonomyDeny: "autonomy_deny", CodeBuiltinDeny: "builtin_deny", CodeFileDeny: "file_deny",
	CodeFileAsk: "file_ask", CodeFileAllow: "file_allow", CodeScopeCd: "scope_cd",
	CodeCompoundUnmatched: "compound_unmatched", CodeProtectedMerge: "cap_protected_merge",
	CodeInstructionPatch: "cap_instruction_patch", CodeParallelism: "cap_parallelism",
	CodeTypedPush: "cap_typed_push", CodeContainerRemove: "cap_container_remove",
	CodeExternalEffect: "cap_external_effect", CodePrivileged: "cap_privileged",
	CodePathScope: "cap_path_scope", CodeNoScope: "cap_no_scope", CodeProtectedPath: "cap_protected_path",
	CodeIntegrity: "cap_integrity", CodeExecArgument: "cap_exec_argument",
	CodeInternalError: "internal_error",
}

// String returns the code's wire name ("file_allow", "cap_path_scope", …;
// "" for CodeUnset).
func (c Code) String() string {
	if c < numCodes {
		return codeNames[c]
	}
	return fmt.Sprintf("Code(%d)", uint8(c))
}

// IsCap reports whether the code names a final cap.
func (c Code) IsCap() bool { return c >= CodeProtectedMerge && c <= CodeExecArgument }

// MarshalText implements encoding.TextMarshaler.
func (c Code) MarshalText() ([]byte, error) { return []byte(c.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler.
func (c *Code) UnmarshalText(b []byte) error {
	v, err := ParseCode(string(b))
	*c = v
	return err
}

// ParseCode reads a code's wire name.
func ParseCode(s string) (Code, error) {
	for i, n := range codeNames {
		if n == s {
			return Code(i), nil
		}
	}
	return CodeUnset, fmt.Errorf("permengine: unknown rule code %q", s)
}

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
	// AdditionalDirs are more working directories inside the path scope
	// (a monorepo's sibling, a shared cache; Claude Code's
	// additionalDirectories). Each is validated like the scope root; one
	// that is not valid widens nothing. Only the path scope reads them:
	// the policy file and protected paths stay those of ScopeRoot.
	AdditionalDirs []string `json:"additional_dirs,omitempty"`
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
	Matched *CompiledRule
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
		s.Matched = &CompiledRule{Text: j.Pattern, src: j.Source}
	}
	return nil
}

// SegmentClass says how a segment step classified its segment: "allow",
// "ask", "deny" or "none" (no rule); "" for a step of another stage.
func (s Step) SegmentClass() string {
	if s.Stage != StageSegment {
		return ""
	}
	return classOf(s.Rule).String()
}

// Pattern returns the text of the matched rule, or "".
func (s Step) Pattern() string { return ruleText(s.Matched) }

// Source returns where the matched rule came from, or "".
func (s Step) Source() string { return ruleSource(s.Matched) }

// Decision is the engine's answer.
type Decision struct {
	// Outcome is auto_approve, require_approval or deny.
	Outcome Outcome `json:"outcome"`
	// Rule is the stable code of what decided (not a CompiledRule).
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
	// Trace lists every stage and every cap that fired, in order. Decide
	// does not check the caps when the rules already require approval;
	// Explain does, and lists them.
	Trace []Step `json:"trace,omitempty"`
}
