package permengine

import (
	"bufio"
	"os"
	"testing"
)

// Benchmarks of reading alone, on the benchmark corpus: the fast path with
// pooled arenas (what Decide uses) against the parser path.

// LoadBenchCommands reads the benchmark corpus. It is exported for the
// package's external tests (bench_test.go) and exists only in tests.
func LoadBenchCommands(tb testing.TB) []string {
	tb.Helper()
	f, err := os.Open("testdata/bench/commands.txt")
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var cmds []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cmds = append(cmds, sc.Text())
	}
	if len(cmds) != 10000 {
		tb.Fatalf("%d benchmark commands, want 10000", len(cmds))
	}
	return cmds
}

func BenchmarkRead(b *testing.B) {
	cmds := LoadBenchCommands(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		readPooled(cmds[i%len(cmds)], "/ws/proj").release()
	}
}

func BenchmarkReadParser(b *testing.B) {
	cmds := LoadBenchCommands(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		readCommandSlow(cmds[i%len(cmds)], "/ws/proj")
	}
}
