package shell

import (
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
)

// Builtins that assign or test a variable named in an argument evaluate an
// array subscript in that name as arithmetic, and arithmetic expands the
// substitutions in it: printf -v 'a[$(cmd)]' x runs cmd. A name whose
// subscript is not a plain number makes the command computed.

// nameArgs returns the words of view v that builtins read as variable
// names.
func nameArgs(v []string) []string {
	if len(v) < 2 {
		return nil
	}
	args := v[1:]
	switch v[0] {
	case "printf", "wait":
		return optionValues(args, map[byte]bool{'v': v[0] == "printf", 'p': v[0] == "wait"})
	case "read":
		return append(optionValues(args, map[byte]bool{'a': true}), operands(args, "dinNptu")...)
	case "mapfile", "readarray":
		return operands(args, "dnOsuCc")
	case "getopts":
		// getopts OPTSTRING NAME [ARG…]: NAME is set to the option found,
		// or to "?" (getopts x PATH makes PATH the relative directory ?).
		ops := operands(args, "")
		if len(ops) >= 2 {
			return ops[1:2]
		}
		if len(ops) == 1 && strings.ContainsAny(ops[0], "$`") {
			return ops // getopts "$@" (mapfile -C getopts): the name may be in it
		}
	case "declare", "typeset", "local", "export", "readonly", "unset":
		return operands(args, "")
	case "test", "[":
		var out []string
		for i := 0; i+1 < len(args); i++ {
			if args[i] == "-v" {
				out = append(out, args[i+1])
			}
		}
		return out
	}
	return nil
}

// optionValues returns the values of the short options marked in opts,
// attached (-vNAME) or in the next word.
func optionValues(args []string, opts map[byte]bool) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" || len(a) < 2 || a[0] != '-' {
			break
		}
		for k := 1; k < len(a); k++ {
			if !opts[a[k]] {
				continue
			}
			if k+1 < len(a) {
				out = append(out, a[k+1:])
			} else if i+1 < len(args) {
				out = append(out, args[i+1])
				i++
			}
			break
		}
	}
	return out
}

// operands returns the words after the options; valued lists the short
// options that take the next word.
func operands(args []string, valued string) []string {
	i := 0
	for i < len(args) {
		a := args[i]
		if a == "--" {
			i++
			break
		}
		if len(a) < 2 || a[0] != '-' && a[0] != '+' {
			break
		}
		if strings.IndexByte(valued, a[len(a)-1]) >= 0 {
			i++
		}
		i++
	}
	if i > len(args) {
		return nil
	}
	return args[i:]
}

// subscriptRuns reports a name whose array subscript is evaluated as
// arithmetic with something other than a number in it. A value given as a
// compound assignment in one word, declare 'a=([i]=x)', is parsed again by
// the builtin: its subscripts count too.
func subscriptRuns(name string) bool {
	if k := strings.IndexByte(name, '='); k >= 0 {
		if v := name[k+1:]; strings.HasPrefix(v, "(") && compoundRuns(v) {
			return true
		}
		name = name[:k]
	}
	i := strings.IndexByte(name, '[')
	if i < 0 {
		return false
	}
	j := strings.LastIndexByte(name, ']')
	if j < i {
		return true
	}
	sub := name[i+1 : j]
	return !(ascii.Digits(sub) || sub == "@" || sub == "*")
}

// nameBase is the variable name of a name argument: before any '=' and
// any array subscript (whose own substitutions subscriptRuns reads).
func nameBase(n string) string {
	if i := strings.IndexAny(n, "=["); i >= 0 {
		return n[:i]
	}
	return n
}

// parsedCompound reports whether names[k], a name argument of view v
// (flags: v's word flags, nil when not known), is a compound assignment
// that the parser read (declare -a x=($(cmd)) unquoted: its substitutions
// are segments of their own). Any other spelling is text the builtin
// parses again. names is a tail of v (nameArgs of a declaration builtin),
// or the word is taken to be text.
func parsedCompound(v []string, flags []uint8, names []string, k int) bool {
	j := len(v) - len(names) + k
	return j > 0 && j < len(flags) && v[j] == names[k] && flags[j]&WordCompound != 0
}

