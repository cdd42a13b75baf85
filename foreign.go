package permengine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Other agents' rule files: Claude Code writes Tool(specifier) rules
// ("Bash(npm run test:*)", "Read(./.env)", "WebFetch(domain:x)",
// "mcp__server__tool") whose labels and wildcards mean something else here.
// This file converts them, and tells the loader and lint what a foreign
// spelling should have been.

// claudeTool is what one Claude Code tool name is here.
type claudeTool struct {
	// typ is the equivalent action type; 0 (unknown) when there is none.
	typ ActionType
	// why says why a tool without an equivalent cannot be converted.
	why string
}

const (
	whyRead  = "reading has no action type here: the engine judges what runs and what is written (a terminal command that reads is judged by the path scope)"
	whyFetch = "fetching has no action type here: curl, wget and the like in a terminal command are judged like any other command"
	whyAgent = "the agent's own tools have no action type here; the agent's own rules keep applying to them"
	whyMCP   = "MCP tools have no action type here; the agent's own rules keep applying to them"
)

// claudeTools maps Claude Code's tool names to action types.
var claudeTools = map[string]claudeTool{
	"Bash": {typ: Terminal}, "Write": {typ: WriteFile}, "Edit": {typ: WriteFile},
	"MultiEdit": {typ: WriteFile}, "NotebookEdit": {typ: WriteFile},
	"Read": {why: whyRead}, "Glob": {why: whyRead}, "Grep": {why: whyRead}, "LS": {why: whyRead},
	"NotebookRead": {why: whyRead}, "WebFetch": {why: whyFetch}, "WebSearch": {why: whyFetch},
	"Task": {why: whyAgent}, "Agent": {why: whyAgent}, "TodoWrite": {why: whyAgent},
	"ExitPlanMode": {why: whyAgent}, "SlashCommand": {why: whyAgent}, "Skill": {why: whyAgent},
}

// Conversion is what became of one foreign rule.
type Conversion struct {
	// From is the foreign rule and List the list it was in.
	From string `json:"from"`
	List List   `json:"list"`
	// To is the rule written here, "" when the rule was not converted.
	To string `json:"to,omitempty"`
	// Kind is "converted" (same meaning), "widened" or "narrowed" (To
	// matches more or fewer commands), or "not_converted".
	Kind string `json:"kind"`
	// Note says what changed, or why the rule was not converted.
	Note string `json:"note,omitempty"`
	// Bash: the rule is a Bash rule, a terminal command's.
	Bash bool `json:"-"`
}

// Conversion kinds.
const (
	Converted    = "converted"
	Widened      = "widened"
	Narrowed     = "narrowed"
	NotConverted = "not_converted"
)

// ConvertClaudeRule converts one Claude Code permission rule found in list
// l. A conversion never makes a deny or an ask match fewer commands; an
// allow is never made to match more unless widenExact says an exact
// Bash(x) may become Terminal(x), which also allows x with more words.
func ConvertClaudeRule(rule string, l List, widenExact bool) Conversion {
	c := Conversion{From: rule, List: l, Kind: NotConverted}
	tool, spec, hasSpec := splitClaudeRule(rule)
	if strings.HasPrefix(tool, "mcp__") {
		c.Note = whyMCP
		return c
	}
	t, known := claudeTools[tool]
	switch {
	case !known:
		c.Note = fmt.Sprintf("%q is not a Claude Code tool this converter knows", tool)
	case t.typ == 0:
		c.Note = t.why
	case t.typ == WriteFile && hasSpec && spec != "*":
		c.Note = "WriteFile rules carry no path here: the path scope and the protected paths judge where a write goes"
	case t.typ == WriteFile:
		c.To, c.Kind = "WriteFile()", Converted
	default:
		c.Bash = true
		convertBash(&c, spec, widenExact)
	}
	if c.To != "" {
		if _, err := ParseRule(c.To); err != nil {
			c.To, c.Kind, c.Note = "", NotConverted, err.Error()
		}
	}
	return c
}

