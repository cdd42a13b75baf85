package programs

import (
	"path"
	"strings"

	"github.com/permengine/permengine/internal/hostdirs"
	"github.com/permengine/permengine/internal/programs/argmodel"
)

// Where shells and interpreters take their program from: the script
// operand (bash x.sh, python3 x.py), standard input (bash, python3 -, a
// here-document), or nowhere the engine reads as a file (code given on the
// command line, an option that prints and exits). One reading serves the
// write-then-run check (ScriptFile) and the readers of standard input.

// ProgramFrom says where a view takes its program from.
type ProgramFrom uint8

const (
	FromNothing ProgramFrom = iota // code on the command line, it prints and exits, or no program reader
	FromOperand                    // a script operand, at the index returned
	FromStdin                      // its standard input
)

// readerRow is how an interpreter's command line gives its program: the
// options that give code on it (-c CODE), the options that take the next
// word as their value, and the options that print and exit.
type readerRow struct {
	code, values, exits string
	// interactive are the options after which the program, once it has
	// run its code or script, reads more from its input (python -i, node
	// -i): with one, the input is its program too.
	interactive string
	// codeEnds: the code option ends the options (python -c CODE ARGS…).
	codeEnds bool
	// search are the options that make the program look for its files
	// or modules in a directory (m4 -I DIR, ruby -I DIR) or load a module
	// by name (lua -l NAME): with one, a file the command wrote may be
	// what it runs, by a name no word shows.
	search string
	// files are the options whose value is a file holding the program
	// (dc -f FILE), for a program without a model: standard input when
	// that value is /dev/stdin or -, else a script operand. A model
	// marks such options itself (Option.RunsFile: awk -f, vim -S).
	files string
	// text: no operand is the program's file (awk's and sed's first is
	// its text, vim's are the files it edits), and without one it reads
	// no program from its input; stdin: the program reads commands from
	// its input whatever its operands are (gdb).
	text, stdin bool
	// traitlets: an option --Class.trait[=VALUE] sets the program's
	// configuration, which may run code (IPython's exec_lines): code.
	traitlets bool
	// verbs are the words that, as the first operand, are the program's
	// own subcommand, and its script follows (tsx watch FILE).
	verbs string
}

// readerRows are the interpreters whose command line the engine reads;
// each reads its program from standard input when given none. Which
// options take the next word as their value is the model's to say where
// the program has one (node, python): values lists them for the others,
// and the ones a model lacks.
var readerRows = withUnread(map[string]readerRow{
	"python": {code: "-c -m", exits: pyExit, interactive: "-i", codeEnds: true}, "python2": {code: "-c -m", exits: pyExit, interactive: "-i", codeEnds: true}, "python3": {code: "-c -m", exits: pyExit, interactive: "-i", codeEnds: true},
	"pypy": {code: "-c -m", exits: pyExit, interactive: "-i", codeEnds: true}, "pypy3": {code: "-c -m", exits: pyExit, interactive: "-i", codeEnds: true},
	"node":   {code: "-e -p --eval --print", exits: nodeExit, interactive: "-i --interactive"},
	"nodejs": {code: "-e -p --eval --print", exits: nodeExit, interactive: "-i --interactive"},
	"perl":   {code: "-e -E", values: "-I -M -m -F -D", exits: "-v --version -h --help", interactive: "-d", search: "-I"}, "ruby": {code: "-e", values: "-r -I -C", exits: "--version -h --help", search: "-I -r"},
	"php": {code: "-r -f", values: "-d -c -z", exits: "-v --version -h --help"},
	"lua": {code: "-e", values: "-l", exits: "-v", search: "-l"}, "luajit": {code: "-e", values: "-l", exits: "-v", search: "-l"}, "tclsh": {code: "", values: "", exits: ""}, "Rscript": {code: "-e", values: "", exits: "--version --help"},
	"osascript": {code: "-e", values: "-l", exits: ""},
	"pwsh":      {code: pwshCode, values: "", exits: pwshExit}, "powershell": {code: pwshCode, values: "", exits: pwshExit},
	"nu": {code: "-c --commands", values: "", exits: "-v --version -h --help"}, "xonsh": {code: "-c", values: "", exits: "-V --version -h --help"},
	"elvish": {code: "-c", exits: "-version -help"},
	"awk":    {values: "-v -F -W", exits: "--version", text: true, search: "-i -l --include --load"},
	"gawk":   {values: "-v -F -W", exits: "--version", text: true, search: "-i -l --include --load"},
	"sed":    {code: "-e --expression", values: "-l", exits: "--version --help", text: true},
	"vim":    {code: "-c --cmd", exits: "--version -h --help", text: true},
	"nvim":   {code: "-c --cmd", exits: "--version -h --help", text: true},
	"gdb":    {code: "-ex -iex --eval-command", values: "-p --pid -cd -d --directory -s --symbols -e --exec -c --core", exits: "--version --help", stdin: true},
})

