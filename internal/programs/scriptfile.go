package programs

import (
	"net/url"
	"path"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/programs/argmodel"
)

// ScriptFile returns the index in view v of the file that v runs as a
// program: the script operand of a shell (bash x.sh) or an interpreter
// (python3 x.py), the file a sourcer reads (. x.sh), or the program
// itself when it is named by a path (./x.sh). It returns -1 when v runs
// no file: code given with -c or -e, a program found on PATH, standard
// input. bits are WordBits(v[0]).
func ScriptFile(v []string, bits Bits) int {
	if len(v) == 0 {
		return -1
	}
	if bits&PathName != 0 && bits&(Shell|Interpreter|Source) == 0 {
		return 0
	}
	if bits&(Shell|Interpreter|Source|Reader) == 0 {
		return -1
	}
	if from, i := ProgramOf(v); from == FromOperand {
		return i
	}
	return -1
}

// CodeFiles calls fn with each file that view v (its program first) runs
// or loads as code through an option of its model (Option.NamesCode): sed
// -f FILE, awk -f FILE, gawk -i FILE, vim -S FILE, bash --rcfile FILE,
// and (module set) a module the program runs (node -r, node --import,
// ruby -r, python3 -m). The model
// reads the options as the program does: in a cluster
// (sed -nf FILE), with the value attached (awk -fFILE, --file=FILE) and
// abbreviated (sed --fil FILE). computed is set for a value the shell
// computes (its word's flags meet mask). A view longer than MaxModelWords
// is not read (Judge says it is too long for its model).
func CodeFiles(v []string, flags []uint8, mask uint8, fn func(text string, computed, module bool)) {
	if len(v) == 0 || len(v) > MaxModelWords {
		return
	}
	if k := pythonModuleAt(v); k > 0 {
		// python3 -m pip --python=./x: the module reads its words as the
		// program of that name does (pip --python ./x).
		var tail []uint8
		if len(flags) == len(v) {
			tail = flags[k:]
		}
		CodeFiles(v[k:], tail, mask, fn)
	}
	m := argmodel.Lookup(v[0])
	if m == nil || !m.NamesCodeFiles() {
		return
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, flags, mask)
	for _, it := range r.Items {
		if it.Kind == argmodel.KindValue && it.Opt != nil && it.Opt.NamesCode() {
			fn(it.Text, it.Computed, it.Opt.Module)
		}
		if it.Kind == argmodel.KindValue && it.Lang == argmodel.LangJS && !it.Computed {
			// node -e 'require("./z")': the code loads a file by its path.
			argmodel.JSRelativeModules(it.Text, func(mod string) { fn(mod, false, true) })
		}
	}
	readings.Put(r)
}

// pythonModuleAt returns the place of the module word of python -m MOD
// in v (the module's words run from there), or 0: only for a module the
// catalog models as a program (pip, pytest).
func pythonModuleAt(v []string) int {
	if len(v) < 3 || !argmodel.IsPython(v[0]) {
		return 0
	}
	for k := 1; k+1 < len(v); k++ {
		switch w := v[k]; {
		case w == "-m":
			if argmodel.Lookup(v[k+1]) != nil {
				return k + 1
			}
			return 0
		case w == "--" || w == "" || w[0] != '-':
			return 0
		}
	}
	return 0
}

// PythonPathDir returns, for a view that runs Python, the directory
// Python searches for modules before its own library: the script's own
// directory for a script (python3 scripts/report.py imports json from
// scripts/json.py first), the working directory (".") for code given
// with -c, a module run with -m or a program read from standard input.
// ok is false for a view that runs no Python. (-I and -P leave the
// directory out; they are not read: the safe side.)
func PythonPathDir(v []string) (dir string, ok bool) {
	if len(v) < 2 || !argmodel.IsPython(v[0]) {
		return "", false
	}
	if from, k := ProgramOf(v); from == FromOperand && k > 0 && k < len(v) {
		return path.Dir(v[k]), true
	}
	return ".", true
}

// InitFile returns the file of commands sqlite3 -init FILE runs before
// anything else, or "".
func InitFile(v []string) string {
	if len(v) < 3 || BaseName(v[0]) != "sqlite3" {
		return ""
	}
	for j := 1; j+1 < len(v); j++ {
		if v[j] == "-init" || v[j] == "--init" {
			return v[j+1]
		}
	}
	return ""
}

