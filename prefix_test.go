package permengine_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine/casefile"
)

// notCommandWords are the words that are not a program after an
// assignment: bash's reserved words and the openers of groups and tests.
// An assignment in front turns them into a program of that name, which
// does not exist, so such a command changes meaning and is left out.
var notCommandWords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "case": true, "esac": true,
	"for": true, "select": true, "while": true, "until": true, "do": true, "done": true, "in": true,
	"function": true, "time": true, "coproc": true, "{": true, "}": true, "!": true, "[[": true, "]]": true,
}

// TestPropertyAssignmentPrefixHidesNothing puts an assignment in front of
// every case and attack the engine does not auto-approve (LC_ALL=C tar
// xf a.tar): bash runs the same program with one more variable, so the
// decision may not be more permissive than the case wants. The checks
// that read a segment's program first must find it past assignments.
func TestPropertyAssignmentPrefixHidesNothing(t *testing.T) {
	files := corpusFiles(t)
	attacks, err := filepath.Glob("testdata/attacks/*.jsonl")
	require.NoError(t, err)
	rank := map[string]int{"deny": 0, "require_approval": 1, "auto_approve": 2}
	n := 0
	for _, file := range append(files, attacks...) {
		cases, err := casefile.ReadFile(file)
		require.NoError(t, err)
		for _, c := range cases {
			if c.Action.Type != "terminal" || c.Want == nil || c.Want.Outcome == "auto_approve" {
				continue
			}
			fields := strings.Fields(c.Action.Command)
			if len(fields) == 0 || notCommandWords[fields[0]] || strings.HasPrefix(fields[0], "(") {
				continue
			}
			project := func(s string) string { return strings.ReplaceAll(s, "$PROJECT", "/ws/project") }
			c.Action.Command = "LC_ALL=C " + project(c.Action.Command)
			c.Action.Cwd, c.Env.ScopeRoot = project(c.Action.Cwd), project(c.Env.ScopeRoot)
			for i, d := range c.Env.AdditionalDirs {
				c.Env.AdditionalDirs[i] = project(d)
			}
			d, err := c.Run()
			require.NoError(t, err, c.Where())
			n++
			if rank[d.Outcome.String()] > rank[c.Want.Outcome] {
				t.Errorf("%s: %q: %s (%s: %s), where without the assignment the case wants %s", c.Where(), c.Action.Command, d.Outcome, d.Rule, d.Reason, c.Want.Outcome)
			}
		}
	}
	t.Logf("%d commands with an assignment in front", n)
}
