package argmodel

import "strings"

// Models of the clients that send keys, text or commands to another,
// running program: a terminal multiplexer's session, a terminal emulator,
// the desktop's input, a debugger attached to a process, a service on
// the bus. What they send runs in a shell or a process the command does
// not start, spelled in the receiver's own escapes (screen's ^M and \157),
// so the engine does not read it: each such use asks.

const whyTyped = "types keys or text into another program's terminal or window, where its shell runs them; the engine does not read them"

// screenReads are the commands of screen -X that only ask a session
// something or end it.
var screenReads = map[string]bool{"quit": true, "detach": true, "windows": true, "info": true, "version": true,
	"sessionname": true, "title": true, "select": true, "kill": true, "number": true, "time": true}

// screenModel is GNU screen: its operands are the command a new window
// runs; -X and -Q send a command to a running session, wherever they
// stand (-r NAME -X …: -r, -x, -d and -R take an optional session name).
func screenModel() *Spec {
	return &Spec{Name: "screen", Syntax: POSIX, Open: true, Behind: true,
		Options: join(list(
			val("c", RolePath).runsFile().does(EffExec|EffComputed, "screen runs the commands of this configuration file"),
			val("s", RoleProgram).does(EffExec, "screen runs this shell in its windows"),
			val("S", RoleData), val("p", RoleData), val("t", RoleData), val("T", RoleData), val("e", RoleData), val("h", RoleData),
		), shorts("mLaAfilOUqv")),
		Operands: []Operand{{Role: RoleCommand}},
		Judge:    judgeScreenSend}
}

// judgeScreenSend finds -X CMD or -Q CMD (attached too: -Xstuff) with a
// command other than a reading one.
func judgeScreenSend(r *Result, words []string) {
	const why = "sends a command to a running session (stuff types keys into its shell, exec runs a program)"
	for i := 1; i < len(words); i++ {
		w := words[i]
		if !strings.HasPrefix(w, "-X") && !strings.HasPrefix(w, "-Q") {
			continue
		}
		cmd := w[2:]
		if cmd == "" && i+1 < len(words) {
			cmd = words[i+1]
		}
		if !screenReads[cmd] || Computed(cmd) {
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: why})
			return
		}
	}
}

// typerModel is a program whose every use types into the desktop's
// input (xdotool type and key, ydotool, wtype) or sends text to a
// terminal (its typing subcommands).
func typerModel(name string, typing ...string) *Spec {
	s := &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Behind: true}
	if len(typing) == 0 {
		s.Effect, s.Why = EffExec|EffComputed, whyTyped
		return s
	}
	for _, t := range typing {
		sub := &Spec{Name: t, Syntax: Syntax{Permute: true}, Open: true, Effect: EffExec | EffComputed, Why: whyTyped}
		s.Subs = append(s.Subs, sub)
	}
	return s
}

// kittyModel is kitty's remote control (kitty @ CMD, kitten @ CMD):
// send-text and send-key type into a window, action runs any of kitty's
// actions, kitten runs a Python kitten; launch and run run a program, the
// command after the options. kitty itself runs its operands as the
// program of its window.
func kittyModel(n string) *Spec {
	typed := func(name string) *Spec {
		return &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, Effect: EffExec | EffComputed, Why: whyTyped}
	}
	at := &Spec{Name: "@", Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Subs: []*Spec{
		typed("send-text"), typed("send_text"), typed("send-key"), typed("send_key"),
		{Name: "action", Syntax: Syntax{Permute: true}, Open: true, Effect: EffExec | EffComputed, Why: "runs one of kitty's actions, send_text and launch among them"},
		{Name: "kitten", Syntax: Syntax{Permute: true}, Open: true, Effect: EffExec | EffComputed, Why: "runs a kitten, Python code kitty loads"},
		{Name: "launch", Syntax: GNUStop, Open: true, Operands: []Operand{{Role: RoleCommand}}},
		{Name: "run", Syntax: GNUStop, Open: true, Operands: []Operand{{Role: RoleCommand}}},
	}}
	return &Spec{Name: n, Syntax: GNUStop, Open: true, OpenSubs: true, Behind: true, Subs: []*Spec{at},
		Options: list(val("o", RoleData, "override").does(EffExec|EffComputed, "a kitty setting may name the shell or programs kitty runs"),
			val("c", RolePath, "config").does(EffExec|EffComputed, "kitty's configuration may name the shell or programs it runs"))}
}

