package permengine

import (
	"strings"
)

// This file holds the tables of commands with external effect or privilege
// (SPEC §7). A segment that matches is never auto-approved, whatever the
// configuration: the cap ignores auto mode.

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

// toolEffectsByVerb indexes toolEffects by program.
var toolEffectsByVerb = func() map[string][]int {
	m := map[string][]int{}
	for i, r := range toolEffects {
		m[r.verb] = append(m[r.verb], i)
	}
	return m
}()

// effectVerbs are the programs that start a row of the tables above, for
// the scan of unknown programs' arguments.
var effectVerbs = func() map[string]bool {
	m := map[string]bool{"git": true}
	for _, r := range toolEffects {
		m[r.verb] = true
	}
	for v := range privileged {
		m[v] = true
	}
	return m
}()

// privileged are programs that run something as another user.
var privileged = map[string]bool{"sudo": true, "doas": true, "su": true, "pkexec": true, "run0": true}

// gitGlobalArg are git's global options that take the next word as value.
var gitGlobalArg = map[string]bool{
	"-C": true, "--git-dir": true, "--work-tree": true, "--namespace": true,
	"--super-prefix": true, "--attr-source": true,
}

// gitSplit skips git's global options. It returns the index of the
// subcommand (len(v) when there is none) and, when configuration is set on
// the command line (-c, --config-env, --exec-path=), why that can run any
// program.
func gitSplit(v []string) (sub int, why string) {
	j, why := gitSplitArgs(v[1:])
	return j + 1, why
}

// gitSplitArgs is gitSplit on git's arguments (without "git").
func gitSplitArgs(v []string) (sub int, why string) {
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

// effectHit is a segment with external effect or privilege.
type effectHit struct {
	code    Code
	why     string
	instead string
}

// externalEffect checks one view of a segment.
func externalEffect(v []string, extra [][]string) (effectHit, bool) {
	if len(v) == 0 {
		return effectHit{}, false
	}
	return externalEffectBits(v, bitsOf(v[0]), extra)
}

// externalEffectBits is externalEffect with the bits of v[0] known.
func externalEffectBits(v []string, bits verbBits, extra [][]string) (effectHit, bool) {
	verb := v[0]
	if bits&vbEffect == 0 && len(extra) == 0 {
		return effectHit{}, false
	}
	if bits&vbPrivileged != 0 {
		return effectHit{code: CodePrivileged, why: verb + " runs a command with other privileges; a person must decide every time"}, true
	}
	if verb == "git" {
		sub, why := gitSplit(v)
		if why != "" {
			return effectHit{code: CodeExternalEffect, why: why}, true
		}
		rest := v[sub:]
		for _, row := range gitEffects {
			if subMatch(rest, row.sub) {
				return effectHit{code: CodeExternalEffect, why: "git " + strings.Join(row.sub, " ") + " has an effect outside the machine", instead: row.instead}, true
			}
		}
		return effectHit{}, false
	}
	for _, i := range toolEffectsByVerb[verb] {
		row := toolEffects[i]
		if toolSubMatch(v[1:], row.sub) {
			return effectHit{code: CodeExternalEffect, why: verb + " " + strings.Join(row.sub, " ") + " has an effect outside the machine", instead: row.instead}, true
		}
	}
	for _, e := range extra {
		if len(e) > 0 && e[0] == verb && toolSubMatch(v[1:], e[1:]) {
			return effectHit{code: CodeExternalEffect, why: strings.Join(e, " ") + " has an effect outside the machine (host table)"}, true
		}
	}
	return effectHit{}, false
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
