// Package storetest is the conformance suite every approval.Store passes.
// A store's own tests call Run with a way to open handles to one fresh,
// empty storage; several handles to the same storage stand for several
// host replicas.
package storetest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/approval"
)

// Opener opens a new handle to one storage. Each call must return a new
// connection where the store has them (a replica); a store without them
// may return the same value. The suite closes every handle it opens.
type Opener func(t *testing.T) approval.Store

// NewStorage makes a fresh, empty storage for one test and returns how to
// open handles to it.
type NewStorage func(t *testing.T) Opener

// Run runs the whole suite: the store's contract, and the approval
// lifecycle on top of it.
func Run(t *testing.T, fresh NewStorage) {
	tests := []struct {
		name string
		fn   func(*testing.T, Opener)
	}{
		{"RaiseAndGet", testRaiseAndGet},
		{"PendingInRaisedOrder", testPendingOrder},
		{"FinishOnce", testFinishOnce},
		{"FinishApplyFails", testApplyFails},
		{"FinishChecksFinal", testFinishChecks},
		{"SubjectOnlyWhenAPersonDecided", testSubjectOnlyForUser},
		{"SequenceAndCursor", testSequenceAndCursor},
		{"SessionRules", testSessionRules},
		{"ReplicasFinishOnce", testReplicasFinishOnce},
		{"ReplicasSequence", testReplicasSequence},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.fn(t, fresh(t)) })
	}
	runLifecycle(t, fresh)
}

// handle opens a handle and closes it at the end of the test.
func handle(t *testing.T, open Opener) approval.Store {
	t.Helper()
	s := open(t)
	t.Cleanup(func() { s.Close() })
	return s
}

// at is a fixed instant: tests never read the wall clock.
var at = time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)

func newAsk(i int) approval.Ask {
	req := permengine.Request{Action: permengine.Action{Type: permengine.Terminal, Command: fmt.Sprintf("npm test %d", i), Cwd: "/ws/p"},
		Role: permengine.Developer, Env: permengine.Env{ScopeRoot: "/ws/p"}}
	return approval.Ask{Request: req, Decision: approval.Summary{Outcome: permengine.RequireApproval, Rule: permengine.CodeDefault, Reason: "pending, no rule"},
		Agent: "dev", Session: "s1", Owner: "ana", RaisedAt: at.Add(time.Duration(i) * time.Second),
		Deadline: at.Add(time.Hour), Status: approval.Pending,
		Card: approval.Card{Reason: "pending, no rule", Risk: approval.RiskMedium, Always: []permengine.Grant{{Rule: "Terminal(npm test)", AlsoAllows: "more"}}}}
}

func raise(t *testing.T, s approval.Store, i int) approval.Ask {
	t.Helper()
	a, err := s.Raise(context.Background(), newAsk(i))
	if err != nil {
		t.Fatalf("Raise: %v", err)
	}
	return a
}

func allowBy(subject string) approval.Final {
	return approval.Final{Status: approval.Allowed, DecidedBy: approval.ByUser, Subject: subject, Remember: approval.RememberNone, DecidedAt: at.Add(time.Minute)}
}

func testRaiseAndGet(t *testing.T, open Opener) {
	s, ctx := handle(t, open), context.Background()
	a, b := raise(t, s, 1), raise(t, s, 2)
	if a.ID == "" || a.ID == b.ID {
		t.Fatalf("ids %q and %q: want distinct, non-empty", a.ID, b.ID)
	}
	got, err := s.Get(ctx, a.ID)
	if err != nil {
		t.Fatal(err)
	}
	want := newAsk(1)
	want.ID = a.ID
	if !sameAsk(got, want) {
		t.Fatalf("Get = %+v\nwant %+v", got, want)
	}
	if _, err := s.Get(ctx, "no-such-id"); !errors.Is(err, approval.ErrNotFound) {
		t.Fatalf("Get of an unknown id: %v, want ErrNotFound", err)
	}
}

// sameAsk compares asks, times by instant.
func sameAsk(a, b approval.Ask) bool {
	return a.ID == b.ID && reflect.DeepEqual(a.Request, b.Request) && a.Decision == b.Decision && a.Agent == b.Agent &&
		a.Session == b.Session && a.Owner == b.Owner && a.RaisedAt.Equal(b.RaisedAt) && a.Deadline.Equal(b.Deadline) &&
		a.Status == b.Status && a.Card.Reason == b.Card.Reason && a.Card.Risk == b.Card.Risk && slices.Equal(a.Card.Always, b.Card.Always)
}

