package argmodel

import (
	"net"
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/ascii"
)

// Models of interpreters, shells and build tools whose options run code
// given on the command line, and of the remaining wrappers.

const whyCode = "runs code given as an argument"

// shellModel is a POSIX shell: -c makes the first operand the script;
// otherwise the first operand is a script file (or, with none, the
// script is read from standard input).
func shellModel(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{Permute: false}, Options: list(
		Option{Short: "c", Operands: []Operand{{Role: RoleCode, Lang: LangShell}, {Role: RoleData}}},
		val("o", RoleData), val("O", RoleData),
		flag("i"), flag("l", "login"), flag("r", "restricted"), flag("s"), flag("e"), flag("x"), flag("u"),
		flag("v", "verbose"), flag("n"), flag("f"), flag("a"), flag("b"), flag("h"), flag("k"), flag("m"),
		flag("p"), flag("t"), flag("B"), flag("C"), flag("E"), flag("H"), flag("P"), flag("T"), flag("D"),
		val("", RolePath, "rcfile", "init-file").runsFile().does(EffExec, "the shell runs this start-up file"),
		flag("", "norc"), flag("", "noprofile"), flag("", "noediting"), flag("", "posix"), flag("", "version"),
		flag("", "help"), flag("", "debugger"), flag("", "dump-strings"), flag("", "dump-po-strings"),
		flag("", "pretty-print"),
	), Operands: []Operand{{Role: RolePath}, {Role: RoleData}}}
}

// namesLinker reports a go -ldflags value that names the external linker
// (-extld=PROG) or its flags, or may (one known only at run time).
func namesLinker(v string, computed bool) bool {
	if computed {
		return true
	}
	// -extld PROG names the linker; -extldflags hands flags to it, which
	// may name programs too (-wrapper, -B, -specs, @file, -fuse-ld=).
	rest := strings.ReplaceAll(v, "extldflags", "")
	if strings.Contains(rest, "extld") || strings.Contains(rest, "extar") {
		return true // -extar PROG: the archiver it runs for -buildmode=c-archive
	}
	return strings.Contains(v, "extldflags") && (strings.Contains(v, "wrapper") || strings.Contains(v, "-B") ||
		strings.Contains(v, "specs") || strings.Contains(v, "@") || strings.Contains(v, "fuse-ld") || strings.Contains(v, "plugin"))
}

// gccDriverRuns reports flags for a gcc driver that name a program or code
// it runs (-wrapper, -B, -fplugin, -specs, -fuse-ld, @FILE), or may.
func gccDriverRuns(v string, computed bool) bool {
	return computed || strings.Contains(v, "wrapper") || strings.Contains(v, "-B") || strings.Contains(v, "plugin") ||
		strings.Contains(v, "specs") || strings.Contains(v, "@") || strings.Contains(v, "fuse-ld")
}

// interp is an interpreter whose options end at the script or module.
func interp(name string, opts ...Option) *Spec {
	return &Spec{Name: name, Syntax: Syntax{}, Open: true, Options: opts,
		Operands: []Operand{{Role: RolePath}, {Role: RoleData}}}
}

// exposedHost reports a debugger's [host:]port that names a host other
// than this machine's loopback (a port alone listens on 127.0.0.1).
func exposedHost(v string, computed bool) bool {
	if computed {
		return true
	}
	host := v
	if i := strings.LastIndexByte(v, ':'); i >= 0 {
		host = v[:i]
	} else if ascii.Digits(v) {
		return false
	}
	switch strings.Trim(host, "[]") {
	case "", "127.0.0.1", "localhost", "::1":
		return false
	}
	return true
}

// inertModules are the Perl and Ruby modules a -M or -m may load that
// neither start programs nor open connections.
var inertModules = words("strict", "warnings", "utf8", "List::Util", "Scalar::Util", "Data::Dumper",
	"JSON::PP", "Getopt::Long", "File::Basename", "Time::HiRes", "Text::Wrap", "json", "set", "pp", "English")

// pycachePrefix reports a -X value that sets pycache_prefix.
func pycachePrefix(v string, computed bool) bool {
	return computed || strings.HasPrefix(v, "pycache_prefix")
}

// judgePerlDebugger finds perl -d:MOD (-dt:MOD, in a cluster too): perl
// loads Devel::MOD from @INC as its debugger, a module of the command's
// choosing. (-d alone is perl5db.pl; -de 0 is -d then -e.)
func judgePerlDebugger(r *Result, words []string) {
	for i, w := range words[1:] {
		if w == "--" || w == "" || w[0] != '-' {
			return // perl's switches end at the script
		}
		k := perlDebugSwitch(w)
		if k < 0 {
			continue
		}
		if rest := strings.TrimPrefix(w[k+1:], "t"); strings.HasPrefix(rest, ":") || Computed(w) {
			why := "perl " + w + " loads a debugger module, which may start programs or open connections"
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: i + 1, Why: why})
			return
		}
	}
}

// perlDebugSwitch returns where -d stands in perl switch word w, or -1:
// a d inside another switch's value (-I/usr/lib/dbd, -F'd') is none.
func perlDebugSwitch(w string) int {
	k := strings.IndexByte(w, 'd')
	if k < 1 || w[0] != '-' || strings.ContainsAny(w[1:k], "eEIMmxil0F") {
		return -1
	}
	return k
}

// PerlDebugs reports a perl command line with -d among its switches
// (before the script): its debugger reads commands from the input.
func PerlDebugs(v []string) bool {
	for _, w := range v[1:] {
		if w == "--" || w == "" || w[0] != '-' {
			return false
		}
		if perlDebugSwitch(w) >= 0 {
			return true
		}
	}
	return false
}

// loadsOutside reports a module to load (Module=imports, Module::Sub) that
// is not one of the inert ones.
func loadsOutside(v string, computed bool) bool {
	name, _, _ := strings.Cut(strings.TrimPrefix(v, "-"), "=")
	return computed || !inertModules[name]
}

// codeModules are the Python modules that, run with -m, run code given as
// their arguments (timeit), read from their input (code, asyncio), run
// debugger commands (pdb), extract an archive (tarfile, zipfile), or run a
// module of their own choosing (cProfile -m timeit …).
var codeModules = words("timeit", "code", "asyncio", "_pyrepl", "pdb", "idlelib", "tarfile", "zipfile",
	"runpy",                        // runs any module, these among them
	"cProfile", "profile", "trace", // these run another module (-m timeit …) or script
	"IPython", "pygments", // IPython's -c code runs !shell commands; pygments -x loads code from files
	"pickle", "gzip", // pickle loads (runs) its operands; gzip -d writes a file named by taking off a suffix
	"doctest", "uu", "zipapp", "pickletools") // doctest runs the >>> lines of what it is given (/dev/stdin); the others write files their options name

// codeModule reports a module of codeModules, or one known only at run
// time.
func codeModule(v string, computed bool) bool { return computed || codeModules[v] }

// warningImports reports a python -W filter (action:message:category:
// module:lineno) whose category names a module (ignore::antigravity.X):
// python imports it to find the class. A computed filter may.
func warningImports(v string, computed bool) bool {
	f := strings.SplitN(v, ":", 5)
	return computed || len(f) > 2 && strings.Contains(f[2], ".")
}

// servingModules are the Python modules that, run with -m, serve this
// machine's files or mail to others: http.server listens on every address
// unless -b/--bind names one; pydoc -p, smtpd and xmlrpc.server are judged
// the same way, pydoc only when -n names its host.
var servingModules = words("http.server", "smtpd", "xmlrpc.server", "pydoc")

// judgePython finds a serving module (python3 -m http.server) that listens
// on an address other machines reach: it serves the project's files, .env
// among them.
func judgePython(r *Result, words []string) {
	for _, it := range r.Items {
		if it.Kind == KindValue && it.Opt != nil && it.Opt.Short == "m" && modeledModule(it.Text) {
			judgeModuleLater(r, words[it.Word+1:], it.Word, it.Text)
			return
		}
		if it.Kind != KindValue || it.Opt == nil || it.Opt.Short != "m" {
			continue
		}
		if !servingModules[it.Text] {
			if why := stdlibMain(it.Text); why != "" && !codeModules[it.Text] {
				r.Effects |= EffExec | EffComputed
				r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: it.Word, Why: why})
				return
			}
			continue
		}
		rest := words[it.Word+1:]
		if it.Text == "http.server" && slices.ContainsFunc(rest, func(w string) bool { return len(w) > 2 && strings.HasPrefix("--cgi", w) }) {
			// --cgi runs every executable under cgi-bin/ that a request names.
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: it.Word,
				Why: "python -m http.server --cgi runs the programs under cgi-bin/ that a request names, which the engine does not see"})
			return
		}
		if it.Text == "pydoc" && !slices.ContainsFunc(rest, func(w string) bool { return w == "-n" || strings.HasPrefix(w, "-n") }) {
			return // pydoc -p serves on localhost unless -n names a host
		}
		bind, named := "", false // the last one counts, as argparse reads it
		for j, w := range rest {
			if v, ok := strings.CutPrefix(w, "--bind="); ok {
				bind, named = v, true
			} else if (it.Text != "pydoc" && (w == "-b" || w == "--bind" || w == "--bi" || w == "--b") || it.Text == "pydoc" && w == "-n") && j+1 < len(rest) {
				bind, named = rest[j+1], true
			}
		}
		if named && !Computed(bind) && loopback(bind) {
			return // this machine only (0.0.0.0 and :: are every address)
		}
		r.Effects |= EffExternal
		r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word,
			Why: "python -m " + it.Text + " serves this machine's files to other machines (it listens on every address without --bind 127.0.0.1)"})
		return
	}
}

// modeledModule reports a module run with -m that is not one of Python's
// own: python -m MOD ARGS… is read through the model of the program MOD
// (pip, pytest, pre_commit, awscli) where the catalog has one
// (judgeModule). Python's own modules are judged as such (stdlibMain),
// even where a program shares the name (gzip).
// ModeledModule is modeledModule.
func ModeledModule(mod string) bool { return modeledModule(mod) }

func modeledModule(mod string) bool {
	top, _, _ := strings.Cut(mod, ".")
	return !stdlibModules[top]
}

// judgeModule reads python -m MOD ARGS… as the program MOD reads ARGS
// (python3 -m pip config set … is pip config set …): args are the words
// after the one holding MOD, at word at, and the findings of MOD's model
// are the view's.
func judgeModule(r *Result, args []string, at int, mod string) {
	// python -m pip.__main__ runs the package's __main__, as -m pip does.
	judgeAs(r, args, at, strings.TrimSuffix(mod, ".__main__"))
}

// judgeAs reads ARGS… as the program prog reads them, where the catalog
// has a model of prog, and adds its findings to r at word at, the word
// that names prog (python -m pre_commit, yarn husky): a finding is told
// with the words up to it, so its reason names the program as the command
// does.
func judgeAs(r *Result, args []string, at int, prog string) {
	m := Lookup(prog)
	if m == nil {
		return
	}
	v := append([]string{prog}, args...)
	inner := nestedResults.Get().(*Result)
	defer nestedResults.Put(inner)
	parseInto(inner, m, v, nil, nil, 0, 1)
	for _, f := range inner.Findings {
		r.Effects |= f.Effect
		r.Findings = append(r.Findings, Finding{Effect: f.Effect, Word: at, Why: f.Why, Instead: f.Instead})
	}
}

