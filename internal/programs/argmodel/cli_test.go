package argmodel

import (
	"errors"
	"strings"
	"testing"
)

func TestWrappers(t *testing.T) {
	runRows(t, []parseRow{
		{"sudo rm -rf x", EffPrivileged, "PAAA", "sudo runs as another user"},
		{"sudo -u bob -E ls", EffPrivileged, "POVOA", "sudo's options with a value"},
		{"sudo -uboB ls", EffPrivileged, "POA", "an attached value"},
		{"sudoedit /etc/hosts", EffPrivileged, "PA", "sudoedit edits as root"},
		{"doas -u root id", EffPrivileged, "POVA", "doas"},
		{"su -c 'id' root", EffPrivileged, "POVA", "su -c"},
		{"pkexec --user root id", EffPrivileged, "POVA", "pkexec"},
		{"run0 id", EffPrivileged, "PA", "run0"},
		{"env FOO=1 BAR=2 ls -la", 0, "PAAAA", "assignments, then the command"},
		{"env -u X -C /tmp ls", 0, "POVOVA", "env's value options"},
		{"nice -n 5 make", 0, "POVA", "nice -n"},
		{"nice -10 make", 0, "POA", "nice -NUM"},
		{"timeout -s KILL 5 make test", 0, "POVAAA", "timeout's duration precedes the command"},
		{"stdbuf -oL grep x", 0, "POAA", "stdbuf attached mode"},
		{"ionice -c2 -n7 make", 0, "POOA", "ionice"},
		{"setsid -f make", 0, "POA", "setsid"},
		{"command -v git", 0, "POA", "command -v runs nothing"},
		{"command -p \"$X\" a", EffComputed, "POUA", "command -p with a computed program"},
		{"exec -a name ls", EffComputed, "POVA", "exec -a: multi-call programs choose what they do by the name (exec -a git-push git)"},
		{"time -p make", 0, "POA", "time"},
		{"hash -p /tmp/evil ls", EffComputed, "POVA", "hash -p makes ls run another program"},
	})
}

