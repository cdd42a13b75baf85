package permengine

import (
	"bufio"
	"os"
	"testing"
)

// Benchmarks of reading alone, on the benchmark corpus: the fast path with
// pooled arenas (what Decide uses) against the parser path.

func loadCmds(b *testing.B) []string {
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
	return cmds
}

func BenchmarkRead(b *testing.B) {
	cmds := loadCmds(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		readPooled(cmds[i%len(cmds)], "/ws/proj").release()
	}
}

func BenchmarkReadParser(b *testing.B) {
	cmds := loadCmds(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		readCommandSlow(cmds[i%len(cmds)], "/ws/proj")
	}
}
