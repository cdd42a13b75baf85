// Package argmodel reads a program's command line the way the program
// does. A Spec is a declarative model of one program or subcommand: its
// options (short letters that cluster and take attached values, GNU long
// options with "=" and unambiguous abbreviations, options spelled with one
// dash, "+command" words), its subcommands and the role of each operand.
// Parse returns, for every word, what it is: an option, an option's value
// with the value's role, a subcommand, an operand with its role, or a word
// it cannot account for.
//
// The reading fails closed. An option the model does not know, an
// ambiguous abbreviation, or a computed word (one that holds an expansion,
// a substitution, a glob or a brace) where a role matters is unknown, and
// an unknown word counts as the worst thing that could stand there: an
// unknown option of a program with an option that runs programs is
// reported as running a program; an unknown subcommand of a program with a
// subcommand that pushes is reported as pushing.
package argmodel

import "strings"

// Role says what a value or an operand is to the program.
type Role uint8

const (
	// RoleNone is a flag's role: it has no value.
	RoleNone Role = iota
	// RoleData is a literal value: a pattern, a name, a number, a format.
	RoleData
	// RolePath is a file or directory the program reads or writes.
	RolePath
	// RoleCode is text the program runs as code (a sed script, an awk
	// program, a shell command line); Lang says which language.
	RoleCode
	// RoleProgram is a program (with its arguments, as one string) that
	// the program starts: rsync -e, tar -I, git --upload-pack.
	RoleProgram
	// RoleCommand is the first word of a command made of the following
	// words, which the program runs locally: sudo CMD…, xargs CMD…,
	// find -exec CMD… ;.
	RoleCommand
	// RoleArg is a word of such a nested command after its first.
	RoleArg
	// RoleRemote is a location that may be on another host (scp and
	// rsync operands, an ssh destination).
	RoleRemote
	// RoleRemoteCode is a command line run on another host (ssh host CMD).
	RoleRemoteCode
	// RoleAssign is a NAME=value environment assignment (env, sudo).
	RoleAssign
)

var roleNames = [...]string{"none", "data", "path", "code", "program", "command", "arg", "remote", "remote-code", "assign"}

func (r Role) String() string {
	if int(r) < len(roleNames) {
		return roleNames[r]
	}
	return "role?"
}

// Lang is the language of a RoleCode value.
type Lang uint8

const (
	// LangOther is code in a language the engine does not read.
	LangOther Lang = iota
	// LangShell is a shell command line.
	LangShell
	// LangSed is a sed script.
	LangSed
	// LangAwk is an awk program.
	LangAwk
	// LangPager is a pager or editor command (less +cmd, vim -c).
	LangPager
	// The languages of interpreters' code given on the command line,
	// which the engine reads as words (see ForeignCodeRuns).
	LangPython
	LangJS
	LangPerl
	LangRuby
	LangPHP
	LangMake
	// LangCommands is a program's own command language (gdb -ex, expect
	// -c), which has a command that runs a shell.
	LangCommands
)

// langNames name the languages of ForeignCodeRuns in its reasons.
var langNames = [...]string{LangPython: "Python", LangJS: "JavaScript", LangPerl: "Perl", LangRuby: "Ruby",
	LangPHP: "PHP", LangMake: "make", LangCommands: "the program's command"}

// Effect is a set of things a command line can do that a cap cares
// about.
type Effect uint8

const (
	// EffExec: an argument makes the program run or delete arbitrary
	// things (the exec-capable argument cap).
	EffExec Effect = 1 << iota
	// EffExternal: an effect outside the machine (a push, a deploy, a
	// publish, remote execution).
	EffExternal
	// EffPrivileged: the command runs with other privileges or with
	// access to the host.
	EffPrivileged
	// EffComputed: a program or a script is chosen at run time.
	EffComputed
	// EffConfig: configuration that can later run programs or change
	// where pushes go is written.
	EffConfig
)

var effectNames = [...]string{"exec", "external", "privileged", "computed", "config"}

func (e Effect) String() string {
	s := ""
	for i, n := range effectNames {
		if e&(1<<i) != 0 {
			if s != "" {
				s += "|"
			}
			s += n
		}
	}
	if s == "" {
		return "none"
	}
	return s
}

