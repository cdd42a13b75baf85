package programs

import "strings"

// The exec-capable argument table: programs whose allowed form can still
// run or delete arbitrary things through an argument.

// execRow is one row of the exec-capable argument table: a program whose
// allowed form can still run or delete arbitrary things through an
// argument.
type execRow struct {
	verbs []string
	opts  []string // options that do it; long ones also match abbreviations
	check func(args []string) bool
	why   string
}

// execTable is the exec-capable argument table. Long options
// match GNU-style unambiguous abbreviations, since git and GNU tools
// accept them.
var execTable = []execRow{
	{verbs: []string{"find"}, opts: []string{"-exec", "-execdir", "-ok", "-okdir"}, why: "find -exec runs a program for every file"},
	{verbs: []string{"find"}, opts: []string{"-delete"}, why: "find -delete removes every file it finds"},
	{verbs: []string{"find"}, opts: []string{"-fprint", "-fprint0", "-fprintf", "-fls"}, why: "find -fprint writes to a file named in its arguments"},
	{verbs: []string{"git"}, opts: []string{"--upload-pack", "--receive-pack", "--exec", "--ext-diff", "--open-files-in-pager", "--template", "--config"}, why: "this git option runs a program named on the command line"},
	{verbs: []string{"git"}, check: gitExecShort, why: "this git option runs a program named on the command line (-u, -O, -x)"},
	{verbs: []string{"git"}, check: gitExecSub, why: "this git subcommand runs a command given as an argument, or rewrites configuration that can run one"},
	{verbs: []string{"sed", "gsed"}, check: sedExec, why: "the sed script executes commands (e) or writes files (w)"},
	{verbs: []string{"awk", "gawk", "mawk", "nawk", "busybox-awk"}, check: awkExec, why: "the awk program runs commands (system, pipes) or writes files"},
	{verbs: []string{"tar", "gtar", "bsdtar"}, opts: []string{"--to-command", "--checkpoint-action", "--use-compress-program", "--info-script", "--new-volume-script", "--rsh-command", "--rmt-command", "-I", "-F"}, why: "this tar option runs a program"},
	{verbs: []string{"rsync"}, opts: []string{"--rsh", "--rsync-path", "-e"}, check: shortClusterHas('e'), why: "rsync -e/--rsync-path runs a program"},
	{verbs: []string{"ssh", "scp", "sftp"}, check: sshExec, why: "an ssh option runs a local program (ProxyCommand, LocalCommand, -S)"},
	{verbs: []string{"less", "more", "most"}, check: plusCommand, why: "a +command runs pager commands, which include a shell escape"},
	{verbs: []string{"man"}, opts: []string{"-P", "--pager", "-H", "--html", "--preprocessor", "-p"}, check: plusCommand, why: "man runs the pager, browser or preprocessor named in its arguments"},
	{verbs: []string{"vim", "vi", "nvim", "view", "ex", "gvim", "vimdiff"}, opts: []string{"-c", "--cmd", "-S"}, check: plusCommand, why: "vim runs editor commands from its arguments, which include a shell escape"},
	{verbs: []string{"rg"}, opts: []string{"--pre"}, why: "rg --pre runs a program for every file"},
	{verbs: []string{"sort"}, opts: []string{"--compress-program"}, why: "sort --compress-program runs a program"},
	{verbs: []string{"zip"}, opts: []string{"-TT", "--unzip-command"}, why: "zip -TT runs a program"},
	{verbs: []string{"go"}, opts: []string{"-exec", "-toolexec", "-vettool", "--exec", "--toolexec", "--vettool"}, why: "this go flag runs a program named on the command line"},
	{verbs: []string{"go"}, check: goEnvWrite, why: "go env -w changes the flags of every later go command"},
	{verbs: []string{"make", "gmake"}, opts: []string{"--eval", "-E"}, check: makeShell, why: "make --eval or SHELL= runs code given on the command line"},
	{verbs: []string{"npm", "pnpm", "yarn"}, opts: []string{"--script-shell"}, why: "--script-shell replaces the shell that runs package scripts"},
	{verbs: []string{"python", "python3", "python2", "pypy", "pypy3"}, check: pythonCode, why: "python -c runs code given as an argument"},
	{verbs: []string{"node", "nodejs", "bun", "deno"}, opts: []string{"-e", "--eval", "-p", "--print"}, why: "this option runs code given as an argument"},
	{verbs: []string{"perl", "ruby"}, opts: []string{"-e", "-E"}, check: shortClusterHas('e', 'E'), why: "-e runs code given as an argument"},
	{verbs: []string{"php"}, opts: []string{"-r"}, why: "php -r runs code given as an argument"},
	{verbs: []string{"xargs"}, opts: []string{"-a", "--arg-file"}, why: "xargs -a reads the command's arguments from a file"},
}

