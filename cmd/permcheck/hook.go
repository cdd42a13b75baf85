package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/internal/rawjson"
)

// maxHookInput bounds what a hook reads on stdin. A tool input carries a
// whole file for a write, so the bound is generous; past it the hook
// blocks.
const maxHookInput = 16 << 20

// hookFlags are the flags of permcheck hook.
type hookFlags struct {
	project string
	addDirs listFlag
	role    string
	mode    string
}

const hookUsage = `usage: permcheck hook claude|codex|gemini [--project DIR] [--add-dir DIR]… [--role R] [--mode MODE] < hook-input.json

Answers an agent's pre-tool hook on stdin/stdout with the project's
permissions.json layered over the user's global file.`

func cmdHook(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("permcheck hook", hookUsage, stderr)
	var f hookFlags
	fs.StringVar(&f.project, "project", "", "the project directory (default: the agent's own variable, e.g. CLAUDE_PROJECT_DIR)")
	fs.StringVar(&f.role, "role", "developer", "IAM role: developer, maintainer or owner")
	fs.Var(&f.addDirs, "add-dir", "an additional working directory inside the path scope, absolute (repeatable; e.g. Claude Code's additionalDirectories)")
	fs.StringVar(&f.mode, "mode", "", "the agent's permission mode, over the one in its input (Gemini CLI sends none: say --mode yolo when it runs with --yolo)")
	var name string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		name, args = args[0], args[1:]
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if name == "" && fs.NArg() == 1 {
		name = fs.Arg(0)
	} else if fs.NArg() > 0 {
		fs.Usage()
		return exitUsage
	}
	agent, ok := hookAgents[name]
	if !ok {
		if name == "" {
			fmt.Fprint(stderr, "permcheck hook: name the agent: claude, codex or gemini\n\n")
		} else {
			fmt.Fprintf(stderr, "permcheck hook: unknown agent %q (want claude, codex or gemini)\n\n", name)
		}
		fs.Usage()
		return exitUsage
	}
	v, err := hookVerdict(agent, f, stdin)
	if err != nil {
		return hookFail(stderr, err)
	}
	return agent.answer(v, stdout, stderr)
}

// hookInput is the part of a pre-tool hook's input the engine reads; the
// three protocols share these names. Other fields are ignored.
type hookInput struct {
	Cwd            string                     `json:"cwd"`
	PermissionMode string                     `json:"permission_mode"`
	HookEventName  string                     `json:"hook_event_name"`
	ToolName       string                     `json:"tool_name"`
	ToolInput      map[string]json.RawMessage `json:"tool_input"`
}

// hookVerdict reads the input, maps the tool, loads the policy and decides.
func hookVerdict(agent *hookAgent, f hookFlags, stdin io.Reader) (verdict, error) {
	in, err := readHookInput(stdin)
	if err != nil {
		return verdict{}, err
	}
	if in.HookEventName != "" && in.HookEventName != agent.event {
		return verdict{}, fmt.Errorf("hook_event_name %q: permcheck answers %s for %s", in.HookEventName, agent.event, agent.name)
	}
	tool, known := agent.tools[in.ToolName]
	if !known {
		return verdict{}, nil // no type for it: the agent's own rules apply
	}
	role, err := permengine.ParseRole(f.role)
	if err != nil {
		return verdict{}, fmt.Errorf("--role: %w", err)
	}
	project, err := projectDir(agent, f.project, in.Cwd)
	if err != nil {
		return verdict{}, err
	}
	actions, held, err := toolActions(tool, in, project)
	if err != nil {
		return verdict{}, err
	}
	policy, err := hookPolicy(project)
	if err != nil {
		return verdict{}, err
	}
	modeName := in.PermissionMode
	if f.mode != "" {
		if _, ok := agent.modes[f.mode]; !ok {
			return verdict{}, fmt.Errorf("--mode %q: %s has no such permission mode", f.mode, agent.name)
		}
		modeName = f.mode
	}
	env := permengine.Env{ScopeRoot: project}
	for _, d := range f.addDirs.values {
		if !filepath.IsAbs(d) {
			return verdict{}, fmt.Errorf("--add-dir %q is not absolute", d)
		}
		env.AdditionalDirs = append(env.AdditionalDirs, filepath.Clean(d))
	}
	return decideActions(policy, actions, held, role, env, modeOf(agent, modeName)), nil
}

