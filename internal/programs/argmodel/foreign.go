package argmodel

import (
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/ascii"
)

// Code in another language given on the command line (python -c, node -e,
// perl -e, ruby -e, php -r, make --eval). The engine does not parse these
// languages; it reads their words. Such code is exec-capable: it may read
// and write files, which auto mode trusts. Code that may also start
// programs, or that evaluates code or reaches names built at run time
// (eval, getattr, __import__, process['binding'], send), runs programs the
// engine never sees: that makes the command's program computed, which
// auto mode does not lift.
//
// This is a reading of words, not of the language, and so a heuristic:
// where a language allows it, what the code may use is listed (Python's
// imports, JavaScript's uses of process); elsewhere the words that start
// programs and the reflective ones are listed. A word of the lists
// anywhere in the code, in a string too, is enough.

// foreignWords are, per language, the words whose presence means the code
// may start a program or evaluate code built at run time.
var foreignWords = map[Lang]map[string]bool{
	LangPython: words(
		// programs, by module and by function (a module reached another
		// way, tempfile._os, still calls one of these)
		"os", "_os", "posix", "subprocess", "_posixsubprocess", "pty", "commands", "multiprocessing",
		"system", "popen", "fork", "forkpty", "execv", "execve", "execvp", "execvpe", "execl", "execle",
		"execlp", "execlpe", "spawnl", "spawnle", "spawnlp", "spawnlpe", "spawnv", "spawnve", "spawnvp",
		"spawnvpe", "posix_spawn", "posix_spawnp", "startfile", "create_subprocess_exec",
		"create_subprocess_shell", "webbrowser", "help", "breakpoint", "pdb", "code", "codeop",
		// code or names built at run time
		"exec", "eval", "compile", "__import__", "importlib", "getattr", "setattr", "delattr", "globals",
		"locals", "vars", "builtins", "modules", "ctypes", "cffi", "runpy", "site", "pickle", "marshal",
		"shelve", "pkgutil", "zipimport", "open_code", "load_module", "exec_module", "_getframe",
		"f_globals", "f_builtins", "f_locals", "f_back", "tb_frame", "gi_frame", "cr_frame", "ag_frame",
		"gc", "inspect", "timeit", "cProfile", "profile", "trace", "doctest", "pydoc", "logging",
		"operator", "attrgetter", "methodcaller", "license", "credits", "copyright"),
	LangJS: words(
		"child_process", "spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork",
		"kill", "worker_threads", "Worker", "cluster", "inspector", "binding", "_linkedBinding", "dlopen",
		"execve", "mainModule", "getBuiltinModule", "createRequire", "Deno", "Bun", "wasi",
		"eval", "Function", "import", "vm", "constructor", "_load", "module", "globalThis", "global",
		"this", "Reflect", "Proxy", "WebAssembly", "values", "entries", "fromEntries", "getOwnPropertyDescriptor",
		"getOwnPropertyDescriptors", "getOwnPropertyNames", "getOwnPropertySymbols", "getPrototypeOf",
		"setPrototypeOf", "defineProperty", "__proto__", "prototype", "__defineGetter__", "__lookupGetter__",
		"prepareStackTrace", "captureStackTrace", "arguments",
		"setEngine", // crypto.setEngine loads a shared library: native code
		// The web APIs Node and Deno have without an import: a request,
		// a socket, a stream to another machine.
		"fetch", "WebSocket", "XMLHttpRequest", "EventSource", "WebTransport"),
	LangPerl: words("system", "exec", "qx", "fork", "open", "pipe", "readpipe", "syscall", "glob",
		"ioctl", "fcntl", // TIOCSTI types a command into the terminal, which its shell runs later
		"socket", "socketpair", "connect", "bind", "listen", "accept", "send", "sysopen", // a connection of its own
		"gethostbyname", "gethostbyaddr", "getnetbyname", "getservbyname", // a lookup carries its name to a DNS server
		"Open2", "Open3", "IPC", "POSIX", "eval", "do", "require", "use", "CORE", "can", "UNIVERSAL",
		"AUTOLOAD", "__PACKAGE__", "BEGIN", "END", "ARGV"),
	LangRuby: words("system", "exec", "spawn", "fork", "popen", "popen3", "capture2", "capture3", "syscall", "ioctl", "fcntl",
		"Open3", "IO", "Kernel", "Process", "PTY", "open", "trap", "at_exit", "Fiddle", "DL",
		"eval", "instance_eval", "class_eval", "module_eval", "instance_exec", "class_exec", "send",
		"__send__", "public_send", "binding", "const_get", "method", "public_method", "instance_method",
		"define_method", "ObjectSpace", "Object", "BasicObject", "require", "require_relative", "load",
		"Gem", "Net", "URI", "Socket", "TCPSocket", "UDPSocket", "Resolv", "OpenURI", "Bundler"), // loaded without a require: RubyGems' fetchers reach the network
}

