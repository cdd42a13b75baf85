package permengine_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

func terminal(cmd string) permengine.Action {
	return permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: "/ws/proj"}
}

func decideWith(p *permengine.Policy, cmd string) permengine.Decision {
	return permengine.Decide(p, permengine.Request{Action: terminal(cmd), Role: permengine.Developer, Env: permengine.Env{ScopeRoot: "/ws/proj"}})
}

// Every example of the reference page.
func TestAlwaysAllowReference(t *testing.T) {
	tests := []struct {
		cmd  string
		want []string
	}{
		{"cd src/app && npm test", []string{"Terminal(cd)", "Terminal(npm test)"}},
		{"ls -la src", []string{"Terminal(ls -la src)"}},
		{"git remote -v", []string{"Terminal(git remote -v)"}},
		{"gh pr list", []string{"Terminal(gh pr list)"}},
		{"git", nil},
		{"cat src/x.ts", []string{"Terminal(cat)"}},
		{"cd ../lib", []string{"Terminal(cd)"}},
		{"git status", []string{"Terminal(git status)"}},
		// The package's own subcommand is kept: npx hardhat test must not
		// allow npx hardhat run deploy.js (a narrower unit than the
		// reference's npx vitest, chosen for the same reason as its
		// amendment: no more than the person saw).
		{"npx vitest run", []string{"Terminal(npx vitest run)"}},
		{"mix test", []string{"Terminal(mix test)"}},
		{"npm test && npm test -- --watch", []string{"Terminal(npm test)"}},
		{"pnpm test:unit", []string{"Terminal(pnpm test:unit)"}},
		{"grep -r 'a b' src", []string{`Terminal(grep -r 'a b' src)`}},
		{"echo $(date)", []string{"Terminal(echo)", "Terminal(date)"}},
		{"bash -c 'make build'", []string{"Terminal(bash -c 'make build')", "Terminal(make build)"}},
		{"kubectl get pods", []string{"Terminal(kubectl get pods)"}}, // kubectl get --server=… reaches out: a cap prefix
		{"kubectl", nil},
	}
	for _, tt := range tests {
		got, err := permengine.AlwaysAllow(terminal(tt.cmd))
		require.NoError(t, err, tt.cmd)
		assert.Equal(t, tt.want, got, tt.cmd)
	}
}

// After "always allow" on cd src/app && npm test, the next
// cd lib/core && npm test -- --coverage runs without asking.
func TestAlwaysAllowThenAutoApproved(t *testing.T) {
	rules, err := permengine.AlwaysAllow(terminal("cd src/app && npm test"))
	require.NoError(t, err)
	p := permengine.MustCompile(permengine.Lists{Allow: rules})
	d := decideWith(p, "cd lib/core && npm test -- --coverage")
	assert.Equal(t, permengine.AutoApprove, d.Outcome, d.Reason)
}

func TestAlwaysAllowRefusals(t *testing.T) {
	for _, typ := range []permengine.ActionType{permengine.GitPush, permengine.PrOpen, permengine.GitMerge,
		permengine.ContainerRemove, permengine.InstructionPatch, permengine.Parallelize, permengine.RaiseMaxParallel} {
		_, err := permengine.AlwaysAllow(permengine.Action{Type: typ})
		assert.ErrorIs(t, err, permengine.ErrAlwaysAllowRefused, typ.String())
	}
	for _, cmd := range []string{
		"git push origin main", "pnpm test && git push", "sudo ls", "gh pr create", "npm publish",
		"git -c core.pager=x log", "ls\rrm x", "echo 'unterminated", "for f in a; do ls; done", "$CMD x",
		"env git push", "bash -c 'git push'",
		"make -j4", "make CC=clang", // no goal: a rule would allow any goal after it
		// A rule of an install would allow any other package after it.
		"npm i lodash", "npm install", "pip install requests", "uv pip install x", "yarn add x", "go get example.com/m",
		"npm --prefix x i lodash", "yarn global add x", "python3 -m pip install x", "uv tool install x", "conda install x",
		// Runners of several tasks at once: a rule would allow one added
		// after (turbo run build deploy, mise run test ::: deploy).
		"turbo run build", "mise run test", "nx run-many -t test", "nx affected -t test",
		// A program whose words are commands it runs: any rule of it
		// allows the commands appended to it (sqlite3 db 'DROP TABLE t',
		// psql -c 'select 1' -f evil.sql); so does a shell's script.
		"sqlite3 db.sqlite .tables", "psql -c 'select 1'", "mysql -e 'show tables'", "bash x.sh",
	} {
		_, err := permengine.AlwaysAllow(terminal(cmd))
		var re *permengine.RefusedError
		assert.ErrorAs(t, err, &re, cmd)
	}
	// A family alone, also inside a wrapper, records nothing, as the
	// reference's git does: a rule of it would allow every one of its
	// commands (nice npm would allow nice npm run deploy).
	for _, cmd := range []string{"npm", "git", "make", "nice npm", "nice make", "docker exec app make"} {
		got, err := permengine.AlwaysAllow(terminal(cmd))
		assert.NoError(t, err, cmd)
		assert.Empty(t, got, cmd)
	}
	got, err := permengine.AlwaysAllow(permengine.Action{Type: permengine.GitCommit})
	require.NoError(t, err)
	assert.Equal(t, []string{"GitCommit()"}, got)
	got, err = permengine.AlwaysAllow(permengine.Action{Type: permengine.ContainerStart})
	require.NoError(t, err)
	assert.Equal(t, []string{"ContainerStart()"}, got)
}

