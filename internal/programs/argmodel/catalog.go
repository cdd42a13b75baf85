package argmodel

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/strtable"
)

// The catalog: every model, by every name its program is run as.
//
// A model is built and compiled the first time its program is looked up,
// not when the package is loaded: a process that decides one command (a
// hook run by an agent for every tool call) builds the few models that
// command names, not all of them.

// A row of the catalog: the name a program is run as, its other names,
// and how to build its model. build is given the row's name; the model
// it returns carries that name.
type row struct {
	name    string
	aliases []string
	// same are the aliases that are this very program under another name
	// (gawk is awk, pager is less, cc is gcc), not another program read
	// with its model (more is not less): deny and ask rules name them
	// together (ModelName).
	same  []string
	build func(name string) *Spec
}

// fixed makes a row's build of a function that builds one program's model.
func fixed(f func() *Spec) func(string) *Spec {
	return func(string) *Spec { return f() }
}

// rows are the catalog's programs, each once.
func rows() []row {
	r := []row{
		{name: "git", aliases: []string{"hub"}, build: fixed(gitModel)},
		{name: "sed", aliases: []string{"gsed"}, build: fixed(sedModel)},
		{name: "awk", aliases: []string{"gawk", "mawk", "nawk", "busybox-awk"}, same: []string{"gawk", "mawk", "nawk", "busybox-awk"}, build: fixed(awkModel)},
		{name: "grep", aliases: []string{"egrep", "fgrep", "ggrep"}, build: fixed(grepModel)},
		{name: "rg", build: fixed(rgModel)},
		{name: "sort", aliases: []string{"gsort"}, build: fixed(sortModel)},
		{name: "less", aliases: []string{"more", "most", "pager", "sensible-pager"}, same: []string{"pager", "sensible-pager"}, build: fixed(lessModel)}, // (Debian's alternatives)
		{name: "man", build: fixed(manModel)},
		{name: "apt-get", aliases: []string{"apt"}, build: fixed(aptModel)},
		{name: "json_pp", build: fixed(jsonPPModel)},
		{name: "groff", aliases: []string{"nroff", "troff"}, build: fixed(groffModel)},
		{name: "pic", aliases: []string{"gpic", "dpic"}, build: fixed(picModel)},
		{name: "vim", aliases: slices.DeleteFunc(slices.Clone(VimNames[1:]), func(n string) bool { return n == "nvim" }),
			same: []string{"vi", "vim.basic", "vim.tiny", "vim.nox", "vim.gtk", "vim.gtk3", "vim.athena", "editor", "sensible-editor"}, build: vimModel},
		{name: "nvim", build: vimModel}, // nvim -l runs a Lua script
		{name: "pre-commit", aliases: []string{"pre_commit"}, build: fixed(preCommitModel)}, {name: "husky", build: fixed(huskyModel)},
		{name: "lefthook", build: fixed(lefthookModel)}, {name: "simple-git-hooks", build: fixed(simpleGitHooksModel)},
		{name: "overcommit", build: fixed(overcommitModel)}, {name: "direnv", build: fixed(direnvModel)},
		{name: "mise", aliases: []string{"rtx"}, build: fixed(miseModel)},
		{name: "corepack", build: fixed(corepackModel)},
		{name: "screen", build: fixed(screenModel)}, {name: "kak", build: fixed(kakModel)},
		{name: "xdotool", build: func(n string) *Spec { return typerModel(n, "type", "key", "keydown", "keyup") }},
		{name: "ydotool", build: func(n string) *Spec { return typerModel(n, "type", "key") }},
		{name: "wtype", build: func(n string) *Spec { return typerModel(n) }},
		{name: "kitty", aliases: []string{"kitten"}, build: kittyModel}, {name: "wezterm", build: fixed(weztermModel)},
		{name: "zellij", build: fixed(zellijModel)},
		{name: "jcmd", build: fixed(jcmdModel)}, {name: "erl_call", build: attacherModel}, {name: "jattach", build: attacherModel},
		{name: "pyrasite", build: attacherModel}, {name: "gdbserver", build: attacherModel},
		{name: "gcore", build: attacherModel}, {name: "jinfo", build: attacherModel}, {name: "jhsdb", build: attacherModel},
		{name: "dotnet-dump", build: attacherModel}, {name: "dotnet-gcdump", build: attacherModel},
		{name: "perf", build: fixed(perfModel)}, {name: "py-spy", build: samplerModel}, {name: "rbspy", build: samplerModel},
		{name: "memray", build: fixed(memrayModel)}, {name: "jmap", build: fixed(jmapModel)},
		{name: "ps", build: fixed(psModel)},
		{name: "cpan", aliases: []string{"cpanm", "cpanp"}, build: cpanModel},
		{name: "node-gyp", build: urlFetcher}, {name: "pacote", build: urlFetcher},
		{name: "gpg-connect-agent", build: fixed(gpgConnectAgentModel)},
		{name: "code", aliases: []string{"code-insiders", "codium", "cursor", "windsurf"}, build: codeEditorModel},
		{name: "gdbus", build: busModel}, {name: "busctl", build: busModel}, {name: "dbus-send", build: busModel}, {name: "qdbus", aliases: []string{"qdbus6", "qdbus-qt5", "qdbus-qt6"}, build: busModel},
		{name: "sysctl", build: fixed(sysctlModel)},
		{name: "ldconfig", build: fixed(ldconfigModel)}, {name: "systemd-tmpfiles", build: fixed(tmpfilesModel)},
		{name: "dpkg-statoverride", build: fixed(statoverrideModel)},
		{name: "jupyter", build: fixed(jupyterModel)}, {name: "iex", build: fixed(iexModel)},
		{name: "jq", build: fixed(jqModel)},
		{name: "yq", build: fixed(yqModel)},
		{name: "find", aliases: []string{"gfind"}, build: fixed(findModel)},
		{name: "fd", aliases: []string{"fdfind"}, build: fixed(fdModel)},
		{name: "bat", aliases: []string{"batcat"}, build: fixed(batModel)},
		{name: "diff3", build: fixed(diff3Model)},
		{name: "sdiff", build: fixed(sdiffModel)},
		{name: "xargs", aliases: []string{"gxargs"}, build: fixed(xargsModel)},
		{name: "tar", aliases: []string{"gtar", "bsdtar"}, build: fixed(tarModel)},
		{name: "cpio", build: fixed(cpioModel)},
		{name: "gpg-zip", build: fixed(gpgZipModel)},
		{name: "dpkg", build: fixed(dpkgModel)},
		{name: "ctags", aliases: []string{"ctags-universal", "universal-ctags", "uctags", "ctags-exuberant", "exuberant-ctags"}, build: fixed(ctagsModel)},
		{name: "install", aliases: []string{"ginstall"}, build: fixed(installModel)},
		{name: "rm", aliases: []string{"grm"}, build: fixed(rmModel)},
		{name: "curl", build: fixed(curlModel)},
		{name: "wget", aliases: []string{"wget2"}, build: fixed(wgetModel)},
		{name: "nc", aliases: []string{"netcat", "ncat", "socat", "cryptcat"}, same: []string{"netcat"}, build: networkPipe},
		{name: "sendmail", aliases: []string{"mail", "mailx", "mutt", "swaks", "msmtp"}, build: networkPipe},
		{name: "nmap", aliases: []string{"nping", "hping3", "masscan", "zmap"}, build: networkPipe},
		// Tunnels publish a port of this machine on a public address: any
		// server the agent runs is then reachable from the internet.
		{name: "ngrok", aliases: []string{"cloudflared", "lt", "localtunnel", "bore", "frpc", "zrok", "expose", "localxpose", "loclx", "tunnelmole", "tmole"}, build: tunnel},
		{name: "host", aliases: hostLookupNames, build: hostLookup},
		{name: "dig", aliases: []string{"kdig", "drill"}, build: hostLookup},
		{name: "nslookup", build: hostLookup},
		{name: "ssh-keyscan", build: hostLookup}, // -f FILE as dig's
		// ftpget HOST LOCAL REMOTE: a lookup of HOST that writes LOCAL.
		{name: "ftpget", build: func(n string) *Spec {
			s := hostLookup(n)
			s.Operands = []Operand{{Role: RoleData}, {Role: RolePath}, {Role: RoleData}}
			return s
		}},
		{name: "getent", build: fixed(getentModel)},
		// scriptlive replays a recorded input into a shell it starts.
		{name: "parallel", aliases: []string{"entr", "sem", "scriptlive"}, build: commandBuilder},
		{name: "cmake", build: fixed(cmakeModel)},
		{name: "rsync", aliases: []string{"rsync-ssl"}, build: fixed(rsyncModel)},
		{name: "ssh", aliases: []string{"slogin"}, build: fixed(sshModel)},
		// ssh-argv0 connects to the host its own name gives (a link named
		// prod.example.com to it runs ssh prod.example.com).
		{name: "ssh-argv0", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: Syntax{Permute: true}, Open: true, Effect: EffExternal, Why: "connects to the host a link's name gives it, and runs its words there"}
		}},
		{name: "scp", build: fixed(scpModel)},
		{name: "sftp", build: fixed(sftpModel)},
		{name: "kubectl", aliases: []string{"oc"}, build: fixed(kubectlModel)},
		{name: "helm", build: fixed(helmModel)},
		{name: "terraform", build: terraformModel},
		{name: "tofu", build: terraformModel},
		{name: "pulumi", build: fixed(pulumiModel)},
		{name: "scalar", build: fixed(scalarModel)},
		{name: "docker", aliases: []string{"nerdctl"}, build: fixed(dockerModel)},
		{name: "podman", build: fixed(podmanModel)},
		{name: "mvn", aliases: []string{"mvnw"}, build: fixed(mvnModel)},
		{name: "gradle", aliases: []string{"gradlew"}, build: gradleModel},
		{name: "npm", build: fixed(npmModel)},
		{name: "pip", build: fixed(pipModel)}, // pip3, pip3.11 (Versionless),
		{name: "npx", aliases: []string{"pnpx"}, build: fixed(npxModel)},
		{name: "bunx", build: fixed(bunxModel)},
		{name: "pnpm", build: publishes},
		{name: "yarn", build: publishes},
		{name: "bun", build: bunModel},
		{name: "aws", aliases: []string{"awscli"}, build: fixed(awsModel)},
		{name: "gcloud", build: fixed(gcloudModel)},
		{name: "az", build: fixed(azModel)},
		{name: "gh", build: fixed(ghModel)},
		{name: "glab", build: fixed(glabModel)},
		{name: "ssh-copy-id", build: remoteSession},
		{name: "mosh", build: remoteSession},
		{name: "telnet", build: remoteSession},
		{name: "lftp", build: remoteSession}, // also runs !shell commands of its -c script
		{name: "ftp", build: remoteSession},
		{name: "tftp", build: remoteSession},
		{name: "ftpput", build: remoteSession},
		{name: "ncftp", build: remoteSession},
		{name: "rsh", build: remoteSession},
		{name: "rlogin", build: remoteSession},
		{name: "rcp", build: remoteSession},
		{name: "heroku", build: remoteSession},
		{name: "doctl", build: remoteSession},
		{name: "ansible", build: remoteSession},
		{name: "ansible-playbook", build: remoteSession},
		{name: "kustomize", build: kustomizeStandalone},
		// ansible-pull fetches a playbook and runs it here; ansible-console
		// runs what it reads on the inventory's hosts; ansible-runner runs
		// playbooks.
		{name: "ansible-pull", build: remoteSession},
		{name: "ansible-console", build: remoteSession},
		{name: "ansible-runner", build: remoteSession},
		{name: "semantic-release", build: remoteSession},
		{name: "crontab", aliases: []string{"incrontab", "fcrontab"}, build: scheduler},
		{name: "systemctl", build: fixed(systemctlModel)},
		{name: "service", aliases: []string{"rc-service"}, build: serviceModel},
		{name: "initctl", build: verbServiceModel}, {name: "launchctl", build: verbServiceModel},
		{name: "convert", aliases: []string{"magick", "mogrify", "montage", "composite", "identify", "compare",
			"conjure", "stream", "display", "animate", "import"}, build: imageMagickModel},
		{name: "loginctl", build: fixed(loginctlModel)},
		{name: "at", build: scheduler},
		{name: "batch", build: scheduler},
		{name: "gdb", aliases: []string{"gdbtui", "gdb-multiarch"}, build: fixed(gdbModel)}, {name: "lldb", build: fixed(lldbModel)},
		{name: "pdb", build: fixed(pdbModel)},
		{name: "gcc", aliases: []string{"cc", "g++", "c++", "clang", "clang++", "gfortran", "c99", "c89"}, same: []string{"cc", "c99", "c89"}, build: compilerModel},
		// cpp is the gcc driver in preprocessing mode (-wrapper, -B,
		// -fplugin, @FILE run what it names); its operands are its input
		// and the file it writes.
		{name: "cpp", build: func(n string) *Spec {
			s := compilerModel(n)
			s.Operands = operands(RolePath)
			return s
		}},
		{name: "expect", build: fixed(expectModel)},
		{name: "run-parts", build: fixed(runPartsModel)},
		{name: "chmod", build: fixed(chmodModel)},
		{name: "openssl", build: fixed(opensslModel)},
		{name: "ssh-keygen", build: fixed(sshKeygenModel)},
		{name: "lesskey", build: fixed(lesskeyModel)},
		{name: "pwsh", aliases: []string{"powershell", "powershell.exe", "pwsh.exe"}, build: foreignShell},
		{name: "nu", build: foreignShell},
		{name: "xonsh", build: foreignShell},
		{name: "elvish", build: foreignShell},
		{name: "tmux", build: fixed(tmuxModel)},
	}
	r = append(r, wrapperRows()...)
	r = append(r, publisherRows()...)
	r = append(r, langRows()...)
	r = append(r, frameworkRows()...)
	r = append(r, moreWrapperRows()...)
	r = append(r, adminRows()...)
	for _, name := range slices.Sorted(maps.Keys(dbClients)) {
		r = append(r, row{name: name, build: dbModel}) // each client once, in dbClients
	}
	for _, sh := range []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "oksh", "loksh", "pdksh"} {
		r = append(r, row{name: sh, build: shellModel})
	}
	return r
}

