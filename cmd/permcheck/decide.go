package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/permengine/permengine"
)

// Exit codes of decide --exit-code, for shell scripts.
const (
	exitRequireApproval = 3
	exitDeny            = 4
)

// decideFlags are the flags of permcheck decide.
type decideFlags struct {
	policy    policyFlags
	role      string
	typ       string
	cwd       string
	scope     string
	addDirs   listFlag
	branch    string
	path      string
	container bool
	autonomy  string
	origin    string
	json      bool
	jsonl     bool
	exitCode  bool
	// given names the flags the user set, so that --jsonl applies only
	// those to cases that lack them.
	given map[string]bool
}

const decideUsage = `usage: permcheck decide [flags] -- COMMAND
       permcheck decide --jsonl [flags] < cases.jsonl

With --jsonl, the role, cwd, scope, add-dir and extension flags you give apply to
the cases that lack them, and -p to the cases without permissions.`

func cmdDecide(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("permcheck decide", decideUsage, stderr)
	var f decideFlags
	f.policy.register(fs)
	fs.StringVar(&f.role, "role", "developer", "IAM role: developer, maintainer or owner")
	fs.StringVar(&f.typ, "type", "terminal", "action type (terminal, git_push, git_merge, …)")
	fs.StringVar(&f.cwd, "cwd", "", "working directory of the command, made absolute (default: the current directory)")
	fs.StringVar(&f.scope, "scope", "", "scope root, the project folder, made absolute (default: --cwd)")
	fs.Var(&f.addDirs, "add-dir", "an additional working directory inside the path scope, made absolute (repeatable)")
	fs.StringVar(&f.branch, "branch", "", "destination branch of a git_merge")
	fs.StringVar(&f.path, "path", "", "target of a write_file")
	fs.BoolVar(&f.container, "container", false, "the project's container is running")
	fs.StringVar(&f.autonomy, "autonomy", "", "agent autonomy opinion: auto_approve, require_approval or deny")
	fs.StringVar(&f.origin, "origin", "specific", "origin of the autonomy opinion: specific or wildcard (auto mode)")
	fs.BoolVar(&f.json, "json", false, "print the decision as JSON")
	fs.BoolVar(&f.jsonl, "jsonl", false, "read cases (JSON Lines) on stdin, write one JSON decision per line")
	fs.BoolVar(&f.exitCode, "exit-code", false, "exit 0 on auto_approve, 3 on require_approval, 4 on deny")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	f.given = map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { f.given[fl.Name] = true })
	var err error
	if f.cwd, err = absDir(f.cwd); err == nil {
		f.scope, err = absDir(f.scope)
	}
	for i := range f.addDirs.values {
		if err == nil {
			f.addDirs.values[i], err = absDir(f.addDirs.values[i])
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
		return exitUsage
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

// request builds the request of one decision from the flags.
func (f decideFlags) request(command string) (permengine.Request, error) {
	typ, errType := permengine.ParseActionType(f.typ)
	role, errRole := permengine.ParseRole(f.role)
	mode, errMode := permengine.ParseAutonomyMode(f.autonomy)
	origin, errOrigin := permengine.ParseOrigin(f.origin)
	for _, bad := range []struct {
		flag string
		err  error
	}{{"type", errType}, {"role", errRole}, {"autonomy", errMode}, {"origin", errOrigin}} {
		if bad.err != nil {
			return permengine.Request{}, fmt.Errorf("--%s: %w", bad.flag, bad.err)
		}
	}
	if typ == permengine.Terminal && command == "" {
		return permengine.Request{}, fmt.Errorf("give the command after --, e.g. permcheck decide -- git status")
	}
	if typ != permengine.Terminal && command != "" {
		return permengine.Request{}, fmt.Errorf("a %s action takes no command", typ)
	}
	cwd := f.cwd
	if cwd == "" {
		var err error
		if cwd, err = os.Getwd(); err != nil {
			return permengine.Request{}, err
		}
	}
	scope := f.scope
	if scope == "" {
		scope = cwd
	}
	return permengine.Request{
		Action:   permengine.Action{Type: typ, Command: command, Cwd: cwd, Branch: f.branch, Path: f.path},
		Role:     role,
		Autonomy: permengine.Autonomy{Mode: mode, Origin: origin},
		Env:      permengine.Env{ScopeRoot: scope, AdditionalDirs: f.addDirs.values, ContainerRunning: f.container},
	}, nil
}

func decideOne(f decideFlags, args []string, stdout, stderr io.Writer) int {
	req, err := f.request(strings.Join(args, " "))
	if err != nil {
		fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
		return exitUsage
	}
	policy, err := f.policy.load()
	if err != nil {
		fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
		return exitUsage
	}
	// A person reads this trace: Explain lists the caps of an ask too.
	d := permengine.Explain(policy, req)
	if f.json {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(d); err != nil {
			fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
			return exitUsage
		}
	} else {
		printExplain(stdout, req, d)
	}
	if f.exitCode {
		switch d.Outcome {
		case permengine.RequireApproval:
			return exitRequireApproval
		case permengine.Deny:
			return exitDeny
		}
	}
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