// foreignMarks are, per language, texts that run a program or reach a
// name built at run time wherever they stand: backquotes and ruby's %x{}
// (a shell command), perl's calls through a name or a reference (&{…},
// &$f, *{…}, ->$m), escapes that spell an identifier in JavaScript, a
// private name of a Python module.
var foreignMarks = map[Lang][]string{
	// A module's private name (uuid._get_command_stdout) is outside what
	// its public one is known to do.
	LangPython: {"._"},
	LangJS:     {"\\u", "\\x"},
	LangPerl:   {"`", "&{", "&$", "*{", "->$", "::$", "->@"},
	LangRuby:   {"`", "%x", "::$"},
}

func words(ws ...string) map[string]bool {
	m := make(map[string]bool, len(ws))
	for _, w := range ws {
		m[w] = true
	}
	return m
}

// awkUnescape decodes the escapes awk reads in its strings (\151 and
// \x69 are i): "/\151net/tcp/…" is gawk's /inet.
func awkUnescape(code string) string {
	if strings.IndexByte(code, '\\') < 0 {
		return code
	}
	var b strings.Builder
	for i := 0; i < len(code); i++ {
		c := code[i]
		if c != '\\' || i+1 == len(code) {
			b.WriteByte(c)
			continue
		}
		j, v := i+1, 0
		switch {
		case code[j] >= '0' && code[j] <= '7':
			for n := 0; n < 3 && j < len(code) && code[j] >= '0' && code[j] <= '7'; n, j = n+1, j+1 {
				v = v*8 + int(code[j]-'0')
			}
		case code[j] == 'x':
			j++
			for n := 0; n < 2 && j < len(code) && strings.IndexByte("0123456789abcdefABCDEF", code[j]) >= 0; n, j = n+1, j+1 {
				v = v*16 + strings.IndexByte("0123456789abcdef", code[j]|0x20)
			}
		default:
			b.WriteByte(code[j])
			i = j
			continue
		}
		b.WriteByte(byte(v))
		i = j - 1
	}
	return b.String()
}

