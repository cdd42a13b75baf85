package permengine

import (
	"slices"
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/shell"
	"mvdan.cc/sh/v3/syntax"
)

// Variables a command assigns itself (x=.git; cat $x/config) hold text
// the command shows: the path checks read a word with each such variable
// in place of its expansion. An operation on one (${x#a}, ${x%.bak},
// ${x:1}) gives a value the engine does not work out, which may be any
// path: a protected one too.

// maxVarValues bounds the values kept per variable; maxVarWord the text of
// a word read with values in place.
const (
	// maxArrayText bounds the text of an array's value read element by
	// element with quotes and escapes (a parse); a longer one may hold
	// any value.
	maxArrayText = 4096
	maxVarValues = 32
	maxVarWord   = 4 << 10
)

// cmdVars are the variables the command assigns: their literal values,
// or nil where a value is computed (x=$(…)), which is read as an
// expansion the environment gives, as before. anyPath as a value is one a
// builtin builds from visible text in a way the engine does not work out
// (printf -v, read -n, BASH_REMATCH): it may be any path.
type cmdVars map[string][]string

const anyPath = "\x00any"

// maxPositional bounds the positional parameters set -- gives that are
// kept; positionalOverflow marks a command that gives more.
const (
	maxPositional      = 64
	positionalOverflow = "\x00positional"
)

// assignedVars collects the assignments of the command's segments of
// assignments only and of declaration builtins (x=V, export x=V, a=(V W)),
// and the names read and mapfile give a here-string's or here-document's
// fields. It returns nil where the command assigns nothing.
func (x *decider) assignedVars() cmdVars {
	if x.varsDone {
		return x.vars
	}
	x.varsDone = true
	lastWord := usesLastWord(x.commandText()) // (once: per segment it cost the square of the command)
	for i := range x.cmd.Segs {
		s := &x.cmd.Segs[i]
		if s.AnyMask&shell.MaskEq != 0 {
			// The assignments in front of a program are in its environment
			// (x=.e bash -c 'cat ${x}nv'); a segment of assignments only or
			// of a declaration builtin assigns them all.
			limit := programs.ProgramAt(s.Words)
			if s.AssignsOnly() || declarer(s.Words) {
				limit = len(s.Words)
			}
			for j, w := range s.Words[:limit] {
				name, value, ok := strings.Cut(w, "=")
				if !ok || !programs.IsAssignment(w) {
					continue
				}
				computed := j < len(s.Flags) && s.Flags[j]&shell.WordExpands != 0
				if base, appends := strings.CutSuffix(name, "+"); appends {
					x.appendVar(base, value, computed) // x=.e; x+=nv
					continue
				}
				if computed && x.copyVars(name, value) {
					continue // y=.en; x=$y: x holds y's values
				}
				x.addVar(name, value, computed)
				if name == "BASH_ARGV0" {
					x.addVar("0", value, computed) // BASH_ARGV0=.en; cat "${0}v": it sets $0
				}
			}
		}
		if k := programs.ProgramAt(s.Words); k < len(s.Words) {
			switch s.Words[k] {
			case "set":
				x.setArgs(s, k)
			case "shift":
				x.anyPositional() // set -- x .e; shift; cat ${1}nv: each moves down
			}
		}
		if n := x.cmd.WrappedTail(i); n > 0 && s.AnyMask&shell.MaskEq != 0 {
			// env x=.e bash -c 'cat ${x}nv': a wrapper's NAME=value words
			// before its command are in that command's environment.
			for j := programs.ProgramAt(s.Words) + 1; j < len(s.Words)-n; j++ {
				if name, value, ok := strings.Cut(s.Words[j], "="); ok && programs.IsAssignment(s.Words[j]) {
					x.addVar(name, value, j < len(s.Flags) && s.Flags[j]&shell.WordExpands != 0)
				}
			}
		}
		if bindsPositional(s) {
			x.anyPositional() // bash -c 'cat "$1$2"' _ .e nv: the script's $0, $1, … are the words after it
		}
		if k := programs.ProgramAt(s.Words); k+2 < len(s.Words) && s.Words[k] == "printf" && strings.HasPrefix(s.Words[k+1], "-v") {
			// printf -v f '%s%s' .e nv: a value built by a format.
			name := strings.TrimPrefix(s.Words[k+1], "-v")
			if name == "" {
				name = s.Words[k+2]
			}
			x.setAny(name)
		}
		if k, seps, ok := readsInto(s); ok {
			x.readVars(s, s.Words[k:], seps)
		}
		if k := programs.ProgramAt(s.Words); k < len(s.Words) && s.Words[k] == "getopts" {
			x.setAny("OPTARG") // getopts a: o -a .en: the value of the option it finds
		}
		if i+1 < len(x.cmd.Segs) && len(s.Words) > 0 && lastWord {
			// : .en; cat "${_}v": $_ is the last word of the command before.
			j := len(s.Words) - 1
			x.addVar("_", s.Words[j], s.Flags[j]&shell.WordExpands != 0)
		}
	}
	if cmd := x.commandText(); strings.Contains(cmd, "${") {
		x.defaultAssigns(cmd) // : ${x=.e}; cat ${x}nv
	}
	if cmd := x.commandText(); strings.Contains(cmd, "]=") || strings.Contains(cmd, "]+=") {
		x.elementAssigns(cmd) // a[1]=.e; cat ${a[1]}nv
	}
	if strings.Contains(x.commandText(), "=~") {
		x.setAny("BASH_REMATCH") // [[ x.env =~ \.env ]]: the matched text
	}
	if cmd := x.commandText(); strings.Contains(cmd, "BASH_") || strings.Contains(cmd, "FUNCNAME") {
		for _, n := range commandTextVariables {
			if strings.Contains(cmd, n) {
				x.setAny(n) // cat "${BASH_COMMAND: -2}nv" .e: a part of the command's own text
			}
		}
	}
	return x.vars
}

