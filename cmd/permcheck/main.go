// Command permcheck decides, explains, tests and lints agent permission
// policies (permissions.json) from a shell.
//
//	permcheck decide [-p permissions.json] [--role R] [--type T] [--cwd D] [--scope D]
//	                 [--container] [--autonomy MODE] [--origin O] [--json] -- COMMAND
//	permcheck decide --jsonl < cases.jsonl
//	permcheck check FILE…
//	permcheck lint [--strict] FILE
//	permcheck always-allow [--type T] -- [COMMAND]
//	permcheck watch FILE
//	permcheck import claude [--widen] FILE
//	permcheck version
//	permcheck hook claude|codex|gemini [--project DIR] [--role R] [--mode M] < hook-input.json
//
// Exit codes: 0 success, 1 a failed check or a lint error, 2 bad usage or
// unreadable input; decide --exit-code: 3 require_approval, 4 deny.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

// Exit codes shared by every subcommand.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// subcommands maps a name to its implementation.
var subcommands = map[string]func(args []string, stdin io.Reader, stdout, stderr io.Writer) int{
	"decide":       cmdDecide,
	"check":        cmdCheck,
	"lint":         cmdLint,
	"always-allow": cmdAlwaysAllow,
	"watch":        cmdWatch,
	"hook":         cmdHook,
	"version":      cmdVersion,
	"import":       cmdImport,
}

const usage = `usage: permcheck <command> [flags]

commands:
  decide        decide one command (human trace or --json), or a JSONL batch of cases (--jsonl)
  check         run case files and report the cases whose decision differs from their want
  lint          report load errors and risky rules in a permissions.json
  always-allow  print the rules that "always allow" would record for an approved action
  watch         load a permissions.json and print one line per reload until interrupted
  import        convert another agent's permission rules (import claude .claude/settings.json)
  version       print the version of permcheck
  hook          answer Claude Code's, Codex's or Gemini CLI's pre-tool hook (claude, codex, gemini)

Run "permcheck <command> -h" for the flags of a command.
Exit codes: 0 success, 1 a failed check or lint error, 2 bad usage or unreadable input.
`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	cmd, ok := subcommands[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "permcheck: unknown command %q\n\n%s", args[0], usage)
		return exitUsage
	}
	out := &checkedWriter{w: stdout}
	code := cmd(args[1:], stdin, out, stderr)
	if out.err != nil {
		fmt.Fprintf(stderr, "permcheck %s: writing the output: %v\n", args[0], out.err)
		if code == exitOK {
			code = exitUsage
		}
	}
	return code
}

// checkedWriter remembers the first write error, so that no command
// reports success after its output was lost (a full disk, a closed pipe).
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// parseFlags parses a subcommand's flags. When it returns false the
// subcommand stops with the code: exitOK after -h (the flag package has
// printed the usage), exitUsage on a bad flag (it has printed the error).
func parseFlags(fs *flag.FlagSet, args []string) (int, bool) {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitOK, false
		}
		return exitUsage, false
	}
	return exitOK, true
}

// newFlagSet makes a subcommand's flag set: errors and usage go to stderr,
// and the usage is the given text followed by the flags.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, usage)
		fs.PrintDefaults()
	}
	return fs
}