const (
	pyExit   = "-V --version -h --help"
	nodeExit = "-v --version -h --help --test --run" // --test and --run run the project's tests or a script of package.json, not a program from the input
	pwshCode = "-c -Command -command -EncodedCommand -ec -e"
	pwshExit = "-v -Version -version -h -Help -help -?"
)

// unreadLangs are the interpreters of languages the engine does not read
// (UnreadCode): code given to them may start any program. They are
// readerRows and interpreters both, from this one table.
var unreadLangs = map[string]readerRow{
	"dc": {code: "-e --expression", files: "-f --file", exits: "-V --version -h --help"},
	// m4 -D NAME=BODY defines a macro whose body m4 reads again as code
	// wherever the name stands in its input (-D 'x=esyscmd(id)').
	"m4":     {code: "-D --define", values: "-U -I -d -l -o -F -R --undefine --include --debug --arglength --error-output --freeze-state --reload-state", exits: "--version --help", search: "-I --include"},
	"guile":  {code: "-c", values: "-l -e -L -x -C", exits: "-v --version -h --help", search: "-L -C"},
	"racket": {code: "-e --eval", values: "-l --lib -t --require -r -f --load -u -k -S", exits: "-v --version -h --help"},
	"sbcl":   {code: "--eval", values: "--load --core --dynamic-space-size --control-stack-size", exits: "--version --help"},
	"clisp":  {code: "-x", values: "-i -M -m -L", exits: "--version --help"},
	"julia":  {code: "-e --eval -E --print", values: "-L --load --project -J --sysimage -t --threads", exits: "-v --version -h --help"},
	"octave": {code: "--eval", values: "-p --path", exits: "-v --version -h --help"}, "octave-cli": {code: "--eval", values: "-p --path", exits: "-v --version -h --help"},
	"gnuplot": {code: "-e", exits: "-V --version -h --help"},
	"raku":    {code: "-e", values: "-I -M", exits: "-v --version -h --help"}, "perl6": {code: "-e", values: "-I -M", exits: "-v --version -h --help"},
	// erl -s and -run call a function of any module with the words after
	// them (-run os cmd 'sudo id'): code as much as -eval is.
	"erl": {code: "-eval -s -run", values: "-pa -pz -sname -name -setcookie -config", exits: "-version"},
	// lli runs LLVM IR, from its file or standard input.
	// lli loads shared objects and other modules as code (-load, -dlopen,
	// -extra-object …).
	"lli": {files: "-load --load -dlopen --dlopen -extra-module --extra-module -extra-object --extra-object -extra-archive --extra-archive",
		values: "-entry-function --entry-function", exits: "--version -help --help"},
	// debugfs reads its requests (! runs a shell command) from -R, a file
	// of -f, or its input whatever its operand, the file system image.
	"debugfs": {code: "-R", files: "-f", values: "-b -s -d -z", exits: "-V", stdin: true},
	// logrotate's operand is its configuration, whose postrotate,
	// prerotate, firstaction and lastaction blocks are shell scripts.
	"logrotate": {values: "-s --state -l --log -m --mail", exits: "--version --help --usage"},
	"elixir":    {code: "-e --eval", values: "-r -pr -pa -pz --sname --name --cookie", exits: "-v --version -h --help"},
	"iex":       {code: "-e --eval", values: "-r -pa -pz --sname --name --cookie", exits: "-v --version -h --help"},
	"tsx":       {code: "-e --eval -p --print", values: "--tsconfig", exits: "-v --version -h --help", verbs: "watch"}, "ts-node": {code: "-e --eval -p --print", values: "-r --require -P --project", exits: "-v --version -h --help"},
	"R": {code: "-e", values: "-f --file", exits: "--version -h --help"}, "wish": {code: "", values: "", exits: ""},
	"groovy": {code: "-e", values: "-cp --classpath", exits: "-v --version -h --help"}, "scala": {code: "-e", values: "-cp -classpath", exits: "-version -help"},
	"swipl": {code: "-g -t", values: "-f -s -l -x", exits: "--version --help"}, "jshell": {values: "--class-path --module-path", exits: "--version --help"},
	"ocaml":      {values: "-I -init", exits: "-version -vnum"},
	"irb":        {values: "-I -r -E --encoding --context-mode --prompt --prompt-mode", exits: "-v --version -h --help"},
	"erb":        {values: "-T -r -E --encoding", exits: "-v --version -h --help"},
	"jrunscript": {code: "-e", values: "-cp -classpath -l -f", exits: "-q -help"},
	// lldb's commands include platform shell and script (Python); it
	// reads them from its input as gdb does.
	"lldb": {code: "-o --one-line -O --one-line-before-file -k --one-line-on-crash", files: "-s --source -S --source-before-file -K --source-on-crash",
		values: "-p --attach-pid -n --attach-name -c --core -a --arch -f --file -l --script-language -R --repl-language", exits: "-v --version -h --help", stdin: true},
	// IPython: !cmd runs a shell command. It runs a script and exits, or
	// reads its commands from its input when given none, and after the
	// script with -i. Its configuration options (--Class.trait=VALUE,
	// traitlets: exec_lines, extensions) and the profile and directories
	// it takes start-up scripts and configuration from are code too.
	"ipython": {code: "-c -m --profile --profile-dir --ipython-dir --config --ext", values: "--log-level --colors --logfile --logappend",
		exits: "--version -h --help", interactive: "-i", traitlets: true},
}

