package bench

import (
	"testing"
	"time"

	"github.com/permengine/permengine"
)

func TestDistTmp(t *testing.T) {
	cmds := loadCorpus(t)
	p := loadPolicy(t, 100)
	cnt := map[string]int{}
	tm := map[string]time.Duration{}
	capsOnAsk := 0
	for rep := 0; rep < 3; rep++ {
		for _, c := range cmds {
			s := time.Now()
			d := permengine.Decide(p, request(c))
			el := time.Since(s)
			k := d.Outcome.String()
			if d.Rule.IsCap() {
				k += "/cap"
			}
			cnt[k]++
			tm[k] += el
			if rep == 0 && d.Outcome.String() == "require_approval" && !d.Rule.IsCap() {
				for _, s := range d.Trace {
					if s.Rule.IsCap() {
						capsOnAsk++
						break
					}
				}
			}
		}
	}
	for k, v := range cnt {
		t.Logf("%-28s %6d  %8.0f ns", k, v/3, float64(tm[k])/float64(v))
	}
	t.Logf("asks with a cap in trace: %d", capsOnAsk)
}

func benchSubset(b *testing.B, want string) {
	cmds := loadCorpus(b)
	p := loadPolicy(b, 100)
	var sub []string
	for _, c := range cmds {
		if permengine.Decide(p, request(c)).Outcome.String() == want {
			sub = append(sub, c)
		}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		permengine.Decide(p, request(sub[i%len(sub)]))
	}
}
func BenchmarkAskTmp(b *testing.B)  { benchSubset(b, "require_approval") }
func BenchmarkAutoTmp(b *testing.B) { benchSubset(b, "auto_approve") }
