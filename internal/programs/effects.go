package programs

import (
	"slices"
	"strings"
)

// The tables of commands with external effect or privilege. A segment that
// matches is never auto-approved, whatever the configuration: the cap
// ignores auto mode.

// effectRow is one command prefix with external effect.
type effectRow struct {
	verb string
	sub  []string // subcommand words, e.g. {"pr", "create"}
	// instead names the typed action to use, when there is one.
	instead string
}

// gitEffects are git subcommands with external effect, after git's global
// options.
var gitEffects = []effectRow{
	{"git", []string{"push"}, "git_push"},
	{"git", []string{"remote", "add"}, ""},
	{"git", []string{"remote", "set-url"}, ""},
	{"git", []string{"merge"}, "git_merge"},
	{"git", []string{"send-email"}, ""},
	{"git", []string{"svn", "dcommit"}, ""},
	{"git", []string{"lfs", "push"}, "git_push"},
	{"git", []string{"subtree", "push"}, "git_push"},
	{"git", []string{"p4", "submit"}, ""},
	{"git", []string{"request-pull"}, ""},
}

// toolEffects are provider CLIs, deploy and publish commands. Options may
// stand between the program and its subcommand (kubectl -n prod apply).
var toolEffects = []effectRow{
	{"gh", []string{"pr", "create"}, "pr_open"},
	{"gh", []string{"pr", "merge"}, "git_merge"},
	{"gh", []string{"release", "create"}, ""},
	{"gh", []string{"release", "upload"}, ""},
	{"gh", []string{"workflow", "run"}, ""},
	{"gh", []string{"api"}, ""},
	{"gh", []string{"repo", "create"}, "git_repo_create"},
	{"gh", []string{"repo", "delete"}, ""},
	{"gh", []string{"secret", "set"}, ""},
	{"glab", []string{"mr", "create"}, "pr_open"},
	{"glab", []string{"mr", "merge"}, "git_merge"},
	{"glab", []string{"release", "create"}, ""},
	{"glab", []string{"ci", "run"}, ""},
	{"kubectl", []string{"apply"}, ""},
	{"kubectl", []string{"create"}, ""},
	{"kubectl", []string{"delete"}, ""},
	{"kubectl", []string{"replace"}, ""},
	{"kubectl", []string{"patch"}, ""},
	{"kubectl", []string{"rollout"}, ""},
	{"kubectl", []string{"scale"}, ""},
	{"kubectl", []string{"edit"}, ""},
	{"kubectl", []string{"set"}, ""},
	{"kubectl", []string{"drain"}, ""},
	{"helm", []string{"install"}, ""},
	{"helm", []string{"upgrade"}, ""},
	{"helm", []string{"uninstall"}, ""},
	{"helm", []string{"rollback"}, ""},
	{"terraform", []string{"apply"}, ""},
	{"terraform", []string{"destroy"}, ""},
	{"tofu", []string{"apply"}, ""},
	{"tofu", []string{"destroy"}, ""},
	{"pulumi", []string{"up"}, ""},
	{"pulumi", []string{"destroy"}, ""},
	{"docker", []string{"push"}, ""},
	{"podman", []string{"push"}, ""},
	{"npm", []string{"publish"}, ""},
	{"pnpm", []string{"publish"}, ""},
	{"yarn", []string{"publish"}, ""},
	{"yarn", []string{"npm", "publish"}, ""},
	{"cargo", []string{"publish"}, ""},
	{"twine", []string{"upload"}, ""},
	{"gem", []string{"push"}, ""},
	{"poetry", []string{"publish"}, ""},
	{"uv", []string{"publish"}, ""},
	{"flyctl", []string{"deploy"}, ""},
	{"fly", []string{"deploy"}, ""},
	{"vercel", []string{"deploy"}, ""},
	{"netlify", []string{"deploy"}, ""},
	{"firebase", []string{"deploy"}, ""},
	{"serverless", []string{"deploy"}, ""},
	{"sls", []string{"deploy"}, ""},
	{"dotnet", []string{"nuget", "push"}, ""},
	{"mvn", []string{"deploy"}, ""},
}

// privileged are programs that run something as another user.
var privileged = []string{"sudo", "doas", "su", "pkexec", "run0"}

// gitGlobalArg are git's global options that take the next word as value.
var gitGlobalArg = map[string]bool{
	"-C": true, "--git-dir": true, "--work-tree": true, "--namespace": true,
	"--super-prefix": true, "--attr-source": true,
}

// GitSplit skips git's global options. It returns the index of the
// subcommand (len(v) when there is none) and, when configuration is set on
// the command line (-c, --config-env, --exec-path=), why that can run any
// program.
func GitSplit(v []string) (sub int, why string) {
	j, why := GitSplitArgs(v[1:])
	return j + 1, why
}

// GitSplitArgs is gitSplit on git's arguments (without "git").
func GitSplitArgs(v []string) (sub int, why string) {
	j := 0
	for j < len(v) {
		w := v[j]
		if len(w) < 2 || w[0] != '-' {
			break
		}
		switch {
		case w == "--":
			return j + 1, why
		case w == "-c" || w == "--config-env":
			why = "git " + w + " sets configuration, which can run any program (alias.x=!…, core.sshCommand, core.pager)"
			j = skipValue(j, len(v))
			continue
		case strings.HasPrefix(w, "-c") && !strings.HasPrefix(w, "--"), strings.HasPrefix(w, "--config-env="):
			why = "git -c sets configuration, which can run any program (alias.x=!…, core.sshCommand, core.pager)"
		case strings.HasPrefix(w, "--exec-path="):
			why = "git --exec-path runs git's helper programs from another directory"
		case gitGlobalArg[w]:
			j = skipValue(j, len(v))
			continue
		}
		j++
	}
	return j, why
}