// judgeProfileServer finds the web interface of go's profile viewers (go
// tool pprof -http ADDR, go tool trace -http=ADDR, pprof -http ADDR)
// listening on an address other machines reach: :8080 or 0.0.0.0:8080
// (every address), a host that is not this machine's, or one known only
// at run time. The viewer shows the program's functions and its source.
func judgeProfileServer(r *Result, words []string, prog string) {
	for k := 1; k < len(words); k++ {
		w := words[k]
		if !strings.HasPrefix(w, "-") {
			continue
		}
		name, addr, eq := strings.Cut(strings.TrimLeft(w, "-"), "=")
		if name != "http" {
			continue
		}
		if !eq {
			if k+1 >= len(words) {
				return
			}
			addr = words[k+1]
		}
		host, _, err := net.SplitHostPort(addr)
		if err == nil && !Computed(addr) && (loopback(host) || host == "" && strings.HasSuffix(prog, "pprof")) {
			continue // localhost:8080: this machine only; pprof serves :8080 on localhost (trace on every address)
		}
		r.Effects |= EffExternal
		r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: k,
			Why: prog + " -http " + addr + " serves the profile's web interface (the program's functions and source) to other machines: only a loopback host (localhost:PORT) keeps it on this one"})
		return
	}
}

// loopback reports an address of this machine only: localhost or a
// loopback IP (127.0.0.1, ::1), never a name that merely starts like one.
func loopback(h string) bool {
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(h, "[]"))
	return ip != nil && ip.IsLoopback()
}

// nodeName returns long option w with the '_' of its name as '-': node
// reads --experimental_loader as --experimental-loader.
func nodeName(w string) string {
	if !strings.HasPrefix(w, "--") || strings.IndexByte(w, '_') < 0 {
		return w
	}
	name, val, eq := strings.Cut(w, "=")
	name = strings.ReplaceAll(name, "_", "-")
	if eq {
		return name + "=" + val
	}
	return name
}

// judgeNode reads node's aliases and module specifiers: -pe is --print
// --eval, so the next word is code; a module imported from a data: URL
// (--import data:text/javascript,…) is code given on the command line.
func judgeNode(r *Result, words []string) {
	for _, it := range r.Items {
		if it.Kind == KindOperand {
			if it.Text == "inspect" {
				// node inspect [-p PID | HOST:PORT | script]: a debugger
				// whose REPL (exec …) runs code, in a running process too.
				r.Effects |= EffExec | EffComputed
				r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: it.Word,
					Why: whyAttach})
				return
			}
			break
		}
	}
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			return // the script, and its arguments
		}
		w = nodeName(w)
		// -p -e CODE and --print --eval CODE are -pe CODE: -p takes no
		// value then. A data: module may follow any option's value, so
		// every word is read (one after the script is only its argument).
		if (w == "-p" || w == "--print") && i+2 < len(words) && (words[i+1] == "-e" || words[i+1] == "--eval") {
			i++
			w = "-pe"
		}
		if w == "-pe" && i+1 < len(words) {
			why := "node -pe " + whyCode
			e := EffExec
			if ForeignCodeRuns(LangJS, words[i+1], Computed(words[i+1])) != "" {
				e |= EffComputed
				why = "node -pe runs code that may start programs or open connections"
			}
			r.Effects |= e
			r.Findings = append(r.Findings, Finding{Effect: e, Word: i + 1, Why: why})
			return
		}
		_, v, _ := strings.Cut(w, "=")
		if i+1 < len(words) && !strings.Contains(w, "=") {
			v = words[i+1]
		}
		if (strings.HasPrefix(w, "--import") || strings.HasPrefix(w, "--require") || w == "-r" ||
			strings.HasPrefix(w, "--loader") || strings.HasPrefix(w, "--experimental-loader") || strings.HasPrefix(w, "--test-reporter")) &&
			(len(v) >= 5 && strings.EqualFold(v[:5], "data:") || strings.Contains(strings.ToLower(v), "http:") || strings.Contains(strings.ToLower(v), "https:")) {
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i,
				Why: "node loads a module from a data: URL or from another machine (--experimental-network-imports): code the engine does not read"})
			return
		}
		if (strings.HasPrefix(w, "--import") || strings.HasPrefix(w, "--require") || w == "-r" || strings.HasPrefix(w, "--loader") ||
			strings.HasPrefix(w, "--experimental-loader")) && (strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.Contains(v, "..")) {
			// node -r /usr/bin/npm -e 0 x publish: another program's own
			// file, loaded as a module, runs that program.
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i,
				Why: "node loads a module by a path outside the project, which may be another program's own file"})
			return
		}
	}
}

func langRows() []row {
	py := func(name string) *Spec {
		s := interp(name,
			Option{Short: "c", Arg: ArgRequired, Role: RoleCode, Lang: LangPython, Effect: EffExec, Why: "python -c " + whyCode, Stops: true, Operands: operands(RoleData)},
			Option{Short: "m", Arg: ArgRequired, Role: RoleData, Stops: true, Operands: operands(RoleData), Module: true,
				Effect: EffExec | EffComputed, Check: codeModule, Why: "this module runs code from its arguments or its input, or extracts an archive, which the engine does not read"},
			val("W", RoleData).does(EffExec|EffComputed, "python -W names a warning category as module.Class, and imports that module: a module's code runs").when(warningImports),
			// -X pycache_prefix=DIR: python loads every module's bytecode
			// from DIR, where an unchecked .pyc runs in place of its source.
			val("X", RoleData).does(EffComputed, "python -X pycache_prefix names where python loads the bytecode of every module from").when(pycachePrefix),
			flag("", "help"), flag("", "version"),
			flag("b"), flag("B"), flag("d"), flag("E"), flag("h"), flag("i"), flag("I"), flag("O"),
			flag("P"), flag("q"), flag("s"), flag("S"), flag("u"), flag("v"), flag("V"), flag("x"),
			val("", RoleData, "check-hash-based-pycs"))
		s.Judge = func(r *Result, words []string) {
			judgePython(r, words)
			judgeScript(r, words)
		}
		return s
	}
	node := func(name string) *Spec {
		s := interp(name,
			val("e", RoleCode, "eval").code(LangJS).does(EffExec, name+" "+whyCode),
			val("p", RoleCode, "print").code(LangJS).does(EffExec, name+" "+whyCode),
			val("r", RoleData, "require").module(), val("", RoleData, "import", "loader", "experimental-loader", "test-reporter").module(),
			val("", RolePath, "test-reporter-destination"),
			// A debugger listening where other machines reach it runs
			// their code: --inspect=0.0.0.0:9229.
			Option{Long: []string{"inspect", "inspect-brk", "inspect-wait", "inspect-brk-node"}, Arg: ArgOptional, Role: RoleData}.
				does(EffExternal, "node listens for a debugger on an address other machines reach, and a debugger runs any code").when(exposedHost),
			val("", RoleData, "inspect-port", "debug-port").does(EffExternal, "node listens for a debugger on an address other machines reach, and a debugger runs any code").when(exposedHost),
			// Where node writes its profiles and reports, and their names.
			val("", RolePath, "cpu-prof-dir", "heap-prof-dir", "report-directory", "report-dir", "diagnostic-dir").outDir(),
			val("", RolePath, "cpu-prof-name", "heap-prof-name", "report-filename").outName(),
			// An env file sets variables, NODE_OPTIONS among them: code
			// node loads first, like a -r module.
			Option{Long: []string{"env-file", "env-file-if-exists"}, Arg: ArgRequired, Role: RolePath, RunsFile: true},
			val("C", RoleData, "conditions"),
			// A snapshot node starts from is code it runs; an OpenSSL
			// configuration loads engines and providers (shared objects)
			// wherever it was written, as OPENSSL_CONF and openssl
			// -config do; a policy, a single-executable configuration
			// and a snapshot's configuration are files node reads.
			val("", RolePath, "snapshot-blob").runsFile(),
			val("", RolePath, "openssl-config").does(EffExec|EffComputed, "node loads this OpenSSL configuration, whose providers and engines sections load shared objects"),
			val("", RolePath, "experimental-policy", "experimental-sea-config", "build-snapshot-config",
				"icu-data-dir", "watch-path", "allow-fs-read", "allow-fs-write", "experimental-config-file"))
		// The options that take a value in the next word (node --help:
		// "--title=..."; a value may also be attached with "="): were one
		// missing, its value would be read as the script, and the script
		// as an argument.
		s.Options = join(s.Options, vals(RoleData, "cpu-prof-interval", "heap-prof-interval", "disable-proto",
			"disable-warning", "dns-result-order", "experimental-default-type", "heapsnapshot-near-heap-limit",
			"heapsnapshot-signal", "input-type", "inspect-publish-uid", "max-http-header-size",
			"network-family-autoselection-attempt-timeout", "policy-integrity", "report-signal", "secure-heap",
			"secure-heap-min", "test-concurrency", "test-name-pattern", "test-skip-pattern", "test-shard", "test-timeout",
			"title", "tls-cipher-list", "trace-event-categories", "trace-require-module", "unhandled-rejections",
			"use-largepages", "v8-pool-size", "test-coverage-include", "test-coverage-exclude", "test-isolation",
			"stack-trace-limit"),
			list(val("", RolePath, "redirect-warnings", "tls-keylog", "localstorage-file", "trace-event-file-pattern").outName()))
		s.Judge = judgeNode
		s.Syntax.Underscore = true
		return s
	}
	perlish := func(name string, lang Lang, extra ...Option) *Spec {
		s := interp(name, append(list(
			val("e", RoleCode).code(lang).does(EffExec, name+" -e "+whyCode),
			val("E", RoleCode).code(lang).does(EffExec, name+" -E "+whyCode),
			val("I", RolePath), opt("M", RoleData).does(EffComputed, name+" -M loads a module, which may start programs or open connections").when(loadsOutside),
			opt("m", RoleData).does(EffComputed, name+" -m loads a module, which may start programs or open connections").when(loadsOutside),
			opt("i", RoleData).backup(),
			flag("n"), flag("p"), flag("l"), flag("a"), flag("w"), flag("W"), flag("X"), flag("s"), flag("T"),
			flag("t"), flag("c"), flag("v"), flag("d"), flag("S"), flag("x"),
		), extra...)...)
		if lang == LangPerl {
			s.Operands = perlOperands()
		}
		return s
	}
	var rows []row
	for _, name := range pythons {
		rows = append(rows, row{name: name, build: py})
	}
	for _, name := range nodes {
		rows = append(rows, row{name: name, build: node})
	}
	return append(rows, []row{
		{name: "deno", build: func(n string) *Spec {
			// deno runs a module a URL or a registry names (deno run
			// https://…, deno npm:pkg): code fetched at run time, which
			// the engine cannot read. run and serve take options, the
			// script, then the script's own arguments; test, bench and
			// install take modules anywhere.
			fetched := Operand{Role: RoleData, Effect: EffExec | EffComputed, Check: remoteModule,
				Why: n + " runs a module that a URL or a registry names, fetched at run time: code the engine cannot see"}
			script := []Operand{fetched, {Role: RoleData}}
			runs := func(name string) *Spec {
				return &Spec{Name: name, Open: true, Options: denoValues(), Operands: script}
			}
			modules := func(name string) *Spec {
				return &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, Options: denoValues(), Operands: []Operand{fetched}}
			}
			return &Spec{Name: n, Open: true, OpenSubs: true, Options: denoValues(), Operands: script, Subs: []*Spec{
				{Name: "eval", Syntax: Syntax{Permute: true}, Open: true, Operands: []Operand{{Role: RoleCode, Lang: LangJS, Effect: EffExec, Why: "deno eval " + whyCode}}},
				runs("run"), runs("serve"), runs("x"), runs("repl"), modules("test"), modules("bench"), modules("install"),
				ext(Syntax{Permute: true}, "publish"),
				// deno task --eval SCRIPT runs SCRIPT in deno's task shell,
				// as sh -c does; a task's name is the project's code.
				{Name: "task", Syntax: GNUStop, Open: true, Options: list(
					val("e", RoleCode, "eval").code(LangShell).does(EffExec, "deno task --eval runs its words as a shell script"),
					val("", RolePath, "cwd", "config"), val("c", RolePath), val("f", RoleData, "filter"),
					opt("", RolePath, "env-file").does(EffComputed, "deno --env-file with no value loads .env, a protected file of secrets").
						when(func(v string, computed bool) bool { return v == "" }),
					flag("r", "recursive"), flag("", "quiet", "q")),
					Operands: []Operand{{Role: RoleData}}}}}
		}},
		{name: "emacsclient", build: fixed(emacsclientModel)},
		{name: "emacs", build: func(n string) *Spec {
			why := n + " runs Lisp code, which may start any program"
			return &Spec{Name: n, Syntax: Syntax{SingleDash: true, DoubleDash: true, EqValue: true, Permute: true}, Open: true,
				Options: list(
					val("", RoleCode, "eval", "execute").code(LangCommands).does(EffExec, why),
					val("", RolePath, "l", "load").runsFile().does(EffExec|EffComputed, n+" loads a Lisp file, which may start any program"),
					val("", RoleData, "f", "funcall").does(EffComputed, n+" calls a Lisp function the engine does not read"),
					val("", RolePath, "script", "x").runsFile().does(EffExec|EffComputed, n+" runs a Lisp script, which may start any program"),
					flag("", "batch", "q", "Q", "nw", "no-init-file", "no-site-file", "version", "help")),
				Operands: operands(RolePath)}
		}},
		{name: "perl", build: func(n string) *Spec {
			// -F's pattern is pasted into split(…) and compiled: a ")"
			// ends it and what follows is code.
			s := perlish(n, LangPerl, opt("0", RoleData),
				opt("F", RoleData).does(EffExec|EffComputed, n+" -F pastes its pattern into the code it compiles").when(splitCode))
			s.Judge = judgePerlDebugger
			return s
		}},
		{name: "ruby", build: func(n string) *Spec {
			// -r LIB loads a library before the code runs (net/http, socket,
			// open3): what the code may then call, the words do not show.
			s := perlish(n, LangRuby, val("r", RoleData, "require").module().
				does(EffComputed, n+" -r loads a library, which may start programs or open connections").when(loadsOutside),
				opt("C", RolePath), opt("0", RoleData), opt("F", RoleData))
			s.Judge = judgeScript // ruby bin/rails runner CODE
			return s
		}},
		{name: "php", build: func(n string) *Spec {
			s := interp(n, val("r", RoleCode).code(LangPHP).does(EffExec, "php -r "+whyCode),
				val("B", RoleCode).code(LangPHP).does(EffExec, "php -B "+whyCode), val("R", RoleCode).code(LangPHP).does(EffExec, "php -R "+whyCode),
				val("E", RoleCode).code(LangPHP).does(EffExec, "php -E "+whyCode), val("F", RolePath).runsFile().does(EffExec, "php -F runs a file for every line"),
				val("f", RolePath), val("d", RoleData), val("c", RolePath))
			s.Judge = judgeScript // php artisan tinker --execute=CODE
			return s
		}},
		{name: "go", build: fixed(goModel)},
		{name: "pprof", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GoFlag, Open: true, Judge: func(r *Result, words []string) { judgeProfileServer(r, words, "pprof") }}
		}},
		{name: "make", aliases: []string{"gmake"}, build: fixed(makeModel)},
		{name: "rake", build: fixed(rakeModel)},
		{name: "just", build: fixed(justModel)},
		{name: "zip", build: fixed(zipModel)},
		{name: "pygmentize", build: fixed(pygmentizeModel)},
		{name: "pytest", aliases: []string{"py.test", "pytest-3"}, build: fixed(pytestModel)},
		{name: "tox", build: fixed(toxModel)},
		{name: "mypy", build: fixed(mypyModel)},
	}...)
}

