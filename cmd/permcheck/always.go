package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/permengine/permengine"
)

// cmdAlwaysAllow prints the rules "always allow" would record, one per
// line; or the refusal on stderr with exit 2.
func cmdAlwaysAllow(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("permcheck always-allow", "usage: permcheck always-allow [--type T] -- [COMMAND]", stderr)
	typ := fs.String("type", "terminal", "action type")
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
	rules, err := permengine.AlwaysAllow(permengine.Action{Type: t, Command: command})
	if err != nil {
		if errors.Is(err, permengine.ErrAlwaysAllowRefused) {
			fmt.Fprintf(stderr, "permcheck always-allow: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(stderr, "permcheck always-allow: %v\n", err)
		return exitUsage
	}
	for _, r := range rules {
		fmt.Fprintln(stdout, r)
	}
	return exitOK
}