// skipValue steps over the option at i and its value. An option that
// takes a value with nothing after it (git -C) ends the words: the result
// never passes n, so callers may slice v[result:].
func skipValue(i, n int) int {
	return min(i+2, n)
}

// Reach is what a command reaches beyond the project: an external
// effect (a push, a deploy, a publish) or another user's privileges.
type Reach struct {
	Privileged bool   // runs as another user; otherwise an external effect
	Why        string // in words, for the reason
	Instead    string // the typed action to propose instead, if any
}

// ExternalEffect checks one view of a segment (its program first, with the
// program's catalog bits) against the tables and the host's extra rows.
func ExternalEffect(v []string, bits Bits, extra [][]string) (Reach, bool) {
	return externalEffect(v[0], v, bits, extra)
}

// ExternalEffectAs is ExternalEffect for words whose program reads as
// verb (an argument of an unknown program with its directory removed),
// checked where they stand, without a copy.
func ExternalEffectAs(verb string, v []string, extra [][]string) (Reach, bool) {
	return externalEffect(verb, v, BitsOf(verb), extra)
}

// externalEffect checks v with verb in the place of v[0].
func externalEffect(verb string, v []string, bits Bits, extra [][]string) (Reach, bool) {
	if bits&Effect == 0 && len(extra) == 0 {
		return Reach{}, false
	}
	if bits&Privileged != 0 {
		return Reach{Privileged: true, Why: verb + " runs a command with other privileges; a person must decide every time"}, true
	}
	if verb == "git" {
		sub, why := GitSplit(v)
		if why != "" {
			return Reach{Why: why}, true
		}
		rest := v[sub:]
		for _, row := range gitEffects {
			if subMatch(rest, row.sub) {
				return Reach{Why: "git " + strings.Join(row.sub, " ") + " has an effect outside the machine", Instead: row.instead}, true
			}
		}
		return Reach{}, false
	}
	for _, i := range Lookup(verb).rows() {
		row := toolEffects[i]
		if toolSubMatch(v[1:], row.sub) {
			return Reach{Why: verb + " " + strings.Join(row.sub, " ") + " has an effect outside the machine", Instead: row.instead}, true
		}
	}
	for _, e := range extra {
		if len(e) > 0 && e[0] == verb && toolSubMatch(v[1:], e[1:]) {
			return Reach{Why: strings.Join(e, " ") + " has an effect outside the machine (host table)"}, true
		}
	}
	return Reach{}, false
}

// EffectCost is the work of ExternalEffect on v with verb as its program,
// for a work count: the words it reads (the options and the first four
// other words), once per row of the tables it tries.
func EffectCost(verb string, v []string, extra int) int {
	n, other := 1, 0
	for _, a := range v[min(1, len(v)):] {
		n++
		if !strings.HasPrefix(a, "-") {
			if other++; other == 4 {
				break
			}
		}
	}
	return n * (1 + len(Lookup(verb).rows()) + len(gitEffects) + extra)
}

// subMatch reports whether the subcommand words start rest, allowing
// options between git's subcommand levels (git remote -v add is not a
// thing, but git subtree push --prefix=x is).
func subMatch(rest, sub []string) bool {
	if len(rest) == 0 || len(sub) == 0 || rest[0] != sub[0] {
		return false
	}
	if len(sub) == 1 {
		return true
	}
	return toolSubMatch(rest[1:], sub[1:])
}

// toolSubMatch finds sub among the first non-option words of args,
// starting at the first or second one: options and their values may come
// before the subcommand (kubectl -n prod apply, helm --kube-context x
// upgrade).
func toolSubMatch(args, sub []string) bool {
	if len(sub) == 0 {
		return true
	}
	var nonOpt [4]string
	n := 0
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		nonOpt[n] = a
		n++
		if n == len(nonOpt) {
			break
		}
	}
	for start := 0; start < 2 && start+len(sub) <= n; start++ {
		ok := true
		for i, s := range sub {
			if nonOpt[start+i] != s {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// rows returns a program's rows in toolEffects; nil for no program.
func (p *Program) rows() []int {
	if p == nil {
		return nil
	}
	return p.effects
}

// IsPrivileged reports a program that runs something as another user.
func IsPrivileged(v string) bool { return BitsOf(v)&Privileged != 0 }

// CapPrefix reports whether a rule of these words would match a command
// with external effect or privilege: the words are a prefix of a row of
// the tables (or name a privileged program).
func CapPrefix(unit []string) bool {
	if len(unit) == 0 {
		return false
	}
	if IsPrivileged(unit[0]) {
		return true
	}
	for _, row := range capRows {
		if len(unit) <= len(row) && slices.Equal(unit, row[:len(unit)]) {
			return true
		}
	}
	return false
}

// capRows are the rows of the external-effect tables as whole commands
// (git push, gh pr create, …), built once.
var capRows = func() [][]string {
	var rows [][]string
	for _, t := range [][]effectRow{gitEffects, toolEffects} {
		for _, r := range t {
			rows = append(rows, append([]string{r.verb}, r.sub...))
		}
	}
	return rows
}()
