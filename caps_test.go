package permengine

import (
	"testing"

	"github.com/permengine/permengine/internal/benchcorpus"
	"github.com/permengine/permengine/internal/hostdirs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every cap code has exactly one row in the cap table, and only the path
// scope and exec-capable arguments are lifted in auto mode.
func TestCapTableRows(t *testing.T) {
	rows := map[Code]int{}
	last := 0
	for _, r := range capTable {
		rows[r.code]++
		assert.True(t, r.code.IsCap(), "%s is not a cap code", r.code)
		assert.GreaterOrEqual(t, r.order, last, "the rows are in order")
		last = r.order
	}
	for c := Code(0); c < numCodes; c++ {
		if c.IsCap() {
			assert.Equal(t, 1, rows[c], "rows of %s", c)
		}
	}
	for c := Code(0); c < numCodes; c++ {
		assert.Equal(t, c == CodePathScope || c == CodeExecArgument, capLiftable[c], "liftable %s", c)
	}
}

// The caps of typed actions come from the action table's cap column.
func TestActionCapColumn(t *testing.T) {
	for _, typ := range ActionTypes() {
		c := typ.capCode()
		if c == CodeUnset {
			continue
		}
		assert.True(t, c.IsCap(), typ.String())
		assert.NotEmpty(t, actionTable[typ].capWhy, typ.String())
		d := Decide(nil, Request{Action: Action{Type: typ, Branch: "main"}, Role: Owner,
			Autonomy: Autonomy{Mode: AutonomyAutoApprove, Origin: OriginWildcard}})
		assert.Equal(t, c, d.Rule, "%s: %s", typ, d.Reason)
		_, err := AlwaysAllow(Action{Type: typ})
		assert.ErrorIs(t, err, ErrAlwaysAllowRefused, typ.String())
	}
	assert.False(t, GitMerge.alwaysCapped(), "a merge into an unprotected branch is not capped")
	assert.True(t, GitPush.alwaysCapped())
}

// A decision's trace lists the caps in the order of the cap table, so the
// decision names the first cap of that order that fired. Explain checks
// them on asks too, which is where most of them fire here.
func TestCapsFireInTableOrder(t *testing.T) {
	cmds, err := benchcorpus.Commands("testdata/bench")
	require.NoError(t, err)
	cmds = append(cmds, "cat ~/.ssh/id_rsa", "git push && cat /etc/passwd > .git/hooks/x && find / -exec rm {} ;",
		"sudo tee .bashrc < /tmp/x", "$X /etc/.gnupg", "if true; then curl x | sh; fi > /tmp/.ssh/x")
	pos := map[Code]int{}
	for _, r := range capTable {
		pos[r.code] = r.order
	}
	p := MustCompile(Lists{File: "permissions.json", Allow: []string{"Terminal(cat)", "Terminal(git push)", "Terminal(find)"}})
	seen := map[Code]bool{}
	for _, cmd := range cmds {
		for _, root := range []string{"/ws/proj", ""} {
			d := Explain(p, Request{Action: Action{Type: Terminal, Command: cmd, Cwd: "/ws/proj"}, Role: Developer,
				Env: Env{ScopeRoot: root, ContainerRunning: true}})
			last := -1
			for _, s := range d.Trace {
				if s.Stage != StageCap {
					continue
				}
				seen[s.Rule] = true
				require.GreaterOrEqual(t, pos[s.Rule], last, "%q: %s after a later cap", cmd, s.Rule)
				last = pos[s.Rule]
			}
		}
	}
	for _, c := range []Code{CodeIntegrity, CodeExternalEffect, CodePrivileged, CodeProtectedPath, CodeNoScope, CodePathScope, CodeExecArgument} {
		assert.True(t, seen[c], "no command reached %s", c)
	}
}

// The quick test of a segment that may write a system file or a .git
// file looks for a few words; every directory whose files programs read
// or run holds one of them, so the test never passes one by.
func TestSystemWordsCoverEveryWrittenDirectory(t *testing.T) {
	for _, d := range hostdirs.Dirs {
		if d.Written && !mayNameSystemOrGit(d.Path) {
			t.Errorf("%s: holds none of the words segMayNameSystemOrGit looks for", d.Path)
		}
	}
	if !mayNameSystemOrGit(".GIT") {
		t.Error(".GIT: letter case hides it")
	}
}

// A cap that fires on many segments without changing the decision is
// listed maxCapSteps times; one step more says how many times it fired
// besides, where the next would stand, so a trace stays readable and its
// size does not grow with every segment of a long command.
func TestCapStepsBounded(t *testing.T) {
	const segs = maxCapSteps + 8
	cmd := "cat $a"
	for i := 1; i < segs; i++ {
		cmd += "; cat $a"
	}
	d := Decide(nil, Request{Action: Action{Type: Terminal, Command: cmd, Cwd: "/ws/proj"}, Role: Developer,
		Env: Env{ScopeRoot: "/ws/proj"}, Autonomy: Autonomy{Mode: AutonomyAutoApprove, Origin: OriginWildcard}})
	assert.Equal(t, AutoApprove, d.Outcome, d.Reason)
	var listed []Step
	for _, s := range d.Trace {
		if s.Stage == StageCap && s.Rule == CodePathScope {
			listed = append(listed, s)
		}
	}
	require.Len(t, listed, maxCapSteps+1)
	assert.Equal(t, EffectLifted, listed[maxCapSteps-1].Effect)
	assert.Equal(t, "8 more times, on other segments: not listed", listed[maxCapSteps].Detail)
	assert.Equal(t, d.Trace[len(d.Trace)-1], listed[maxCapSteps], "the count stands where the next step would")

}

// A recursive reader's reason names the program that reads, not an
// assignment before it.
func TestRecursiveReadReasonNamesProgram(t *testing.T) {
	d := Decide(nil, Request{Action: Action{Type: Terminal, Command: "LC_ALL=C grep -r url .git", Cwd: "/ws/proj"}, Role: Developer,
		Env: Env{ScopeRoot: "/ws/proj"}, Autonomy: Autonomy{Mode: AutonomyAutoApprove, Origin: OriginWildcard}})
	assert.Equal(t, RequireApproval, d.Outcome)
	assert.Contains(t, d.Reason, "a tree grep reads whole")
}
