package argmodel

import "strings"

// Models of the text tools: sed, awk, grep, ripgrep, sort, pagers.

const (
	whySed     = "the sed script runs commands (e) or writes or reads files named in it (w, r)"
	whySedFile = "the sed script comes from a file, which cannot be read here"
	whyAwk     = "the awk program runs commands (system, pipes) or writes or reads files named in it"
	whyAwkFile = "the awk program comes from a file, which cannot be read here"
)

// sedSpec is GNU sed; BSD sed's options are a subset with -E, -i, -n.
func sedModel() *Spec {
	return &Spec{
		Name:   "sed",
		Syntax: GNU,
		Options: join(list(
			flag("n", "quiet", "silent"),
			flag("", "debug"),
			val("e", RoleCode, "expression").code(LangSed).script().does(EffExec, whySed).when(SedRuns),
			val("f", RolePath, "file").script().runsFile().does(EffExec, whySedFile),
			flag("", "follow-symlinks"),
			opt("i", RoleData, "in-place").backup(),
			val("l", RoleData, "line-length"),
			flag("", "posix"),
			flag("Er", "regexp-extended"),
			flag("s", "separate"),
			flag("", "sandbox"),
			flag("u", "unbuffered"),
			flag("z", "null-data", "zero-terminated"),
			flag("b", "binary"),
			flag("", "help"),
			flag("", "version"),
		)),
		Operands: []Operand{
			{Role: RoleCode, Lang: LangSed, Script: true, Effect: EffExec, Check: SedRuns, Why: whySed},
			{Role: RolePath},
		},
	}
}

// awkSpec is gawk's command line; mawk's and busybox awk's options are
// a subset (mawk's -W takes a value).
func awkModel() *Spec {
	return &Spec{
		Name: "awk",
		// gawk and mawk end their options at the program text: a later
		// -f is a file to read (gawk '{print}' -f x reads the file -f).
		Syntax: GNUStop,
		Options: join(list(
			val("f", RolePath, "file").script().runsFile().module().does(EffExec, whyAwkFile),
			val("F", RoleData, "field-separator"),
			val("v", RoleData, "assign"),
			flag("b", "characters-as-bytes"),
			flag("c", "traditional"),
			flag("C", "copyright"),
			opt("d", RolePath, "dump-variables"),
			opt("D", RolePath, "debug").does(EffExec|EffComputed, "gawk's debugger runs the commands of this file, or of its input, eval among them"),
			val("e", RoleCode, "source").code(LangAwk).script().does(EffExec, whyAwk).when(AwkRuns),
			val("E", RolePath, "exec").script().runsFile().module().does(EffExec, whyAwkFile),
			flag("g", "gen-pot", "gen-po"),
			flag("h", "help"),
			val("i", RolePath, "include").runsFile().module().does(EffExec, "gawk -i includes awk source from a file, which cannot be read here"),
			flag("I", "trace"),
			val("l", RolePath, "load").runsFile().module().does(EffExec, "gawk -l loads a compiled extension"),
			opt("L", RoleData, "lint"),
			flag("M", "bignum"),
			flag("N", "use-lc-numeric"),
			flag("n", "non-decimal-data"),
			opt("o", RolePath, "pretty-print"),
			flag("O", "optimize"),
			opt("p", RolePath, "profile"),
			flag("P", "posix"),
			flag("r", "re-interval"),
			flag("s", "no-optimize"),
			flag("S", "sandbox"),
			flag("t", "lint-old"),
			flag("V", "version"),
			val("W", RoleData).does(EffExec|EffComputed, "awk -W names a long option that gives the program or code (gawk -W source=…, mawk -W exec FILE), read there by no model").when(awkWProgram),
			flag("k", "csv"),
		)),
		Operands: []Operand{
			{Role: RoleCode, Lang: LangAwk, Script: true, Effect: EffExec, Check: AwkRuns, Why: whyAwk},
			{Role: RolePath},
		},
	}
}