func TestEffectCLIs(t *testing.T) {
	runRows(t, []parseRow{
		{"kubectl get pods", 0, "PSA", "reading"},
		{"kubectl -n ns --context prod apply -f x.yaml", EffExternal, "POVOVSOA", "options before the verb; apply's own options are not listed, so -f reads as a flag"},
		{"kubectl --context=prod delete pod x", EffExternal, "POSAA", "delete"},
		{"kubectl exec -it pod -- sh", EffExternal, "PSOAEA", "exec runs remotely"},
		{"kubectl rollout status deploy/x", 0, "PSAA", "rollout status reads: an operand of the rollout group"},
		{"kubectl rollout restart deploy/x", EffExternal, "PSSA", "rollout restart changes"},
		{"kubectl foo", EffExternal | EffExec | EffConfig, "PU", "a plugin may do anything kubectl can: reach the cluster, run programs as kustomize may, or print what a judged subcommand (get) may"},
		{"helm --kube-context x upgrade r c", EffExternal, "POVSAA", "helm options before the verb"},
		{"helm delete r", EffExternal, "PSA", "an alias of uninstall"},
		{"helm list", 0, "PS", "reading"},
		{"terraform -chdir=infra apply", EffExternal, "POS", "terraform -chdir before apply"},
		{"terraform plan -out=p", 0, "PSO", "plan reads"},
		{"tofu destroy -auto-approve", EffExternal, "PSO", "tofu destroy"},
		{"terraform state rm x", EffExternal, "PSSA", "state rm"},
		{"pulumi up --yes", EffExternal, "PSO", "pulumi up"},
		{"pulumi -C dir update", EffExternal, "POVS", "an alias of up, after options"},
		{"docker run --rm alpine ls -la", 0, "PSOAAA", "a local container: the command is its own segment"},
		{"docker run --privileged alpine", EffPrivileged, "PSOA", "--privileged reaches the host"},
		{"docker run -v /:/host alpine", EffPrivileged, "PSOVA", "mounting the root"},
		{"docker run -v/var/run/docker.sock:/s alpine", EffPrivileged, "PSOA", "mounting the engine socket"},
		{"docker run -v \"$PWD\":/app alpine", 0, "PSOVA", "mounting the working directory"},
		{"docker run -v \"$X\":/app alpine", EffPrivileged, "PSOVA", "a computed mount source"},
		{"docker run --mount type=bind,source=/,target=/h alpine", EffPrivileged, "PSOVA", "a bind mount of /"},
		{"docker run --pid=host alpine", EffPrivileged, "PSOA", "the host's pid namespace"},
		{"docker run -it -e X=1 -w /app img sh", 0, "PSOOVOVAA", "value options"},
		{"docker -H tcp://x:2375 ps", EffExternal, "POVS", "a remote engine"},
		{"docker --context prod run img", EffExternal, "POVSA", "a context may be remote"},
		{"docker exec app npm test", 0, "PSAAA", "docker exec runs a command locally"},
		{"docker compose exec app npm test", 0, "PSSAAA", "compose exec"},
		{"docker compose -f c.yml run --rm app sh", 0, "PSOVSOAA", "compose run"},
		{"docker buildx build --push -t x .", EffExternal, "PSSOOVA", "buildx build --push"},
		{"docker build -o type=registry .", EffExternal, "PSOVA", "a registry output pushes"},
		{"docker push img", EffExternal, "PSA", "push"},
		{"docker image push img", EffExternal, "PSSA", "image push"},
		{"docker container run img", 0, "PSSA", "container run"},
		{"podman --remote ps", EffExternal, "POS", "a remote podman"},
		{"mvn -q clean install deploy", EffExternal, "POAAA", "deploy publishes"},
		{"mvn -pl core test", 0, "POVA", "-pl takes a value"},
		{"mvn release:perform", EffExternal, "PA", "a release goal"},
		{"gradle publish", EffExternal, "PA", "publish"},
		{"gradle pTML", EffExternal, "PA", "an abbreviation of publishToMavenLocal"},
		{"gradle test build", 0, "PAA", "tests and build"},
		{"npm publish", EffExternal, "PS", "publish"},
		{"npm pu", EffExternal, "PS", "an abbreviation of publish"},
		{"npm --registry x publish", EffExternal, "POVS", "an option before the command"},
		{"npm test", 0, "PS", "test"},
		{"npm run build", 0, "PSA", "run"},
		{"pip config set global.index-url x", EffComputed, "PSSAA", "pip config set writes pip.conf"},
		{"pip3 --log l config --user unset x", EffComputed, "POVSOSA", "a value option before the subcommand"},
		{"pip config get global.index-url", EffExternal, "PSSA", "pip config get prints a value of pip.conf, an index URL with its token among them"},
		{"pip config --user list", EffExternal, "PSOS", "pip config list prints pip.conf, tokens among it"},
		{"pip install -r requirements.txt", 0, "PAOA", "install is an operand of the open model"},
		{"python3 -m pip config set x y", EffComputed, "POVAAAA", "python -m pip reads as pip"},
		{"npm pkg set scripts.test=x", EffExternal, "PSSA", "a script is changed, which a later npm test runs"},
		{"npm pkg delete scripts.lint", EffExternal, "PSSA", "deleting a script changes what npm run lint does"},
		{"npm pkg set 'scripts={}' --json", EffExternal, "PSSAO", "the whole scripts object"},
		{"npm pkg set $K=x", EffExec | EffExternal | EffComputed, "PSSU", "a computed word may be an option (--script-shell) or a script key"},
		{"npm pkg set a$X=1", EffExternal, "PSSA", "a key known only at run time may be a script"},
		{"npm pkg set version=1.2.0 description=x", 0, "PSSAA", "other keys are package data"},
		{"npm pkg get scripts", 0, "PSSA", "reading"},
		{"tmux new -d 'sudo id'", EffExec | EffComputed, "PSOA", "tmux new runs a shell command in a pane"},
		{"tmux ls", 0, "PS", "listing sessions"},
		{"tmux new-w 'id'", EffExec | EffComputed, "PSA", "tmux reads a unique prefix of a command's name"},
		{"tmux frobnicate", EffExec | EffComputed, "PU", "an unknown command may be a command-alias of any (splitp is split-window): computed"},
		{"gdb -batch -ex 'shell id'", EffExec | EffComputed, "POOV", "gdb commands include a shell"},
		{"crontab jobs.txt", EffExternal, "PA", "crontab installs jobs that run later"},
		{"crontab -l", 0, "PO", "crontab -l lists the table and installs nothing"},
		{"expect -c 'spawn id'", EffExec | EffComputed, "POV", "expect's spawn starts programs"},
		{"npm x -c 'rm -rf x'", EffComputed, "PSOV", "npm x -c runs a shell command line"},
		{"npm exec vitest", 0, "PSA", "a package binary"},
		{"npx -c 'id'", EffComputed, "POV", "npx -c"},
		{"npm config set script-shell /x", EffComputed, "PSSAA", "npm configuration (.npmrc, protected) names programs"},
		{"pnpm publish", EffExternal, "PS", "pnpm publish"},
		{"pnpm lint", 0, "PA", "pnpm runs a script"},
		{"yarn npm publish", EffExternal, "PSS", "yarn npm publish"},
		{"aws s3 ls", 0, "PAA", "s3 ls reads"},
		{"aws ec2 describe-instances --region x", 0, "PAAOV", "describe reads"},
		{"aws --region x ec2 terminate-instances --instance-ids i", EffExternal, "", "terminate changes"},
		{"aws s3 cp f s3://b/f", EffExternal, "PAAAA", "an upload"},
		{"aws s3 cp s3://b/f .", 0, "PAAAA", "a download"},
		{"gcloud compute instances list", 0, "PAAA", "list reads"},
		{"gcloud compute ssh vm", EffExternal, "PAAA", "ssh runs remotely"},
		{"az vm delete -n x", EffExternal, "", "delete"},
		{"az account show", 0, "PAA", "show reads"},
		{"gh pr create", EffExternal, "PSS", "pr create"},
		{"gh pr list", 0, "PSA", "pr list reads"},
		{"gh api repos/x", 0, "PSA", "gh api reading a literal endpoint with GET"},
		{"gh api -X POST repos/x", EffExternal, "PSOVA", "gh api with another method"},
		{"gh -R o/r pr merge 1", EffExternal, "POVSSA", "an option before the group"},
		{"glab mr merge 1", EffExternal, "PSSA", "glab mr merge"},
		{"cargo publish", EffExternal, "PS", "cargo publish"},
		{"cargo build", 0, "PS", "cargo build: one of cargo's own subcommands (the list is closed: any other name is a plug-in)"},
		{"twine upload dist/*", EffExternal, "PSA", "twine upload"},
	})
}

