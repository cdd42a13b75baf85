package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/casefile"
)

// decideFlags are the flags of permcheck decide.
type decideFlags struct {
	policy    string
	role      string
	typ       string
	cwd       string
	scope     string
	branch    string
	path      string
	container bool
	autonomy  string
	origin    string
	json      bool
	jsonl     bool
}

func cmdDecide(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("permcheck decide", "usage: permcheck decide [flags] -- COMMAND\n       permcheck decide --jsonl [-p permissions.json] < cases.jsonl", stderr)
	var f decideFlags
	fs.StringVar(&f.policy, "p", "permissions.json", "the permissions.json to decide with (a missing file is an empty policy)")
	fs.StringVar(&f.role, "role", "developer", "IAM role: developer, maintainer or owner")
	fs.StringVar(&f.typ, "type", "terminal", "action type (terminal, git_push, git_merge, …)")
	fs.StringVar(&f.cwd, "cwd", "", "working directory of the command (default: the current directory)")
	fs.StringVar(&f.scope, "scope", "", "scope root, the project folder (default: --cwd)")
	fs.StringVar(&f.branch, "branch", "", "destination branch of a git_merge")
	fs.StringVar(&f.path, "path", "", "target of a write_file")
	fs.BoolVar(&f.container, "container", false, "the project's container is running")
	fs.StringVar(&f.autonomy, "autonomy", "", "agent autonomy opinion: auto_approve, require_approval or deny")
	fs.StringVar(&f.origin, "origin", "specific", "origin of the autonomy opinion: specific or wildcard (auto mode)")
	fs.BoolVar(&f.json, "json", false, "print the decision as JSON")
	fs.BoolVar(&f.jsonl, "jsonl", false, "read cases (JSON Lines) on stdin, write one JSON decision per line")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if f.jsonl {
		if fs.NArg() > 0 {
			fmt.Fprintln(stderr, "permcheck decide: --jsonl reads cases on stdin and takes no command")
			return exitUsage
		}
		return decideJSONL(f, stdin, stdout, stderr)
	}
	return decideOne(f, fs.Args(), stdout, stderr)
}

