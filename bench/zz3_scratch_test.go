package bench

import (
	"os"
	"testing"

	"github.com/permengine/permengine"
)

func BenchmarkZZOne(b *testing.B) {
	p := loadPolicy(b, 100)
	c := os.Getenv("ZZ")
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		permengineDecide(p, c)
	}
}

func permengineDecide(p *permengine.Policy, c string) { permengine.Decide(p, request(c)) }