// ExecArgument checks one view (its program first, with the program's
// catalog bits); it returns the reason or "".
func ExecArgument(v []string, bits Bits) string {
	if bits&Exec == 0 {
		return ""
	}
	rows := Lookup(v[0]).exec
	for _, i := range rows {
		row := execTable[i]
		args := v[1:]
		for _, a := range args {
			if a == "--" && v[0] != "find" {
				break
			}
			if optionMatches(a, row.opts) {
				return row.why
			}
		}
		if row.check != nil && row.check(args) {
			return row.why
		}
	}
	return ""
}

// optionMatches reports whether arg is one of opts, written whole, with
// "=value", with an attached value for a short option, or as an
// unambiguous-looking abbreviation of a long option (at least "--" and two
// letters).
func optionMatches(arg string, opts []string) bool {
	if len(arg) < 2 || arg[0] != '-' {
		return false
	}
	name := arg
	if i := strings.IndexByte(arg, '='); i > 0 {
		name = arg[:i]
	}
	for _, o := range opts {
		switch {
		case name == o:
			return true
		case strings.HasPrefix(o, "--") && len(name) >= 4 && strings.HasPrefix(name, "--") && strings.HasPrefix(o, name):
			return true
		case !strings.HasPrefix(o, "--") && len(o) == 2 && !strings.HasPrefix(arg, "--") && strings.HasPrefix(arg, o) && len(arg) > 2 && o != "-c" && o != "-e" && o != "-p":
			// -Ifoo, -Pless: a short option with its value attached.
			return true
		}
	}
	return false
}

// shortClusterHas reports an option cluster such as -avze that contains
// one of the letters.
func shortClusterHas(letters ...byte) func([]string) bool {
	return func(args []string) bool {
		for _, a := range args {
			if a == "--" {
				return false
			}
			if len(a) > 1 && a[0] == '-' && a[1] != '-' {
				for _, l := range letters {
					if strings.IndexByte(a[1:], l) >= 0 {
						return true
					}
				}
			}
		}
		return false
	}
}

// pythonCode finds -c among python's own options, which end at -m, a
// script name or "-".
func pythonCode(args []string) bool {
	for _, a := range args {
		if a == "-m" || a == "-" || a == "--" || !strings.HasPrefix(a, "-") {
			return false
		}
		if !strings.HasPrefix(a, "--") && strings.IndexByte(a[1:], 'c') >= 0 {
			return true
		}
		if strings.HasPrefix(a, "-m") {
			return false
		}
	}
	return false
}

func plusCommand(args []string) bool {
	for _, a := range args {
		if len(a) > 1 && a[0] == '+' {
			return true
		}
	}
	return false
}

// gitExecShort catches git's short spellings that run programs: fetch/clone
// -u <upload-pack>, grep -O<pager>, rebase -x <cmd>.
func gitExecShort(args []string) bool {
	sub, _ := GitSplitArgs(args)
	if sub >= len(args) {
		return false
	}
	name := args[sub]
	for _, a := range args[sub+1:] {
		if len(a) < 2 || a[0] != '-' || a[1] == '-' {
			continue
		}
		switch name {
		case "fetch", "pull", "ls-remote", "archive":
			if strings.HasPrefix(a, "-u") {
				return true
			}
		case "clone":
			if strings.HasPrefix(a, "-u") || strings.HasPrefix(a, "-c") {
				return true
			}
		case "grep":
			if strings.HasPrefix(a, "-O") {
				return true
			}
		case "rebase":
			if strings.HasPrefix(a, "-x") {
				return true
			}
		}
	}
	return false
}

