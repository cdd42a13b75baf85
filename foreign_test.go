package permengine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestConvertClaudeRule(t *testing.T) {
	for _, tc := range []struct {
		rule  string
		list  List
		widen bool
		to    string
		kind  string
	}{
		{"Bash(npm run test:*)", ListAllow, false, "Terminal(npm run test)", Converted},
		{"Bash(git diff *)", ListAllow, false, "Terminal(git diff)", Converted},
		{"Bash(curl:*)", ListDeny, false, "Terminal(curl)", Converted},
		{"Bash(git status)", ListAllow, false, "", NotConverted},
		{"Bash(git status)", ListAllow, true, "Terminal(git status)", Widened},
		{"Bash(rm -rf build)", ListDeny, false, "Terminal(rm -rf build)", Widened},
		{"Bash(ls*)", ListAllow, false, "Terminal(ls)", Narrowed},
		{"Bash(ls*)", ListDeny, false, "", NotConverted},
		{"Bash(git * main)", ListAllow, false, "", NotConverted},
		{"Bash", ListAllow, false, "", NotConverted},
		{"Bash(*)", ListDeny, false, "Terminal()", Converted},
		{"Bash", ListAsk, false, "Terminal()", Converted},
		{"Bash(cd src && npm test)", ListAllow, true, "", NotConverted},
		{"Write", ListAllow, false, "WriteFile()", Converted},
		{"Edit(src/**)", ListAllow, false, "", NotConverted},
		{"Read(./.env)", ListDeny, false, "", NotConverted},
		{"WebFetch(domain:github.com)", ListAllow, false, "", NotConverted},
		{"mcp__github__create_issue", ListAllow, false, "", NotConverted},
		{"Frobnicate", ListAllow, false, "", NotConverted},
	} {
		c := ConvertClaudeRule(tc.rule, tc.list, tc.widen)
		assert.Equal(t, tc.to, c.To, "%s in %s", tc.rule, tc.list)
		assert.Equal(t, tc.kind, c.Kind, "%s in %s", tc.rule, tc.list)
		if c.Kind != Converted {
			assert.NotEmpty(t, c.Note, "%s says why", tc.rule)
		}
	}
}

// A conversion never lets a deny or an ask match fewer commands.
func TestConvertClaudeRuleNeverNarrowsAGuard(t *testing.T) {
	for _, rule := range []string{"Bash(ls*)", "Bash(git * main)", "Bash(rm -rf /tmp/*)", "Bash(x)", "Bash"} {
		for _, l := range []List{ListDeny, ListAsk} {
			c := ConvertClaudeRule(rule, l, false)
			assert.NotEqual(t, Narrowed, c.Kind, "%s in %s", rule, l)
		}
	}
}

func TestImportClaude(t *testing.T) {
	imp, err := ImportClaude([]byte(`{"permissions": {
	  "allow": ["Bash(npm run lint:*)", "Bash(npm run lint *)", "Read(./src/**)", "Bash(make)"],
	  "deny": ["Bash(curl:*)", "Read(./.env)"],
	  "additionalDirectories": ["../shared-lib"]},
	 "hooks": {}}`), false)
	require.NoError(t, err)
	assert.Equal(t, []string{"Terminal(npm run lint)"}, imp.Lists.Allow, "duplicates dropped")
	assert.Equal(t, []string{"Terminal(curl)"}, imp.Lists.Deny)
	assert.Equal(t, []string{"../shared-lib"}, imp.AdditionalDirs)
	assert.Len(t, imp.Conversions, 6)
	_, err = ImportClaude([]byte(`[]`), false)
	assert.ErrorIs(t, err, ErrNotClaudeSettings)
}

// The settings file is read as Claude Code's JSON.parse reads it, so that
// an import never holds a rule Claude Code does not see.
func TestImportClaudeReadsLikeJSONParse(t *testing.T) {
	imp, err := ImportClaude([]byte(`{"permissions": {"allow": ["Bash(rm:*)"]}, "permissions": {"deny": ["Bash(curl:*)"]}}`), false)
	require.NoError(t, err)
	assert.Empty(t, imp.Lists.Allow, "a repeated key takes its last value, as JSON.parse does")
	assert.Equal(t, []string{"Terminal(curl)"}, imp.Lists.Deny)
	for _, data := range []string{`{"Permissions": {"allow": ["Bash(rm:*)"]}}`, `{"permissions": {"Allow": ["Bash(rm:*)"]}}`,
		`{"permiſſions": {"allow": ["Bash(rm:*)"]}}`} {
		imp, err := ImportClaude([]byte(data), false)
		require.NoError(t, err, data)
		assert.Empty(t, imp.Lists.Allow, "keys match in their case only: %s", data)
	}
	_, err = ImportClaude([]byte(`{"permissions": {"allow": ["Bash(rm:*)"]}} trailing`), false)
	assert.ErrorIs(t, err, ErrNotClaudeSettings, "JSON.parse rejects text after the object")
}

// An allow of a prefix of nothing is every command, as Bash(*) is; a deny
// with a glob inside becomes the deny of the words before it, and one with
// none fails the import rather than let its commands through.
func TestImportClaudeGlobs(t *testing.T) {
	for _, r := range []string{"Bash(:*)", "Bash( :*)", "Bash(\t:*)", "Bash( *)"} {
		c := ConvertClaudeRule(r, ListAllow, false)
		assert.Empty(t, c.To, "%q", r)
	}

	imp, err := ImportClaude([]byte(`{"permissions": {"allow": ["Bash(git commit:*)"], "deny": ["Bash(git commit * --no-verify)", "Bash(git comm* --amend)"]}}`), false)
	require.NoError(t, err)
	assert.Equal(t, []string{"Terminal(git commit)", "Terminal(git)"}, imp.Lists.Deny)
	assert.Equal(t, Widened, imp.Conversions[1].Kind)
	_, err = ImportClaude([]byte(`{"permissions": {"allow": ["Bash(npm test:*)"], "deny": ["Bash(* --force)"]}}`), false)
	assert.ErrorIs(t, err, ErrUnconvertibleGuard)
}

func TestForeignLabelsInTheLoader(t *testing.T) {
	for rule, want := range map[string]string{
		"Bash(npm test:*)": `unknown label "Bash": that is Claude Code's spelling; write Terminal(npm test)`,
		"Bash":             `unknown label "Bash": that is Claude Code's spelling; write Terminal()`,
		"Read(x)":          `unknown label "Read": that is a Claude Code tool, and reading has no action type`,
		"mcp__gh__x":       `"mcp__gh__x" is a Claude Code MCP tool, not a label`,
		"Termnal(ls)":      `unknown label "Termnal" (did you mean "Terminal"?)`,
		"Rea(x)":           `unknown label "Rea": "Rea(x)"`,
	} {
		_, err := ParseRule(rule)
		require.Error(t, err, rule)
		assert.Contains(t, err.Error(), want, rule)
	}
}
