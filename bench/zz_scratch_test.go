package bench

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/permengine/permengine"
)

func TestZZPerCommand(t *testing.T) {
	cmds := loadCorpus(t)
	p := loadPolicy(t, 100)
	fl := NewFloor(p)
	_ = fl
	type r struct {
		c      string
		ns, fn float64
	}
	var rs []r
	var tot, ftot float64
	outc := map[string]int{}
	for _, c := range cmds {
		const n = 200
		st := time.Now()
		var d permengine.Decision
		for i := 0; i < n; i++ {
			d = permengine.Decide(p, request(c))
		}
		ns := float64(time.Since(st).Nanoseconds()) / n
		st = time.Now()
		for i := 0; i < n; i++ {
			fl.Decide(c)
		}
		fn := float64(time.Since(st).Nanoseconds()) / n
		outc[string(d.Outcome)]++
		rs = append(rs, r{c, ns, fn})
		tot += ns
		ftot += fn
	}
	sort.Slice(rs, func(i, j int) bool { return rs[i].ns > rs[j].ns })
	fmt.Printf("mean %.0f floor %.0f outcomes %v\n", tot/float64(len(rs)), ftot/float64(len(rs)), outc)
	var cum float64
	for i, x := range rs {
		cum += x.ns
		if i < 40 || i%1000 == 0 {
			fmt.Printf("%5d %7.0f %6.0f cum%%=%.1f  %s\n", i, x.ns, x.fn, 100*cum/tot, x.c)
		}
	}
}