// weztermModel is wezterm's cli: send-text types into a pane; spawn and
// split-pane run the command after "--".
func weztermModel() *Spec {
	cli := &Spec{Name: "cli", Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Subs: []*Spec{
		{Name: "send-text", Syntax: Syntax{Permute: true}, Open: true, Effect: EffExec | EffComputed, Why: whyTyped},
		{Name: "spawn", Syntax: GNUStop, Open: true, Operands: []Operand{{Role: RoleCommand}}},
		{Name: "split-pane", Syntax: GNUStop, Open: true, Operands: []Operand{{Role: RoleCommand}}},
	}}
	return &Spec{Name: "wezterm", Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Behind: true, Subs: []*Spec{cli},
		Options: list(val("", RolePath, "config-file").does(EffExec|EffComputed, "wezterm's configuration is Lua code"),
			val("", RoleData, "config").does(EffExec|EffComputed, "a wezterm setting is Lua code"))}
}

// zellijModel is zellij: action write and write-chars type into a pane;
// run and action new-pane run the command after "--"; a layout or a
// plug-in is code.
func zellijModel() *Spec {
	typing := func(n string) *Spec {
		return &Spec{Name: n, Syntax: Syntax{Permute: true}, Open: true, Effect: EffExec | EffComputed, Why: whyTyped}
	}
	plugin := func(n string) *Spec {
		return &Spec{Name: n, Syntax: Syntax{Permute: true}, Open: true, Effect: EffExec | EffComputed, Why: "loads a plug-in or a layout, code or commands the engine does not read"}
	}
	action := &Spec{Name: "action", Aliases: []string{"ac"}, Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Subs: []*Spec{
		typing("write"), typing("write-chars"), plugin("launch-plugin"), plugin("launch-or-focus-plugin"), plugin("start-or-reload-plugin"),
		plugin("new-tab"), plugin("override-layout"), // with --layout FILE: a layout names the commands its panes run
		{Name: "new-pane", Syntax: GNUStop, Open: true, Operands: []Operand{{Role: RoleCommand}}},
	}}
	return &Spec{Name: "zellij", Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Behind: true,
		Options: list(val("l", RolePath, "layout").runsFile().does(EffExec|EffComputed, "a zellij layout names the commands its panes run"),
			val("n", RolePath, "new-session-with-layout").runsFile().does(EffExec|EffComputed, "a zellij layout names the commands its panes run"),
			val("c", RolePath, "config").does(EffExec|EffComputed, "zellij's configuration binds keys to commands and loads plug-ins"),
			val("", RolePath, "config-dir").does(EffExec|EffComputed, "zellij's configuration binds keys to commands and loads plug-ins")),
		Subs: []*Spec{action, plugin("plugin"), plugin("pipe"),
			{Name: "run", Aliases: []string{"r"}, Syntax: GNUStop, Open: true, Operands: []Operand{{Role: RoleCommand}}}}}
}

// kakModel is kakoune: -p SESSION sends the commands of its input to a
// running session, -e and -E run commands (%sh{…} is a shell), and -f
// and -ui with keys are keys that may pipe to a shell.
func kakModel() *Spec {
	const why = "kak runs kakoune commands, whose %sh{…} blocks are shell commands the engine does not read"
	return &Spec{Name: "kak", Syntax: Syntax{SingleDash: true}, Open: true, Behind: true,
		Options: list(
			val("", RoleData, "p").does(EffExec|EffComputed, "kak -p sends the commands of its input to a running session, whose %sh{…} blocks are shell commands"),
			val("", RoleCode, "e", "E").does(EffExec|EffComputed, why),
			val("", RoleCode, "f").does(EffExec|EffComputed, "kak -f runs keys on every file, and | and ! in keys run a shell command"),
			val("", RoleData, "c", "s", "ui", "debug"),
			flag("", "n", "l", "d", "clear", "ro", "version", "help", "q")),
		Operands: operands(RolePath)}
}

// busModel is a D-Bus client: a method call asks a service (systemd's
// manager among them: StartUnit, StartTransientUnit) to act, with
// arguments the engine does not read. Listing and introspection pass:
// qdbus with a service and a path lists, a method after them calls it.
func busModel(name string) *Spec {
	const why = "sends a D-Bus method call or signal to a service (systemd starts units, a desktop shell evaluates code), with arguments the engine does not read"
	s := &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Behind: true}
	switch name {
	case "gdbus", "busctl":
		for _, n := range []string{"call", "emit", "set-property"} {
			s.Subs = append(s.Subs, &Spec{Name: n, Syntax: Syntax{Permute: true}, Open: true, Effect: EffExec | EffComputed, Why: why})
		}
	default: // dbus-send: every use with arguments is a call; qdbus: a third operand is a method
		s.Judge = func(r *Result, words []string) {
			n := 0
			for _, it := range r.Items {
				if it.Kind == KindOperand {
					n++
				}
			}
			if name == "dbus-send" && len(words) > 1 && words[1] != "--help" && words[1] != "--version" || name != "dbus-send" && n >= 3 {
				r.Effects |= EffExec | EffComputed
				r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: len(words) - 1, Why: why})
			}
		}
	}
	return s
}

