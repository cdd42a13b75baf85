package programs

import (
	"slices"
	"strings"
)

// wrapperSpec describes a program that runs another program given as its
// arguments.
type wrapperSpec struct {
	shortArg   string   // short options that take an argument ("u" for -u USER)
	longArg    []string // long options that take an argument when not written --opt=value
	positional int      // arguments before the command (timeout's DURATION)
	notWith    string   // short options that make it not run a command (command -v)
}

// wrappers are the transparent wrappers: they run the rest of their words
// as a command. The table errs on the generous side; an option it does not
// know makes the engine also try every later word as the program.
var wrappers = map[string]wrapperSpec{
	"env":              {shortArg: "uCS", longArg: []string{"--unset", "--chdir", "--split-string"}},
	"command":          {notWith: "vV"},
	"builtin":          {},
	"exec":             {shortArg: "a"},
	"nice":             {shortArg: "n", longArg: []string{"--adjustment"}},
	"nohup":            {},
	"time":             {shortArg: "fo", longArg: []string{"--format", "--output"}},
	"timeout":          {shortArg: "sk", longArg: []string{"--signal", "--kill-after"}, positional: 1},
	"stdbuf":           {shortArg: "ioe", longArg: []string{"--input", "--output", "--error"}},
	"ionice":           {shortArg: "cnp", longArg: []string{"--class", "--classdata", "--pid"}},
	"setsid":           {},
	"xargs":            {shortArg: "IinLlPdEesa", longArg: []string{"--max-args", "--max-lines", "--max-procs", "--delimiter", "--eof", "--max-chars", "--arg-file", "--replace", "--process-slot-var"}},
	"sudo":             {shortArg: "ugCDhprtTU", longArg: []string{"--user", "--group", "--close-from", "--chdir", "--host", "--prompt", "--role", "--type", "--command-timeout", "--other-user"}},
	"doas":             {shortArg: "uC"},
	"run0":             {shortArg: "uDg", longArg: []string{"--user", "--chdir", "--group", "--unit", "--property", "--description", "--slice", "--nice", "--setenv", "--background"}},
	"pkexec":           {longArg: []string{"--user"}},
	"chroot":           {longArg: []string{"--userspec", "--groups"}, positional: 1},
	"unbuffer":         {},
	"taskset":          {positional: 1},
	"chrt":             {positional: 1},
	"caffeinate":       {shortArg: "tw"},
	"strace":           {shortArg: "oeEpPsuSXIab", longArg: []string{"--output", "--trace", "--signal"}},
	"ltrace":           {shortArg: "oeEpPsuSXIab"},
	"flock":            {shortArg: "wEc", longArg: []string{"--timeout", "--conflict-exit-code", "--command"}, positional: 1},
	"unshare":          {longArg: []string{"--setgroups", "--propagation", "--root", "--wd"}},
	"nsenter":          {shortArg: "tSGrw", longArg: []string{"--target", "--setuid", "--setgid", "--root", "--wd"}},
	"firejail":         {},
	"torsocks":         {},
	"proxychains":      {shortArg: "f"},
	"proxychains4":     {shortArg: "f"},
	"busybox":          {},
	"dbus-run-session": {},
	"catchsegv":        {},
	"faketime":         {positional: 1},
	"systemd-run":      {shortArg: "pEu", longArg: []string{"--unit", "--property", "--setenv", "--uid", "--gid", "--working-directory", "--description", "--slice"}},
	"doppler":          {},
	"dotenv":           {shortArg: "ecv"},
}

// runners are two-word forms that run an arbitrary program from
// PATH or a project's bin folder: "pnpm exec rm -rf x" runs rm.
var runners = map[string]map[string]bool{
	"npm":    {"exec": true},
	"pnpm":   {"exec": true, "dlx": false},
	"yarn":   {"exec": true},
	"bun":    {"x": false},
	"bundle": {"exec": true},
	"poetry": {"run": true},
	"uv":     {"run": true},
	"pipenv": {"run": true},
	"conda":  {"run": true},
	"mise":   {"exec": true, "x": true},
	"asdf":   {"exec": true},
	"direnv": {"exec": true},
	"devbox": {"run": true},
	"rtx":    {"exec": true},
	"pixi":   {"run": true},
	"hatch":  {"run": true},
	"rye":    {"run": true},
}

