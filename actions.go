package permengine

import "fmt"

// ActionType is the kind of action an agent proposes. The zero value is
// ActionUnknown, which Decide denies.
type ActionType uint8

// The action types of SPEC §2, in the reference's table order.
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

// actionInfo is one row of the reference's action table.
type actionInfo struct {
	name    string // wire name, snake_case
	label   string // rule label, PascalCase
	minRole Role
}

var actionTable = [numActionTypes]actionInfo{
	Terminal:               {"terminal", "Terminal", Developer},
	GitCommit:              {"git_commit", "GitCommit", Developer},
	WriteFile:              {"write_file", "WriteFile", Developer},
	GitPush:                {"git_push", "GitPush", Maintainer},
	PrOpen:                 {"pr_open", "PrOpen", Maintainer},
	GitRepoCreate:          {"git_repo_create", "GitRepoCreate", Maintainer},
	GitBranchCreate:        {"git_branch_create", "GitBranchCreate", Maintainer},
	GitBranchProtect:       {"git_branch_protect", "GitBranchProtect", Maintainer},
	OpenAdrPr:              {"open_adr_pr", "OpenAdrPr", Maintainer},
	OpenInfraPr:            {"open_infra_pr", "OpenInfraPr", Maintainer},
	GitMerge:               {"git_merge", "GitMerge", Maintainer},
	InstructionPatch:       {"instruction_patch", "InstructionPatch", Maintainer},
	Parallelize:            {"parallelize", "Parallelize", Maintainer},
	RaiseMaxParallel:       {"raise_max_parallel", "RaiseMaxParallel", Maintainer},
	ProposeExecutionPlan:   {"propose_execution_plan", "ProposeExecutionPlan", Maintainer},
	AssessImplementability: {"assess_implementability", "AssessImplementability", Maintainer},
	ContainerStart:         {"container_start", "ContainerStart", Maintainer},
	ContainerStop:          {"container_stop", "ContainerStop", Maintainer},
	ContainerRemove:        {"container_remove", "ContainerRemove", Maintainer},
	Spend:                  {"spend", "Spend", Owner},
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
