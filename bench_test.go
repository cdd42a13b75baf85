package permengine_test

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"testing"

	"github.com/permengine/permengine"
)

// The benchmark corpus (testdata/bench, copied from the shared bench
// inputs): 10,000 real-looking commands and policies of 10 to 10,000
// rules. Context as the bench README says: scope root and working
// directory /ws/proj, role developer, no autonomy opinion, no container.

func benchCommands(b *testing.B) []string {
	b.Helper()
	f, err := os.Open("testdata/bench/commands.txt")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var cmds []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cmds = append(cmds, sc.Text())
	}
	if len(cmds) != 10000 {
		b.Fatalf("%d commands, want 10000", len(cmds))
	}
	return cmds
}

var benchRuleCounts = []int{10, 100, 1000, 10000}

func benchPolicy(b *testing.B, n int) *permengine.Policy {
	b.Helper()
	p, err := permengine.LoadFile(fmt.Sprintf("testdata/bench/rules-%d.json", n))
	if err != nil {
		b.Fatal(err)
	}
	return p
}

func benchRequest(cmd string) permengine.Request {
	return permengine.Request{
		Action: permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: "/ws/proj"},
		Role:   permengine.Developer,
		Env:    permengine.Env{ScopeRoot: "/ws/proj"},
	}
}

// BenchmarkDecideCorpus: one op is one decision, cycling through the
// corpus.
func BenchmarkDecideCorpus(b *testing.B) {
	cmds := benchCommands(b)
	for _, n := range benchRuleCounts {
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
				if _, err := permengine.LoadFile(fmt.Sprintf("testdata/bench/rules-%d.json", n)); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkDecideLongRun makes decisions in one process and reports the
// live heap after a GC at the end, per million decisions: it must not grow
// with the number of decisions (TestHeapFlatOverLongRun checks it).
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
