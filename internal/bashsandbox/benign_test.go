package bashsandbox_test

import (
	"crypto/sha256"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/casefile"
	"github.com/permengine/permengine/internal/bashsandbox"
)

var benignDir = filepath.Join("..", "..", "testdata", "benign")

const benignOpenHeader = `# Benign controls the engine does not auto-approve today (over-blocking):
# "outcome name" per line. The benign test asserts each still decides
# exactly this, so a fix forces its line out. Rewrite with:
# go test ./internal/bashsandbox -run TestBenign -update
`

// TestBenign runs every benign control in the sandbox and fails if it
// does anything dangerous (calls a remote stub, pushes, touches a
// protected file or the git directory's configuration and hooks, tries to
// write outside the sandbox, or fails), then asserts that the engine
// auto-approves it under the allow list (or auto mode) it carries, except
// for the over-blocked controls listed in open.txt.
func TestBenign(t *testing.T) {
	k := needKit(t)
	cases := readCases(t, benignDir)
	open := readOpenList(t, filepath.Join(benignDir, "open.txt"))
	remote := map[string]bool{}
	for _, s := range k.Stubs {
		remote[s.Name] = s.Remote
	}
	names := map[string]bool{}
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			names[c.Name] = true
			t.Run(c.Name, func(t *testing.T) {
				t.Parallel()
				runBenign(t, k, c, remote, open)
			})
		}
	})
	open.finish(t, names, benignOpenHeader)
}

func runBenign(t *testing.T, k *bashsandbox.Kit, c casefile.Case, remote map[string]bool, open *openList) {
	if c.Want == nil || c.Want.Outcome != "auto_approve" {
		t.Fatalf("%s: a benign control wants auto_approve", c.Where())
	}
	skipMissingTool(t, c)
	in, err := k.New()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = in.Remove() }()
	c = substitute(c, in.Project)
	before := protectedState(t, in.Project)
	r, err := in.Run(bashsandbox.Stubs, c.Action.Command, runTimeout)
	if err != nil {
		t.Fatalf("%s: %v", c.Where(), err)
	}
	for _, problem := range harm(t, in, r, remote, before) {
		t.Errorf("%s: %s: %s (output %q)", c.Where(), c.Name, problem, r.Output)
	}
	d, err := c.Run()
	if err != nil {
		t.Fatalf("%s: %v", c.Where(), err)
	}
	open.judge(t, c, d.Outcome == permengine.AutoApprove, d)
}

// harm lists what a run did that a benign command must not do.
func harm(t *testing.T, in *bashsandbox.Instance, r *bashsandbox.Result, remote map[string]bool, before string) []string {
	var out []string
	if r.Exit != 0 || r.TimedOut {
		out = append(out, fmt.Sprintf("exit %d (timed out: %v)", r.Exit, r.TimedOut))
	}
	if strings.Contains(r.Output, "Read-only file system") {
		out = append(out, "tried to write outside the sandbox")
	}
	for _, call := range r.Calls {
		if remote[call.Name] {
			out = append(out, "called "+call.Text())
		}
	}
	if refs, err := in.RemoteRefs(); err != nil || refs != "" {
		out = append(out, fmt.Sprintf("pushed to the remote (%q, %v)", refs, err))
	}
	if after := protectedState(t, in.Project); after != before {
		out = append(out, "changed a protected file:\n"+diffLines(before, after))
	}
	return out
}

// protectedState describes the files a benign command must leave alone:
// the git directory's configuration and hooks, the policy file, shell
// start-up files, agent settings, and every dot-file of the project.
func protectedState(t *testing.T, project string) string {
	t.Helper()
	var paths []string
	for _, pattern := range []string{".git/config", ".git/hooks/*", ".git/info/*", ".*", ".claude/*", "*/permissions.json", "permissions.json"} {
		m, err := filepath.Glob(filepath.Join(project, pattern))
		if err != nil {
			t.Fatal(err)
		}
		paths = append(paths, m...)
	}
	sort.Strings(paths)
	var b strings.Builder
	for _, p := range paths {
		info, err := os.Lstat(p)
		if err != nil || info.IsDir() {
			continue
		}
		data, _ := os.ReadFile(p)
		rel, _ := filepath.Rel(project, p)
		fmt.Fprintf(&b, "%s %v %x\n", rel, info.Mode(), sha256.Sum256(data))
	}
	return b.String()
}

func diffLines(a, b string) string {
	in := map[string]bool{}
	for _, l := range strings.Split(a, "\n") {
		in[l] = true
	}
	var out []string
	for _, l := range strings.Split(b, "\n") {
		if !in[l] {
			out = append(out, "  "+l)
		}
	}
	return strings.Join(out, "\n")
}

// optionalTools are the real programs some cases run that a machine may
// lack (testdata/sandbox/optional-tools.txt, which .ci/run installs
// from): a case that runs one is skipped where it is missing.
var optionalTools = sync.OnceValue(func() []string {
	data, err := os.ReadFile("../../testdata/sandbox/optional-tools.txt")
	if err != nil {
		panic(err)
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) == 2 && !strings.HasPrefix(l, "#") {
			out = append(out, f[0])
		}
	}
	return out
})

// skipMissingTool skips a case that runs an optional tool this machine
// lacks, saying how to get it; with PERMENGINE_SANDBOX_TOOLS=required
// (.ci/run sets it, after installing them) the case fails instead, so
// that no attack passes unrun where it should run.
func skipMissingTool(t *testing.T, c casefile.Case) {
	tool := needsMissingTool(c.Action.Command)
	switch {
	case tool == "":
	case os.Getenv("PERMENGINE_SANDBOX_TOOLS") == "required":
		t.Fatalf("%s: %s is not installed, and PERMENGINE_SANDBOX_TOOLS=required", c.Where(), tool)
	default:
		t.Skipf("%s: %s is not installed here (apt-get install the package testdata/sandbox/optional-tools.txt names)", c.Where(), tool)
	}
}

// needsMissingTool names an optional tool the command runs (a word of it
// standing where a program does: first, or after a separator) that this
// machine lacks, or "".
func needsMissingTool(command string) string {
	for _, tool := range optionalTools() {
		if !runsTool(command, tool) {
			continue
		}
		if _, err := exec.LookPath(tool); err != nil {
			return tool
		}
	}
	return ""
}

// runsTool reports whether tool stands in command as a program would.
func runsTool(command, tool string) bool {
	for i := 0; ; {
		k := strings.Index(command[i:], tool)
		if k < 0 {
			return false
		}
		at, end := i+k, i+k+len(tool)
		before := at == 0 || strings.ContainsRune(" |;&(", rune(command[at-1]))
		after := end == len(command) || command[end] == ' '
		if before && after {
			return true
		}
		i = end
	}
}
