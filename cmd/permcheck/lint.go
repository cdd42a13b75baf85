package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/permengine/permengine"
)

// cmdLint prints load errors and warnings. Exit 1 on errors; 0 with
// warnings unless --strict.
func cmdLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := newFlagSet("permcheck lint", "usage: permcheck lint [--strict] FILE", stderr)
	strict := fset.Bool("strict", false, "exit 1 on warnings too")
	if code, ok := parseFlags(fset, args); !ok {
		return code
	}
	if fset.NArg() != 1 {
		fset.Usage()
		return exitUsage
	}
	path := fset.Arg(0)
	data, err := permengine.ReadFileBounded(path, permengine.MaxFileBytes)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(stderr, "permcheck lint: %s: no such file\n", path)
		} else {
			fmt.Fprintf(stderr, "permcheck lint: %v\n", err)
		}
		return exitUsage
	}
	findings := permengine.Lint(path, data)
	errs, warns := 0, 0
	for _, f := range findings {
		fmt.Fprintln(stdout, f.String())
		if f.Severity == permengine.SeverityError {
			errs++
		} else {
			warns++
		}
	}
	fmt.Fprintf(stdout, "%d errors, %d warnings\n", errs, warns)
	switch {
	case errs > 0:
		return exitFail
	case warns > 0 && *strict:
		return exitFail
	}
	return exitOK
}
