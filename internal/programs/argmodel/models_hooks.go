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
	s.Subs = append(cmds(GNU, "run", "autoupdate", "install-hooks", "clean", "gc", "validate-config",
		"validate-manifest", "sample-config", "try-repo", "migrate-config", "help", "hook-impl"),
		armed(cmd(GNU, "install"), "pre-commit install "+whyHooks),
		armed(cmd(GNU, "uninstall"), "pre-commit uninstall puts back the git hook it had replaced"),
		armed(cmd(GNU, "init-templatedir"), "pre-commit init-templatedir writes git hooks into a template directory, which git init and git clone copy"))
	return s
}

// huskyModel is husky: run with no subcommand (husky 9) or with install
// (husky 8) or init, it points core.hooksPath at .husky.
func huskyModel() *Spec {
	s := armed(cmd(GNU, "husky"), "husky "+whyHooks)
	s.Subs = append(s.Subs, cmd(GNU, "uninstall"))
	return s
}

// lefthookModel is lefthook: install and add write .git/hooks.
func lefthookModel() *Spec {
	s := cmd(GNU, "lefthook")
	s.Subs = []*Spec{
		armed(cmd(GNU, "install"), "lefthook install "+whyHooks),
		armed(cmd(GNU, "add"), "lefthook add "+whyHooks),
	}
	return s
}

// simpleGitHooksModel is simple-git-hooks: run, it writes the hooks its
// configuration names into .git/hooks.
func simpleGitHooksModel() *Spec {
	return armed(cmd(GNU, "simple-git-hooks"), "simple-git-hooks "+whyHooks)
}

// overcommitModel is overcommit: --install writes .git/hooks, and --sign
// approves changed hook configuration, which it then runs.
func overcommitModel() *Spec {
	s := cmd(GNU, "overcommit")
	s.Options = list(
		flag("i", "install").does(EffComputed, "overcommit --install "+whyHooks),
		flag("", "sign").does(EffComputed, "overcommit --sign approves the hook configuration, which its hooks then run"),
		flag("u", "uninstall").does(EffComputed, "overcommit --uninstall puts back the git hooks it had replaced"))
	return s
}

// direnvModel is direnv: allow (permit, grant) trusts .envrc.
func direnvModel() *Spec {
	s := cmd(GNU, "direnv")
	s.Subs = []*Spec{armed(cmd(GNU, "allow", "permit", "grant"), "direnv allow "+whyTrust)}
	return s
}

// miseModel is mise: trust lets a project's configuration run its hooks
// and env scripts; generate git-pre-commit --write writes a git hook.
func miseModel() *Spec {
	s := cmd(GNU, "mise")
	gen := cmd(GNU, "generate")
	gen.Options = list(flag("w", "write").does(EffComputed, "mise generate --write "+whyHooks))
	s.Subs = []*Spec{armed(cmd(GNU, "trust"), "mise trust "+whyTrust), gen}
	return s
}

// corepackModel is corepack: enable writes its shims for yarn and pnpm
// (and npm, when named) into the directory corepack itself is in, on
// PATH (/usr/bin where node is the system's); install -g and prepare
// --activate choose the package manager those shims download and run.
func corepackModel() *Spec {
	s := cmd(GNU, "corepack")
	inst := cmd(GNU, "install")
	inst.Options = list(flag("g", "global").does(EffComputed, "corepack install --global chooses the package manager every shim downloads and runs"))
	prep := cmd(GNU, "prepare")
	prep.Options = list(flag("", "activate").does(EffComputed, "corepack prepare --activate chooses the package manager every shim downloads and runs"))
	s.Subs = []*Spec{armed(cmd(GNU, "enable"), "corepack enable writes shims for yarn and pnpm (npm too, when named) beside corepack, in a directory on PATH"),
		inst, prep}
	return s
}
