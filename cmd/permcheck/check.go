package main

import (
	"fmt"
	"io"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/casefile"
)

// cmdCheck runs case files with want and reports failures with their
// trace. Exit 1 on any failure.
func cmdCheck(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("permcheck check", "usage: permcheck check [-v] FILE…\n\nRuns the cases of each file (JSON array or JSON Lines) and compares them with their want.", stderr)
	verbose := fs.Bool("v", false, "print every case, not only failures")
	var pf policyFlags
	fs.Var(&pf.protectedBranches, "protected-branch", "a host's extra protected merge destination, a name or glob, for cases without extensions (repeatable)")
	fs.Var(&pf.protectedPaths, "protected-path", "a host's extra protected path glob, for cases without extensions (repeatable)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return exitUsage
	}
	passed, failed := 0, 0
	for _, file := range fs.Args() {
		cases, err := casefile.ReadFile(file)
		if err != nil {
			fmt.Fprintf(stderr, "permcheck check: %v\n", err)
			return exitUsage
		}
		for _, c := range cases {
			if c.Extensions == nil {
				c.Extensions = pf.caseExtensions()
			}
			if c.Want == nil {
				fmt.Fprintf(stderr, "permcheck check: %s: case %q has no want\n", c.Where(), c.Name)
				return exitUsage
			}
			d, err := c.Run()
			if err != nil {
				fmt.Fprintf(stderr, "permcheck check: %s: %v\n", c.Where(), err)
				return exitUsage
			}
			req, _ := c.Request()
			if err := c.Check(d); err != nil {
				failed++
				fmt.Fprintf(stdout, "FAIL %s: %v\n", c.Where(), err)
				if p, err := c.Policy(); err == nil {
					d = permengine.Explain(p, req) // the same decision, with the caps of an ask
				}
				printExplain(indent{stdout}, req, d)
				continue
			}
			passed++
			if *verbose {
				fmt.Fprintf(stdout, "ok   %s: %s\n", c.Where(), c.Name)
			}
		}
	}
	fmt.Fprintf(stdout, "%d passed, %d failed\n", passed, failed)
	if failed > 0 {
		return exitFail
	}
	return exitOK
}

// indent prefixes every line written through it.
type indent struct{ w io.Writer }

func (i indent) Write(p []byte) (int, error) {
	out := make([]byte, 0, len(p)+16)
	start := true
	for _, b := range p {
		if start {
			out = append(out, "    "...)
		}
		out = append(out, b)
		start = b == '\n'
	}
	if _, err := i.w.Write(out); err != nil {
		return 0, err
	}
	return len(p), nil
}
