package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/permengine/permengine"
)

// maxSettingsBytes bounds a settings file read by import.
const maxSettingsBytes = 1 << 20

const importUsage = `usage: permcheck import claude [--widen] FILE > permissions.json

Converts the permissions of a Claude Code settings file (.claude/settings.json)
into a permissions.json on stdout, and reports on stderr what became of
every rule: converted, widened, narrowed, or not converted and why.`

// cmdImport converts another agent's permission rules.
func cmdImport(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("permcheck import", importUsage, stderr)
	widen := fs.Bool("widen", false, "write an exact Bash(x) allow as Terminal(x), which also allows x with more words")
	var agent string
	if len(args) > 0 && args[0] == "claude" {
		agent, args = args[0], args[1:]
	}
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if agent == "" || fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	data, err := readBounded(fs.Arg(0), maxSettingsBytes)
	if err != nil {
		fmt.Fprintf(stderr, "permcheck import: %v\n", err)
		return exitUsage
	}
	imp, err := permengine.ImportClaude(data, *widen)
	if err != nil {
		fmt.Fprintf(stderr, "permcheck import: %s: %v\n", fs.Arg(0), err)
		return exitUsage
	}
	out := struct {
		Allow []string `json:"allow"`
		Deny  []string `json:"deny"`
		Ask   []string `json:"ask"`
	}{nonNil(imp.Lists.Allow), nonNil(imp.Lists.Deny), nonNil(imp.Lists.Ask)}
	b, _ := json.MarshalIndent(out, "", "  ")
	if _, err := stdout.Write(append(b, '\n')); err != nil {
		fmt.Fprintf(stderr, "permcheck import: writing: %v\n", err)
		return exitUsage
	}
	printImportReport(stderr, imp)
	return exitOK
}

// printImportReport says what became of every rule.
func printImportReport(w io.Writer, imp *permengine.ClaudeImport) {
	counts := map[string]int{}
	for _, c := range imp.Conversions {
		counts[c.Kind]++
		line := fmt.Sprintf("  %-13s %-5s %s", kindWords[c.Kind], c.List, c.From)
		if c.To != "" {
			line += " -> " + c.To
		}
		if c.Note != "" {
			line += ": " + c.Note
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "%d converted, %d widened, %d narrowed, %d not converted\n",
		counts[permengine.Converted], counts[permengine.Widened], counts[permengine.Narrowed], counts[permengine.NotConverted])
	for _, d := range imp.AdditionalDirs {
		fmt.Fprintf(w, "additional directory %s: give it to the host as Env.AdditionalDirs, or as --add-dir (absolute) to permcheck hook and decide\n", d)
	}
}

var kindWords = map[string]string{
	permengine.Converted: "converted", permengine.Widened: "widened",
	permengine.Narrowed: "narrowed", permengine.NotConverted: "not converted",
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// readBounded reads a regular file of at most limit bytes.
func readBounded(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s: not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: over %d MiB", path, limit>>20)
	}
	return data, nil
}