// ForeignCodeRuns returns why code in language lang (computed: known only
// at run time) may start programs the engine does not see, or "". PHP and
// make code always may: PHP calls any function through a string
// ($f = 'sys'.'tem'; $f('id')), and make --eval defines recipes. An awk
// program with system or a pipe, and a sed script with an e command,
// start commands too; their other effects (writing a file) stay
// exec-capable. A sed script or an awk program known only at run time may
// be any of them: a value spliced into the everyday form (sed "s/$a/$b/")
// can close the s command and add an e flag, so it may start programs too.
func ForeignCodeRuns(lang Lang, code string, computed bool) string {
	switch {
	case lang == LangAwk && (strings.Contains(code, "/inet") || strings.Contains(awkUnescape(code), "/inet")):
		return "the awk program may open a network connection (gawk's /inet special files)"
	case lang == LangAwk && !computed && AwkRuns(code, false) && (strings.Contains(code, "system") || strings.ContainsAny(code, "|@")):
		return "the awk program starts commands (system, a pipe, an indirect call) that the engine does not see"
	case lang == LangSed && !computed && strings.IndexByte(code, 'e') >= 0 && SedExecs(code):
		return "the sed script may start commands (e) that the engine does not see"
	case lang == LangPager && !pagerInert(code):
		return "the editor or pager command may run a shell command (!, system) or write a file"
	case lang == LangSed && computed:
		return "the sed script is known only at run time: it may hold an e command or an s///e flag, which start programs the engine does not see"
	case lang == LangAwk && computed:
		return "the awk program is known only at run time: it may call system or open a pipe, which start programs the engine does not see"
	case lang < LangPython:
		return ""
	}
	name := langNames[lang]
	switch {
	case computed:
		return name + " code known only at run time: it may start any program"
	case lang == LangPHP || lang == LangMake || lang == LangCommands:
		return name + " code may start any program (calls through computed names cannot be told apart)"
	}
	for _, m := range foreignMarks[lang] {
		if strings.Contains(code, m) {
			return name + " code holding " + m + " may start a program or run code built at run time"
		}
	}
	if lang == LangPython {
		if why := pythonImports(code); why != "" {
			return why
		}
	}
	if why := writesThenLoads(lang, code); why != "" {
		return why
	}
	if lang == LangJS {
		if why := jsProcess(code); why != "" {
			return why
		}
		if why := jsRequires(code); why != "" {
			return why
		}
		if why := jsBrackets(code); why != "" {
			return why
		}
	}
	set := foreignWords[lang]
	for i := 0; i < len(code); {
		c := code[i]
		if c >= 0x80 && lang == LangPython {
			// Python reads identifiers in their NFKC form: 𝐨𝐬 is os.
			return name + " code holding letters beyond ASCII, which Python may read as other names"
		}
		if !identByte(c) {
			i++
			continue
		}
		j := i
		for j < len(code) && identByte(code[j]) {
			j++
		}
		w := code[i:j]
		i = j
		if set[w] || lang == LangPython && len(w) > 4 && strings.HasPrefix(w, "__") && strings.HasSuffix(w, "__") ||
			lang == LangPerl && perlDoubleEval(w) {
			return name + " code using " + w + " may start a program or run code built at run time"
		}
	}
	return ""
}

