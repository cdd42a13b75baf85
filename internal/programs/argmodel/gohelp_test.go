package argmodel

import (
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// goHelpFlag is a flag line of go help: a tab, the flag, and the name of
// its value when it takes one ("\t-p n", "\t-race").
var goHelpFlag = regexp.MustCompile(`^\t-([a-z]+)( \S.*)?$`)

// goHelpFlags returns the flags "go help topic" documents and whether
// each takes a value word.
func goHelpFlags(t *testing.T, topic string) map[string]bool {
	t.Helper()
	return goHelpFlagsAtLeast(t, topic, 15)
}

// goHelpFlagsAtLeast is goHelpFlags for a topic that documents at least
// min flags.
func goHelpFlagsAtLeast(t *testing.T, topic string, min int) map[string]bool {
	t.Helper()
	out, err := exec.Command("go", "help", topic).Output()
	if err != nil {
		t.Skipf("go help %s: %v (the go command is needed to read its flags)", topic, err)
	}
	flags := map[string]bool{}
	for _, line := range strings.Split(string(out), "\n") {
		if m := goHelpFlag.FindStringSubmatch(line); m != nil {
			flags[m[1]] = m[2] != ""
		}
	}
	if len(flags) < min {
		t.Fatalf("go help %s: only %d flags read; has its layout changed?", topic, len(flags))
	}
	return flags
}

// The go model's idea of which flags take a value is the go command's:
// a boolean flag read as taking one would hide the option after it (go
// test -json -exec sudo), and a value read as an operand would be judged
// as a package.
func TestGoModelFlagsAreTheGoCommands(t *testing.T) {
	build := goHelpFlags(t, "build")
	test := goHelpFlags(t, "testflag")
	for flag, takes := range goHelpFlagsAtLeast(t, "test", 3) {
		test[flag] = takes // -exec xprog, -o file, -c
	}
	check := func(sub, flag string, takes bool) {
		v := []string{"go", sub, "-" + flag, "x"}
		r := Parse(Lookup("go"), v, make([]bool, len(v)))
		want := KindOperand
		if takes {
			want = KindValue
		}
		if r.Words[3] != want || len(r.Unknown) > 0 {
			t.Errorf("go %s -%s: the word after it reads as %v (unknown: %v), want %v (go help says it takes a value: %v)",
				sub, flag, r.Words[3], r.Unknown, want, takes)
		}
	}
	for _, sub := range []string{"build", "run", "test", "vet", "install"} {
		for flag, takes := range build {
			check(sub, flag, takes)
		}
	}
	for flag, takes := range test {
		check("test", flag, takes)
	}
}
