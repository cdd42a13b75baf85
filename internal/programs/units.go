package programs

import "slices"

// UnitKind says how "always allow" cuts a rule out of an approved segment
// of a program: what one click may grant beyond the command the person
// saw.
type UnitKind uint8

// The kinds of unit. The zero value is the default: the program and its
// subcommand (npm test, git status).
const (
	UnitSub UnitKind = iota
	// UnitTarget: the next word names what runs, and it is the unit: the
	// script of npm run lint, the file of go run ./cmd/x or python x.py,
	// the package of npx vitest. A flag before it keeps the whole segment.
	UnitTarget
	// UnitVerb: a cloud CLI whose commands are groups down to a verb; the
	// unit is every word down to the verb (aws s3 ls). A verb that changes
	// something keeps the whole segment.
	UnitVerb
	// UnitModes: a subcommand family that mixes reading and destroying;
	// only the modes in the row's list (read-only ones, or creating a
	// branch) are a unit of their own; any other use records nothing
	// (the whole segment would allow a flag added after it: git checkout
	// main -f), nor does the bare subcommand (a prefix of every mode).
	UnitModes
	// UnitExact: the whole segment, always.
	UnitExact
	// UnitRemote: runs a command on another machine; never recorded.
	UnitRemote
	// UnitOnce: never recorded, and nothing is refused: a rule matches by
	// word prefix, and a flag added after what the person saw changes
	// what the command does (git reset … --hard, kill -9 -1), so the
	// answer holds for this command only.
	UnitOnce
)

// UnitRow is how "always allow" cuts the rule of one program or
// subcommand.
type UnitRow struct {
	Verb  string
	Sub   []string // the subcommand words after Verb; nil for the program itself
	Kind  UnitKind
	Modes []string // UnitModes: the modes that are a unit; UnitVerb: the read-only verbs
	// Says is what a rule of this unit allows, in words, completed with
	// the unit's own words by the caller.
	Says string
}

// readVerbs are the verbs of cloud CLIs that only read.
var readVerbs = []string{"ls", "list", "get", "describe", "show", "view", "info", "version", "help", "wait", "search", "lookup", "check"}