// remoteSession is a program whose every use works on another host: a
// login, a copy of keys, a shell there.
func remoteSession(name string) *Spec {
	return &Spec{Name: name, Syntax: GNU, Open: true, OpenSubs: true, Effect: EffExternal,
		Why: "works on another host"}
}

// scheduler is a program that installs commands to run later, outside the
// session the engine judges (crontab, at): an effect outside.
func scheduler(name string) *Spec {
	s := &Spec{Name: name, Syntax: POSIX, Open: true, Effect: EffExternal,
		Why: "schedules commands that run later, outside this session"}
	if name == "crontab" || name == "fcrontab" {
		s.Judge = func(r *Result, words []string) {
			if len(words) == 2 && words[1] == "-l" {
				// crontab -l lists the table and schedules nothing.
				r.takeBackSub(EffExternal)
			}
		}
	}
	return s
}

// imageMagickPseudo are the prefixes of ImageMagick's names that make an
// image of their own (xc:white, gradient:red-blue, label:Text) and read
// no file, or fetch a URL. Any other prefix before a name (txt:, png:,
// ephemeral:, msl:, print:) chooses how ImageMagick reads, writes,
// deletes or runs what follows it, which the engine does not read as a
// path (png:.git/config writes the protected file).
var imageMagickPseudo = words("xc", "canvas", "gradient", "radial-gradient", "plasma", "pattern", "rose",
	"logo", "wizard", "granite", "netscape", "null", "fractal", "hald", "http", "https")

