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
	// parsed: only for a command that parses; bash runs none of one that
	// does not, and inside a control structure or another word the
	// plain split deny rules read of it differs.
	parsed bool
	apply  func(string) string
	why    string
}{
	{"assignment", false, false, func(c string) string { return "LC_ALL=C " + c }, "one more variable in the environment of the first program"},
	{"command", false, false, func(c string) string { return "command " + c }, "command runs the builtin or program without a function of its name"},
	{"time", false, false, func(c string) string { return "time " + c }, "the time keyword times the pipeline it runs"},
	{"group", false, false, func(c string) string { return "{ " + c + "\n}" }, "a group runs its list in the shell itself"},
	{"subshell", false, false, func(c string) string { return "( " + c + "\n)" }, "a subshell runs the whole list, whose own cd and variables hold inside it"},
	{"after true", false, false, func(c string) string { return "true && " + c }, "true succeeds, so the list runs"},
	{"after colon", false, false, func(c string) string { return ": ; " + c }, "a statement before it changes nothing"},
	{"nice", true, false, func(c string) string { return "nice " + c }, "nice runs its command with another priority"},
	{"timeout", true, false, func(c string) string { return "timeout 99 " + c }, "timeout runs its command with a time limit"},
	{"nohup", true, false, func(c string) string { return "nohup " + c }, "nohup runs its command immune to hangups"},
	{"env", true, false, func(c string) string {
		if first, _, _ := strings.Cut(c, " "); strings.Contains(first, "=") {
			return "" // env reads "x"=1 as an assignment, where bash runs a program of that name
		}
		return "env " + c
	}, "env runs its command in the same environment"},
	{"if", false, true, func(c string) string { return "if true; then " + c + "\nfi" }, "the branch of an if whose test succeeds runs"},
	{"for", false, true, func(c string) string { return "for _i in 1; do " + c + "\ndone" }, "a loop over one word runs its body once"},
	{"while", false, true, func(c string) string { return "while :; do " + c + "\nbreak; done" }, "a loop that breaks after its body runs it once"},
	{"case", false, true, func(c string) string { return "case x in x) " + c + "\n;; esac" }, "the pattern that matches runs its list"},
	{"function", false, true, func(c string) string { return "f() { " + c + "\n}; f" }, "a function called right after its definition runs its body"},
	{"or true", false, true, func(c string) string { return "{ " + c + "\n} || true" }, "|| only runs more after it"},
	{"background", false, true, func(c string) string { return "{ " + c + "\n} & wait" }, "a group in the background runs its list in a subshell"},
	{"piped", false, true, func(c string) string { return "{ " + c + "\n} | cat" }, "a group before a pipe runs its list in a subshell"},
	{"eval", false, true, func(c string) string { return "eval " + singleQuoted(c) }, "eval runs its words as a script"},
	{"bash -c", false, true, func(c string) string { return "bash -c " + singleQuoted(c) }, "bash -c runs its script"},
	{"here-document", false, true, func(c string) string { return "bash <<'ZZEND'\n" + c + "\nZZEND" }, "a shell reads its script from the here-document"},
	{"here-string", false, true, func(c string) string { return "bash <<< " + singleQuoted(c) }, "a shell reads its script from the here-string"},
	{"printf into bash", false, true, func(c string) string { return "printf '%s\\n' " + singleQuoted(c) + " | bash" }, "a shell reads its script from the pipe"},
	{"quoted program", false, true, func(c string) string { return quoteFirst(c, "'", "'") }, "quote removal leaves the program's name"},
	{"escaped program", false, true, func(c string) string { return quoteFirst(c, "\\", "") }, "a backslash before a letter leaves the letter"},
	{"ANSI-C program", false, true, func(c string) string { return quoteFirst(c, "$'", "'") }, "ANSI-C quoting of plain letters leaves them"},
	{"continued program", false, true, func(c string) string { return continueFirst(c) }, "bash removes a backslash-newline before it reads a word"},
	{"continued line", false, true, func(c string) string {
		if !strings.Contains(c, " ") {
			return ""
		}
		return strings.Replace(c, " ", " \\\n", 1)
	}, "a backslash-newline between words joins the lines"},
	{"redirection first", false, true, func(c string) string { return "2>/dev/null " + c }, "a redirection may stand before the command's words"},
	{"comment after", false, true, func(c string) string { return c + " # note" }, "a comment ends the line"},
	{"command -p", true, true, func(c string) string { return "command -p " + c }, "command -p finds the program on the default path"},
}

// singleQuoted returns s as one single-quoted word.
func singleQuoted(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// quoteFirst quotes the command's first word, when it is a plain name
// (an assignment or a keyword quoted is no longer one).
func quoteFirst(c, open, close string) string {
	first, rest, _ := strings.Cut(c, " ")
	if !plainName(first) {
		return ""
	}
	return open + first + close + " " + rest
}

// continueFirst puts a backslash-newline after the first letter of the
// command's first word, when it is a plain name of two letters or more.
func continueFirst(c string) string {
	first, _, _ := strings.Cut(c, " ")
	if len(first) < 2 || !plainName(first) {
		return ""
	}
	return c[:1] + "\\\n" + c[1:]
}

// plainName reports a word of letters, digits, '.', '_', '-' and '/'
// that is no assignment and no reserved word.
func plainName(w string) bool {
	if w == "" || notCommandWords[w] || programs.IsAssignment(w) {
		return false
	}
	for _, r := range w {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("._-/", r)) {
			return false
		}
	}
	return true
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
			parses := shell.Read(cmd, c.Action.Cwd).ParseErr == ""
			for _, d := range disguises {
				if !applies(d.external, d.name, first) || d.parsed && !parses {
					continue
				}
				if c.Action.Command = d.apply(cmd); c.Action.Command == "" {
					continue
				}
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
