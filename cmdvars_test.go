package permengine

import (
	"math/rand/v2"
	"os/exec"
	"slices"
	"strconv"
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

// readSplit against bash on lines and IFS values drawn at random (a fixed
// seed: the same cases every run), where separators of both kinds meet.
func TestReadSplitMatchesBashRandom(t *testing.T) {
	if _, err := exec.LookPath("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	rng := rand.New(rand.NewPCG(20261207, 1))
	const alphabet = "ab \t:,."
	ifsChars := []string{" ", "\t", ":", ","}
	var script strings.Builder
	type tc struct {
		ifs, line string
		n         int
	}
	var cases []tc
	for range 300 {
		var ifs strings.Builder
		for _, c := range ifsChars {
			if rng.IntN(2) == 0 {
				ifs.WriteString(c)
			}
		}
		line := make([]byte, rng.IntN(9))
		for k := range line {
			line[k] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, tc{ifs.String(), string(line), 1 + rng.IntN(3)})
	}
	// One bash for every case: each prints its values between brackets.
	script.WriteString("while IFS= read -r -d '' ifs && IFS= read -r -d '' line && IFS= read -r -d '' n; do\n" +
		"  names=(); for ((k=0; k<n; k++)); do names+=(v$k); done\n" +
		"  IFS=$ifs read -r \"${names[@]}\" <<< \"$line\"\n" +
		"  for v in \"${names[@]}\"; do printf '[%s]' \"${!v}\"; done; echo\n" +
		"done\n")
	var in strings.Builder
	for _, c := range cases {
		in.WriteString(c.ifs + "\x00" + c.line + "\x00" + strconv.Itoa(c.n) + "\x00")
	}
	cmd := exec.Command("/bin/bash", "--norc", "--noprofile", "-c", script.String())
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
	if len(lines) != len(cases) {
		t.Fatalf("bash answered %d cases of %d", len(lines), len(cases))
	}
	for i, c := range cases {
		var got strings.Builder
		for _, v := range readSplit(c.line, c.ifs, c.n) {
			got.WriteString("[" + v + "]")
		}
		if got.String() != lines[i] {
			t.Errorf("IFS=%q read %d names <<< %q: %s, bash gives %s", c.ifs, c.n, c.line, got.String(), lines[i])
		}
	}
}

// readSplit gives every name a value, each a piece of the line, whatever
// the line and IFS.
func FuzzReadSplit(f *testing.F) {
	f.Add(".git config", " \t\n", 2)
	f.Add("x::y:", ":", 3)
	f.Add(" a , b ,", " ,", 1)
	f.Add("", "", 4)
	f.Fuzz(func(t *testing.T, line, ifs string, n int) {
		n = 1 + (n%8+8)%8
		got := readSplit(line, ifs, n)
		if len(got) != n {
			t.Fatalf("readSplit(%q, %q, %d) gave %d values", line, ifs, n, len(got))
		}
		for _, v := range got {
			if !strings.Contains(line, v) {
				t.Fatalf("readSplit(%q, %q, %d): %q is no piece of the line", line, ifs, n, v)
			}
		}
	})
}