// modeOf maps a permission mode's name; none is the default, and one the
// hook does not know is modeUnknown: it cannot tell whether the agent
// would ask a person.
func modeOf(agent *hookAgent, name string) hookMode {
	if name == "" {
		return modeDefault
	}
	if m, ok := agent.modes[name]; ok {
		return m
	}
	return modeUnknown
}

// hookKeys are the top-level keys of the hook input the hook reads.
var hookKeys = []string{"cwd", "permission_mode", "hook_event_name", "tool_name", "tool_input"}

// exactHookKeys refuses an input whose top-level object spells a key the
// hook reads twice, or in another case ("Permission_Mode"): Go's decoder
// would take the last, or match it regardless of case, where the agent's
// own reading may take another.
func exactHookKeys(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	if _, err := dec.Token(); err != nil { // the object's '{', checked by the caller's decode
		return err
	}
	seen := map[string]bool{}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return err
		}
		key, _ := t.(string)
		for _, k := range hookKeys {
			if !strings.EqualFold(key, k) {
				continue
			}
			if key != k {
				return fmt.Errorf("the hook input spells %q as %q", k, key)
			}
			if seen[k] {
				return fmt.Errorf("the hook input has %q twice", k)
			}
			seen[k] = true
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return err
		}
	}
	return nil
}

// readHookInput reads at most maxHookInput bytes of JSON.
func readHookInput(stdin io.Reader) (hookInput, error) {
	var in hookInput
	data, err := io.ReadAll(io.LimitReader(stdin, maxHookInput+1))
	if err != nil {
		return in, fmt.Errorf("reading the hook input: %w", err)
	}
	if len(data) > maxHookInput {
		return in, fmt.Errorf("the hook input is over %d MiB", maxHookInput>>20)
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return in, errors.New("the hook input is empty")
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&in); err != nil {
		return in, fmt.Errorf("the hook input is not a JSON object: %w", err)
	}
	if err := exactHookKeys(data); err != nil {
		return in, err
	}
	if dec.More() {
		return in, errors.New("the hook input has data after its JSON object")
	}
	if in.ToolName == "" {
		return in, errors.New("the hook input has no tool_name")
	}
	return in, nil
}

// projectDir is --project, else the agent's own variable, else (for an
// agent that fixes it per session) the session's cwd. Never a directory
// found by walking up: an agent could plant a permissions.json there.
func projectDir(agent *hookAgent, flag, sessionCwd string) (string, error) {
	dir, from := flag, "--project"
	for _, env := range agent.projectEnv {
		if dir != "" {
			break
		}
		dir, from = os.Getenv(env), env
	}
	if dir == "" && agent.sessionCwdIsProject {
		dir, from = sessionCwd, "the session's cwd"
	}
	if dir == "" {
		return "", fmt.Errorf("no project directory: give --project DIR or set %s", strings.Join(agent.projectEnv, " or "))
	}
	if !filepath.IsAbs(dir) {
		return "", fmt.Errorf("project directory %q (from %s) is not absolute", dir, from)
	}
	return filepath.Clean(dir), nil
}

// toolActions turns a tool's input into the actions to decide. held, when
// not empty, is why no approval may come of them: a person must see it.
func toolActions(tool toolKind, in hookInput, project string) (actions []permengine.Action, held string, err error) {
	text, err := toolField(in.ToolInput, tool.field, tool.alt)
	if err != nil {
		return nil, "", fmt.Errorf("tool %s: %w", in.ToolName, err)
	}
	cwd := in.Cwd
	if cwd == "" {
		cwd = project
	}
	switch tool.kind {
	case toolUnread:
		return nil, tool.held, nil
	case toolTerminal:
		for _, f := range []string{tool.dirField, tool.dirAlt} {
			if _, given := in.ToolInput[f]; !given || f == "" {
				continue
			}
			// A working directory the tool names is where the command
			// runs; one that is not a string is refused, not ignored.
			dir, err := toolField(in.ToolInput, f, "")
			if err != nil {
				return nil, "", fmt.Errorf("tool %s: %w", in.ToolName, err)
			}
			if dir != "" {
				cwd = resolveIn(project, dir)
				break
			}
		}
		if patch, dir, ok := shellPatch(text); ok && tool.shellPatch {
			if dir != "" {
				cwd = resolveIn(cwd, dir)
			}
			text = patch
			break
		}
		actions = []permengine.Action{{Type: permengine.Terminal, Command: text, Cwd: cwd}}
		if tool.strips != nil {
			// What the agent runs after its own rewriting is decided too,
			// and the strictest decision stands.
			for _, c := range tool.strips(text) {
				if c != text {
					actions = append(actions, permengine.Action{Type: permengine.Terminal, Command: c, Cwd: cwd})
				}
			}
		}
		return actions, "", nil
	case toolWrite:
		if tool.held != "" && !filepath.IsAbs(text) {
			held = tool.held
		}
		return []permengine.Action{{Type: permengine.WriteFile, Path: text, Cwd: cwd}}, held, nil
	}
	files := patchFiles(text)
	if len(files) == 0 {
		return nil, "", fmt.Errorf("tool %s: the patch names no file", in.ToolName)
	}
	for _, f := range files {
		actions = append(actions, permengine.Action{Type: permengine.WriteFile, Path: f, Cwd: cwd})
	}
	return actions, "", nil
}