// imageMagickSettings are ImageMagick's options whose value is a setting,
// a format or text that may hold a ':', never a name.
var imageMagickSettings = words("define", "set", "format", "annotate", "draw", "comment", "label", "fx",
	"distort", "sparse-color", "morphology", "function", "evaluate", "level", "channel-fx", "interpolate",
	"profile-name", "title")

// settingValue reports a word that is the value of an ImageMagick option
// of imageMagickSettings: the word after it, or, for the options that
// take two (-annotate GEOMETRY TEXT, -set KEY VALUE), either of the two.
func settingValue(words []string, i int) bool {
	for back := 1; back <= 2 && i-back >= 1; back++ {
		o := words[i-back]
		if len(o) < 2 || o[0] != '-' && o[0] != '+' || !imageMagickSettings[o[1:]] {
			continue
		}
		name := o[1:]
		return back == 1 || name == "annotate" || name == "set"
	}
	return false
}

// imageMagickText are the prefixes whose text is the image's, or, after
// '@', a file's (label:@.env draws the file's contents).
var imageMagickText = words("label", "caption", "pango")

// imageMagickJudge finds, in any word of an ImageMagick command, a file
// name that runs a command ('|sudo id'), one ImageMagick reads a list of
// names from (@files.txt), or one after a prefix that is no pseudo-image:
// the engine does not read them as paths. A value with a ':' that is no
// name (-define png:compression-level=9, -format '%w:%h') is passed by.
func imageMagickJudge(r *Result, words []string) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		why := ""
		if settingValue(words, i) {
			continue // -define png:compression-level=9: a setting, no name
		}
		switch prefix, rest, ok := strings.Cut(w, ":"); {
		case ok && (rest == "" || rest == "-"):
			continue // info:, png:- : standard output
		case strings.HasPrefix(w, "|"):
			why = "a file name starting with '|' is a command ImageMagick runs"
		case strings.HasPrefix(w, "@"):
			why = "ImageMagick reads the names of the files it reads or writes from this file"
		case ok && imageMagickText[strings.ToLower(prefix)]:
			if !strings.HasPrefix(w[len(prefix)+1:], "@") {
				continue
			}
			why = prefix + ":@ draws the text of the file after it"
		case ok && prefix != "" && !strings.ContainsAny(prefix, "/.%= ") && !imageMagickPseudo[strings.ToLower(prefix)]:
			why = "the prefix " + prefix + ": chooses how ImageMagick reads, writes, deletes or runs what follows it, which the engine does not read as a path"
		default:
			continue
		}
		r.Effects |= EffExec | EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: why})
		return
	}
}

// imageMagickModel is ImageMagick's programs: every word is read by
// imageMagickJudge (its options are many, and a file name may stand
// where an option's value does: -write '|CMD').
func imageMagickModel(n string) *Spec {
	return &Spec{Name: n, Syntax: Syntax{Permute: true, SingleDash: true}, Open: true, Operands: operands(RolePath), Judge: imageMagickJudge}
}

// systemctlReads are systemctl's commands that only show: every other
// one starts, stops, enables, links or edits services, or the machine
// (a unit linked from the project runs its ExecStart= at every start).
var systemctlReads = []string{"status", "show", "cat", "list-units", "list-unit-files", "list-sockets",
	"list-timers", "list-jobs", "list-dependencies", "list-machines", "list-automounts", "list-paths",
	"is-active", "is-failed", "is-enabled", "is-system-running", "get-default", "show-environment",
	"help", "whoami", "log-level", "log-target", "service-log-level", "service-log-target"}

const whySystemctl = "starts, stops, enables, links or edits the machine's services: what runs now or at every start, which no word of the command shows"

// systemctlModel is systemctl: its commands that only show are listed,
// and every other command is an effect; -H runs it on another machine.
func systemctlModel() *Spec {
	s := GNU
	root := &Spec{Name: "systemctl", Syntax: s, Options: list(
		val("H", RoleRemote, "host").does(EffExternal, "systemctl -H runs on another machine"),
		val("M", RoleData, "machine").does(EffPrivileged, "systemctl -M acts in a container of the machine"),
		val("t", RoleData, "type"), val("s", RoleData, "signal"), val("p", RoleData, "property"),
		val("n", RoleData, "lines"), val("o", RoleData, "output"), val("", RoleData, "state", "kill-whom",
			"kill-value", "what", "timestamp", "job-mode", "preset-mode", "boot-loader-menu",
			"boot-loader-entry", "reboot-argument", "message", "drop-in", "when", "image-policy", "check-inhibitors"),
		val("", RolePath, "root", "image"),
		flag("", "user", "system", "global", "no-pager", "no-legend", "now", "quiet", "full", "all", "failed",
			"runtime", "force", "no-block", "no-reload", "no-ask-password", "plain", "recursive", "reverse",
			"after", "before", "wait", "show-types", "value", "version", "help", "no-warn", "dry-run",
			"firmware-setup", "legend", "mkdir", "marked", "read-only"),
		flag("a"), flag("l"), flag("q"), flag("f"), flag("r"), flag("i"), flag("T"), flag("P"),
	)}
	for _, v := range systemctlReads {
		root.Subs = append(root.Subs, cmd(s, v))
	}
	root.OpenSubs = true
	root.Operands = []Operand{{Role: RoleData, Effect: EffExternal, Why: whySystemctl}}
	return root
}

// serviceReads are the actions of service (and rc-service) NAME ACTION
// that only show.
var serviceReads = words("status", "describe", "help")

// serviceModel is service NAME ACTION and OpenRC's rc-service: an action
// other than status starts, stops or restarts the machine's service, as
// systemctl stop does. --status-all lists them.
func serviceModel(name string) *Spec {
	s := &Spec{Name: name, Syntax: GNU, Open: true, Options: list(flag("", "status-all", "help", "version"), flag("l"))}
	s.Judge = func(r *Result, _ []string) {
		n := 0
		for _, it := range r.Items {
			if it.Kind != KindOperand {
				continue
			}
			if n++; n == 2 && (it.Computed || !serviceReads[it.Text]) {
				r.Effects |= EffExternal
				r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word, Why: whySystemctl})
				return
			}
		}
	}
	return s
}

// verbServiceModel is a service manager whose first operand is its verb
// (initctl stop x, launchctl unload x.plist): the verbs that only show
// are listed, every other one is an effect.
func verbServiceModel(name string) *Spec {
	s := &Spec{Name: name, Syntax: GNU, Open: true, OpenSubs: true}
	for _, v := range []string{"list", "status", "print", "print-disabled", "print-cache", "blame", "help", "version", "show-config", "check-config", "managername", "error", "hostinfo"} {
		s.Subs = append(s.Subs, cmd(GNU, v))
	}
	s.Operands = []Operand{{Role: RoleData, Effect: EffExternal, Why: whySystemctl}}
	return s
}

// loginctlModel is loginctl: enable-linger keeps a user's services
// running without a session, at every boot; the others show a session
// or end one.
func loginctlModel() *Spec {
	s := GNU
	linger := cmd(s, "enable-linger")
	linger.Effect, linger.Why = EffExternal, "keeps the user's services running without a session, started at every boot"
	return &Spec{Name: "loginctl", Syntax: s, Open: true, OpenSubs: true, Subs: []*Spec{linger}, Options: list(
		val("H", RoleRemote, "host").does(EffExternal, "loginctl -H acts on another machine"), val("M", RoleData, "machine"),
		val("p", RoleData, "property"), val("n", RoleData, "lines"), val("o", RoleData, "output"), val("s", RoleData, "signal"),
		val("", RoleData, "kill-whom", "kill-value"))}
}

