package permengine

import (
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

// Code is the stable machine code of the rule that decided (SPEC §9). Codes
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
