package permengine

import (
	"math/rand/v2"
	"testing"
)

// The index lint reads shadowing rules from finds what reading every rule
// finds: the same rule, the first in the list's order, for random lists
// of rules that share first words, stems and types.
func TestShadowIndexAgreesWithScan(t *testing.T) {
	texts := []string{"Terminal()", "Terminal(git)", "Terminal(git:*)", "Terminal(git push)", "Terminal(git push:*)",
		"Terminal(git:x)", "Terminal(git:x:*)", "Terminal(git:x y)", "Terminal(npm test)", "Terminal(npm:*)", "Terminal(npm run lint:*)",
		"Terminal(curl:*)", "Terminal(curl -s)", "Terminal(a:b:c)", "Terminal(a:*)", "Terminal(a:b:*)", "GitPush()", "GitMerge()",
		"Terminal(ls)", "Terminal(ls -la)"}
	rules := make([]*Rule, len(texts))
	for i, s := range texts {
		r, err := ParseRule(s)
		if err != nil {
			t.Fatal(err)
		}
		rules[i] = r
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 2000 {
		list := make([]*Rule, rng.IntN(8))
		for i := range list {
			c := *rules[rng.IntN(len(rules))]
			c.Source.Index = i
			list[i] = &c
		}
		x := indexShadows(list)
		for _, r := range rules {
			if got, want := x.shadowing(r), shadowedBy(list, r); got != want {
				t.Fatalf("round %d: %s: the index finds %v, reading every rule %v", round, r.Text, got, want)
			}
		}
	}
}