// pytestModel is pytest's argparse command line, open to the options of
// its plugins: the options that import a module by name or give it more
// options are read; the rest take their values so that operands stay
// operands. (Its debugger, which reads commands from the input, is
// escapes.go's.)
func pytestModel() *Spec {
	return &Spec{Name: "pytest", Syntax: GNU, Open: true, Options: list(
		val("p", RoleData).does(EffExec|EffComputed, "pytest -p imports the plugin module it names, whose code runs as it loads").when(pluginImports),
		val("W", RoleData, "pythonwarnings").does(EffExec|EffComputed, "pytest -W imports the module a warning filter's category names, whose code runs as it loads").when(warningImports),
		val("o", RolePath, "override-ini").does(EffComputed, "pytest -o sets an ini option that gives it more options, a module path or a warning filter that imports a module, which the engine does not read").when(iniLoads),
		val("", RoleData, "pdbcls").does(EffExec|EffComputed, "pytest --pdbcls imports the debugger class's module, whose code runs as it loads"),
		val("", RoleData, "pastebin").does(EffExternal, "pytest --pastebin sends the session's output, failures and their locals included, to a paste service on the internet"),
		val("c", RolePath, "config-file"), val("k", RoleData), val("m", RoleData), val("r", RoleData),
		val("", RolePath, "rootdir", "confcutdir", "ignore", "ignore-glob", "deselect", "cov"),
		val("", RolePath, "basetemp", "junitxml", "junit-xml", "log-file").output(),
		val("", RoleData, "tb", "maxfail", "durations", "durations-min", "import-mode", "capture", "color", "log-level",
			"log-cli-level", "log-format", "log-date-format", "cov-report", "timeout", "dist", "numprocesses", "n"),
		flag("x", "exitfirst"), flag("q", "quiet"), flag("v", "verbose"), flag("s"), flag("l", "showlocals"),
		flag("", "lf", "last-failed", "ff", "failed-first", "nf", "new-first", "sw", "stepwise", "co", "collect-only",
			"strict-markers", "no-header", "no-summary", "version", "help", "cache-clear", "doctest-modules", "pyargs")),
		Operands: operands(RolePath), Judge: func(r *Result, words []string) {
			pytestExpands(r, words)
			pytestPyargs(r)
		}}
}

// pytestPyargs finds, with --pyargs, an operand that names a module
// pytest imports to collect its tests, as -p imports a plugin
// (pluginImports): pytest --pyargs antigravity opens a browser, and a
// module's doctests (--doctest-modules) run its examples.
func pytestPyargs(r *Result) {
	pyargs := false
	for _, it := range r.Items {
		pyargs = pyargs || it.OptionOf("pyargs")
	}
	if !pyargs {
		return
	}
	for _, it := range r.Items {
		if it.Kind == KindOperand && !strings.Contains(it.Text, "/") && !strings.HasSuffix(it.Text, ".py") && pluginImports(it.Text, it.Computed) {
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: it.Word,
				Why: "pytest --pyargs imports the module " + it.Text + " to collect its tests, whose code runs as it loads"})
			return
		}
	}
}

// pytestExpands finds a path option's value, or an ini value of -o, in
// which pytest itself expands $VAR or ~ (--junitxml='$HOME/x.xml', -o
// 'cache_dir=$HOME/c'): the file it writes is not the one the words show.
func pytestExpands(r *Result, _ []string) {
	for _, it := range r.Items {
		if it.Kind != KindValue || it.Computed || it.Opt == nil {
			continue
		}
		text := it.Text
		if it.Role != RolePath {
			if _, v, ok := strings.Cut(text, "="); ok && it.Named("override-ini") {
				text = v
			} else {
				continue
			}
		}
		if strings.IndexByte(text, '$') >= 0 || strings.HasPrefix(text, "~") {
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: it.Word,
				Why: "pytest expands $VAR and ~ in " + text + " itself: the path it uses is not the one the words show"})
			return
		}
	}
}

// toxModel is tox's argparse command line: --discover names paths whose
// Python interpreters tox runs to learn what they are, and -x overrides
// its configuration, commands among it.
func toxModel() *Spec {
	return &Spec{Name: "tox", Syntax: GNU, Open: true, Options: list(
		Option{Long: []string{"discover"}, Arg: ArgRequired, Role: RoleProgram, More: []Role{}, Effect: EffExec,
			Why: "tox --discover runs the Python interpreters it finds at these paths"},
		val("x", RoleData, "override").does(EffComputed, "tox -x overrides its configuration, the commands it runs among it, with a value the engine does not read"),
		val("c", RolePath, "conf"), val("", RolePath, "root", "workdir", "installpkg"),
		val("e", RoleData), val("m", RoleData), val("f", RoleData), val("", RoleData, "result-json", "hashseed", "runner", "exit-and-dump-after"),
		flag("r", "recreate"), flag("q", "quiet"), flag("v", "verbose"), flag("p", "parallel"), flag("", "no-recreate-pkg", "skip-missing-interpreters", "notest", "help", "version")),
		Operands: []Operand{{Role: RoleData}}}
}

// mypyModel is mypy's argparse command line: --python-executable names the
// interpreter mypy runs to find its packages, and an @FILE operand is a file
// of more arguments, that option among them.
func mypyModel() *Spec {
	return &Spec{Name: "mypy", Syntax: GNU, Open: true, Options: list(
		val("", RoleProgram, "python-executable").does(EffExec, "mypy runs this interpreter to find the packages it checks against"),
		val("", RolePath, "config-file", "custom-typeshed-dir"),
		val("", RolePath, "cache-dir", "junit-xml", "html-report", "txt-report", "xml-report").output(),
		val("m", RoleData, "module"), val("p", RoleData, "package"), val("c", RoleData, "command"),
		val("", RoleData, "python-version", "platform", "exclude", "follow-imports", "always-true", "always-false", "enable-error-code", "disable-error-code")),
		Operands: []Operand{{Role: RolePath, Effect: EffComputed, Check: func(w string, computed bool) bool { return computed || strings.HasPrefix(w, "@") },
			Why: "mypy reads more arguments from an @FILE, which may name a program it runs (--python-executable)"}}}
}

// pluginImports reports a pytest -p value that imports a module whose
// loading may do anything the words do not show: one of Python's own
// modules (a plugin never is: -p antigravity opens a browser), or one
// known only at run time. no:NAME turns a plugin off; a plugin of the
// project or one installed is the project's code, as its conftest.py is.
func pluginImports(v string, computed bool) bool {
	if computed {
		return true
	}
	if strings.HasPrefix(v, "no:") {
		return false
	}
	top, _, _ := strings.Cut(v, ".")
	return stdlibModules[top]
}

// iniLoads reports a pytest -o KEY=VALUE whose key gives pytest more
// options (addopts: -p, -W, --pdb) or a directory to import from
// (pythonpath), or a computed one.
func iniLoads(v string, computed bool) bool {
	if computed {
		return true
	}
	key, val, _ := strings.Cut(v, "=")
	switch strings.TrimSpace(key) {
	case "addopts", "pythonpath", "required_plugins":
		return true
	case "filterwarnings":
		return warningImports(val, false) // error::mod.Warning imports mod
	}
	return false
}

// pygmentizeModel is pygmentize's getopt command line. With -x, a lexer,
// formatter or filter named FILE.py:CLASS is loaded from that file: Python
// code the engine does not read.
func pygmentizeModel() *Spec {
	return &Spec{Name: "pygmentize", Open: true, Options: list(
		flag("x").does(EffExec|EffComputed, "pygmentize -x loads lexers, formatters and filters from Python files its options name, code the engine does not read"),
		val("l", RoleData), val("f", RoleData), val("F", RoleData), val("O", RoleData), val("P", RoleData),
		val("a", RoleData), val("S", RoleData), val("o", RolePath),
		flag("L"), flag("N"), flag("v"), flag("h"), flag("H"), flag("g"), flag("s"), flag("C"))}
}

// pythons are the names of Python's interpreter, each with py's model.
var pythons = []string{"python", "python3", "python2", "pypy", "pypy3"}

