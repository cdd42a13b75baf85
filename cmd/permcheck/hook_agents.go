package main

import (
	"encoding/json"
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/permengine/permengine"
)

// hookAgent is one agent's hook protocol: what it sends, which of its tools
// the engine can judge, what its permission modes mean, and how an answer
// is written.
type hookAgent struct {
	name string
	// event is the documented hook_event_name of a pre-tool hook.
	event string
	// projectEnv are the variables, in order, that the agent sets to its
	// project directory for a hook.
	projectEnv []string
	// sessionCwdIsProject means the input's cwd (the session's working
	// directory, which the agent fixes for the session) is the project
	// directory when neither --project nor a variable gives one.
	sessionCwdIsProject bool
	// tools maps a tool name to how it becomes actions.
	tools map[string]toolKind
	// modes maps the agent's permission modes to ours; an unknown mode is
	// modeDefault.
	modes map[string]hookMode
	// answer writes a verdict in the protocol's terms and returns the exit
	// code.
	answer func(v verdict, stdout, stderr io.Writer) int
}

// toolKind says how a tool's input becomes actions.
type toolKind struct {
	// kind is terminal, write or patch.
	kind toolClass
	// field is the input field holding the command or the path.
	field string
	// alt is another accepted spelling of field.
	alt string
	// dirField names an optional working-directory field of a shell tool,
	// dirAlt its older name (Gemini CLI's "directory" before "dir_path").
	dirField, dirAlt string
	// shellPatch: the agent applies a patch given to apply_patch in a
	// shell command itself (Codex intercepts "apply_patch <<'EOF' …"), so
	// such a command is read as the patch tool.
	shellPatch bool
	// strips, for a shell tool, rewrites the command as the agent does
	// before it runs it, giving every text it may run (Gemini CLI's
	// stripShellWrapper): each is decided beside the command as given.
	strips func(command string) []string
	// held is why the tool's action needs a person whatever the engine
	// says: for a write tool, one given a relative path, which does not
	// name the file the tool writes (Gemini CLI's replace takes the one
	// file of the workspace whose path ends with a relative path that does
	// not exist); for an unread tool, always.
	held string
}

type toolClass uint8

const (
	toolTerminal toolClass = iota + 1 // a shell command: terminal
	toolWrite                         // one file path: write_file
	toolPatch                         // a patch naming files: write_file per file
	toolUnread                        // runs commands in a language the engine does not read: a person decides
)

// hookMode is a permission mode, mapped to autonomy the safe way.
type hookMode uint8

const (
	modeDefault     hookMode = iota // no opinion: the engine decides
	modeBypass                      // auto mode; deny, ask and the caps auto mode keeps still hold
	modeAcceptEdits                 // write_file inside the scope is auto-approved
	modePlan                        // every action needs a person
	modeDontAsk                     // nobody is asked: require_approval becomes deny
	// modeClassifier: the agent's own classifier approves without asking
	// (Claude Code's auto), and may not honour an ask: auto mode, with
	// require_approval a deny and auto_approve no opinion, so that the
	// classifier still judges what the engine lets through.
	modeClassifier
	// modeUnknown: a mode the hook does not know, which may not ask a
	// person either: no autonomy, with require_approval a deny.
	modeUnknown
)

// verdict is what the hook answers.
type verdict struct {
	// opinion is false when the engine has no type for the tool: the
	// agent's own rules apply.
	opinion bool
	outcome permengine.Outcome
	reason  string
}

var hookAgents = map[string]*hookAgent{
	"claude": {
		name:       "claude",
		event:      "PreToolUse",
		projectEnv: []string{"CLAUDE_PROJECT_DIR"},
		tools: map[string]toolKind{
			"Bash":         {kind: toolTerminal, field: "command"},
			"Write":        {kind: toolWrite, field: "file_path"},
			"Edit":         {kind: toolWrite, field: "file_path"},
			"MultiEdit":    {kind: toolWrite, field: "file_path"},
			"NotebookEdit": {kind: toolWrite, field: "notebook_path"},
			// The PowerShell tool runs commands the engine, which reads
			// bash, cannot read: a person decides, never the hook alone.
			"PowerShell": {kind: toolUnread, field: "command", held: "the PowerShell tool runs a command in a language permcheck does not read"},
		},
		modes: map[string]hookMode{
			"default": modeDefault, "manual": modeDefault, "acceptEdits": modeAcceptEdits, "plan": modePlan,
			"dontAsk": modeDontAsk, "bypassPermissions": modeBypass, "auto": modeClassifier,
		},
		answer: answerClaude,
	},
	"codex": {
		name:                "codex",
		event:               "PreToolUse",
		sessionCwdIsProject: true,
		tools: map[string]toolKind{
			"Bash":        {kind: toolTerminal, field: "command", dirField: "workdir", shellPatch: true},
			"apply_patch": {kind: toolPatch, field: "command", alt: "patch"},
		},
		modes:  map[string]hookMode{"default": modeDefault, "bypassPermissions": modeBypass},
		answer: answerCodex,
	},
	"gemini": {
		name:       "gemini",
		event:      "BeforeTool",
		projectEnv: []string{"GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR"},
		tools: map[string]toolKind{
			"run_shell_command": {kind: toolTerminal, field: "command", dirField: "dir_path", dirAlt: "directory", strips: geminiStripped},
			"write_file":        {kind: toolWrite, field: "file_path"},
			"replace": {kind: toolWrite, field: "file_path", held: "Gemini CLI's replace edits the one file of the workspace whose path ends with a relative path " +
				"that does not exist (workflows/ci.yml may be .github/workflows/ci.yml): the file it edits is not known"},
		},
		modes: map[string]hookMode{
			"default": modeDefault, "autoEdit": modeAcceptEdits, "auto_edit": modeAcceptEdits,
			"yolo": modeBypass, "plan": modePlan,
		},
		answer: answerGemini,
	},
}

