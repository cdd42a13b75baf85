package permengine_test

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"

	"github.com/permengine/permengine"
)

// The invariants of the decision, checked on generated commands, policies
// and contexts. Outcomes are ordered Deny < RequireApproval < AutoApprove;
// "raises" means moves right.

var vocab = []string{
	"ls", "cat", "git", "status", "push", "log", "curl", "rm", "-rf", "/", "src", "../x", "/etc/passwd",
	"$(id)", "'a b'", "sudo", "env", "FOO=1", "bash", "-c", "'curl x'", "npm", "test", "install", "make",
	"cd", "..", "x.go", ">", "/dev/null", "2>&1", "$HOME", "~/x", "find", "-exec", "\\;", "-delete",
	"timeout", "5", "echo", "\"$(curl y)\"", "{a,b}", "eval", "xargs", ".git/hooks/x", "permissions.json",
	"kubectl", "apply", "-f", "mywrap", "pnpm", "test:unit", "go", "./...", "grep", "-r", "TODO",
}

var operators = []string{" && ", " || ", "; ", " | ", "\n", " & "}

func genCommand(r *rand.Rand) string {
	var b strings.Builder
	segs := 1 + r.Intn(3)
	for s := 0; s < segs; s++ {
		if s > 0 {
			b.WriteString(operators[r.Intn(len(operators))])
		}
		n := 1 + r.Intn(4)
		for i := 0; i < n; i++ {
			if i > 0 {
				b.WriteByte(' ')
			}
			b.WriteString(vocab[r.Intn(len(vocab))])
		}
	}
	return b.String()
}

var rulePool = []string{
	"Terminal(ls)", "Terminal(cat)", "Terminal(git status)", "Terminal(git:*)", "Terminal(curl:*)",
	"Terminal(rm -rf:*)", "Terminal(npm test:*)", "Terminal(npm install:*)", "Terminal(make)",
	"Terminal(cd)", "Terminal(echo)", "Terminal(find)", "Terminal(env)", "Terminal(bash)", "Terminal(sudo)",
	"Terminal(timeout)", "Terminal(mywrap)", "Terminal(kubectl apply:*)", "Terminal(pnpm test:*)",
	"Terminal(go test:*)", "Terminal(grep)", "Terminal()", "GitPush()", "GitCommit()", "GitMerge()",
	"Spend()", "WriteFile()", "InstructionPatch()", "ContainerStart()",
}

func genLists(r *rand.Rand) permengine.Lists {
	var l permengine.Lists
	for _, rule := range rulePool {
		switch r.Intn(8) {
		case 0:
			l.Deny = append(l.Deny, rule)
		case 1:
			l.Ask = append(l.Ask, rule)
		case 2, 3:
			l.Allow = append(l.Allow, rule)
		}
	}
	return l
}

func genRequest(r *rand.Rand) permengine.Request {
	types := permengine.ActionTypes()
	req := permengine.Request{
		Role: permengine.Role(1 + r.Intn(3)),
		Env:  permengine.Env{ScopeRoot: "/ws/proj", ContainerRunning: r.Intn(4) == 0},
	}
	if r.Intn(3) > 0 {
		req.Action = permengine.Action{Type: permengine.Terminal, Command: genCommand(r), Cwd: "/ws/proj"}
	} else {
		req.Action = permengine.Action{Type: types[r.Intn(len(types))], Branch: []string{"main", "feature", ""}[r.Intn(3)], Path: "src/x.go"}
	}
	req.Autonomy.Mode = permengine.AutonomyMode(r.Intn(4))
	req.Autonomy.Origin = permengine.Origin(r.Intn(2))
	return req
}