// nodes are the names of Node.js, each with node's model.
var nodes = []string{"node", "nodejs"}

// IsNode reports a name of Node.js (a path names its last component).
func IsNode(name string) bool {
	return slices.Contains(nodes, name[strings.LastIndexByte(name, '/')+1:])
}

// IsPython reports a name of Python's interpreter (python3.12 is
// python3; a path names its last component).
func IsPython(name string) bool {
	name = name[strings.LastIndexByte(name, '/')+1:]
	if !strings.HasPrefix(name, "py") {
		return false // every name of pythons starts so, and Versionless keeps the start
	}
	return slices.Contains(pythons, name) || slices.Contains(pythons, Versionless(name))
}

// judgeGoQuoted finds a program value (-exec, -toolexec, -vettool) with
// a quote or a backslash: go splits it into words by rules of its own (a
// quote opens only at the start of a field and ends it: 'sudo'-n id is
// sudo, -n, id), not bash's, so the program it runs is not the one read.
func judgeGoQuoted(r *Result, _ []string) {
	for _, it := range r.Items {
		if it.Kind == KindValue && it.Opt != nil && it.Opt.Role == RoleProgram && strings.ContainsAny(it.Text, "'\"\\`") {
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: it.Word,
				Why: "go splits the value of " + it.Opt.name() + " into words by quoting rules of its own, not the shell's: the program it runs is not the one read"})
			return
		}
	}
}

func goModel() *Spec {
	g := GoFlag
	build := func(name string) *Spec {
		s := cmd(g, name)
		s.Inherit = false
		s.Options = list(
			val("", RoleProgram, "exec").does(EffExec, "go -exec runs the built program through this program"),
			val("", RoleProgram, "toolexec").does(EffExec, "go -toolexec runs every tool through this program"),
			val("", RoleProgram, "vettool").does(EffExec, "go vet -vettool runs this program"),
			val("", RoleData, "ldflags").does(EffComputed, "go -ldflags -extld (or -extar) names the program go runs as its linker (or archiver)").when(namesLinker),
			// gccgo's flags are a gcc driver's: -wrapper, -B, -fplugin,
			// -specs and @FILE name programs or code it runs.
			val("", RoleData, "gccgoflags").does(EffComputed, "go -gccgoflags hands flags to gccgo, whose driver runs the programs and plugins they name").when(gccDriverRuns),
			// -modfile names the go.mod go reads in its place, and
			// -overlay a file that puts other files in place of the
			// package's sources: build files, which a command that writes
			// them first makes go run code the engine does not read.
			val("", RolePath, "modfile", "overlay").buildFile(),
			val("", RolePath, "o"), val("", RolePath, "C").chdir(), val("", RoleData, "run", "bench", "count", "timeout", "tags",
				"gcflags", "asmflags", "mod", "p", "pkgdir", "pgo", "covermode", "coverpkg", "parallel", "benchtime", "shuffle", "skip",
				"fuzz", "fuzztime", "list", "compiler", "buildmode", "installsuffix", "cpu",
				"fuzzminimizetime", "vet", "blockprofilerate", "memprofilerate",
				"mutexprofilefraction"),
			// go test writes its profiles in -outputdir; the test binary
			// takes each spelled -test.NAME too, from go test's own
			// command line as from after -args.
			val("", RolePath, "outputdir", "test.outputdir").outDir(),
			val("", RolePath, "coverprofile", "cpuprofile", "memprofile", "trace", "blockprofile", "mutexprofile",
				"test.coverprofile", "test.cpuprofile", "test.memprofile", "test.trace", "test.blockprofile",
				"test.mutexprofile", "test.gocoverdir").outName(),
			// Boolean flags take no value word (-json -exec sudo is two
			// options); =false may be attached. Which flags take a value
			// is checked against go help (TestGoModelFlagsAreTheGoCommands).
			flag("", "json", "failfast", "buildvcs", "trimpath", "v", "x", "n", "a", "race", "msan", "asan",
				"cover", "work", "short", "benchmem", "linkshared", "modcacherw", "i", "fullpath", "artifacts"))
		s.Judge = judgeGoQuoted
		return s
	}
	env := cmd(g, "env")
	env.Inherit = false
	env.Options = list(flag("", "w").does(EffExec|EffComputed, "go env -w changes what every later go command runs (CC, GOFLAGS)"),
		flag("", "u").does(EffExec|EffComputed, "go env -u changes what every later go command runs"), flag("", "json", "changed"))
	gen := cmd(g, "generate")
	gen.Effect, gen.Why = EffExec, "go generate runs the commands written in the source"
	// go -C DIR build: the first flag, before the subcommand, moves go.
	root := &Spec{Name: "go", Syntax: g, OpenSubs: true, Open: true, EnvCode: goVariable,
		Options: list(val("", RolePath, "C").chdir())}
	test := build("test")
	test.Syntax.Permute = true // go test ./... -exec sudo: its flags may follow the packages
	vet := build("vet")
	vet.Syntax.Permute = true // go vet ./... -vettool=./v, as go test
	tool := cmd(g, "tool")
	tool.Judge = func(r *Result, words []string) {
		for _, it := range r.Items {
			if it.Kind == KindOperand && it.Spec == tool {
				judgeProfileServer(r, words, "go tool "+it.Text) // go tool pprof, go tool trace
				return
			}
		}
	}
	root.Subs = []*Spec{build("build"), build("run"), test, vet, build("install"), build("list"), env, gen, tool}
	root.Judge = judgeGoModules
	return root
}

// judgeGoModules finds a module path known only at run time given to the
// go commands that fetch modules by it (go get, install, run, mod
// download, list -m): the path is a request to the module proxy, its host
// part a DNS name, so it carries data out, and what it builds is chosen
// at run time. go build and go test of local packages
// ($(go list ./...)) are not requests.
func judgeGoModules(r *Result, words []string) {
	if len(words) < 3 {
		return
	}
	v := r.Verb() // go -C DIR VERB
	if v < 0 || v+1 >= len(words) {
		return
	}
	if at := goModModPackage(words, v); at > 0 {
		r.Effects |= EffExec | EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: at,
			Why: "go " + words[v] + " -mod=mod may download the module of " + words[at] + ", a package outside the project, and build or run its code"})
		return
	}
	fetches := false
	switch words[v] {
	case "get", "install", "run", "build", "mod":
		fetches = words[v] != "mod" || words[v+1] == "download"
	case "list":
		// -m in go's flag spellings: -m, --m, -m=true.
		fetches = slices.ContainsFunc(words[v+1:], func(w string) bool {
			f, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
			return strings.HasPrefix(w, "-") && f == "m"
		})
	}
	if !fetches {
		return
	}
	found := -1
	switch words[v] {
	case "get", "mod":
		// Not modelled: every word that is not an option (go get takes
		// only flags without values besides -C, read above).
		for i := v + 1; i < len(words) && found < 0; i++ {
			if w := words[i]; len(w) > 0 && w[0] != '-' && r.WordComputed(words, i) {
				found = i
			}
		}
	default:
		// The model knows which words are option values (-o "$BIN").
		for _, it := range r.Items {
			if it.Kind == KindOperand && it.Computed && it.Word > v {
				found = it.Word
				break
			}
		}
	}
	if found >= 0 {
		r.Effects |= EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: found, Why: "go " + words[v] + " " + whyComputedPackage})
	}
}

// goModModPackage returns the place of a package operand of go test,
// build, run, vet or list, after the verb at v, that -mod=mod lets go
// download (a path whose first element names a host, example.com/x), or
// 0: go resolves a package no module of go.mod provides by fetching its
// module, and the test or the program it builds runs.
func goModModPackage(words []string, v int) int {
	switch words[v] {
	case "test", "build", "run", "vet", "list", "install":
	default:
		return 0
	}
	modMod := false
	for i := v + 1; i < len(words); i++ {
		w := strings.TrimLeft(words[i], "-")
		if w == "mod=mod" || w == "mod" && i+1 < len(words) && words[i+1] == "mod" {
			modMod = true
		}
	}
	if !modMod {
		return 0
	}
	for i := v + 1; i < len(words); i++ {
		w := words[i]
		if w == "" || w[0] == '-' || w[0] == '.' || w[0] == '/' || words[i-1] == "-mod" || words[i-1] == "--mod" {
			continue
		}
		first, _, _ := strings.Cut(w, "/")
		if strings.Contains(first, ".") && !strings.HasSuffix(first, ".go") {
			return i
		}
	}
	return 0
}

// makeShell reports a make variable assignment that replaces the shell.
func makeShell(w string, computed bool) bool {
	name, _, _, ok := MakeAssignment(w)
	return ok && (name == "SHELL" || name == ".SHELLFLAGS" || name == "MAKESHELL")
}

// MakeAssignment reads a word as make reads an assignment on its command
// line: NAME, an operator (=, :=, ::=, :::=, ?=, += or !=), the value,
// spaces around the operator allowed (X ?= 1). ok is false for a word
// that assigns nothing.
func MakeAssignment(w string) (name, op, value string, ok bool) {
	eq := strings.IndexByte(w, '=')
	if eq <= 0 {
		return "", "", "", false
	}
	head := strings.TrimRight(w[:eq], " \t")
	base := strings.TrimRight(head, ":+?!")
	name = strings.TrimSpace(base)
	if name == "" || strings.ContainsAny(name, " \t") {
		return "", "", "", false
	}
	return name, head[len(base):] + "=", strings.TrimSpace(w[eq+1:]), true
}

// ReadsInput reports a file name that is the program's own input or
// another descriptor (make -f - <<< 'x:; cmd', sqlite3 -init /dev/fd/3),
// or one known only at run time (computed), which may be.
func ReadsInput(v string, computed bool) bool { return readsInput(v, computed) }

// readsInput reports a file operand that is the program's own input
// (make -f - <<< 'x:; cmd'), or one known only at run time, which may be.
func readsInput(v string, computed bool) bool {
	if computed || v == "-" {
		return true
	}
	if strings.HasPrefix(v, "/") {
		v = path.Clean(v) // //dev/fd/3 and /dev/./fd/3 are /dev/fd/3
	}
	return v == "/dev/stdin" || v == "/dev/stdout" || v == "/dev/stderr" || strings.HasPrefix(v, "/dev/fd/") ||
		strings.HasPrefix(v, "/proc/") && strings.Contains(v, "/fd/") || strings.HasPrefix(v, "/dev/tcp/") ||
		strings.HasPrefix(v, "/dev/udp/")
}

func makeModel() *Spec {
	return &Spec{Name: "make", Syntax: GNU, Open: true,
		Options: list(val("E", RoleCode, "eval").code(LangMake).does(EffExec, "make --eval runs make code given as an argument"),
			val("f", RolePath, "file", "makefile").does(EffComputed, "make reads its makefile, whose recipes are shell code, from its input").when(readsInput).buildFile(), val("C", RolePath, "directory").chdir(), val("I", RolePath, "include-dir"),
			val("o", RolePath, "old-file", "assume-old"), val("W", RolePath, "what-if", "new-file", "assume-new"),
			opt("j", RoleData, "jobs"), opt("l", RoleData, "load-average", "max-load"), opt("", RoleData, "output-sync"),
			opt("O", RoleData), opt("", RoleData, "debug", "shuffle"), val("", RoleData, "jobserver-style")),
		Operands:    []Operand{{Role: RoleData, Effect: EffExec, Check: makeShell, Why: "a SHELL= argument replaces the shell that runs every recipe"}},
		Judge:       makeProgramVars,
		EnvCode:     makeEnvVariable,
		EnvOperands: true,
		Goals:       true,
	}
}