// ReadTargets returns the variables read, mapfile or readarray (view v)
// give their input's fields or lines, in order: read's names, or REPLY
// where it names none and no -a array; mapfile's array, or MAPFILE.
func ReadTargets(v []string) []string {
	if len(v) == 0 {
		return nil
	}
	switch v[0] {
	case "read":
		if ns := operands(v[1:], "dinNptu"); len(ns) > 0 {
			return ns
		}
		if len(optionValues(v[1:], map[byte]bool{'a': true})) > 0 {
			return nil // read -a words: the array, which NameArgs gives
		}
		return []string{"REPLY"}
	case "mapfile", "readarray":
		if ns := operands(v[1:], "dnOsuCc"); len(ns) > 0 {
			return ns[:1]
		}
		return []string{"MAPFILE"}
	}
	return nil
}

// NameArgs returns the words of view v that builtins read as variable
// names (printf -v NAME, read's names and -a NAME, declare NAME=…).
func NameArgs(v []string) []string { return nameArgs(v) }

// setsFromData are the builtins that give the variables they name a value
// read from data (standard input, a format), which the engine cannot see.
var setsFromData = map[string]bool{"printf": true, "read": true, "mapfile": true, "readarray": true, "wait": true, "getopts": true}

// splitBuiltins are the builtins whose words choose what they assign, run
// or write, each with what a word bash splits at run time may make of it:
// an unquoted expansion ($x, a$x, ${x:-…}) whose value the engine does not
// see may be several words, options and names among them (x='-x rm f';
// jobs $x runs rm f; x='-v a[$(cmd)]'; [ $x ] runs cmd). A value the
// command assigns itself counts too: the engine reads it as one word.
// printf reads options only in its first word (firstOnly).
var splitBuiltins = map[string]string{
	"printf":    "-v NAME, which assigns a variable and evaluates an array subscript in its name",
	"read":      "a name or -a NAME, whose array subscript is evaluated as arithmetic, or a variable that runs code",
	"mapfile":   "-C CALLBACK, code that runs for every line, or an array name",
	"readarray": "-C CALLBACK, code that runs for every line, or an array name",
	"wait":      "-p NAME, which assigns a variable",
	"getopts":   "the name of the variable it sets, PATH among them",
	"test":      "-v NAME, whose array subscript is evaluated as arithmetic, which runs commands",
	"[":         "-v NAME, whose array subscript is evaluated as arithmetic, which runs commands",
	"compgen":   "-C COMMAND or -F FUNCTION, which runs code",
	"complete":  "-C COMMAND or -F FUNCTION, code that runs later",
	"bind":      "-x KEYSEQ:COMMAND or -f FILE, code that runs later",
	"trap":      "an action and a signal, code that runs later",
	"jobs":      "-x COMMAND, which runs a command",
	"history":   "-w FILE or -a FILE, which write the history to a file",
	"enable":    "-f FILE, which loads code from a shared object",
	"hash":      "-p FILE NAME, which makes a program name run another file",
	"fc":        "-s or -e EDITOR, which runs a command",
}

