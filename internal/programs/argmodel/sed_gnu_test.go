package argmodel

import (
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// gnuSedProgram asks GNU sed how it reads a script: sed --debug prints
// the program it compiled, one command a line, with every delimiter
// inside a regular expression escaped. It reports false when sed refuses
// the script. It runs in dir, where a w command's file is made.
func gnuSedProgram(t *testing.T, sed, dir, script string) ([]string, bool) {
	t.Helper()
	cmd := exec.Command(sed, "--debug", "-n", "-e", script, "/dev/null")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		return nil, false
	}
	var lines []string
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); l != "" && l != "SED PROGRAM:" && l != "INPUT:   '/dev/null' line 1" {
			lines = append(lines, l)
		}
	}
	return lines, true
}

// gnuRuns reads one command line of sed --debug: whether it runs a
// command or names a file (e, w, W, r, R; s with the e or w flag), and
// the file it names.
func gnuRuns(line string) (runs bool, file string) {
	i := 0
	skip := func() { // a /regex/ as --debug prints it: delimiters escaped
		i++
		for i < len(line) && line[i] != '/' {
			if line[i] == '\\' {
				i++
			}
			i++
		}
		i++
	}
	for i < len(line) {
		c := line[i]
		switch {
		case c == '/':
			skip()
		case c >= '0' && c <= '9' || strings.IndexByte("$,~+ !IM", c) >= 0:
			i++
		default:
			rest := line[i+1:]
			switch c {
			case 'e':
				return true, ""
			case 'w', 'W', 'r', 'R':
				return true, strings.TrimLeft(rest, " ")
			case 's':
				skip() // the pattern, from the '/' after s
				skip() // the replacement
				i--    // skip stops past the delimiter; flags follow it
				for i++; i < len(line); i++ {
					switch line[i] {
					case 'e':
						return true, ""
					case 'w':
						return true, line[i+1:]
					}
				}
			}
			return false, ""
		}
	}
	return false, ""
}

// The sed reader ends a regular expression where GNU sed does: a
// delimiter inside a bracket expression is text (sed -n '/[/]/e CMD' runs
// CMD). Scripts built from pieces that move the end of a regular
// expression are read by both, and whenever GNU sed accepts one, the
// reader must find a command that runs or a file wherever sed does.
func TestSedReaderAgreesWithGNUSed(t *testing.T) {
	sed, err := exec.LookPath("sed")
	if err != nil {
		t.Skip("sed is not installed here: nothing to compare")
	}
	if out, _ := exec.Command(sed, "--version").Output(); !strings.Contains(string(out), "GNU sed") {
		t.Skip("sed here is not GNU sed, whose --debug shows its program")
	}
	dir := t.TempDir()
	pieces := []string{"/", "[", "]", "^", "\\", "\\/", "[:alpha:]", "a", ",", "[/]", "[]/]", "[^]/]", "[\\]", "x"}
	cmds := []string{"p", "e touch x", "w out", "d", "s/a/b/", "s/a/b/w out", "s/a/b/e", "r in", "y/a/b/"}
	rng := rand.New(rand.NewPCG(20261205, 1))
	script := func() string {
		var b strings.Builder
		for n := 1 + rng.IntN(2); n > 0; n-- {
			b.WriteByte('/')
			for k := rng.IntN(4); k > 0; k-- {
				b.WriteString(pieces[rng.IntN(len(pieces))])
			}
			b.WriteString("/")
			b.WriteString(cmds[rng.IntN(len(cmds))])
			b.WriteByte('\n')
		}
		return b.String()
	}
	fixed := []string{"/[/]/e touch x", "/[]/]/w out", "/[^]/]/e touch x", "s/[/]/X/w out", "/[\\]/w out",
		"/[[:alpha:]/]/e touch x", "\\,[,],w out", "s,[,],X,w out", "/a\\/b/p", "y/[/]/"}
	accepted, runs := 0, 0
	for k := 0; k < 300; k++ {
		s := script()
		if k < len(fixed) {
			s = fixed[k]
		}
		prog, ok := gnuSedProgram(t, sed, dir, s)
		if !ok {
			continue
		}
		accepted++
		want := false
		var files []string
		for _, l := range prog {
			r, f := gnuRuns(l)
			want = want || r
			if f != "" {
				files = append(files, f)
			}
		}
		if want {
			runs++
		}
		if got := SedRuns(s, false); got != want {
			t.Errorf("SedRuns(%q) = %v; GNU sed reads %q", s, got, prog)
		}
		var got []string
		SedFiles(s, func(n string) { got = append(got, n) })
		if strings.Join(got, "\n") != strings.Join(files, "\n") {
			t.Errorf("SedFiles(%q) = %q; GNU sed reads %q", s, got, prog)
		}
	}
	if accepted < 50 {
		t.Fatalf("GNU sed accepted only %d scripts: the generator is wrong", accepted)
	}
	t.Logf("%d scripts GNU sed accepts compared, %d of them run a command or name a file", accepted, runs)
}