func identByte(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// jsRequires checks every require in JavaScript code: only a call with one
// plain string literal (require('./package.json'), require("path")) is
// read; any other use of require (a computed name, require.call, passing
// require itself) may load child_process under another spelling.
func jsRequires(code string) string {
	for i := strings.Index(code, "require"); i >= 0; {
		rest := code[i+len("require"):]
		if i > 0 && identByte(code[i-1]) || len(rest) > 0 && identByte(rest[0]) {
			// Part of a longer name (createRequire is listed on its own).
		} else if !plainStringCall(rest) {
			return "JavaScript code using require other than with one string literal may load any module, child_process included"
		} else if m := strings.TrimPrefix(requiredName(rest), "node:"); !projectModule(m) && !jsDataModule(m) {
			// require("undici"), require("execa"): a package may do
			// anything; only Node's own modules below are read.
			return "JavaScript code requiring " + m + ", which is not among Node's modules that cannot start programs or open connections"
		}
		k := strings.Index(rest, "require")
		if k < 0 {
			break
		}
		i += len("require") + k
	}
	return ""
}

// jsDataModule reports a Node module that JavaScript code given on the
// command line may require: jsDataModules, or one under it (fs/promises),
// with no step to a parent (fs/../evilpkg is a package).
func jsDataModule(m string) bool {
	if strings.Contains(m, "..") {
		return false
	}
	top, _, _ := strings.Cut(m, "/")
	return jsDataModules[m] || jsDataModules[top]
}

// jsDataModules are Node's own modules that read and write files, data
// and text and start no program and open no connection, as Python's
// pythonModules are: any other module, a package above all (undici,
// execa), may do either: child_process, net, http, dns, worker_threads,
// vm, module, test (whose run starts node again) and Node's internal
// modules (_http_client) among them. process is not among them
// (jsProcess reads it).
var jsDataModules = words("fs", "path", "os", "util", "sys", "crypto", "assert", "buffer", "events", "string_decoder",
	"url", "querystring", "zlib", "stream", "readline", "timers", "perf_hooks", "constants", "punycode", "tty",
	"console", "async_hooks", "diagnostics_channel")

// fileWrites are, per language, the calls that write a file; loads the
// words that load code by a name (an import, a require). Code that loads
// after it writes may load what it wrote (open("json.py", "w")…; import
// json), which the engine did not read.
var fileWrites = map[Lang][]string{
	LangPython: {"open(", "write_text", "write_bytes", "copyfile", "copy(", "copy2", "move(", "rename(", "replace(", "symlink", "link_to", "hardlink_to"},
	LangJS:     {"writeFile", "appendFile", "createWriteStream", "copyFile", "cp(", "cpSync", "rename", "symlink", "link("},
}

var fileLoads = map[Lang][]string{
	LangPython: {"import"},
	LangJS:     {"require", "import"},
}

// writesThenLoads returns why code of lang loads a module after a call
// that may write a file, or "".
func writesThenLoads(lang Lang, code string) string {
	first := -1
	for _, w := range fileWrites[lang] {
		if i := strings.Index(code, w); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	if first < 0 {
		return ""
	}
	for _, l := range fileLoads[lang] {
		if strings.Contains(code[first:], l) {
			return langNames[lang] + " code that writes a file and then loads a module (" + l + "), which may be the file it wrote"
		}
	}
	return ""
}

// moduleSearch are the names by which code of a language changes where
// it finds the modules it loads (sys.path.insert(0, "lib"), from sys
// import path).
var moduleSearch = map[Lang][]string{
	LangPython: {"path", "meta_path", "path_hooks", "path_importer_cache"},
}

// ChangesModuleSearch reports Python code that may change where it
// finds modules: one of moduleSearch's names, as an attribute or
// imported, used otherwise than read whole (print(sys.path), len(sys.path))
// — called, indexed, assigned or given a name. A module it loads after
// that, by an import or behind one (time.strptime imports _strptime),
// may be any file: where the command writes Python files, the caller
// asks (the project's own modules, pylint --init-hook's sys.path.append("src"),
// are the project's code).
func ChangesModuleSearch(code string) bool {
	names := moduleSearch[LangPython]
	for i := 0; i < len(code); {
		if !identByte(code[i]) {
			i++
			continue
		}
		j := i
		for j < len(code) && identByte(code[j]) {
			j++
		}
		if slices.Contains(names, code[i:j]) && (i > 0 && code[i-1] == '.' || strings.HasSuffix(strings.TrimRight(code[:i], " \t"), "import")) {
			rest := strings.TrimLeft(code[j:], " \t")
			if rest == "" || !strings.ContainsRune("),:", rune(rest[0])) {
				return true
			}
		}
		i = j
	}
	return false
}

// JSRelativeModules calls fn with each module JavaScript code loads by a
// relative or absolute path given as a plain string (require("./z"),
// import("../lib/x.mjs"), import x from "./y"): a file of the project,
// or one the command wrote before. Bare names (require("fs")) are
// packages, which jsRequires reads.
func JSRelativeModules(code string, fn func(mod string)) {
	for _, call := range []string{"require", "import"} {
		for i := 0; ; {
			k := strings.Index(code[i:], call)
			if k < 0 {
				break
			}
			at := i + k + len(call)
			i = at
			if rest := code[at:]; plainStringCall(rest) {
				if mod := requiredName(rest); localModule(mod) {
					fn(mod)
				}
			}
		}
	}
	for i := 0; ; {
		k := strings.Index(code[i:], "from")
		if k < 0 {
			return
		}
		i += k + len("from")
		rest := strings.TrimLeft(code[i:], " \t")
		if len(rest) > 1 && (rest[0] == '"' || rest[0] == '\'') {
			if end := strings.IndexByte(rest[1:], rest[0]); end > 0 && localModule(rest[1:1+end]) {
				fn(rest[1 : 1+end])
			}
		}
	}
}

// localModule reports a module specifier that names a file by its path.
func localModule(mod string) bool {
	return strings.HasPrefix(mod, "./") || strings.HasPrefix(mod, "../") || strings.HasPrefix(mod, "/") || mod == "." || mod == ".."
}

// projectModule reports a module specifier that names a file of the
// project by a relative path: not an absolute one, which may be another
// program's own file (require("/usr/lib/node_modules/npm/bin/npm-cli.js")
// runs npm), nor one under node_modules/ (a package's).
func projectModule(mod string) bool {
	rest, ok := strings.CutPrefix(mod, "./")
	if !ok {
		rest, ok = strings.CutPrefix(mod, "../")
	}
	// One step up at most (a monorepo's sibling): more may climb out of
	// the project to another program's file.
	return ok && !strings.Contains(rest, "..") && !strings.Contains(mod, "node_modules")
}

// requiredName is the module name of a plain string require call (see
// plainStringCall).
func requiredName(s string) string {
	s = strings.TrimLeft(strings.TrimLeft(s, " \t")[1:], " \t")
	q := s[0]
	end := strings.IndexByte(s[1:], q)
	return s[1 : 1+end]
}

// plainStringCall reports whether s starts with ( 'text' ) or ( "text" ),
// spaces allowed, the text without quotes of its own or backslashes.
func plainStringCall(s string) bool {
	s = strings.TrimLeft(s, " \t")
	if len(s) < 4 || s[0] != '(' {
		return false
	}
	s = strings.TrimLeft(s[1:], " \t")
	if len(s) < 3 || s[0] != '\'' && s[0] != '"' {
		return false
	}
	q := s[0]
	end := strings.IndexByte(s[1:], q)
	if end < 0 || strings.ContainsAny(s[1:1+end], "\\'\"`") {
		return false
	}
	return strings.HasPrefix(strings.TrimLeft(s[2+end:], " \t"), ")")
}

// perlDoubleEval reports the modifiers of a substitution that evaluates
// its replacement twice (s/x/"sys"."tem(...)"/ee): the second evaluation
// runs a string as code.
func perlDoubleEval(w string) bool {
	return strings.Contains(w, "ee") && strings.Trim(w, "msixpodualngcer") == ""
}

// jsBrackets finds a property read through brackets with anything but
// numbers and plain string literals inside (process['bind'+'ing'],
// global[k]): a name built at run time, which may be any function.
func jsBrackets(code string) string {
	for i := 0; i < len(code); i++ {
		if code[i] != '[' {
			continue
		}
		end := strings.IndexByte(code[i+1:], ']')
		if end < 0 {
			return "JavaScript code with an unclosed [ may reach a name built at run time"
		}
		if !plainList(code[i+1 : i+1+end]) {
			return "JavaScript code reading " + code[i:i+2+end] + " reaches a name built at run time"
		}
	}
	return ""
}

// plainList reports text made of numbers, commas, spaces and plain string
// literals only.
func plainList(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9' || c == ',' || c == ' ' || c == '.' || c == '-':
		case c == '\'' || c == '"':
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 || strings.ContainsAny(s[i+1:i+1+end], "\\`") {
				return false
			}
			i += 1 + end
		default:
			return false
		}
	}
	return true
}

