package permengine

import (
	"os"
	"testing"

	"github.com/permengine/permengine/internal/benchcorpus"
)

func BenchmarkZZOne(b *testing.B) {
	p, _ := LoadFile(benchcorpus.RulesFile("testdata/bench", 100))
	c := os.Getenv("ZZCMD")
	req := Request{Action: Action{Type: Terminal, Command: c, Cwd: benchcorpus.Cwd}, Role: Developer, Env: Env{ScopeRoot: benchcorpus.ScopeRoot}}
	b.ReportAllocs()
	for b.Loop() {
		Decide(p, req)
	}
}