func decideOne(f decideFlags, args []string, stdout, stderr io.Writer) int {
	typ, errType := permengine.ParseActionType(f.typ)
	role, errRole := permengine.ParseRole(f.role)
	mode, errMode := permengine.ParseAutonomyMode(f.autonomy)
	origin, errOrigin := permengine.ParseOrigin(f.origin)
	for _, bad := range []struct {
		flag string
		err  error
	}{{"type", errType}, {"role", errRole}, {"autonomy", errMode}, {"origin", errOrigin}} {
		if bad.err != nil {
			fmt.Fprintf(stderr, "permcheck decide: --%s: %v\n", bad.flag, bad.err)
			return exitUsage
		}
	}
	command := strings.Join(args, " ")
	if typ == permengine.Terminal && command == "" {
		fmt.Fprintln(stderr, "permcheck decide: give the command after --, e.g. permcheck decide -- git status")
		return exitUsage
	}
	if typ != permengine.Terminal && command != "" {
		fmt.Fprintf(stderr, "permcheck decide: a %s action takes no command\n", typ)
		return exitUsage
	}
	policy, err := permengine.LoadFile(f.policy)
	if err != nil {
		fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
		return exitUsage
	}
	cwd := f.cwd
	if cwd == "" {
		if cwd, err = os.Getwd(); err != nil {
			fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
			return exitUsage
		}
	}
	scope := f.scope
	if scope == "" {
		scope = cwd
	}
	req := permengine.Request{
		Action:   permengine.Action{Type: typ, Command: command, Cwd: cwd, Branch: f.branch, Path: f.path},
		Role:     role,
		Autonomy: permengine.Autonomy{Mode: mode, Origin: origin},
		Env:      permengine.Env{ScopeRoot: scope, ContainerRunning: f.container},
	}
	d := permengine.Decide(policy, req)
	if f.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(d); err != nil {
			fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	printExplain(stdout, req, d)
	return exitOK
}

// printExplain writes the human form of a decision: the outcome, then every
// segment with its classification, then every stage and cap.
func printExplain(w io.Writer, req permengine.Request, d permengine.Decision) {
	fmt.Fprintf(w, "%s  (%s)\n", d.Outcome, d.Rule)
	fmt.Fprintf(w, "  reason: %s\n", d.Reason)
	if req.Action.Type == permengine.Terminal {
		fmt.Fprintf(w, "  command: %s\n", req.Action.Command)
	}
	var segs, stages []permengine.Step
	for _, s := range d.Trace {
		if s.Stage == permengine.StageSegment {
			segs = append(segs, s)
		} else {
			stages = append(stages, s)
		}
	}
	if len(segs) > 0 {
		fmt.Fprintln(w, "segments:")
		for i, s := range segs {
			fmt.Fprintf(w, "  %d. %s\n     %s: %s\n", i+1, s.Segment, segClass(s.Rule), s.Detail)
		}
	}
	fmt.Fprintln(w, "stages:")
	for _, s := range stages {
		line := fmt.Sprintf("  %-11s -> %-16s", s.Stage, s.Outcome)
		if s.Rule != permengine.CodeUnset {
			line += " [" + s.Rule.String() + "]"
		}
		line += " " + s.Detail
		if s.Effect != permengine.EffectUnset {
			line += " (" + s.Effect.String() + ")"
		}
		fmt.Fprintln(w, line)
	}
}

// segClass names how a segment was classified, from its step's code.
func segClass(c permengine.Code) string {
	switch c {
	case permengine.CodeFileAllow, permengine.CodeScopeCd:
		return "allow"
	case permengine.CodeFileAsk:
		return "ask"
	case permengine.CodeFileDeny, permengine.CodeBuiltinDeny:
		return "deny"
	}
	return "none"
}

// jsonlResult is one line of decide --jsonl output.
type jsonlResult struct {
	Name    string `json:"name"`
	Outcome string `json:"outcome"`
	Rule    string `json:"rule"`
	Reason  string `json:"reason"`
	Segment string `json:"segment"`
	Pattern string `json:"pattern"`
	Error   string `json:"error,omitempty"`
}

// decideJSONL streams cases from stdin to decisions on stdout. Cases
// without their own permissions use -p (if the file exists). Memory stays
// flat: one case at a time, and only the last inline policy is kept.
func decideJSONL(f decideFlags, stdin io.Reader, stdout, stderr io.Writer) int {
	fallback, err := permengine.LoadFile(f.policy)
	if err != nil {
		fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
		return exitUsage
	}
	out := bufio.NewWriter(stdout)
	defer out.Flush()
	enc := json.NewEncoder(out)
	dec := casefile.NewDecoder("stdin", stdin)
	var lastKey string
	var lastPolicy *permengine.Policy
	for {
		c, err := dec.Next()
		if err == io.EOF {
			return exitOK
		}
		if err != nil {
			out.Flush()
			fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
			return exitUsage
		}
		res := jsonlResult{Name: c.Name}
		policy := fallback
		if c.Permissions != nil || c.PermissionsFile != "" {
			key := c.PermissionsFile
			if c.Permissions != nil {
				b, _ := json.Marshal(c.Permissions)
				key = string(b)
			}
			if key != lastKey || lastPolicy == nil {
				lastPolicy, err = c.Policy()
				lastKey = key
				if err != nil {
					lastPolicy, lastKey = nil, ""
				}
			}
			policy = lastPolicy
		}
		req, rerr := c.Request()
		switch {
		case err != nil:
			res.Error = err.Error()
		case rerr != nil:
			res.Error = rerr.Error()
		default:
			d := permengine.Decide(policy, req)
			res.Outcome, res.Rule, res.Reason, res.Segment, res.Pattern = d.Outcome.String(), d.Rule.String(), d.Reason, d.Segment, d.Pattern
		}
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
			return exitUsage
		}
	}
}