// CodeLang returns the language of the code that the program named name
// runs from its command line (python: LangPython, node: LangJS), as its
// model says, or LangOther when the model names none or there is none.
func CodeLang(name string) Lang {
	s := Lookup(name)
	if s == nil {
		return LangOther
	}
	lang := LangOther
	eachValue(s, func(r Role, l Lang, _ bool) {
		if r == RoleCode && l >= LangPython && lang == LangOther {
			lang = l
		}
	})
	return lang
}

// pythonModules are the modules Python code given on the command line may
// import: data, text and arithmetic, none of which starts a program or
// reaches one by a name built at run time. Any other import makes the
// code computed. typing is not among them: get_type_hints evaluates the
// string annotations it is given, which may be built from pieces; nor is
// functools, whose singledispatch register calls it.
var pythonModules = words("json", "sys", "math", "cmath", "re", "datetime", "time", "zoneinfo", "calendar",
	"collections", "itertools", "string", "textwrap", "base64", "binascii", "hashlib", "hmac",
	"uuid", "random", "secrets", "statistics", "decimal", "fractions", "numbers", "struct", "zlib", "gzip",
	"bz2", "lzma", "csv", "tomllib", "configparser", "pprint", "reprlib", "enum", "dataclasses",
	"copy", "heapq", "bisect", "array", "unicodedata", "html", "ipaddress", "difflib", "io", "fnmatch",
	"shlex", "glob", "pathlib", "keyword", "locale", "getpass", "stat")

// pythonImports checks every import of Python code against pythonModules:
// import a.b as c, d and from a.b import c name the modules a and d, and a.
func pythonImports(code string) string {
	for _, kw := range []string{"import", "from"} {
		for i := 0; ; {
			k := strings.Index(code[i:], kw)
			if k < 0 {
				break
			}
			at := i + k
			i = at + len(kw)
			if at > 0 && identByte(code[at-1]) || i < len(code) && identByte(code[i]) {
				continue // part of a longer name
			}
			if kw == "import" && afterFrom(code[:at]) {
				continue // from a.b import c: the module is a.b, read at from
			}
			if why := pythonImportList(code[i:], kw == "from"); why != "" {
				return why
			}
		}
	}
	return ""
}

