package bench

import (
	"os"
	"testing"

	"github.com/permengine/permengine"
)

func BenchmarkZZOne(b *testing.B) {
	p := loadPolicy(b, 100)
	cmd := os.Getenv("ZZCMD")
	b.ReportAllocs()
	for b.Loop() {
		permengine.Decide(p, request(cmd))
	}
}
