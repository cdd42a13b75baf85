package storetest

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/approval"
)

func runLifecycle(t *testing.T, fresh NewStorage) {
	tests := []struct {
		name string
		fn   func(*testing.T, *fixture)
	}{
		{"SubmitRaisesAsksAndRecordsDenies", testSubmit},
		{"AnswerProjectThenAutoApproved", testAnswerProject},
		{"AnswerGlobalAndSession", testAnswerGlobalAndSession},
		{"InvalidAnswers", testInvalidAnswers},
		{"SecondAnswer", testSecondAnswer},
		{"SessionAnswerNeedsASession", testSessionAnswerNeedsASession},
		{"RefusedAlwaysIsThisInstanceOnly", testRefusedAlways},
		{"PolicyRecheckedBeforeRules", testRecheck},
		{"ReloadDecidesCoveredAsks", testReloadDecides},
		{"Expiry", testExpiry},
		{"ReplicasAnswerOnce", testReplicasAnswerOnce},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, newFixture(t, fresh(t))) })
	}
}

// fixture is a project folder, a global file, a clock and a way to make
// Services (replicas) over one storage.
type fixture struct {
	t       *testing.T
	open    Opener
	root    string
	project string
	global  string
	clock   *Clock
	svc     *approval.Service
}

// Clock is a settable clock for tests.
type Clock struct {
	mu  sync.Mutex
	now time.Time
}

// Now returns the clock's time.
func (c *Clock) Now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.now }

// Advance moves the clock forward.
func (c *Clock) Advance(d time.Duration) { c.mu.Lock(); defer c.mu.Unlock(); c.now = c.now.Add(d) }

func newFixture(t *testing.T, open Opener) *fixture {
	root := t.TempDir()
	f := &fixture{t: t, open: open, root: root, project: filepath.Join(root, "permissions.json"),
		global: filepath.Join(t.TempDir(), "config", "permengine", "permissions.json"), clock: &Clock{now: at}}
	f.write(f.project, `{"allow": ["Terminal(ls)"], "deny": ["Terminal(rm -rf)"]}`)
	f.svc = f.service()
	return f
}

func (f *fixture) write(path, data string) {
	f.t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		f.t.Fatal(err)
	}
}

func (f *fixture) service() *approval.Service {
	f.t.Helper()
	s, err := approval.New(context.Background(), approval.Config{Store: handle(f.t, f.open), ProjectFile: f.project,
		GlobalFile: f.global, TTL: 10 * time.Minute, Clock: f.clock.Now})
	if err != nil {
		f.t.Fatal(err)
	}
	return s
}

func (f *fixture) proposal(cmd, session string) approval.Proposal {
	return approval.Proposal{Request: permengine.Request{Action: permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: f.root},
		Role: permengine.Developer, Env: permengine.Env{ScopeRoot: f.root}}, Agent: "dev", Session: session, Owner: "ana"}
}

// submit proposes a command and returns the result.
func (f *fixture) submit(cmd, session string) approval.Result {
	f.t.Helper()
	r, err := f.svc.Submit(context.Background(), f.proposal(cmd, session))
	if err != nil {
		f.t.Fatal(err)
	}
	return r
}

// ask proposes a command that must raise an ask.
func (f *fixture) ask(cmd, session string) approval.Ask {
	f.t.Helper()
	r := f.submit(cmd, session)
	if r.Ask == nil {
		f.t.Fatalf("%q: %s (%s), want an ask", cmd, r.Decision.Outcome, r.Decision.Reason)
	}
	return *r.Ask
}

func (f *fixture) audit() []approval.Entry {
	f.t.Helper()
	es, _, err := f.svc.Audit(context.Background(), 0, approval.MaxPage)
	if err != nil {
		f.t.Fatal(err)
	}
	return es
}

func (f *fixture) allowRules(path string) []string {
	f.t.Helper()
	file, err := permengine.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		f.t.Fatal(err)
	}
	var out []string
	for _, r := range file.Rules(permengine.ListAllow) {
		out = append(out, r.Text)
	}
	return out
}

func testSubmit(t *testing.T, f *fixture) {
	if r := f.submit("ls -la", ""); r.Decision.Outcome != permengine.AutoApprove || r.Ask != nil || r.Entry != nil {
		t.Fatalf("ls -la: %+v, want auto_approve with no ask and no entry", r)
	}
	a := f.ask("npm test", "s1")
	if a.Status != approval.Pending || a.Card.Risk != approval.RiskMedium || len(a.Card.Always) != 1 || a.Card.Always[0].Rule != "Terminal(npm test)" || a.Card.Always[0].AlsoAllows == "" {
		t.Fatalf("ask %+v: want pending, medium risk, Terminal(npm test) with what it also allows", a)
	}
	if !a.Deadline.Equal(at.Add(10 * time.Minute)) {
		t.Fatalf("deadline %s, want raised_at + TTL", a.Deadline)
	}
	push := f.ask("git push origin main", "s1")
	if push.Card.Risk != approval.RiskHigh || push.Card.AlwaysRefused == "" || len(push.Card.Caps) == 0 {
		t.Fatalf("git push card %+v: want high risk, caps, always refused", push.Card)
	}
	d := f.submit("rm -rf build", "s1")
	if d.Decision.Outcome != permengine.Deny || d.Entry == nil || d.Entry.DecidedBy != approval.ByPolicy || d.Entry.Subject != "" {
		t.Fatalf("rm -rf build: %+v, want a deny recorded as decided by the policy", d)
	}
	es := f.audit()
	if len(es) != 1 || es[0].Outcome != approval.OutcomeDeny || !strings.Contains(es[0].Reason, "rm -rf") {
		t.Fatalf("audit %+v: want only the deny (no auto-approval, no pending ask)", es)
	}
	pending, _ := f.svc.Pending(context.Background())
	if len(pending) != 2 {
		t.Fatalf("%d pending asks, want 2", len(pending))
	}
}

