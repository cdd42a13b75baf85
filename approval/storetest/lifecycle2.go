package storetest

import (
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/approval"
)

func testSecondAnswer(t *testing.T, f *fixture) {
	ctx := context.Background()
	allowP := approval.Answer{Decision: approval.Allow, Remember: approval.RememberProject}
	a := f.ask("npm test", "s1")
	first, err := f.svc.Answer(ctx, a.ID, allowP, "ana")
	if err != nil {
		t.Fatal(err)
	}
	again, err := f.svc.Answer(ctx, a.ID, allowP, "ana")
	if err != nil || !again.Again || len(again.Added) != 0 || again.Entry.Subject != "ana" || again.Entry.Seq != first.Entry.Seq {
		t.Fatalf("second allow: %+v, %v; want the first entry again, nothing added", again, err)
	}
	// A repeat that is not the audited answer is a new answer, and the ask
	// is no longer pending: another person's allow, or another remember,
	// would write rules no audit entry shows.
	if _, err := f.svc.Answer(ctx, a.ID, allowP, "bob"); !errors.Is(err, approval.ErrConflict) {
		t.Fatalf("another person's allow: %v, want ErrConflict", err)
	}
	if _, err := f.svc.Answer(ctx, a.ID, approval.Answer{Decision: approval.Allow, Remember: approval.RememberGlobal}, "ana"); !errors.Is(err, approval.ErrConflict) {
		t.Fatalf("an allow with another remember: %v, want ErrConflict", err)
	}
	if _, err := f.svc.Answer(ctx, a.ID, approval.Answer{Decision: approval.Deny}, "bob"); !errors.Is(err, approval.ErrConflict) {
		t.Fatalf("deny after allow: %v, want ErrConflict", err)
	}
	d := f.ask("make build", "s1")
	if _, err := f.svc.Answer(ctx, d.ID, approval.Answer{Decision: approval.Deny, Message: "use make test"}, "ana"); err != nil {
		t.Fatal(err)
	}
	for _, ans := range []approval.Answer{{Decision: approval.Allow}, {Decision: approval.Deny}, allowP} {
		if _, err := f.svc.Answer(ctx, d.ID, ans, "ana"); !errors.Is(err, approval.ErrConflict) {
			t.Fatalf("%+v on a denied ask: %v, want ErrConflict", ans, err)
		}
	}
	if got := f.allowRules(f.project); slices.Contains(got, "Terminal(make build)") {
		t.Fatalf("a conflicting answer wrote a rule: %v", got)
	}
	// An allowed ask whose rule went missing gets it back from a second allow.
	f.write(f.project, `{"allow": []}`)
	back, err := f.svc.Answer(ctx, a.ID, allowP, "ana")
	if err != nil || !back.Again || !slices.Equal(back.Added, []string{"Terminal(npm test)"}) {
		t.Fatalf("second allow with the rule missing: %+v, %v; want it added", back, err)
	}
	if n := len(f.audit()); n != 2 {
		t.Fatalf("%d audit entries, want 2 (one per ask)", n)
	}
	// Long after, a replay would restore a rule a person has removed
	// since: it is a conflict.
	f.write(f.project, `{"allow": []}`)
	f.clock.Advance(approval.RetryWindow + time.Minute)
	if _, err := f.svc.Answer(ctx, a.ID, allowP, "ana"); !errors.Is(err, approval.ErrConflict) {
		t.Fatalf("a repeat after the retry window: %v, want ErrConflict", err)
	}
	if got := f.allowRules(f.project); len(got) != 0 {
		t.Fatalf("a late repeat restored rules: %v", got)
	}
}