// geminiWrapper is the start of a command that Gemini CLI's
// stripShellWrapper removes before it runs the rest (sh|bash|zsh -c,
// cmd.exe /c, powershell -Command), case-insensitive, with JavaScript's
// \s: its white space includes Unicode's, which Go's \s does not. (Go's
// (?i) folds a little more than JavaScript's: ſ is s, K is k. A command
// it takes for a wrapper that Gemini does not is decided twice, never
// less.)
var geminiWrapper = regexp.MustCompile(`(?i)^` + jsSpace + `*(?:(?:(?:` + jsNonSpace + `+/)?(?:sh|bash|zsh))` + jsSpace + `+-c|cmd\.exe` + jsSpace +
	`+/c|powershell(?:\.exe)?` + jsSpace + `+(?:-NoProfile` + jsSpace + `+)?-Command|pwsh(?:\.exe)?` + jsSpace + `+(?:-NoProfile` + jsSpace + `+)?-Command)` + jsSpace + `+`)

// jsSpaces are the characters of JavaScript's \s and of String.trim.
const jsSpaces = `\t\n\v\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`

const (
	jsSpace    = `[` + jsSpaces + `]`
	jsNonSpace = `[^` + jsSpaces + `]`
)

// jsTrim is JavaScript's String.prototype.trim.
var jsTrim = regexp.MustCompile(`^` + jsSpace + `+|` + jsSpace + `+$`)

// geminiStripped returns the commands Gemini CLI may run for command
// after its stripShellWrapper: where a wrapper starts it, the rest,
// trimmed, and, where that is quoted from end to end, without its first
// and last characters (bash -c 'echo ok' '; evil; echo ' runs
// "echo ok' '; evil; echo "), or, for a double-quoted one that the
// shell-quote package reads as one word, that word (both readings are
// returned: which one Gemini takes depends on the package's parse). With
// no wrapper, the command trimmed of JavaScript's white space.
func geminiStripped(command string) []string {
	m := geminiWrapper.FindString(command)
	if m == "" {
		// Gemini runs the command trimmed: a no-break space or another of
		// Unicode's spaces around it is a character of a word to bash.
		return []string{jsTrim.ReplaceAllString(command, "")}
	}
	rest := jsTrim.ReplaceAllString(command[len(m):], "")
	if len(rest) < 2 || !(rest[0] == '"' && rest[len(rest)-1] == '"' || rest[0] == '\'' && rest[len(rest)-1] == '\'') {
		return []string{rest}
	}
	inner := rest[1 : len(rest)-1]
	if rest[0] != '"' || !strings.HasSuffix(jsTrim.ReplaceAllString(m, ""), "-c") {
		return []string{inner}
	}
	// shell-quote's parse of a double-quoted word drops the backslash
	// before ", \ and $ (and rewrites ${x} as $x); where it reads more
	// than one word Gemini keeps the inner text. Both readings of the
	// escapes are decided; a text holding $ is computed whichever runs.
	var b strings.Builder
	for i := 0; i < len(inner); i++ {
		if inner[i] == '\\' && i+1 < len(inner) {
			i++
		}
		b.WriteByte(inner[i])
	}
	if b.String() == inner {
		return []string{inner}
	}
	return []string{inner, b.String()}
}

// approvalNeeded is the reason given where a protocol cannot ask a person.
func approvalNeeded(reason string) string {
	return "a person must approve this (permcheck cannot ask through this agent's hook, so it blocks): " + reason
}