// pdbModel is Python's debugger run as a program (pdb3, the script of
// python3 -m pdb): its -c commands are Python statements, and so is any
// line it reads, like python3 -m pdb.
func pdbModel() *Spec {
	return &Spec{Name: "pdb", Syntax: Syntax{Permute: true}, Open: true, Effect: EffComputed,
		Why: "pdb runs debugger commands, which are Python statements (-c \"import os; os.system(…)\"), and the script it debugs"}
}

// gdbModel is gdb: its -ex and -iex commands and -x files are gdb
// commands, which include shell, !, pipe and python.
func gdbModel() *Spec {
	code := "gdb runs these debugger commands, which include a shell"
	return &Spec{Name: "gdb", Syntax: Syntax{SingleDash: true, DoubleDash: true, EqValue: true, Permute: true}, Open: true,
		Options: list(
			val("", RoleCode, "ex", "eval-command", "iex", "init-eval-command").code(LangCommands).does(EffExec, code),
			val("", RolePath, "x", "command", "ix", "init-command").runsFile().does(EffExec|EffComputed, "gdb runs the commands of this file, which include a shell"),
			val("", RoleData, "p", "pid").does(EffExec|EffComputed, whyAttach),
			val("", RoleData, "cd", "data-directory", "tty", "se", "symbols", "exec", "core", "c"),
			flag("", "batch", "q", "quiet", "silent", "nx", "n", "args", "tui", "version", "help")),
		Operands: operands(RolePath), Judge: judgeGdbPid}
}

// lldbModel is lldb: its -o, -O and -k commands and the files of -s, -S
// and -K are lldb commands, which include platform shell and script
// (Python); -p and -n attach to a running process.
func lldbModel() *Spec {
	code := "lldb runs these debugger commands, which include a shell (platform shell) and Python (script)"
	file := "lldb runs the commands of this file, which include a shell (platform shell) and Python (script)"
	return &Spec{Name: "lldb", Syntax: Syntax{Permute: true}, Open: true,
		Options: list(
			val("o", RoleCode, "one-line").code(LangCommands).does(EffExec, code),
			val("O", RoleCode, "one-line-before-file").code(LangCommands).does(EffExec, code),
			val("k", RoleCode, "one-line-on-crash").code(LangCommands).does(EffExec, code),
			val("s", RolePath, "source").runsFile().does(EffExec|EffComputed, file),
			val("S", RolePath, "source-before-file").runsFile().does(EffExec|EffComputed, file),
			val("K", RolePath, "source-on-crash").runsFile().does(EffExec|EffComputed, file),
			val("p", RoleData, "attach-pid").does(EffExec|EffComputed, whyAttach),
			val("n", RoleData, "attach-name").does(EffExec|EffComputed, whyAttach),
			val("c", RolePath, "core"), val("a", RoleData, "arch"), val("f", RolePath, "file"),
			val("l", RoleData, "script-language"), val("R", RoleData, "repl-language"),
			flag("b", "batch"), flag("w", "wait-for"), flag("x", "no-lldbinit"), flag("X", "no-use-colors"),
			flag("v", "version"), flag("h", "help"), flag("Q", "source-quietly"), flag("d", "debug"), flag("P", "python-path")),
		Operands: operands(RolePath)}
}

// whyAttach is why attaching a debugger or tracer to a running process
// asks: its commands (or the input they read) run code inside that
// process, with its rights and its secrets.
const whyAttach = "attaches to a running process: a debugger's commands run code in it, with its rights, and a tracer reads (or changes) what it does"

// judgeGdbPid finds gdb PROGRAM PID: a second operand of digits, or one
// known only at run time, is a process to attach to (a core file has a
// name). After --args the words are the program's arguments.
func judgeGdbPid(r *Result, words []string) {
	if slices.Contains(words, "--args") || slices.Contains(words, "-args") {
		return
	}
	n := 0
	for _, it := range r.Items {
		if it.Kind != KindOperand {
			continue
		}
		if n++; n == 2 && (it.Computed || it.Text != "" && strings.Trim(it.Text, "0123456789") == "") {
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: it.Word, Why: whyAttach})
		}
	}
}

// foreignShell is a shell of another language (PowerShell, Nushell,
// xonsh, elvish): every operand, a script file's name included, and the
// value of every option (-c, -Command, -EncodedCommand) may be code that
// starts any program, and none of it is read. Only a call without
// operands (pwsh -Version) is inert; its input is judged as a program
// read from standard input.
func foreignShell(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{SingleDash: true, DoubleDash: true, Permute: true}, Open: true,
		Operands: []Operand{{Role: RoleCode, Lang: LangCommands, Effect: EffExec,
			Why: name + " runs code in a language the engine does not read"}}}
}

// expectModel is expect: -c is an expect script, whose spawn and exec run
// programs.
func expectModel() *Spec {
	return &Spec{Name: "expect", Syntax: POSIX, Open: true,
		Options: list(val("c", RoleCode).code(LangCommands).does(EffExec, "expect runs this script, whose spawn and exec start programs"),
			flag("d"), flag("D"), flag("i"), flag("n"), flag("N"), flag("b"), flag("f")),
		Operands: []Operand{{Role: RolePath, Effect: EffExec | EffComputed, Why: "expect runs this script, whose spawn and exec start programs"}}}
}

// chmodModel is chmod MODE FILE…: a mode that sets the set-user-ID or
// set-group-ID bit (u+s, 4755) makes a program that runs with its owner's
// privileges.
func chmodModel() *Spec {
	return &Spec{Name: "chmod", Syntax: GNU, Open: true,
		Options: list(flag("R", "recursive"), flag("v", "verbose"), flag("c", "changes"), flag("f", "silent", "quiet"),
			val("", RolePath, "reference").does(EffPrivileged, "chmod --reference copies another file's mode, which may hold the set-user-ID bit (--reference=/usr/bin/su)").when(outsideTree),
			flag("", "preserve-root", "no-preserve-root", "dereference", "no-dereference")),
		Operands: []Operand{{Role: RoleData, Effect: EffPrivileged, Check: setsID, Why: whySetsID}, {Role: RolePath}}}
}

// outsideTree reports a path that may be outside the working tree: an
// absolute one, one from a home or climbing with .., or one known only at
// run time.
func outsideTree(v string, computed bool) bool {
	return computed || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.Contains(v, "..")
}

// whySetsID is the reason of a mode that sets the set-user-ID bit, in
// every program that takes a mode (chmod, install -m, rsync --chmod).
const whySetsID = "sets the set-user-ID or set-group-ID bit: the program then runs with its owner's privileges"

// chmodListSetsID is setsID for rsync's --chmod, a comma-separated list
// of modes, each perhaps for directories (D) or files (F) only.
func chmodListSetsID(list string, computed bool) bool {
	for _, m := range strings.Split(list, ",") {
		if setsID(strings.TrimLeft(m, "DF"), computed) {
			return true
		}
	}
	return computed
}

// setsID reports a chmod mode that sets the set-user-ID or set-group-ID
// bit: s in a symbolic mode, or an octal mode of four digits whose first
// holds 4 or 2; one known only at run time may.
func setsID(mode string, computed bool) bool {
	if computed {
		return true
	}
	mode = strings.TrimLeft(mode, "=+") // chmod =4755, install -m +4755: the octal mode
	if len(mode) >= 4 && ascii.Digits(mode) {
		d := mode[len(mode)-4] - '0'
		return d&6 != 0
	}
	return strings.ContainsAny(mode, "s") && strings.ContainsAny(mode, "+=")
}

// sharedObjectPath reports an engine or provider named by a path (or one
// known only at run time), which OpenSSL loads as a shared object; a bare
// name is one installed with it.
func sharedObjectPath(v string, computed bool) bool { return computed || strings.ContainsAny(v, "/.") }

