package storetest

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/approval"
)

// Answerers is how many replicas answer at once in Bench.
const Answerers = 4

// Bench measures the lifecycle over a store: b.N proposals submitted (each
// raises an ask), then answered by Answerers replicas at once, each with
// its own handle. It reports raised/s and answered/s.
func Bench(b *testing.B, open func(testing.TB) approval.Store) {
	ctx := context.Background()
	root := b.TempDir()
	clock := &Clock{now: at}
	services := make([]*approval.Service, Answerers)
	for i := range services {
		st := open(b)
		b.Cleanup(func() { st.Close() })
		s, err := approval.New(ctx, approval.Config{Store: st, ProjectFile: filepath.Join(root, "permissions.json"), Clock: clock.Now})
		if err != nil {
			b.Fatal(err)
		}
		services[i] = s
	}
	ids := make([]string, b.N)
	b.ResetTimer()
	start := time.Now()
	for i := range b.N {
		p := approval.Proposal{Request: permengine.Request{Action: permengine.Action{Type: permengine.Terminal, Command: fmt.Sprintf("make target%d", i), Cwd: root},
			Role: permengine.Developer, Env: permengine.Env{ScopeRoot: root}}, Agent: "dev", Session: "s", Owner: "ana"}
		r, err := services[0].Submit(ctx, p)
		if err != nil || r.Ask == nil {
			b.Fatalf("Submit: %+v, %v", r, err)
		}
		ids[i] = r.Ask.ID
	}
	raised := time.Since(start)
	start = time.Now()
	var wg sync.WaitGroup
	for w, s := range services {
		wg.Go(func() {
			for i := w; i < len(ids); i += len(services) {
				if _, err := s.Answer(ctx, ids[i], approval.Answer{Decision: approval.Allow}, "ana"); err != nil {
					b.Errorf("Answer: %v", err)
					return
				}
			}
		})
	}
	wg.Wait()
	answered := time.Since(start)
	b.StopTimer()
	b.ReportMetric(float64(b.N)/raised.Seconds(), "raised/s")
	b.ReportMetric(float64(b.N)/answered.Seconds(), "answered/s")
}