func testRefusedAlways(t *testing.T, f *fixture) {
	ctx := context.Background()
	for _, cmd := range []string{"git push origin main", "sudo make install"} {
		a := f.ask(cmd, "s1")
		res, err := f.svc.Answer(ctx, a.ID, approval.Answer{Decision: approval.Allow, Remember: approval.RememberProject}, "ana")
		if err != nil {
			t.Fatal(err)
		}
		if res.Entry.Outcome != approval.OutcomeAllow || len(res.Entry.Rules) != 0 || res.Entry.NotRemembered == "" || len(res.Added) != 0 {
			t.Fatalf("%s: entry %+v; want allowed for this instance, no rules, why not remembered", cmd, res.Entry)
		}
	}
	if got := f.allowRules(f.project); !slices.Equal(got, []string{"Terminal(ls)"}) {
		t.Fatalf("project allow = %v, want unchanged", got)
	}
}

// testRecheck: the policy is decided again before a rule is written; a
// request the current policy denies is not allowed, whatever the file said
// when it was raised.
func testRecheck(t *testing.T, f *fixture) {
	ctx := context.Background()
	a := f.ask("curl https://example.com", "s1")
	f.write(f.project, `{"deny": ["Terminal(curl)"]}`)
	if _, err := f.svc.Reload(ctx); err != nil {
		t.Fatal(err)
	}
	b := f.ask("wget https://example.com", "s1")
	f.write(f.project, `{"deny": ["Terminal(curl)", "Terminal(wget)"]}`)
	// No reload yet: the answer itself must see the new deny.
	f2 := f.service()
	_, err := f2.Answer(ctx, b.ID, approval.Answer{Decision: approval.Allow, Remember: approval.RememberProject}, "ana")
	if !errors.Is(err, approval.ErrConflict) {
		t.Fatalf("allow of a request the current policy denies: %v, want ErrConflict", err)
	}
	if got := f.allowRules(f.project); len(got) != 0 {
		t.Fatalf("rules written despite the deny: %v", got)
	}
	for _, id := range []string{a.ID, b.ID} {
		got, _ := f.svc.Get(ctx, id)
		if got.Status != approval.Denied {
			t.Fatalf("ask %s is %s, want denied by the policy", id, got.Status)
		}
	}
}

func testSessionAnswerNeedsASession(t *testing.T, f *fixture) {
	ctx := context.Background()
	a := f.ask("make lint", "")
	_, err := f.svc.Answer(ctx, a.ID, approval.Answer{Decision: approval.Allow, Remember: approval.RememberSession}, "ana")
	if !errors.Is(err, approval.ErrInvalidAnswer) {
		t.Fatalf("remember session on an ask raised outside a session: %v, want ErrInvalidAnswer", err)
	}
	if got, _ := f.svc.Get(ctx, a.ID); got.Status != approval.Pending {
		t.Fatalf("the ask is %s after an invalid answer, want pending", got.Status)
	}
}

func testReloadDecides(t *testing.T, f *fixture) {
	ctx := context.Background()
	covered := f.ask("npm test", "s1")
	denied := f.ask("curl https://example.com", "s1")
	still := f.ask("make build", "s1")
	f.write(f.project, `{"allow": ["Terminal(npm test)"], "deny": ["Terminal(curl)"]}`)
	n, err := f.svc.Reload(ctx)
	if err != nil || n != 2 {
		t.Fatalf("Reload decided %d, %v; want 2", n, err)
	}
	es := f.audit()
	if len(es) != 2 {
		t.Fatalf("%d entries, want 2", len(es))
	}
	byID := map[string]approval.Entry{es[0].ID: es[0], es[1].ID: es[1]}
	allow, deny := byID[covered.ID], byID[denied.ID]
	if allow.Outcome != approval.OutcomeAllow || allow.DecidedBy != approval.ByPolicy || allow.Subject != "" || !strings.Contains(allow.Reason, "Terminal(npm test)") {
		t.Fatalf("covered ask's entry %+v: want allowed by the policy, the rule as reason, no subject", allow)
	}
	if deny.Outcome != approval.OutcomeDeny || deny.DecidedBy != approval.ByPolicy || !strings.Contains(deny.Reason, "Terminal(curl)") {
		t.Fatalf("denied ask's entry %+v", deny)
	}
	if got, _ := f.svc.Get(ctx, still.ID); got.Status != approval.Pending {
		t.Fatalf("an ask the new policy does not cover is %s, want pending", got.Status)
	}
	// The policy allowed it, no person did: an allow that would remember it
	// is a new answer, and no rule may be written that the audit (a policy
	// decision) does not show.
	if _, err := f.svc.Answer(ctx, covered.ID, approval.Answer{Decision: approval.Allow, Remember: approval.RememberGlobal}, "ana"); !errors.Is(err, approval.ErrConflict) {
		t.Fatalf("an allow on an ask the policy allowed: %v, want ErrConflict", err)
	}
	f.write(f.project, `{"allow": [`)
	if _, err := f.svc.Reload(ctx); err == nil {
		t.Fatal("Reload of an invalid file succeeded")
	}
	if r := f.submit("npm test", "s1"); r.Decision.Outcome != permengine.AutoApprove {
		t.Fatalf("after a failed reload the last good policy should hold; got %s", r.Decision.Outcome)
	}
}

