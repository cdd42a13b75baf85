package programs

import (
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/programs/argmodel"
)

// Programs that read commands, from their arguments or their input, some
// of which run a shell command or write any file the command names: ed's
// "!cmd" and "w FILE", sqlite3's .shell and .output, psql's \! and COPY …
// PROGRAM, mysql's system and INTO OUTFILE. The engine reads their text
// for those commands; what it cannot read (input from a pipe or a file)
// may hold them.

// escapeRow says how a program takes its commands: which options give
// them, whether operands after the first are commands (sqlite3 DB SQL…),
// and which text runs a shell or writes a file.
type escapeRow struct {
	codeOpts  string // space-separated options whose value is commands (-c, --command=…)
	valueOpts string // space-separated options that take the next word as their value (a database client's, from its model)
	operands  bool   // operands after the first (the database) are commands
	stdinOnly bool   // commands come from the input only (ed)
	// pipeOpts are the options whose value, when it starts with |, is a
	// shell command the output goes to (psql -o '|cmd').
	pipeOpts string
	// given: commands come only from an input the command gives it (a
	// pipe, a here-document or here-string): vim outside Ex mode, which
	// reads its input as keys only where it is not a terminal.
	given   bool
	escapes func(text string) bool
}

var escapeRows = map[string]escapeRow{
	// ed and ex: every command may run a shell (!) or write a file (w).
	"ed": {stdinOnly: true, escapes: anyCommand},
	"ex": {stdinOnly: true, escapes: anyCommand},
	// sqlite3 takes each option with one dash or two (--cmd is -cmd).
	"sqlite3": {codeOpts: "-cmd --cmd", operands: true, escapes: sqliteEscapes,
		valueOpts: "-init -separator -newline -nullvalue -mmap -vfs -heap -maxsize -lookaside -pagecache -pcachetrace --init --separator --newline --nullvalue --mmap --vfs --heap --maxsize --lookaside --pagecache --pcachetrace"},
	// duckdb's shell is sqlite3's, with its dot-commands (.shell, .system).
	"duckdb":  {codeOpts: "-c -s -cmd", operands: true, escapes: duckdbEscapes, valueOpts: "-init -separator -newline -nullvalue"},
	"psql":    {codeOpts: "-c --command", pipeOpts: "-o --output", escapes: psqlEscapes, valueOpts: strings.Join(argmodel.ClientValueOptions("psql"), " ")},
	"mysql":   {codeOpts: "-e --execute", escapes: mysqlEscapes, valueOpts: strings.Join(argmodel.ClientValueOptions("mysql"), " ")},
	"mariadb": {codeOpts: "-e --execute", escapes: mysqlEscapes, valueOpts: strings.Join(argmodel.ClientValueOptions("mariadb"), " ")},
}

func anyCommand(text string) bool { return strings.TrimSpace(text) != "" }

// exModeEditors are the names of vim (argmodel.VimNames, ex aside): with
// -e or -E it is ex (vim -es reads Ex commands from its input, and !cmd
// runs a shell command), and otherwise, given an input that is not a
// terminal, it reads that input as keys (:!cmd). Each has the Commands
// bit.
// TakesCommands reports a program whose words, files and input are
// commands it runs, some of which run a shell or write files (ed,
// sqlite3, psql, mysql): a rule of it that shows some of its commands
// allows whatever commands follow them.
func TakesCommands(name string) bool {
	_, row := escapeRows[argmodel.Versionless(BaseName(name))]
	return row
}

var exModeEditors = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range argmodel.VimNames {
		if _, own := escapeRows[n]; !own {
			m[n] = true
		}
	}
	return m
}()

// inputReaderOf returns the inputReaders entry of a program name: by the
// name without its version (python3 as python), or by the catalog row it
// is another name of (x86_64 is setarch's linux64, fakeroot-tcp is
// fakeroot), so that a row's names are listed once, in the catalog.
func inputReaderOf(name string) func([]string) bool {
	if reads := inputReaders[argmodel.Versionless(name)]; reads != nil {
		return reads
	}
	if row, ok := argmodel.RowNames()[name]; ok {
		return inputReaders[row]
	}
	return nil
}

