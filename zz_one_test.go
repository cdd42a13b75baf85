package permengine_test

import (
	"os"
	"testing"

	"github.com/permengine/permengine"
)

func BenchmarkZZOne(b *testing.B) {
	p := benchPolicy(b, 100)
	req := benchRequest(os.Getenv("ZZCMD"))
	b.ReportAllocs()
	for b.Loop() {
		permengine.Decide(p, req)
	}
}