// setArgs reads the positional parameters set gives (segment s, set at
// word k): its options end at the first word that is none, or after --
// or -; -o (alone or in a cluster) takes the next word. set .e nv and
// set -e -- .e nv both make $1 .e and $2 nv. An option known only at run
// time may end the options anywhere.
func (x *decider) setArgs(s *shell.Segment, k int) {
	for j := k + 1; j < len(s.Words); j++ {
		w := s.Words[j]
		switch {
		case j < len(s.Flags) && s.Flags[j]&shell.WordExpands != 0:
			x.anyPositional()
			return
		case w == "--" || w == "-" || w == "+":
			x.positionals(s, j+1) // (set + .e nv ends the options as set - does)
			return
		case len(w) > 1 && (w[0] == '-' || w[0] == '+'):
			if strings.IndexByte(w[1:], 'o') >= 0 {
				j++ // -o pipefail, -eo pipefail: the option's name
			}
		default:
			x.positionals(s, j)
			return
		}
	}
}

// positionals gives $1, $2, … the words of segment s from word from on
// (past maxPositional, any of them may be any path); "$@" and "$*", whose
// words and joins the engine does not work out, may be any path.
func (x *decider) positionals(s *shell.Segment, from int) {
	x.setAny("@")
	x.setAny("*")
	for i, w := range s.Words[from:] {
		if i == maxPositional {
			x.setAny(positionalOverflow)
			break
		}
		x.addVar(strconv.Itoa(i+1), w, from+i < len(s.Flags) && s.Flags[from+i]&shell.WordExpands != 0)
	}
}

// anyPositional makes every positional parameter, "$@" and "$*" any path:
// shift moves them down, and a nested script's are the words after it.
func (x *decider) anyPositional() {
	for n := range x.vars {
		if n != "" && strings.Trim(n, "0123456789") == "" {
			x.setAny(n)
		}
	}
	for _, n := range [...]string{positionalOverflow, "0", "@", "*"} {
		x.setAny(n)
	}
}

// bindsPositional reports a segment that runs a script with words of its
// own after it, which are the script's $0, $1, …: a shell with more than
// one word that is no option (bash -c 'cat "$1"' _ .e; bash x.sh .e) or
// -s with any (bash -s .e <<< …), and source or . with a file and more.
func bindsPositional(s *shell.Segment) bool {
	for vi, v := range s.Views {
		at := programs.ProgramAt(v)
		if at >= len(v) {
			continue
		}
		name := programs.BaseName(v[at])
		shellProg := s.ViewBits(vi)&programs.Shell != 0
		if !shellProg && name != "source" && name != "." {
			continue
		}
		operands, stdin := 0, false
		for _, w := range v[at+1:] {
			if len(w) > 1 && (w[0] == '-' || w[0] == '+') {
				stdin = stdin || w[0] == '-' && w[1] != '-' && strings.IndexByte(w, 's') >= 0
				continue
			}
			operands++
		}
		if operands >= 2 || stdin && operands >= 1 {
			return true
		}
	}
	return false
}