// rakeModel is Ruby's make: its tasks are Ruby code in the Rakefile (and
// in rakelib/*.rake), and -e/-p/-E run Ruby code given as an argument.
// Operands are task names and NAME=value settings of the tasks'
// environment.
func rakeModel() *Spec {
	ruby := func(short, long string) Option {
		return val(short, RoleCode, long).code(LangRuby).does(EffExec, "rake --"+long+" "+whyCode)
	}
	return &Spec{Name: "rake", Syntax: GNU, Open: true,
		Options: join(list(ruby("e", "execute"), ruby("p", "execute-print"), ruby("E", "execute-continue"),
			val("f", RolePath, "rakefile").does(EffComputed, "rake reads its Rakefile, which is Ruby code, from its input").when(readsInput).buildFile(),
			val("r", RolePath, "require").buildFile(),
			val("I", RolePath, "libdir"), val("R", RolePath, "rakelibdir", "rakelib"), val("C", RolePath, "directory"),
			opt("j", RoleData, "jobs"), opt("T", RoleData, "tasks"), opt("D", RoleData, "describe"), opt("W", RoleData, "where"),
			opt("t", RoleData, "trace"), opt("", RoleData, "backtrace"), opt("", RoleData, "job-stats"),
			val("", RoleData, "suppress-backtrace"), flag("hH", "help"), flag("m", "multitask"), flag("B", "build-all"),
			flag("G", "no-system", "nosystem"), flag("g", "system"), flag("N", "no-search", "nosearch"), flag("P", "prereqs"),
			flag("q", "quiet"), flag("s", "silent"), flag("v", "verbose"), flag("V", "version"), flag("n", "dry-run"),
			flag("A", "all"), flag("X", "no-deprecation-warnings")), longs("comments", "rules")),
		// Bundler's gem tasks: release (and release:rubygem_push) pushes the
		// tag and the gem.
		Operands: []Operand{{Role: RoleData, Effect: EffExternal, Check: rakePublishes,
			Why: "this rake task publishes: Bundler's release pushes the gem to its index and the tag to the remote"}},
		EnvOperands: true, // rake NAME=value sets ENV for its tasks
		Goals:       true,
	}
}

// rakePublishes reports a rake task that publishes or deploys (release,
// release:rubygem_push, deploy, publish), or one known only at run time.
func rakePublishes(task string, computed bool) bool {
	if computed {
		return true
	}
	// By its namespaced parts (release:rubygem_push, deploy:production),
	// not by substring (release_notes builds notes).
	for _, part := range strings.Split(strings.ToLower(task), ":") {
		part, _, _ = strings.Cut(part, "[") // release[remote]
		switch part {
		case "release", "publish", "deploy", "push", "rubygem_push":
			return true
		}
	}
	return false
}

// justModel is the just command runner: its recipes are in the justfile
// (found by any case of "justfile", in the directory or above it, and the
// modules it loads), run by the shell --shell names; --command runs the
// command its remaining words make.
func justModel() *Spec {
	return &Spec{Name: "just", Syntax: GNU, Open: true,
		Options: join(list(
			flag("c", "command").does(EffComputed, "just --command runs the command its remaining words make").stops(),
			val("", RoleProgram, "shell").does(EffExec, "just --shell names the program that runs every recipe line"),
			val("", RoleProgram, "chooser").does(EffExec, "just --chooser names a program just runs"),
			val("", RoleProgram, "cygpath").does(EffExec, "just --cygpath names a program just runs"),
			val("f", RolePath, "justfile").does(EffComputed, "just reads its justfile, whose recipes are shell code, from its input").when(readsInput).buildFile(),
			val("d", RolePath, "working-directory"), val("E", RolePath, "dotenv-path"), val("s", RoleData, "show"),
			Option{Long: []string{"set"}, Arg: ArgRequired, Role: RoleData, More: []Role{RoleData}},
			opt("l", RoleData, "list"), flag("n", "dry-run"), flag("q", "quiet"), flag("v", "verbose"), flag("u", "unsorted"),
			flag("g", "global-justfile"), flag("e", "edit"), flag("h", "help"), flag("V", "version")),
			vals(RolePath, "tempdir", "ceiling"),
			vals(RoleData, "shell-arg", "dotenv-filename", "color", "command-color", "dump-format", "list-heading",
				"list-prefix", "timestamp-format", "completions", "request", "alias-style", "usage"),
			longs("shell-command", "clear-shell-args", "check", "explain", "highlight", "no-highlight", "list-submodules",
				"no-aliases", "no-deps", "no-dotenv", "one", "timestamp", "unstable", "yes", "allow-missing", "changelog",
				"choose", "dump", "evaluate", "fmt", "groups", "init", "man", "summary", "variables")),
		Operands: []Operand{{Role: RoleData}},
		Goals:    true, // just test deploy runs both recipes (a recipe's own arguments are read as goals too)
	}
}

// makePrograms are make's variables that name a program its recipes and
// built-in rules run (make 'CC=git push #' a.o runs git push, with no
// makefile at all).
var makePrograms = words("CC", "CXX", "CPP", "FC", "LD", "AR", "AS", "RM", "SHELL", "MAKESHELL", "MAKE", "M4",
	"LEX", "YACC", "CO", "GET", "PC", "TEX", "TANGLE", "WEAVE", "CWEAVE", "CTANGLE", "MAKEINFO", "TEXI2DVI",
	"LINT", "OBJC", "GO", "NPM", "PYTHON", "INSTALL", "STRIP", "RANLIB", "NM", "OBJCOPY", "OBJDUMP",
	"PKG_CONFIG", "CARGO", "RUSTC", "DOCKER", "KUBECTL", "GIT", "M2C", "F77")

// makeTools are the programs a program variable commonly names, which
// run nothing the engine must see: compilers, linkers and the tools of a
// build. Any other value (CC=sudo, CC=curl) is a program make runs that the
// command does not show as one.
var makeTools = words("cc", "gcc", "g++", "c++", "clang", "clang++", "cpp", "gfortran", "f77", "ld", "ld.gold",
	"ld.lld", "lld", "ar", "llvm-ar", "as", "rm", "m4", "lex", "flex", "yacc", "bison", "byacc", "makeinfo",
	"install", "strip", "ranlib", "nm", "objcopy", "objdump", "pkg-config", "pkgconf", "go", "cargo", "rustc",
	"python", "npm", "make", "gmake", "true", "false", "tcc", "zig", "emcc", "nvcc", "ccache", "ld.bfd",
	"mold", "ld.mold", "sold", "icx", "icpx", "icc", "cl", "clang-cl", "sccache", "distcc", "icecc", "lld-link",
	"sh", "bash", "dash") // a shell for SHELL; python3.12 is python (Versionless)

// MakeVariable returns why a NAME=value assignment that make reads (from
// its command line, or from the environment) runs a command the engine
// does not read, or "": a program variable whose value is more than one
// plain word or names a program other than a build tool (CC=sudo), any
// variable whose literal value calls a make function ($(shell cmd),
// $(file >x,…)) or holds shell syntax (a makefile may paste it into a
// recipe), and make's special variables (.SHELLFLAGS). computed says the
// shell may still change the word.
func MakeVariable(assign string, computed bool) string {
	name, op, value, ok := MakeAssignment(assign)
	if before, _, eq := strings.Cut(assign, "="); !ok && eq && strings.ContainsAny(before, "$`") {
		name, ok = before, true // $(file >GNUmakefile,…)X=1: a name make expands
	}
	if !ok {
		return ""
	}
	if op == "!=" {
		// X!=cmd: make runs the value with the shell as it reads it.
		return name + " != runs its value as a shell command when make reads it"
	}
	if strings.ContainsAny(name, "$`") {
		// make expands a reference in a variable's name (MAKE$(E)FILES=…,
		// $(file >GNUmakefile,…)X=1) before anything else: the name is
		// chosen, or a function runs, at run time.
		return "make expands the name " + name + " first, which may call a function or be any variable"
	}
	if !computed && (strings.Contains(value, "$(") || strings.Contains(value, "${")) {
		// A literal $(…) is make's (a computed word's is the shell's).
		return name + "= calls a make function, which may run a command the engine does not read"
	}
	if strings.HasPrefix(name, ".") {
		// .SHELLFLAGS=-c sudo id; … is what every recipe's shell is given.
		return name + "= sets one of make's special variables, which change how recipes run"
	}
	if !computed && strings.ContainsAny(value, "`;|&<>()\n") {
		// The makefile may paste any variable into a recipe line, which
		// the shell reads: ARGS='x; sudo id' would run sudo. (A value the
		// shell computes is judged by what computes it, as anywhere.)
		return name + "= holds shell syntax, and make may paste it into a recipe that the shell runs"
	}
	if name == "MAKEOVERRIDES" || name == "MFLAGS" {
		// What make hands its sub-makes as their command line: any
		// variable, SHELL among them.
		return name + "= is the command line make gives its sub-makes, which may set any variable"
	}
	if makeCompilerFlags[name] {
		return compilerFlagsLater(name, value, computed)
	}
	if why := goVariable(assign[:0]+name+"="+value, computed); why != "" {
		// make exports its command line's variables to its recipes:
		// a recipe's go build takes CGO_CFLAGS=-wrapper … and CC.
		return why
	}
	// The command lines of make's built-in rules are variables named
	// with a dot or a comma (COMPILE.c, LINK.o, PREPROCESS.S, LEX.l,
	// CHECKOUT,v): a program as their value runs.
	if !makePrograms[name] && !strings.HasSuffix(name, "_CC") && !strings.HasSuffix(name, "_LD") && !strings.ContainsAny(name, ".,") {
		return ""
	}
	return programValue(name, value, computed)
}

// compilerFlagsLater is compilerFlags, for the models' checks that call
// it: set in init, since a model's check that reads the compiler's model
// would otherwise make the catalog depend on itself as it is built.
var compilerFlagsLater func(name, value string, computed bool) string

func init() { compilerFlagsLater = compilerFlags }

// judgeModuleLater is judgeModule, for judgePython, which reads another
// program's model (python -m pip): set in init for the same reason.
var judgeModuleLater func(r *Result, words []string, at int, mod string)

func init() { judgeModuleLater = judgeModule }

// judgeAsLater is judgeAs, for the runners' judge (yarn husky reads
// husky's model): set in init for the same reason.
var judgeAsLater func(r *Result, args []string, at int, prog string)

func init() { judgeAsLater = judgeAs }

// makeCompilerFlags are make's variables that its built-in rules pass to
// the C compiler driver (and the linker it runs).
var makeCompilerFlags = union(compilerFlagNames, words("LDLIBS", "LOADLIBES", "TARGET_ARCH", "TARGET_MACH", "OUTPUT_OPTION"))

// compilerFlagNames are the flag variables every kind of build tool hands
// the compiler driver (make's built-in rules, setuptools, cargo's cc crate).
var compilerFlagNames = words("CFLAGS", "CXXFLAGS", "CPPFLAGS", "LDFLAGS", "FFLAGS", "ASFLAGS")

// union returns a set of every name of the sets.
func union(sets ...map[string]bool) map[string]bool {
	out := map[string]bool{}
	for _, set := range sets {
		for n := range set {
			out[n] = true
		}
	}
	return out
}

// goCompilerFlags are the variables from which cgo takes the C compiler
// driver's flags.
var goCompilerFlags = words("CGO_CFLAGS", "CGO_CPPFLAGS", "CGO_CXXFLAGS", "CGO_FFLAGS", "CGO_LDFLAGS")

