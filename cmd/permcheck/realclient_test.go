package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// realClientsEnv, when "1", turns the real-client tests' skips into
// failures: CI installs the clients and sets it.
const realClientsEnv = "PERMCHECK_REAL_CLIENTS"

// buildPermcheck builds the command into a temporary directory.
func buildPermcheck(tb testing.TB) string {
	tb.Helper()
	bin := filepath.Join(tb.TempDir(), "permcheck")
	out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput()
	require.NoError(tb, err, string(out))
	return bin
}

// requireGeminiCore returns the repository root when node and the pinned
// @google/gemini-cli-core are installed, and skips (or, with
// PERMCHECK_REAL_CLIENTS=1, fails) otherwise.
func requireGeminiCore(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("../..")
	require.NoError(t, err)
	missing := ""
	if _, err := exec.LookPath("node"); err != nil {
		missing = "node is not on PATH (install Node.js 20 or later)"
	} else if _, err := os.Stat(filepath.Join(root, "node_modules", "@google", "gemini-cli-core", "package.json")); err != nil {
		missing = "node_modules/@google/gemini-cli-core is not installed"
	}
	if missing == "" {
		return root
	}
	msg := missing + ": run `npm ci --omit=optional --ignore-scripts` at the repository root to test against Gemini CLI's own hook runner"
	if os.Getenv(realClientsEnv) == "1" {
		t.Fatalf("%s (%s=1 requires it)", msg, realClientsEnv)
	}
	t.Skip(msg + "; " + realClientsEnv + "=1 makes this a failure")
	return ""
}

// runnerResult is one line of gemini-hookrunner.mjs's output.
type runnerResult struct {
	Name     string  `json:"name"`
	Success  bool    `json:"success"`
	ExitCode int     `json:"exitCode"`
	Decision *string `json:"decision"`
	Blocked  bool    `json:"blocked"`
	Reason   string  `json:"reason"`
	Error    string  `json:"error"`
}

// Gemini CLI's own HookRunner runs the built permcheck hook gemini as a
// BeforeTool command hook: it allows what the policy allows, blocks what it
// denies and what needs a person, leaves other tools alone, and blocks
// when the policy cannot be read, with the reason each time.
func TestGeminiHookRunner(t *testing.T) {
	root := requireGeminiCore(t)
	bin := buildPermcheck(t)
	project, broken := t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(project, "permissions.json"),
		[]byte(`{"allow": ["Terminal(git status)"], "deny": ["Terminal(curl:*)"]}`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(broken, "permissions.json"), []byte(`{"allow": ["Termnal(ls)"]}`), 0o644))

	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(root, "cmd/permcheck/testdata/realclient/gemini-hookrunner.mjs"), bin, project, broken)
	cmd.Env = append(os.Environ(), "PERMENGINE_GLOBAL="+filepath.Join(project, "no-global.json"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())

	got := map[string]runnerResult{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "{") {
			continue // the runner's own debug lines
		}
		var r runnerResult
		require.NoError(t, json.Unmarshal([]byte(line), &r), line)
		got[r.Name] = r
		t.Logf("%s: success=%v exit=%d decision=%v blocked=%v reason=%q", r.Name, r.Success, r.ExitCode, deref(r.Decision), r.Blocked, r.Reason)
	}
	require.Len(t, got, 5, string(out))

	allowed := got["allowed"]
	assert.True(t, allowed.Success)
	assert.Equal(t, "allow", deref(allowed.Decision))
	assert.False(t, allowed.Blocked)
	assert.Contains(t, allowed.Reason, "allow Terminal(git status)")

	denied := got["denied"]
	assert.True(t, denied.Blocked)
	assert.Equal(t, "deny", deref(denied.Decision))
	assert.Contains(t, denied.Reason, "deny Terminal(curl:*)")

	person := got["needs a person"]
	assert.True(t, person.Blocked, "require_approval must never let Gemini CLI run the tool")
	assert.Contains(t, person.Reason, "a person must approve this")

	none := got["no opinion"]
	assert.True(t, none.Success)
	assert.False(t, none.Blocked)
	assert.Nil(t, none.Decision)

	failed := got["unreadable policy"]
	assert.True(t, failed.Blocked)
	assert.Equal(t, 2, failed.ExitCode)
	assert.Contains(t, failed.Reason, `unknown label "Termnal"`)
}

func deref(s *string) string {
	if s == nil {
		return "<none>"
	}
	return *s
}

// geminiStripped gives, for every command, what Gemini CLI's own
// stripShellWrapper turns it into: the hook decides each text Gemini may
// run, so the real function's answer must be one of them.
func TestGeminiStrippedAgreesWithGemini(t *testing.T) {
	root := requireGeminiCore(t)
	commands := []string{
		"git status",
		"  git status  ",
		"\u00a0sudo id",
		"sudo id\u2028",
		"bash -c 'echo ok'",
		"bash -c 'echo ok' '; sudo id; echo '",
		"sh -c \"echo ok\"",
		"sh -c \"echo \\\"ok\\\"; sudo id\"",
		"sh -c \"a\" \"; sudo id; \"",
		"zsh -c 'x'",
		"/bin/bash -c 'git status'",
		"/usr/bin/env bash -c 'x'",
		"BASH -C 'sudo id'",
		"bash\u00a0-c 'sudo id'",
		"bash -c\u3000'sudo id'",
		"bash -lc 'sudo id'",
		"bash -c sudo id",
		"bash -c \"$(echo sudo) id\"",
		"bash -c \"echo \\$HOME\"",
		"bash -c \"a\\\\b\"",
		"bash -c '",
		"bash -c \"\"",
		"cmd.exe /c \"sudo id\"",
		"powershell -NoProfile -Command 'sudo id'",
		"pwsh.exe -Command \"x\" \"y\"",
		"echo bash -c 'x'",
	}
	var in bytes.Buffer
	for _, c := range commands {
		b, err := json.Marshal(c)
		require.NoError(t, err)
		in.Write(append(b, '\n'))
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(root, "cmd/permcheck/testdata/realclient/gemini-strip.mjs"))
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, stderr.String())
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	require.Len(t, lines, len(commands), string(out))
	for i, c := range commands {
		var runs string
		require.NoError(t, json.Unmarshal([]byte(lines[i]), &runs))
		ours := geminiStripped(c)
		if runs == c {
			continue // the command as given is decided anyway
		}
		assert.Contains(t, ours, runs, "command %q: Gemini CLI runs %q, the hook decides %q and the command", c, runs, ours)
	}
}