// splitClaudeRule splits "Tool(spec)" into its parts.
func splitClaudeRule(rule string) (tool, spec string, hasSpec bool) {
	rule = strings.TrimSpace(rule)
	open := strings.IndexByte(rule, '(')
	if open < 0 || !strings.HasSuffix(rule, ")") {
		return rule, "", false
	}
	return rule[:open], rule[open+1 : len(rule)-1], true
}

// convertBash converts the specifier of a Bash rule.
func convertBash(c *Conversion, spec string, widenExact bool) {
	guards := c.List != ListAllow // deny and ask may grow, never shrink
	spec = strings.TrimSpace(spec)
	switch {
	case spec == "" || spec == "*":
		if !guards {
			c.Note = "allows every command; if that is what you mean, write Terminal() yourself (lint warns on it)"
			return
		}
		c.To, c.Kind = "Terminal()", Converted
	case (strings.HasSuffix(spec, ":*") || strings.HasSuffix(spec, " *")) && strings.TrimSpace(spec[:len(spec)-2]) == "":
		// Bash(:*), Bash( :*): a prefix of nothing, every command.
		if !guards {
			c.Note = "a prefix of nothing allows every command; if that is what you mean, write Terminal() yourself (lint warns on it)"
			return
		}
		c.To, c.Kind = "Terminal()", Converted
	case strings.HasSuffix(spec, ":*") && !strings.Contains(spec[:len(spec)-2], "*"):
		c.To, c.Kind = "Terminal("+strings.TrimSpace(spec[:len(spec)-2])+")", Converted
	case strings.HasSuffix(spec, " *") && !strings.Contains(spec[:len(spec)-2], "*"):
		c.To, c.Kind = "Terminal("+strings.TrimSpace(spec[:len(spec)-2])+")", Converted
	case strings.HasSuffix(spec, "*") && !guards && !strings.Contains(spec[:len(spec)-1], "*"):
		stem := spec[:len(spec)-1]
		c.To, c.Kind = "Terminal("+stem+")", Narrowed
		c.Note = fmt.Sprintf("Claude Code also matched words that only start with %q; this matches %q and %q with more words", stem, stem, stem)
	case strings.Contains(spec, "*") && guards:
		// git commit * --no-verify: every command that starts with the
		// words before the glob, a wider rule than Claude Code's.
		head := spec[:strings.IndexByte(spec, '*')]
		stem := strings.Fields(head)
		if len(stem) > 0 && !strings.HasSuffix(head, " ") {
			stem = stem[:len(stem)-1] // a word the glob completes (git comm*)
		}
		if len(stem) > 0 {
			c.To, c.Kind = "Terminal("+strings.Join(stem, " ")+")", Widened
			c.Note = fmt.Sprintf("Claude Code matched only the commands its * glob fits; this %s every command that starts with %q", c.List, strings.Join(stem, " "))
			return
		}
		c.Note = "a * inside the command is a glob to Claude Code, and no prefix of whole words holds it here: write out the commands you mean"
	case strings.Contains(spec, "*"):
		c.Note = "a * inside the command is a glob to Claude Code and a literal character here; write out the commands you mean"
	case guards:
		c.To, c.Kind = "Terminal("+spec+")", Widened
		c.Note = "Claude Code matched exactly this command; here it also matches it with more words"
	case widenExact:
		c.To, c.Kind = "Terminal("+spec+")", Widened
		c.Note = "Claude Code allowed exactly this command; rules here match by prefix, so this also allows it with more words"
	default:
		c.Note = "Claude Code allows exactly this command, and rules here match by prefix: Terminal(" + spec + ") would also allow it with more words (import with --widen to write it anyway)"
	}
}

// ClaudeImport is the result of converting a Claude Code settings file.
type ClaudeImport struct {
	// Lists are the converted rules, ready to save as a permissions.json.
	Lists Lists `json:"lists"`
	// Conversions say what became of every rule, in file order.
	Conversions []Conversion `json:"conversions"`
	// AdditionalDirs are the settings' additionalDirectories: working
	// directories outside the project that the agent may use.
	AdditionalDirs []string `json:"additional_dirs,omitempty"`
}

