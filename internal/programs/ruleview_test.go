package programs

import (
	"math/rand"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// RuleViews gives, from one reading, what RuleView gives for each value
// of bare, in that order: the views deny and ask rules see do not depend
// on which of the two functions read them.
func TestRuleViewsAgreeWithRuleView(t *testing.T) {
	const expands = 1
	vocab := []string{"git", "-C", ".", "clean", "-fdx", "reset", "--har", "push", "--force", "origin", "main",
		"rm", "-rf", "-rf$IFS", "${X}", "make", "deploy", "docker", "run", "--rm", "-it", "sh", "npm", "rum", "build",
		"--", "./manage.py", "python3", "-m", "unknown-prog", "kubectl", "-n", "ns", "apply", "-f", "x.yaml", "sed",
		"-i", "-n", "1p", "--expr=1d", "tar", "-xzf", "a.tgz", "$(x)"}
	long := append([]string{"git"}, slices.Repeat([]string{"x"}, MaxModelWords)...)
	views := [][]string{nil, {"git"}, long}
	rng := rand.New(rand.NewSource(3))
	for range 3000 {
		v := make([]string, 1+rng.Intn(8))
		for i := range v {
			v[i] = vocab[rng.Intn(len(vocab))]
		}
		views = append(views, v)
	}
	for _, v := range views {
		flags := make([]uint8, len(v))
		for i, w := range v {
			if strings.Contains(w, "$") {
				flags[i] = expands
			}
		}
		var want [][]string
		var wantOK []bool
		for _, bare := range []bool{false, true} {
			words, buf, ok := RuleView(v, flags, expands, bare)
			if !ok {
				words = v
			}
			want, wantOK = append(want, slices.Clone(words)), append(wantOK, ok)
			PutRuleBuf(buf)
		}
		var got [][]string
		var gotOK []bool
		RuleViews(v, flags, expands, func(words []string, ok bool) bool {
			if !ok {
				words = v
			}
			got, gotOK = append(got, slices.Clone(words)), append(gotOK, ok)
			return true
		})
		if len(got) == 1 { // no model: the second view is the first
			got, gotOK = append(got, got[0]), append(gotOK, gotOK[0])
		}
		got, gotOK = got[:2], gotOK[:2] // a goal program's views per goal follow (TestRuleViewsReadEachGoal)
		assert.Equal(t, want, got, "%q", v)
		assert.Equal(t, wantOK, gotOK, "%q", v)
	}
}

// A program whose operands are goals has a rule view per goal, without
// its options, their values and its NAME=value settings: make -j 4 X=1
// test deploy is read as make deploy too.
func TestRuleViewsReadEachGoal(t *testing.T) {
	for _, tc := range []struct {
		v    []string
		want [][]string
	}{
		{[]string{"make", "-j", "4", "X=1", "test", "deploy"}, [][]string{{"make", "4"}, {"make", "test"}, {"make", "deploy"}}},
		{[]string{"make", "-C", "sub", "deploy"}, [][]string{{"make", "deploy"}}},
		{[]string{"rake", "build", "release"}, [][]string{{"rake", "build"}, {"rake", "release"}}},
		{[]string{"git", "push", "origin"}, nil}, // not a goal program
	} {
		var got [][]string
		n := 0
		RuleViews(tc.v, make([]uint8, len(tc.v)), 1, func(words []string, ok bool) bool {
			if n++; n > 2 {
				got = append(got, slices.Clone(words))
			}
			return true
		})
		assert.Equal(t, tc.want, got, "%q", tc.v)
	}
}
