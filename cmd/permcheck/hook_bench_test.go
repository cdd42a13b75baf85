package main

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// BenchmarkHookBinary measures what an agent waits for on every tool call:
// starting the built permcheck, reading the input and both policy layers,
// deciding, and answering ("hook"). The target is under 20 ms per call.
// "start" runs the same binary with nothing to do (permcheck help), which
// is the machine's cost of starting a process: hook minus start is the
// work of the hook itself.
func BenchmarkHookBinary(b *testing.B) {
	bin := buildPermcheck(b)
	project := b.TempDir()
	policy := `{"allow": ["Terminal(git status)", "Terminal(npm test)", "Terminal(pnpm test:*)", "Terminal(go test)"],
	 "deny": ["Terminal(curl:*)", "Terminal(wget:*)"], "ask": ["Terminal(git push)"]}`
	if err := os.WriteFile(filepath.Join(project, "permissions.json"), []byte(policy), 0o644); err != nil {
		b.Fatal(err)
	}
	global := filepath.Join(b.TempDir(), "permissions.json")
	if err := os.WriteFile(global, []byte(`{"deny": ["Terminal(rm -rf ~)"]}`), 0o644); err != nil {
		b.Fatal(err)
	}
	input := []byte(`{"session_id":"s","transcript_path":"/t.jsonl","cwd":"` + project + `","permission_mode":"default",` +
		`"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cd src && pnpm test:unit --watch=false && git status"}}`)
	env := append(os.Environ(), "PERMENGINE_GLOBAL="+global, "CLAUDE_PROJECT_DIR="+project)
	b.Run("hook", func(b *testing.B) {
		for b.Loop() {
			cmd := exec.Command(bin, "hook", "claude")
			cmd.Env = env
			cmd.Stdin = bytes.NewReader(input)
			out, err := cmd.Output()
			if err != nil || !bytes.Contains(out, []byte(`"permissionDecision":"allow"`)) {
				b.Fatalf("hook answered %q, %v", out, err)
			}
		}
	})
	b.Run("start", func(b *testing.B) {
		for b.Loop() {
			if err := exec.Command(bin, "help").Run(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkHookInProcess is the hook's own work without the process start:
// reading the input, loading both layers from disk, deciding, answering.
func BenchmarkHookInProcess(b *testing.B) {
	project := b.TempDir()
	policy := `{"allow": ["Terminal(git status)", "Terminal(npm test)", "Terminal(pnpm test:*)", "Terminal(go test)"],
	 "deny": ["Terminal(curl:*)", "Terminal(wget:*)"], "ask": ["Terminal(git push)"]}`
	if err := os.WriteFile(filepath.Join(project, "permissions.json"), []byte(policy), 0o644); err != nil {
		b.Fatal(err)
	}
	b.Setenv("PERMENGINE_GLOBAL", filepath.Join(b.TempDir(), "permissions.json"))
	input := []byte(`{"session_id":"s","transcript_path":"/t.jsonl","cwd":"` + project + `","permission_mode":"default",` +
		`"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"cd src && pnpm test:unit --watch=false && git status"}}`)
	var out bytes.Buffer
	b.ReportAllocs()
	for b.Loop() {
		out.Reset()
		if code := run([]string{"hook", "claude", "--project", project}, bytes.NewReader(input), &out, &out); code != 0 {
			b.Fatal(out.String())
		}
	}
}
