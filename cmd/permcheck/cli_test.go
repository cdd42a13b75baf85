package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fullDisk fails every write as a full disk does.
type fullDisk struct{}

func (fullDisk) Write([]byte) (int, error) { return 0, os.ErrInvalid }

// Output that cannot be written is an error, never a silent success.
func TestWriteErrorsAreErrors(t *testing.T) {
	dir := t.TempDir()
	policy := filepath.Join(dir, "permissions.json")
	require.NoError(t, os.WriteFile(policy, []byte(`{"allow": ["Terminal(ls)", "Terminal(ls)"]}`), 0o644))
	cases := filepath.Join(dir, "cases.jsonl")
	require.NoError(t, os.WriteFile(cases, []byte(`{"name": "x", "role": "developer", "action": {"type": "spend"}, "want": {"outcome": "deny"}}`+"\n"), 0o644))
	for _, args := range [][]string{
		{"decide", "-p", policy, "--cwd", dir, "--", "ls"},
		{"decide", "-p", policy, "--json", "--cwd", dir, "--", "ls"},
		{"decide", "--jsonl"},
		{"check", cases},
		{"lint", policy},
		{"always-allow", "--", "npm test"},
		{"version"},
	} {
		var stderr bytes.Buffer
		in := strings.NewReader(`{"name": "x", "role": "developer", "action": {"type": "spend"}}` + "\n")
		code := run(args, in, fullDisk{}, &stderr)
		assert.NotEqual(t, exitOK, code, "%v", args)
		assert.Contains(t, stderr.String(), "writ", "%v", args)
	}
}

// A 10 MB line is read whole; bytes of a command that are not UTF-8 reach
// the integrity cap instead of becoming U+FFFD and matching an allow rule.
func TestDecideJSONLLongLinesAndRawBytes(t *testing.T) {
	long := `{"name": "long", "permissions": {"allow": ["Terminal(echo)"]}, "role": "developer", "action": {"type": "terminal", "command": "echo ` +
		strings.Repeat("a", 10<<20) + `", "cwd": "/ws/proj"}, "env": {"scope_root": "/ws/proj"}}`
	raw := "{\"name\": \"raw\", \"permissions\": {\"allow\": [\"Terminal(ls)\"]}, \"role\": \"developer\", \"action\": {\"type\": \"terminal\", \"command\": \"ls \xff\xfe\", \"cwd\": \"/ws/proj\"}, \"env\": {\"scope_root\": \"/ws/proj\"}}"
	var out, stderr bytes.Buffer
	code := run([]string{"decide", "--jsonl"}, strings.NewReader(long+"\n"+raw+"\n"), &out, &stderr)
	require.Equal(t, exitOK, code, stderr.String())
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	require.Len(t, lines, 2)
	assert.Contains(t, lines[0], `"name":"long","outcome":"require_approval","rule":"cap_integrity"`)
	assert.Contains(t, lines[1], `"name":"raw","outcome":"require_approval","rule":"cap_integrity"`)
	assert.NotContains(t, stderr.String(), "token too long")
}

func TestVersionLine(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc123"}, {Key: "vcs.modified", Value: "true"}}}
	assert.Equal(t, "permcheck (devel) (commit abc123, modified) go1.26.0", versionLine(info, true))
	info.Settings = nil
	info.Main.Version = "v1.2.3"
	assert.Equal(t, "permcheck v1.2.3 go1.26.0", versionLine(info, true))
	assert.Equal(t, "permcheck (unknown version)", versionLine(nil, false))
	var out bytes.Buffer
	require.Equal(t, exitOK, run([]string{"version"}, nil, &out, &bytes.Buffer{}))
	assert.True(t, strings.HasPrefix(out.String(), "permcheck "), out.String())
}