// compilerFlags returns why a variable whose value is given to the C
// compiler driver as flags makes it run a program the command does not
// show (CFLAGS='-wrapper sudo', -B dir, @file), read through the
// compiler's model, or "". A value the shell computes may hold any flag.
func compilerFlags(name, value string, computed bool) string {
	if computed {
		return name + "= is known only at run time, and the compiler takes it as flags, which may name programs it runs (-wrapper)"
	}
	// go splits CGO_*FLAGS by quoting rules of its own and make's
	// recipes hand CFLAGS to the shell: either removes quotes, so
	// '-wrapper' reaches the compiler as -wrapper. Without its quotes and
	// escapes every word is read (a quoted space only splits more).
	if !strings.ContainsAny(value, "'\"\\") {
		return compilerFlagsRead(name, value)
	}
	// With its quotes as separators ('-wrapper' 'x') and with its quotes
	// deleted (-wr'app'er, which a recipe's shell joins): either reading
	// may be the one that runs.
	if why := compilerFlagsRead(name, strings.NewReplacer("'", " ", "\"", " ", "\\", "").Replace(value)); why != "" {
		return why
	}
	return compilerFlagsRead(name, strings.NewReplacer("'", "", "\"", "", "\\", "").Replace(value))
}

// compilerFlagsRead is compilerFlags for one reading of the value.
func compilerFlagsRead(name, value string) string {
	v := append([]string{"cc"}, strings.Fields(value)...)
	if len(v) > 64 {
		return name + "= holds more compiler flags than are read"
	}
	r := Parse(Lookup("cc"), v, make([]bool, len(v)))
	if f, ok := r.First(EffExec | EffComputed | EffPrivileged | EffExternal | EffConfig); ok {
		return name + "=" + value + ": the compiler takes it as flags, and " + f.Why
	}
	for _, w := range v[1:] {
		if writesFile(w) {
			// CFLAGS='-MD -MF .git/config -MT …': the compiler writes a
			// file of the flags' choosing, with text of their choosing.
			return name + "=" + value + ": the compiler takes it as flags, and " + w + " names a file it writes, which the flags of a build are not read for"
		}
	}
	return ""
}

// writesFile reports a compiler driver's flag that names a file or
// directory it writes: -o, -MF, -aux-info, -dumpdir, -fprofile-generate=,
// -save-temps=, and a linker's output given through -Wl or -Xlinker.
func writesFile(w string) bool {
	for _, p := range []string{"-o", "-MF", "-aux-info", "-dumpdir", "-dumpbase", "-fprofile-generate", "-fprofile-dir",
		"-fprofile-update", "-save-temps", "-fdump-", "-fstack-usage", "-fcallgraph-info", "-ftime-trace", "-Xlinker"} {
		if strings.HasPrefix(w, p) {
			return true
		}
	}
	return strings.HasPrefix(w, "-Wl,") && (strings.Contains(w, ",-o") || strings.Contains(w, "--output") ||
		strings.Contains(w, "-Map") || strings.Contains(w, "--dependency-file"))
}

// makeEnvVariable is MakeVariable for the environment, where make takes
// every variable but SHELL (it never uses the environment's).
func makeEnvVariable(assign string, computed bool) string {
	if strings.HasPrefix(assign, "SHELL=") {
		return ""
	}
	return MakeVariable(assign, computed)
}

// buildPrograms are the variables that build tools of every kind read
// from the environment to name the programs they run (setuptools' CC,
// CPP, LDSHARED; cargo's cc and pkg-config crates; node-gyp, cmake,
// meson and configure scripts), beyond go's own.
var buildPrograms = union(goPrograms, words("CPP", "CXXCPP", "F77", "LD", "LDSHARED", "LDCXXSHARED", "AS",
	"RANLIB", "NM", "STRIP", "OBJCOPY", "PROTOC", "NVCC", "HOST_CC", "HOST_CXX",
	"TARGET_CC", "TARGET_CXX", "TARGET_AR", "LINK")) // (cmake's own, CMAKE_C_COMPILER_LAUNCHER …: CmakeDefine)

// launchers are the programs a compiler variable may name before the
// compiler, which run it (CC="ccache gcc").
var launchers = words("ccache", "sccache", "distcc", "icecc")

// buildFlags are the variables whose value build tools of every kind
// hand the C compiler driver as flags (-wrapper PROG runs PROG).
var buildFlags = union(compilerFlagNames, goCompilerFlags, words("HOST_CFLAGS", "TARGET_CFLAGS"))

// BuildVariable returns why an assignment to one of the variables that
// any build tool may read as a program (CC=sudo) or as compiler flags
// (CFLAGS='-wrapper sudo,x') makes a build run a program the command does
// not show, or "": a build tool as the program, flags that run nothing.
// cargo's per-target spellings (CC_x86_64_unknown_linux_gnu, CFLAGS_…)
// count as well.
func BuildVariable(name, value string, computed bool) string {
	if IsCmakeVariable(name) {
		return CmakeDefine(name+"="+value, computed) // CMAKE_C_LINKER_LAUNCHER=… cmake -B build
	}
	base := buildBase(name)
	if base == "" {
		return ""
	}
	if computed {
		// CFLAGS="$CFLAGS -O2": the variable's own earlier value is the
		// environment's, not the command's choice; the rest is read.
		for _, self := range []string{"$" + name, "${" + name + "}"} {
			value = strings.ReplaceAll(value, self, "")
		}
		computed = Computed(value)
	}
	if buildFlags[base] {
		return compilerFlagsLater(name, value, computed)
	}
	f := strings.Fields(value)
	// (A value with shell syntax, a newline among it, is read as one
	// command line by programValue: a configure script evals "$CC -c x.c".)
	if !computed && len(f) > 1 && (makeTools[f[0]] || launchers[f[0]]) && !strings.ContainsAny(value, "`$;|&<>()#'\"\\\n\t") {
		// CC="ccache gcc", CC="zig cc", CC="gcc -m32": a launcher or a
		// tool, then its words, read as the compiler's flags.
		k := 1
		if launchers[f[0]] {
			k = 2
			if why := programValue(name, f[1], false); why != "" {
				return why
			}
		}
		if k < len(f) {
			return compilerFlagsLater(name, strings.Join(f[k:], " "), false)
		}
		return ""
	}
	return programValue(name, value, computed)
}

// IsBuildVariable reports a variable that BuildVariable judges.
func IsBuildVariable(name string) bool { return buildBase(name) != "" || IsCmakeVariable(name) }

// buildBase returns the build variable that name is, or is for one target
// of (cargo's cc crate: CC_x86_64_unknown_linux_gnu, CFLAGS_aarch64-apple-
// darwin), or "".
func buildBase(name string) string {
	if buildPrograms[name] || buildFlags[name] {
		return name
	}
	i := strings.IndexAny(name, "_-")
	if i <= 0 || !buildPrograms[name[:i]] && !buildFlags[name[:i]] {
		return ""
	}
	target := strings.ToLower(name[i+1:])
	for _, part := range []string{"linux", "darwin", "apple", "windows", "android", "wasm", "unknown", "none", "musl", "gnu", "freebsd"} {
		if strings.Contains(target, part) {
			return name[:i]
		}
	}
	return "" // CC_ENABLE_DEBUG_OUTPUT, CXX_STANDARD, PROTOC_INCLUDE: not a target
}

// goPrograms are the variables go reads from the environment to name the
// programs cgo runs.
var goPrograms = words("CC", "CXX", "FC", "AR", "PKG_CONFIG", "GCCGO")

// goVariable is EnvCode for go: CC=sudo go build runs sudo.
func goVariable(assign string, computed bool) string {
	name, value, _ := strings.Cut(assign, "=")
	if goSources[name] && (value != "" || computed) {
		// GOPROXY=https://h go run m@v1: the command picks the server
		// the code it downloads, builds and runs comes from, or turns
		// off the checksum database that vouches for it.
		return name + " chooses where go downloads modules from, or whether their checksums are checked: the code it builds and runs is the command's choice"
	}
	if goCompilerFlags[name] {
		return compilerFlagsLater(name, value, computed)
	}
	if !goPrograms[name] {
		return ""
	}
	return programValue(name, value, computed)
}

// goSources are go's variables that choose where modules come from, or
// turn off their verification.
var goSources = words("GOPROXY", "GOSUMDB", "GONOSUMDB", "GONOSUMCHECK", "GOINSECURE", "GOVCS")

// programValue returns why a variable that names a program (CC) names
// one the engine does not account for: a command line, a computed value,
// or a program that is no build tool; "" for a build tool.
func programValue(name, value string, computed bool) string {
	if computed || strings.ContainsAny(value, " \t$`;|&<>()#'\"\n") {
		return name + "= names the program run with a command line the engine does not read"
	}
	if strings.IndexByte(value, '/') >= 0 && !systemProgramPath(value) {
		// CC=./cc, SHELL=bin/sh, CC=/home/u/proj/cc: a program outside the
		// system's directories, which the command may write before make
		// runs it (its name says nothing).
		return name + "=" + value + " names a program outside the system's directories, a file the command may write"
	}
	tool := Versionless(value[strings.LastIndexByte(value, '/')+1:])
	if strings.EqualFold(tool, name) {
		return "" // DOCKER=docker, GIT=git: the program the variable is named for
	}
	if i := strings.LastIndexByte(tool, '-'); i > 0 && ascii.Digits(strings.ReplaceAll(tool[i+1:], ".", "")) {
		tool = tool[:i] // gcc-12
	}
	if j := strings.LastIndexByte(tool, '-'); j > 0 && makeTools[tool[j+1:]] {
		tool = tool[j+1:] // x86_64-linux-gnu-gcc
	}
	if value != "" && !makeTools[tool] {
		return name + "=" + value + " names a program run in place of a build tool"
	}
	if codeReaders[tool] && !strings.Contains(name, "SHELL") && !strings.Contains(name, strings.ToUpper(tool)) {
		// CC=sh: make's built-in rule runs $(CC) $(CFLAGS) -c …, and
		// CFLAGS='-c "cmd"' is then a shell's script.
		return name + "=" + value + " names a shell or an interpreter as a build tool: the flags and files the build hands it are code it runs"
	}
	return ""
}

// systemProgramPath reports an absolute path under the directories a
// system installs programs in (/usr/bin/gcc-12, /opt/homebrew/bin/gcc).
func systemProgramPath(v string) bool {
	if !strings.HasPrefix(v, "/") || strings.Contains(v, "..") {
		return false
	}
	for _, d := range []string{"/usr/", "/bin/", "/sbin/", "/opt/", "/nix/store/", "/lib/", "/lib64/"} {
		if strings.HasPrefix(v, d) {
			return true
		}
	}
	return false
}

// codeReaders are the build tools of makeTools that run their arguments
// as code: right for SHELL and PYTHON, not for a compiler.
var codeReaders = words("sh", "bash", "dash", "python")

// makeProgramVars finds a command-line variable that runs a command the
// engine does not read (MakeVariable).
func makeProgramVars(r *Result, words []string) {
	for _, it := range r.Items {
		if it.Kind != KindOperand {
			continue
		}
		if why := MakeVariable(it.Text, it.Computed); why != "" {
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: it.Word, Why: why})
			return
		}
	}
}

func zipModel() *Spec {
	s := &Spec{Name: "zip", Syntax: Syntax{SingleDash: true, DoubleDash: true, EqValue: true, Permute: true}, Open: true,
		Options:  list(val("", RoleProgram, "TT", "unzip-command").does(EffExec, "zip -TT runs this program to test the archive")),
		Operands: operands(RolePath)}
	s.Judge = judgeZip
	return s
}

// judgeZip finds -TT however zip's own parser takes it: the model knows
// none of zip's clustered letters (-qT, -rq), and after one of them the
// program attached to -TT (-TTsudo) is not read as a command of its own. Any word holding TT, or naming --unzip-command by
// an abbreviation, runs a program the engine reads only in part.
func judgeZip(r *Result, words []string) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		if w == "--" {
			return
		}
		name, _, _ := strings.Cut(w, "=")
		if name == "-TT" || name == "--unzip-command" {
			continue // read by the model: its program is a command of its own
		}
		if len(w) > 2 && w[0] == '-' && w[1] != '-' && strings.Contains(w[1:], "TT") ||
			len(name) > 4 && strings.HasPrefix(name, "--") && strings.HasPrefix("--unzip-command", name) {
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: i,
				Why: "zip -TT runs a program to test the archive, named where the engine reads zip's options only in part"})
			return
		}
	}
}

