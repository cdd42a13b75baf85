package permengine_test

import (
	"encoding/json"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/casefile"
)

// caseDirs hold the shared case corpus (see package casefile). Every .json and .jsonl
// file below them is a case file.
var caseDirs = []string{"testdata/cases"}

func corpusFiles(t testing.TB) []string {
	var files []string
	for _, dir := range caseDirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".jsonl")) && !strings.Contains(p, "/policies/") {
				files = append(files, p)
			}
			return nil
		})
		require.NoError(t, err)
	}
	require.NotEmpty(t, files, "no case files found")
	return files
}

// TestCorpus runs every case of the shared corpus.
func TestCorpus(t *testing.T) {
	total := 0
	names := map[string]string{}
	for _, file := range corpusFiles(t) {
		cases, err := casefile.ReadFile(file)
		require.NoError(t, err)
		for _, c := range cases {
			total++
			require.NotEmpty(t, c.Name, "%s: a case needs a name", c.Where())
			require.NotNil(t, c.Want, "%s: a corpus case needs want", c.Where())
			if prev, dup := names[c.Name]; dup {
				t.Errorf("%s: case name %q already used at %s", c.Where(), c.Name, prev)
			}
			names[c.Name] = c.Where()
			t.Run(c.Name, func(t *testing.T) {
				d, err := c.Run()
				require.NoError(t, err, c.Where())
				e := explainCase(t, c)
				if why := permengine.ExplainDiffers(d, e); why != "" {
					t.Errorf("%s: %s", c.Where(), why)
				}
				if err := c.Check(d); err != nil {
					t.Errorf("%s: %v\ntrace:", c.Where(), err)
					for _, s := range e.Trace {
						t.Logf("  %-11s %-20s %-16s %s %s", s.Stage, s.Rule, s.Outcome, s.Effect, s.Detail)
					}
				}
			})
		}
	}
	t.Logf("%d cases", total)
}

// A case of the corpus built in Go: its 70,000-byte command would make an
// unreadable line of a case file.
// explainCase is the case decided by Explain.
func explainCase(t *testing.T, c casefile.Case) permengine.Decision {
	t.Helper()
	p, err := c.Policy()
	require.NoError(t, err, c.Where())
	req, err := c.Request()
	require.NoError(t, err, c.Where())
	return permengine.Explain(p, req)
}

func TestOverlongCommandCase(t *testing.T) {
	c := casefile.Case{
		Name:            "integrity: an over-long command is capped",
		PermissionsFile: "testdata/cases/policies/project.json",
		Role:            "developer",
		Action:          casefile.Action{Type: "terminal", Command: "echo " + strings.Repeat("a", 70000), Cwd: "/ws/proj"},
		Env:             casefile.Env{ScopeRoot: "/ws/proj"},
		Want:            &casefile.Want{Outcome: "require_approval", Rule: "cap_integrity"},
	}
	d, err := c.Run()
	require.NoError(t, err)
	require.NoError(t, c.Check(d), d.Reason)
}

// The decision marshals to stable JSON for audit logs, and reads back.
func TestDecisionJSON(t *testing.T) {
	p := permengine.MustCompile(permengine.Lists{File: "permissions.json", Allow: []string{"Terminal(git status)"}})
	req := permengine.Request{
		Action: permengine.Action{Type: permengine.Terminal, Command: "git status && git push", Cwd: "/ws/proj"},
		Role:   permengine.Developer,
		Env:    permengine.Env{ScopeRoot: "/ws/proj", ContainerRunning: true},
	}
	d := permengine.Explain(p, req)
	b, err := json.Marshal(d)
	require.NoError(t, err)
	want := `{"outcome":"require_approval","rule":"compound_unmatched","reason":"segment \"git push\" has no rule: in a command of 2 segments every one must match allow","segment":"git push","trace":[` +
		`{"stage":"base","rule":"container_floor","outcome":"auto_approve","detail":"the project's container is running: terminal commands start from auto_approve"},` +
		`{"stage":"autonomy","outcome":"auto_approve","detail":"no opinion: keeps auto_approve"},` +
		`{"stage":"segment","rule":"file_allow","outcome":"auto_approve","segment":"git status","pattern":"Terminal(git status)","source":"permissions.json allow[0]","detail":"permissions.json allow[0]: allow Terminal(git status)"},` +
		`{"stage":"segment","outcome":"auto_approve","segment":"git push","detail":"no rule"},` +
		`{"stage":"permissions","rule":"compound_unmatched","outcome":"require_approval","segment":"git push","detail":"segment \"git push\" has no rule: in a command of 2 segments every one must match allow"},` +
		`{"stage":"cap","rule":"cap_external_effect","outcome":"require_approval","segment":"git push","detail":"git push has an effect outside the machine; propose a typed git_push action instead","effect":"no effect (the outcome was not auto_approve)"}]}`
	assert.Equal(t, want, string(b))

	// Decide makes the same decision and does not check the caps of an
	// ask: its last step says so.
	quick, err := json.Marshal(permengine.Decide(p, req))
	require.NoError(t, err)
	wantQuick := want[:strings.LastIndex(want, `{"stage":"cap"`)] +
		`{"stage":"cap","outcome":"require_approval","detail":"not checked: a cap only turns auto_approve into require_approval, and the rules already require approval (Explain checks and lists them)"}]}`
	assert.Equal(t, wantQuick, string(quick))

	var back permengine.Decision
	require.NoError(t, json.Unmarshal(b, &back))
	again, err := json.Marshal(back)
	require.NoError(t, err)
	assert.Equal(t, string(b), string(again), "the JSON reads back to the same decision")
}

// A trace longer than the room Decide keeps on its stack comes out whole
// and in order.
func TestLongTrace(t *testing.T) {
	p := permengine.MustCompile(permengine.Lists{Allow: []string{"Terminal(ls)"}})
	for _, n := range []int{1, 7, 8, 9, 30} {
		cmd := strings.Repeat("ls && ", n-1) + "ls /etc"
		d := permengine.Decide(p, permengine.Request{
			Action: permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: "/ws/proj"},
			Role:   permengine.Developer, Env: permengine.Env{ScopeRoot: "/ws/proj"},
		})
		var stages []permengine.Stage
		for _, s := range d.Trace {
			stages = append(stages, s.Stage)
		}
		want := []permengine.Stage{permengine.StageBase, permengine.StageAutonomy}
		for i := 0; i < n; i++ {
			want = append(want, permengine.StageSegment)
		}
		// The path scope's cap, then the step that says the later caps
		// were not checked.
		want = append(want, permengine.StageFile, permengine.StageCap, permengine.StageCap)
		assert.Equal(t, want, stages, "%d segments", n)
		assert.Equal(t, len(d.Trace), cap(d.Trace), "the trace is allocated at its length")
		assert.Equal(t, permengine.CodePathScope, d.Rule, "%d segments", n)
	}
}

// The reason of a compound command without rules counts the segments
// without one: a person shown it must not take the first for the only one
// (ls src, then a run of blanks, then what matters).
func TestCompoundReasonCountsUnmatched(t *testing.T) {
	d := permengine.Decide(nil, permengine.Request{Action: permengine.Action{Type: permengine.Terminal, Command: "ls src &&                     python3 -c 'import os' && npm test", Cwd: "/ws/proj"},
		Role: permengine.Developer, Env: permengine.Env{ScopeRoot: "/ws/proj"}})
	assert.Equal(t, permengine.CodeCompoundUnmatched, d.Rule)
	assert.Contains(t, d.Reason, `segment "ls src" has no rule, nor do 2 other segments`)
}
