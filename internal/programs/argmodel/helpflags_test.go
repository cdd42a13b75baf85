package argmodel

import (
	"os/exec"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// helpLong is a long option in the option part of a --help line, and how
// its value is spelled: "=X", " X", " <x>", " [x]", " a|b", cobra's
// " string" and an example's " 2weeks" (required), "[=X]" (optional),
// nothing or a word of the description (none).
var helpLong = regexp.MustCompile(`--([a-z0-9][a-z0-9-]*)(\[=|=| (?:[<A-Z\['"0-9]|[a-z]+\||(?:string|strings|int|uint|list|duration|bytes|float|stringArray)\b))?`)

// helpArgs reads "prog --help" (GNU layout: an option part, then the
// description after a run of spaces) into each long option's argument.
func helpArgs(out string) map[string]Arg {
	forms := map[string]int{} // per name, a bit for each Arg it is shown with
	for _, line := range strings.Split(out, "\n") {
		spec := strings.TrimLeft(line, " \t")
		if !strings.HasPrefix(spec, "-") || indent(line[:len(line)-len(spec)]) > 8 {
			continue // a description that starts with an option's name, or an example
		}
		if i := strings.Index(spec, "  "); i >= 0 {
			spec = spec[:i]
		}
		ms := helpLong.FindAllStringSubmatchIndex(spec, -1)
		line := make([]Arg, len(ms))
		for k := len(ms) - 1; k >= 0; k-- {
			m := ms[k]
			switch {
			case m[4] < 0:
				// --loader, --experimental-loader=…: the names of one
				// option share its value.
				if k+1 < len(ms) && spec[m[1]:ms[k+1][0]] == ", " && spec[ms[k+1][2]:ms[k+1][3]] != spec[m[2]:m[3]] {
					line[k] = line[k+1]
				}
			case spec[m[4]:m[5]] == "[=":
				line[k] = ArgOptional
			default:
				line[k] = ArgRequired
			}
		}
		for k, m := range ms {
			forms[spec[m[2]:m[3]]] |= 1 << line[k]
		}
	}
	// An option shown both with a value and without one (sort -c, --check,
	// --check=quiet) takes an optional value.
	args := map[string]Arg{}
	for name, f := range forms {
		switch {
		case f == 1<<ArgRequired:
			args[name] = ArgRequired
		case f == 1<<ArgNone:
			args[name] = ArgNone
		default:
			args[name] = ArgOptional
		}
	}
	return args
}

// indent is the width of a line's leading blanks, a tab counting eight.
func indent(blanks string) int {
	n := 0
	for _, c := range blanks {
		if c == '\t' {
			n += 8
		} else {
			n++
		}
	}
	return n
}

// modelArg returns the argument of the long option name in s, and
// whether s has it.
func modelArg(s *Spec, name string) (Arg, bool) {
	for i := range s.Options {
		if slices.Contains(s.Options[i].Long, name) {
			return s.Options[i].Arg, true
		}
	}
	return 0, false
}

var argNames = map[Arg]string{ArgNone: "no value", ArgRequired: "a value", ArgOptional: "an optional value"}

// helpMisleads are the options whose --help line says otherwise than the
// program reads them, each checked by running it: GNU xargs prints
// "-L, --max-lines=MAX-LINES", but its option table gives --max-lines to
// -l, whose value is optional (echo a | xargs --max-lines echo hi prints
// "hi a").
//
// node's "--disable-wasm-trap-handler Disable …" has one space before its
// description, which reads as a value; node -e runs after it as after a
// flag.
var helpMisleads = map[string]bool{"xargs --max-lines": true, "node --disable-wasm-trap-handler": true}

// Every long option a model shares with the real program's --help takes
// a value word exactly when the program's does: an option read as taking
// one that does not hides the word after it (unshare --kill-child sudo
// id), and one read as a flag that takes a value turns the value into an
// operand. (An optional value, only ever attached, reads like a flag.)
// Programs this machine lacks are skipped.
func TestModelOptionsAreTheProgramsHelp(t *testing.T) {
	programs := []string{"sed", "grep", "sort", "tar", "xargs", "rm", "cp", "mv", "ln", "install", "diff3", "sdiff",
		"make", "wget", "curl", "rsync", "split", "csplit", "tee", "env", "timeout", "nice", "touch", "date",
		"patch", "gawk", "head", "tail", "ls", "du", "find", "less", "man", "zip", "unzip", "diff", "cat", "git",
		"ssh", "socat", "nc", "sqlite3", "psql", "mysql", "vim", "bat", "batcat", "fdfind", "rg", "jq", "shuf",
		"uniq", "cut", "tr", "base64", "xxd", "od", "dd", "stdbuf", "setsid", "flock", "watch", "script", "su",
		"runuser", "chroot", "unshare", "nsenter", "ionice", "taskset", "sudo", "gzip", "xz", "bzip2", "zstd",
		"cpio", "ar", "m4", "awk", "gpg", "openssl", "lua5.4", "perl", "python3", "node", "ruby", "npm", "docker"}
	checked := 0
	for _, prog := range programs {
		path, err := exec.LookPath(prog)
		if err != nil {
			continue
		}
		s := Lookup(prog)
		if s == nil {
			continue
		}
		out, _ := exec.Command(path, "--help").CombinedOutput()
		for name, want := range helpArgs(string(out)) {
			got, ok := modelArg(s, name)
			if !ok || helpMisleads[prog+" --"+name] {
				continue
			}
			checked++
			if got != want && (got == ArgRequired || want == ArgRequired) {
				t.Errorf("%s --%s: the model reads %s, %s --help shows %s", prog, name, argNames[got], prog, argNames[want])
			}
		}
	}
	if checked == 0 {
		t.Skip("none of the modelled programs is installed here: nothing to compare")
	}
	t.Logf("%d long options compared with the programs' --help", checked)
}

// An interpreter's script is the first word after its options, so its
// model must know every option that takes a value, not only the ones it
// shares with --help: a value option it lacked would have its value read
// as the script and the script as an argument (node --title T s.js runs
// s.js, which the engine took for an argument of the script T).
func TestInterpretersKnowEveryValueOption(t *testing.T) {
	checked := 0
	for _, prog := range []string{"node", "python3"} {
		path, err := exec.LookPath(prog)
		if err != nil {
			continue
		}
		s := Lookup(prog)
		out, _ := exec.Command(path, "--help").CombinedOutput()
		for name, want := range helpArgs(string(out)) {
			if want != ArgRequired || helpMisleads[prog+" --"+name] {
				continue
			}
			checked++
			if got, ok := modelArg(s, name); !ok || got != ArgRequired {
				t.Errorf("%s --%s takes a value (%s --help), which its model does not read", prog, name, prog)
			}
		}
	}
	if checked == 0 {
		t.Skip("no interpreter with a model is installed here: nothing to compare")
	}
	t.Logf("%d value options compared with the interpreters' --help", checked)
}
