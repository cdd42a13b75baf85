package permengine_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine/casefile"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/shell"
)

// disguises are rewritings of a command that bash runs the same way, where
// they apply: the same programs with the same words, one more variable or a
// wrapper that runs the command unchanged. A disguised command may not be
// decided more permissively than its case wants: the checks must find a
// program past whatever stands in front of it.
var disguises = []struct {
	name string
	// external: only for a command whose first word is a program on
	// PATH (a wrapper cannot run a builtin: nice cd .git fails).
	external bool
	apply    func(string) string
	why      string
}{
	{"assignment", false, func(c string) string { return "LC_ALL=C " + c }, "one more variable in the environment of the first program"},
	{"command", false, func(c string) string { return "command " + c }, "command runs the builtin or program without a function of its name"},
	{"time", false, func(c string) string { return "time " + c }, "the time keyword times the pipeline it runs"},
	{"group", false, func(c string) string { return "{ " + c + "\n}" }, "a group runs its list in the shell itself"},
	{"subshell", false, func(c string) string { return "( " + c + "\n)" }, "a subshell runs the whole list, whose own cd and variables hold inside it"},
	{"after true", false, func(c string) string { return "true && " + c }, "true succeeds, so the list runs"},
	{"after colon", false, func(c string) string { return ": ; " + c }, "a statement before it changes nothing"},
	{"nice", true, func(c string) string { return "nice " + c }, "nice runs its command with another priority"},
	{"timeout", true, func(c string) string { return "timeout 99 " + c }, "timeout runs its command with a time limit"},
	{"nohup", true, func(c string) string { return "nohup " + c }, "nohup runs its command immune to hangups"},
}

// notCommandWords are the words that are no program where a disguise puts
// one in front: bash's reserved words and the openers of groups and tests
// (LC_ALL=C if … runs a program named if).
var notCommandWords = map[string]bool{
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "case": true, "esac": true,
	"for": true, "select": true, "while": true, "until": true, "do": true, "done": true, "in": true,
	"function": true, "time": true, "coproc": true, "{": true, "}": true, "!": true, "[[": true, "]]": true,
}

// applies reports whether disguise d keeps the meaning of a command whose
// first word is first.
func applies(external bool, name, first string) bool {
	switch {
	case first == "" || notCommandWords[first] || strings.HasPrefix(first, "(") || strings.HasPrefix(first, "$"):
		return false
	case name == "command":
		return !programs.IsAssignment(first) && first != "exec"
	case external:
		return !programs.IsAssignment(first) && !shell.IsBuiltin(first)
	}
	return true
}

// TestPropertyDisguiseHidesNothing applies every disguise to every case and
// attack the engine does not auto-approve.
func TestPropertyDisguiseHidesNothing(t *testing.T) {
	attacks, err := filepath.Glob("testdata/attacks/*.jsonl")
	require.NoError(t, err)
	rank := map[string]int{"deny": 0, "require_approval": 1, "auto_approve": 2}
	project := func(s string) string { return strings.ReplaceAll(s, "$PROJECT", "/ws/project") }
	n := 0
	for _, file := range append(corpusFiles(t), attacks...) {
		cases, err := casefile.ReadFile(file)
		require.NoError(t, err)
		for _, c := range cases {
			if c.Action.Type != "terminal" || c.Want == nil || c.Want.Outcome == "auto_approve" {
				continue
			}
			fields := strings.Fields(c.Action.Command)
			first := ""
			if len(fields) > 0 {
				first = fields[0]
			}
			cmd := project(c.Action.Command)
			c.Action.Cwd, c.Env.ScopeRoot = project(c.Action.Cwd), project(c.Env.ScopeRoot)
			for i, d := range c.Env.AdditionalDirs {
				c.Env.AdditionalDirs[i] = project(d)
			}
			for _, d := range disguises {
				if !applies(d.external, d.name, first) {
					continue
				}
				c.Action.Command = d.apply(cmd)
				got, err := c.Run()
				require.NoError(t, err, c.Where())
				n++
				if rank[got.Outcome.String()] > rank[c.Want.Outcome] {
					t.Errorf("%s: disguised by %s (%s): %q: %s (%s: %s), where the case wants %s", c.Where(), d.name, d.why, c.Action.Command, got.Outcome, got.Rule, got.Reason, c.Want.Outcome)
				}
			}
		}
	}
	t.Logf("%d disguised commands", n)
}
