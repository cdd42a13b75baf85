package bench

import (
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/permengine/permengine"
)

func TestZZCost(t *testing.T) {
	cmds := loadCorpus(t)
	p := loadPolicy(t, 100)
	fl := NewFloor(p)
	type c struct {
		cmd    string
		ns, fl float64
		out    string
	}
	var all []c
	var tot, ftot float64
	byOut := map[string][2]float64{}
	for _, cmd := range cmds[:3000] {
		const N = 20
		for i := 0; i < 5; i++ {
			permengine.Decide(p, request(cmd))
		}
		var d permengine.Decision
		ns, f := 1e18, 1e18
		for r := 0; r < 5; r++ {
			t0 := time.Now()
			for i := 0; i < N; i++ {
				d = permengine.Decide(p, request(cmd))
			}
			ns = min(ns, float64(time.Since(t0).Nanoseconds())/N)
			t0 = time.Now()
			for i := 0; i < N; i++ {
				fl.Decide(cmd)
			}
			f = min(f, float64(time.Since(t0).Nanoseconds())/N)
		}
		all = append(all, c{cmd, ns, f, d.Outcome.String()})
		tot += ns
		ftot += f
		b := byOut[d.Outcome.String()]
		b[0] += ns
		b[1]++
		byOut[d.Outcome.String()] = b
	}
	sort.Slice(all, func(i, j int) bool { return all[i].ns-2*all[i].fl > all[j].ns-2*all[j].fl })
	fmt.Printf("avg %.0f floor %.0f\n", tot/3000, ftot/3000)
	for k, v := range byOut {
		fmt.Printf("%s n=%.0f avg=%.0f\n", k, v[1], v[0]/v[1])
	}
	for _, x := range all[:40] {
		fmt.Printf("%6.0f %6.0f %s %q\n", x.ns, x.fl, x.out, x.cmd)
	}
}