// escapeRowOf returns the row of the program of view v: its own, ex's for
// vim in Ex mode, and ex's for an input the command gives vim otherwise
// (vim -  reads the text it edits there, no keys).
func escapeRowOf(v []string) (escapeRow, bool) {
	name := BaseName(v[0])
	if row, ok := escapeRows[name]; ok {
		return row, true
	}
	if reads := inputReaderOf(name); reads != nil {
		if !reads(v) {
			return escapeRow{}, false
		}
		// An editor, a debugger or a shell of its own that reads the
		// input the command gives it as keys or commands (:!cmd, !cmd).
		row := escapeRows["ex"]
		row.given = true
		return row, true
	}
	if !exModeEditors[name] {
		return escapeRow{}, false
	}
	if exMode(v) {
		return escapeRows["ex"], true
	}
	if slices.Contains(v[1:], "-") {
		return escapeRow{}, false
	}
	row := escapeRows["ex"]
	row.given = true
	return row, true
}

// ReadsCommands reports whether the program of view v (bits: its
// catalog bits) may read commands or code from its input: a shell, an
// interpreter or a sourcer, or a program with commands of its own (ed,
// sqlite3, vim's keys) that reads them there, as git does only where it
// starts its editor (git commit < keys, not git commit -F - < msg).
func ReadsCommands(v []string, bits Bits) bool {
	if bits&(Shell|Interpreter|Source) != 0 {
		return true
	}
	if len(v) > 0 {
		if from, _ := ProgramOf(v); from == FromStdin {
			return true // gdb < cmds: its commands
		}
	}
	if bits&Commands == 0 || len(v) == 0 {
		return false
	}
	_, ok := escapeRowOf(v)
	return ok
}

// ReadsGivenInputOnly reports a program of view v that reads commands
// only from an input the command gives it (vim outside Ex mode).
func ReadsGivenInputOnly(v []string) bool {
	row, ok := escapeRowOf(v)
	return ok && row.given
}

// exMode reports a vim command line in Ex mode: a word of option letters
// (before --) holding e or E (-e, -E, -es, -Es). A letter that takes a
// value hides nothing: the word is read as letters either way, the safe
// side.
func exMode(v []string) bool {
	for _, w := range v[1:] {
		if w == "--" {
			return false
		}
		if len(w) < 2 || w[0] != '-' || w[1] == '-' {
			continue
		}
		if strings.ContainsAny(w[1:], "eE") && strings.Trim(w[1:], "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ") == "" {
			return true
		}
	}
	return false
}

// duckdbEscapes is sqliteEscapes, and SQL that writes files, installs or
// loads extensions (INSTALL fetches one from the network) or exports.
func duckdbEscapes(text string) bool {
	return sqliteEscapes(text) || containsFold(text, "copy") || containsFold(text, "install") ||
		containsFold(text, "load") || containsFold(text, "export")
}

// sqliteInert are the dot-commands that only print.
var sqliteInert = map[string]bool{
	".tables": true, ".schema": true, ".indexes": true, ".indices": true, ".headers": true, ".mode": true,
	".dump": true, ".databases": true, ".fullschema": true, ".help": true, ".show": true, ".width": true,
	".timer": true, ".quit": true, ".exit": true,
}

// sqliteEscapes: a dot-command other than the inert ones (sqlite3 takes
// any unique prefix: .sh is .shell), or SQL that writes another file.
func sqliteEscapes(text string) bool {
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, ".") {
			name, _, _ := strings.Cut(line, " ")
			if !sqliteInert[strings.ToLower(name)] {
				return true
			}
		}
	}
	// edit() is the word "edit" however spelled before its parenthesis
	// (edit (, "edit"(, [edit](, edit/**/(): the shell runs the editor
	// string it is given; the zipfile table writes the archive it names;
	// readfile() and the fsdir table read any file (readfile('.env')).
	return containsFold(text, "attach") || containsFold(text, "vacuum") || containsFold(text, "load_extension") ||
		containsFold(text, "writefile") || callsEdit(text) || containsFold(text, "zipfile") ||
		containsFold(text, "readfile") || containsFold(text, "fsdir")
}