// The rules always-allow returns load back and auto-approve the command
// that produced them, for every allowed-looking command of the corpus.
func TestAlwaysAllowRoundTrip(t *testing.T) {
	files, _ := filepath.Glob("testdata/cases/*.jsonl")
	checked := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var c struct {
				Action struct{ Type, Command string }
			}
			require.NoError(t, json.Unmarshal([]byte(line), &c))
			if c.Action.Type != "terminal" || c.Action.Command == "" {
				continue
			}
			rules, err := permengine.AlwaysAllow(terminal(c.Action.Command))
			if err != nil {
				continue
			}
			p, err := permengine.Compile(permengine.Lists{Allow: rules})
			require.NoError(t, err, "%q gave rules that do not load: %q", c.Action.Command, rules)
			d := decideWith(p, c.Action.Command)
			if d.Outcome == permengine.RequireApproval && (d.Rule == permengine.CodeCompoundUnmatched || d.Rule == permengine.CodeDefault) {
				// Only a segment that records nothing of its own may stay
				// unmatched (its nested segments' rules are already there).
				seg := d.Segment
				if seg == "" {
					seg = c.Action.Command
				}
				alone, err := permengine.AlwaysAllow(terminal(seg))
				if err == nil && !subset(alone, rules) {
					t.Errorf("%q: rules %q leave segment %q unmatched", c.Action.Command, rules, d.Segment)
				}
			}
			checked++
		}
	}
	t.Logf("%d commands round-tripped", checked)
	assert.Greater(t, checked, 200)
}

func subset(a, b []string) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func TestSeedAllow(t *testing.T) {
	p, err := permengine.Compile(permengine.Lists{Allow: permengine.SeedAllow})
	require.NoError(t, err)
	yes := []string{"ls", "ls -la", "pwd", "cat README.md", "git status", "git diff HEAD", "git log --oneline",
		"git branch -a", "git branch --show-current", "git remote -v", "git remote show origin", "git worktree list",
		"git show HEAD", "git rev-parse HEAD", "git config --get user.name", "pnpm install", "pnpm test",
		"npm run build", "npx vitest", "mix test", "pytest -x", "go test ./...", "cargo test", "grep -r x src", "wc -l x"}
	no := []string{"lsof", "git branch -D x", "git branch -d x", "git branch nome-nova", "git branch -m a b",
		"git remote add origin x", "git remote remove origin", "git remote set-url origin x", "git worktree add ../x",
		"git worktree remove x", "git worktree prune", "git config user.name x", "git push", "rm -rf x", "curl x",
		"pnpm publish", "npx cowsay", "git commit -m x"}
	for _, c := range yes {
		assert.Equal(t, permengine.AutoApprove, decideWith(p, c).Outcome, "seed must allow %q", c)
	}
	for _, c := range no {
		assert.NotEqual(t, permengine.AutoApprove, decideWith(p, c).Outcome, "seed must not allow %q", c)
	}
}