// opensslModel is openssl: its network commands connect to a server or
// serve one (s_server -WWW serves the files of its directory); engines
// and providers are shared objects it loads, by path or from a directory
// an option names. The other commands work on local files.
func opensslModel() *Spec {
	single := Syntax{SingleDash: true, DoubleDash: true, Permute: true}
	loads := "openssl loads a shared object that this names, whose code the engine does not read"
	sub := func(name string, e Effect, why string) *Spec {
		return &Spec{Name: name, Syntax: single, Open: true, Inherit: true, Effect: e, Why: why}
	}
	return &Spec{Name: "openssl", Syntax: single, Open: true, OpenSubs: true,
		Options: list(
			val("", RoleData, "engine", "keygen_engine", "ssl_client_engine", "provider").does(EffExec|EffComputed, loads).when(sharedObjectPath),
			val("", RolePath, "provider-path").does(EffExec|EffComputed, loads),
			// Options that share a beginning with those, so that none is
			// taken for an abbreviation of them.
			// -config FILE (req, ca, x509 …) is the library's
			// configuration too, whose providers section loads a shared
			// object.
			val("", RolePath, "config").does(EffExec|EffComputed, "openssl -config loads a configuration whose providers and engines sections load shared objects"),
			val("", RolePath, "key", "keyout", "in", "out", "cert"), val("", RoleData, "keyform", "passin", "passout")),
		Subs: []*Spec{
			sub("s_client", EffExternal, "openssl s_client connects to a server and sends what it reads from its input"),
			sub("s_time", EffExternal, "openssl s_time connects to a server"),
			sub("s_server", EffExternal, "openssl s_server listens for connections, and with -WWW or -HTTP serves the files of its directory"),
			sub("ocsp", EffExternal, "openssl ocsp may send a request to a server or answer as one (-url, -port)"),
			sub("cmp", EffExternal, "openssl cmp talks to a certificate server"),
			sub("engine", EffExec|EffComputed, "openssl engine loads an engine, a shared object (dynamic -pre SO_PATH:FILE) whose code the engine does not read"),
		}}
}

// sshKeygenModel is ssh-keygen: -D and -w name shared objects it loads
// (a PKCS#11 library, a security key provider), whose code runs.
func sshKeygenModel() *Spec {
	loads := "ssh-keygen loads this shared object, whose code the engine does not read"
	return &Spec{Name: "ssh-keygen", Syntax: POSIX, Open: true, Options: list(
		val("D", RolePath).does(EffExec|EffComputed, loads), val("w", RolePath).does(EffExec|EffComputed, loads),
		val("f", RolePath).output(), val("C", RoleData), val("N", RoleData), val("t", RoleData), val("b", RoleData),
		flag("A").does(EffPrivileged, "ssh-keygen -A writes the host keys of /etc/ssh, with which the machine's ssh server proves who it is"),
		val("a", RoleData), val("E", RoleData), val("F", RoleData), val("I", RoleData), val("J", RoleData), val("j", RoleData),
		val("K", RoleData), val("M", RoleData), val("m", RoleData), val("n", RoleData), val("O", RoleData), val("P", RoleData),
		val("R", RoleData), val("r", RoleData), val("s", RolePath), val("V", RoleData), val("Y", RoleData), val("Z", RoleData),
		val("z", RoleData), flag("B"), flag("c"), flag("e"), flag("g"), flag("H"), flag("h"), flag("i"), flag("k"), flag("L"),
		flag("l"), flag("p"), flag("Q"), flag("q"), flag("U"), flag("u"), flag("v"), flag("y"))}
}

// lesskeyModel is lesskey: it compiles a key file whose #env section sets
// variables every later less obeys (LESSOPEN runs a command), into the
// file -o names or ~/.less, which no word shows.
func lesskeyModel() *Spec {
	return &Spec{Name: "lesskey", Syntax: GNU, Open: true, Effect: EffExec | EffComputed,
		Why: "lesskey writes a key file less reads (-o FILE or ~/.less), whose #env section may make less run commands"}
}

// runPartsModel is run-parts: it runs every program in its directory,
// which the command does not name. --test and --list only list them, and
// ask all the same (rare, and the safe reading).
func runPartsModel() *Spec {
	return &Spec{Name: "run-parts", Syntax: GNU, Open: true,
		Options:  list(val("", RoleData, "arg", "umask", "regex"), flag("", "verbose", "report", "reverse", "exit-on-error", "new-session", "lsbsysinit", "help", "version")),
		Operands: []Operand{{Role: RolePath, Effect: EffExec | EffComputed, Why: "run-parts runs every program in this directory, which the engine does not read"}}}
}

// tmuxModel is tmux: the commands that start a shell command in a pane, run
// one, or feed one keystrokes run programs the engine does not see;
// reading commands do not. An unknown command is taken to be one that
// runs (the model is closed).
func tmuxModel() *Spec {
	runs := "tmux runs a shell command in a pane or a job, or types into one"
	root := &Spec{Name: "tmux", Syntax: POSIX, Options: list(
		val("S", RolePath), val("L", RoleData), val("T", RoleData),
		val("f", RolePath).does(EffExec|EffComputed, "tmux runs the commands of this configuration file"),
		val("c", RoleCode).code(LangShell),
		flag("2"), flag("C").does(EffExec|EffComputed, "tmux -C reads tmux commands (run-shell among them) from its input"),
		flag("D"), flag("l"), flag("N"), flag("u"), flag("v"), flag("V"))}
	for _, n := range []string{"new-session", "new", "new-window", "neww", "split-window", "splitw", "respawn-pane",
		"respawnp", "respawn-window", "respawnw", "run-shell", "run", "if-shell", "if", "pipe-pane", "pipep",
		"display-popup", "popup", "send-keys", "send", "source-file", "source", "command-prompt", "confirm-before",
		"bind-key", "bind", "set-hook", "display-message", "display", "set-option", "set", "set-environment", "setenv",
		"paste-buffer", "pasteb", // a buffer pasted into a pane is typed into its shell
		"split-pane", "splitp"} { // tmux's own aliases of split-window
		root.Subs = append(root.Subs, &Spec{Name: n, Syntax: POSIX, Open: true, Effect: EffExec | EffComputed, Why: runs})
	}
	for _, n := range []string{"list-sessions", "ls", "list-windows", "lsw", "list-panes", "lsp", "has-session", "has",
		"kill-session", "kill-server", "kill-window", "killw", "kill-pane", "killp", "capture-pane", "capturep",
		"attach-session", "attach", "a", "detach-client", "detach", "list-keys", "lsk", "show-options", "show",
		// Commands that move, select, name or show panes, windows and
		// buffers: none runs a shell command (a #() format aside, which
		// judgeTmuxSequence finds in any word).
		"select-window", "selectw", "select-pane", "selectp", "rename-session", "rename", "rename-window", "renamew",
		"resize-pane", "resizep", "resize-window", "resizew", "next-window", "next", "previous-window", "prev",
		"last-window", "last", "last-pane", "lastp", "list-clients", "lsc", "list-buffers", "lsb", "show-buffer", "showb",
		"select-layout", "selectl", "swap-window", "swapw", "swap-pane", "swapp", "move-window", "movew", "copy-mode",
		"clear-history", "clearhist", "list-commands", "lscm", "wait-for", "wait",
		"start-server", "start", "show-messages", "showmsgs", "display-panes", "displayp", "break-pane", "breakp",
		"join-pane", "joinp", "rotate-window", "rotatew", "switch-client", "switchc", "refresh-client", "refresh",
		"delete-buffer", "deleteb", "find-window", "findw", "link-window", "linkw", "unlink-window", "unlinkw",
		"choose-tree", "choose-buffer", "choose-client", "clock-mode", "lock-server", "lock", "lock-session", "locks",
		"lock-client", "lockc", "unbind-key", "unbind", "next-layout", "nextl", "previous-layout", "prevl",
		"move-pane", "movep", "suspend-client", "suspendc", "server-access"} {
		root.Subs = append(root.Subs, &Spec{Name: n, Syntax: POSIX, Open: true})
	}
	for _, n := range []string{"show-environment", "showenv"} {
		// The server's environment, a global one (-g) too: the keys of the
		// session it was started from.
		root.Subs = append(root.Subs, &Spec{Name: n, Syntax: POSIX, Open: true, Effect: EffComputed,
			Why: "tmux prints the environment of its server and sessions, which holds the secrets they were started with"})
	}
	root.Resolve = func(c string) string { return subPrefix(root.Subs, c) }
	root.Judge = judgeTmuxSequence
	root.AliasedSubs = true // command-alias: splitp is split-window by default
	return closed(root)
}