// splitWord returns the first word of view v (flags: its words' flags)
// that a builtin of splitBuiltins reads and that may become one of its
// options at run time, or "": one bash may split into several words, or
// a computed one, quoted too, where the builtin reads an option or an
// operator ([ ! "$y" "$z" ] with y=-v, printf "$f" "$n" with f=-v,
// jobs "$a" git … with a=-x). Only $?, $!, $$ and $# are known to give
// one word that is no option (digits; a command that sets IFS to split
// them is judged for that).
func splitWord(v []string, flags []uint8) string {
	if len(v) < 2 || len(flags) != len(v) {
		return ""
	}
	if _, ok := splitBuiltins[v[0]]; !ok {
		return ""
	}
	args, fl := v[1:], flags[1:]
	if v[0] == "[" && len(args) > 0 && args[len(args)-1] == "]" {
		args, fl = args[:len(args)-1], fl[:len(fl)-1]
	}
	for j := range args {
		if !computedWord(args[j], fl[j]) {
			continue
		}
		next := j+1 < len(args)
		switch {
		case fl[j]&WordSplits != 0 && (v[0] != "printf" || j == 0):
			return args[j] // (printf reads options only in its first word)
		case v[0] == "test" || v[0] == "[":
			if next && !testBinary[args[j+1]] && (j == 0 || testJoins[args[j-1]]) {
				return args[j] // a unary operator's place: -v NAME
			}
		case v[0] == "printf":
			if j == 0 && next && (computedWord(args[1], fl[1]) || strings.IndexByte(args[1], '[') >= 0) {
				return args[j] // -v NAME, the name's subscript computed or given
			}
		case v[0] == "trap":
			// a computed action is read as code (trapScript); its options print
		default:
			if next {
				return args[j] // an option whose value follows
			}
		}
	}
	return ""
}

// computedWord reports a word with an expansion other than $?, $!, $$
// and $# (flag: the word's flags).
func computedWord(w string, flag uint8) bool {
	if flag&WordExpands == 0 {
		return false
	}
	w = argmodel.PastAbsoluteStart(w) // ($PWD/ and $HOME/ are kept as they are set: [ -d $HOME/.cache ])
	for _, p := range []string{"$?", "$!", "$$", "$#"} {
		w = strings.ReplaceAll(w, p, "")
	}
	return strings.ContainsAny(w, "$`")
}

// testBinary are test's binary operators: a word before one is its left
// operand, never a unary operator. testJoins are the words after which
// test reads a new expression, whose first word may be a unary operator.
var (
	testBinary = map[string]bool{"=": true, "==": true, "!=": true, "<": true, ">": true, "=~": true,
		"-eq": true, "-ne": true, "-lt": true, "-le": true, "-gt": true, "-ge": true,
		"-nt": true, "-ot": true, "-ef": true}
	testJoins = map[string]bool{"!": true, "(": true, "-a": true, "-o": true}
)

// bashRunsView reports whether bash itself runs view v of segment s as a
// command, so that a builtin named first is the builtin: the words before
// it are assignments, command, builtin and their options (a program
// another one runs, env test or xargs printf, is the file of that name,
// and a package script's name, npm test, is no command at all). A view
// that is no tail of the words (a brace expanded) counts.
func bashRunsView(s *Segment, v []string) bool {
	k := len(s.Words) - len(v)
	if k < 0 || !slices.Equal(s.Words[k:], v) {
		return true
	}
	for _, w := range s.Words[:k] {
		switch {
		case w == "command" || w == "builtin" || w == "--" || w == "-p":
		case programs.IsAssignment(w):
		default:
			return false
		}
	}
	return true
}