// withUnread adds the rows of unreadLangs to rows.
func withUnread(rows map[string]readerRow) map[string]readerRow {
	for name, row := range unreadLangs {
		rows[name] = row
	}
	return rows
}

// anyReader is every row's options at once, for an interpreter without a
// row of its own (deno, bun): an option any of them gives code with or
// that takes a value is taken to do so.
var anyReader = func() readerRow {
	var r readerRow
	for _, row := range readerRows {
		r.code += " " + row.code
		r.values += " " + row.values
	}
	return r
}()

// rowOf returns the reader row of program name: by the name, without its
// version (python3.11), or by the name of the catalog's model it is one
// of the names of (gdbtui is gdb).
func rowOf(name string) (readerRow, bool) {
	if row, ok := readerRows[name]; ok {
		return row, true
	}
	if row, ok := readerRows[argmodel.Versionless(name)]; ok {
		return row, true
	}
	if m := argmodel.Lookup(name); m != nil {
		row, ok := readerRows[m.Name]
		return row, ok
	}
	return readerRow{}, false
}

// SearchOption returns the option of view v (its program first) that
// makes it look for its files or modules in a directory or load a module
// by name (readerRow.search), as written, or "".
func SearchOption(v []string) string {
	if len(v) < 2 {
		return ""
	}
	row, ok := rowOf(BaseName(v[0]))
	if !ok || row.search == "" {
		return ""
	}
	for j, w := range v[1:] {
		if w == "--" || w == "" || w[0] != '-' {
			continue
		}
		for _, o := range strings.Fields(row.search) {
			if w == o || strings.HasPrefix(w, o) && (len(o) == 2 || w[len(o)] == '=') {
				value := strings.TrimPrefix(strings.TrimPrefix(w, o), "=")
				if w == o && j+2 < len(v) {
					value = v[j+2]
				}
				if path.IsAbs(value) && hostdirs.Written(path.Clean(value)) {
					continue // perl -I/usr/lib/x: a system directory, which a write there already asks for
				}
				return w
			}
		}
	}
	return ""
}

// ProgramOf returns where view v (its program first) takes its program
// from, and for FromOperand the index of the script operand. A shell reads
// sh [options] [script [args…]], a sourcer . FILE, an interpreter its
// row's options; an interpreter without a row is read with every row's
// options and is never said to read standard input.
func ProgramOf(v []string) (ProgramFrom, int) {
	if len(v) == 0 {
		return FromNothing, -1
	}
	bits := BitsOf(v[0])
	switch {
	case bits&Shell != 0:
		return shellProgram(v)
	case bits&Source != 0:
		i := 1
		if i < len(v) && v[i] == "--" {
			i++
		}
		if i < len(v) {
			return FromOperand, i
		}
		return FromNothing, -1
	}
	if row, ok := rowOf(v[0]); ok {
		return interpreterProgram(v, row)
	}
	if bits&Interpreter != 0 {
		if from, i := interpreterProgram(v, anyReader); from == FromOperand {
			return from, i
		}
	}
	return FromNothing, -1
}

