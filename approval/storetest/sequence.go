package storetest

import (
	"context"
	"sync"
	"testing"

	"github.com/permengine/permengine/approval"
)

func denyEntry(i int) approval.Entry {
	a := newAsk(i)
	return approval.Entry{Action: a.Request.Action, Role: a.Request.Role, Decision: a.Decision, Outcome: approval.OutcomeDeny,
		DecidedBy: approval.ByPolicy, Owner: "ana", Reason: "Terminal(rm) in deny", RaisedAt: a.RaisedAt, DecidedAt: a.RaisedAt}
}

// testSequenceAndCursor: entries are listed in the order they became
// final, by sequence; a page boundary never moves as entries land.
func testSequenceAndCursor(t *testing.T, open Opener) {
	s, ctx := handle(t, open), context.Background()
	first := raise(t, s, 1) // raised first, final last
	var ids []string
	for i := range 4 {
		e, err := s.Record(ctx, denyEntry(10+i))
		if err != nil {
			t.Fatal(err)
		}
		if e.ID == "" || e.Seq < 1 {
			t.Fatalf("Record gave id %q seq %d", e.ID, e.Seq)
		}
		ids = append(ids, e.ID)
	}
	last, err := s.Finish(ctx, first.ID, allowBy("ana"), nil)
	if err != nil {
		t.Fatal(err)
	}
	ids = append(ids, last.ID)
	page1, err := s.Audit(ctx, 0, 2)
	if err != nil || len(page1) != 2 {
		t.Fatalf("first page: %d entries, %v; want 2", len(page1), err)
	}
	cursor := page1[1].Seq
	if _, err := s.Record(ctx, denyEntry(20)); err != nil {
		t.Fatal(err)
	}
	again, _ := s.Audit(ctx, 0, 2)
	if len(again) != 2 || again[0].ID != page1[0].ID || again[1].ID != page1[1].ID {
		t.Fatalf("the first page moved after a new entry")
	}
	rest, err := s.Audit(ctx, cursor, 100)
	if err != nil {
		t.Fatal(err)
	}
	all := append(page1, rest...)
	if len(all) != 6 {
		t.Fatalf("%d entries in all, want 6", len(all))
	}
	for i, e := range all {
		if i > 0 && e.Seq <= all[i-1].Seq {
			t.Fatalf("entry %d has seq %d after %d: not increasing", i, e.Seq, all[i-1].Seq)
		}
		if i < len(ids) && e.ID != ids[i] {
			t.Fatalf("entry %d is %q, want %q (the order entries became final)", i, e.ID, ids[i])
		}
	}
	if tail, _ := s.Audit(ctx, all[5].Seq, 10); len(tail) != 0 {
		t.Fatalf("%d entries after the last cursor, want 0", len(tail))
	}
	if zero, _ := s.Audit(ctx, 0, 0); len(zero) != 6 {
		t.Fatalf("limit 0 gave %d entries, want the default page (all 6)", len(zero))
	}
}

// testReplicasSequence: replicas writing at once get distinct sequence
// numbers, and a reader paging while they write never finds an entry
// behind a cursor it was already given.
func testReplicasSequence(t *testing.T, open Opener) {
	ctx := context.Background()
	const writers, each = 4, 15
	var wg sync.WaitGroup
	for w := range writers {
		s := handle(t, open)
		wg.Go(func() {
			for i := range each {
				if _, err := s.Record(ctx, denyEntry(w*100+i)); err != nil {
					t.Errorf("Record: %v", err)
					return
				}
			}
		})
	}
	reader := handle(t, open)
	seen := map[int64]bool{}
	var cursor int64
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	for finished := false; !finished; {
		select {
		case <-done:
			finished = true
		default:
		}
		page, err := reader.Audit(ctx, cursor, 7)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range page {
			if e.Seq <= cursor || seen[e.Seq] {
				t.Fatalf("seq %d after cursor %d (seen before: %v)", e.Seq, cursor, seen[e.Seq])
			}
			seen[e.Seq] = true
			cursor = e.Seq
		}
	}
	for {
		page, _ := reader.Audit(ctx, cursor, 100)
		if len(page) == 0 {
			break
		}
		for _, e := range page {
			seen[e.Seq] = true
			cursor = e.Seq
		}
	}
	all, _ := reader.Audit(ctx, 0, 1000)
	if len(seen) != writers*each || len(all) != writers*each {
		t.Fatalf("the reader saw %d entries and the audit holds %d, want %d: an entry landed behind a cursor", len(seen), len(all), writers*each)
	}
}