// gitExecSub catches subcommands that run a command given as an argument,
// and configuration writes.
func gitExecSub(args []string) bool {
	sub, _ := GitSplitArgs(args)
	if sub >= len(args) {
		return false
	}
	rest := args[sub+1:]
	switch args[sub] {
	case "filter-branch", "difftool", "mergetool":
		return true
	case "bisect":
		return len(rest) > 0 && rest[0] == "run"
	case "submodule":
		for _, r := range rest {
			if r == "foreach" {
				return true
			}
		}
	case "rebase":
		for _, r := range rest {
			if optionMatches(r, []string{"--exec"}) {
				return true
			}
		}
	case "config":
		return gitConfigWrites(rest)
	}
	return false
}

// gitConfigWrites reports whether "git config ARGS" may change
// configuration (which can set aliases, hooks paths, pagers).
func gitConfigWrites(rest []string) bool {
	var plain []string
	for _, r := range rest {
		switch r {
		case "--get", "--get-all", "--get-regexp", "--get-urlmatch", "--get-color", "--get-colorbool", "-l", "--list", "get", "list":
			return false
		case "--global", "--system", "--local", "--worktree", "--show-origin", "--show-scope", "--null", "-z",
			"--name-only", "--includes", "--no-includes", "--type=bool", "--type=int", "--type=path", "--bool", "--int", "--path":
			continue
		}
		if strings.HasPrefix(r, "-") {
			return true // --add, --unset, --replace-all, --edit, --file=…: treat as a write
		}
		plain = append(plain, r)
	}
	return len(plain) != 1 // "git config key" reads; "git config key value" writes
}

// sedExec finds sed's e command or flag and its w command or flag.
func sedExec(args []string) bool {
	var room [4]string // most sed commands have one script
	scripts := room[:0]
	explicit := false
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-e" || a == "--expression":
			explicit = true
			if i+1 < len(args) {
				scripts = append(scripts, args[i+1])
				i++
			}
		case strings.HasPrefix(a, "--expression="):
			explicit = true
			scripts = append(scripts, a[len("--expression="):])
		case strings.HasPrefix(a, "-e") && len(a) > 2 && !strings.HasPrefix(a, "--"):
			explicit = true
			scripts = append(scripts, a[2:])
		case a == "-f" || strings.HasPrefix(a, "--file") || strings.HasPrefix(a, "-f") && !strings.HasPrefix(a, "--"):
			return true // a script from a file cannot be read here
		case strings.HasPrefix(a, "-") && len(a) > 1 && a != "-":
			if strings.IndexByte(a[1:], 'e') >= 0 && !strings.HasPrefix(a, "--") {
				// -ne 's/x/y/': the script follows.
				explicit = true
				if i+1 < len(args) {
					scripts = append(scripts, args[i+1])
					i++
				}
			}
		default:
			if !explicit && len(scripts) == 0 {
				scripts = append(scripts, a)
			}
		}
	}
	for _, s := range scripts {
		if sedScriptRuns(s) {
			return true
		}
	}
	return false
}