// Arg says whether an option takes a value.
type Arg uint8

const (
	// ArgNone: a flag.
	ArgNone Arg = iota
	// ArgRequired: the value is attached (-ofile, --out=file) or the
	// next word(s) (-o file, --out file).
	ArgRequired
	// ArgOptional: the value can only be attached (-O[pager],
	// --open-files-in-pager[=pager]).
	ArgOptional
)

// Option is one option of a program or subcommand.
type Option struct {
	// Short are the letters that spell the option (several letters are
	// aliases: sed's "E" and "r" are one option "Er").
	Short string
	// Long are the long names without leading dashes.
	Long []string
	Arg  Arg
	// Role and Lang describe the value.
	Role Role
	Lang Lang
	// More are the roles of further values, each read from the next word
	// (find -fprintf FILE FORMAT has More = {RoleData}).
	More []Role
	// Until makes the value the words up to one of these terminators
	// (find -exec CMD … ;). The first of them is a RoleCommand.
	Until []string
	// Effect is what using the option does; Check, when set, limits it
	// to the values for which Check reports true. Check is also asked
	// about computed values (computed is then true) and must answer for
	// the worst value they could take.
	Effect Effect
	Check  func(value string, computed bool) bool
	Why    string
	// Script marks an option that gives the script or pattern, so the
	// operand that would have held it (sed's SCRIPT, grep's PATTERN) is
	// not there.
	Script bool
	// Inert makes the command not run anything (command -v): a RoleCommand
	// operand becomes data.
	Inert bool
	// Placeholder marks an option whose value is a word replaced at run
	// time in the nested command (xargs -I). Default is the word when the
	// value is not given: xargs -i means {}, and vim -S at the end of the
	// command line sources Session.vim.
	Placeholder bool
	Default     string
	// Stops ends the options when given (a verb-like option that takes
	// the rest as operands).
	Stops bool
	// Operands, when set, replace the spec's operands once the option is
	// given (sh -c makes the first operand the script).
	Operands []Operand
	// Chdir marks a wrapper's option whose value is the directory the
	// command it runs starts in (env -C DIR, unshare -w DIR, sudo -D DIR).
	Chdir bool
	// BuildFile marks an option whose value is a file the program reads
	// as the commands it runs (make -f FILE, rake -f FILE, just -f FILE).
	BuildFile bool
	// RunsFile marks an option whose value is a file that the program runs
	// or loads as code (sed -f FILE, awk -f FILE, bash --rcfile FILE, ssh
	// -F FILE, whose ProxyCommand runs).
	RunsFile bool
	// Module marks an option whose value names a module that the program
	// loads and runs as code (node -r MOD, node --import MOD, ruby -r LIB,
	// python3 -m MOD): a file of that name with any ending, or a
	// directory of it.
	Module bool
	// Backup marks an option whose value is the suffix under which a
	// program that edits files in place keeps each original (sed -i.bak,
	// perl -pi.orig); a "*" in it stands for the file's name.
	Backup bool
	// OutDir marks an option whose value is the directory in which the
	// program writes the files that its OutName options name (go test
	// -outputdir, node --cpu-prof-dir); OutName an option whose value is
	// such a file's name (go test -cpuprofile, node --cpu-prof-name).
	OutDir, OutName bool
	// Output marks an option whose (first) value is a file or directory
	// the program writes: a report, a log, an index, a trace (find
	// -fprint FILE, tar --index-file FILE, time -o FILE). The checks of
	// what a command writes judge it as written.
	Output bool
	// Appends marks a RoleProgram option whose program the program runs
	// with words of its own choosing after the value: the names of the
	// files it found (rg --pre PROG runs PROG PATH, git grep -O PROG runs
	// PROG FILE…). A file's name may be any word, push or -c… too.
	Appends bool

	oneDash bool // its spec's Syntax is SingleDash: -load, not --load
}

