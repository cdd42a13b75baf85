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
	"sync"

	"github.com/permengine/permengine/internal/programs/argmodel"

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
	Trees                        // links, renames or copies trees named by its operands (treeWriters)
	Unpacker                     // may create files named by an archive or a patch (unpackers)
	Commands                     // reads commands that may run a shell or write files (escapeRows; exModeEditors in Ex mode)
	Writes                       // writes to or removes files its words name (writeRows)
	Reader                       // its command line says where it reads its program from (readerRows)
	Builds                       // a build or test runner that reads files as code (buildFiles)
	RunsFiles                    // its model has options whose value is a file it runs as code (awk -f, vi -S)
	OutDirs                      // its model has options that name the directory of files other options name (go test -outputdir)
	Behind                       // its model knows its verbs with an effect, not what its other words run: they are read as an unknown program's are

	// Bits of the word itself, set by WordBits, never in the catalog.
	Assignment // NAME=value
	PathName   // holds a '/': a program named by its path
)

// Program is what the engine knows about one program name: its bits and,
// for the programs that have them, its rows in the tables.
type Program struct {
	bits    Bits       // from the engine's own tables
	model   *modelBits // the bits of its model, worked out on first use; nil without one
	carrier carrier    // Nested: how to find the script it carries
	units   []int      // its rows in unitRows ("always allow")
	// wrappedBy is the origin of the command it wraps ("wrapped by env"),
	// made once rather than per decision.
	wrappedBy string
}

// Bits returns the program's bits: its tables' and its model's.
func (p *Program) Bits() Bits {
	if p.model != nil {
		return p.bits | p.model.get()
	}
	return p.bits
}

// modelBits are the bits a program's model gives, worked out once, on
// first use: the model is built then (argmodel builds each on first use).
type modelBits struct {
	once sync.Once
	name string
	bits Bits
}

func (m *modelBits) get() Bits {
	m.once.Do(func() { m.bits = bitsOfModel(m.name) })
	return m.bits
}

// nameBits is what bitsByName holds for a name: a Program's bits without
// its rows.
type nameBits struct {
	bits  Bits
	model *modelBits
}

// catalog holds every program any table names; bitsByName holds their
// bits alone, read without following a pointer, since a decision looks
// bits up far more often than rows. Neither builds a program model: the
// bits a model gives are worked out the first time its name is looked up
// (argmodel builds each model on first use).
var catalog, bitsByName = tables()

func tables() (strtable.Table[*Program], strtable.Table[nameBits]) {
	m := build()
	bits := make(map[string]nameBits, len(m))
	for v, p := range m {
		bits[v] = nameBits{p.bits, p.model}
		p.wrappedBy = "wrapped by " + v
	}
	return strtable.New(m), strtable.New(bits)
}

// gitSubs holds the Programs of the git-<sub> names (git-push), which are
// git's subcommands run directly (prefixedProgram, which also knows
// docker's credential helpers by their prefix): made on first use, since git's
// subcommands are known only once its model is built. Only names of
// subcommands the model has are stored, so the map is bounded by it.
var gitSubs sync.Map // string → *Program

func prefixedProgram(v string) *Program {
	if strings.HasPrefix(v, "docker-credential-") && strings.IndexByte(v, '/') < 0 {
		return dockerCredential() // one Program for every helper's name: the map stays bounded
	}
	if strings.HasPrefix(v, "git-credential-") && strings.IndexByte(v, '/') < 0 {
		return gitCredential() // (git-credential-gcloud.sh: any helper's name, one Program)
	}
	if p, ok := gitSubs.Load(v); ok {
		return p.(*Program)
	}
	// Only a bare git-<sub> name: a directory in front is a program named
	// by its path (PathName), as for every other name of the catalog.
	if !strings.HasPrefix(v, "git-") || strings.IndexByte(v, '/') >= 0 || argmodel.Lookup(v) == nil {
		return nil
	}
	p, _ := gitSubs.LoadOrStore(v, &Program{model: &modelBits{name: v}})
	return p.(*Program)
}