// hiddenNames checks the name arguments of every view of segment idx.
func (c *Command) hiddenNames(idx int) {
	for vi, v := range c.Segs[idx].Views {
		if len(v) < 2 || splitBuiltins[v[0]] == "" || !bashRunsView(&c.Segs[idx], v) {
			continue // (a map lookup first: most views name no such builtin)
		}
		if w := splitWord(v, c.Segs[idx].ViewFlags(vi)); w != "" {
			c.dyn(v[0] + " reads " + Quote(w) + ", a word known only at run time where an option may stand (split, or quoted in an option's place): " + splitBuiltins[v[0]] + ", chosen at run time")
			return
		}
	}
	if why := braceDeclaration(&c.Segs[idx]); why != "" {
		c.dyn(why)
		return
	}
	if why := arrayValueComputed(&c.Segs[idx]); why != "" {
		c.dyn(why)
		return
	}
	if why := evaluatingDeclare(c.Segs[idx].Views); why != "" {
		c.dyn(why)
		return
	}
	for vi, v := range c.Segs[idx].Views {
		names := nameArgs(v)
		if len(names) == 0 {
			continue // (most views: no flags to find)
		}
		flags := c.Segs[idx].ViewFlags(vi)
		for k, n := range names {
			if name := nameBase(n); strings.ContainsAny(name, "$`") {
				// unset "$x" with x='a[$(cmd)]', export "$v=…" with v=GIT_EDITOR.
				c.dyn("the variable name " + Quote(name) + " is known only at run time: it may hold an array subscript, evaluated as arithmetic, or name a variable that runs code")
				return
			}
			if eq := strings.IndexByte(n, '='); eq >= 0 && compoundExpands(n[eq+1:]) && !parsedCompound(v, flags, names, k) {
				// declare -a x='($(cmd))', declare -a 'x=($(cmd))': the
				// builtin parses the quoted value again as a compound
				// assignment, and the expansions in its elements run.
				c.dyn("the compound value in " + Quote(n) + " is parsed again by " + v[0] + ", and the expansions in it run")
				s := &c.Segs[idx]
				c.readExpanded(s.Dirs, s.Depth, n[eq+1:], v[0]+" with a compound value")
				return
			}
			if subscriptRuns(n) {
				c.dyn("the array subscript in " + Quote(n) + " is evaluated as arithmetic, which may run commands")
				if strings.ContainsAny(n, "$`") {
					// Its substitutions run: deny rules see them.
					s := &c.Segs[idx]
					c.readExpanded(s.Dirs, s.Depth, n, "an array subscript")
				}
				return
			}
			if base := nameBase(n); envKindOf(base) == envPath && v[0] != "unset" && (len(n) > len(base) && n[len(base)] == '[' || arrayOption(v)) {
				c.dyn(pathArray) // declare -a PATH, declare PATH[0], readonly -a PATH
				return
			}
			if v[0] == "unset" && envKindOf(n) == envPath {
				// Without PATH, bash looks a program name up in the
				// working directory: ls runs ./ls.
				c.dyn("unset " + n + " makes bash look programs up in the working directory: a program name may then be any file of the project")
				return
			}
			if setsFromData[v[0]] && envKindOf(n) != envNone {
				c.dyn(v[0] + " sets " + n + " from data: a variable that runs or loads code, with a value the engine cannot see")
				return
			}
		}
	}
}

// arrayOption reports a declaration builtin's option that makes its names
// arrays (-a, -A, in a cluster too).
func arrayOption(v []string) bool {
	for _, w := range v[1:] {
		if len(w) > 1 && (w[0] == '-' || w[0] == '+') && w != "--" && strings.ContainsAny(w[1:], "aA") {
			return true
		}
	}
	return false
}

// braceDeclaration returns why a segment's brace word may declare a
// variable the engine cannot name: a brace as the program
// ({export,GIT_SSH_COMMAND='sudo id'} is export GIT_SSH_COMMAND=…), or
// among the words of a declaration builtin or env (export
// {BASH_ENV,x}='…' sets BASH_ENV), or "".
func braceDeclaration(s *Segment) string {
	if len(s.Flags) != len(s.Words) {
		return ""
	}
	brace := false
	for _, f := range s.Flags {
		brace = brace || f&WordBrace != 0
	}
	if !brace {
		return ""
	}
	at := -1
	for j, w := range s.Words {
		if at < 0 && !programs.IsAssignment(w) {
			at = j
		}
		if s.Flags[j]&WordBrace == 0 || !strings.Contains(w, ",") && !strings.Contains(w, "..") {
			continue // {} and {x} are no expansions
		}
		switch {
		case j == at:
			return "the program " + Quote(w) + " is a brace expansion, whose words may declare variables (export, env) that run code"
		case at >= 0 && j > at && declarers(programs.BaseName(s.Words[at])):
			return programs.BaseName(s.Words[at]) + " is given a brace expansion, " + Quote(w) + ", which may name variables that run code (BASH_ENV, PS4)"
		}
	}
	return ""
}

