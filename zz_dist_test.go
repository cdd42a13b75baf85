package permengine

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/permengine/permengine/internal/benchcorpus"
)

func TestZZDist(t *testing.T) {
	cmds, _ := benchcorpus.Commands("testdata/bench")
	p, err := LoadFile(benchcorpus.RulesFile("testdata/bench", 100))
	if err != nil {
		t.Fatal(err)
	}
	type r struct {
		c  string
		ns float64
	}
	var rs []r
	var total float64
	for _, c := range cmds {
		req := Request{Action: Action{Type: Terminal, Command: c, Cwd: benchcorpus.Cwd}, Role: Developer, Env: Env{ScopeRoot: benchcorpus.ScopeRoot}}
		Decide(p, req)
		best := 1e18
		for k := 0; k < 5; k++ {
			st := time.Now()
			for j := 0; j < 10; j++ {
				Decide(p, req)
			}
			d := float64(time.Since(st).Nanoseconds()) / 10
			if d < best {
				best = d
			}
		}
		rs = append(rs, r{c, best})
		total += best
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].ns > rs[j].ns })
	fmt.Printf("mean %.0f\n", total/float64(len(rs)))
	acc := 0.0
	for i, x := range rs {
		acc += x.ns
		if i == 99 || i == 499 || i == 999 || i == 2499 || i == 4999 {
			fmt.Printf("top %d: %.0f%% of time, cutoff %.0f ns\n", i+1, 100*acc/total, x.ns)
		}
	}
	for _, x := range rs[:40] {
		fmt.Printf("%7.0f %s\n", x.ns, x.c)
	}
	fmt.Println("median", rs[len(rs)/2].ns)
	for _, x := range rs[len(rs)/2-10 : len(rs)/2+10] {
		fmt.Printf("%7.0f %s\n", x.ns, x.c)
	}
}