// awkWProgram reports a -W value naming, or abbreviating, a long option
// that gives the program, code or a file of code: mawk's -W exec, gawk's
// -W source=TEXT, -W file=, -W include=, -W load= (gawk -W takes any long
// option, abbreviated).
func awkWProgram(v string, computed bool) bool {
	if computed {
		return true
	}
	name, _, _ := strings.Cut(v, "=")
	if name == "" {
		return false
	}
	for _, o := range []string{"exec", "source", "file", "include", "load", "debug"} {
		if strings.HasPrefix(o, name) {
			return true
		}
	}
	return false
}

// grepSpec is GNU grep: -e and -f take values; -F, -E, -G, -P do not.
func grepModel() *Spec {
	return &Spec{
		Name:   "grep",
		Syntax: Syntax{Abbrev: true, Permute: true, Digits: true},
		Options: join(list(
			flag("E", "extended-regexp"), flag("F", "fixed-strings"), flag("G", "basic-regexp"),
			flag("P", "perl-regexp"),
			val("e", RoleData, "regexp").script(),
			val("f", RolePath, "file").script(),
			flag("iy", "ignore-case"), flag("", "no-ignore-case"),
			flag("w", "word-regexp"), flag("x", "line-regexp"), flag("z", "null-data"),
			flag("s", "no-messages"), flag("v", "invert-match"), flag("V", "version"), flag("", "help"),
			val("m", RoleData, "max-count"), flag("b", "byte-offset"), flag("n", "line-number"),
			flag("", "line-buffered"), flag("H", "with-filename"), flag("h", "no-filename"),
			val("", RoleData, "label"), flag("o", "only-matching"), flag("q", "quiet", "silent"),
			val("", RoleData, "binary-files"), flag("a", "text"), flag("I"),
			val("d", RoleData, "directories"), val("D", RoleData, "devices"),
			flag("r", "recursive"), flag("R", "dereference-recursive"),
			val("", RoleData, "include"), val("", RoleData, "exclude"),
			val("", RolePath, "exclude-from"), val("", RoleData, "exclude-dir"),
			flag("L", "files-without-match"), flag("l", "files-with-matches"), flag("c", "count"),
			flag("T", "initial-tab"), flag("Z", "null"),
			val("B", RoleData, "before-context"), val("A", RoleData, "after-context"),
			val("C", RoleData, "context"),
			val("", RoleData, "group-separator"), flag("", "no-group-separator"),
			opt("", RoleData, "color", "colour"),
			flag("U", "binary"), flag("u", "unix-byte-offsets"),
		)),
		Operands: []Operand{{Role: RoleData, Script: true}, {Role: RolePath}},
	}
}

// rgSpec is ripgrep. Its option list is long and grows; what runs
// programs is modelled in every spelling, and every value-taking option
// is listed so that values are not read as patterns or paths.
func rgModel() *Spec {
	return &Spec{
		Name:   "rg",
		Syntax: Syntax{Permute: true},
		Open:   true,
		Options: join(list(
			val("", RoleProgram, "pre").does(EffExec, "runs a program on every file searched").appends(),
			val("", RoleProgram, "hostname-bin").does(EffExec, "runs a program to learn the host name"),
			flag("z", "search-zip").does(EffExec, "runs decompression programs found on PATH"),
			val("e", RoleData, "regexp").script(),
			val("f", RolePath, "file").script(),
			val("A", RoleData, "after-context"), val("B", RoleData, "before-context"),
			val("C", RoleData, "context"), val("E", RoleData, "encoding"),
			val("g", RoleData, "glob"), val("", RoleData, "iglob"),
			val("", RolePath, "ignore-file"), val("M", RoleData, "max-columns"),
			val("m", RoleData, "max-count"), val("", RoleData, "max-depth", "maxdepth"),
			val("d", RoleData), val("", RoleData, "max-filesize"),
			val("", RoleData, "path-separator"), val("", RoleData, "pre-glob"),
			val("r", RoleData, "replace"), val("", RoleData, "sort"), val("", RoleData, "sortr"),
			val("j", RoleData, "threads"), val("t", RoleData, "type"), val("T", RoleData, "type-not"),
			val("", RoleData, "type-add"), val("", RoleData, "type-clear"),
			val("", RoleData, "color", "colour"), val("", RoleData, "colors"),
			val("", RoleData, "context-separator"), val("", RoleData, "engine"),
			val("", RoleData, "field-context-separator"), val("", RoleData, "field-match-separator"),
			val("", RoleData, "dfa-size-limit"), val("", RoleData, "regex-size-limit"),
			val("", RoleData, "hyperlink-format"), val("", RoleData, "generate"),
			flag("", "max-columns-preview"),
			flag("s", "case-sensitive"), flag("i", "ignore-case"), flag("S", "smart-case"),
			flag("F", "fixed-strings"), flag("P", "pcre2"), flag("U", "multiline"),
			flag("v", "invert-match"), flag("w", "word-regexp"), flag("x", "line-regexp"),
			flag("c", "count"), flag("l", "files-with-matches"), flag("L", "follow"),
			flag("n", "line-number"), flag("N", "no-line-number"), flag("o", "only-matching"),
			flag("p", "pretty"), flag("q", "quiet"), flag("a", "text"), flag("u", "unrestricted"),
			flag("H", "with-filename"), flag("I", "no-filename"), flag("b", "byte-offset"),
			flag(".", "hidden"), flag("h", "help"), flag("V", "version"),
			flag("", "files"), flag("", "json"), flag("", "no-config"), flag("", "no-ignore"),
		)),
		Operands: []Operand{{Role: RoleData, Script: true}, {Role: RolePath}},
	}
}

