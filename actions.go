package permengine

import "fmt"

// ActionType is the kind of action an agent proposes. The zero value is
// ActionUnknown, which Decide denies.
type ActionType uint8

// The action types, in the order of the product's action table.
const (
	ActionUnknown ActionType = iota
	Terminal
	GitCommit
	WriteFile
	GitPush
	PrOpen
	GitRepoCreate
	GitBranchCreate
	GitBranchProtect
	OpenAdrPr
	OpenInfraPr
	GitMerge
	InstructionPatch
	Parallelize
	RaiseMaxParallel
	ProposeExecutionPlan
	AssessImplementability
	ContainerStart
	ContainerStop
	ContainerRemove
	Spend
	numActionTypes
)

// actionInfo is one row of the action table.
type actionInfo struct {
	name    string // wire name, snake_case
	label   string // rule label, PascalCase
	minRole Role
	// capCode is the cap every action of the type gets (CodeUnset for
	// none): whatever the file says, a person approves each one, so
	// "always allow" refuses to record it. A merge is capped only when its
	// destination is protected. capWhy is the cap's reason.
	capCode Code
	capWhy  string
}

var actionTable = [numActionTypes]actionInfo{
	Terminal:               {"terminal", "Terminal", Developer, CodeUnset, ""},
	GitCommit:              {"git_commit", "GitCommit", Developer, CodeUnset, ""},
	WriteFile:              {"write_file", "WriteFile", Developer, CodeUnset, ""},
	GitPush:                {"git_push", "GitPush", Maintainer, CodeTypedPush, "git_push has external effect: never auto-approved"},
	PrOpen:                 {"pr_open", "PrOpen", Maintainer, CodeTypedPush, "pr_open has external effect: never auto-approved"},
	GitRepoCreate:          {"git_repo_create", "GitRepoCreate", Maintainer, CodeUnset, ""},
	GitBranchCreate:        {"git_branch_create", "GitBranchCreate", Maintainer, CodeUnset, ""},
	GitBranchProtect:       {"git_branch_protect", "GitBranchProtect", Maintainer, CodeUnset, ""},
	OpenAdrPr:              {"open_adr_pr", "OpenAdrPr", Maintainer, CodeUnset, ""},
	OpenInfraPr:            {"open_infra_pr", "OpenInfraPr", Maintainer, CodeUnset, ""},
	GitMerge:               {"git_merge", "GitMerge", Maintainer, CodeProtectedMerge, "is always a person's decision"},
	InstructionPatch:       {"instruction_patch", "InstructionPatch", Maintainer, CodeInstructionPatch, "instruction_patch changes another agent's behaviour: a person sees the diff first"},
	Parallelize:            {"parallelize", "Parallelize", Maintainer, CodeParallelism, "parallelize spends on more agents: a person decides"},
	RaiseMaxParallel:       {"raise_max_parallel", "RaiseMaxParallel", Maintainer, CodeParallelism, "raise_max_parallel spends on more agents: a person decides"},
	ProposeExecutionPlan:   {"propose_execution_plan", "ProposeExecutionPlan", Maintainer, CodeUnset, ""},
	AssessImplementability: {"assess_implementability", "AssessImplementability", Maintainer, CodeUnset, ""},
	ContainerStart:         {"container_start", "ContainerStart", Maintainer, CodeUnset, ""},
	ContainerStop:          {"container_stop", "ContainerStop", Maintainer, CodeUnset, ""},
	ContainerRemove:        {"container_remove", "ContainerRemove", Maintainer, CodeContainerRemove, "container_remove discards the container and forces a full reprovision"},
	Spend:                  {"spend", "Spend", Owner, CodeUnset, ""},
}

func (t ActionType) valid() bool { return t > ActionUnknown && t < numActionTypes }

// String returns the wire name ("terminal", "git_push", …) or "unknown".
func (t ActionType) String() string {
	if !t.valid() {
		return "unknown"
	}
	return actionTable[t].name
}

// Label returns the rule label ("Terminal", "GitPush", …) or "" for an
// unknown type.
func (t ActionType) Label() string {
	if !t.valid() {
		return ""
	}
	return actionTable[t].label
}

// MinRole returns the lowest role allowed to propose the type; RoleUnknown
// for an unknown type.
func (t ActionType) MinRole() Role {
	if !t.valid() {
		return RoleUnknown
	}
	return actionTable[t].minRole
}

// capCode returns the cap of the type's row (CodeUnset for none and for
// an unknown type).
func (t ActionType) capCode() Code {
	if !t.valid() {
		return CodeUnset
	}
	return actionTable[t].capCode
}

// alwaysCapped reports a type whose every action is capped (a merge is
// capped only into a protected branch).
func (t ActionType) alwaysCapped() bool {
	c := t.capCode()
	return c != CodeUnset && c != CodeProtectedMerge
}

// MarshalText implements encoding.TextMarshaler.
func (t ActionType) MarshalText() ([]byte, error) { return []byte(t.String()), nil }

// UnmarshalText implements encoding.TextUnmarshaler. Unknown names are an
// error and leave ActionUnknown, which Decide denies.
func (t *ActionType) UnmarshalText(b []byte) error {
	v, err := ParseActionType(string(b))
	*t = v
	return err
}

// ParseActionType reads a wire name such as "terminal" or "git_merge".
func ParseActionType(s string) (ActionType, error) {
	for i := Terminal; i < numActionTypes; i++ {
		if actionTable[i].name == s {
			return i, nil
		}
	}
	return ActionUnknown, fmt.Errorf("permengine: unknown action type %q", s)
}

// ActionTypes returns every known action type in table order.
func ActionTypes() []ActionType {
	out := make([]ActionType, 0, numActionTypes-1)
	for i := Terminal; i < numActionTypes; i++ {
		out = append(out, i)
	}
	return out
}

// labelType maps a rule label to its action type.
func labelType(label string) (ActionType, bool) {
	for i := Terminal; i < numActionTypes; i++ {
		if actionTable[i].label == label {
			return i, true
		}
	}
	return ActionUnknown, false
}