// DownloadsTo returns the files a download names after its URL, appended
// to out: wget URL's last path component (without -O), curl -O URL's, in
// the directory wget -P DIR or curl --output-dir DIR names, and under
// the URL's host and directories for wget -x (without the host for -nH).
// Percent escapes are decoded as the programs decode them (%2Egit is
// .git). The files an output option names (curl -o FILE, wget -O FILE)
// are Written's.
func DownloadsTo(v []string, out []string) []string {
	if len(v) == 0 {
		return out
	}
	var dir string
	tree, noHost, cut := false, false, 0
	seps := "/" // where the name starts: after the last of them
	switch name := BaseName(v[0]); {
	case name == "wget" && !hasOption(v, 'O', "output-document"):
		dir = optionValue(v, 'P', "directory-prefix")
		tree = hasOption(v, 'x', "force-directories")
		noHost = hasOption(v, 0, "no-host-directories") || hasCluster(v, "nH")
		if n, err := strconv.Atoi(optionValue(v, 0, "cut-dirs")); err == nil {
			cut = n
		}
	case name == "curl" && hasOption(v, 'O', "remote-name"):
		dir = optionValue(v, 0, "output-dir")
		seps = "/\\" // curl -O ends the name at a backslash too (a\.bashrc is .bashrc)
	default:
		return out
	}
	for _, w := range v[1:] {
		i := strings.Index(w, "://")
		if i < 0 {
			continue
		}
		rest := w[i+3:]
		if j := strings.IndexAny(rest, "?#"); j >= 0 {
			rest = rest[:j]
		}
		host, p, _ := strings.Cut(rest, "/")
		if dec, err := url.PathUnescape(p); err == nil {
			p = dec
		}
		for k := 0; k < cut && strings.Contains(p, "/"); k++ {
			p = p[strings.IndexByte(p, '/')+1:] // wget --cut-dirs=N
		}
		name := p
		switch {
		case tree && noHost:
		case tree:
			name = host + "/" + p
		default:
			name = p[strings.LastIndexAny(p, seps)+1:]
		}
		if name == "" || strings.HasSuffix(name, "/") {
			continue
		}
		if dir != "" {
			name = strings.TrimSuffix(dir, "/") + "/" + name
		}
		out = append(out, name)
	}
	return out
}

// optionValue returns the value of the option of v spelled by letter
// (0: none) or by long or a prefix of it: attached, or the next word.
func optionValue(v []string, letter byte, long string) string {
	for k := 1; k < len(v); k++ {
		w := v[k]
		switch {
		case w == "--":
			return ""
		case strings.HasPrefix(w, "--"):
			name, val, attached := strings.Cut(w[2:], "=")
			if len(name) > 2 && strings.HasPrefix(long, name) {
				if attached {
					return val
				}
				if k+1 < len(v) {
					return v[k+1]
				}
			}
		case letter != 0 && len(w) > 1 && w[0] == '-' && w[len(w)-1] == letter && k+1 < len(v):
			return v[k+1]
		case letter != 0 && len(w) > 2 && w[0] == '-' && w[1] == letter:
			return w[2:]
		}
	}
	return ""
}

// hasCluster reports a short-option word of v that holds letters in a
// row (wget -nH, -xnH, -nHx).
func hasCluster(v []string, letters string) bool {
	for _, w := range v[1:] {
		if len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.Contains(w[1:], letters) {
			return true
		}
	}
	return false
}

// hasOption reports an option word of v that is the short option letter
// (alone or in a cluster) or long, or a prefix of long.
func hasOption(v []string, letter byte, long string) bool {
	for _, w := range v[1:] {
		switch {
		case w == "--":
			return false
		case strings.HasPrefix(w, "--"):
			name, _, _ := strings.Cut(w[2:], "=")
			if len(name) > 2 && (strings.HasPrefix(long, name) || strings.HasPrefix(name, long)) {
				return true
			}
		case letter != 0 && len(w) > 1 && w[0] == '-' && strings.IndexByte(w[1:], letter) >= 0:
			return true
		}
	}
	return false
}

// ChangesModulePath reports a view whose Python code given on the
// command line may change where Python finds modules (sys.path.insert,
// from sys import path): a module it loads may be any Python file,
// wherever the command writes one (argmodel.ChangesModuleSearch).
func ChangesModulePath(v []string) bool {
	return findItem(v, func(it argmodel.Item) bool {
		return it.Kind == argmodel.KindValue && it.Lang == argmodel.LangPython && argmodel.ChangesModuleSearch(it.Text)
	})
}