// sortSpec is GNU sort.
func sortModel() *Spec {
	return &Spec{
		Name:   "sort",
		Syntax: GNU,
		Options: join(list(
			val("", RoleProgram, "compress-program").does(EffExec, "runs a program to compress temporary files"),
			val("", RolePath, "random-source"), val("", RoleData, "sort"),
			val("", RoleData, "batch-size"), opt("", RoleData, "check"),
			val("", RolePath, "files0-from"), val("k", RoleData, "key"),
			val("o", RolePath, "output"), val("S", RoleData, "buffer-size"),
			val("t", RoleData, "field-separator"), val("T", RolePath, "temporary-directory"),
			val("", RoleData, "parallel"),
		), shorts("bdfgiMhnRrVcCmsuz"), longs("ignore-leading-blanks", "dictionary-order", "ignore-case",
			"general-numeric-sort", "ignore-nonprinting", "month-sort", "human-numeric-sort", "numeric-sort",
			"random-sort", "reverse", "version-sort", "debug", "merge", "stable", "unique", "zero-terminated",
			"help", "version")),
		Operands: operands(RolePath),
	}
}

const whyPager = "pager commands given on the command line include a shell escape (!cmd) and file writes"

// whyLesskey: a lesskey file's #env section sets LESSOPEN and LESSCLOSE,
// commands less runs on every file it opens.
const whyLesskey = "less takes key bindings and variables from this lesskey text, whose #env section may set LESSOPEN, a command less runs"

// lesskeyEnv reports lesskey text with a section that sets variables.
func lesskeyEnv(v string, computed bool) bool { return computed || strings.Contains(v, "#env") }

// lessSpec is less: +cmd and -p/--pattern… run less commands at start.
func lessModel() *Spec {
	return &Spec{
		Name:   "less",
		Syntax: Syntax{Abbrev: true, Permute: true},
		Open:   true,
		Plus:   &Option{Arg: ArgRequired, Role: RoleCode, Lang: LangPager, Effect: EffExec, Why: whyPager},
		Options: list(
			val("", RoleCode, "cmd").code(LangPager).does(EffExec, whyPager),
			val("o", RolePath, "log-file"), val("O", RolePath, "LOG-FILE"),
			val("p", RoleData, "pattern").does(EffExec|EffComputed, "less types its -p pattern as a search; a newline or other control character ends it, and what follows runs as less's commands (!CMD runs a shell)").when(typesKeys),
			val("t", RoleData, "tag"), val("T", RolePath, "tag-file"),
			val("b", RoleData, "buffers"), val("h", RoleData, "max-back-scroll"),
			val("j", RoleData, "jump-target"),
			val("k", RolePath, "lesskey-file", "lesskey-src").runsFile().does(EffExec, whyLesskey),
			val("", RoleData, "lesskey-content").does(EffExec|EffComputed, whyLesskey).when(lesskeyEnv),
			val("x", RoleData, "tabs"),
			val("y", RoleData, "max-forw-scroll"), val("z", RoleData, "window"),
			val("D", RoleData, "color"), val("P", RoleData, "prompt"),
			val("", RoleProgram, "editor").does(EffExec, "less runs this editor on v"),
		),
		Operands: operands(RolePath),
	}
}

