package main

import (
	"fmt"
	"io"
	"runtime/debug"
)

// cmdVersion prints the module version and, for a build from a clone, the
// commit it was built from.
func cmdVersion(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("permcheck version", "usage: permcheck version", stderr)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	fmt.Fprintln(stdout, versionLine(debug.ReadBuildInfo()))
	return exitOK
}

// versionLine renders "permcheck VERSION (commit REV, modified) GO".
func versionLine(info *debug.BuildInfo, ok bool) string {
	if !ok {
		return "permcheck (unknown version)"
	}
	line := "permcheck " + info.Main.Version
	var rev, modified string
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev != "" {
		line += " (commit " + rev
		if modified == "true" {
			line += ", modified"
		}
		line += ")"
	}
	return line + " " + info.GoVersion
}
