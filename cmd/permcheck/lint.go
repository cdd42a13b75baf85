package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"

	"github.com/permengine/permengine"
)

// cmdLint prints load errors and warnings. Exit 1 on errors; 0 with
// warnings unless --strict.
func cmdLint(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fset := newFlagSet("permcheck lint", "usage: permcheck lint [--strict] [--json] FILE", stderr)
	strict := fset.Bool("strict", false, "exit 1 on warnings too")
	asJSON := fset.Bool("json", false, `print {"findings": […], "errors": N, "warnings": M} as JSON`)
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
		if f.Severity == permengine.SeverityError {
			errs++
		} else {
			warns++
		}
	}
	if *asJSON {
		printLintJSON(stdout, findings, errs, warns)
	} else {
		for _, f := range findings {
			fmt.Fprintln(stdout, f.String())
		}
		fmt.Fprintf(stdout, "%d %s, %d %s\n", errs, plural(errs, "error", "errors"), warns, plural(warns, "warning", "warnings"))
	}
	switch {
	case errs > 0:
		return exitFail
	case warns > 0 && *strict:
		return exitFail
	}
	return exitOK
}

// printLintJSON writes the findings as one JSON object.
func printLintJSON(w io.Writer, findings []permengine.Finding, errs, warns int) {
	if findings == nil {
		findings = []permengine.Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(struct {
		Findings []permengine.Finding `json:"findings"`
		Errors   int                  `json:"errors"`
		Warnings int                  `json:"warnings"`
	}{findings, errs, warns}) // a write error is caught by the command's writer
}
