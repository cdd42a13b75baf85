package casefile_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/casefile"
)

const oneCase = `{"name": "ls", "permissions": {"allow": ["Terminal(ls)"]}, "role": "developer", "action": {"type": "terminal", "command": "ls", "cwd": "/ws/proj"}, "env": {"scope_root": "/ws/proj"}, "want": {"outcome": "auto_approve", "rule": "file_allow"}}`

func TestParseArrayAndLines(t *testing.T) {
	lines, err := casefile.Parse("c.jsonl", []byte("// a comment\n\n"+oneCase+"\n"+oneCase+"\n"))
	require.NoError(t, err)
	require.Len(t, lines, 2)
	assert.Equal(t, "c.jsonl:3", lines[0].Where())
	assert.Equal(t, "c.jsonl:4", lines[1].Where())

	arr, err := casefile.Parse("c.json", []byte("[\n"+oneCase+",\n  "+oneCase+"\n]"))
	require.NoError(t, err)
	require.Len(t, arr, 2)
	assert.Equal(t, "c.json:2", arr[0].Where())
	assert.Equal(t, "c.json:3", arr[1].Where())

	for _, c := range append(lines, arr...) {
		d, err := c.Run()
		require.NoError(t, err)
		assert.NoError(t, c.Check(d))
	}
}

func TestParseRefusesMistakes(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"name": "x", "wnat": {"outcome": "deny"}}`, `c.jsonl:1: json: unknown field "wnat"`},
		{`{"name": "x", "want": {"outcome": "maybe"}}`, `c.jsonl:1: want: permengine: unknown outcome "maybe" (want auto_approve, require_approval or deny)`},
		{`{"name": "x", "permissions": {}, "permissions_file": "p.json"}`, `c.jsonl:1: give "permissions" or "permissions_file", not both`},
		{`{"name": "x"} {"name": "y"}`, `c.jsonl:1: trailing data after the case object`},
	} {
		_, err := casefile.Parse("c.jsonl", []byte(tt.in))
		require.Error(t, err, tt.in)
		assert.Equal(t, tt.want, err.Error())
	}
}

func TestUnknownRoleAndTypeAreDenied(t *testing.T) {
	cases, err := casefile.Parse("c.jsonl", []byte(`{"name": "r", "role": "intern", "action": {"type": "terminal", "command": "ls"}}
{"name": "t", "role": "owner", "action": {"type": "format_disk"}}`))
	require.NoError(t, err)
	for _, c := range cases {
		d, err := c.Run()
		require.NoError(t, err)
		assert.Equal(t, permengine.Deny, d.Outcome, c.Name)
	}
	_, err = casefile.Parse("c.jsonl", []byte(`{"name": "a", "role": "owner", "action": {"type": "spend"}, "autonomy": {"mode": "yes"}}`))
	require.NoError(t, err)
	bad, _ := casefile.Parse("c.jsonl", []byte(`{"name": "a", "role": "owner", "action": {"type": "spend"}, "autonomy": {"mode": "yes"}}`))
	_, err = bad[0].Run()
	assert.ErrorContains(t, err, `unknown autonomy mode "yes"`, "a malformed autonomy is a mistake in the case")
}

func TestPermissionsFileIsRelativeToTheCaseFile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "p.json"), []byte(`{"deny": ["Terminal(curl:*)"]}`), 0o644))
	path := filepath.Join(dir, "cases.jsonl")
	require.NoError(t, os.WriteFile(path, []byte(`{"name": "curl", "permissions_file": "p.json", "role": "developer", "action": {"type": "terminal", "command": "curl x", "cwd": "/ws/proj"}, "want": {"outcome": "deny"}}`), 0o644))
	cases, err := casefile.ReadFile(path)
	require.NoError(t, err)
	d, err := cases[0].Run()
	require.NoError(t, err)
	assert.NoError(t, cases[0].Check(d))
	assert.Equal(t, filepath.Join(dir, "p.json")+":1", d.Source)
}

func TestDecoderStreams(t *testing.T) {
	dec := casefile.NewDecoder("stdin", strings.NewReader(oneCase+"\n\n"+oneCase+"\n{bad\n"))
	for i := 0; i < 2; i++ {
		c, err := dec.Next()
		require.NoError(t, err)
		assert.Equal(t, "ls", c.Name)
	}
	_, err := dec.Next()
	assert.ErrorContains(t, err, "stdin:4: ")
	_, err = casefile.NewDecoder("x", strings.NewReader("")).Next()
	assert.Equal(t, io.EOF, err)
}

func TestAttackFieldsAreReadAndIgnoredByDeciding(t *testing.T) {
	cases, err := casefile.Parse("c.jsonl", []byte(`{"name": "a", "class": "pipe-to-shell", "effect": "push", "role": "developer", "action": {"type": "terminal", "command": "ls", "cwd": "/ws/proj"}, "env": {"scope_root": "/ws/proj"}, "permissions": {"allow": ["Terminal(ls)"]}, "want": {"outcome": "auto_approve"}}`))
	require.NoError(t, err)
	require.Len(t, cases, 1)
	assert.Equal(t, "pipe-to-shell", cases[0].Class)
	assert.Equal(t, "push", cases[0].Effect)
	d, err := cases[0].Run()
	require.NoError(t, err)
	assert.NoError(t, cases[0].Check(d))
}
