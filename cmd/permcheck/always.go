package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/permengine/permengine"
)

// cmdAlwaysAllow prints the rules "always allow" would record, one per
// line (with --json, each with what it would also allow); or the refusal
// on stderr with exit 2. When no segment has a rule to record, it prints
// none and says so on stderr, with exit 0.
func cmdAlwaysAllow(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("permcheck always-allow", "usage: permcheck always-allow [--type T] [--json] -- [COMMAND]", stderr)
	typ := fs.String("type", "terminal", "action type")
	asJSON := fs.Bool("json", false, "print each rule with what it would also allow, as a JSON array")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	t, err := permengine.ParseActionType(*typ)
	if err != nil {
		fmt.Fprintf(stderr, "permcheck always-allow: --type: %v\n", err)
		return exitUsage
	}
	command := strings.Join(fs.Args(), " ")
	if t != permengine.Terminal && command != "" {
		fmt.Fprintf(stderr, "permcheck always-allow: a %s action takes no command\n", t)
		return exitUsage
	}
	grants, err := permengine.AlwaysAllowFor(nil, permengine.Request{Action: permengine.Action{Type: t, Command: command}})
	if err != nil {
		fmt.Fprintf(stderr, "permcheck always-allow: %v\n", err)
		return exitUsage
	}
	if *asJSON {
		if grants == nil {
			grants = []permengine.Grant{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(grants); err != nil {
			fmt.Fprintf(stderr, "permcheck always-allow: %v\n", err)
			return exitUsage
		}
		return exitOK
	}
	if len(grants) == 0 {
		// Not a refusal (exit 0): no segment has a rule to record, the
		// answer holds for this command only.
		fmt.Fprintln(stderr, "permcheck always-allow: no segment has a rule to record: the answer holds for this command only")
	}
	for _, g := range grants {
		if _, err := fmt.Fprintln(stdout, g.Rule); err != nil {
			fmt.Fprintf(stderr, "permcheck always-allow: %v\n", err)
			return exitUsage
		}
	}
	return exitOK
}