// afterFrom reports text ending in "from MODULE " (the import that follows
// names what is taken from the module, not a module).
func afterFrom(before string) bool {
	before = strings.TrimRight(before, " \t")
	j := len(before)
	for j > 0 && (identByte(before[j-1]) || before[j-1] == '.') {
		j--
	}
	if j == len(before) {
		return false
	}
	rest := strings.TrimRight(before[:j], " \t")
	return strings.HasSuffix(rest, "from") && (len(rest) == 4 || !identByte(rest[len(rest)-5]))
}

// pythonImportList reads the module names after import (every one of a
// comma list) or from (the one before import).
func pythonImportList(rest string, from bool) string {
	for {
		rest = strings.TrimLeft(rest, " \t(")
		j := 0
		for j < len(rest) && (identByte(rest[j]) || rest[j] == '.') {
			j++
		}
		mod := rest[:j]
		top, _, _ := strings.Cut(mod, ".")
		if !pythonModules[top] {
			if mod == "" {
				mod = "a name the engine cannot read"
			}
			return "Python code importing " + mod + ", which is not among the modules that cannot start programs"
		}
		rest = strings.TrimLeft(rest[j:], " \t")
		if from {
			return ""
		}
		if strings.HasPrefix(rest, "as ") {
			rest = strings.TrimLeft(rest[3:], " \t")
			for len(rest) > 0 && identByte(rest[0]) {
				rest = rest[1:]
			}
			rest = strings.TrimLeft(rest, " \t")
		}
		if !strings.HasPrefix(rest, ",") {
			return ""
		}
		rest = rest[1:]
	}
}

// jsProcessUses are the properties of process that JavaScript code given
// on the command line may read: its environment, arguments, streams and
// facts. process used any other way (passed as a value, or a property
// that loads code: binding, dlopen, getBuiltinModule) makes it computed.
var jsProcessUses = words("env", "argv", "stdout", "stderr", "stdin", "exit", "exitCode", "cwd", "version",
	"versions", "platform", "arch", "pid", "ppid", "hrtime", "memoryUsage", "uptime", "nextTick", "title")

// jsProcess checks every use of process in JavaScript code.
func jsProcess(code string) string {
	for i := 0; ; {
		k := strings.Index(code[i:], "process")
		if k < 0 {
			return ""
		}
		at := i + k
		i = at + len("process")
		if at > 0 && identByte(code[at-1]) || i < len(code) && identByte(code[i]) {
			continue
		}
		rest := strings.TrimLeft(code[i:], " \t")
		if !strings.HasPrefix(rest, ".") && !strings.HasPrefix(rest, "?.") {
			return "JavaScript code using process as a value may reach any of its functions"
		}
		rest = strings.TrimLeft(strings.TrimPrefix(strings.TrimPrefix(rest, "?"), "."), " \t")
		j := 0
		for j < len(rest) && identByte(rest[j]) {
			j++
		}
		if !jsProcessUses[rest[:j]] {
			return "JavaScript code using process." + rest[:j] + " may load code the engine does not see"
		}
	}
}

// pagerInert reports a pager or editor command that only moves or
// searches: a line number (+10), the end (+G), follow (+F), or a search
// (+/pattern) without a shell escape.
func pagerInert(c string) bool {
	c = strings.TrimPrefix(c, ":")
	switch {
	case c == "" || c == "G" || c == "F" || c == "g":
		return true
	case c[0] == '/' || c[0] == '?':
		return !strings.ContainsAny(c, "!|`") && !typesKeys(c, false) && !searchThenCommand(c)
	}
	return ascii.Digits(c)
}

// searchThenCommand reports a search (/pattern or ?pattern) whose
// delimiter closes it before more text: to vim, /x/call system("id") is
// an Ex command with the search as its address.
func searchThenCommand(c string) bool {
	for i := 1; i < len(c); i++ {
		switch c[i] {
		case '\\':
			i++
		case c[0]:
			return i+1 < len(c)
		}
	}
	return false
}
