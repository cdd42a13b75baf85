package permengine_test

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/internal/benchcorpus"
)

// The benchmark corpus (testdata/bench, copied from the shared bench
// inputs): 10,000 real-looking commands and policies of 10 to 10,000
// rules. Context as the bench README says: scope root and working
// directory /ws/proj, role developer, no autonomy opinion, no container.

const benchDir = "testdata/bench"

func benchCommands(tb testing.TB) []string {
	tb.Helper()
	cmds, err := benchcorpus.Commands(benchDir)
	if err != nil {
		tb.Fatal(err)
	}
	return cmds
}

func benchPolicy(tb testing.TB, n int) *permengine.Policy {
	tb.Helper()
	p, err := permengine.LoadFile(benchcorpus.RulesFile(benchDir, n))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

func benchRequest(cmd string) permengine.Request {
	return permengine.Request{
		Action: permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: benchcorpus.Cwd},
		Role:   permengine.Developer,
		Env:    permengine.Env{ScopeRoot: benchcorpus.ScopeRoot},
	}
}

// BenchmarkDecideCorpus: one op is one decision, cycling through the
// corpus.
func BenchmarkDecideCorpus(b *testing.B) {
	cmds := benchCommands(b)
	for _, n := range benchcorpus.RuleCounts {
		p := benchPolicy(b, n)
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				permengine.Decide(p, benchRequest(cmds[i%len(cmds)]))
			}
		})
	}
}

// BenchmarkCompile: loading and compiling a rule file.
func BenchmarkCompile(b *testing.B) {
	for _, n := range []int{100, 10000} {
		b.Run(fmt.Sprintf("rules=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := permengine.LoadFile(benchcorpus.RulesFile(benchDir, n)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecideParallel decides from every core at once with one shared
// policy.
func BenchmarkDecideParallel(b *testing.B) {
	cmds := benchCommands(b)
	p := benchPolicy(b, 100)
	b.ReportAllocs()
	b.RunParallel(func(pb *testing.PB) {
		i := 0
		for pb.Next() {
			permengine.Decide(p, benchRequest(cmds[i%len(cmds)]))
			i++
		}
	})
}

func heapAfterGC() uint64 {
	runtime.GC()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapAlloc
}

// BenchmarkDecideHeapFlat makes b.N decisions in one process and reports
// the live heap (after a GC) at the first tenth and at the end. Run it with
// -benchtime 10000000x: heap-KiB-end must stay at heap-KiB-tenth.
func BenchmarkDecideHeapFlat(b *testing.B) {
	cmds := benchCommands(b)
	p := benchPolicy(b, 100)
	var tenth uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		permengine.Decide(p, benchRequest(cmds[i%len(cmds)]))
		if i == b.N/10 {
			b.StopTimer()
			tenth = heapAfterGC()
			b.StartTimer()
		}
	}
	b.StopTimer()
	end := heapAfterGC()
	b.ReportMetric(float64(tenth)/1024, "heap-KiB-tenth")
	b.ReportMetric(float64(end)/1024, "heap-KiB-end")
}

// TestHeapFlat checks, on a shorter run, that decisions leave nothing
// behind: the live heap after 100,000 decisions is what it was after
// 10,000.
func TestHeapFlat(t *testing.T) {
	cmds := benchCommands(t)
	p := benchPolicy(t, 100)
	var early uint64
	for i := 0; i < 100000; i++ {
		permengine.Decide(p, benchRequest(cmds[i%len(cmds)]))
		if i == 10000 {
			early = heapAfterGC()
		}
	}
	late := heapAfterGC()
	t.Logf("live heap after 10,000 decisions: %d KiB; after 100,000: %d KiB", early/1024, late/1024)
	if late > early+256<<10 {
		t.Errorf("the heap grew by %d KiB over 90,000 decisions", (late-early)/1024)
	}
}
