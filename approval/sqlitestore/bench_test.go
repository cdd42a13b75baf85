package sqlitestore_test

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/approval"
	"github.com/permengine/permengine/approval/sqlitestore"
	"github.com/permengine/permengine/approval/storetest"
)

func open(tb testing.TB, path string) *sqlitestore.Store {
	s, err := sqlitestore.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	return s
}

func BenchmarkLifecycle(b *testing.B) {
	path := filepath.Join(b.TempDir(), "approval.db")
	storetest.Bench(b, func(tb testing.TB) approval.Store { return open(tb, path) })
}

// BenchmarkAuditSize reports how many bytes of the file one audit entry
// takes: b.N denies recorded, the WAL checkpointed into the file.
func BenchmarkAuditSize(b *testing.B) {
	path := filepath.Join(b.TempDir(), "approval.db")
	s := open(b, path)
	defer s.Close()
	before := fileSize(b, path)
	ctx := context.Background()
	at := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	for range b.N {
		_, err := s.Record(ctx, approval.Entry{
			Action:   permengine.Action{Type: permengine.Terminal, Command: "rm -rf build && npm run lint -- --fix", Cwd: "/home/ana/work/project"},
			Role:     permengine.Developer,
			Decision: approval.Summary{Outcome: permengine.Deny, Rule: permengine.CodeFileDeny, Reason: `segment "rm -rf build": Terminal(rm -rf) in deny (permissions.json:4)`, Segment: "rm -rf build", Pattern: "Terminal(rm -rf)", Source: "permissions.json:4"},
			Outcome:  approval.OutcomeDeny, DecidedBy: approval.ByPolicy, Owner: "ana@example.com", Agent: "dev-api", Session: "7f3c9a1e2b4d",
			Reason: `segment "rm -rf build": Terminal(rm -rf) in deny (permissions.json:4)`, RaisedAt: at, DecidedAt: at})
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	after := fileSize(b, path)
	b.ReportMetric(float64(after-before)/float64(b.N), "bytes/entry")
}

// fileSize checkpoints the WAL into the file and returns its size.
func fileSize(b *testing.B, path string) int64 {
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(`PRAGMA wal_checkpoint(TRUNCATE)`); err != nil {
		b.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	return fi.Size()
}

// BenchmarkAskSize reports how many bytes of the file one ask takes once
// raised through a Service and answered (the ask with its card, and its
// audit entry), the WAL checkpointed into the file.
func BenchmarkAskSize(b *testing.B) {
	dir := b.TempDir()
	path := filepath.Join(dir, "approval.db")
	s := open(b, path)
	defer s.Close()
	ctx := context.Background()
	svc, err := approval.New(ctx, approval.Config{Store: s, ProjectFile: filepath.Join(dir, "permissions.json"),
		Clock: func() time.Time { return time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC) }})
	if err != nil {
		b.Fatal(err)
	}
	before := fileSize(b, path)
	for i := range b.N {
		p := approval.Proposal{Request: permengine.Request{Action: permengine.Action{Type: permengine.Terminal,
			Command: fmt.Sprintf("cd src/app && npm run lint -- --fix %d", i), Cwd: "/home/ana/work/project"},
			Role: permengine.Developer, Env: permengine.Env{ScopeRoot: "/home/ana/work/project"}},
			Agent: "dev-api", Session: "7f3c9a1e2b4d", Owner: "ana@example.com"}
		r, err := svc.Submit(ctx, p)
		if err != nil || r.Ask == nil {
			b.Fatalf("Submit: %+v, %v", r, err)
		}
		if _, err := svc.Answer(ctx, r.Ask.ID, approval.Answer{Decision: approval.Deny, Message: "use npm test instead"}, "ana@example.com"); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	b.ReportMetric(float64(fileSize(b, path)-before)/float64(b.N), "bytes/ask")
}