// defaultAssigns gives each variable a ${x=V} or ${x:=V} of the command's
// text assigns its value V (: ${x=.e}; cat ${x}nv), or any value where V
// is not plain text or the variable an array's element. The text is read
// once, from left to right; a match inside quotes counts too (the safe
// side).
func (x *decider) defaultAssigns(cmd string) {
	// next returns the first index of c at or after j, remembered per
	// character: the text is scanned once for each, however many
	// expansions it holds.
	seen := map[byte]int{}
	next := func(c byte, j int) int {
		if k, ok := seen[c]; ok && (k >= j || k < 0) {
			return k
		}
		k := strings.IndexByte(cmd[j:], c)
		if k >= 0 {
			k += j
		}
		seen[c] = k
		return k
	}
	for i := 0; i+2 < len(cmd); i++ {
		if cmd[i] != '$' || cmd[i+1] != '{' {
			continue
		}
		j := i + 2
		for j < len(cmd) && (cmd[j] == '_' || cmd[j] >= 'a' && cmd[j] <= 'z' || cmd[j] >= 'A' && cmd[j] <= 'Z' || j > i+2 && cmd[j] >= '0' && cmd[j] <= '9') {
			j++
		}
		name := cmd[i+2 : j]
		if name == "" || j >= len(cmd) {
			continue
		}
		if cmd[j] == '[' {
			if eq, end := next('=', j), next('}', j); eq >= 0 && (end < 0 || eq < end) {
				x.setAny(name) // ${a[1]=.e}: an element, read as any value
			}
			continue
		}
		if strings.HasPrefix(cmd[j:], ":=") {
			j++
		}
		if cmd[j] != '=' {
			continue
		}
		end := next('}', j+1)
		if end < 0 {
			x.setAny(name)
			continue
		}
		value := cmd[j+1 : end]
		if len(value) > maxVarWord || strings.ContainsAny(value, "$`'\"\\{") {
			x.setAny(name)
			continue
		}
		x.addVar(name, value, false)
	}
}

// elementAssigns makes every array an element assignment of the
// command's text names (a[1]=.e, a[0]+=.e, declare a[2]=.e) any value:
// its elements are not worked out. The text is read once: each ']' that
// an '=' or '+=' follows closes the last '[', whose name before it is
// read back over once.
func (x *decider) elementAssigns(cmd string) {
	open := -1
	for i := 0; i < len(cmd); i++ {
		switch cmd[i] {
		case '[':
			open = i
		case ']':
			if open > 0 && (strings.HasPrefix(cmd[i+1:], "=") || strings.HasPrefix(cmd[i+1:], "+=")) {
				start := open
				for start > 0 && (cmd[start-1] == '_' || cmd[start-1] >= 'a' && cmd[start-1] <= 'z' || cmd[start-1] >= 'A' && cmd[start-1] <= 'Z' || cmd[start-1] >= '0' && cmd[start-1] <= '9') {
					start--
				}
				if name := cmd[start:open]; shellName(name) {
					x.setAny(name)
				}
			}
			open = -1
		}
	}
}

// copyVars gives variable name the values of value, a word that expands
// variables the command set before (x=$y, x=$_, x="$REPLY"v), and
// reports whether it uses one: a value that also expands something else
// (x=$y$HOME, x=$(…)$y) or operates on one may be any path.
func (x *decider) copyVars(name, value string) bool {
	if len(x.vars) == 0 || strings.HasPrefix(value, "(") {
		return false
	}
	word, err := shell.ParseWord(value)
	if err != nil || word == nil {
		return false
	}
	used := false
	for k := 0; k < maxVarValues; k++ {
		text, u, op := substituteVars(value, word, x.vars, k)
		switch {
		case op != "":
			x.setAny(name)
			return true
		case !u:
			return used
		case strings.ContainsAny(text, "$`"):
			x.setAny(name) // x=$y$HOME: a part the environment gives
			return true
		}
		used = true
		x.addVar(name, text, false)
	}
	return used
}

// usesLastWord reports a command that may expand $_ (the last word of
// the command before): only then are the last words kept.
func usesLastWord(cmd string) bool {
	return strings.Contains(cmd, "$_") || strings.Contains(cmd, "${_")
}