// callsEdit reports a call of sqlite3's edit(): the word edit, not part
// of a longer name (credit, edits), then its parenthesis after any
// quotes, brackets, spaces or comments.
func callsEdit(text string) bool {
	t := strings.ToLower(text)
	for i := strings.Index(t, "edit"); i >= 0; {
		if i == 0 || !identChar(t[i-1]) {
			j := i + 4
			for j < len(t) {
				switch {
				case strings.IndexByte("\"'`] \t\r\n", t[j]) >= 0:
					j++
					continue
				case strings.HasPrefix(t[j:], "/*"):
					end := strings.Index(t[j+2:], "*/")
					if end < 0 {
						return true // an unended comment: the safe side
					}
					j += end + 4
					continue
				case strings.HasPrefix(t[j:], "--"):
					end := strings.IndexByte(t[j:], '\n')
					if end < 0 {
						return false
					}
					j += end + 1
					continue
				}
				break
			}
			if j < len(t) && t[j] == '(' {
				return true
			}
		}
		next := strings.Index(t[i+4:], "edit")
		if next < 0 {
			break
		}
		i += 4 + next
	}
	return false
}

func identChar(c byte) bool {
	return c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9'
}

// psqlInert are the meta-commands that only print or set the display.
var psqlInert = []string{`\d`, `\l`, `\x`, `\q`, `\timing`, `\conninfo`, `\dt`, `\dn`, `\du`, `\df`, `\dv`, `\di`, `\pset`}

// psqlEscapes: a meta-command other than the inert ones (\! runs a shell;
// \o, \g, \w and \copy write or pipe), or COPY, which reads, writes or
// runs (COPY … PROGRAM) on either side.
func psqlEscapes(text string) bool {
	for i := 0; i < len(text); i++ {
		if text[i] != '\\' {
			continue
		}
		end := i + 1
		for end < len(text) && (text[end] >= 'a' && text[end] <= 'z' || text[end] >= 'A' && text[end] <= 'Z' || text[end] == '!') {
			end++
		}
		cmd := text[i:end]
		inert := false
		for _, p := range psqlInert {
			if cmd == p || p == `\d` && strings.HasPrefix(cmd, `\d`) {
				inert = true
			}
		}
		if !inert {
			return true
		}
	}
	// EXECUTE runs SQL the server assembles at run time ('co'||'py … to
	// pro'||'gram'), which no word shows.
	// LOAD and a function in C (or another untrusted language) load a
	// shared object or run code in the server; CREATE EXTENSION may do
	// both; ALTER SYSTEM sets the commands the server runs
	// (archive_command, ssl_passphrase_command); dblink connects the
	// server to another host.
	if containsFold(text, "copy") || containsFold(text, "program") || containsFold(text, "lo_export") ||
		containsFold(text, "lo_import") || containsWordFold(text, "execute") || containsFold(text, "dblink") {
		return true
	}
	// The statements are judged outside string literals and comments:
	// a column named language or a value 'load' is data. A preload
	// setting (ALTER ROLE … SET session_preload_libraries) loads code at
	// every login; a foreign server or a subscription connects the
	// server to another host.
	code := sqlCode(text)
	return containsPhraseFold(code, "load") && !containsPhraseFold(code, "load data") || containsPhraseFold(code, "create extension") ||
		containsPhraseFold(code, "alter system") || containsFold(code, "preload_libraries") ||
		containsPhraseFold(code, "create server") || containsPhraseFold(code, "create subscription") || untrustedLanguage(code)
}

// untrustedLanguage reports, in SQL code without its literals, a LANGUAGE
// clause of a function, a procedure or a DO block that names a language
// other than SQL and PL/pgSQL (c, plpython3u, plperlu): code the server
// loads or runs with its own rights. A column named language is none.
func untrustedLanguage(code string) bool {
	t := strings.ToLower(code)
	if !containsWordFold(t, "function") && !containsWordFold(t, "procedure") && !containsWordFold(t, "do") {
		return false
	}
	for i := 0; i < len(t); {
		k := strings.Index(t[i:], "language")
		if k < 0 {
			return false
		}
		at, end := i+k, i+k+len("language")
		i = end
		if at > 0 && identChar(t[at-1]) || end < len(t) && identChar(t[end]) {
			continue // languages, preferred_language
		}
		rest := strings.TrimLeft(t[end:], " \t\r\n")
		n := 0
		for n < len(rest) && identChar(rest[n]) {
			n++
		}
		if lang := rest[:n]; lang != "" && lang != "sql" && lang != "plpgsql" {
			return true
		}
	}
	return false
}

