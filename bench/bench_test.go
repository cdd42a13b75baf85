package bench

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/internal/benchcorpus"
)

// The shared benchmark inputs, as copied into the library's testdata.
const corpusDir = "../testdata/bench"

func loadCorpus(tb testing.TB) []string {
	tb.Helper()
	cmds, err := benchcorpus.Commands(corpusDir)
	if err != nil {
		tb.Fatal(err)
	}
	return cmds
}

func loadPolicy(tb testing.TB, n int) *permengine.Policy {
	tb.Helper()
	p, err := permengine.LoadFile(benchcorpus.RulesFile(corpusDir, n))
	if err != nil {
		tb.Fatal(err)
	}
	return p
}

// request is the bench README's context: scope root and working directory
// /ws/proj, role developer, no autonomy opinion, no container.
func request(cmd string) permengine.Request {
	return permengine.Request{
		Action: permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: benchcorpus.Cwd},
		Role:   permengine.Developer,
		Env:    permengine.Env{ScopeRoot: benchcorpus.ScopeRoot},
	}
}

// BenchmarkSideBySide prints both engines at every rule count; one op is
// one decision, cycling through the corpus.
func BenchmarkSideBySide(b *testing.B) {
	cmds := loadCorpus(b)
	ctx := context.Background()
	for _, n := range benchcorpus.RuleCounts {
		p := loadPolicy(b, n)
		b.Run(fmt.Sprintf("rules=%d/engine=permengine", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				permengine.Decide(p, request(cmds[i%len(cmds)]))
			}
		})
		fl := NewFloor(p)
		b.Run(fmt.Sprintf("rules=%d/engine=floor", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				fl.Decide(cmds[i%len(cmds)])
			}
		})
		o, err := NewOPA(ctx, p)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("rules=%d/engine=opa", n), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				if _, err := o.Decide(ctx, cmds[i%len(cmds)]); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// category explains why permengine decided differently from the
// reference-only Rego policy, or "" when it cannot.
func category(d permengine.Decision, opa string) string {
	switch {
	case d.Rule.IsCap():
		return d.Rule.String() + " (a cap the reference semantics do not have)"
	case d.Rule == permengine.CodeBuiltinDeny:
		return "builtin_deny (the built-in floor)"
	case strings.Contains(d.Reason, "(read as "):
		return d.Rule.String() + " through a looked-through view (wrapper, assignment, program directory)"
	case strings.Contains(d.Reason, "is not a known program"):
		return "file_ask: a denied command behind an unknown program"
	case d.Rule == permengine.CodeCompoundUnmatched && opa == "auto_approve":
		return "compound_unmatched: a wrapped command is a segment of its own"
	}
	return ""
}

// declaresScope reports a decision in which a cd inside the scope counted
// as allowed.
func declaresScope(d permengine.Decision) bool {
	for _, s := range d.Trace {
		if s.Stage == permengine.StageSegment && s.Rule == permengine.CodeScopeCd {
			return true
		}
	}
	return false
}

// TestAgreement runs both engines over the corpus at every rule count:
// where the semantics coincide they must agree, and every difference must
// be one permengine makes on purpose, always towards the stricter outcome.
func TestAgreement(t *testing.T) {
	cmds := loadCorpus(t)
	ctx := context.Background()
	rank := map[string]int{"deny": 0, "require_approval": 1, "auto_approve": 2}
	for _, n := range benchcorpus.RuleCounts {
		p := loadPolicy(t, n)
		o, err := NewOPA(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		floor := NewFloor(p)
		agree := 0
		why := map[string]int{}
		for _, cmd := range cmds {
			d := permengine.Decide(p, request(cmd))
			got, err := o.Decide(ctx, cmd)
			if err != nil {
				t.Fatal(err)
			}
			if fl := floor.Decide(cmd); fl != got {
				t.Errorf("rules=%d: %q: the Go floor says %s, the Rego policy %s", n, cmd, fl, got)
			}
			if d.Outcome.String() == got {
				agree++
				continue
			}
			if rank[d.Outcome.String()] > rank[got] {
				if declaresScope(d) {
					// The reference's own rule, which the Rego side
					// cannot model without the scope.
					why["scope_cd: cd inside the scope declares it (the Rego side has no scope)"]++
					continue
				}
				t.Errorf("rules=%d: %q: permengine %s (%s) is more permissive than the reference's %s", n, cmd, d.Outcome, d.Reason, got)
				continue
			}
			c := category(d, got)
			if c == "" {
				t.Errorf("rules=%d: %q: permengine %s (%s: %s), reference %s: unexplained", n, cmd, d.Outcome, d.Rule, d.Reason, got)
				continue
			}
			why[c]++
		}
		var keys []string
		for k := range why {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		t.Logf("rules=%d: %d of %d commands agree; differences:", n, agree, len(cmds))
		for _, k := range keys {
			t.Logf("  %5d  %s", why[k], k)
		}
	}
}