// Operand is the role of one operand position.
type Operand struct {
	Role Role
	Lang Lang
	// Script marks the operand that holds the script or pattern; an
	// option with Script set removes it.
	Script bool
	// Effect, Check and Why as for Option.
	Effect Effect
	Check  func(value string, computed bool) bool
	Why    string
	// Appends: the program adds words of its own choosing to a
	// RoleCommand operand's command (xargs).
	Appends bool
	// Only, when set, makes the operand optional: a word it does not
	// accept is read as the next operand (setarch [ARCH] COMMAND: a word
	// that names no architecture is the command).
	Only func(w string) bool
	// First, with Only, takes the operand only as the program's first
	// argument (setarch [ARCH]: after an option, the first operand is the
	// command).
	First bool
	// ViewOnly marks a RoleCommand operand that a package runner runs
	// (npx git push runs git from PATH when no package is named git):
	// deny and ask rules and every cap judge the command, but an allow
	// rule names the runner and its package (npx vitest), and allows it.
	ViewOnly bool
}

// Syntax is how a program reads its options.
type Syntax struct {
	// Abbrev: long options accept unambiguous prefixes (getopt_long,
	// git's parse-options).
	Abbrev bool
	// Permute: options may follow operands (GNU getopt). Without it the
	// first operand ends the options.
	Permute bool
	// SingleDash: long names are spelled with one dash (find -name, go
	// vet -vettool); DoubleDash accepts two dashes as well.
	SingleDash bool
	DoubleDash bool
	// EqValue: a single-dash long option takes "=value" (go's flag
	// package).
	EqValue bool
	// Negate: --no-NAME is accepted for every long option and is a flag
	// (git).
	Negate bool
	// ShortEq: -x=value gives value to -x (spf13/pflag).
	ShortEq bool
	// Digits: -NUM is an option (nice -10, head -5).
	Digits bool
	// Underscore: '_' and '-' are the same in a long option's name
	// (node --inspect_brk is --inspect-brk).
	Underscore bool
	// FoldCase: a long option's name in any letter case is the option
	// (npm hands --SCRIPT_SHELL to its scripts as npm_config_script_shell,
	// which an npm they run reads as --script-shell).
	FoldCase bool
	// DashDashGlobal: "--" ends only the options before the operands, not
	// what follows them (find -L -- . -delete: -delete is still find's).
	DashDashGlobal bool
}

// The syntaxes of common option parsers.
var (
	// GNU is getopt_long with argument permutation.
	GNU = Syntax{Abbrev: true, Permute: true}
	// GNUStop is getopt_long with "+": the first operand ends the options.
	GNUStop = Syntax{Abbrev: true}
	// POSIX is getopt: short options only, the first operand ends them.
	POSIX = Syntax{}
	// GitOpts is git's parse-options.
	GitOpts = Syntax{Abbrev: true, Permute: true, Negate: true}
	// Cobra is spf13/pflag as used by cobra commands (no abbreviations).
	Cobra = Syntax{Permute: true, ShortEq: true}
	// CobraStop is pflag with interspersed options turned off.
	CobraStop = Syntax{ShortEq: true}
	// GoFlag is Go's flag package.
	GoFlag = Syntax{SingleDash: true, DoubleDash: true, EqValue: true}
)