// unitRows are the programs whose unit is not the default. Within one
// program, the longest matching Sub wins.
var unitRows = []UnitRow{
	{Verb: "npm", Sub: []string{"run"}, Kind: UnitTarget, Says: "this script, with any arguments; no other script"},
	{Verb: "npm", Sub: []string{"run-script"}, Kind: UnitTarget, Says: "this script, with any arguments; no other script"},
	{Verb: "pnpm", Sub: []string{"run"}, Kind: UnitTarget, Says: "this script, with any arguments; no other script"},
	{Verb: "yarn", Sub: []string{"run"}, Kind: UnitTarget, Says: "this script, with any arguments; no other script"},
	{Verb: "bun", Sub: []string{"run"}, Kind: UnitTarget, Says: "this script or file, with any arguments; no other"},
	{Verb: "go", Sub: []string{"run"}, Kind: UnitTarget, Says: "this package or file, with any arguments; no other"},
	{Verb: "cargo", Sub: []string{"run"}, Kind: UnitExact, Says: "this command, with more arguments after it"},
	{Verb: "deno", Sub: []string{"run"}, Kind: UnitTarget, Says: "this file, with any arguments; no other file"},
	// Task and script runners: the verb alone would allow every task of
	// the project (deno task deploy, lerna run publish).
	{Verb: "deno", Sub: []string{"task"}, Kind: UnitTarget, Says: "this task, with any arguments; no other task"},
	{Verb: "pdm", Sub: []string{"run"}, Kind: UnitTarget, Says: "this script or command, with any arguments; no other"},
	{Verb: "mise", Sub: []string{"run"}, Kind: UnitOnce, Says: "mise run runs every task its words name (test ::: deploy)"},
	{Verb: "composer", Sub: []string{"run"}, Kind: UnitTarget, Says: "this script, with any arguments; no other script"},
	{Verb: "composer", Sub: []string{"run-script"}, Kind: UnitTarget, Says: "this script, with any arguments; no other script"},
	{Verb: "cargo", Sub: []string{"make"}, Kind: UnitTarget, Says: "this task, with any arguments; no other task"},
	{Verb: "lerna", Sub: []string{"run"}, Kind: UnitTarget, Says: "this script in every package, with any arguments; no other script"},
	{Verb: "turbo", Sub: []string{"run"}, Kind: UnitOnce, Says: "turbo run runs every task its words name (build deploy)"},
	{Verb: "nx", Sub: []string{"run-many"}, Kind: UnitOnce, Says: "nx run-many runs every target -t names"},
	{Verb: "nx", Sub: []string{"affected"}, Kind: UnitOnce, Says: "nx affected runs every target -t names"},
	{Verb: "nx", Sub: []string{"run"}, Kind: UnitTarget, Says: "this project's target, with any arguments; no other target"},
	{Verb: "moon", Sub: []string{"run"}, Kind: UnitTarget, Says: "this target, with any arguments; no other target"},
	{Verb: "dagger", Sub: []string{"call"}, Kind: UnitTarget, Says: "this function, with any arguments; no other function"},
	{Verb: "pre-commit", Sub: []string{"run"}, Kind: UnitTarget, Says: "this hook, with any arguments; no other hook"},
	{Verb: "earthly", Kind: UnitTarget, Says: "this target, with any arguments; no other target"},
	// uv pip is a family: uv pip list must not allow uv pip install.
	{Verb: "uv", Sub: []string{"pip"}, Kind: UnitTarget, Says: "this pip command, with any arguments; no other"},
	{Verb: "python", Kind: UnitTarget, Says: "this file or module, with any arguments; no other code"},
	{Verb: "python3", Kind: UnitTarget, Says: "this file or module, with any arguments; no other code"},
	{Verb: "python2", Kind: UnitTarget, Says: "this file or module, with any arguments; no other code"},
	{Verb: "node", Kind: UnitTarget, Says: "this file, with any arguments; no other code"},
	{Verb: "ruby", Kind: UnitTarget, Says: "this file, with any arguments; no other code"},
	{Verb: "perl", Kind: UnitTarget, Says: "this file, with any arguments; no other code"},
	{Verb: "php", Kind: UnitTarget, Says: "this file, with any arguments; no other code"},
	{Verb: "npx", Kind: UnitTarget, Says: "this package, with any arguments; no other package"},
	{Verb: "pnpx", Kind: UnitTarget, Says: "this package, with any arguments; no other package"},
	{Verb: "bunx", Kind: UnitTarget, Says: "this package, with any arguments; no other package"},
	{Verb: "pnpm", Sub: []string{"dlx"}, Kind: UnitTarget, Says: "this package, with any arguments; no other package"},
	{Verb: "yarn", Sub: []string{"dlx"}, Kind: UnitTarget, Says: "this package, with any arguments; no other package"},
	{Verb: "bun", Sub: []string{"x"}, Kind: UnitTarget, Says: "this package, with any arguments; no other package"},
	{Verb: "npm", Sub: []string{"exec"}, Kind: UnitTarget, Says: "this package, with any arguments; no other package"},
	// The command a container runs is kept whole: the rule must not
	// allow another command in the same container.
	{Verb: "docker", Sub: []string{"exec"}, Kind: UnitExact, Says: "this command in this container, with more arguments after it"},
	{Verb: "docker", Sub: []string{"compose", "exec"}, Kind: UnitExact, Says: "this command in this service, with more arguments after it"},
	{Verb: "docker-compose", Sub: []string{"exec"}, Kind: UnitExact, Says: "this command in this service, with more arguments after it"},
	{Verb: "podman", Sub: []string{"exec"}, Kind: UnitExact, Says: "this command in this container, with more arguments after it"},
	{Verb: "aws", Kind: UnitVerb, Modes: readVerbs, Says: "this command on any resource, with any options; no other command"},
	{Verb: "gcloud", Kind: UnitVerb, Modes: readVerbs, Says: "this command on any resource, with any options; no other command"},
	{Verb: "az", Kind: UnitVerb, Modes: readVerbs, Says: "this command on any resource, with any options; no other command"},
	{Verb: "git", Sub: []string{"checkout"}, Kind: UnitModes, Modes: []string{"-b", "-B", "--orphan"}, Says: "creating any branch this way; not switching or discarding changes"},
	{Verb: "git", Sub: []string{"switch"}, Kind: UnitModes, Modes: []string{"-c", "-C", "--create", "--force-create", "--orphan"}, Says: "creating any branch this way; not switching or discarding changes"},
	{Verb: "git", Sub: []string{"branch"}, Kind: UnitModes, Modes: []string{"-a", "-r", "-v", "-vv", "-l", "--list", "--all", "--remotes", "--show-current", "--contains", "--merged", "--no-merged"}, Says: "listing branches this way; not creating, renaming or deleting them"},
	{Verb: "git", Sub: []string{"stash"}, Kind: UnitModes, Modes: []string{"list", "show"}, Says: "reading stashes this way; not dropping or applying them"},
	{Verb: "git", Sub: []string{"remote"}, Kind: UnitModes, Modes: []string{"-v", "--verbose", "show", "get-url"}, Says: "reading remotes this way; not adding or changing them"},
	{Verb: "git", Sub: []string{"worktree"}, Kind: UnitModes, Modes: []string{"list"}, Says: "listing worktrees; not adding or removing them"},
	{Verb: "git", Sub: []string{"config"}, Kind: UnitModes, Modes: []string{"--get", "--get-all", "--get-regexp", "--list", "-l"}, Says: "reading configuration this way; not writing it"},
	{Verb: "git", Sub: []string{"tag"}, Kind: UnitModes, Modes: []string{"-l", "--list", "--contains", "--points-at"}, Says: "listing tags this way; not creating or deleting them"},
	{Verb: "kubectl", Kind: UnitModes, Modes: []string{"get", "describe", "logs", "top", "explain", "api-resources", "api-versions", "version", "cluster-info"}, Says: "this read-only command on any resource; no command that changes the cluster"},
	{Verb: "kubectl", Sub: []string{"config"}, Kind: UnitModes, Modes: []string{"view", "get-contexts", "current-context", "get-clusters"}, Says: "reading the configuration this way; not changing it"},
	{Verb: "kubectl", Sub: []string{"auth"}, Kind: UnitModes, Modes: []string{"can-i", "whoami"}, Says: "this question, about any action"},
	// Families whose words name what they destroy, or a mode a later flag
	// changes: one answer holds for one command.
	// git clean -n is no mode of its own: --no-dry-run added after it
	// removes.
	{Verb: "git", Sub: []string{"clean"}, Kind: UnitOnce, Says: "git clean removes untracked files, and -n is undone by a --no-dry-run added after it"},
	{Verb: "git", Sub: []string{"rm"}, Kind: UnitOnce, Says: "git rm removes the files its words name, and more with -r added"},
	{Verb: "git", Sub: []string{"reset"}, Kind: UnitOnce, Says: "git reset moves the branch, and with --hard added discards changes"},
	{Verb: "git", Sub: []string{"restore"}, Kind: UnitOnce, Says: "git restore discards changes in the files it names"},
	{Verb: "kill", Kind: UnitOnce, Says: "kill signals the processes its words name (-1 is every process)"},
	{Verb: "pkill", Kind: UnitOnce, Says: "pkill signals the processes its pattern matches"},
	{Verb: "killall", Kind: UnitOnce, Says: "killall signals the processes it names"},
	{Verb: "fuser", Kind: UnitOnce, Says: "fuser -k signals the processes using a file (-m: every user of its file system)"},
	// Remote execution: the command runs elsewhere, where nothing here can
	// read it.
	{Verb: "ssh", Kind: UnitRemote, Says: "ssh runs a command on another machine"},
	{Verb: "mosh", Kind: UnitRemote, Says: "mosh runs a shell on another machine"},
	{Verb: "rsh", Kind: UnitRemote, Says: "rsh runs a command on another machine"},
	{Verb: "kubectl", Sub: []string{"exec"}, Kind: UnitRemote, Says: "kubectl exec runs a command in a pod"},
	{Verb: "kubectl", Sub: []string{"attach"}, Kind: UnitRemote, Says: "kubectl attach joins a running pod"},
	{Verb: "kubectl", Sub: []string{"debug"}, Kind: UnitRemote, Says: "kubectl debug runs a container in the cluster"},
	{Verb: "kubectl", Sub: []string{"run"}, Kind: UnitRemote, Says: "kubectl run starts a pod in the cluster"},
	{Verb: "gcloud", Sub: []string{"compute", "ssh"}, Kind: UnitRemote, Says: "gcloud compute ssh runs a command on a VM"},
	{Verb: "aws", Sub: []string{"ssm", "start-session"}, Kind: UnitRemote, Says: "aws ssm start-session opens a shell on an instance"},
	{Verb: "aws", Sub: []string{"ssm", "send-command"}, Kind: UnitRemote, Says: "aws ssm send-command runs a command on instances"},
	{Verb: "az", Sub: []string{"ssh"}, Kind: UnitRemote, Says: "az ssh runs a command on a VM"},
	{Verb: "az", Sub: []string{"vm", "run-command"}, Kind: UnitRemote, Says: "az vm run-command runs a command on a VM"},
}

