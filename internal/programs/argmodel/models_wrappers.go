package argmodel

import "strings"

// Models of the wrappers: programs that run a command given as their
// remaining words, with options of their own. The command is a segment
// of its own for the engine; the wrapper's model says where it starts.

// runs is the operand list of a wrapper: optional NAME=value words, then
// the command.
var runs = []Operand{{Role: RoleAssign}, {Role: RoleCommand}}

// runsOnly is the operand list of a wrapper without assignments.
var runsOnly = []Operand{{Role: RoleCommand}}

const whyPriv = "runs a command with other privileges; a person must decide every time"

// holdsOption reports an env -S text with a word that is an option of
// env (env -S '-C .git tee config'), or one known only at run time.
func holdsOption(v string, computed bool) bool {
	if computed {
		return true
	}
	for _, f := range strings.Fields(v) {
		if strings.HasPrefix(f, "-") {
			return true
		}
	}
	return false
}

func wrapper(name string, syn Syntax, ops []Operand, opts ...[]Option) *Spec {
	return &Spec{Name: name, Syntax: syn, Options: join(opts...), Operands: ops}
}

// envOperators gives env its lone "-", which is -i (env - PATH=x curl).
func envOperators(s *Spec) *Spec {
	s.Operators = []string{"-"}
	return s
}

func privileged(s *Spec) *Spec {
	s.Effect, s.Why = EffPrivileged, whyPriv
	return s
}

// whyFakerootEval: fakeroot runs eval on its daemon's options, the
// names of its state files among them.
const whyFakerootEval = "fakeroot passes this file's name to eval, which runs a shell metacharacter in it as a command"

// evalText reports a value that eval would read as more than a word: one
// known only at run time, or with a shell metacharacter.
func evalText(v string, computed bool) bool {
	return computed || strings.ContainsAny(v, " \t\n;&|<>()$`\\\"'*?[#~=%{}")
}