// judgeTmuxSequence finds a command sequence: tmux runs every command
// after a word that is ";" or ends in one (tmux ls \; run CMD, tmux ls\;
// run CMD), and the model reads only the first. A word ending in "\;" is
// a literal semicolon. A word known only at run time may be one: it
// counts too.
func judgeTmuxSequence(r *Result, words []string) {
	at := -1
	for i, w := range words {
		// "#(CMD)" in a format (ls -F, attach -c, display -p) runs CMD;
		// detach -E CMD replaces the client with CMD.
		if i > 0 && (strings.HasSuffix(w, ";") && !strings.HasSuffix(w, `\;`) || strings.Contains(w, "#(") || strings.HasPrefix(w, "-E") && tmuxDetach(r)) {
			at = i
			break
		}
	}
	for _, it := range r.Items {
		if at < 0 && it.Word > 0 && it.Computed {
			at = it.Word
		}
	}
	if at >= 0 {
		r.Effects |= EffExec | EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: at,
			Why: "tmux runs the commands after \";\" as well, and the engine reads only the first: " + words[at]})
	}
}

// tmuxDetach reports a tmux command line whose command is detach-client
// (or its alias detach).
func tmuxDetach(r *Result) bool {
	for _, it := range r.Items {
		if it.Kind == KindSubcommand {
			return it.Text == "detach" || strings.HasPrefix("detach-client", it.Text) && len(it.Text) >= len("detach")
		}
	}
	return false
}

// subPrefix returns the name of the one subcommand of subs that c
// spells or starts, as tmux reads its commands (new-s is new-session);
// "" when none or more than one do.
func subPrefix(subs []*Spec, c string) string {
	found := ""
	for _, s := range subs {
		if s.Name == c {
			return c
		}
		if strings.HasPrefix(s.Name, c) {
			if found != "" {
				return ""
			}
			found = s.Name
		}
	}
	return found
}

// publishes is the model of a package runner whose publish subcommand
// has an effect outside the machine (pnpm, yarn, bun).
// pnpm and yarn hand npm's registry commands on to npm.
// bunModel is bun: a runner that publishes, and that loads the project's
// .env into the environment of whatever it runs, inline code too, which
// may print it (bun --print process.env.API_KEY).
func bunModel(name string) *Spec {
	s := publishes(name)
	const why = "bun loads the project's .env, a protected file of secrets, into the environment its inline code reads"
	found := 0
	for i := range s.Options {
		if o := &s.Options[i]; slices.Contains(o.Long, "eval") || slices.Contains(o.Long, "print") {
			o.Effect, o.Why = o.Effect|EffComputed, why
			found++
		}
	}
	if found == 0 {
		s.Options = append(s.Options, val("e", RoleCode, "eval").code(LangJS).does(EffComputed, why),
			val("p", RoleCode, "print").code(LangJS).does(EffComputed, why))
	}
	return s
}

func publishes(name string) *Spec {
	return runnerModel(name, "publish", "unpublish", "deprecate", "undeprecate")
}

// entry is one program of the catalog, shared by all its names: load
// builds its model once, on first use, with what the catalog derives from
// it. A model that fails to compile panics in load, on every call (a
// programming error, found by the package's tests).
type entry struct {
	load func() *loaded
}

type loaded struct {
	spec *Spec
	// subs are the names of the subcommands (at any depth) with a shell
	// script operand ([0]) and with a plain command operand ([1]): a
	// view that names none of them, and has no option word, cannot carry
	// one, and need not be read for it.
	subs [2]map[string]bool
	// carriers are the spellings of the options (at any depth) whose
	// value a shell runs.
	carriers carrierNames
	// rootScript: an operand of the program itself is a shell script
	// (sg GROUP 'CMD'), so any view of it may carry one.
	rootScript bool
	// wraps: every view of the program may run a command (wrapsAlways).
	wraps bool
	// commandOptions: an option (at any depth) runs a command made of the
	// words after it (find -exec, fd -x): CommandOptions.
	commandOptions bool
}

// catalog maps every name a program is run as to its entry. Making it
// builds no model.
var catalog = index(rows())

// rowNames maps every name of the catalog, aliases too, to its row's
// name (ctags-universal to ctags, gmake to make), without building a
// model.
var rowNames = func() map[string]string {
	m := map[string]string{}
	for _, r := range rows() {
		m[r.name] = r.name
		for _, a := range r.aliases {
			m[a] = r.name
		}
	}
	return m
}()

// RowNames returns, for every name of the catalog, its row's name.
func RowNames() map[string]string { return rowNames }

// entries is catalog for the lookups a decision makes, several per
// segment: a strtable answers them without a general map's hashing.
var entries = strtable.New(catalog)

func index(rs []row) map[string]*entry {
	m := make(map[string]*entry, 2*len(rs))
	add := func(name string, aliases []string, build func() *Spec) {
		if _, dup := m[name]; dup {
			panic("argmodel: " + name + " twice in the catalog")
		}
		e := &entry{load: sync.OnceValue(func() *loaded { return load(name, build) })}
		for _, n := range append([]string{name}, aliases...) {
			m[n] = e
		}
	}
	for _, r := range rs {
		add(r.name, r.aliases, func() *Spec { return withRunners(r.build(r.name)) })
	}
	// A runner named in runnerSubs without a model of its own gets one.
	for _, n := range slices.Sorted(maps.Keys(runnerSubs)) {
		if m[n] == nil {
			add(n, nil, func() *Spec {
				return withRunners(&Spec{Name: n, Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true})
			})
		}
	}
	return m
}

// withRunners gives a program of runnerSubs its subcommands that run a
// command.
func withRunners(s *Spec) *Spec {
	for _, sub := range runnerSubs[s.Name] {
		s.Subs = append(s.Subs, &Spec{Name: sub, Syntax: GNUStop, Open: true, Operands: runsOnly, Options: runnerOptions[s.Name]})
	}
	return s
}

// runnerOptions are, per program of runnerSubs, the options of its
// running subcommand that take a value, so that the command after them is
// found (uv run --with pandas python x.py runs python, not pandas).
var runnerOptions = map[string][]Option{
	"uv": join(list(val("", RoleData, "with", "with-editable").does(EffExec|EffComputed, whyRemotePackage).when(pyRemoteSpec),
		val("", RoleData, "with-requirements", "package", "extra", "group", "only-group", "no-group", "index", "default-index",
			"index-url", "extra-index-url", "find-links", "python", "env-file", "script"), val("p", RoleData)),
		uvGlobal),
	"conda":      condaRun,
	"mamba":      condaRun,
	"micromamba": condaRun,
}

// condaRun are the options of conda run, and of mamba's and micromamba's.
var condaRun = list(val("n", RoleData, "name"), val("p", RolePath, "prefix"), val("", RolePath, "cwd").chdir())