// Unit returns the row that says how to cut the unit of a segment's words
// (the longest Sub that matches), or false for the default.
func Unit(words []string) (UnitRow, bool) {
	if len(words) == 0 {
		return UnitRow{}, false
	}
	p := Lookup(words[0])
	if p == nil || p.units == nil {
		return UnitRow{}, false
	}
	best, found := UnitRow{}, false
	for _, i := range p.units {
		r := unitRows[i]
		if len(words) > len(r.Sub) && slices.Equal(words[1:1+len(r.Sub)], r.Sub) && (!found || len(r.Sub) > len(best.Sub)) {
			best, found = r, true
		}
	}
	return best, found
}

// RunsTarget reports a program and subcommand that run the script, file or
// package named next (npm run, go run, pnpm dlx): without it, a rule of
// them allows any.
func RunsTarget(words []string) bool {
	r, ok := Unit(append(words[:2:2], ""))
	return ok && r.Kind == UnitTarget && len(r.Sub) == 1
}

// IsRunnerSub reports a program and subcommand that run the program named
// next (pnpm exec, uv run): alone, a rule of them allows any program.
func IsRunnerSub(v []string) bool {
	if len(v) < 2 {
		return false
	}
	if BitsOf(v[0])&Runner == 0 {
		return false
	}
	// The model says where the command a runner runs starts: right after
	// the subcommand when the subcommand is one that runs a program.
	probe := []string{v[0], v[1], "x"}
	cmd, _ := Wrapped(probe)
	return cmd == 2
}
