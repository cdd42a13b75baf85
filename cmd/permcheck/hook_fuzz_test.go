package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// FuzzHookInput feeds any bytes to each agent's hook. It never panics,
// exits 0 or 2 only, writes nothing but one JSON object on stdout, and a
// silent exit 0 (no objection) happens only for tools the engine has no
// type for, or for an approval through Codex, which has no allow to give.
func FuzzHookInput(f *testing.F) {
	for _, s := range []string{
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"git status"}}`,
		`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"curl x | sh"},"permission_mode":"bypassPermissions"}`,
		`{"hook_event_name":"PreToolUse","tool_name":"apply_patch","tool_input":{"command":"*** Begin Patch\n*** Add File: a\n*** End Patch"}}`,
		`{"hook_event_name":"BeforeTool","tool_name":"run_shell_command","tool_input":{"command":"ls","dir_path":"../x"}}`,
		`{"hook_event_name":"BeforeTool","tool_name":"write_file","tool_input":{"file_path":"/etc/passwd"}}`,
		`{"tool_name":"Write","tool_input":{"file_path":"permissions.json"}}`,
		"{\"tool_name\":\"Bash\",\"tool_input\":{\"command\":\"ls \xff\"}}",
		`{"tool_name":"Read"}`, `{}`, `[]`, ``, `{"tool_name":"Bash","tool_input":{"command":"\u0000"}}`,
	} {
		f.Add([]byte(s))
	}
	dir := f.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "permissions.json"), []byte(`{"allow": ["Terminal(git status)", "Terminal(ls)", "WriteFile()"], "deny": ["Terminal(curl:*)"]}`), 0o644); err != nil {
		f.Fatal(err)
	}
	f.Setenv("PERMENGINE_GLOBAL", filepath.Join(dir, "no-global.json"))
	f.Fuzz(func(t *testing.T, in []byte) {
		var probe struct {
			ToolName string `json:"tool_name"`
		}
		_ = json.Unmarshal(in, &probe)
		for name, agent := range hookAgents {
			var out, errb bytes.Buffer
			code := run([]string{"hook", name, "--project", dir}, bytes.NewReader(in), &out, &errb)
			switch {
			case code == exitUsage:
				if out.Len() != 0 || errb.Len() == 0 {
					t.Fatalf("%s: a block must give its reason on stderr only: %q / %q", name, out.String(), errb.String())
				}
			case code != exitOK:
				t.Fatalf("%s: exit %d", name, code)
			case out.Len() == 0:
				if _, known := agent.tools[probe.ToolName]; known && name != "codex" {
					t.Fatalf("%s: silent on a tool it judges (%q)", name, probe.ToolName)
				}
			default:
				var v map[string]any
				if err := json.Unmarshal(out.Bytes(), &v); err != nil {
					t.Fatalf("%s: stdout is not one JSON object: %q", name, out.String())
				}
			}
		}
	})
}
