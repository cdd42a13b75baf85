package shell

import (
	"testing"

	"github.com/permengine/permengine/internal/benchcorpus"
	"github.com/permengine/permengine/internal/work"
)

// Benchmarks of reading alone, on the benchmark corpus: the fast path with
// pooled arenas (what Decide uses) against the parser path.

// loadBenchCommands reads the benchmark corpus.
func loadBenchCommands(tb testing.TB) []string {
	tb.Helper()
	cmds, err := benchcorpus.Commands("../../testdata/bench")
	if err != nil {
		tb.Fatal(err)
	}
	return cmds
}

func BenchmarkRead(b *testing.B) {
	cmds := loadBenchCommands(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		cmd := cmds[i%len(cmds)]
		ReadPooled(cmd, "/ws/proj", work.Budget(len(cmd))).Release()
	}
}

func BenchmarkReadParser(b *testing.B) {
	cmds := loadBenchCommands(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		readCommandSlow(cmds[i%len(cmds)], "/ws/proj")
	}
}