// load builds and compiles the model of the program name, and derives
// the catalog's summaries of it.
func load(name string, build func() *Spec) *loaded {
	s := MustCompile(build())
	if s.Name != name {
		panic(fmt.Sprintf("argmodel: the row %q built the model of %q", name, s.Name))
	}
	l := &loaded{spec: s, wraps: wrapsAlways(s)}
	walkSubs(s, func(t *Spec) {
		for i := range t.Options {
			o := &t.Options[i]
			l.commandOptions = l.commandOptions || o.Role == RoleCommand
			if o.Role == RoleProgram || o.Role == RoleCode && o.Lang == LangShell {
				l.carriers.long = append(l.carriers.long, o.Long...)
				l.carriers.short += o.Short
			}
		}
		if t == s {
			for _, o := range t.Operands {
				l.rootScript = l.rootScript || o.Role == RoleCode && o.Lang == LangShell
			}
			return
		}
		for _, o := range t.Operands {
			k := -1
			switch {
			case o.Role == RoleCode && o.Lang == LangShell:
				k = 0
			case o.Role == RoleCommand && o.Effect == 0:
				k = 1
			}
			if k >= 0 {
				if l.subs[k] == nil {
					l.subs[k] = map[string]bool{}
				}
				l.subs[k][t.Name] = true
				for _, a := range t.Aliases {
					l.subs[k][a] = true
				}
			}
		}
	})
	slices.Sort(l.carriers.long)
	l.carriers.long = slices.Compact(l.carriers.long)
	return l
}

// loadName returns the loaded entry of a name as run (its directory
// ignored), or nil when the catalog has no such program. git-<sub> names
// are not entries; see Lookup.
func loadName(name string) *loaded {
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if e, _ := entries.Get(name); e != nil {
		return e.load()
	}
	if base := Versionless(name); base != name {
		if e, _ := entries.Get(base); e != nil {
			return e.load() // python3.11 is python
		}
	}
	return nil
}

// VimNames are the names vim is installed under: its model's, and the
// editors whose commands the engine reads (vim first). Debian's editor
// and sensible-editor are whichever editor the system or the user chose,
// vim among them: they are read as vim, the one that runs commands.
var VimNames = []string{"vim", "vi", "nvim", "view", "ex", "gvim", "vimdiff", "rvim", "rview", "gview", "evim",
	"gvimdiff", "vim.basic", "vim.tiny", "vim.nox", "vim.gtk", "vim.gtk3", "vim.athena", "editor", "sensible-editor"}

// Versionless returns name without a version at its end (python3.11,
// perl5.36.0, node18, ruby3.2 are python, perl, node, ruby), and without the marks of a build's variant after it (the debug
// build python3.11-dbg, the ABI flags of python3.13t, python3.11d,
// python3.7m), or name itself when it has none. A versioned name runs the
// same program, which the catalog must know by it. A toolchain program's
// name is returned without the target's prefix it may carry too
// (x86_64-linux-gnu-gcc-12 is gcc: crossTools).
func Versionless(name string) string {
	// (The maps are read last: most names have no dash.)
	if base := versionless(name); base != name || strings.IndexByte(name, '-') < 0 || versioned[base] || crossTools[base] {
		return base
	}
	// A toolchain's program under a target's prefix (x86_64-linux-gnu-gcc-12,
	// arm-none-eabi-ar, avr-gcc) is the same program, built for another
	// target: the longest tool name after a dash is the one it runs.
	// Only the last bytes can hold one: a longer rest is no tool's name
	// with a version (and reading every rest would cost the square of a
	// name of a thousand dashes).
	for i := max(0, len(name)-maxCrossTool-1); i < len(name); i++ {
		if name[i] != '-' {
			continue
		}
		if base := versionless(name[i+1:]); crossTools[base] {
			return base
		}
	}
	return name
}

// maxCrossTool is the longest name of crossTools with its version: the
// bytes of a name after a target's prefix that Versionless reads.
var maxCrossTool = func() int {
	n := 0
	for t := range crossTools {
		n = max(n, len(t))
	}
	return n + len("-12.2.0-dbg")
}()

// crossTools are the programs of a compiler's toolchain, which are
// installed under the names of the targets they build for as well
// (x86_64-linux-gnu-gcc, aarch64-linux-gnu-objcopy).
var crossTools = map[string]bool{
	"gcc": true, "g++": true, "c++": true, "cc": true, "cpp": true, "gfortran": true, "gccgo": true,
	"gcc-ar": true, "gcc-nm": true, "gcc-ranlib": true, "ar": true, "ld": true, "ld.bfd": true,
	"ld.gold": true, "gold": true, "as": true, "objcopy": true, "objdump": true, "strip": true, "nm": true,
	"ranlib": true, "readelf": true, "gdb": true, "pkg-config": true, "clang": true, "clang++": true,
}

