package approval_test

import (
	"os/exec"
	"strings"
	"testing"
)

// Importing the root package pulls no database driver, no JOSE library and
// none of this package.
func TestRootImportsNoStoreOrJOSE(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	out, err := exec.Command(goBin, "list", "-deps", "github.com/permengine/permengine").CombinedOutput()
	if err != nil {
		t.Fatalf("go list -deps: %v\n%s", err, out)
	}
	deps := strings.Fields(string(out))
	if len(deps) < 10 || !contains(deps, "mvdan.cc/sh/v3/syntax") {
		t.Fatalf("go list -deps gave %d packages without the shell parser: not the root's list", len(deps))
	}
	for _, d := range deps {
		for _, bad := range []string{"database/sql", "modernc.org/", "github.com/jackc/", "github.com/go-jose/", "github.com/permengine/permengine/approval"} {
			if strings.HasPrefix(d, bad) {
				t.Errorf("the root package depends on %s", d)
			}
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