// sqlCode returns SQL text with its string literals ('…', "…") blanked,
// so that keywords are found only where they are code: a column named
// language, a value 'load'. Where the literals' ends depend on a reading
// this one does not do (a backslash escape, E'…' and MySQL's; a dollar
// quote; a comment, which may hold a quote or end inside one: select $$
// -- $$; load …), the text is returned whole, every word counting.
func sqlCode(text string) string {
	if strings.ContainsAny(text, "\\$#") || strings.Contains(text, "--") || strings.Contains(text, "/*") {
		return text
	}
	b := []byte(text)
	for i := 0; i < len(b); i++ {
		if b[i] != '\'' && b[i] != '"' {
			continue
		}
		q := b[i]
		j := i + 1
		for j < len(b) && b[j] != q {
			b[j] = ' '
			j++
		}
		i = j
	}
	return string(b)
}

// containsPhraseFold reports the words of phrase, in order and each a word
// of its own, separated by white space only, in s, in any case.
func containsPhraseFold(s, phrase string) bool {
	words := strings.Fields(strings.ToLower(phrase))
	t := strings.ToLower(s)
	for i := 0; i < len(t); {
		k := strings.Index(t[i:], words[0])
		if k < 0 {
			return false
		}
		at := i + k
		i = at + 1
		if at > 0 && identChar(t[at-1]) {
			continue
		}
		p, ok := at, true
		for n, w := range words {
			if n > 0 {
				q := p
				for q < len(t) && (t[q] == ' ' || t[q] == '\t' || t[q] == '\n' || t[q] == '\r') {
					q++
				}
				if q == p || !strings.HasPrefix(t[q:], w) {
					ok = false
					break
				}
				p = q
			}
			p += len(w)
		}
		if ok && (p == len(t) || !identChar(t[p])) {
			return true
		}
	}
	return false
}

// mysqlEscapes: system and \! run a shell; source and tee read or write
// files; INTO OUTFILE, INTO DUMPFILE and LOAD DATA move data to and from
// files; a pager runs a program.
func mysqlEscapes(text string) bool {
	// \G and \g end a statement (the first prints it vertically).
	if strings.IndexByte(strings.NewReplacer(`\G`, "", `\g`, "").Replace(text), '\\') >= 0 {
		return true
	}
	// connect (\r spelled out) reaches the host it names; prepare and
	// execute run SQL assembled at run time.
	for _, w := range []string{"system", "source", "tee", "pager", "outfile", "dumpfile", "load data", "load_file"} {
		if containsFold(text, w) {
			return true
		}
	}
	// INSTALL PLUGIN and INSTALL SONAME load a shared object into the
	// server; SET GLOBAL changes the server (general_log_file makes it
	// write any file it may, ~/.bashrc among them).
	if containsWordFold(text, "connect") || containsWordFold(text, "prepare") || containsWordFold(text, "execute") {
		return true
	}
	// Judged outside literals and comments: INSTALL PLUGIN, COMPONENT
	// and SONAME, and CREATE FUNCTION … SONAME load a shared object into
	// the server; SET GLOBAL and PERSIST change the server
	// (general_log_file makes it write any file it may, ~/.bashrc among
	// them).
	code := sqlCode(text)
	return containsPhraseFold(code, "install plugin") || containsPhraseFold(code, "install component") ||
		containsPhraseFold(code, "install soname") || containsWordFold(code, "soname") ||
		containsPhraseFold(code, "set global") || containsPhraseFold(code, "set persist") ||
		containsPhraseFold(code, "set persist_only") || containsPhraseFold(code, "set @@global") || containsFold(code, "_log_file")
}

// containsWordFold reports w in s as a word of its own, in any case: not
// part of a longer name (executed_at, connections).
func containsWordFold(s, w string) bool {
	t := strings.ToLower(s)
	for i := strings.Index(t, w); i >= 0; {
		end := i + len(w)
		if (i == 0 || !identChar(t[i-1])) && (end == len(t) || !identChar(t[end])) {
			return true
		}
		next := strings.Index(t[i+1:], w)
		if next < 0 {
			return false
		}
		i += 1 + next
	}
	return false
}