// sedScriptRuns reads a sed script just enough to find commands e, w, W,
// r, R and the s flags e and w.
func sedScriptRuns(s string) bool {
	i := 0
	n := len(s)
	skipSpace := func() {
		for i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == ';' || s[i] == '\n' || s[i] == '{' || s[i] == '}' || s[i] == '!') {
			i++
		}
	}
	for i < n {
		skipSpace()
		// Address: numbers, $, /re/, \cREc, ranges, steps.
		for i < n {
			c := s[i]
			if c >= '0' && c <= '9' || c == '$' || c == ',' || c == '~' || c == '+' || c == ' ' {
				i++
				continue
			}
			if c == '/' || c == '\\' {
				d := byte('/')
				if c == '\\' && i+1 < n {
					i++
					d = s[i]
				}
				i++
				for i < n && s[i] != d {
					if s[i] == '\\' {
						i++
					}
					i++
				}
				i++
				for i < n && (s[i] == 'I' || s[i] == 'M') {
					i++
				}
				continue
			}
			break
		}
		skipSpace()
		if i >= n {
			return false
		}
		cmd := s[i]
		i++
		switch cmd {
		case 'e', 'w', 'W', 'r', 'R':
			return true
		case 's', 'y':
			if i >= n {
				return false
			}
			d := s[i]
			i++
			for part := 0; part < 2; part++ {
				for i < n && s[i] != d {
					if s[i] == '\\' {
						i++
					}
					i++
				}
				i++
			}
			if cmd == 's' {
				for i < n && s[i] != ';' && s[i] != '\n' && s[i] != '}' {
					if s[i] == 'e' || s[i] == 'w' || s[i] == 'W' {
						return true
					}
					i++
				}
			}
		case 'a', 'i', 'c', 'b', 't', 'T', ':', 'l', 'L', 'q', 'Q':
			// Text or label to the end of the line.
			for i < n && s[i] != '\n' && s[i] != ';' {
				i++
			}
		}
	}
	return false
}

// awkExec looks for the awk features that run commands or write files.
func awkExec(args []string) bool {
	for i, a := range args {
		if a == "-f" || strings.HasPrefix(a, "--file") || (strings.HasPrefix(a, "-f") && !strings.HasPrefix(a, "--")) {
			return true
		}
		if a == "-v" || a == "-F" {
			_ = i
			continue
		}
		if strings.HasPrefix(a, "-") {
			continue
		}
		// The first non-option word is the program.
		p := a
		return strings.Contains(p, "system") || strings.Contains(p, "getline") ||
			strings.Contains(p, "|&") || pipeToString(p) || strings.Contains(p, "@load") ||
			redirectToString(p)
	}
	return false
}

// pipeToString finds `| "cmd"` or `"cmd" |` in an awk program.
func pipeToString(p string) bool {
	for i := 0; i < len(p); i++ {
		if p[i] != '|' {
			continue
		}
		j := i + 1
		for j < len(p) && p[j] == ' ' {
			j++
		}
		if j < len(p) && (p[j] == '"' || p[j] == '\'') {
			return true
		}
		k := i - 1
		for k >= 0 && p[k] == ' ' {
			k--
		}
		if k >= 0 && p[k] == '"' {
			return true
		}
	}
	return false
}

// redirectToString finds `> "file"` in an awk program.
func redirectToString(p string) bool {
	for i := 0; i < len(p); i++ {
		if p[i] != '>' {
			continue
		}
		j := i + 1
		if j < len(p) && p[j] == '>' {
			j++
		}
		for j < len(p) && p[j] == ' ' {
			j++
		}
		if j < len(p) && p[j] == '"' {
			return true
		}
	}
	return false
}

// sshExec finds ssh options that run local programs.
func sshExec(args []string) bool {
	for i, a := range args {
		v := ""
		switch {
		case a == "-o" && i+1 < len(args):
			v = args[i+1]
		case strings.HasPrefix(a, "-o"):
			v = a[2:]
		case a == "-S" || a == "-F" || strings.HasPrefix(a, "-F"):
			return true
		}
		lv := strings.ToLower(v)
		if strings.HasPrefix(lv, "proxycommand") || strings.HasPrefix(lv, "localcommand") ||
			strings.HasPrefix(lv, "permitlocalcommand") || strings.HasPrefix(lv, "knownhostscommand") ||
			strings.HasPrefix(lv, "match") {
			return true
		}
	}
	return false
}

func goEnvWrite(args []string) bool {
	return len(args) >= 2 && args[0] == "env" && (args[1] == "-w" || args[1] == "-u")
}

func makeShell(args []string) bool {
	for _, a := range args {
		if strings.HasPrefix(a, "SHELL=") || strings.HasPrefix(a, ".SHELLFLAGS=") || strings.HasPrefix(a, "MAKESHELL=") {
			return true
		}
	}
	return false
}
