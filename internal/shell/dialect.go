package shell

import (
	"bytes"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
)

// The engine reads scripts as bash reads them. A shell of another dialect
// reads the same text as other commands: sh is dash on Debian (no $'…',
// &> is & then >) and bash in POSIX mode elsewhere (a ' inside "${x:-…}"
// is a character); zsh and ksh expand words bash leaves alone.

// posixShells are the shells that read POSIX sh (sh may be bash in POSIX
// mode too): a script for them must read the same as POSIX sh and as
// bash, or it is not read at all.
var posixShells = map[string]bool{"sh": true, "dash": true, "ash": true, "posh": true}

// dialect makes the command computed when the script text, run by the
// shell prog, cannot be read as bash reads it (dialectProblem). Its
// parses are work, charged like the reading's.
func (c *Command) dialect(prog, text string) {
	if !c.spend(3 * len(text)) {
		return // the integrity cap names the spent budget
	}
	if why := dialectProblem(prog, text); why != "" {
		c.dyn(why)
	}
}

// bashRuns are the carriers whose scripts bash itself runs (builtins and
// bash's own variables): every other program that runs shell text (git
// rebase --exec, watch, GIT_SSH_COMMAND, a make recipe) runs it with
// /bin/sh, dash on Debian.
var bashRuns = map[string]bool{"eval": true, "trap": true, "alias": true, "mapfile": true, "readarray": true,
	"source": true, ".": true, "fc": true, "bash": true, "rbash": true, "builtin": true, "command": true, "jobs": true,
	"PROMPT_COMMAND=": true, "FCEDIT=": true}

// viaSh makes the command computed when the script text, which origin
// runs with /bin/sh, reads otherwise in POSIX sh than in bash; runner is
// the carrier's name (a program, or NAME= for a variable).
func (c *Command) viaSh(runner, origin, text string) {
	if bashRuns[runner] || strings.HasPrefix(runner, "BASH_FUNC_") {
		return
	}
	if !c.spend(3 * len(text)) {
		return // the integrity cap names the spent budget
	}
	if !sameInPosix(text) {
		c.dyn(origin + " runs its script with sh (dash, or bash in POSIX mode), which reads this script as other commands than bash does")
	}
}

// dialectProblem returns why the script text, run by the shell prog (a
// view's program word), cannot be read as bash reads it, or "".
func dialectProblem(prog, text string) string {
	name := argmodel.Versionless(programs.BaseName(prog))
	switch {
	case name == "bash" || name == "rbash":
		return ""
	case posixShells[name]:
		if !sameInPosix(text) {
			return name + " reads its script as POSIX sh (dash, or bash in POSIX mode), in which this script reads as other commands than in bash"
		}
		return ""
	default:
		return name + " reads its script in a dialect of its own, which the engine does not read (it reads bash and POSIX sh)"
	}
}

// sameInPosix reports a script that parses as POSIX sh to the same
// commands as it does as bash: both parses, printed, are the same text.
// A script with no shell syntax beyond words is the same at once.
func sameInPosix(text string) bool {
	if !strings.ContainsAny(text, "$'\"\\&|<>(){}[]`!#;\n") {
		return true
	}
	if tooNested(text) != "" {
		return false // not parsed: read as another dialect's, the safe side
	}
	bash, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(text), "")
	if err != nil {
		return true // a bash parse error is the integrity cap's already
	}
	if quoteInQuotedExpansion(bash) {
		return false
	}
	posix, err := syntax.NewParser(syntax.Variant(syntax.LangPOSIX)).Parse(strings.NewReader(text), "")
	if err != nil {
		return false
	}
	var a, b bytes.Buffer
	p := syntax.NewPrinter()
	if p.Print(&a, bash) != nil || p.Print(&b, posix) != nil {
		return false
	}
	return a.String() == b.String()
}

// quoteInQuotedExpansion reports a single-quoted string inside a
// parameter expansion inside double quotes ("${x:-'…'}"): bash quotes
// with it, while POSIX sh (dash, bash in POSIX mode) reads the ' as a
// character, so the expansion ends at another place and the text after
// it is other commands.
func quoteInQuotedExpansion(f *syntax.File) bool {
	// One walk: each open node records whether it is inside double
	// quotes (dq) and inside a parameter expansion inside them (pe);
	// Walk calls f(nil) as it leaves a node.
	type open struct{ dq, pe bool }
	stack := []open{{}}
	found := false
	syntax.Walk(f, func(n syntax.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if found {
			return false
		}
		top := stack[len(stack)-1]
		switch n.(type) {
		case *syntax.SglQuoted:
			if top.pe {
				found = true
				return false
			}
		case *syntax.DblQuoted:
			top.dq = true
		case *syntax.ParamExp:
			top.pe = top.pe || top.dq
		}
		stack = append(stack, top)
		return true
	})
	return found
}