// ErrNotClaudeSettings is returned for JSON that is not a Claude Code
// settings object.
var ErrNotClaudeSettings = errors.New("permengine: not a Claude Code settings file")

// ImportClaude converts the permissions of a Claude Code settings file
// (.claude/settings.json, .claude/settings.local.json,
// ~/.claude/settings.json).
//
// The file is read as Claude Code reads it (JavaScript's JSON.parse): keys
// are matched exactly, in their case, a key given twice takes its last
// value, and anything after the object is an error. A deny or ask rule
// that cannot be converted without letting commands through fails the
// import.
func ImportClaude(data []byte, widenExact bool) (*ClaudeImport, error) {
	perms, err := claudePermissions(data)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotClaudeSettings, err)
	}
	imp := &ClaudeImport{AdditionalDirs: perms["additionalDirectories"]}
	for _, l := range []struct {
		list  List
		rules []string
		to    *[]string
	}{{ListAllow, perms["allow"], &imp.Lists.Allow}, {ListDeny, perms["deny"], &imp.Lists.Deny}, {ListAsk, perms["ask"], &imp.Lists.Ask}} {
		seen := map[string]bool{}
		for _, r := range l.rules {
			c := ConvertClaudeRule(r, l.list, widenExact)
			if c.To == "" && l.list != ListAllow && c.Bash {
				return nil, fmt.Errorf("%w: %s rule %q: %s", ErrUnconvertibleGuard, l.list, r, c.Note)
			}
			imp.Conversions = append(imp.Conversions, c)
			if c.To != "" && !seen[c.To] {
				seen[c.To] = true
				*l.to = append(*l.to, c.To)
			}
		}
	}
	return imp, nil
}

// ErrUnconvertibleGuard is returned by ImportClaude for a Bash deny or ask
// rule that no rule here matches at least as widely: importing the rest
// would let the commands it guards through.
var ErrUnconvertibleGuard = errors.New("permengine: a deny or ask rule cannot be converted")

// claudePermissions reads the permissions object of a settings file as
// JSON.parse does: exact keys, the last of a repeated key, nothing after
// the value. It returns its string lists by key.
func claudePermissions(data []byte) (map[string][]string, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	var top map[string]json.RawMessage // a map keeps keys exact; the last repeat wins
	if err := dec.Decode(&top); err != nil {
		return nil, err
	}
	if top == nil {
		return nil, errors.New("the settings are not an object")
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("the settings object is followed by more text")
	}
	out := map[string][]string{}
	raw, ok := top["permissions"]
	if !ok || string(raw) == "null" {
		return out, nil
	}
	var perms map[string]json.RawMessage
	if err := json.Unmarshal(raw, &perms); err != nil {
		return nil, fmt.Errorf("permissions: %v", err)
	}
	for _, k := range []string{"allow", "deny", "ask", "additionalDirectories"} {
		v, ok := perms[k]
		if !ok || string(v) == "null" {
			continue
		}
		var l []string
		if err := json.Unmarshal(v, &l); err != nil {
			return nil, fmt.Errorf("permissions.%s: %v", k, err)
		}
		out[k] = l
	}
	return out, nil
}

// foreignLabelHint explains a label that is another agent's spelling, for
// the loader's error; "" when the label is no agent's.
func foreignLabelHint(rule string) string {
	tool, _, _ := splitClaudeRule(rule)
	if strings.HasPrefix(tool, "mcp__") {
		return fmt.Sprintf("%q is a Claude Code MCP tool, not a label: %s", tool, whyMCP)
	}
	t, ok := claudeTools[tool]
	if !ok {
		return ""
	}
	c := ConvertClaudeRule(rule, ListDeny, false)
	if c.To != "" {
		return fmt.Sprintf("unknown label %q: that is Claude Code's spelling; write %s", tool, c.To)
	}
	if t.typ == 0 {
		return fmt.Sprintf("unknown label %q: that is a Claude Code tool, and %s", tool, t.why)
	}
	return fmt.Sprintf("unknown label %q: that is Claude Code's spelling of %s, and %s", tool, t.typ.Label(), c.Note)
}