// Wrapped returns the index in v of the program a wrapper v[0] runs, and
// whether the wrapper's options were all understood. It returns -1 when v
// is not a wrapper or the wrapper runs nothing (command -v).
func Wrapped(v []string) (int, bool) {
	if len(v) == 0 {
		return -1, true
	}
	p := Lookup(v[0])
	if p == nil || p.wrapper == nil {
		return -1, true
	}
	return wrapped(v, *p.wrapper)
}

// RunnerCommand returns the command that a runner's subcommand runs
// ("pnpm exec rm -rf x" runs "rm -rf x"), or false.
func RunnerCommand(v []string) ([]string, bool) {
	if len(v) < 3 {
		return nil, false
	}
	p := Lookup(v[0])
	if p == nil || !p.runner[v[1]] {
		return nil, false
	}
	rest := v[2:]
	if len(rest) > 0 && rest[0] == "--" {
		rest = rest[1:]
	}
	return rest, true
}

// WrappedCommand returns the command a wrapper runs, read with the
// wrapper table: "timeout 5 npm test" runs "npm test". It returns nil when
// the words do not start with a wrapper (after assignments and the verb's
// directory) or the wrapper runs nothing.
func WrappedCommand(words []string) []string {
	i := 0
	for i < len(words) && IsAssignment(words[i]) {
		i++
	}
	if i >= len(words) {
		return nil
	}
	v := words[i:]
	verb := BaseName(v[0])
	p := Lookup(verb)
	if p == nil || p.Bits&(Wrapper|Runner) == 0 {
		return nil
	}
	if len(v) > 2 && p.runner[v[1]] {
		rest := v[2:]
		if len(rest) > 0 && rest[0] == "--" {
			rest = rest[1:]
		}
		if len(rest) > 0 {
			return rest
		}
		return nil
	}
	if p.wrapper == nil {
		return nil
	}
	cmd, _ := wrapped(v, *p.wrapper)
	if cmd < 0 || cmd >= len(v) {
		return nil
	}
	return v[cmd:]
}

// wrapped returns the index of the wrapped program in v, and whether the
// options were all understood. It returns -1 when the wrapper runs nothing
// (command -v).
func wrapped(v []string, spec wrapperSpec) (int, bool) {
	sure := true
	pos := spec.positional
	j := 1
	for j < len(v) {
		w := v[j]
		if w == "--" {
			j++
			break
		}
		if IsAssignment(w) && v[0] == "env" {
			j++
			continue
		}
		if len(w) > 1 && w[0] == '-' {
			if strings.HasPrefix(w, "--") {
				name := w
				if k := strings.IndexByte(w, '='); k >= 0 {
					name = w[:k]
				} else if slices.Contains(spec.longArg, name) {
					j++
				}
				if !slices.Contains(spec.longArg, name) && !isKnownLongFlag(name) {
					sure = false
				}
				j++
				continue
			}
			// A cluster of short options: the first one that takes an
			// argument consumes the rest of the cluster or the next word.
			for k := 1; k < len(w); k++ {
				c := w[k]
				if strings.IndexByte(spec.notWith, c) >= 0 {
					return -1, true
				}
				if strings.IndexByte(spec.shortArg, c) >= 0 {
					if k == len(w)-1 {
						j++
					}
					break
				}
				if !(c >= '0' && c <= '9') && !strings.ContainsRune("iEHnkKsSlPbpqrtvxfwcmL0", rune(c)) {
					sure = false
				}
			}
			j++
			continue
		}
		if pos > 0 {
			pos--
			j++
			continue
		}
		break
	}
	return j, sure
}

// isKnownLongFlag lists long flags without arguments that wrappers commonly
// take, so that they do not make the reading unsure.
func isKnownLongFlag(name string) bool {
	switch name {
	case "--ignore-environment", "--null", "--preserve-status", "--foreground", "--verbose",
		"--login", "--shell", "--preserve-env", "--non-interactive", "--reset-timestamp",
		"--no-run-if-empty", "--interactive", "--exit", "--fork", "--wait", "--version", "--help",
		"--debug", "--pty", "--quiet", "--setsid":
		return true
	}
	return false
}