// ReadsStdinToo reports a view whose program runs a script operand and
// then reads more code from its standard input: an interactive option
// given with the script (python3 -i x.py, perl -d x.pl, ipython -i x.py).
func ReadsStdinToo(v []string) bool {
	if len(v) < 2 {
		return false
	}
	row, ok := rowOf(BaseName(v[0]))
	if !ok || row.interactive == "" {
		return false
	}
	from, _ := ProgramOf(v)
	return from == FromOperand && interactiveGiven(v, row)
}

// shellProgram reads "sh [options] [script [args…]]".
func shellProgram(v []string) (ProgramFrom, int) {
	for j := 1; j < len(v); j++ {
		w := v[j]
		switch {
		case w == "--" || w == "-":
			if j+1 < len(v) {
				return FromOperand, j + 1
			}
			return FromStdin, -1
		case w == "--version" || w == "--help":
			return FromNothing, -1
		case w == "--rcfile" || w == "--init-file":
			j++
		case strings.HasPrefix(w, "--"):
		case w == "+":
			// An empty group of options: bash and dash read on (bash + -c
			// CMD runs CMD, bash + x.sh runs x.sh).
		case len(w) > 1 && (w[0] == '-' || w[0] == '+'):
			if w[0] == '-' && strings.IndexByte(w, 'c') > 0 {
				return FromNothing, -1 // the script is an argument (-c)
			}
			if w[0] == '-' && strings.IndexByte(w, 's') > 0 {
				return FromStdin, -1
			}
			if strings.ContainsAny(w[1:], "oO") {
				j++ // -o errexit, +O extglob
			}
		default:
			return FromOperand, j
		}
	}
	return FromStdin, -1
}

// interpreterProgram reads "python [options] [script [args…]]" and the
// like, with the options of row.
func interpreterProgram(v []string, row readerRow) (ProgramFrom, int) {
	m := argmodel.Lookup(v[0])
	verb := false
	for j := 1; j < len(v); j++ {
		w := v[j]
		if row.files != "" && len(w) > 1 && w[0] == '-' {
			name, val, attached := strings.Cut(w, "=")
			if hasField(row.files, name) {
				if !attached {
					if j+1 >= len(v) {
						return FromNothing, -1
					}
					j++
					val = v[j]
				}
				if val == "-" || val == "/dev/stdin" || val == "/dev/fd/0" || strings.HasPrefix(val, "<(") {
					return FromStdin, -1
				}
				if attached {
					continue // --file=x.awk: compared by its word only when it stands alone
				}
				return FromOperand, j
			}
		}
		if w == "-" && row.text {
			return FromNothing, -1 // vim -: its input is the text it edits
		}
		if w == "-" {
			return FromStdin, -1
		}
		if w == "--" {
			if j+1 < len(v) {
				return FromOperand, j + 1
			}
			return FromStdin, -1
		}
		if len(w) > 1 && w[0] == '-' {
			name := w
			if k := strings.IndexByte(w, '='); k > 0 {
				name = w[:k]
			}
			if hasField(row.code, name) || len(name) > 2 && name[1] != '-' && clusterCode(name, row, m) {
				if row.interactive != "" && interactiveGiven(v, row) {
					return FromStdin, -1 // python -i -c 1: then its input, as code
				}
				return FromNothing, -1 // code on the command line
			}
			if hasField(row.exits, w) {
				return FromNothing, -1 // it prints and exits
			}
			if takesValue(row, m, w) {
				j++
			}
			continue
		}
		switch {
		case row.stdin:
			return FromStdin, -1 // gdb PROGRAM still reads its commands from its input
		case row.text:
			return FromNothing, -1 // awk 'PROGRAM' FILE…: the program is text
		case hasField(row.verbs, w) && !verb:
			verb = true // tsx watch FILE: the script follows the verb
			continue
		}
		return FromOperand, j
	}
	if row.text {
		return FromNothing, -1 // awk with no program fails; it reads none from its input
	}
	return FromStdin, -1
}

