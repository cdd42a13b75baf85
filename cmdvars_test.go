package permengine

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// readSplit splits a line as bash's read does, name by name; compared
// with bash 5 itself where it can run here.
func TestReadSplitMatchesBash(t *testing.T) {
	if _, err := exec.LookPath("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, c := range []struct {
		ifs, line string
		n         int
	}{
		{" \t\n", ".git config", 2},
		{" \t\n", "  x   y  z  ", 2},
		{" \t\n", "  x   y  z  ", 3},
		{" \t\n", "x", 3},
		{" \t\n", "one", 1},
		{":", "x:y:", 2},
		{":", "x:y", 2},
		{":", "x::y", 3},
		{":", "x:y::", 2},
		{":", "x:", 1},
		{": ", " x : y  z ", 3},
		{"/", ".en/v", 2},
		{" \t\n/", ".e / nv", 2},
		{"", " x y ", 2},
		{" \t\n:", "a :: b", 3},
	} {
		script := `IFS=$1; shift; read -r "$@" <<< "$LINE"; for n; do printf '%s\n' "[${!n}]"; done`
		names := make([]string, c.n)
		for i := range names {
			names[i] = "v" + string(rune('a'+i))
		}
		cmd := exec.Command("/bin/bash", append([]string{"--norc", "--noprofile", "-c", script, "bash", c.ifs}, names...)...)
		cmd.Env = []string{"LINE=" + c.line}
		out, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		var want []string
		for l := range strings.SplitSeq(strings.TrimSuffix(string(out), "\n"), "\n") {
			want = append(want, strings.TrimSuffix(strings.TrimPrefix(l, "["), "]"))
		}
		if got := readSplit(c.line, c.ifs, c.n); !slices.Equal(got, want) {
			t.Errorf("IFS=%q read %d names <<< %q: %q, bash gives %q", c.ifs, c.n, c.line, got, want)
		}
	}
}