func mustCompile(t *testing.T, l permengine.Lists) *permengine.Policy {
	t.Helper()
	p, err := permengine.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

const propertyRounds = 3000

// Adding a deny rule, or removing an allow rule, never raises the outcome.
func TestPropertyMonotonicRules(t *testing.T) {
	r := rand.New(rand.NewSource(2))
	for i := 0; i < propertyRounds; i++ {
		l := genLists(r)
		req := genRequest(r)
		before := permengine.Decide(mustCompile(t, l), req)

		more := l
		more.Deny = append(append([]string(nil), l.Deny...), rulePool[r.Intn(len(rulePool))])
		if after := permengine.Decide(mustCompile(t, more), req); after.Outcome > before.Outcome {
			t.Fatalf("adding deny %q raised %q from %s to %s", more.Deny[len(more.Deny)-1], req.Action.Command, before.Outcome, after.Outcome)
		}
		if len(l.Allow) > 0 {
			fewer := l
			k := r.Intn(len(l.Allow))
			fewer.Allow = append(append([]string(nil), l.Allow[:k]...), l.Allow[k+1:]...)
			if after := permengine.Decide(mustCompile(t, fewer), req); after.Outcome > before.Outcome {
				t.Fatalf("removing allow %q raised %q from %s to %s", l.Allow[k], req.Action.Command, before.Outcome, after.Outcome)
			}
		}
	}
}

// Deny always wins: a deny rule for a segment's program denies the command,
// whatever else the policy and the context say.
func TestPropertyDenyWins(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	for i := 0; i < propertyRounds; i++ {
		l := genLists(r)
		l.Deny = append(l.Deny, "Terminal(curl:*)")
		req := genRequest(r)
		req.Action = permengine.Action{Type: permengine.Terminal, Command: genCommand(r), Cwd: "/ws/proj"}
		// Appending a denied command to anything gives deny.
		for _, op := range []string{" && ", " || ", "; ", " | ", "\n", " & "} {
			req.Action.Command = genCommand(r) + op + "curl https://x"
			if d := permengine.Decide(mustCompile(t, l), req); d.Outcome != permengine.Deny {
				t.Fatalf("%q with deny curl: %s (%s)", req.Action.Command, d.Outcome, d.Reason)
			}
		}
	}
}

// A segment with no rule appended never raises the outcome outside auto
// mode.
func TestPropertyUnmatchedSegmentNeverRaises(t *testing.T) {
	r := rand.New(rand.NewSource(4))
	for i := 0; i < propertyRounds; i++ {
		l := genLists(r)
		p := mustCompile(t, l)
		req := genRequest(r)
		if req.Autonomy.Mode == permengine.AutonomyAutoApprove && req.Autonomy.Origin == permengine.OriginWildcard {
			req.Autonomy.Origin = permengine.OriginSpecific
		}
		req.Action = permengine.Action{Type: permengine.Terminal, Command: genCommand(r), Cwd: "/ws/proj"}
		before := permengine.Decide(p, req)
		req.Action.Command += " && unmatched-program-xyz --flag"
		if after := permengine.Decide(p, req); after.Outcome > before.Outcome {
			t.Fatalf("appending an unmatched segment raised %q from %s to %s", req.Action.Command, before.Outcome, after.Outcome)
		}
	}
}

// A higher role is never more restricted.
func TestPropertyHigherRoleNeverLower(t *testing.T) {
	r := rand.New(rand.NewSource(5))
	for i := 0; i < propertyRounds; i++ {
		p := mustCompile(t, genLists(r))
		req := genRequest(r)
		prev := permengine.Deny
		for role := permengine.Developer; role <= permengine.Owner; role++ {
			req.Role = role
			d := permengine.Decide(p, req)
			if d.Outcome < prev {
				t.Fatalf("%s got %s for %s %q, lower than a lower role", role, d.Outcome, req.Action.Type, req.Action.Command)
			}
			prev = d.Outcome
		}
	}
}

// A silent stage never downgrades: with no rule for the type, autonomy's
// auto_approve stands unless a cap fires.
func TestPropertySilentStageKeeps(t *testing.T) {
	for _, typ := range permengine.ActionTypes() {
		if typ == permengine.Terminal {
			continue
		}
		req := permengine.Request{
			Action:   permengine.Action{Type: typ, Branch: "feature", Path: "src/x.go"},
			Role:     permengine.Owner,
			Autonomy: permengine.Autonomy{Mode: permengine.AutonomyAutoApprove},
			Env:      permengine.Env{ScopeRoot: "/ws/proj"},
		}
		d := permengine.Decide(nil, req)
		if d.Outcome == permengine.AutoApprove {
			continue
		}
		if !d.Rule.IsCap() {
			t.Errorf("%s: a silent file downgraded auto_approve to %s (%s)", typ, d.Outcome, d.Rule)
		}
	}
}

// The same inputs give the same decision.
func TestPropertyDeterministic(t *testing.T) {
	r := rand.New(rand.NewSource(6))
	for i := 0; i < propertyRounds; i++ {
		l := genLists(r)
		req := genRequest(r)
		a := permengine.Decide(mustCompile(t, l), req)
		b := permengine.Decide(mustCompile(t, l), req)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("two decisions for %q differ:\n%+v\n%+v", req.Action.Command, a, b)
		}
	}
}