// simpleWrapper is a wrapper known by its value-taking letters and long
// options, its positional words before the command, and whether it is
// open.
func simpleWrapper(name, letters string, longs []string, positional int) *Spec {
	var opts []Option
	for i := 0; i < len(letters); i++ {
		opts = append(opts, val(letters[i:i+1], RoleData))
	}
	opts = append(opts, vals(RoleData, longs...)...)
	ops := make([]Operand, 0, positional+1)
	for i := 0; i < positional; i++ {
		ops = append(ops, Operand{Role: RoleData})
	}
	ops = append(ops, Operand{Role: RoleCommand})
	return &Spec{Name: name, Syntax: GNUStop, Open: true, Options: opts, Operands: ops}
}

// adminTools change the system as a whole, which needs privilege: users,
// kernel modules, mounts, the firewall, file systems, the power state,
// system daemons (start-stop-daemon -a runs any program as one).
var adminTools = []string{"visudo", "useradd", "usermod", "userdel", "groupadd", "groupmod", "groupdel",
	"passwd", "chpasswd", "chsh", "chfn", "gpasswd", "newgrp", "insmod", "rmmod", "modprobe", "mount",
	"umount", "swapon", "swapoff", "iptables", "ip6tables", "nft", "setcap", "capsh", "machinectl",
	"please", "sudo-rs", "mkfs", "mke2fs", "mkfs.ext4", "mkfs.xfs", "mkfs.vfat", "wipefs", "fdisk",
	"parted", "reboot", "shutdown", "poweroff", "halt", "start-stop-daemon",
	"ksu", "calife", "dzdo", "pbrun", "userv", "setuidgid", "s6-setuidgid", // other sus and sudos: another user's shell or command
	"gksudo", "gksu", "kdesudo", "kdesu", "lxqt-sudo", "lxsudo", "beesu", "su-to-root"} // the desktops' front-ends of su and sudo

func adminRows() []row {
	out := make([]row, 0, len(adminTools))
	for _, n := range adminTools {
		out = append(out, row{name: n, build: func(n string) *Spec {
			return privileged(&Spec{Name: n, Syntax: GNU, Open: true, OpenSubs: true, Operands: operands(RoleData)})
		}})
	}
	return out
}

// traceOutput adds strace's and ltrace's -o FILE to s: a FILE that
// starts with '|' or '!' is a command the output is piped into (strace -o
// '|sudo id' true), which the engine does not read.
func traceOutput(s *Spec, long string) *Spec {
	s.Options = append(s.Options, val("o", RolePath, long).output().does(EffComputed, "-o '|cmd' pipes the trace into a command the engine does not read").
		when(func(v string, computed bool) bool {
			return computed || strings.HasPrefix(v, "|") || strings.HasPrefix(v, "!")
		}))
	return s
}

// whyLoads is why the dynamic loader's options that name libraries are
// judged.
const whyLoads = "the loader loads code from these libraries, which the engine does not read"

// whyNewRoot is the effect of running a command under another root
// directory: its program, and every file it opens by an absolute name,
// are found inside that directory.
const whyNewRoot = "runs its command inside this directory as the root: the program its name finds there, which the command may have written, is not the one read"

// notRoot reports a new root that is not / itself.
func notRoot(v string, computed bool) bool { return computed || strings.Trim(v, "/") != "" }

// optionalFirst makes the first operand of a wrapper optional: a word
// only does not accept is the command.
func optionalFirst(s *Spec, only func(string) bool) *Spec {
	s.Operands[0].Only = only
	return s
}

// cpuMask reports a word taskset reads as its mask or list of processors
// (0x3, ff, 0-3,8).
func cpuMask(w string) bool {
	return w != "" && strings.Trim(w, "0123456789abcdefABCDEFxX,-:") == ""
}

func moreWrapperRows() []row {
	w := simpleWrapper
	return []row{
		{name: "chroot", build: func(n string) *Spec {
			s := w(n, "", []string{"userspec", "groups"}, 1)
			s.Operands[0].Effect, s.Operands[0].Check, s.Operands[0].Why = EffExec|EffComputed, notRoot, whyNewRoot
			return s
		}},
		// taskset MASK COMMAND (-c LIST): a word that is no mask or list
		// of processors is the command.
		{name: "taskset", build: func(n string) *Spec {
			return optionalFirst(w(n, "", nil, 1), cpuMask)
		}},
		// setarch [ARCH] [COMMAND], linux64 [COMMAND]: with no command, a
		// shell. The architecture is optional since util-linux 2.33, and
		// only the first argument: in setarch -R sh -c …, sh is the
		// command.
		{name: "setarch", build: func(n string) *Spec {
			s := optionalFirst(w(n, "", nil, 1), func(a string) bool { return a != "" && a[0] != '-' })
			s.Operands[0].First = true
			return s
		}},
		// Debian links setarch's other names to it too: i386, x86_64.
		{name: "linux64", aliases: []string{"linux32", "x86_64", "i386"}, build: func(n string) *Spec {
			return w(n, "", nil, 0)
		}},
		// chrt [PRIORITY] COMMAND: newer util-linux takes no priority for
		// the policies without one (chrt -o sudo id).
		{name: "chrt", build: func(n string) *Spec {
			return optionalFirst(w(n, "", nil, 1), ascii.Digits)
		}},
		{name: "unbuffer", build: func(n string) *Spec {
			return w(n, "", nil, 0)
		}},
		{name: "caffeinate", build: func(n string) *Spec {
			return w(n, "tw", nil, 0)
		}},
		{name: "strace", build: func(n string) *Spec {
			s := traceOutput(w(n, "eEpPsuSXIabOU", []string{"trace", "signal"}, 0), "output")
			for k := range s.Options {
				if s.Options[k].Short == "p" {
					// strace -p (--attach) reads, and with -e inject=
					// changes, what another process does.
					s.Options[k].Long = append(s.Options[k].Long, "attach")
					s.Options[k].Effect, s.Options[k].Why = EffExec|EffComputed, whyAttach
				}
				if s.Options[k].Short == "E" {
					s.Options[k].Long = append(s.Options[k].Long, "env")
					// strace -E NAME=value sets the traced program's
					// environment (LD_PRELOAD, GIT_SSH_COMMAND).
					s.Options[k].Effect, s.Options[k].Why = EffComputed, "strace -E sets a variable of the traced program's environment, which the engine does not read"
				}
			}
			return s
		}},
		// valgrind runs its command under a tool; its options are attached
		// (--log-socket=HOST:PORT sends the log to another host, as
		// --debuginfo-server fetches from one; --db-command runs a
		// command).
		{name: "valgrind", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: Syntax{SingleDash: false}, Open: true, Options: list(
				val("", RoleData, "log-socket", "xml-socket", "debuginfo-server").does(EffExternal, "valgrind connects to this address, which may be another host"),
				val("", RoleData, "db-command").does(EffExec|EffComputed, "valgrind runs this command"),
				val("", RolePath, "vgdb-prefix"),
				// The files it writes, whose names it expands: %p a process
				// id, %q{VAR} a variable's value, %n a sequence number.
				val("", RolePath, "log-file", "xml-file").output().does(EffComputed,
					"valgrind expands %q{VAR}, %p and %n in the name of the file it writes: the file is not the word").when(
					func(v string, computed bool) bool { return computed || strings.IndexByte(v, '%') >= 0 })),
				Operands: []Operand{{Role: RoleCommand}}}
		}},
		{name: "ltrace", build: func(n string) *Spec {
			s := traceOutput(w(n, "aADeFlnpsuwx", nil, 0), "output") // (ltrace's own options with a value: -S is a flag)
			for k := range s.Options {
				if s.Options[k].Short == "p" {
					// ltrace -p reads the calls of another process, the
					// strings it passes among them.
					s.Options[k].Effect, s.Options[k].Why = EffExec|EffComputed, whyAttach
				}
			}
			return s
		}},
		// The dynamic loader run as a program runs the program it is
		// given (ld.so /usr/bin/git push is git push); what it preloads or
		// audits is code from libraries the engine does not read, as
		// LD_PRELOAD's is, and --argv0 names the program as exec -a does
		// (a multi-call program chooses what it does by that name).
		{name: "ld.so", aliases: []string{"ld-linux.so.2", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1", "ld-linux-armhf.so.3",
			"ld64.so.1", "ld64.so.2", "ld-musl-x86_64.so.1", "ld-musl-aarch64.so.1"}, build: func(n string) *Spec {
			s := w(n, "", []string{"inhibit-rpath", "glibc-hwcaps-prepend", "glibc-hwcaps-mask"}, 0)
			s.Options = append(s.Options,
				val("", RolePath, "library-path").does(EffExec|EffComputed, whyLoads), val("", RolePath, "preload").does(EffExec|EffComputed, whyLoads),
				val("", RolePath, "audit").does(EffExec|EffComputed, whyLoads),
				val("", RoleData, "argv0").does(EffComputed, "the loader runs the program under this name, by which a multi-call program chooses what it does"),
				flag("", "list", "verify", "inhibit-cache", "list-tunables", "list-diagnostics", "help", "version"))
			return s
		}},
		{name: "nsenter", build: func(n string) *Spec {
			// -r and -w take their directory attached only (-r/x, --wd=/x).
			s := w(n, "tSG", []string{"target", "setuid", "setgid"}, 0)
			s.Options = append(s.Options, opt("r", RolePath, "root"), opt("w", RolePath, "wd"))
			return privileged(s)
		}},
		{name: "firejail", build: func(n string) *Spec {
			return w(n, "", nil, 0)
		}},
		{name: "torsocks", build: func(n string) *Spec {
			return w(n, "", nil, 0)
		}},
		{name: "proxychains", build: func(n string) *Spec {
			return w(n, "f", nil, 0)
		}},
		{name: "proxychains4", build: func(n string) *Spec {
			return w(n, "f", nil, 0)
		}},
		{name: "busybox", build: func(n string) *Spec {
			return w(n, "", nil, 0)
		}},
		// dbus-run-session starts a bus (--dbus-daemon names the daemon's
		// program, --config-file its configuration, whose services name
		// programs the bus starts) and runs its command.
		{name: "dbus-run-session", build: func(n string) *Spec {
			s := w(n, "", nil, 0)
			s.Options = append(s.Options,
				val("", RoleProgram, "dbus-daemon").does(EffExec, "dbus-run-session runs this program as its bus daemon"),
				val("", RolePath, "config-file").runsFile().does(EffExec|EffComputed, "the bus reads this configuration, whose services name the programs it starts"))
			return s
		}},
		{name: "catchsegv", build: func(n string) *Spec {
			return w(n, "", nil, 0)
		}},
		{name: "faketime", build: func(n string) *Spec {
			return w(n, "", nil, 1)
		}},
		{name: "doppler", build: func(n string) *Spec {
			// doppler run -- CMD puts the project's secrets in CMD's
			// environment; doppler secrets prints them.
			s := w(n, "", nil, 0)
			s.Effect, s.Why = EffExternal, whySecretManager
			return s
		}},
		{name: "dotenv", aliases: []string{"dotenvx", "dotenv-cli"}, build: func(n string) *Spec {
			// Node's dotenv-cli (dotenv -e FILE -- CMD) and python-dotenv
			// (dotenv list|get|set|unset|run CMD) share the name; both read
			// or write the environment file, .env unless an option names
			// another: a protected file that no word need name.
			s := w(n, "ecv", nil, 0)
			s.Effect, s.Why = EffComputed, "reads or writes the environment file (.env unless an option names another), a protected file that holds secrets, which no word of the command names"
			return s
		}},
		{name: "honcho", aliases: []string{"foreman"}, build: func(n string) *Spec {
			// honcho run|start and foreman run|start (a subcommand, then a
			// command or none) load .env into the environment of what they
			// run, unless -e names another file: honcho run env prints it.
			s := w(n, "efdp", []string{"env", "procfile", "app-root", "port"}, 1)
			s.Effect, s.Why = EffComputed, "loads the environment file (.env unless -e names another) into what it runs, a protected file that holds secrets, which no word of the command names"
			return s
		}},
		{name: "choom", build: func(n string) *Spec {
			return w(n, "np", []string{"adjust", "pid"}, 0)
		}},
		{name: "setpriv", build: func(n string) *Spec {
			return privileged(w(n, "", []string{"reuid", "regid", "groups",
				"inh-caps", "ambient-caps", "bounding-set", "securebits", "pdeathsig", "selinux-label", "apparmor-profile",
				"landlock-access", "landlock-rule", "ruid", "euid", "rgid", "egid"}, 0))
		}},
		{name: "prlimit", build: fixed(prlimitModel)},
		{name: "split", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNU, Open: true, Options: list(
				val("", RoleCode, "filter").code(LangShell).does(EffExec, "split --filter runs a shell command for every part"),
				val("a", RoleData, "suffix-length"), val("", RoleData, "additional-suffix"), val("b", RoleData, "bytes"),
				val("C", RoleData, "line-bytes"), opt("", RoleData, "numeric-suffixes", "hex-suffixes"),
				val("l", RoleData, "lines"), val("n", RoleData, "number"), val("t", RoleData, "separator")),
				Operands: operands(RolePath)}
		}},
		{name: "dd", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: Syntax{}, Open: true, Operands: operands(RoleData)}
		}},
		{name: "flock", build: func(n string) *Spec {
			return permute(withCode(w(n, "wE", []string{"timeout", "conflict-exit-code"}, 1), "c", "command"))
		}},
		{name: "gosu", build: func(n string) *Spec {
			return privileged(w(n, "", nil, 1)) // gosu USER CMD…: containers' su
		}},
		{name: "su-exec", build: func(n string) *Spec {
			return privileged(w(n, "", nil, 1)) // su-exec USER CMD…
		}},
		{name: "chpst", build: func(n string) *Spec {
			return privileged(w(n, "uUbe/CnlLmdopfcrt", nil, 0)) // chpst -u USER CMD…: runit's
		}},
		{name: "really", build: func(n string) *Spec {
			return privileged(w(n, "ug", []string{"user", "group"}, 0)) // really -u USER CMD…
		}},
		{name: "systemd-run", build: func(n string) *Spec {
			// It asks the service manager to run the command, as root
			// unless --user says otherwise.
			return privileged(w(n, "upEMH", []string{"unit", "property", "description", "slice", "setenv", "uid", "gid",
				"working-directory", "nice", "on-active", "on-boot", "on-startup", "on-unit-active", "on-unit-inactive",
				"on-calendar", "on-timer-property", "on-clock-change", "timer-property", "path-property", "socket-property",
				"service-type", "machine", "host", "expand-environment"}, 0))
		}},
		{name: "runuser", build: func(n string) *Spec {
			return privileged(withCode(w(n, "ugs", []string{"user", "group", "shell"}, 0), "c", "command"))
		}},
		{name: "sg", build: func(n string) *Spec {
			// sg GROUP 'CMD' runs CMD with /bin/sh -c, as -c does.
			s := withCode(w(n, "", nil, 1), "c", "command")
			s.Operands = []Operand{{Role: RoleData}, {Role: RoleCode, Lang: LangShell}}
			return privileged(s)
		}},
		{name: "script", build: func(n string) *Spec {
			// -a, -e, -f and -q are flags: script -qc CMD is -q, then -c CMD.
			s := withCode(w(n, "Emo", []string{"logging-format", "echo", "output-limit"}, 0), "c", "command")
			// The logs it writes: -T timing, -I input, -O output, -B both.
			s.Options = append(s.Options, val("T", RolePath, "log-timing").output(), val("I", RolePath, "log-in").output(),
				val("O", RolePath, "log-out").output(), val("B", RolePath, "log-io").output())
			// -t/--timing takes its file attached only (-tfile, --timing=file).
			s.Options = append(s.Options, opt("t", RolePath, "timing").output(), flag("a", "append"), flag("e", "return"),
				flag("f", "flush"), flag("q", "quiet"), flag("", "force"))
			// Its operand is the typescript it writes, not a command: the
			// command is -c's, or a shell.
			s.Operands = operands(RolePath)
			return s
		}},
		{name: "nix-shell", build: func(n string) *Spec {
			return withCode(w(n, "pIA", []string{"packages", "attr", "arg", "argstr"}, 0), "", "run", "command")
		}},
		{name: "watch", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNUStop, Open: true, Options: list(val("n", RoleData, "interval"),
				opt("d", RoleData, "differences"), val("q", RoleData, "equexit"), flag("g", "chgexit"), flag("c", "color"),
				flag("C", "no-color"), flag("x", "exec"), flag("t", "no-title"), flag("b", "beep"), flag("e", "errexit"),
				flag("p", "precise"), flag("w", "no-wrap")),
				Operands: []Operand{{Role: RoleCode, Lang: LangShell}, {Role: RoleCode, Lang: LangShell}}}
		}},
	}
}

