// Package programs is everything the engine knows about programs, in one
// catalog: the wrappers that run their arguments as a command, the shells
// and other programs that carry a nested script, the commands with
// external effect or privilege, the exec-capable arguments, the programs
// whose arguments are data. The tables are grouped by family, one file
// each; the catalog is built from them once, and every lookup a decision
// makes (Lookup, BitsOf, and the functions that read a program's rows) goes
// through it, so that a program added to a table is known everywhere.
package programs

import (
	"strings"

	"github.com/permengine/permengine/internal/strtable"
)

// Bits say, in one lookup, what the engine knows about a program name.
type Bits uint32

// The bits of the catalog. Each is set from exactly one table (see build).
const (
	Wrapper     Bits = 1 << iota // runs its arguments as a command (wrappers)
	Runner                       // "pnpm exec" and the like (runners)
	Shell                        // runs a script given with -c (shells)
	Eval                         // eval
	Cd                           // changes directory (cdVerbs)
	Data                         // its arguments are data (dataVerbs)
	Privileged                   // runs as another user (privileged)
	Effect                       // starts a row of the external-effect tables
	Exec                         // has rows in the exec-capable argument table
	Pattern                      // takes a pattern that is not a path (patternVerbs)
	Reserved                     // a shell keyword or declaration builtin (reservedWords)
	Nested                       // may carry a nested script or command (carriers)
	Interpreter                  // runs code from its arguments or files (interpreters)
	Source                       // runs a script file in the shell itself (sourcers)

	// Bits of the word itself, set by WordBits, never in the catalog.
	Assignment // NAME=value
	PathName   // holds a '/': a program named by its path
)

// Program is what the engine knows about one program name: its bits and,
// for the programs that have them, its rows in the tables.
type Program struct {
	Bits    Bits
	wrapper *wrapperSpec    // Wrapper: how it finds the program it runs
	runner  map[string]bool // Runner: its subcommands, and whether each runs a program
	carrier carrier         // Nested: how to find the script it carries
	effects []int           // Effect: its rows in toolEffects
	exec    []int           // Exec: its rows in execTable
}

// catalog holds every program any table names.
var catalog = strtable.New(build())

// build makes the catalog from the family tables.
func build() map[string]*Program {
	m := map[string]*Program{}
	get := func(v string) *Program {
		p := m[v]
		if p == nil {
			p = &Program{}
			m[v] = p
		}
		return p
	}
	set := func(v string, b Bits) { get(v).Bits |= b }
	for v, spec := range wrappers {
		p := get(v)
		p.Bits |= Wrapper
		p.wrapper = &spec
	}
	for v, subs := range runners {
		p := get(v)
		p.Bits |= Runner
		p.runner = subs
	}
	for _, v := range shells {
		set(v, Shell)
	}
	set("eval", Eval)
	for v, c := range carriers() {
		p := get(v)
		p.Bits |= Nested
		p.carrier = c
	}
	for _, v := range cdVerbs {
		set(v, Cd)
	}
	for v, ok := range dataVerbs {
		if ok {
			set(v, Data)
		}
	}
	for _, v := range privileged {
		set(v, Privileged|Effect)
	}
	set("git", Effect)
	for i, r := range toolEffects {
		p := get(r.verb)
		p.Bits |= Effect
		p.effects = append(p.effects, i)
	}
	for i, row := range execTable {
		for _, v := range row.verbs {
			p := get(v)
			p.Bits |= Exec
			p.exec = append(p.exec, i)
		}
	}
	for _, v := range patternVerbs {
		set(v, Pattern)
	}
	for _, v := range reservedWords {
		set(v, Reserved)
	}
	for _, v := range interpreters {
		set(v, Interpreter)
	}
	for _, v := range sourcers {
		set(v, Source)
	}
	return m
}

// Lookup returns what the catalog knows about a program name, or nil.
func Lookup(v string) *Program {
	p, _ := catalog.Get(v)
	return p
}

// BitsOf returns the catalog bits of a program name (0 when unknown).
func BitsOf(v string) Bits {
	if p := Lookup(v); p != nil {
		return p.Bits
	}
	return 0
}

// WordBits is BitsOf with the bits of the word itself: what a segment
// records about its first word.
func WordBits(w string) Bits {
	b := BitsOf(w)
	if IsAssignment(w) {
		b |= Assignment
	}
	if strings.IndexByte(w, '/') >= 0 {
		b |= PathName
	}
	return b
}

// RunsCode reports a program that runs other programs or code given to it:
// a rule of its name alone would allow anything.
func RunsCode(v string) bool {
	return BitsOf(v)&(Wrapper|Shell|Eval|Interpreter|Source) != 0 || v == "find"
}

// RunsScripts reports a program that runs any script it is given: a shell,
// eval, source.
func RunsScripts(v string) bool { return BitsOf(v)&(Shell|Eval|Source) != 0 }

// IsAssignment reports whether w has the form NAME=value or NAME+=value:
// a word before the program, which does not change which program runs.
func IsAssignment(w string) bool {
	// One pass over the name: most words stop at their first byte.
	i := 0
	for i < len(w) {
		c := w[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			break
		}
		i++
	}
	if i == 0 || i == len(w) {
		return false
	}
	switch w[i] {
	case '=':
		return true
	case '+':
		return i+1 < len(w) && w[i+1] == '='
	case '[':
		// NAME[subscript]= or NAME[subscript]+=, up to the first '='.
		k := strings.IndexByte(w, '=')
		if k < 0 {
			return false
		}
		name := strings.TrimSuffix(w[:k], "+")
		return len(name) > i+1 && name[len(name)-1] == ']'
	}
	return false
}

// BaseName strips the directory from a program path: /usr/bin/curl → curl.
func BaseName(w string) string {
	if i := strings.LastIndexByte(w, '/'); i >= 0 && i < len(w)-1 {
		return w[i+1:]
	}
	return w
}

// FirstVerb returns the first word that is not an assignment.
func FirstVerb(words []string) string {
	for _, w := range words {
		if !IsAssignment(w) {
			return w
		}
	}
	return ""
}