// typesKeys reports a value that a program types as keystrokes and that
// holds a control character (a newline ends a search and starts another
// command), or one known only at run time.
func typesKeys(v string, computed bool) bool {
	if computed {
		return true
	}
	for i := 0; i < len(v); i++ {
		if v[i] < 0x20 || v[i] == 0x7f {
			return true
		}
	}
	return false
}

// manSpec is man-db's man.
func manModel() *Spec {
	return &Spec{
		Name:   "man",
		Syntax: GNU,
		Open:   true,
		Options: list(
			val("P", RoleProgram, "pager").does(EffExec, "man runs this pager"),
			opt("H", RoleProgram, "html").does(EffExec, "man runs this browser"),
			val("p", RoleData, "preprocessor").does(EffExec, "man runs preprocessors named here"),
			opt("T", RoleData, "troff-device"), opt("X", RoleData, "gxditview"),
			val("C", RolePath, "config-file").runsFile().does(EffExec, "man reads this configuration, whose DEFINE lines name the programs it runs"),
			val("M", RolePath, "manpath"),
			val("S", RoleData, "sections"), val("s", RoleData), val("m", RoleData, "systems"),
			val("L", RoleData, "locale"), val("e", RoleData, "extension"),
			val("E", RoleData, "encoding"), val("R", RoleData, "recode"),
			val("r", RoleData, "prompt"),
			flag("l", "local-file"), flag("a", "all"), flag("k", "apropos"), flag("f", "whatis"),
			flag("w", "where", "path", "location"), flag("t", "troff"), flag("Z", "ditroff"),
		),
		Operands: operands(RoleData),
	}
}

// vimModel is vim and its relatives, named n. A client option sends keys
// or an expression to another, running vim (--remote-send ":!cmd<CR>"),
// which runs them: the engine does not read them. nvim -l runs a Lua
// script (in vim, -l is Lisp mode).
func vimModel(n string) *Spec {
	const remote = "vim sends keys or an expression to a running vim, which runs them: a shell escape among them"
	flags := "AbCdDfFghHlLmMnNRxXyZ"
	var lua []Option
	if n == "nvim" {
		flags = strings.ReplaceAll(flags, "l", "")
		lua = list(val("l", RolePath).runsFile().does(EffExec, "nvim -l runs a Lua script, which may start any program"))
	}
	return &Spec{
		Name:   n,
		Syntax: Syntax{Permute: true},
		Open:   true,
		Plus:   &Option{Arg: ArgRequired, Role: RoleCode, Lang: LangPager, Effect: EffExec, Why: "vim runs editor commands, which include a shell escape"},
		Options: join(list(
			val("c", RoleCode).code(LangPager).does(EffExec, "vim runs editor commands, which include a shell escape"),
			val("", RoleCode, "cmd").code(LangPager).does(EffExec, "vim runs editor commands, which include a shell escape"),
			Option{Short: "S", Arg: ArgRequired, Role: RolePath, Default: "Session.vim"}.runsFile().does(EffExec, "vim sources this script file"),
			val("u", RolePath).runsFile().does(EffExec, "vim reads its start-up commands from this file"),
			val("U", RolePath), val("i", RolePath), val("T", RoleData), val("w", RolePath),
			val("W", RolePath), val("s", RolePath).runsFile().does(EffExec, "vim reads editor commands from this file"),
			val("t", RoleData), val("q", RolePath), opt("r", RolePath),
			// Its flags, so that a cluster is read to its end (-Nu FILE
			// is -N -u FILE); -o, -O, -p and -V take an attached number.
			// -e and -E are left unknown: after them s is Ex mode's silent
			// flag (-es), not -s FILE, and a cluster with them is judged
			// as one the model does not know.
			opt("o", RoleData), opt("O", RoleData), opt("p", RoleData), opt("V", RoleData),
			val("", RoleCode, "remote-send", "remote-expr").does(EffExec|EffComputed, remote),
			val("", RoleData, "servername", "server", "listen"),
			flag("", "remote", "remote-silent", "remote-wait", "remote-wait-silent", "remote-tab", "remote-tab-silent",
				"remote-tab-wait", "remote-tab-wait-silent", "serverlist", "headless", "embed"),
		), lua, shorts(flags)),
		Operands: operands(RolePath),
		// vim compares its client options in any case (--REMOTE-SEND).
		Judge: func(r *Result, words []string) {
			for i, w := range words {
				l := strings.ToLower(w)
				if i > 0 && w != l && (strings.HasPrefix(l, "--remote-send") || strings.HasPrefix(l, "--remote-expr")) {
					r.Effects |= EffExec | EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: remote})
					return
				}
			}
		},
	}
}