// answerClaude: allow, ask or deny in hookSpecificOutput; no opinion is an
// empty answer.
func answerClaude(v verdict, stdout, stderr io.Writer) int {
	if !v.opinion {
		return exitOK
	}
	decision := map[permengine.Outcome]string{
		permengine.AutoApprove: "allow", permengine.RequireApproval: "ask", permengine.Deny: "deny",
	}[v.outcome]
	return writeHookJSON(stdout, stderr, map[string]any{"hookSpecificOutput": map[string]string{
		"hookEventName":            "PreToolUse",
		"permissionDecision":       decision,
		"permissionDecisionReason": v.reason,
	}})
}

// answerCodex: Codex refuses "allow" without a rewritten input and "ask"
// (and then runs the tool), so an approval is no decision and both
// require_approval and deny are a deny with the reason.
func answerCodex(v verdict, stdout, stderr io.Writer) int {
	if !v.opinion || v.outcome == permengine.AutoApprove {
		return exitOK
	}
	reason := v.reason
	if v.outcome == permengine.RequireApproval {
		reason = approvalNeeded(reason)
	}
	return writeHookJSON(stdout, stderr, map[string]any{"hookSpecificOutput": map[string]string{
		"hookEventName":            "PreToolUse",
		"permissionDecision":       "deny",
		"permissionDecisionReason": reason,
	}})
}

// answerGemini: decision allow or deny with a reason; Gemini CLI's
// documented BeforeTool decisions cannot ask a person, so require_approval
// is a deny.
func answerGemini(v verdict, stdout, stderr io.Writer) int {
	if !v.opinion {
		return exitOK
	}
	out := map[string]string{"decision": "deny", "reason": v.reason}
	switch v.outcome {
	case permengine.AutoApprove:
		out["decision"] = "allow"
	case permengine.RequireApproval:
		out["reason"] = approvalNeeded(v.reason)
	}
	return writeHookJSON(stdout, stderr, out)
}

// writeHookJSON writes one JSON answer. A write that fails blocks: the
// agent would otherwise read an empty answer as no objection.
func writeHookJSON(stdout, stderr io.Writer, v any) int {
	b, err := json.Marshal(v)
	if err == nil {
		_, err = stdout.Write(append(b, '\n'))
	}
	if err != nil {
		return hookFail(stderr, fmt.Errorf("writing the answer: %w", err))
	}
	return exitOK
}

// hookFail blocks in every protocol's own terms: exit code 2 with the
// reason on stderr.
func hookFail(stderr io.Writer, err error) int {
	fmt.Fprintf(stderr, "permcheck hook: blocked because the policy could not be applied: %v\n", err)
	return exitUsage
}

// shellPatchRE is the shell command Codex applies itself: apply_patch
// (or applypatch) with the patch in a here-document, after an optional
// "cd DIR &&". Only a quoted delimiter, or a body without expansions,
// is read: an unquoted here-document that bash would expand is left to
// the engine, which judges apply_patch as a program writing names its
// words do not show.
var shellPatchRE = regexp.MustCompile(`^\s*(?:cd\s+([A-Za-z0-9_./@%+,:=-]+)\s*&&\s*)?(?:apply_patch|applypatch)\s*<<-?\s*(?:'(\w+)'|"(\w+)"|(\w+))[ \t]*\n((?s:.*?))\n(\w+)[ \t]*\n?$`)

// shellPatch returns the patch and the directory (relative to the
// command's, "" for none) of a Codex shell command that only applies a
// patch, or ok false.
func shellPatch(command string) (patch, dir string, ok bool) {
	m := shellPatchRE.FindStringSubmatch(command)
	if m == nil {
		return "", "", false
	}
	delim := m[2] + m[3] + m[4]
	if m[6] != delim {
		return "", "", false
	}
	body := m[5]
	if m[4] != "" && strings.ContainsAny(body, "$`\\") {
		return "", "", false // bash would expand it, were it bash that ran it
	}
	for _, line := range strings.Split(body, "\n") {
		if strings.TrimRight(strings.TrimLeft(line, "\t"), " \t\r") == delim {
			// The here-document ends there, and what follows is shell
			// code: not a command that only applies a patch.
			return "", "", false
		}
	}
	return body, m[1], true
}

// patchFiles returns the files a Codex apply_patch names (added, updated,
// deleted, or moved to), in order, without repeats. Codex trims a header
// line before it reads it, so " *** Add File: .git/config" after a hunk
// is a header too; a context line that reads as one only adds a file.
func patchFiles(patch string) []string {
	var files []string
	seen := map[string]bool{}
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimSpace(line)
		for _, p := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if f, ok := strings.CutPrefix(line, p); ok {
				if f = strings.TrimSpace(f); !seen[f] {
					seen[f] = true
					files = append(files, f)
				}
			}
		}
	}
	return files
}