func testAnswerProject(t *testing.T, f *fixture) {
	ctx := context.Background()
	a := f.ask("npm test -- --coverage", "s1")
	f.clock.Advance(time.Minute)
	res, err := f.svc.Answer(ctx, a.ID, approval.Answer{Decision: approval.Allow, Remember: approval.RememberProject, Message: "fine"}, "ana@example.com")
	if err != nil {
		t.Fatal(err)
	}
	e := res.Entry
	if e.ID != a.ID || e.Outcome != approval.OutcomeAllow || e.DecidedBy != approval.ByUser || e.Subject != "ana@example.com" ||
		e.Remember != approval.RememberProject || !slices.Equal(e.Rules, []string{"Terminal(npm test)"}) || e.Reason != "fine" ||
		!e.RaisedAt.Equal(at) || !e.DecidedAt.Equal(at.Add(time.Minute)) {
		t.Fatalf("entry %+v", e)
	}
	if got := f.allowRules(f.project); !slices.Contains(got, "Terminal(npm test)") {
		t.Fatalf("project allow = %v, want Terminal(npm test) added", got)
	}
	if r := f.submit("npm test -- --coverage", "s2"); r.Decision.Outcome != permengine.AutoApprove {
		t.Fatalf("the same command after the answer: %s (%s), want auto_approve", r.Decision.Outcome, r.Decision.Reason)
	}
}

func testAnswerGlobalAndSession(t *testing.T, f *fixture) {
	ctx := context.Background()
	g := f.ask("make build", "s1")
	if _, err := f.svc.Answer(ctx, g.ID, approval.Answer{Decision: approval.Allow, Remember: approval.RememberGlobal}, "ana"); err != nil {
		t.Fatal(err)
	}
	if got := f.allowRules(f.global); !slices.Equal(got, []string{"Terminal(make build)"}) {
		t.Fatalf("global allow = %v", got)
	}
	s := f.ask("cargo check", "s1")
	res, err := f.svc.Answer(ctx, s.ID, approval.Answer{Decision: approval.Allow, Remember: approval.RememberSession}, "ana")
	if err != nil || !slices.Equal(res.Added, []string{"Terminal(cargo check)"}) {
		t.Fatalf("session answer: %+v, %v", res, err)
	}
	if r := f.submit("cargo check", "s1"); r.Decision.Outcome != permengine.AutoApprove {
		t.Fatalf("cargo check in the same session: %s, want auto_approve", r.Decision.Outcome)
	}
	if r := f.submit("cargo check", "s2"); r.Decision.Outcome != permengine.RequireApproval {
		t.Fatalf("cargo check in another session: %s, want require_approval", r.Decision.Outcome)
	}
	if got := f.allowRules(f.project); slices.Contains(got, "Terminal(cargo check)") {
		t.Fatalf("a session answer wrote the project file: %v", got)
	}
}

func testInvalidAnswers(t *testing.T, f *fixture) {
	ctx := context.Background()
	a := f.ask("npm test", "s1")
	for _, tt := range []struct {
		ans     approval.Answer
		subject string
	}{
		{approval.Answer{Decision: approval.Deny, Remember: approval.RememberProject}, "ana"},
		{approval.Answer{Decision: approval.Deny, Remember: approval.RememberSession}, "ana"},
		{approval.Answer{Decision: "maybe"}, "ana"},
		{approval.Answer{Decision: approval.Allow, Remember: "forever"}, "ana"},
		{approval.Answer{Decision: approval.Deny, Message: strings.Repeat("x", approval.MaxMessage+1)}, "ana"},
		{approval.Answer{Decision: approval.Allow}, ""},
	} {
		if _, err := f.svc.Answer(ctx, a.ID, tt.ans, tt.subject); !errors.Is(err, approval.ErrInvalidAnswer) {
			t.Fatalf("Answer(%+v, %q): %v, want ErrInvalidAnswer", tt.ans, tt.subject, err)
		}
	}
	if got, _ := f.svc.Get(ctx, a.ID); got.Status != approval.Pending || len(f.audit()) != 0 {
		t.Fatalf("an invalid answer changed something: status %s, %d entries", got.Status, len(f.audit()))
	}
	if _, err := f.svc.Answer(ctx, "no-such-ask", approval.Answer{Decision: approval.Allow}, "ana"); !errors.Is(err, approval.ErrNotFound) {
		t.Fatalf("unknown id: %v, want ErrNotFound", err)
	}
	ok := approval.Answer{Decision: approval.Deny, Message: strings.Repeat("x", approval.MaxMessage)}
	if _, err := f.svc.Answer(ctx, a.ID, ok, "ana"); err != nil {
		t.Fatalf("a deny with a message of exactly %d bytes: %v", approval.MaxMessage, err)
	}
}