// aptModel is apt-get and apt: their configuration options can name the
// programs they run (APT::Update::Pre-Invoke, DPkg::Pre-Invoke,
// Dir::Bin::dpkg), on the command line or in a file.
func aptModel() *Spec {
	const why = "apt's configuration may name a program it runs (APT::Update::Pre-Invoke, DPkg::Pre-Invoke, Dir::Bin::dpkg)"
	return &Spec{
		Name:   "apt-get",
		Syntax: GNU,
		Open:   true,
		Options: list(
			val("o", RoleData, "option").does(EffComputed, why),
			val("c", RolePath, "config-file").does(EffComputed, why),
			val("t", RoleData, "target-release", "default-release"),
		),
		Operands: operands(RoleData),
	}
}

// jsonPPModel is Perl's json_pp: -f eval reads its input as Perl code.
func jsonPPModel() *Spec {
	return &Spec{
		Name:   "json_pp",
		Syntax: POSIX,
		Open:   true, // -json_opt, spelled with one dash
		Options: list(
			val("f", RoleData), val("t", RoleData), flag("v"), flag("V"),
		),
		Judge: judgeJSONPP,
	}
}

// groffModel is groff and its front ends: in unsafe mode (-U) the .sy and
// .pso requests of its input run shell commands.
func groffModel() *Spec {
	return roffModel("groff", "groff -U runs the shell commands of its input's .sy and .pso requests",
		val("T", RoleData), val("m", RoleData), val("M", RolePath),
		val("F", RolePath).does(EffExec|EffComputed, "groff reads its output devices' descriptions from this directory first, whose postpro and prepro lines name programs it runs"),
		val("I", RolePath), val("P", RoleData), val("d", RoleData), val("n", RoleData),
		val("o", RoleData), val("r", RoleData), val("w", RoleData), val("W", RoleData),
		flag("e"), flag("t"), flag("p"), flag("s"), flag("R"), flag("g"), flag("G"), flag("j"),
		flag("k"), flag("z"), flag("Z"), flag("a"), flag("b"), flag("c"), flag("C"), flag("E"),
		flag("i"), flag("l"), flag("N"), flag("S"), flag("v"), flag("V"), flag("X"), flag("h"))
}

// picModel is GNU pic: in unsafe mode (-U) its sh command runs a shell
// command of its input (copy "FILE" reads a file, which NamesFromInput
// counts).
func picModel() *Spec {
	return roffModel("pic", "pic -U runs the shell commands of its input's sh requests",
		flag("n"), flag("t"), flag("c"), flag("v"), flag("z"), flag("C"), flag("S"), flag("D"))
}

// roffModel is a roff tool whose unsafe mode (-U) runs the shell commands
// of its input (why), with its other options.
func roffModel(name, why string, opts ...Option) *Spec {
	return &Spec{Name: name, Syntax: POSIX, Open: true,
		Options:  append(list(flag("U").does(EffComputed, why)), opts...),
		Operands: operands(RolePath)}
}

// judgeJSONPP reads json_pp's options as Perl's Getopt::Long does (one
// dash or two, any case, a value attached with = or in the next word):
// -f eval, or a format known only at run time, runs the input as Perl.
func judgeJSONPP(r *Result, words []string) {
	for i := 1; i < len(words); i++ {
		name, value, attached := strings.Cut(strings.TrimLeft(words[i], "-"), "=")
		if !strings.HasPrefix(words[i], "-") || !strings.EqualFold(name, "f") {
			continue
		}
		if !attached && i+1 < len(words) {
			value = words[i+1]
		}
		if strings.EqualFold(value, "eval") || Computed(value) {
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: i, Why: "json_pp -f eval runs its input as Perl code"})
			return
		}
	}
}

