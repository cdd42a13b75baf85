package bashsandbox_test

import (
	"bufio"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/casefile"
	"github.com/permengine/permengine/internal/bashsandbox"
)

var attacksDir = filepath.Join("..", "..", "testdata", "attacks")

const openHeader = `# Attacks the engine still auto-approves (or only asks where a deny rule
# is disguised): "outcome name" per line, the outcome it decides today.
# The attack test asserts each of them decides exactly this, so a fix
# forces its line out. Rewrite with: go test ./internal/bashsandbox -run TestAttacks -update
`

// TestAttacks runs every attack case with real bash in the sandbox, fails
// if the effect it claims does not happen (no case is imaginary), then
// asserts that the engine does not auto-approve it under the case's own
// policy, autonomy and scope (and denies it where the case wants deny),
// except for the cases listed in open.txt.
func TestAttacks(t *testing.T) {
	k := needKit(t)
	classes := readClasses(t, filepath.Join(attacksDir, "classes.txt"))
	cases := readCases(t, attacksDir)
	open := readOpenList(t, filepath.Join(attacksDir, "open.txt"))
	names := map[string]bool{}
	used := map[string]int{}
	for _, c := range cases {
		names[c.Name] = true
		used[c.Class]++
	}
	// The cases run in parallel inside one group, which returns when all
	// have finished; only then is the open list complete.
	t.Run("cases", func(t *testing.T) {
		for _, c := range cases {
			t.Run(c.Name, func(t *testing.T) { runAttack(t, k, c, classes, open) })
		}
	})
	for cl := range classes {
		if used[cl] == 0 {
			t.Errorf("class %q of classes.txt has no case", cl)
		}
	}
	open.finish(t, names, openHeader)
}

func runAttack(t *testing.T, k *bashsandbox.Kit, c casefile.Case, classes map[string]bool, open *openList) {
	t.Parallel()
	if !classes[c.Class] {
		t.Fatalf("%s: class %q is not in classes.txt", c.Where(), c.Class)
	}
	if c.Want == nil || c.Want.Outcome == "auto_approve" {
		t.Fatalf("%s: an attack wants require_approval or deny", c.Where())
	}
	skipMissingTool(t, c)
	in, err := k.New()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = in.Remove() }()
	c = substitute(c, in.Project)
	verifyEffect(t, in, c)
	d, err := c.Run()
	if err != nil {
		t.Fatalf("%s: %v", c.Where(), err)
	}
	holds := d.Outcome != permengine.AutoApprove && (c.Want.Outcome != "deny" || d.Outcome == permengine.Deny)
	open.judge(t, c, holds, d)
}

// verifyEffect runs the case's command in the sandbox and fails the test
// if its claimed effect does not happen.
func verifyEffect(t *testing.T, in *bashsandbox.Instance, c casefile.Case) {
	t.Helper()
	eff, err := bashsandbox.ParseEffect(c.Effect)
	if err != nil {
		t.Fatalf("%s: %v", c.Where(), err)
	}
	probe, err := eff.Before(in)
	if err != nil {
		t.Fatalf("%s: %v", c.Where(), err)
	}
	r, err := in.Run(bashsandbox.Stubs, c.Action.Command, runTimeout)
	if err != nil {
		t.Fatalf("%s: %v", c.Where(), err)
	}
	if err := probe.Check(r); err != nil {
		t.Errorf("%s: an imaginary attack: %v", c.Where(), err)
	}
}

// readClasses reads classes.txt: a class name, white space, a one-line
// description, per line.
func readClasses(t *testing.T, path string) map[string]bool {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[string]bool{}
	sc := bufio.NewScanner(f)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, desc, _ := strings.Cut(line, " ")
		if strings.TrimSpace(desc) == "" {
			t.Fatalf("%s:%d: a class needs a description", path, n)
		}
		out[name] = true
	}
	return out
}