func containsFold(s, sub string) bool { return strings.Contains(strings.ToLower(s), sub) }

// CommandEscapes reads the commands that view v gives its program on the
// command line (an option's value, operands after the database), and
// reports why one may run a shell command or write a file, or "". It also
// reports whether the program reads more commands from its input: none
// were given on the command line. flags are v's word flags; commands in a
// word that expands (psql -c "$Q") are known only at run time and may be
// any, as are those of a view without flags.
func CommandEscapes(v []string, flags []uint8, expands uint8) (why string, readsInput bool) {
	if len(v) == 0 {
		return "", false
	}
	name := BaseName(v[0])
	row, ok := escapeRowOf(v)
	if !ok {
		return "", false
	}
	given := false
	first := true
	check := func(j int, text string) {
		given = true
		switch {
		case why != "":
		case j >= len(flags) || flags[j]&expands != 0:
			// psql -c "$Q": the commands are known only at run time, and
			// may be \! or COPY … PROGRAM.
			why = name + " commands built at run time, which may run a shell command or write a file: " + text
		case row.escapes(text):
			why = name + " commands that may run a shell command or read or write a file: " + text
		}
	}
	for j := 1; j < len(v); j++ {
		w := v[j]
		if strings.HasPrefix(w, "-") && len(w) > 1 {
			opt, val, hasVal := strings.Cut(w, "=")
			if why == "" && row.pipeOpts != "" {
				if pipe, at, ok := pipeValue(row.pipeOpts, row.valueOpts, v, j); ok {
					switch {
					case strings.HasPrefix(strings.TrimSpace(pipe), "|"):
						why = name + " sends its output to a command: " + pipe
					case at >= len(flags) || flags[at]&expands != 0:
						why = name + " sends its output to a file or command known only at run time: " + pipe
					}
				}
			}
			switch code, attached := codeOption(row.codeOpts, opt); {
			case code && attached != "":
				check(j, attached) // -cSQL, -se SQL's e
			case code:
				if !hasVal && j+1 < len(v) {
					j++
					val = v[j]
				}
				check(j, val)
			case hasField(row.valueOpts, opt) && !hasVal:
				j++ // a value, not the database
				if (opt == "-init" || opt == "--init") && j < len(v) && why == "" &&
					argmodel.ReadsInput(v[j], j >= len(flags) || flags[j]&expands != 0) {
					why = name + " " + opt + " reads its first commands from " + v[j] + ", whose text the engine cannot see; they may run a shell command or write a file"
				}
			}
			continue
		}
		if row.stdinOnly {
			continue
		}
		if first {
			first = false // the database
			if !row.operands {
				continue
			}
			continue
		}
		if row.operands {
			check(j, w)
		}
	}
	return why, !given
}

// pipeValue returns the value of an option of opts at word j of v (-o
// VALUE, -oVALUE, --output=VALUE, an abbreviation of the long one), the
// index of the word that holds it, and whether word j is such an option.
func pipeValue(opts, values string, v []string, j int) (string, int, bool) {
	w := v[j]
	opt, val, hasVal := strings.Cut(w, "=")
	for o := range strings.FieldsSeq(opts) {
		switch {
		case strings.HasPrefix(o, "--") && len(opt) > 2 && strings.HasPrefix(opt, "--") && strings.HasPrefix(o, opt):
			// any prefix of the long name: psql takes the unique one, --o
		case len(o) == 2 && !strings.HasPrefix(w, "--") && len(w) > 2:
			// A cluster (-qo'|cmd', -qo CMD), read up to a letter that
			// takes a value: the rest is that value.
			k := 1
			for k < len(w) && w[k] != o[1] && !hasField(values, "-"+w[k:k+1]) {
				k++
			}
			if k == len(w) || w[k] != o[1] {
				continue
			}
			if k+1 < len(w) {
				return w[k+1:], j, true
			}
			hasVal = false
		case opt == o:
		default:
			continue
		}
		if hasVal {
			return val, j, true
		}
		if j+1 < len(v) {
			return v[j+1], j + 1, true
		}
		return "", j, false
	}
	return "", j, false
}