// takesValue reports an option of a reader row's program that takes the
// next word as its value: by the program's model m where it has one
// (node --title T, python3 -W ARG), else by the row.
func takesValue(row readerRow, m *argmodel.Spec, o string) bool {
	return hasField(row.values, o) || m.ValueInNextWord(o)
}

// clusterCode reports a cluster of letters (python -Bc, -ic; node -pe)
// holding a letter whose option gives code, read left to right up to a
// letter that takes a value: the rest is that value (python -Wmodule).
func clusterCode(w string, row readerRow, m *argmodel.Spec) bool {
	for k := 1; k < len(w); k++ {
		o := "-" + w[k:k+1]
		switch {
		case hasField(row.code, o):
			return true
		case takesValue(row, m, o):
			return false
		}
	}
	return false
}

// interactiveGiven reports one of row's interactive options among the
// options of view v (python3 -i -c 1, -ic; perl -d -e 1), read as the
// program reads them: clusters letter by letter up to a letter that takes
// a value, values skipped, options ended by the first operand or "--",
// and, where codeEnds, by the code option (python3 -c 1 -i gives -i to
// the code as an argument; python3 -m pip install -i URL, to pip).
func interactiveGiven(v []string, row readerRow) bool {
	m := argmodel.Lookup(v[0])
	for j := 1; j < len(v); j++ {
		w := v[j]
		if w == "--" || len(w) < 2 || w[0] != '-' {
			return false
		}
		if strings.HasPrefix(w, "--") {
			name, _, attached := strings.Cut(w, "=")
			switch {
			case hasField(row.interactive, name):
				return true
			case hasField(row.code, name) && row.codeEnds:
				return false
			case (hasField(row.code, name) || takesValue(row, m, name)) && !attached:
				j++
			}
			continue
		}
		for k := 1; k < len(w); k++ {
			o := "-" + w[k:k+1]
			if hasField(row.interactive, o) {
				return true
			}
			code := hasField(row.code, o)
			if code && row.codeEnds {
				return false
			}
			if code || takesValue(row, m, o) {
				if k+1 == len(w) {
					j++ // its value is the next word
				}
				break
			}
		}
	}
	return false
}

// unreadCodeOption reports an option word that may give code: one of the
// code options, an abbreviation of a long one (dc --exp for
// --expression), or a cluster of single letters holding a code letter
// (julia -qe). A single-dash long name (erl -eval) counts whole or as a
// prefix.
func unreadCodeOption(code, w string) bool {
	for _, c := range strings.Fields(code) {
		switch {
		case w == c:
			return true
		case strings.HasPrefix(c, "--") && len(w) > 3 && strings.HasPrefix(w, "--") && strings.HasPrefix(c, w):
			return true // an abbreviation
		case len(c) == 2 && len(w) > 2 && w[1] != '-' && strings.IndexByte(w[1:], c[1]) >= 0:
			return true // a cluster holding the letter
		case len(c) > 2 && c[1] != '-' && len(w) > 2 && strings.HasPrefix(c, w):
			return true // -ev for erl's -eval
		}
	}
	return false
}

// UnreadCode returns why view v runs code given on its command line in
// a language the engine does not read (lua -e, dc -e, julia -e, erl
// -eval): such code may start any program, so the program is computed.
// It returns "" for a program that is no interpreter, one with a model
// (whose own reading judges its code), and code that is none.
func UnreadCode(v []string) string {
	if len(v) < 2 || BitsOf(v[0])&Interpreter == 0 {
		return ""
	}
	name := argmodel.Versionless(BaseName(v[0]))
	if argmodel.Lookup(name) != nil {
		return ""
	}
	row, ok := readerRows[name]
	if !ok || row.code == "" {
		return ""
	}
	for j := 1; j < len(v); j++ {
		w := v[j]
		if w == "--" || len(w) < 2 || w[0] != '-' {
			return "" // the script and its arguments
		}
		opt, _, _ := strings.Cut(w, "=")
		if unreadCodeOption(row.code, opt) || row.traitlets && strings.HasPrefix(opt, "--") && strings.IndexByte(opt, '.') > 2 {
			return v[0] + " " + opt + " runs code in a language the engine does not read, which may start any program"
		}
		if hasField(row.exits, w) {
			return ""
		}
		if hasField(row.values, w) {
			j++
		}
	}
	return ""
}