// withCode adds the options of a wrapper that take a shell command line.
func withCode(s *Spec, short string, long ...string) *Spec {
	s.Options = append(s.Options, val(short, RoleCode, long...).code(LangShell))
	return s
}

// runnerSubs are the two-word forms that run a program from PATH or a
// project's bin folder: "bundle exec rm -rf x" runs rm.
var runnerSubs = map[string][]string{
	"bundle": {"exec"}, "poetry": {"run"}, "uv": {"run"}, "pipenv": {"run"}, "conda": {"run"}, "mamba": {"run"}, "micromamba": {"run"},
	"mise": {"exec", "x"}, "asdf": {"exec"}, "devbox": {"run"}, "rtx": {"exec"},
	"pixi": {"run"}, "hatch": {"run"}, "rye": {"run"},
}

// permute lets options follow the operands before the command (flock
// FILE -c CMD).
func permute(s *Spec) *Spec {
	s.Syntax.Permute = true
	return s
}

// prlimitModel is prlimit: its limit options take an optional attached
// value, so that the command after them is found.
func prlimitModel() *Spec {
	s := &Spec{Name: "prlimit", Syntax: GNUStop, Open: true, Operands: runsOnly,
		Options: list(val("p", RoleData, "pid"), val("o", RoleData, "output"))}
	for _, l := range []string{"c core", "d data", "e nice", "f fsize", "i sigpending", "l memlock", "m rss",
		"n nofile", "q msgqueue", "r rtprio", "s stack", "t cpu", "u nproc", "v as", "x locks", "y rttime"} {
		short, long, _ := strings.Cut(l, " ")
		s.Options = append(s.Options, opt(short, RoleData, long))
	}
	return s
}

const whyPerlPipe = "perl opens a file operand that starts or ends with | as a command (the 2-argument open of -n, -p and <>)"

// perlOperands are perl's operands: the script file, then data, which
// its -n/-p loops and <> open as files, running one that starts or ends
// with | as a command (perl -ne 1 'touch x|').
func perlOperands() []Operand {
	return []Operand{
		{Role: RolePath, Effect: EffComputed, Check: perlOpensPipe, Why: whyPerlPipe},
		{Role: RoleData, Effect: EffComputed, Check: perlOpensPipe, Why: whyPerlPipe},
	}
}

// splitCode reports a -F pattern that can close the split(…) it is
// pasted into, or interpolate.
func splitCode(v string, computed bool) bool { return computed || strings.ContainsAny(v, "();{}`$@") }

// perlOpensPipe reports an operand perl's 2-argument open runs as a
// command; one known only at run time may be one, find -exec's {} among
// them (find src -exec perl -ne … {} + hands it a file named 'x;id|').
func perlOpensPipe(v string, computed bool) bool {
	v = strings.TrimSpace(v)
	if strings.HasPrefix(v, "|") || strings.HasSuffix(v, "|") || strings.Contains(v, "{}") {
		return true
	}
	if !computed {
		return false
	}
	if strings.ContainsAny(v, "$`") || v == "" {
		return true // a value known only at run time
	}
	// A glob or a brace expands to names that start and end as it does:
	// docs/*.md names no file starting or ending with |.
	if strings.ContainsRune("*?[{", rune(v[0])) || strings.ContainsRune("*?}", rune(v[len(v)-1])) {
		return true
	}
	if v[len(v)-1] == ']' {
		// *.[ch]: a last bracket may end a name with | only where it
		// holds one or is negated.
		k := strings.LastIndexByte(v, '[')
		set := v[k+1 : len(v)-1]
		return k < 0 || strings.ContainsAny(set, "|!^") || set == ""
	}
	return false
}

// emacsclientModel is the client of a running Emacs. -e makes its operands
// Lisp expressions the server evaluates; -a names the editor it starts
// when no server answers ("" starts an Emacs daemon, which reads its
// init file).
func emacsclientModel() *Spec {
	return &Spec{Name: "emacsclient", Syntax: GNU, Open: true,
		Options: list(
			flag("e", "eval").does(EffExec|EffComputed, "emacsclient --eval has a running Emacs evaluate its arguments as Lisp, which may start any program"),
			val("a", RoleProgram, "alternate-editor").does(EffExec, "emacsclient starts this editor when no Emacs server answers"),
			val("F", RoleData, "frame-parameters"), val("d", RoleData, "display"), val("f", RolePath, "server-file"),
			val("s", RolePath, "socket-name"), val("T", RoleData, "tramp"), val("w", RoleData, "timeout"),
			val("", RoleData, "parent-id"),
			flag("c", "create-frame"), flag("n", "no-wait"), flag("q", "quiet"), flag("u", "suppress-output"),
			flag("t", "tty", "nw"), flag("r", "reuse-frame"), flag("H", "help"), flag("V", "version")),
		Operands: operands(RolePath)}
}

// remoteModule reports a module specifier with a scheme other than file:
// (https:, data:, npm:, jsr:), whose code is fetched or decoded at run
// time; a computed one may be any of them. A one-letter scheme is a
// Windows drive (c:/x.ts).
func remoteModule(w string, computed bool) bool {
	if computed {
		return true
	}
	i := strings.IndexByte(w, ':')
	if i < 2 {
		return false
	}
	for _, c := range w[:i] {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.') {
			return false
		}
	}
	return !strings.EqualFold(w[:i], "file")
}

// denoValues are the options of deno's run family that take a value as
// the next word; the others attach theirs (--allow-net=host).
func denoValues() []Option {
	return list(
		val("c", RolePath, "config"),
		val("", RolePath, "lock", "cert"),
		val("L", RoleData, "log-level"),
		val("", RoleData, "location", "seed", "ext"),
		// --env-file=FILE loads FILE's variables; with no value, .env's.
		opt("", RolePath, "env-file").does(EffComputed, "deno --env-file with no value loads .env, a protected file of secrets").
			when(func(v string, computed bool) bool { return v == "" }),
		// Modules loaded before the script, and files of code or imports
		// it reads: fetched at run time when a URL names them.
		val("", RoleData, "preload", "import", "require", "eval-file", "import-map").does(EffExec|EffComputed,
			"deno loads code or an import map that a URL names, fetched at run time: code the engine cannot see").when(remoteModule))
}