// dockerCredential is the Program of docker's credential helpers
// (argmodel's dockerCredentialHelper), named by a prefix.
var dockerCredential = sync.OnceValue(func() *Program { return &Program{model: &modelBits{name: "docker-credential-x"}} })

// gitCredential is the Program of git's credential helpers run by their
// names (git-credential-store, git-credential-gcloud.sh): git credential's
// model.
var gitCredential = sync.OnceValue(func() *Program { return &Program{model: &modelBits{name: "git-credential"}} })

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
	set := func(v string, b Bits) { get(v).bits |= b }
	for _, v := range shells {
		set(v, Shell)
	}
	set("eval", Eval)
	for v, c := range carriers() {
		p := get(v)
		p.bits |= Nested
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
	names := argmodel.Names()
	lazy := make([]modelBits, len(names))
	for i, v := range names {
		lazy[i].name = v
		get(v).model = &lazy[i]
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
	for v := range treeWriters {
		set(v, Trees)
	}
	for v := range unpackers {
		set(v, Unpacker)
	}
	for v := range exModeEditors {
		set(v, Commands)
	}
	for v := range escapeRows {
		set(v, Commands)
	}
	for v := range inputReaders {
		set(v, Commands)
	}
	for _, v := range argmodel.Names() {
		if inputReaderOf(v) != nil {
			set(v, Commands) // python3 as python
		}
	}
	for v := range writeRows {
		set(v, Writes)
	}
	for v := range sourceRemovers {
		set(v, Writes)
	}
	for v := range readerRows {
		set(v, Reader)
	}
	for v := range buildFiles {
		set(v, Builds)
	}
	for alias, row := range argmodel.RowNames() {
		if alias != row && buildFiles[row] != nil {
			set(alias, Builds) // ctags-universal reads ctags's files (BuildFiles)
		}
		if _, own := writeRows[alias]; alias != row && !own && hasWriteRow(row) {
			set(alias, Writes) // gfortran -o x writes x, as gcc does (rowProgram)
		}
	}
	for i, r := range unitRows {
		p := get(r.Verb)
		p.units = append(p.units, i)
	}
	return m
}

// Lookup returns what the catalog knows about a program name, or nil.
func Lookup(v string) *Program {
	if p, ok := catalog.Get(v); ok {
		return p
	}
	if p := prefixedProgram(v); p != nil {
		return p
	}
	if base := argmodel.Versionless(v); base != v {
		if p, ok := catalog.Get(base); ok {
			return p // perl5.36.0 is perl
		}
	}
	return nil
}

// WrappedOrigin is the origin of the command that the program named
// wrapper runs: "wrapped by " and its name.
func WrappedOrigin(wrapper string) string {
	if p, ok := catalog.Get(wrapper); ok {
		return p.wrappedBy
	}
	return "wrapped by " + wrapper
}

// EnvOperands reports a program whose NAME=value operands are put in the
// environment of the programs it runs (its model's EnvOperands).
func EnvOperands(name string) bool {
	m := argmodel.Lookup(name)
	return m != nil && m.EnvOperands
}

// BitsOf returns the catalog bits of a program name (0 when unknown).
func BitsOf(v string) Bits {
	b, ok := bitsByName.Get(v)
	if !ok {
		if p := prefixedProgram(v); p != nil {
			return p.Bits()
		}
		if base := argmodel.Versionless(v); base != v {
			b, _ = bitsByName.Get(base) // python3.11 is python
		}
	}
	if b.model != nil {
		return b.bits | b.model.get()
	}
	return b.bits
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

// RunsCode reports a program that runs other programs or code given to it
// (an option of its model that runs a command counts: find -exec, fd -x):
// a rule of its name alone would allow anything.
func RunsCode(v string) bool {
	return BitsOf(v)&(Wrapper|Shell|Eval|Interpreter|Source) != 0 || argmodel.CommandOptions(v)
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