// versionless is Versionless without the target's prefix.
func versionless(name string) string {
	if name == "" {
		return name
	}
	switch c := name[len(name)-1]; {
	case isDigit(c), c == '.', c == '-', c == '_', c == 'd', c == 'm', c == 't', c == 'g':
	default:
		return name // no version suffix, -dbg or ABI letter ends it: most names
	}
	n := strings.TrimSuffix(name, "-dbg")
	j := len(n)
	for j > 0 && (n[j-1] == 'd' || n[j-1] == 'm' || n[j-1] == 't') {
		j-- // ABI letters: python3.12d, 3.8m, 3.13t
	}
	if j > 0 && j < len(n) && isDigit(n[j-1]) {
		n = n[:j]
	}
	i := len(n)
	for i > 0 && (isDigit(n[i-1]) || n[i-1] == '.' || n[i-1] == '-' || n[i-1] == '_') {
		i--
	}
	if i == 0 || i == len(n) && n == name || !versioned[n[:i]] {
		return name
	}
	return n[:i]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// versioned are the programs installed under versioned names
// (interpreters and shells): base64 is not base, nor s3 s.
var versioned = map[string]bool{
	"python": true, "pypy": true, "perl": true, "ruby": true, "node": true, "nodejs": true, "php": true,
	"lua": true, "luajit": true, "tclsh": true, "wish": true, "bash": true, "zsh": true, "ksh": true,
	"dash": true, "fish": true, "pwsh": true, "deno": true, "bun": true, "Rscript": true, "gawk": true,
	"java": true, "jshell": true, "guile": true, "racket": true, "sbcl": true, "ocaml": true, "erl": true,
	"gcc": true, "g++": true, "clang": true, "clang++": true, "cpp": true, "gfortran": true, // gcc-12, clang-17
	"pip": true, "ipython": true, // pip3.11, ipython3
	"lli": true, "llvm-ar": true, "split-file": true, "gcc-ar": true, // LLVM's tools: lli-14, llvm-ar-14; gcc-ar-12
	"pytest": true,              // Debian's pytest-3
	"pydoc":  true, "pdb": true, // Python's module scripts: pydoc3, pydoc3.11, pdb3
}

// Lookup returns the model of the program run by the name name (its
// directory ignored), or nil when there is none. The git-<sub> names of
// git's subcommands (git-push, git-send-pack) are git's subcommands.
func Lookup(name string) *Spec {
	if l := loadName(name); l != nil {
		return l.spec
	}
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if sub, ok := strings.CutPrefix(name, "git-"); ok {
		if strings.HasPrefix(sub, "credential-") && Lookup("git").Lookup(sub) == nil {
			// git-credential-gcloud.sh get: a credential helper, which
			// git credential runs by that name; run directly, it gives
			// out the credential as git credential fill does.
			return Lookup("git").Lookup("credential")
		}
		return Lookup("git").Lookup(sub)
	}
	if strings.HasPrefix(name, "docker-credential-") {
		return dockerCredentialHelper()
	}
	return nil
}

// dockerCredentialHelper is the model of docker's credential helpers
// (docker-credential-pass, -gcloud, -ecr-login, …), named by a prefix:
// get and list print the registry credentials the helper keeps, store
// and erase change them.
var dockerCredentialHelper = sync.OnceValue(func() *Spec {
	return MustCompile(&Spec{Name: "docker-credential", Syntax: POSIX, Open: true, Effect: EffExternal,
		Why: "gives out, stores or erases the registry credentials it keeps for docker: secrets a person must see asked for"})
})

// ModelName returns the name the catalog knows the program run by name
// under when name is another name of that very program (a row's same:
// gawk is awk, pager is less, cc is gcc), else name. The directory of name
// is not read.
func ModelName(name string) string {
	if n, ok := sameAs[name]; ok {
		return n
	}
	return name
}

// sameAs are the rows' same names, each with its row's name.
var sameAs = func() map[string]string {
	m := map[string]string{}
	for _, r := range rows() {
		for _, n := range r.same {
			if !slices.Contains(r.aliases, n) {
				panic("argmodel: " + n + " is the same program as " + r.name + " but not among its aliases")
			}
			m[n] = r.name
		}
	}
	return m
}()

// Names returns the names the catalog knows, in no fixed order, without
// building a model: git-<sub> names are not among them (see Programs).
func Names() []string {
	return slices.Collect(maps.Keys(catalog))
}

// Programs returns the names the catalog knows, in no fixed order: the
// git-<sub> names of git's subcommands included.
func Programs() []string {
	git := Lookup("git")
	out := append(make([]string, 0, len(catalog)+len(git.Subs)), Names()...)
	for _, s := range git.Subs {
		out = append(out, "git-"+s.Name)
	}
	return out
}

// Risk returns everything a command of the program named name could do
// through its model, or 0 when there is none.
func Risk(name string) Effect {
	s := Lookup(name)
	if s == nil {
		return 0
	}
	return s.Effect | s.optRisk | s.subRisk | operandRisk(s)
}

// Reach returns what a command that starts with words (literal words, as
// in a rule) could do: what the words themselves do and, where they end
// with the program or a subcommand, what any option, operand or further
// subcommand after them could add (git, gh pr, docker run). It is 0 for
// a program without a model.
func Reach(words []string) Effect {
	if len(words) == 0 {
		return 0
	}
	s := Lookup(words[0])
	if s == nil {
		return 0
	}
	r := Parse(s, words, make([]bool, len(words)))
	if k := r.Words[len(words)-1]; k != KindProgram && k != KindSubcommand {
		return r.Effects
	}
	sp := r.Spec(s)
	return r.Effects | sp.optRisk | sp.subRisk | operandRisk(sp)
}

// Wraps reports whether the program named name runs a command made of
// its remaining words with no effect of its own (a wrapper: sudo, env,
// timeout), and whether one of its subcommands does (a runner: npm exec,
// docker run). Such a command is a segment of its own for the engine.
func Wraps(name string) (root, sub bool) {
	s := Lookup(name)
	if s == nil {
		return false, false
	}
	root = runsPlainCommand(s)
	for _, c := range s.Subs {
		walkSubs(c, func(t *Spec) {
			sub = sub || runsPlainCommand(t)
		})
	}
	return root, sub
}

// AppendsInput reports whether the program named name runs a command with
// words read from its input appended (xargs).
func AppendsInput(name string) bool {
	s := Lookup(name)
	if s == nil {
		return false
	}
	for _, o := range s.Operands {
		if o.Role == RoleCommand && o.Appends {
			return true
		}
	}
	return false
}

func runsPlainCommand(s *Spec) bool {
	for _, o := range s.Operands {
		if o.Role == RoleCommand && o.Effect == 0 {
			return true
		}
	}
	return false
}

// SubcommandPaths returns the words of every subcommand of program name,
// at any depth, whose typed action is instead (git's "git_push": push,
// send-pack, subtree push, svn dcommit, …), each path from the program's
// first subcommand on, in the model's order.
func SubcommandPaths(name, instead string) [][]string {
	s := Lookup(name)
	if s == nil {
		return nil
	}
	var out [][]string
	var walk func(t *Spec, path []string)
	walk = func(t *Spec, path []string) {
		for _, c := range t.Subs {
			p := append(path[:len(path):len(path)], c.Name)
			if c.Instead == instead {
				out = append(out, p)
			}
			walk(c, p)
		}
	}
	walk(s, nil)
	return out
}

func walkSubs(s *Spec, f func(*Spec)) {
	f(s)
	for _, c := range s.Subs {
		walkSubs(c, f)
	}
}

// CarriesScript reports whether the program named name has an option or
// operand whose value a shell runs (a program with its arguments, a
// command of the words after an option, or a shell command line), at any
// depth.
func CarriesScript(name string) bool {
	s := Lookup(name)
	if s == nil {
		return false
	}
	found := false
	eachValue(s, func(r Role, l Lang, option bool) {
		found = found || option && (r == RoleProgram || r == RoleCommand) || r == RoleCode && l == LangShell
	})
	return found
}

// CommandOptions reports whether the program named name has an option
// that runs a command made of the words after it (find -exec, fd -x), at
// any depth.
func CommandOptions(name string) bool {
	l := loadName(name) // git-<sub> names are none: no git subcommand has such an option
	return l != nil && l.commandOptions
}

// eachValue calls f with the role and language of every option and
// operand of s and of its subcommands, at any depth.
func eachValue(s *Spec, f func(r Role, l Lang, option bool)) {
	walkSubs(s, func(t *Spec) {
		for i := range t.Options {
			f(t.Options[i].Role, t.Options[i].Lang, true)
		}
		for _, o := range t.Operands {
			f(o.Role, o.Lang, false)
		}
	})
}

type carrierNames struct {
	long  []string // sorted, without duplicates
	short string
}

// option reports whether w may spell one of the options: a long name or
// an abbreviation of one (with one dash or two), or a cluster holding one
// of the letters.
func (c carrierNames) option(w string) bool {
	name := strings.TrimLeft(w, "-")
	if k := strings.IndexByte(name, '='); k >= 0 {
		name = name[:k]
	}
	if name == "" {
		return false
	}
	// The long names are sorted: the first one not below name is the only
	// one that can start with it, if any does.
	if i, _ := slices.BinarySearch(c.long, name); i < len(c.long) && strings.HasPrefix(c.long[i], name) {
		return true
	}
	return !strings.HasPrefix(w, "--") && c.short != "" && strings.ContainsAny(w[1:], c.short)
}

// MayCarryScript reports whether view v may hold a shell script for its
// program: a word that may spell an option whose value a shell runs, or a
// subcommand that takes a script as an operand.
func MayCarryScript(v []string) bool { return ScriptCarrier(v) != nil }

// ScriptCarrier is MayCarryScript that returns the model of v's program
// (nil when v cannot carry a script), so that its caller does not look the
// program up again. A git-<sub> name returns the subcommand's model.
func ScriptCarrier(v []string) *Spec {
	if len(v) == 0 {
		return nil
	}
	name := v[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if strings.HasPrefix(name, "git-") {
		return Lookup(name) // git's subcommands carry scripts
	}
	l := loadName(name)
	if l == nil {
		return nil
	}
	if l.rootScript {
		return l.spec
	}
	c, set := l.carriers, l.subs[0]
	if l.spec.Bundle && len(v) > 1 && c.short != "" && strings.ContainsAny(v[1], c.short) {
		return l.spec // an old-style bundle: tar cIf CMD
	}
	for _, w := range v[1:] {
		if len(w) > 1 && w[0] == '-' && c.option(w) || set[w] {
			return l.spec
		}
	}
	return nil
}

// MayWrap reports whether view v may run a command made of its remaining
// words.
func MayWrap(v []string) bool { return WrapCarrier(v) != nil }

// WrapCarrier is MayWrap that returns the model of v's program (nil when v
// cannot run such a command), so that its caller does not look the
// program up again.
func WrapCarrier(v []string) *Spec {
	if len(v) == 0 {
		return nil
	}
	l := loadName(v[0])
	if l == nil {
		// A git-<sub> name: the subcommand's model.
		if s := Lookup(v[0]); s != nil && wrapsAlways(s) {
			return s
		}
		return nil
	}
	if l.wraps {
		return l.spec
	}
	set := l.subs[1]
	for _, w := range v[1:] {
		if set[w] {
			return l.spec
		}
	}
	return nil
}

// wrapsAlways reports a model whose every view may run a command: a
// wrapper, or a program that abbreviates its subcommands (so that any
// word may name one that runs a command).
func wrapsAlways(s *Spec) bool { return runsPlainCommand(s) || s.Resolve != nil }