// jcmdReads are the diagnostic commands of jcmd that only print.
var jcmdReads = map[string]bool{"help": true, "-h": true, "-l": true, "PerfCounter.print": true, "VM.version": true,
	"VM.uptime": true, "VM.flags": true, "VM.command_line": true, "Thread.print": true, "GC.heap_info": true,
	"GC.class_histogram": true, "VM.native_memory": true, "Compiler.queue": true}

// jcmdModel is jcmd PID COMMAND: a command other than a reading one
// changes the running JVM (JVMTI.agent_load loads code into it,
// ManagementAgent.start opens it to the network, VM.start_java_debugging
// lets a debugger in); -f reads commands from a file.
func jcmdModel() *Spec {
	return &Spec{Name: "jcmd", Syntax: POSIX, Open: true, Behind: true,
		Options: list(val("f", RolePath).runsFile().does(EffExec|EffComputed, "jcmd sends the commands of this file to a running JVM"), flag("l"), flag("h")),
		Judge: func(r *Result, words []string) {
			n := 0
			for _, it := range r.Items {
				if it.Kind != KindOperand {
					continue
				}
				// jcmd joins its words into one command line, which the JVM
				// splits at newlines: every word after the process's may
				// start a command.
				if n++; n >= 2 && (it.Computed || strings.ContainsAny(it.Text, "\n\r") || n == 2 && !jcmdReads[it.Text]) {
					r.Effects |= EffExec | EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: it.Word,
						Why: "jcmd sends " + it.Text + " to a running JVM, which may load code into it or open it to others"})
					return
				}
			}
		}}
}

// attacherModel is a program whose every use runs code inside another,
// running process (erl_call, jattach, pyrasite), serves one to a
// debugger that does (gdbserver), or reads its memory (gcore, jinfo,
// jhsdb, dotnet-dump and dotnet-gcdump dump it or print its properties).
func attacherModel(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, Behind: true, Effect: EffExec | EffComputed, Why: whyAttach}
}

// gpgConnectAgentModel is gpg-connect-agent: with -S or -T it talks to
// any socket or address it names, with --exec to a program it starts,
// and --run reads its lines from a file.
func gpgConnectAgentModel() *Spec {
	const why = "gpg-connect-agent sends its lines to the socket or address it names, which may be another host"
	return &Spec{Name: "gpg-connect-agent", Syntax: GNU, Open: true, Behind: true,
		Options: list(
			val("T", RoleData, "tcp-socket").does(EffExternal, why),
			val("S", RolePath, "raw-socket").does(EffExternal, why),
			flag("E", "exec").does(EffExec|EffComputed, "gpg-connect-agent --exec runs its first operand as a program"),
			val("", RolePath, "run").runsFile().does(EffExec|EffComputed, "gpg-connect-agent runs the lines of this file"),
			val("", RoleProgram, "agent-program", "dirmngr-program", "keyboxd-program").does(EffExec, "gpg-connect-agent starts this program"),
			val("", RolePath, "homedir")),
		Operands: operands(RoleData)}
}

// codeEditorModel is VS Code's command line and its forks': an installed
// extension is code the editor runs at its next start; a tunnel opens the
// machine to the editor's service.
func codeEditorModel(n string) *Spec {
	return &Spec{Name: n, Syntax: GNU, Open: true, OpenSubs: true, Behind: true,
		Options: list(
			val("", RoleData, "install-extension").does(EffComputed, n+" --install-extension installs an extension, code the editor runs at its next start"),
			val("", RolePath, "extensions-dir", "user-data-dir")),
		Subs: []*Spec{{Name: "tunnel", Syntax: GNU, Open: true, OpenSubs: true, Effect: EffExternal, Why: "opens this machine to the editor's service, for anyone signed in to run commands"},
			{Name: "serve-web", Syntax: GNU, Open: true, OpenSubs: true, Effect: EffExternal, Why: "serves the editor, its terminal included, to whoever reaches the address"}},
		Operands: operands(RolePath)}
}

// sysctlModel is sysctl: a KEY=VALUE operand, -w, and the files -p,
// --load and --system read write the kernel's settings under /proc/sys
// (kernel.core_pattern names a program the kernel runs at every crash).
// Reading a key passes.
func sysctlModel() *Spec {
	const why = "writes the kernel's settings (/proc/sys: kernel.core_pattern runs a program at every crash)"
	return &Spec{Name: "sysctl", Syntax: GNU, Open: true,
		Options: join(list(
			flag("w", "write").does(EffExec|EffComputed, why),
			opt("p", RolePath, "load").does(EffExec|EffComputed, why),
			flag("", "system").does(EffExec|EffComputed, why),
			val("r", RoleData, "pattern")),
			shorts("aAbeNnqoxX")),
		Operands: []Operand{{Role: RoleData, Effect: EffExec | EffComputed, Why: why, Check: func(v string, computed bool) bool {
			return computed || strings.Contains(v, "=")
		}}}}
}