// resolveIn makes dir absolute against base.
func resolveIn(base, dir string) string {
	if filepath.IsAbs(dir) {
		return filepath.Clean(dir)
	}
	return filepath.Join(base, dir)
}

// toolField reads a string field of the tool input, keeping bytes that are
// not UTF-8 so that the engine's integrity check sees them.
func toolField(input map[string]json.RawMessage, field, alt string) (string, error) {
	raw, ok := input[field]
	if !ok && alt != "" {
		field = alt
		raw, ok = input[field]
	}
	if !ok {
		return "", fmt.Errorf("tool_input has no %q", field)
	}
	s, err := rawjson.Unquote(raw)
	if err != nil {
		return "", fmt.Errorf("tool_input.%s: %w", field, err)
	}
	return s, nil
}

// hookPolicy is the project's permissions.json over the user's global file,
// with every permissions.json in the scope protected.
func hookPolicy(project string) (*permengine.Policy, error) {
	global, err := permengine.GlobalPolicyPath()
	if err != nil {
		return nil, err
	}
	layers := []string{global, filepath.Join(project, "permissions.json")}
	if global == layers[1] {
		layers = layers[1:]
	}
	p, err := permengine.LoadLayers(layers...)
	if err != nil {
		return nil, err
	}
	return p.WithExtensions(permengine.Extensions{ProtectedPaths: []string{"**/permissions.json"}})
}

// decideActions decides every action and keeps the most restrictive
// decision, then applies what the mode says.
func decideActions(p *permengine.Policy, actions []permengine.Action, held string, role permengine.Role, env permengine.Env, mode hookMode) verdict {
	var worst *permengine.Decision
	for _, a := range actions {
		req := permengine.Request{Action: a, Role: role, Env: env}
		switch {
		case mode == modeBypass || mode == modeClassifier:
			req.Autonomy = permengine.Autonomy{Mode: permengine.AutonomyAutoApprove, Origin: permengine.OriginWildcard}
		case mode == modeAcceptEdits && a.Type == permengine.WriteFile:
			req.Autonomy = permengine.Autonomy{Mode: permengine.AutonomyAutoApprove, Origin: permengine.OriginSpecific}
		}
		d := permengine.Decide(p, req)
		if worst == nil || d.Outcome < worst.Outcome {
			worst = &d
		}
	}
	v := verdict{opinion: true, outcome: permengine.RequireApproval, reason: held}
	if worst != nil {
		v.outcome, v.reason = worst.Outcome, fmt.Sprintf("%s (%s)", worst.Reason, worst.Rule)
	}
	if held != "" && v.outcome == permengine.AutoApprove {
		v.outcome, v.reason = permengine.RequireApproval, held
	}
	switch {
	case mode == modePlan && v.outcome == permengine.AutoApprove:
		v.outcome = permengine.RequireApproval
		v.reason = "plan mode: every action needs a person; " + v.reason
	case mode == modeClassifier && v.outcome == permengine.AutoApprove:
		v.opinion = false // the agent's classifier still judges what the engine lets through
	case v.outcome == permengine.RequireApproval && askDenied[mode] != "":
		v.outcome = permengine.Deny
		v.reason = askDenied[mode] + ", so what needs a person is denied: " + v.reason
	}
	return v
}

// askDenied are the modes in which an ask may reach no person, with why:
// require_approval is a deny there.
var askDenied = map[hookMode]string{
	modeDontAsk:    "dontAsk mode asks nobody",
	modeClassifier: "in auto mode the agent's classifier may approve what the hook asks about",
	modeUnknown:    "a permission mode permcheck does not know may not ask a person",
}