func wrapperRows() []row {
	return []row{
		{name: "sudo", build: func(n string) *Spec {
			return privileged(wrapper(n, GNUStop, runs, list(
				val("C", RoleData, "close-from"), val("D", RolePath, "chdir").chdir(), val("g", RoleData, "group"),
				opt("h", RoleData, "host"), val("p", RoleData, "prompt"), val("R", RolePath, "chroot"),
				val("r", RoleData, "role"), val("T", RoleData, "command-timeout"), val("t", RoleData, "type"),
				val("U", RoleData, "other-user"), val("u", RoleData, "user"), val("a", RoleData, "auth-type"),
				val("c", RoleData, "login-class"), opt("", RoleData, "preserve-env"),
				Option{Short: "e", Long: []string{"edit"}, Inert: true}, flag("s", "shell"), flag("i", "login"),
			), shorts("ABbEHKklNnPSVv"), longs("askpass", "bell", "background", "set-home", "help",
				"remove-timestamp", "reset-timestamp", "list", "no-update", "non-interactive",
				"preserve-groups", "stdin", "version", "validate")))
		}},
		{name: "sudoedit", build: func(n string) *Spec {
			return privileged(wrapper(n, GNUStop, operands(RolePath), list(
				val("C", RoleData, "close-from"), val("D", RolePath, "chdir").chdir(), val("g", RoleData, "group"),
				opt("h", RoleData, "host"), val("p", RoleData, "prompt"), val("R", RolePath, "chroot"),
				val("r", RoleData, "role"), val("T", RoleData, "command-timeout"), val("t", RoleData, "type"),
				val("u", RoleData, "user"),
			), shorts("ABbknNSV")))
		}},
		{name: "doas", build: func(n string) *Spec {
			return privileged(wrapper(n, POSIX, runsOnly, list(val("C", RolePath), val("u", RoleData), val("a", RoleData)),
				shorts("Lns")))
		}},
		{name: "su", build: func(n string) *Spec {
			return privileged(wrapper(n, GNU, []Operand{{Role: RoleData}, {Role: RoleArg}}, list(
				val("c", RoleCode, "command").code(LangShell),
				val("", RoleCode, "session-command").code(LangShell),
				val("s", RoleProgram, "shell"), val("g", RoleData, "group"), val("G", RoleData, "supp-group"),
				val("w", RoleData, "whitelist-environment"),
				flag("l", "login"), flag("mp", "preserve-environment"), opt("P", RoleData, "pty"),
				flag("f", "fast"), flag("h", "help"), flag("V", "version"),
			)))
		}},
		{name: "pkexec", build: func(n string) *Spec {
			return privileged(wrapper(n, GNUStop, runsOnly, list(val("", RoleData, "user")),
				longs("keep-cwd", "disable-internal-agent", "version", "help")))
		}},
		{name: "run0", build: func(n string) *Spec {
			return privileged(wrapper(n, GNUStop, runsOnly, list(
				val("u", RoleData, "user"), val("g", RoleData, "group"), val("D", RolePath, "chdir").chdir(),
				val("", RoleData, "unit", "description", "slice", "nice", "setenv", "background", "machine", "area"),
				val("p", RoleData, "property"), flag("", "no-ask-password"), flag("", "slice-inherit"),
				flag("h", "help"), flag("", "version"),
			)))
		}},
		{name: "env", build: func(n string) *Spec {
			return envOperators(wrapper(n, GNUStop, runs, list(
				flag("i", "ignore-environment"), flag("0", "null"), val("u", RoleData, "unset"),
				val("C", RolePath, "chdir").chdir(),
				val("S", RoleCode, "split-string").code(LangShell).does(EffComputed, "env -S's text holds env's own options, which the engine does not read there").when(holdsOption),
				flag("v", "debug"), val("P", RolePath), opt("", RoleData, "block-signal", "default-signal", "ignore-signal"),
				flag("", "list-signal-handling"), flag("", "help"), flag("", "version"),
			)))
		}},
		{name: "nice", build: func(n string) *Spec {
			return wrapper(n, Syntax{Abbrev: true, Digits: true}, runsOnly, list(val("n", RoleData, "adjustment"),
				flag("", "help"), flag("", "version")))
		}},
		{name: "nohup", build: func(n string) *Spec {
			return wrapper(n, GNUStop, runsOnly, longs("help", "version"))
		}},
		{name: "timeout", build: func(n string) *Spec {
			return wrapper(n, GNUStop, []Operand{{Role: RoleData}, {Role: RoleCommand}}, list(
				val("k", RoleData, "kill-after"), val("s", RoleData, "signal"),
				flag("f", "foreground"), flag("p", "preserve-status"), flag("v", "verbose"),
				flag("", "help"), flag("", "version")))
		}},
		{name: "stdbuf", build: func(n string) *Spec {
			return wrapper(n, GNUStop, runsOnly, list(val("i", RoleData, "input"), val("o", RoleData, "output"),
				val("e", RoleData, "error"), flag("", "help"), flag("", "version")))
		}},
		{name: "ionice", build: func(n string) *Spec {
			return wrapper(n, GNUStop, runsOnly, list(val("c", RoleData, "class"), val("n", RoleData, "classdata"),
				Option{Short: "p", Long: []string{"pid"}, Arg: ArgRequired, Role: RoleData, Inert: true},
				Option{Short: "P", Long: []string{"pgid"}, Arg: ArgRequired, Role: RoleData, Inert: true},
				Option{Short: "u", Long: []string{"uid"}, Arg: ArgRequired, Role: RoleData, Inert: true},
				flag("t", "ignore"), flag("h", "help"), flag("V", "version")))
		}},
		{name: "setsid", build: func(n string) *Spec {
			return wrapper(n, GNUStop, runsOnly, list(flag("c", "ctty"), flag("f", "fork"), flag("w", "wait"),
				flag("h", "help"), flag("V", "version")))
		}},
		{name: "command", build: func(n string) *Spec {
			return wrapper(n, POSIX, runsOnly, list(flag("p"),
				Option{Short: "v", Inert: true}, Option{Short: "V", Inert: true}))
		}},
		{name: "builtin", build: func(n string) *Spec {
			return wrapper(n, POSIX, runsOnly)
		}},
		{name: "exec", build: func(n string) *Spec {
			return wrapper(n, POSIX, runsOnly, list(flag("c"), flag("l"), val("a", RoleData).does(EffComputed,
				"exec -a runs the program under another name, by which multi-call programs choose what they do (git-push, unxz, busybox applets)")))
		}},
		{name: "time", build: func(n string) *Spec {
			return wrapper(n, GNUStop, runsOnly, list(val("f", RoleData, "format"), val("o", RolePath, "output").output(),
				flag("a", "append"), flag("v", "verbose"), flag("q", "quiet"), flag("p", "portability"),
				flag("", "help"), flag("V", "version")))
		}},
		// unshare runs its command in new namespaces; -r and -U make a
		// user namespace in which it seems root, which grants nothing
		// outside. -w starts it in another directory.
		{name: "unshare", build: func(n string) *Spec {
			return wrapper(n, GNUStop, runsOnly, list(
				val("w", RolePath, "wd").chdir(), val("R", RolePath, "root").does(EffExec|EffComputed, whyNewRoot).when(notRoot), val("S", RoleData, "setuid"),
				val("G", RoleData, "setgid"), opt("", RolePath, "mount-proc", "mount-binfmt"),
				val("", RoleData, "propagation", "setgroups", "map-user", "map-group", "map-users", "map-groups",
					"monotonic", "boottime", "load-interp"), opt("", RoleData, "kill-child"),
				opt("m", RolePath, "mount"), opt("u", RolePath, "uts"), opt("i", RolePath, "ipc"),
				opt("n", RolePath, "net"), opt("p", RolePath, "pid"), opt("U", RolePath, "user"),
				opt("C", RolePath, "cgroup"), opt("T", RolePath, "time"),
				flag("f", "fork"), flag("r", "map-root-user"), flag("c", "map-current-user"), flag("", "map-auto"),
				flag("", "map-subids"), flag("", "keep-caps"), flag("h", "help"), flag("V", "version"),
			))
		}},
		// ssh-agent COMMAND runs the command with an agent for it.
		{name: "ssh-agent", build: func(n string) *Spec {
			return wrapper(n, POSIX, runsOnly, list(val("a", RoleData), val("E", RoleData), val("t", RoleData),
				val("P", RoleData), val("O", RoleData)), shorts("cDdks"))
		}},
		// fakeroot runs its command so that it seems root to itself only.
		// fakeroot-tcp and fakeroot-sysv are its two builds, by name.
		{name: "fakeroot", aliases: []string{"fakeroot-tcp", "fakeroot-sysv"}, build: func(n string) *Spec {
			return wrapper(n, GNUStop, runsOnly, list(
				val("l", RolePath, "lib").runsFile().does(EffExec|EffComputed, "fakeroot preloads this library into the command: code the engine does not read"),
				val("f", RoleProgram, "faked").does(EffExec, "fakeroot runs this program as its daemon"),
				// fakeroot's script passes the state files' names to eval:
				// a metacharacter in one runs as a command.
				val("i", RolePath).does(EffExec|EffComputed, whyFakerootEval).when(evalText), val("s", RolePath).does(EffExec|EffComputed, whyFakerootEval).when(evalText), val("b", RoleData), flag("u", "unknown-is-real"),
				flag("h", "help"), flag("v", "version")))
		}},
		// systemd-socket-activate listens on a socket and runs its
		// command for whoever connects (--inetd: with the connection for
		// its input and output): a shell given to the network.
		{name: "systemd-socket-activate", build: func(n string) *Spec {
			s := wrapper(n, GNUStop, runsOnly, list(val("l", RoleData, "listen"), val("E", RoleData, "setenv"),
				val("", RoleData, "fdname"), flag("a", "accept"), flag("d", "datagram"), flag("", "seqpacket", "inetd", "now"),
				flag("h", "help"), flag("", "version")))
			s.Effect, s.Why = EffExternal, "listens on a socket and runs its command for whoever connects to it"
			return s
		}},
		// xvfb-run runs its command with a virtual display.
		{name: "xvfb-run", build: func(n string) *Spec {
			return wrapper(n, GNUStop, runsOnly, list(val("e", RolePath, "error-file"), val("f", RolePath, "auth-file"),
				val("n", RoleData, "server-num"), val("p", RoleData, "xauth-protocol"), val("s", RoleData, "server-args"),
				val("w", RoleData, "wait"), flag("a", "auto-servernum"), flag("l", "listen-tcp"), flag("h", "help")))
		}},
		{name: "hash", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: POSIX, Operands: operands(RoleData), Options: list(
				val("p", RolePath).does(EffComputed, "hash -p makes a name run the program at this path"),
				flag("r"), flag("d"), flag("l"), flag("t"))}
		}},
	}
}