// codeOption reports whether option word opt gives commands: one of
// codeOpts, an abbreviation of a long one (--exec for --execute), or a
// cluster of single letters holding one (mysql -se, psql -Xc), with the
// text attached after the letter, if any.
func codeOption(codeOpts, opt string) (bool, string) {
	for _, c := range strings.Fields(codeOpts) {
		switch {
		case opt == c:
			return true, ""
		case strings.HasPrefix(c, "--") && len(opt) > 3 && strings.HasPrefix(c, opt):
			return true, ""
		case len(c) == 2 && !strings.HasPrefix(opt, "--") && len(opt) > 2:
			if i := strings.IndexByte(opt[1:], c[1]); i >= 0 {
				return true, opt[2+i:]
			}
		}
	}
	return false, ""
}

// ScanEscapes reports why commands read from the input of the program of
// view v may run a shell command or write a file, or "".
func ScanEscapes(v []string, text string) string {
	row, ok := escapeRowOf(v)
	if !ok || !row.escapes(text) {
		return ""
	}
	return BaseName(v[0]) + " reads commands from its input that may run a shell command or write a file"
}

// hasField reports whether w is one of the space-separated fields.
func hasField(fields, w string) bool {
	for f := range strings.FieldsSeq(fields) {
		if f == w {
			return true
		}
	}
	return false
}

// inputReaders are the programs that start something of their own on the
// input they were given, which reads it as keys or commands: the editor
// git and npm edit start (vi: :!cmd), pytest's debugger and Python's pdb
// (!cmd), script's terminal (keys to whatever runs in it), and the shell
// a wrapper starts when it is given no command (unshare, chroot). Each
// row says when a view does; they have the Commands bit.
var inputReaders = map[string]func(v []string) bool{
	"git":     gitOpensEditor,
	"npm":     func(v []string) bool { return firstOperand(v) == "edit" },
	"pytest":  pytestDebugs,
	"py.test": pytestDebugs,
	"python":  pythonDebugs,
	"script":  func([]string) bool { return true },
	// sdiff -o merges by commands from its input; its e opens the editor
	// (ed when EDITOR is unset), which reads the same input: !cmd.
	"sdiff": func(v []string) bool { return hasShort(v, 'o') || hasLong(v, "output") },
	// perl -d: the debugger reads its commands from the input (!! runs
	// a shell command).
	"perl": argmodel.PerlDebugs,
	// tmux -C: control mode reads tmux commands from the input.
	"tmux": func(v []string) bool { return hasShort(v, 'C') },
	// redis-cli with no command of its own reads commands from its input
	// (echo "config set dir /root" | redis-cli).
	"redis-cli": func(v []string) bool { return argmodel.RedisCommandAt(v) < 0 },
	"unshare":   runsShell, "chroot": runsShell, "setarch": runsShell, "linux64": runsShell,
	// fakeroot and firejail with no command start a shell too. (The other
	// names of a row, linux32, x86_64, fakeroot-tcp, are found by
	// inputReaderOf.)
	"fakeroot": runsShell, "firejail": runsShell,
}

// firstOperand returns the first word of v after its program that is not
// an option, or "".
func firstOperand(v []string) string {
	for _, w := range v[1:] {
		if !strings.HasPrefix(w, "-") {
			return w
		}
	}
	return ""
}

// pytestDebugs reports a pytest that may stop in its debugger, which
// reads commands from the input (--pdb, --trace, --pdbcls).
func pytestDebugs(v []string) bool {
	for _, w := range v[1:] {
		if w == "--" {
			break
		}
		if strings.Contains(w, "--pdb") || strings.Contains(w, "--trace") {
			return true // also inside -o addopts=--trace
		}
	}
	return false
}

// pythonDebugs reports python -m pdb, and python -m pytest with its
// debugger.
func pythonDebugs(v []string) bool {
	m, at := PythonModule(v)
	return m == "pdb" || m == "pytest" && pytestDebugs(v[at:]) || pythonInteractive(v)
}

// pythonInteractive reports python -i (-qi, -Ei) before its script:
// after the script it reads more code from its input.
func pythonInteractive(v []string) bool {
	for j := 1; j < len(v); j++ {
		w := v[j]
		if w == "--" || len(w) < 2 || w[0] != '-' || w[1] == '-' {
			return false
		}
		for k := 1; k < len(w); k++ {
			switch w[k] {
			case 'i':
				return true
			case 'c', 'm':
				return false // the code or the module follows
			case 'W', 'X':
				if k == len(w)-1 {
					j++ // its value is the next word
				}
				k = len(w)
			}
		}
	}
	return false
}