// arrayValueComputed returns why a declaration builtin that makes arrays
// (declare -a, typeset -A, local -a, readonly -a, export -a) is given a
// value that holds an expansion (declare -a x=$v): the builtin parses the
// value it expands to as a compound assignment, whose substitutions run.
func arrayValueComputed(s *Segment) string {
	if s.AnyMask&MaskEq == 0 {
		return "" // no NAME=value word
	}
	for vi, v := range s.Views {
		if len(v) < 2 || !exporters[programs.BaseName(v[0])] {
			continue
		}
		flags := s.ViewFlags(vi)
		arrays := false
		for j, w := range v[1:] {
			switch {
			case len(w) > 1 && w[0] == '-' && strings.ContainsAny(w, "aA"):
				arrays = true
			case arrays && strings.IndexByte(w, '=') > 0 && !strings.HasPrefix(w[strings.IndexByte(w, '=')+1:], "(") &&
				j+1 < len(flags) && flags[j+1]&WordExpands != 0:
				// (x=(a $(b)) is a compound assignment the parser reads.)
				return v[0] + " parses the array value in " + Quote(w) + ", known only at run time, as a compound assignment: the substitutions it may hold run"
			}
		}
	}
	return ""
}

// compoundExpands reports a compound assignment given as text, (…), that
// holds an expansion or a process substitution: a declaration builtin
// expands it when it parses the text again.
func compoundExpands(v string) bool {
	return strings.HasPrefix(v, "(") && (strings.ContainsAny(v, "$`") || strings.Contains(v, "<(") || strings.Contains(v, ">("))
}

// compoundRuns reads the [subscript]= elements of a compound assignment
// given as text.
func compoundRuns(v string) bool {
	for i := 0; i < len(v); i++ {
		if v[i] != '[' {
			continue
		}
		j := strings.Index(v[i:], "]=")
		if j < 0 {
			return true
		}
		if sub := v[i+1 : i+j]; !ascii.Digits(sub) {
			return true
		}
		i += j
	}
	return false
}

// evaluatingAttrs are the attributes of declare, typeset and local that
// make a variable's later values code: -i evaluates every value assigned
// as arithmetic (x='a[$(cmd)]' runs cmd), -n makes the name stand for
// another variable, which may be one that runs code (PS4, BASH_ENV,
// PROMPT_COMMAND) or be named later (declare -n p; p=PS4). Either
// attribute, in any cluster (-gn, -ng, -ri), or an option known only at
// run time (-$o), makes the command computed: the engine does not follow
// what the names come to hold. -l, -u and -c change the case of every
// later value as bash stores it (declare -l PS4='$(SUDO ID)' stores
// $(sudo id)): the text the engine reads is not the value that runs.
const evaluatingAttrs = "inluc"

// evaluatingDeclare returns why a view of a declaring builtin (direct, or
// behind builtin, command or another wrapper) gives a variable an
// attribute that evaluates its values, or "".
func evaluatingDeclare(views [][]string) string {
	for _, v := range views {
		if len(v) < 2 || !declaresAttrs[v[0]] {
			continue
		}
		for _, w := range v[1:] {
			if w == "--" || len(w) < 2 || w[0] != '-' && w[0] != '+' {
				break
			}
			// +x takes an attribute away; the options go on after it
			// (declare +x -i), and one known only at run time may be any.
			attrs := evaluatingAttrs + "$`"
			if w[0] == '+' {
				attrs = "$`"
			}
			if i := strings.IndexAny(w[1:], attrs); i >= 0 {
				if strings.IndexByte("luc", w[1+i]) >= 0 {
					return v[0] + " with -l, -u or -c changes the case of the values bash stores: what runs is not the text written"
				}
				return v[0] + " with -i or -n evaluates values as arithmetic or names"
			}
		}
	}
	return ""
}

// declaresAttrs are the builtins that give variables the attributes of
// evaluatingAttrs (export -n and readonly take no such attribute).
var declaresAttrs = map[string]bool{"declare": true, "typeset": true, "local": true}
