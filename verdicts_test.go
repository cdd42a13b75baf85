package permengine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The compound rule, on its own.
func TestCombine(t *testing.T) {
	allow := verdict{code: CodeFileAllow}
	cd := verdict{code: CodeScopeCd}
	ask := verdict{code: CodeFileAsk}
	deny := verdict{code: CodeFileDeny}
	floor := verdict{code: CodeBuiltinDeny}
	none := verdict{}
	assign := verdict{neutral: true}
	tests := []struct {
		name string
		vs   []verdict
		n    int
		auto bool
		res  fileResult
		at   int
	}{
		{"no segments are silent", nil, 0, false, resultSilent, -1},
		{"one allowed segment", []verdict{allow}, 1, false, resultAllowOne, 0},
		{"one cd inside the scope", []verdict{cd}, 1, false, resultAllowOne, 0},
		{"one segment with no rule is silent", []verdict{none}, 1, false, resultSilent, -1},
		{"one ask", []verdict{ask}, 1, false, resultAsk, 0},
		{"a deny ends the command", []verdict{allow, deny}, 3, false, resultDeny, 1},
		{"the floor denies", []verdict{floor}, 1, true, resultDeny, 0},
		{"deny beats an earlier ask", []verdict{ask, deny}, 2, false, resultDeny, 1},
		{"the first ask decides", []verdict{allow, ask, none, ask}, 4, false, resultAsk, 1},
		{"every segment allowed", []verdict{allow, cd, allow}, 3, false, resultAllowAll, -1},
		{"a segment with no rule asks", []verdict{allow, none, none}, 3, false, resultUnmatched, 1},
		{"auto mode: no rule is silent", []verdict{allow, none}, 2, true, resultSilent, -1},
		{"auto mode: an ask still asks", []verdict{none, ask}, 2, true, resultAsk, 1},
		{"auto mode: all allowed", []verdict{allow, allow}, 2, true, resultAllowAll, -1},
		{"assignments are not counted", []verdict{assign, allow, allow}, 3, false, resultAllowAll, -1},
		{"assignments and one allowed segment", []verdict{assign, allow}, 2, false, resultAllowOne, 1},
		{"assignments and one segment with no rule", []verdict{assign, none}, 2, false, resultSilent, -1},
		{"assignments alone are silent", []verdict{assign, assign}, 2, false, resultSilent, -1},
		{"assignments do not hide a segment with no rule", []verdict{assign, allow, none}, 3, false, resultUnmatched, 2},
	}
	for _, tt := range tests {
		res, at := combine(tt.vs, tt.n, tt.auto)
		assert.Equal(t, tt.res, res, tt.name)
		assert.Equal(t, tt.at, at, tt.name)
	}
}

// A segment step's class follows from its code.
func TestStepClass(t *testing.T) {
	for code, want := range map[Code]string{CodeFileAllow: "allow", CodeScopeCd: "allow", CodeFileAsk: "ask",
		CodeFileDeny: "deny", CodeBuiltinDeny: "deny", CodeUnset: "none"} {
		assert.Equal(t, want, Step{Stage: StageSegment, Rule: code}.SegmentClass(), code.String())
	}
	assert.Equal(t, "", Step{Stage: StageCap, Rule: CodePathScope}.SegmentClass())
}