// PythonModule returns the module a Python view runs with -m (-m MOD,
// -mMOD, and -m at the end of a cluster: -Im MOD) and the index of the
// word that names it, or "" and len(v).
func PythonModule(v []string) (string, int) {
	for j := 1; j < len(v); j++ {
		w := v[j]
		if w == "--" || len(w) < 2 || w[0] != '-' || w[1] == '-' {
			break // the script, or the end of the options
		}
		k := strings.IndexByte(w, 'm')
		if k < 0 {
			if strings.ContainsAny(w[1:], "cWX") {
				j++ // an option whose value is the next word
			}
			continue
		}
		if k+1 < len(w) {
			return w[k+1:], j
		}
		if j+1 < len(v) {
			return v[j+1], j + 1
		}
		break
	}
	return "", len(v)
}

// runsShell reports a wrapper given no command, which starts a shell:
// the shell reads the input as its script.
func runsShell(v []string) bool {
	m := argmodel.Lookup(BaseName(v[0]))
	if m == nil || len(v) > MaxModelWords {
		return false
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, v, nil, 0)
	return len(r.Commands) == 0
}

// gitEditorSubs are git's subcommands that may start the editor, each
// with whether it does unless told otherwise (git commit, git revert) or
// only when told to (git tag -a, git config -e).
var gitEditorSubs = map[string]bool{
	"commit": true, "revert": true, "tag": false, "config": false, "rebase": false, "notes": false,
	"cherry-pick": false, "merge": false, "add": false, "am": false, "difftool": true,
	"mergetool": true, "stash": false, "checkout": false, "reset": false, "restore": false,
	"clean": false, "replace": false, "filter-branch": false, "citool": true, "gui": true,
	"branch": false, // --edit-description
}

// gitOpensEditor reports a git command of view v that may start an editor
// or an interactive prompt (which may start one): a subcommand that does
// by default without a message given (-m, -F, -C, --no-edit), or one told
// to by an option (-e, --edit, -i, -p, -a, -s, --amend, config's edit).
func gitOpensEditor(v []string) bool {
	k := gitSubcommandAt(v)
	if k >= len(v) {
		return false
	}
	byDefault, ok := gitEditorSubs[v[k]]
	if !ok {
		return false
	}
	opens, quiet, edit := byDefault, false, false
	for _, w := range v[k+1:] {
		if w == "--" {
			break
		}
		switch {
		case w == "edit" && v[k] == "config", v[k] == "notes" && (w == "add" || w == "edit" || w == "append"):
			opens = true
		case strings.HasPrefix(w, "--"):
			name, _, _ := strings.Cut(w[2:], "=")
			switch {
			case name == "message" || name == "file" || name == "reuse-message" || name == "no-edit":
				quiet = true // only these, whole: an abbreviation may be --edit's
			case strings.HasPrefix("edit", name), len(name) > 1 && (strings.HasPrefix("patch", name) || strings.HasPrefix("interactive", name)):
				// --edit and its abbreviations open it beside a message;
				// --patch and --interactive ask hunk by hunk from the input,
				// whose "e" opens it.
				edit = true
			default:
				// Any other long option may open it (--edit, --ed,
				// --interactive, --amend, --fixup=amend:…, --squash).
				opens = true
			}
		case len(w) > 1 && w[0] == '-':
			// A message given by -m, -F or -C alone or at the end of a
			// cluster, or attached as its first letter; any other letter
			// may take a value (-Smm is -S mm) or open the editor.
			switch c := w[1]; {
			case len(w) == 2 && (c == 'm' || c == 'F' || c == 'C'):
				quiet = true
			case c == 'm' || c == 'F' || c == 'C':
				quiet = true // -mMSG
			case strings.ContainsAny(w[1:], "epi"):
				// -e edits beside a message (git commit -m x -e); -p and -i
				// ask hunk by hunk from the input, whose "e" opens it.
				edit = true
			default:
				opens = true
			}
		}
	}
	return edit || opens && !quiet
}
