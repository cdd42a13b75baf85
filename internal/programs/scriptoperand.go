package programs

import (
	"strings"

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
type readerRow struct{ code, values, exits string }

// readerRows are the interpreters whose command line the engine reads;
// each reads its program from standard input when given none.
var readerRows = map[string]readerRow{
	"python": {"-c -m", "-W -X", pyExit}, "python2": {"-c -m", "-W -X", pyExit}, "python3": {"-c -m", "-W -X", pyExit},
	"pypy": {"-c -m", "-W -X", pyExit}, "pypy3": {"-c -m", "-W -X", pyExit},
	"node":   {"-e -p --eval --print", "-r --require --import --loader --experimental-loader -C --conditions", nodeExit},
	"nodejs": {"-e -p --eval --print", "-r --require --import --loader --experimental-loader -C --conditions", nodeExit},
	"perl":   {"-e -E", "-I", "-v --version -h --help"}, "ruby": {"-e", "-r -I -C", "--version -h --help"},
	"php": {"-r -f", "-d -c -z", "-v --version -h --help"},
	"lua": {"-e", "-l", "-v"}, "luajit": {"-e", "-l", "-v"}, "tclsh": {"", "", ""}, "Rscript": {"-e", "", "--version --help"},
	"osascript": {"-e", "-l", ""},
	"pwsh":      {pwshCode, "", pwshExit}, "powershell": {pwshCode, "", pwshExit},
	"nu": {"-c --commands", "", "-v --version -h --help"}, "xonsh": {"-c", "", "-V --version -h --help"},
	"elvish": {"-c", "", "-version -help"},
}

const (
	pyExit   = "-V --version -h --help"
	nodeExit = "-v --version -h --help"
	pwshCode = "-c -Command -command -EncodedCommand -ec -e"
	pwshExit = "-v -Version -version -h -Help -help -?"
)

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
	row, ok := readerRows[v[0]]
	if !ok {
		row, ok = readerRows[argmodel.Versionless(v[0])] // python3.11
	}
	if ok {
		return interpreterProgram(v, row)
	}
	if bits&Interpreter != 0 {
		if from, i := interpreterProgram(v, anyReader); from == FromOperand {
			return from, i
		}
	}
	return FromNothing, -1
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
	for j := 1; j < len(v); j++ {
		w := v[j]
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
			if hasField(row.code, name) || len(name) > 2 && name[1] != '-' && hasField(row.code, name[:2]) {
				return FromNothing, -1 // code on the command line
			}
			if hasField(row.exits, w) {
				return FromNothing, -1 // it prints and exits
			}
			if hasField(row.values, w) {
				j++
			}
			continue
		}
		return FromOperand, j
	}
	return FromStdin, -1
}