// readVars gives the variables read, mapfile or readarray (view v of
// segment s) assign the fields of a here-string's or here-document's
// text, as bash splits them (IFS: seps). An option that keeps a part of
// the text or splits it otherwise (-n, -N, -d, -a, -u) makes each name
// any value; input from a pipe or a file is like the environment's.
func (x *decider) readVars(s *shell.Segment, v []string, seps string) {
	in := s.Input()
	targets := shell.ReadTargets(v)
	if readCuts(v[1:]) {
		if in.Kind == shell.StdinText || in.Kind == shell.StdinOther {
			for _, n := range append(shell.NameArgs(v), targets...) {
				if shellName(n) {
					x.setAny(n) // read -n4 f <<< .envxx: a part of the text
				}
			}
		}
		return
	}
	if in.Kind != shell.StdinText || in.Computed {
		return
	}
	raw := slices.Contains(v[1:], "-r")
	unescape := func(f string) string {
		if raw {
			return f
		}
		return strings.ReplaceAll(f, `\`, "") // read without -r drops backslashes: .e\nv is .env
	}
	var fields []string            // every field, at most maxVarValues of them, split once
	sep := runeSet(" \t\n" + seps) // (more places to split: more fields, the safe side)
	for f := range strings.FieldsFuncSeq(in.Text, func(r rune) bool { return sep[r] }) {
		if len(fields) == maxVarValues {
			break
		}
		fields = append(fields, unescape(f))
	}
	names := 0
	for _, n := range targets {
		if shellName(n) {
			names++
		}
	}
	if v[0] == "read" && names > 0 && names <= maxReadNames && (raw || strings.IndexByte(in.Text, '\\') < 0) {
		// read a b <<< '.git config': a is .git and b the rest of the
		// line, as bash splits it; "$a/$b" is .git/config.
		line, _, _ := strings.Cut(in.Text, "\n")
		values := readSplit(line, seps, names)
		i := 0
		for _, n := range targets {
			if shellName(n) {
				x.addVar(n, values[i], false)
				i++
			}
		}
	}
	// Each name may also be any field (the safe side where the split
	// above is not bash's: escapes, lines, mapfile's lines, more names
	// than maxReadNames).
	for _, n := range targets {
		if shellName(n) {
			for _, f := range fields {
				x.addVar(n, f, false)
			}
		}
	}
}

// maxReadNames bounds the names of a read whose values are split as bash
// splits them; past it, each name may be any field.
const maxReadNames = 16

// readSplit returns the values bash's read gives n names (n ≥ 1) from
// line with IFS ifs, as bash 5.2 splits them (read.def and subst.c's
// get_word_from_string): leading IFS whitespace is skipped; each name but
// the last takes a field, ended by an IFS character, a run of IFS
// whitespace with at most one other IFS character in it being one
// separator; the last takes the rest of the line less trailing IFS
// whitespace, or, where the rest holds a single field, that field.
func readSplit(line, ifs string, n int) []string {
	out := make([]string, 0, n)
	if ifs == "" {
		out = append(out, line)
		for len(out) < n {
			out = append(out, "")
		}
		return out
	}
	isSep := func(c byte) bool { return strings.IndexByte(ifs, c) >= 0 }
	isWhite := func(c byte) bool { return isSep(c) && (c == ' ' || c == '\t' || c == '\n') }
	i := 0
	for i < len(line) && isWhite(line[i]) {
		i++
	}
	// word reads one field from i: the field, and where the text after
	// its separator starts.
	word := func(i int) (string, int) {
		for i < len(line) && isWhite(line[i]) {
			i++
		}
		j := i
		for j < len(line) && !isSep(line[j]) {
			j++
		}
		f, k := line[i:j], j
		if k < len(line) {
			white := isWhite(line[k])
			k++
			for k < len(line) && isWhite(line[k]) {
				k++
			}
			if k < len(line) && white && !isWhite(line[k]) && isSep(line[k]) {
				k++
				for k < len(line) && isWhite(line[k]) {
					k++
				}
			}
		}
		return f, k
	}
	for len(out) < n-1 {
		if i >= len(line) {
			out = append(out, "")
			continue
		}
		var f string
		f, i = word(i)
		out = append(out, f)
	}
	rest := line[min(i, len(line)):]
	if rest == "" {
		return append(out, "")
	}
	if f, k := word(i); k >= len(line) {
		return append(out, f)
	}
	for rest != "" && isWhite(rest[len(rest)-1]) {
		rest = rest[:len(rest)-1]
	}
	return append(out, rest)
}

// commandTextVariables are the variables bash fills with a part of the
// command's own text (the command running, the -c string, the arguments,
// the aliases and hashed programs, the function and source names), whose
// pieces may be any path.
var commandTextVariables = []string{"BASH_COMMAND", "BASH_EXECUTION_STRING", "BASH_ARGV", "BASH_SOURCE",
	"FUNCNAME", "BASH_ALIASES", "BASH_CMDS"}

// setAny records that name holds a value the engine does not work out.
func (x *decider) setAny(name string) {
	if x.vars == nil {
		x.vars = cmdVars{}
	}
	x.vars[name] = []string{anyPath}
}

// appendVar appends value to each value name holds (x+=nv).
func (x *decider) appendVar(name, value string, computed bool) {
	old, ok := x.vars[name]
	if !ok || old == nil || computed {
		x.addVar(name, value, computed)
		return
	}
	for i, v := range old {
		if v != anyPath {
			old[i] = v + value
		}
	}
}

// readCuts reports read options that keep a part of the text, or split
// it other than at IFS: -n, -N, -d, -a, -u.
func readCuts(words []string) bool {
	for _, w := range words {
		if strings.HasPrefix(w, "-") && strings.ContainsAny(w[1:], "nNdau") {
			return true
		}
	}
	return false
}

// addVar keeps one value of name; an array's elements are values each.
func (x *decider) addVar(name, value string, computed bool) {
	if x.vars == nil {
		x.vars = cmdVars{}
	}
	if strings.HasPrefix(value, "(") && strings.HasSuffix(value, ")") {
		// An array: each literal element is a value (a=(.git/config)),
		// read as bash reads it (a=(.e n\v), a=(.e 'n'v) hold nv); one
		// with elements at subscripts (a=([3]=.e nv)), or text that is
		// no array value, may be any.
		inner := value[1 : len(value)-1]
		if !strings.ContainsAny(inner, "'\"\\[$`*?{") {
			for e := range strings.FieldsSeq(inner) {
				x.addVar(name, e, false)
			}
			return
		}
		if len(inner) > maxArrayText {
			x.setAny(name)
			return
		}
		elems, expands, ok := shell.ArrayElements(value)
		if !ok {
			x.setAny(name)
			return
		}
		for i, e := range elems {
			x.addVar(name, e, expands[i])
		}
		return
	}
	if computed {
		if _, ok := x.vars[name]; !ok {
			x.vars[name] = nil
		}
		return
	}
	switch vs := x.vars[name]; {
	case slices.Contains(vs, anyPath):
		// Any value already: an element after it has no known place.
	case len(vs) < maxVarValues:
		x.vars[name] = append(vs, value)
	default:
		// More values than are kept (a=(x0 … x70 .e nv)): the ones
		// dropped may be any of them.
		x.setAny(name)
	}
}

// declarer reports a declaration builtin's segment (export x=V).
func declarer(words []string) bool {
	return shell.Declares(programs.BaseName(words[0]))
}

// readsInto reports a segment of read, mapfile or readarray, which give
// the variables they name their input's text: the index of the program,
// and the characters that split the text into fields, IFS's (IFS=: read
// a b splits at the colon only).
func readsInto(s *shell.Segment) (k int, seps string, ok bool) {
	k = programs.ProgramAt(s.Words)
	if k >= len(s.Words) {
		return 0, "", false
	}
	switch s.Words[k] { // (read <<< .env names no variable: REPLY)
	case "read", "mapfile", "readarray":
	default:
		return 0, "", false
	}
	seps = " \t\n"
	for _, w := range s.Words[:k] {
		if v, found := strings.CutPrefix(w, "IFS="); found {
			seps = v // IFS=: read a b: the colon, and no space, splits
		}
	}
	return k, seps, true
}

// maxVarWords bounds the words read with the command's own variables in
// place; past it, a word that may use one is not read, and asks.
const maxVarWords = 256

// varsProblem reads word w of a segment with the command's own variables
// in place: why it reaches a protected path, or "".
func (x *decider) varsProblem(w string, flags uint8, dirs []string, check func(string, uint8) string) string {
	vars := x.assignedVars()
	if len(vars) == 0 {
		return ""
	}
	if x.varWords++; x.varWords > maxVarWords {
		return "a path built from the command's own variables, in more words than the engine reads (" + strconv.Itoa(maxVarWords) + ")"
	}
	if rest, ok := strings.CutPrefix(w, "~-"); ok && (rest == "" || rest[0] == '/') {
		w = "${OLDPWD}" + rest // OLDPWD=.git; cat ~-/config
	} else if rest, ok := strings.CutPrefix(w, "~+"); ok && (rest == "" || rest[0] == '/') {
		w = "${PWD}" + rest
	}
	if strings.IndexByte(w, '$') < 0 {
		return ""
	}
	word, err := shell.ParseWord(w)
	if err != nil || word == nil {
		return ""
	}
	for k := 0; k < maxVarValues; k++ {
		text, used, op := substituteVars(w, word, vars, k)
		if op != "" {
			return "a path built from " + op + ", whose value the command computes in a way the engine does not work out (an operation, printf -v, read -n, shift, a script's arguments): it may be any path, a protected one too"
		}
		if !used {
			return ""
		}
		if len(text) > maxVarWord {
			return "a path built from the command's own variables, longer than the engine reads"
		}
		f := flags
		if strings.ContainsAny(text, "*?[") {
			f |= shell.WordGlob // a=(.e[n]v): a value that is a pattern is read as one
		}
		if why := check(text, f); why != "" {
			return why
		}
	}
	return ""
}

// substituteVars returns w with the k-th value (or the last) of each
// variable the command assigns in place of its plain expansion, whether it
// used one, and the name of a variable the word applies an operation to.
func substituteVars(w string, word *syntax.Word, vars cmdVars, k int) (text string, used bool, op string) {
	var b strings.Builder
	last := 0
	for _, part := range word.Parts {
		pe, ok := part.(*syntax.ParamExp)
		if !ok || pe.Param == nil {
			continue
		}
		name, rest := pe.Param.Value, ""
		values, assigned := vars[name]
		if !assigned && pe.Short {
			// "$x"nv is read as the word $xnv: the quote that ended the
			// name is gone, so a name the command assigns that begins it
			// is the variable, and the rest is text.
			name, rest, values, assigned = vars.prefixOf(name)
		}
		if !assigned && vars[positionalOverflow] != nil && strings.Trim(name, "0123456789") == "" {
			return "", false, "$" + name // a positional parameter past the ones kept
		}
		if !assigned || values == nil {
			continue
		}
		if pe.Exp != nil && pe.Exp.Op != syntax.AssignUnset && pe.Exp.Op != syntax.AssignUnsetOrNull || pe.Repl != nil || pe.Slice != nil || pe.Excl || pe.Length || pe.Width {
			return "", false, name // (${x:=V} is x, whose values hold V: defaultAssigns)
		}
		v := values[min(k, len(values)-1)]
		if i, ok := literalIndex(pe); ok && i < len(values) {
			v = values[i] // ${a[1]}: that element
		}
		if v == anyPath {
			return "", false, name
		}
		start, end := int(pe.Pos().Offset()), int(pe.End().Offset())
		if start < last || end > len(w) {
			return "", false, ""
		}
		b.WriteString(w[last:start])
		b.WriteString(v)
		b.WriteString(rest)
		last, used = end, true
		if b.Len() > maxVarWord {
			break
		}
	}
	if !used || k > 0 && !moreValues(word, vars, k) {
		return "", false, ""
	}
	b.WriteString(w[last:])
	return b.String(), true, ""
}

// moreValues reports whether some variable of the word has a k-th value.
func moreValues(word *syntax.Word, vars cmdVars, k int) bool {
	for _, part := range word.Parts {
		if pe, ok := part.(*syntax.ParamExp); ok && pe.Param != nil && len(vars[pe.Param.Value]) > k {
			return true
		}
	}
	return false
}

// prefixOf returns the longest name vars holds that begins name, the rest
// of name after it, and its values.
func (vars cmdVars) prefixOf(name string) (string, string, []string, bool) {
	for n := len(name) - 1; n > 0; n-- {
		if values, ok := vars[name[:n]]; ok {
			return name[:n], name[n:], values, true
		}
	}
	return name, "", nil, false
}

// literalIndex returns the number of an array subscript written as one
// (${a[1]}).
func literalIndex(pe *syntax.ParamExp) (int, bool) {
	w, ok := pe.Index.(*syntax.Word)
	if !ok || w == nil {
		return 0, false
	}
	i, err := strconv.Atoi(w.Lit())
	return i, err == nil && i >= 0
}

// runeSet is the set of the runes of s, looked up in constant time however
// long an IFS the command gives.
func runeSet(s string) map[rune]bool {
	set := map[rune]bool{}
	for _, r := range s {
		set[r] = true
	}
	return set
}

// shellName reports a word that is a variable's name.
func shellName(w string) bool {
	if w == "" || w[0] >= '0' && w[0] <= '9' {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}
