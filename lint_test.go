package permengine_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

func lintStrings(t *testing.T, src string) []string {
	t.Helper()
	var out []string
	for _, f := range permengine.Lint("permissions.json", []byte(src)) {
		out = append(out, f.String())
	}
	return out
}

func TestLintWarnings(t *testing.T) {
	src := `{
  "allow": [
    "Terminal(bash)",
    "Terminal(python3:*)",
    "Terminal(env)",
    "Terminal(git)",
    "Terminal()",
    "Terminal(curl https://x)",
    "Terminal(ls)",
    "Terminal(ls)",
    "GitPush(main)",
    "Terminal(npm install left-pad)",
    "Terminal(git push)",
    "Terminal(npm test:*)",
    "GitPush()"
  ],
  "deny": ["Terminal(curl:*)"],
  "ask": ["Terminal(npm install:*)", "Terminal(curl -X POST)"]
}`
	got := lintStrings(t, src)
	want := []string{
		`permissions.json:3:5: warning: allow[0]: Terminal(bash): bash runs any script: the rule allows whatever it is given [dangerous-allow]`,
		`permissions.json:4:5: warning: allow[1]: Terminal(python3:*): python3 is an interpreter: the rule allows any code it is given [dangerous-allow]`,
		`permissions.json:5:5: warning: allow[2]: Terminal(env): env runs whatever command follows it: the rule allows any program [dangerous-allow]`,
		`permissions.json:6:5: warning: allow[3]: Terminal(git): git allows every git subcommand, including ones that rewrite history or configuration; allow subcommands one by one [dangerous-allow]`,
		`permissions.json:7:5: warning: allow[4]: Terminal() allows every terminal command: only deny, ask and the caps stand between the agent and the machine [dangerous-allow]`,
		`permissions.json:8:5: warning: allow[5]: Terminal(curl https://x) never applies: deny[0] Terminal(curl:*) denies every command it matches [shadowed]`,
		`permissions.json:10:5: warning: allow[7]: Terminal(ls) repeats allow[6]; remove one [duplicate]`,
		`permissions.json:11:5: warning: allow[8]: GitPush(main) has content, and only Terminal rules use content: it matches nothing (write GitPush()) [content-matches-nothing]`,
		`permissions.json:12:5: warning: allow[9]: Terminal(npm install left-pad) never auto-approves: ask[0] Terminal(npm install:*) asks for every command it matches [shadowed]`,
		`permissions.json:13:5: warning: allow[10]: Terminal(git push) is never auto-approved: the external-effect and privilege cap applies whatever the file says [capped]`,
		`permissions.json:15:5: warning: allow[12]: GitPush() is never auto-approved: git_push is always capped [capped]`,
		`permissions.json:18:38: warning: ask[1]: Terminal(curl -X POST) never applies: deny[0] Terminal(curl:*) denies every command it matches [shadowed]`,
	}
	assert.Equal(t, want, got)
}

func TestLintShadowingIsExact(t *testing.T) {
	// A deny of "npm test" does not cover "npm test:*" (npm test:unit is
	// not denied), but "npm:*" does.
	got := lintStrings(t, `{"allow": ["Terminal(npm test:*)", "Terminal(go test:*)"], "deny": ["Terminal(npm test)", "Terminal(go:*)"]}`)
	require.Len(t, got, 1)
	assert.Contains(t, got[0], "Terminal(go test:*) never applies")
}

func TestLintLoadErrors(t *testing.T) {
	got := permengine.Lint("permissions.json", []byte("{\n  \"deny\": [\"Termnal(curl:*)\", \"Terminal(a:*b)\"]\n}"))
	require.Len(t, got, 2)
	for _, f := range got {
		assert.Equal(t, permengine.SeverityError, f.Severity)
	}
	assert.Equal(t, `permissions.json:2:12: error: deny[0]: unknown label "Termnal" (did you mean "Terminal"?) [load]`, got[0].String())
}

func TestLintCleanFile(t *testing.T) {
	got := lintStrings(t, `{"allow": ["Terminal(ls)", "Terminal(git status)"], "deny": ["Terminal(curl:*)"], "ask": ["GitPush()"]}`)
	assert.Empty(t, got, strings.Join(got, "\n"))
	// The seed list lints clean, strict warnings included: "always allow"
	// and lint share one judgement of a rule that is too broad, and find's
	// -exec and -delete are capped wherever they appear.
	seed := permengine.Lint("seed.json", []byte(`{"allow": [`+quoteAll(permengine.SeedAllow)+`]}`))
	assert.Empty(t, seed)
}

func quoteAll(rules []string) string {
	q := make([]string, len(rules))
	for i, r := range rules {
		q[i] = `"` + r + `"`
	}
	return strings.Join(q, ",")
}

// Lint never flags what "always allow" writes: a '*' it records is
// quoted, so it is literal on purpose.
func TestLintAcceptsAlwaysAllowStars(t *testing.T) {
	for _, cmd := range []string{"ls -la *", "grep -r foo *", "wc -l *.go", "find . -name *.go"} {
		rules, err := permengine.AlwaysAllow(permengine.Action{Type: permengine.Terminal, Command: cmd})
		require.NoError(t, err, cmd)
		data, _ := json.Marshal(map[string][]string{"allow": rules})
		for _, f := range permengine.Lint("permissions.json", data) {
			assert.NotEqual(t, "foreign-glob", f.Check, "%s: %s", cmd, f)
		}
	}
	got := permengine.Lint("permissions.json", []byte(`{"allow": ["Terminal(ls *)", "Terminal(ls \"*\")", "Terminal(ls \\*)"]}`))
	require.Len(t, got, 1)
	assert.Equal(t, "foreign-glob", got[0].Check)
	assert.Equal(t, 0, got[0].Index)
}

// Any rule of a program whose words are commands it runs is too broad:
// the commands appended to the ones it shows match it too.
func TestLintCommandReaders(t *testing.T) {
	got := lintStrings(t, `{"allow": ["Terminal(sqlite3)", "Terminal(psql -c 'select 1')"]}`)
	require.Len(t, got, 2)
	for _, w := range got {
		assert.Contains(t, w, "reads commands in its words, files and input")
		assert.Contains(t, w, "[dangerous-allow]")
	}
}