// ldconfigModel is ldconfig: it rewrites /etc/ld.so.cache, which says
// where every program finds its shared libraries (a directory operand
// puts its libraries there: ldconfig /p/lib makes libz.so.1 the
// project's), and the libraries' links in their directories (-N alone
// still makes them). -p lists the cache; -N -X writes nothing.
func ldconfigModel() *Spec {
	const why = "ldconfig rewrites /etc/ld.so.cache, which chooses the shared libraries every program loads"
	return &Spec{Name: "ldconfig", Syntax: GNU, Open: true,
		Options: join(list(flag("p", "print-cache"), flag("N"), val("f", RolePath), val("C", RolePath), val("r", RolePath)), shorts("vnil"), list(flag("X"))),
		Judge: func(r *Result, words []string) {
			noCache, noLinks := false, false
			for _, it := range r.Items {
				if it.Kind == KindOption && it.Opt != nil {
					switch it.Opt.Short {
					case "p":
						return // it lists the cache
					case "N":
						noCache = true
					case "X":
						noLinks = true
					}
				}
			}
			if noCache && noLinks {
				return // it writes neither the cache nor the libraries' links
			}
			r.Effects |= EffPrivileged
			r.Findings = append(r.Findings, Finding{Effect: EffPrivileged, Word: 0, Why: why})
		}}
}

// tmpfilesModel is systemd-tmpfiles: its configuration names the files
// and directories it creates, removes or changes the mode of (anywhere:
// /etc/profile.d/x.sh), which no word shows. --cat-config only prints.
func tmpfilesModel() *Spec {
	return &Spec{Name: "systemd-tmpfiles", Syntax: GNU, Open: true, Effect: EffComputed,
		Why:      "systemd-tmpfiles creates, removes and changes the files its configuration names, which no word of the command shows",
		Operands: operands(RolePath)}
}

// statoverrideModel is dpkg-statoverride: --add (with --update) gives a
// file the owner and mode it names (4755: set-user-ID root).
func statoverrideModel() *Spec {
	const why = "dpkg-statoverride sets a file's owner and mode for dpkg, and --update on the file itself (4755 makes a set-user-ID program)"
	return &Spec{Name: "dpkg-statoverride", Syntax: GNU, Open: true, Options: join(list(
		flag("", "add").does(EffPrivileged, why), flag("", "remove").does(EffPrivileged, why), flag("", "update").does(EffPrivileged, why)),
		longs("list", "force", "quiet", "help", "version")), Operands: operands(RoleData)}
}

// jupyterModel is Jupyter's command line: console, qtconsole and run with
// --existing talk to a kernel that is already running, which runs what
// they send with its own state and rights.
func jupyterModel() *Spec {
	existing := func(n string) *Spec {
		return &Spec{Name: n, Syntax: GNU, Open: true, Options: list(
			opt("", RolePath, "existing").does(EffExec|EffComputed, "sends code to a kernel that is already running, "+whyAttach))}
	}
	// A server on an address other machines reach runs any code its
	// notebooks' kernels are sent (--ip, or the traitlet --ServerApp.ip).
	serves := func(n string) *Spec {
		s := &Spec{Name: n, Syntax: GNU, Open: true, Options: list(val("", RoleData, "ip").does(EffExternal, whyServes).when(exposedHost))}
		s.Judge = func(r *Result, words []string) {
			for i, w := range words {
				if name, v, ok := strings.Cut(w, "="); ok && strings.HasPrefix(name, "--") && strings.HasSuffix(name, ".ip") && exposedHost(v, Computed(v)) {
					r.Effects |= EffExternal
					r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: i, Why: "jupyter " + whyServes})
					return
				}
			}
		}
		return s
	}
	return &Spec{Name: "jupyter", Syntax: GNU, Open: true, OpenSubs: true, Behind: true,
		Subs: []*Spec{existing("console"), existing("qtconsole"), existing("run"), serves("notebook"), serves("lab"), serves("server")}}
}

// iexModel is Elixir's shell: --remsh NODE opens a shell in a running
// node, which may be on another host.
func iexModel() *Spec {
	return &Spec{Name: "iex", Syntax: GNU, Open: true, Behind: true, Options: list(
		val("", RoleData, "remsh").does(EffExec|EffComputed, "opens a shell in a running Erlang node, "+whyAttach))}
}
