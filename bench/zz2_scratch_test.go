package bench

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/permengine/permengine"
)

func TestZZOne(t *testing.T) {
	p := loadPolicy(t, 100)
	for _, c := range strings.Split(os.Getenv("ZZ"), "\n") {
		if c == "" {
			continue
		}
		const n = 5000
		var d permengine.Decision
		st := time.Now()
		for i := 0; i < n; i++ {
			d = permengine.Decide(p, request(c))
		}
		fmt.Printf("%7.0f ns %-17s %s\n", float64(time.Since(st).Nanoseconds())/n, d.Outcome, c)
	}
}