func testExpiry(t *testing.T, f *fixture) {
	ctx := context.Background()
	old := f.ask("npm test", "s1")
	f.clock.Advance(6 * time.Minute)
	young := f.ask("make build", "s1")
	f.clock.Advance(5 * time.Minute) // old is 11 minutes old, young 5
	n, err := f.svc.Expire(ctx)
	if err != nil || n != 1 {
		t.Fatalf("Expire: %d, %v; want 1", n, err)
	}
	e := f.audit()
	if len(e) != 1 || e[0].ID != old.ID || e[0].Outcome != approval.OutcomeExpired || e[0].DecidedBy != "" || !e[0].DecidedAt.IsZero() || e[0].Subject != "" {
		t.Fatalf("audit %+v: want one expired entry with no decider", e)
	}
	if _, err := f.svc.Answer(ctx, old.ID, approval.Answer{Decision: approval.Allow}, "ana"); !errors.Is(err, approval.ErrConflict) {
		t.Fatalf("answer to an expired ask: %v, want ErrConflict", err)
	}
	f.clock.Advance(5 * time.Minute) // young is past its deadline, not yet expired
	if _, err := f.svc.Answer(ctx, young.ID, approval.Answer{Decision: approval.Allow}, "ana"); !errors.Is(err, approval.ErrConflict) {
		t.Fatalf("answer past the deadline: %v, want ErrConflict", err)
	}
	if got, _ := f.svc.Get(ctx, young.ID); got.Status != approval.Expired {
		t.Fatalf("an ask answered past its deadline is %s, want expired", got.Status)
	}
}

// testReplicasAnswerOnce: several Services over one storage answer one ask
// at once; exactly one answer is the decision.
func testReplicasAnswerOnce(t *testing.T, f *fixture) {
	ctx := context.Background()
	replicas := []*approval.Service{f.svc, f.service(), f.service()}
	for round := range 3 {
		a := f.ask("npm test -- "+strings.Repeat("x", round+1), "s1")
		var mu sync.Mutex
		var wins, others int
		var wg sync.WaitGroup
		for i := range 6 {
			wg.Go(func() {
				ans := approval.Answer{Decision: approval.Deny}
				if i%2 == 0 {
					ans = approval.Answer{Decision: approval.Allow}
				}
				res, err := replicas[i%len(replicas)].Answer(ctx, a.ID, ans, "p")
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil && !res.Again:
					wins++
				case err == nil || errors.Is(err, approval.ErrConflict):
					others++
				default:
					t.Errorf("Answer: %v", err)
				}
			})
		}
		wg.Wait()
		if wins != 1 || others != 5 {
			t.Fatalf("round %d: %d answers decided, %d did not; want 1 and 5", round, wins, others)
		}
	}
	if n := len(f.audit()); n != 3 {
		t.Fatalf("%d entries, want 3", n)
	}
}