func TestGhInstead(t *testing.T) {
	r := Parse(Lookup("gh"), []string{"gh", "pr", "create"}, nil)
	f, ok := r.First(EffExternal)
	if !ok || f.Instead != "pr_open" {
		t.Fatalf("gh pr create should name the typed action pr_open, got %+v", f)
	}
}

func TestComputed(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
		why  string
	}{
		{"plain", false, "a literal"},
		{"$X", true, "a parameter"},
		{"`id`", true, "a backquote"},
		{"*.go", true, "a glob"},
		{"a?b", true, "a single-character glob"},
		{"[ab]", true, "a bracket glob"},
		{"{}", false, "a lone {} is not expanded"},
		{"{a,b}", true, "a brace list"},
		{"{1..3}", true, "a brace sequence"},
		{"x{}y{a,b}", true, "a later brace list"},
		{"{a", false, "an unclosed brace"},
		{"@(x)", true, "an extended glob"},
	} {
		if got := Computed(c.text); got != c.want {
			t.Errorf("Computed(%q) = %v, want %v (%s)", c.text, got, c.want, c.why)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	for _, c := range []struct {
		s   *Spec
		why string
	}{
		{&Spec{Name: "x", Options: list(flag("a"), flag("a"))}, "a letter twice"},
		{&Spec{Name: "x", Options: list(flag("", "same"), flag("", "same"))}, "a long name twice"},
		{&Spec{Name: "x", Options: list(Option{})}, "an option with no name"},
		{&Spec{Name: "x", Options: list(Option{Short: "a", Role: RolePath})}, "a role without a value"},
		{&Spec{Name: "x", Options: list(flag("", "a=b"))}, "an = in a long name"},
		{&Spec{Name: "x", Subs: []*Spec{{Name: "s"}, {Name: "s"}}}, "a subcommand twice"},
		{&Spec{Name: "x", Options: list(Option{Short: "a", Arg: ArgOptional, Role: RoleData, More: []Role{RoleData}})}, "an optional value with more values"},
	} {
		if _, err := Compile(c.s); !errors.Is(err, ErrModel) {
			t.Errorf("%s: Compile returned %v, want ErrModel", c.why, err)
		}
	}
}

func TestNoModel(t *testing.T) {
	r := Parse(nil, []string{"frob", "x"}, nil)
	if len(r.Unknown) != 1 || r.Words[1] != KindUnknown {
		t.Fatalf("a program without a model must be unknown, got %+v", r)
	}
	if Parse(Lookup("git"), nil, nil).Effects != 0 {
		t.Fatal("no words, no effect")
	}
}

// A single-dash long option may take its value attached without '='
// (zip -TTcmd), and an unknown long option that begins a risky one's name
// in a model that claims no abbreviations is that option, unread.
func TestAttachedAndUnclaimedAbbreviations(t *testing.T) {
	runRows(t, []parseRow{
		{"zip -T -TTsudo a.zip x", EffExec | EffComputed, "POOAA", "-TT with its program attached, which the reading of nested commands does not follow after a cluster"},
		{"zip -T --unz=sudo a.zip x", EffComputed, "POUAA", "an abbreviation zip takes, not in the model's syntax"},
		{"zip -r a.zip src", 0, "POAA", "an unknown flag that begins no risky name"},
	})
}

// MayChdir is the cheap look before OwnDir's reading: it must say yes to
// every spelling of a directory option the reading would find, and may
// say no only where there is none.
func TestMayChdir(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"git -C .git log", true},
		{"git --no-pager -C .git log", true},
		{"go -C .git build", true},
		{"go build -C .git -o x", true},
		{"make --dir=src", true},
		{"make -sC src", true},
		{"cargo -C sub build", true},
		{"git status --short", false},
		{"go build -o bin/app ./cmd/app", false},
		{"make -j4 test", false},
	} {
		words := strings.Fields(c.line)
		if got := Lookup(words[0]).MayChdir(words[1:]); got != c.want {
			t.Errorf("MayChdir(%s) = %v, want %v", c.line, got, c.want)
		}
	}
}