// Spec models one program or subcommand.
type Spec struct {
	Name    string
	Aliases []string
	Syntax  Syntax
	Options []Option
	// Operands are the roles of the operands in order; the last one
	// repeats. A RoleCommand or RoleRemoteCode operand takes every word
	// after it.
	Operands []Operand
	// Subs are the subcommands; when there are any, the first operand
	// names one.
	Subs []*Spec
	// OpenSubs: a name that is not in Subs is an operand, not an unknown
	// word (a program whose first operand is a subcommand or a file).
	OpenSubs bool
	// Script: the model is of a script that an interpreter runs by name
	// (python manage.py …, php artisan …): the interpreter reads the
	// script's words through it.
	Script bool
	// Behind: the model knows the program's verbs with an effect, not what
	// its other words run (a terminal's, a client's): they are read as an
	// unknown program's words are (sh -c CMD among them is a command).
	Behind bool
	// AliasedSubs: a name that is not in Subs may be the user's alias of
	// any subcommand (tmux's command-alias): it counts as computed, as a
	// computed name does, not only as the worst written one.
	AliasedSubs bool
	// SubAt is how many operands come before the subcommand (yarn
	// workspace NAME publish: 1).
	SubAt int
	// Resolve, when set, maps a name that is not in Subs to the name of
	// the subcommand the program takes it for (npm's abbreviations), or
	// "".
	Resolve func(name string) string
	// Open: the option list is not complete; an option it does not know
	// is not a failure by itself (its worst case still counts).
	Open bool
	// Inherit: the parent's options are valid here too (persistent
	// flags).
	Inherit bool
	// Bundle: the first argument may be an old-style letter bundle
	// without a dash (tar cvf x).
	Bundle bool
	// Plus is the option spelled +VALUE (less +cmd, vim +cmd).
	Plus *Option
	// Operators are words that are neither options nor operands (find's
	// "(", ")", "!", ",").
	Operators []string
	// Placeholder is a word of a nested command replaced at run time
	// (find's {}).
	Placeholder string
	// Appended, when set, is the placeholder a nested command without
	// one gets appended (fd -x git runs git {}, a name it found): the
	// nested command is read with it, as if written.
	Appended string
	// Effect is what running this (sub)command does, with Why and the
	// typed action to use instead, if any.
	Effect  Effect
	Why     string
	Instead string
	// Judge, when set, looks at the whole reading afterwards for effects
	// that depend on several words (git config KEY VALUE).
	Judge func(r *Result, words []string)
	// Env are environment variables that, set for the program, give it
	// an effect (DOCKER_HOST: a remote engine).
	Env []EnvVar
	// EnvCode, when set, returns why an environment assignment NAME=value
	// makes the program run a command the engine does not read (make
	// reads CC from the environment), or "".
	EnvCode func(assign string, computed bool) string
	// EnvOperands: its NAME=value operands are put in the environment of
	// the programs it runs (make BASH_ENV=x test, rake RUBYOPT=-rx test),
	// as assignments before a command are.
	EnvOperands bool
	// Goals: its operands are goals it runs one after another (make test
	// deploy runs deploy), NAME=value ones aside. Deny and ask rules read
	// each goal as though it were the only one.
	Goals bool

	compiled bool
	parent   *Spec
	short    [128]uint8 // letter → 1 + index in Options
	optRisk  Effect     // the worst an unknown option here could do
	subRisk  Effect     // the worst an unknown subcommand here could do
	// codeFiles: an option here or under a subcommand names a file or a
	// module the program runs (NamesCodeFiles).
	codeFiles bool
	// backups: an option here or under a subcommand names a backup
	// suffix (KeepsBackups).
	backups bool
	// outputs: an option here or under a subcommand is an Output
	// (WritesOutputs); outShorts and outLongs spell them (MayNameOutput).
	outputs   bool
	outShorts string
	outLongs  []string
	// outDirs are the optionSpellings of the OutDir options here and under
	// subcommands (MayJoinOutputs).
	outDirs optionSpellings
	// chdir are the optionSpellings of the options, here and under
	// subcommands, that name the directory the program (or the command
	// it wraps) starts in (HasChdir, MayChdir).
	chdir   optionSpellings
	riskWhy string
	// runsWhy names an option here that runs a program, code or a file
	// its value chooses (find -exec, perl -e, awk -f): a computed word
	// that may be that option makes what runs chosen at run time.
	runsWhy string
	subWhy  string
	aliasOf map[string]*Spec
	longs   []longName // every long name, sorted, for exact and prefix search
}

// longName is one long name of an option of a spec.
type longName struct {
	name string
	opt  uint8 // index in Options
}

// EnvVar is an environment variable that gives a program an effect.
type EnvVar struct {
	Name   string
	Effect Effect
	Why    string
}

// EnvEffect returns the effect that setting the environment variable
// name gives the program s, if any. An EnvVar whose name ends in '*'
// stands for every name it begins (AWS_ENDPOINT_URL_*).
func (s *Spec) EnvEffect(name string) (EnvVar, bool) {
	for t := s; t != nil; t = t.parent {
		for _, e := range t.Env {
			if e.Name == name || strings.HasSuffix(e.Name, "*") && strings.HasPrefix(name, e.Name[:len(e.Name)-1]) {
				return e, true
			}
		}
	}
	return EnvVar{}, false
}
