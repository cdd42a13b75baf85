package permengine_test

import (
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

var update = flag.Bool("update", false, "rewrite the golden files of load errors")

// sentinels says which sentinel each malformed file's error wraps.
var sentinels = map[string]error{
	"empty":                       permengine.ErrEmptyFile,
	"unknown-label":               permengine.ErrPattern,
	"missing-close-paren":         permengine.ErrPattern,
	"no-parens":                   permengine.ErrPattern,
	"operators":                   permengine.ErrPattern,
	"substitution":                permengine.ErrPattern,
	"redirection":                 permengine.ErrPattern,
	"wildcard-not-last":           permengine.ErrPattern,
	"empty-stem":                  permengine.ErrPattern,
	"unknown-key":                 permengine.ErrUnknownKey,
	"duplicate-key":               permengine.ErrDuplicateKey,
	"not-string":                  permengine.ErrNotString,
	"object-entry":                permengine.ErrNotString,
	"null-list":                   permengine.ErrNullList,
	"list-is-string":              permengine.ErrNotList,
	"trailing-data":               permengine.ErrTrailingData,
	"invalid-utf8":                permengine.ErrInvalidUTF8,
	"not-object":                  permengine.ErrNotObject,
	"syntax-error":                permengine.ErrSyntax,
	"truncated":                   permengine.ErrSyntax,
	"schema-not-string":           permengine.ErrNotString,
	"several-bad-rules":           permengine.ErrPattern,
	"only-spaces-content":         permengine.ErrPattern,
	"whitespace-only":             permengine.ErrEmptyFile,
	"control-byte":                permengine.ErrSyntax,
	"tab-in-string":               permengine.ErrSyntax,
	"byte-order-mark":             permengine.ErrByteOrderMark,
	"byte-order-mark-after-space": permengine.ErrSyntax,
	"byte-order-mark-at-end":      permengine.ErrTrailingData,
	"missing-comma":               permengine.ErrSyntax,
	"missing-comma-in-list":       permengine.ErrSyntax,
	"unquoted-key":                permengine.ErrSyntax,
	"trailing-comma-object":       permengine.ErrSyntax,
	"missing-colon":               permengine.ErrSyntax,
	"bad-escape":                  permengine.ErrSyntax,
	"unpaired-surrogate":          permengine.ErrSyntax,
	"bad-number":                  permengine.ErrSyntax,
	"bad-literal":                 permengine.ErrSyntax,
	"too-deep":                    permengine.ErrSyntax,
	"several-structural":          permengine.ErrUnknownKey,
}

// TestLoadErrorsGolden pins the exact message, with file:line:col, of every
// malformed file in testdata/loaderr. Run with -update to rewrite.
func TestLoadErrorsGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/loaderr/*.json")
	require.NoError(t, err)
	require.Len(t, files, len(sentinels), "every malformed file needs a sentinel in the table")
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		t.Run(name, func(t *testing.T) {
			_, err := permengine.LoadFile(file)
			require.Error(t, err, "a malformed file must not load")
			sentinel, ok := sentinels[name]
			require.True(t, ok, "no sentinel for %s", name)
			assert.ErrorIs(t, err, sentinel)
			var le *permengine.LoadError
			assert.ErrorAs(t, err, &le)
			golden := strings.TrimSuffix(file, ".json") + ".golden"
			got := err.Error() + "\n"
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "missing golden file; run go test -run TestLoadErrorsGolden -update")
			assert.Equal(t, string(want), got)
		})
	}
}

func TestLoadTooLarge(t *testing.T) {
	data := []byte(`{"allow": [` + strings.Repeat(`"Terminal(ls)",`, permengine.MaxFileBytes/15) + `"Terminal(ls)"]}`)
	_, err := permengine.Parse("big.json", data)
	require.ErrorIs(t, err, permengine.ErrTooLarge)
	assert.Contains(t, err.Error(), "big.json: the file is")
}

func TestLoadMissingFileIsEmptyPolicy(t *testing.T) {
	p, err := permengine.LoadFile(filepath.Join(t.TempDir(), "permissions.json"))
	require.NoError(t, err)
	assert.Equal(t, 0, p.Len())
}

func TestLoadAcceptsSchemaAndKeepsSources(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	require.NoError(t, os.WriteFile(path, []byte("{\n  \"$schema\": \"./permissions.schema.json\",\n  \"allow\": [\"Terminal(ls)\"],\n  \"deny\": [\n    \"Terminal(curl:*)\"\n  ]\n}\n"), 0o644))
	p, err := permengine.LoadFile(path)
	require.NoError(t, err)
	deny := p.Rules(permengine.ListDeny)
	require.Len(t, deny, 1)
	assert.Equal(t, permengine.Source{File: path, Line: 5, Col: 5, List: permengine.ListDeny, Index: 0}, deny[0].Source)
	d := permengine.Decide(p, permengine.Request{
		Action: permengine.Action{Type: permengine.Terminal, Command: "curl x", Cwd: dir},
		Role:   permengine.Developer, Env: permengine.Env{ScopeRoot: dir},
	})
	assert.Equal(t, permengine.Deny, d.Outcome)
	assert.Equal(t, path+":5", d.Source)
	assert.Contains(t, d.Reason, path+":5: deny Terminal(curl:*)")
}

// Layers: deny > ask > allow holds across files, and reasons name the
// layer's file.
func TestLayers(t *testing.T) {
	dir := t.TempDir()
	global := filepath.Join(dir, "global.json")
	project := filepath.Join(dir, "permissions.json")
	session := filepath.Join(dir, "session.json")
	require.NoError(t, os.WriteFile(global, []byte(`{"deny": ["Terminal(curl:*)"], "allow": ["Terminal(ls)"]}`), 0o644))
	require.NoError(t, os.WriteFile(project, []byte(`{"allow": ["Terminal(curl:*)", "Terminal(make:*)"], "ask": ["Terminal(ls)"]}`), 0o644))
	require.NoError(t, os.WriteFile(session, []byte(`{"allow": ["Terminal(npm test:*)"]}`), 0o644))
	p, err := permengine.LoadLayers(global, project, session, filepath.Join(dir, "missing.json"))
	require.NoError(t, err)
	decide := func(cmd string) permengine.Decision {
		return permengine.Decide(p, permengine.Request{
			Action: permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: dir},
			Role:   permengine.Developer, Env: permengine.Env{ScopeRoot: dir},
		})
	}
	d := decide("curl x")
	assert.Equal(t, permengine.Deny, d.Outcome, "a deny in one layer beats an allow in another")
	assert.Equal(t, global+":1", d.Source)
	d = decide("ls")
	assert.Equal(t, permengine.RequireApproval, d.Outcome, "an ask in one layer beats an allow in another")
	assert.Equal(t, project+":1", d.Source)
	d = decide("npm test && make build")
	assert.Equal(t, permengine.AutoApprove, d.Outcome, "allows combine across layers")

	_, err = permengine.LoadLayers(global, filepath.Join("testdata", "loaderr", "unknown-label.json"))
	require.ErrorIs(t, err, permengine.ErrPattern, "one bad layer fails the load")
}

func TestDuplicateRulesLoad(t *testing.T) {
	// Duplicates are a lint warning, not a load error.
	p, err := permengine.Parse("p.json", []byte(`{"allow": ["Terminal(ls)", "Terminal(ls)"]}`))
	require.NoError(t, err)
	require.NotNil(t, p)
}

func TestLoadErrorFields(t *testing.T) {
	_, err := permengine.LoadFile("testdata/loaderr/unknown-label.json")
	var le *permengine.LoadError
	require.True(t, errors.As(err, &le))
	assert.Equal(t, 5, le.Line)
	assert.Equal(t, 5, le.Col)
	assert.Equal(t, "deny", le.List)
	assert.Equal(t, 1, le.Index)
}

// A file with many problems reports the first hundred and counts the rest:
// the report of a hostile file stays small.
func TestLoadErrorsAreBounded(t *testing.T) {
	data := `{"allow": [` + strings.Repeat(`1, `, 5000) + `1]}`
	_, err := permengine.Parse("p.json", []byte(data))
	require.ErrorIs(t, err, permengine.ErrNotString)
	lines := strings.Split(err.Error(), "\n")
	assert.Len(t, lines, 101)
	assert.Equal(t, "p.json: 4901 more problems not shown; fix the ones above first", lines[100])
	assert.Equal(t, "p.json:1:12: allow[0]: every entry must be a string such as \"Terminal(git status)\"", lines[0])
}