// jqLoads reports the keyword kw in jq text w as a word of its own,
// followed (after any blanks) by the string that names what it loads:
// import "x", import"x", include\n"x".
func jqLoads(w, kw string) bool {
	for i := 0; i < len(w); {
		k := strings.Index(w[i:], kw)
		if k < 0 {
			return false
		}
		at, end := i+k, i+k+len(kw)
		i = end
		if at > 0 && (isIdentStart(w[at-1]) || w[at-1] >= '0' && w[at-1] <= '9' || w[at-1] == '$') {
			continue
		}
		rest := strings.TrimLeft(w[end:], " \t\r\n")
		if rest != "" && rest[0] == '"' {
			return true
		}
	}
	return false
}

// yqModel is yq as far as its expression's own file loads go. Two
// programs go by the name: mikefarah's yq, whose load operators (load,
// load_str, load_xml, load_props, load_base64, strload, …) read the file
// their argument names, and whose -s (--split-exp) writes each result to
// a file named by what an expression computes; and the Python yq, a jq
// wrapper (import and include, as jq's). Neither file shows as a word.
func yqModel() *Spec {
	return &Spec{Name: "yq", Syntax: Syntax{Permute: true}, Open: true,
		Options: list(val("L", RolePath), val("f", RolePath, "from-file").runsFile(),
			val("s", RoleData, "split-exp").does(EffComputed, "yq -s writes each result to a file named by what its expression computes, which the engine does not know")),
		Judge: func(r *Result, words []string) {
			for i, w := range words {
				if i > 0 && (yqLoads(w) || jqLoads(w, "import") || jqLoads(w, "include")) {
					r.Effects |= EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: i,
						Why: "yq's load operators (load_str(\".env\")), and import and include, read a file the expression names: a file no word shows"})
					return
				}
			}
		}}
}

// yqLoads reports a load operator of mikefarah's yq in w: a name that
// starts with load or strload, at the start of a name, followed (after
// any blanks) by an opening parenthesis.
func yqLoads(w string) bool { return calls(w, "load", false) || calls(w, "strload", false) }

// calls reports a call in code text w of the function name (or, unless
// whole, of any name that starts with it): the name at the start of a
// name (not a method, x.load(…), nor part of another, xload), then, after
// any blanks, an opening parenthesis.
func calls(w, name string, whole bool) bool {
	for i := 0; i < len(w); {
		k := strings.Index(w[i:], name)
		if k < 0 {
			return false
		}
		at := i + k
		i = at + len(name)
		if at > 0 && (isIdentStart(w[at-1]) || w[at-1] >= '0' && w[at-1] <= '9' || w[at-1] == '$' || w[at-1] == '.') {
			continue
		}
		end := i
		for !whole && end < len(w) && (isIdentStart(w[end]) || w[end] >= '0' && w[end] <= '9') {
			end++
		}
		if rest := strings.TrimLeft(w[end:], " \t\r\n"); rest != "" && rest[0] == '(' {
			return true
		}
	}
	return false
}

// jqModel is jq as far as its program's own file loads go: import and
// include load a module or a data file by a name in the program, from
// the module path (-L DIR, ~/.jq, the program's directory), which no word
// of the command shows as a path. Its other options and operands are
// read as any program's words are.
func jqModel() *Spec {
	return &Spec{Name: "jq", Syntax: Syntax{Permute: true}, Open: true,
		// A program file (-f) is code: written first by the command, it may
		// import any file (import "config" as $d {search: "~/.docker"}).
		Options: list(val("L", RolePath), val("f", RolePath, "from-file").runsFile()),
		Judge: func(r *Result, words []string) {
			for i, w := range words {
				if i > 0 && (jqLoads(w, "import") || jqLoads(w, "include")) {
					r.Effects |= EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: i,
						Why: "jq's import and include load a file the program names, from its module path: a file no word shows"})
					return
				}
			}
		}}
}