func testPendingOrder(t *testing.T, open Opener) {
	s, ctx := handle(t, open), context.Background()
	var ids []string
	for i := range 5 {
		ids = append(ids, raise(t, s, i).ID)
	}
	if _, err := s.Finish(ctx, ids[2], allowBy("ana"), nil); err != nil {
		t.Fatal(err)
	}
	p, err := s.Pending(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range p {
		got = append(got, a.ID)
	}
	want := slices.Delete(slices.Clone(ids), 2, 3)
	if !slices.Equal(got, want) {
		t.Fatalf("Pending = %v, want %v", got, want)
	}
}

func testFinishOnce(t *testing.T, open Opener) {
	s, ctx := handle(t, open), context.Background()
	a := raise(t, s, 1)
	f := allowBy("ana")
	f.Reason, f.Remember, f.Rules = "ok", approval.RememberProject, []string{"Terminal(npm test)"}
	e, err := s.Finish(ctx, a.ID, f, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := approval.EntryFor(a, f)
	want.Seq = e.Seq
	if e.Seq < 1 || !sameEntry(e, want) {
		t.Fatalf("entry = %+v\nwant %+v", e, want)
	}
	if got, err := s.Entry(ctx, a.ID); err != nil || !sameEntry(got, e) {
		t.Fatalf("Entry = %+v, %v; want %+v", got, err, e)
	}
	if _, err := s.Finish(ctx, a.ID, approval.Final{Status: approval.Denied, DecidedBy: approval.ByPolicy}, nil); !errors.Is(err, approval.ErrConflict) {
		t.Fatalf("second Finish: %v, want ErrConflict", err)
	}
	if got, _ := s.Get(ctx, a.ID); got.Status != approval.Allowed {
		t.Fatalf("status after a refused second Finish = %s, want allowed", got.Status)
	}
	if _, err := s.Finish(ctx, "no-such-id", f, nil); !errors.Is(err, approval.ErrNotFound) {
		t.Fatalf("Finish of an unknown id: %v, want ErrNotFound", err)
	}
	if _, err := s.Entry(ctx, "no-such-id"); !errors.Is(err, approval.ErrNotFound) {
		t.Fatalf("Entry of an unknown id: %v, want ErrNotFound", err)
	}
	if es, _ := s.Audit(ctx, 0, 10); len(es) != 1 {
		t.Fatalf("audit has %d entries, want 1", len(es))
	}
}

func sameEntry(a, b approval.Entry) bool {
	return a.Seq == b.Seq && a.ID == b.ID && a.Action == b.Action && a.Role == b.Role && a.Decision == b.Decision &&
		a.Outcome == b.Outcome && a.DecidedBy == b.DecidedBy && a.Subject == b.Subject && a.Owner == b.Owner &&
		a.Agent == b.Agent && a.Session == b.Session && a.Reason == b.Reason && a.Remember == b.Remember &&
		slices.Equal(a.Rules, b.Rules) && a.NotRemembered == b.NotRemembered && a.RaisedAt.Equal(b.RaisedAt) &&
		a.DecidedAt.Equal(b.DecidedAt)
}

func testApplyFails(t *testing.T, open Opener) {
	s, ctx := handle(t, open), context.Background()
	a := raise(t, s, 1)
	boom := errors.New("the file could not be written")
	f := allowBy("ana")
	f.SessionRules = []string{"Terminal(npm test)"}
	if _, err := s.Finish(ctx, a.ID, f, func() error { return boom }); !errors.Is(err, boom) {
		t.Fatalf("Finish with a failing apply: %v, want its error", err)
	}
	got, _ := s.Get(ctx, a.ID)
	es, _ := s.Audit(ctx, 0, 10)
	rules, _ := s.SessionRules(ctx, "s1")
	if got.Status != approval.Pending || len(es) != 0 || len(rules) != 0 {
		t.Fatalf("after a failed apply: status %s, %d entries, session rules %v; want pending, none, none", got.Status, len(es), rules)
	}
	if _, err := s.Finish(ctx, a.ID, f, func() error { return nil }); err != nil {
		t.Fatalf("Finish after a failed one: %v", err)
	}
}

func testFinishChecks(t *testing.T, open Opener) {
	s, ctx := handle(t, open), context.Background()
	a := raise(t, s, 1)
	for _, f := range []approval.Final{
		{Status: approval.Pending, DecidedBy: approval.ByUser, Subject: "x"},
		{Status: approval.Allowed},
		{Status: approval.Allowed, DecidedBy: approval.ByUser},
		{Status: "maybe", DecidedBy: approval.ByPolicy},
	} {
		if _, err := s.Finish(ctx, a.ID, f, nil); err == nil {
			t.Fatalf("Finish(%+v) succeeded", f)
		}
	}
	if got, _ := s.Get(ctx, a.ID); got.Status != approval.Pending {
		t.Fatalf("status %s after refused Finishes, want pending", got.Status)
	}
}

func testSubjectOnlyForUser(t *testing.T, open Opener) {
	s, ctx := handle(t, open), context.Background()
	a, b := raise(t, s, 1), raise(t, s, 2)
	pol, err := s.Finish(ctx, a.ID, approval.Final{Status: approval.Allowed, DecidedBy: approval.ByPolicy, Subject: "ana", Reason: "Terminal(npm test)", DecidedAt: at}, nil)
	if err != nil {
		t.Fatal(err)
	}
	exp, err := s.Finish(ctx, b.ID, approval.Final{Status: approval.Expired, DecidedAt: at, Remember: approval.RememberNone}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pol.Subject != "" || pol.DecidedBy != approval.ByPolicy || pol.Owner != "ana" {
		t.Fatalf("policy entry: subject %q by %q owner %q; want no subject, policy, ana", pol.Subject, pol.DecidedBy, pol.Owner)
	}
	if exp.Outcome != approval.OutcomeExpired || exp.DecidedBy != "" || !exp.DecidedAt.IsZero() || exp.Subject != "" || exp.Remember != "" {
		t.Fatalf("expired entry %+v: want outcome expired, no decider, no decision time, no subject", exp)
	}
	stored, _ := s.Entry(ctx, b.ID)
	if !sameEntry(stored, exp) {
		t.Fatalf("stored expired entry %+v, want %+v", stored, exp)
	}
}

func testSessionRules(t *testing.T, open Opener) {
	s, ctx := handle(t, open), context.Background()
	if err := s.AddSessionRules(ctx, "s1", []string{"Terminal(a)", "Terminal(b)"}); err != nil {
		t.Fatal(err)
	}
	if err := s.AddSessionRules(ctx, "s1", []string{"Terminal(b)", "Terminal(c)"}); err != nil {
		t.Fatal(err)
	}
	a := raise(t, s, 1)
	f := allowBy("ana")
	f.SessionRules = []string{"Terminal(c)", "Terminal(d)"}
	if _, err := s.Finish(ctx, a.ID, f, nil); err != nil {
		t.Fatal(err)
	}
	got, err := s.SessionRules(ctx, "s1")
	want := []string{"Terminal(a)", "Terminal(b)", "Terminal(c)", "Terminal(d)"}
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("SessionRules = %v, %v; want %v", got, err, want)
	}
	if other, _ := s.SessionRules(ctx, "s2"); len(other) != 0 {
		t.Fatalf("another session has %v", other)
	}
}

// testReplicasFinishOnce: several handles (replicas) finish one ask at
// once; exactly one wins.
func testReplicasFinishOnce(t *testing.T, open Opener) {
	ctx := context.Background()
	replicas := []approval.Store{handle(t, open), handle(t, open), handle(t, open), handle(t, open)}
	for round := range 5 {
		a := raise(t, replicas[0], round)
		var wins, conflicts int
		var mu sync.Mutex
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Go(func() {
				_, err := replicas[i%len(replicas)].Finish(ctx, a.ID, allowBy(fmt.Sprint("p", i)), nil)
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					wins++
				case errors.Is(err, approval.ErrConflict):
					conflicts++
				default:
					t.Errorf("Finish: %v", err)
				}
			})
		}
		wg.Wait()
		if wins != 1 || conflicts != 7 {
			t.Fatalf("round %d: %d wins and %d conflicts, want 1 and 7", round, wins, conflicts)
		}
	}
	if es, _ := replicas[1].Audit(ctx, 0, 100); len(es) != 5 {
		t.Fatalf("audit has %d entries, want 5", len(es))
	}
}
