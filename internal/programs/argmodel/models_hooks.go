package argmodel

// Models of the tools that arrange for code to run later: git hook
// managers, whose install step writes .git/hooks or points core.hooksPath
// at the project's hook files, which git then runs at every commit, merge
// or push; and the environment tools whose trust step lets a project's
// file run in every shell that enters its directory (direnv's .envrc,
// mise's hooks and env scripts). Each such step is the moment a person
// must see: the code it arms runs later, under commands that show none
// of it.

const (
	whyHooks = "installs git hooks (.git/hooks or core.hooksPath), which git runs at later commits, merges and pushes"
	whyTrust = "trusts the project's environment file, whose code then runs in every shell that enters the directory"
)

// armed is a subcommand (or option) spec whose use arms later code.
func armed(s *Spec, why string) *Spec {
	s.Effect, s.Why = EffComputed, why
	return s
}

// preCommitModel is pre-commit: install and init-templatedir write git
// hooks; uninstall puts back the hook it replaced (pre-commit.legacy).
// Its subcommands are closed: any other word is an error.
func preCommitModel() *Spec {
	s := closed(cmd(GNU, "pre-commit"))
	s.Behind = true
	s.Subs = append(cmds(GNU, "run", "autoupdate", "install-hooks", "clean", "gc", "validate-config",
		"validate-manifest", "sample-config", "try-repo", "migrate-config", "help", "hook-impl"),
		armed(cmd(GNU, "install"), whyHooks),
		armed(cmd(GNU, "uninstall"), "puts back the git hook it had replaced"),
		armed(cmd(GNU, "init-templatedir"), "writes git hooks into a template directory, which git init and git clone copy"))
	return s
}

// huskyModel is husky: run with no subcommand (husky 9, with an optional
// directory) or with install (husky 8) or init, it points core.hooksPath
// at .husky; -v, --help and uninstall do not.
func huskyModel() *Spec {
	s := cmd(GNU, "husky")
	s.Behind = true
	s.Judge = func(r *Result, words []string) {
		if len(words) > 1 {
			switch words[1] {
			case "-v", "--version", "-h", "--help", "uninstall":
				return
			}
		}
		r.Effects |= EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: len(words) - 1, Why: whyHooks})
	}
	return s
}

// lefthookModel is lefthook: install and add write .git/hooks.
func lefthookModel() *Spec {
	s := cmd(GNU, "lefthook")
	s.Behind = true
	s.Subs = []*Spec{
		armed(cmd(GNU, "install"), whyHooks),
		armed(cmd(GNU, "add"), whyHooks),
	}
	return s
}

// simpleGitHooksModel is simple-git-hooks: run, it writes the hooks its
// configuration names into .git/hooks.
func simpleGitHooksModel() *Spec {
	s := armed(cmd(GNU, "simple-git-hooks"), whyHooks)
	s.Behind = true
	return s
}

// overcommitModel is overcommit: --install writes .git/hooks, and --sign
// approves changed hook configuration, which it then runs.
func overcommitModel() *Spec {
	s := cmd(GNU, "overcommit")
	s.Behind = true
	s.Options = list(
		flag("i", "install").does(EffComputed, whyHooks),
		flag("", "sign").does(EffComputed, "approves the hook configuration, which its hooks then run"),
		flag("u", "uninstall").does(EffComputed, "puts back the git hooks it had replaced"))
	return s
}

// direnvModel is direnv: allow (permit, grant) trusts .envrc.
func direnvModel() *Spec {
	s := cmd(GNU, "direnv")
	s.Behind = true
	s.Subs = []*Spec{armed(cmd(GNU, "allow", "permit", "grant"), whyTrust),
		// edit opens .envrc in the editor, then allows it.
		armed(cmd(GNU, "edit"), "allows .envrc after the editor closes: "+whyTrust),
		// exec DIR CMD runs CMD with DIR's environment.
		simpleWrapper("exec", "", nil, 1)}
	return s
}

// miseModel is mise: trust lets a project's configuration run its hooks
// and env scripts; generate git-pre-commit --write writes a git hook.
func miseModel() *Spec {
	s := cmd(GNU, "mise")
	s.Behind = true
	gen := cmd(GNU, "generate", "gen", "g")
	gen.Options = list(flag("w", "write").does(EffComputed, whyHooks))
	s.Subs = []*Spec{armed(cmd(GNU, "trust"), whyTrust), gen}
	return s
}

// corepackModel is corepack: enable writes its shims for yarn and pnpm
// (and npm, when named) into the directory corepack itself is in, on
// PATH (/usr/bin where node is the system's); install -g and prepare
// --activate choose the package manager those shims download and run.
func corepackModel() *Spec {
	s := cmd(GNU, "corepack")
	s.Behind = true
	inst := cmd(GNU, "install")
	inst.Options = list(flag("g", "global").does(EffComputed, "chooses the package manager every shim downloads and runs"))
	prep := cmd(GNU, "prepare")
	prep.Options = list(flag("", "activate").does(EffComputed, "chooses the package manager every shim downloads and runs"))
	s.Subs = []*Spec{armed(cmd(GNU, "enable"), "writes shims for yarn and pnpm (npm too, when named) beside corepack, in a directory on PATH"),
		inst, prep}
	return s
}
