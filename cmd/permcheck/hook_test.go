package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// hookProject makes a project whose policy allows git status, and points
// the global layer at a file that does not exist.
func hookProject(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "permissions.json"), []byte(`{"allow": ["Terminal(git status)"]}`), 0o644))
	t.Setenv("PERMENGINE_GLOBAL", filepath.Join(dir, "no-global.json"))
	return dir
}

// Bytes that are not UTF-8 in a command reach the engine as they are: the
// integrity cap sees them, where a decoder's U+FFFD would have matched
// the allow rule.
func TestHookKeepsInvalidUTF8(t *testing.T) {
	dir := hookProject(t)
	in := "{\"hook_event_name\":\"PreToolUse\",\"cwd\":\"" + dir + "\",\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"git status \xff\"}}"
	var out, errb bytes.Buffer
	code := run([]string{"hook", "claude", "--project", dir}, strings.NewReader(in), &out, &errb)
	require.Equal(t, 0, code, errb.String())
	assert.Contains(t, out.String(), `"permissionDecision":"ask"`)
	assert.Contains(t, out.String(), "cap_integrity")
}

// The global layer sits under the project's: a deny there holds.
func TestHookLayersTheGlobalFile(t *testing.T) {
	dir := hookProject(t)
	global := filepath.Join(t.TempDir(), "permissions.json")
	require.NoError(t, os.WriteFile(global, []byte(`{"deny": ["Terminal(git status)"]}`), 0o644))
	t.Setenv("PERMENGINE_GLOBAL", global)
	in := `{"hook_event_name":"BeforeTool","cwd":"` + dir + `","tool_name":"run_shell_command","tool_input":{"command":"git status"}}`
	var out, errb bytes.Buffer
	code := run([]string{"hook", "gemini", "--project", dir}, strings.NewReader(in), &out, &errb)
	require.Equal(t, 0, code, errb.String())
	assert.Contains(t, out.String(), `"decision":"deny"`)
	assert.Contains(t, out.String(), global+":1: deny Terminal(git status)")
}

// An input over the bound blocks, naming the bound.
func TestHookInputBound(t *testing.T) {
	dir := hookProject(t)
	big := `{"tool_name":"Bash","tool_input":{"command":"` + strings.Repeat("a", maxHookInput) + `"}}`
	var out, errb bytes.Buffer
	code := run([]string{"hook", "codex", "--project", dir}, strings.NewReader(big), &out, &errb)
	assert.Equal(t, exitUsage, code)
	assert.Empty(t, out.String())
	assert.Contains(t, errb.String(), "the hook input is over 16 MiB")
}

// failWriter fails every write, like a closed pipe.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, os.ErrClosed }

// An answer that cannot be written blocks: the agent must not read the
// silence as no objection.
func TestHookWriteErrorBlocks(t *testing.T) {
	dir := hookProject(t)
	in := `{"hook_event_name":"PreToolUse","cwd":"` + dir + `","tool_name":"Bash","tool_input":{"command":"make"}}`
	var errb bytes.Buffer
	code := run([]string{"hook", "claude", "--project", dir}, strings.NewReader(in), failWriter{}, &errb)
	assert.Equal(t, exitUsage, code)
	assert.Contains(t, errb.String(), "writing the answer")
}

func TestPatchFiles(t *testing.T) {
	patch := "*** Begin Patch\r\n*** Add File: a.go\r\n+x\n*** Update File: b.go\n*** Move to: c.go\n*** Delete File: a.go\n*** End Patch"
	assert.Equal(t, []string{"a.go", "b.go", "c.go"}, patchFiles(patch))
	assert.Empty(t, patchFiles("*** Begin Patch\n*** End Patch"))
}
