package permengine

import (
	"strings"

	"github.com/permengine/permengine/internal/programs"
)

// TooBroad is the one judgement of an allow rule that grants too much,
// shared by "always allow" (which never records one) and lint (which warns
// on one). words are the content words of a Terminal rule (nil for
// Terminal(), which allows everything); a last word ending in ":*" is read
// as its stem. It returns why the rule is too broad, or "".
//
// Too broad are: every command (Terminal()); a shell, eval or source (any
// script); an interpreter, a runner or a package runner without the code it
// runs (python, npx, pnpm exec, npm run); a wrapper without the command it
// wraps, or around a command that is itself too broad (npm run env, whose
// script is env); any rule of a program whose words are commands it runs
// (sqlite3, psql, ed: a rule allows the commands appended to it); a rule whose own
// words carry an exec-capable argument (find . -exec, git --upload-pack=…);
// git alone.
func TooBroad(words []string) string {
	if len(words) == 0 {
		return "Terminal() allows every terminal command: only deny, ask and the caps stand between the agent and the machine"
	}
	if last := words[len(words)-1]; strings.HasSuffix(last, ":*") {
		words = append(words[:len(words)-1:len(words)-1], strings.TrimSuffix(last, ":*"))
	}
	v := words[0]
	bits := programs.BitsOf(v)
	text := strings.Join(words, " ")
	switch {
	case bits&(programs.Shell|programs.Eval|programs.Source) != 0:
		return scriptBreadth(words, text)
	case bits&programs.Wrapper != 0 || programs.IsRunnerSub(words):
		inner := programs.WrappedCommand(words)
		if len(inner) == 0 && bits&programs.Wrapper == 0 {
			inner = words[2:] // a package runner (pnpm dlx): what follows is the package
		}
		if len(inner) > 0 {
			return TooBroad(inner)
		}
		return text + " runs whatever command follows it: the rule allows any program"
	case programs.EnvScript(words) != nil:
		return envScriptBreadth(programs.EnvScript(words), text)
	case programs.TakesCommands(v):
		return text + " reads commands in its words, files and input (SQL, its own commands), some of which run a shell or write files: the rule allows whatever commands follow the words it shows"
	case len(words) == 1 && bits&programs.Interpreter != 0:
		return text + " is an interpreter: the rule allows any code it is given"
	case len(words) == 2 && programs.RunsTarget(words):
		return text + " runs any script, file or package it is given: the rule allows any of them"
	}
	if why := programs.ExecArgument(words, bits); why != "" {
		return why + "; the cap asks for it, but the rule should not allow it"
	}
	if v == "git" && len(words) == 1 {
		return "git allows every git subcommand, including ones that rewrite history or configuration; allow subcommands one by one"
	}
	return ""
}

// envScriptBreadth judges a rule of npm's env script (npm run env),
// which runs env with the words after it.
func envScriptBreadth(env []string, text string) string {
	if len(env) > 1 {
		return TooBroad(env)
	}
	return text + " runs whatever command follows it (npm's env script is env): the rule allows any program"
}

// scriptBreadth judges a shell, eval or source rule: too broad unless the
// script is written out in the rule (bash -c 'make build').
func scriptBreadth(words []string, text string) string {
	if programs.BitsOf(words[0])&programs.Shell != 0 && len(words) >= 3 && words[1] == "-c" {
		return ""
	}
	return text + " runs any script: the rule allows whatever it is given"
}
