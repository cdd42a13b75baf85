package permengine

import (
	"encoding/json"
	"runtime"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/permengine/permengine/internal/shell"
	"github.com/permengine/permengine/internal/work"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// One decision's cost is linear in its command: these tests assert it with
// deterministic counters (work units, bytes allocated, the JSON's length),
// never with times.

// linearSizes are the lengths every adversarial shape is decided at.
var linearSizes = []int{1 << 10, 4 << 10, 16 << 10, 64 << 10}

// maxDecisionAlloc is the most one decision may allocate.
const maxDecisionAlloc = 8 << 20

// maxDecisionStack is the most stack one decision may use: past it the
// test binary dies ("goroutine stack exceeds"), a failure no test can
// miss. The race detector's instrumentation makes every frame larger: its
// builds get eight times the room, which still stops a recursion the
// bounds do not hold.
var maxDecisionStack = func() int {
	if raceEnabled {
		return 64 << 20
	}
	return 8 << 20
}()

// The decision's JSON is linear in the command: at most jsonPerByte bytes
// per byte of command, plus jsonBase.
const (
	jsonPerByte = 64
	jsonBase    = 64 << 10
)

// allocated returns the bytes f allocates, measured with the pools empty
// (two collections empty a sync.Pool): the most a decision can cost.
func allocated(f func()) uint64 {
	runtime.GC()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLinearCost decides every adversarial shape at every size: the work
// stays within the budget (a constant times the length), the decision
// allocates at most maxDecisionAlloc, and its JSON is linear.
func TestLinearCost(t *testing.T) {
	if testing.Short() {
		t.Skip("decides 200 commands of up to 64 KiB")
	}
	// A decision's stack is bounded too: deep recursion (the parser's, on
	// nesting past the bounds) would crash the process, not fail a test.
	defer debug.SetMaxStack(debug.SetMaxStack(maxDecisionStack))
	for _, s := range adversarialShapes {
		for _, n := range linearSizes {
			cmd := s.gen(n)
			req := adversarialRequest(cmd)
			var d Decision
			var w workReport
			alloc := allocated(func() { d, w = decideWork(adversarialPolicy, req, true) })
			switch {
			case w.exhausted && !overBudget[s.name]:
				t.Errorf("%s/%s: %d work units, over the budget of %d (%d bytes)", s.name, sizeName(n), w.units, w.budget, len(cmd))
			case w.exhausted && (d.Outcome == AutoApprove || !budgetCapped(d)):
				t.Errorf("%s/%s: out of budget, yet %s without the integrity cap naming it", s.name, sizeName(n), d.Outcome)
			}
			if alloc > maxDecisionAlloc && !raceEnabled {
				t.Errorf("%s/%s: %d bytes allocated, over %d", s.name, sizeName(n), alloc, maxDecisionAlloc)
			}
			j, err := json.Marshal(d)
			if err != nil {
				t.Fatal(err)
			}
			if len(j) > jsonPerByte*len(cmd)+jsonBase {
				t.Errorf("%s/%s: %d bytes of JSON for %d bytes of command", s.name, sizeName(n), len(j), len(cmd))
			}
			if d.Rule == CodeInternalError {
				t.Errorf("%s/%s: %s", s.name, sizeName(n), d.Reason)
			}
			t.Logf("%-16s %6s: %8d units (%5.1f a byte), %9d B allocated, %7d B of JSON, %s %s",
				s.name, sizeName(n), w.units, float64(w.units)/float64(len(cmd)), alloc, len(j), d.Outcome, d.Rule)
		}
	}
}

// budgetCapped reports whether the integrity cap named the work budget.
func budgetCapped(d Decision) bool {
	for _, s := range d.Trace {
		if s.Stage == StageCap && s.Rule == CodeIntegrity && strings.Contains(s.Detail, "work units") {
			return true
		}
	}
	return false
}

// TestWorkGrowsLinearly checks the units themselves, not only the budget:
// sixteen times the length costs at most about sixteen times the units.
func TestWorkGrowsLinearly(t *testing.T) {
	for _, s := range adversarialShapes {
		if overBudget[s.name] {
			continue
		}
		_, small := decideWork(adversarialPolicy, adversarialRequest(s.gen(4<<10)), true)
		_, large := decideWork(adversarialPolicy, adversarialRequest(s.gen(64<<10)), true)
		if large.units > 20*small.units+work.Base {
			t.Errorf("%s: %d units at 4 KiB, %d at 64 KiB: more than linear", s.name, small.units, large.units)
		}
	}
}

// TestWorkBudgetFiresIntegrity: a decision whose work runs out of budget
// is never approved; the integrity cap names the budget.
func TestWorkBudgetFiresIntegrity(t *testing.T) {
	req := adversarialRequest("ls && cat x && echo y")
	// Auto-approved by autonomy, so that every cap shows in the outcome.
	req.Autonomy = Autonomy{Mode: AutonomyAutoApprove, Origin: OriginSpecific}
	d, w := decideWork(adversarialPolicy, req, true)
	if d.Outcome != AutoApprove || w.exhausted {
		t.Fatalf("with the whole budget: %s %s (%+v)", d.Outcome, d.Rule, w)
	}
	for budget := 0; budget < w.units; budget++ {
		d, w := decideBudget(adversarialPolicy, req, budget, true)
		if !w.exhausted {
			t.Fatalf("budget %d of %d needed: not exhausted", budget, w.units)
		}
		if d.Outcome == AutoApprove || !budgetCapped(d) {
			t.Fatalf("budget %d: %s %s, want no approval and the integrity cap naming the budget", budget, d.Outcome, d.Rule)
		}
	}
}

// TestWorkIsDeterministic: the same request costs the same units.
func TestWorkIsDeterministic(t *testing.T) {
	for _, s := range adversarialShapes {
		req := adversarialRequest(s.gen(4 << 10))
		_, a := decideWork(adversarialPolicy, req, true)
		_, b := decideWork(adversarialPolicy, req, true)
		if a != b {
			t.Errorf("%s: %+v, then %+v", s.name, a, b)
		}
	}
}

// FuzzDecideWork fails when a decision needs more work than the budget
// allows for its length: the fuzzer hunts for commands that cost more than
// linear.
func FuzzDecideWork(f *testing.F) {
	for _, s := range adversarialShapes {
		f.Add(s.gen(256))
	}
	f.Add("echo {a,b}{c,{d,e}}{1..5} && cd src || cd .. ; nohup env -u x timeout 5 ls")
	f.Add("foo git push git push kubectl apply")
	f.Fuzz(func(t *testing.T, cmd string) {
		d, w := decideWork(adversarialPolicy, adversarialRequest(cmd), true)
		if w.exhausted || w.units > w.budget {
			t.Fatalf("%q (%d bytes): %d work units, over the budget of %d", cmd, len(cmd), w.units, w.budget)
		}
		if d.Rule == CodeInternalError {
			t.Fatalf("%q: %s", cmd, d.Reason)
		}
	})
}

// TestCostAtTheSegmentBound decides commands of exactly as many simple
// commands as are read (shell.MaxSegments), the most a decision works
// through: piped ones cost the most, and stay within maxDecisionAlloc.
func TestCostAtTheSegmentBound(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("decides commands of thousands of segments")
	}
	for _, unit := range []string{"a|", "a;", "cat x | ", "a && ", "cat x|sh -c 'a|a' | "} {
		cmd := strings.Repeat(unit, shell.MaxSegments-1) + "a"
		req := adversarialRequest(cmd)
		alloc := allocated(func() { decideWork(adversarialPolicy, req, true) })
		if alloc > maxDecisionAlloc {
			t.Errorf("%q × %d: %d bytes allocated, over %d", unit, shell.MaxSegments-1, alloc, maxDecisionAlloc)
		}
	}
}

// A rule nested deeper than the parser's bound is a load error, never a
// crash: the parser reads nesting by recursion, and a stack overflow is
// fatal to the process (the watcher, a hook, a batch of cases).
func TestLoadRuleTooNested(t *testing.T) {
	defer debug.SetMaxStack(debug.SetMaxStack(maxDecisionStack))
	for name, content := range map[string]string{
		"parentheses": strings.Repeat("(", 30000) + strings.Repeat(")", 30000),
		"negations":   "echo $((" + strings.Repeat("!", 60000) + "1))",
		"sum":         "echo $((" + strings.Repeat("1+", 30000) + "1))",
		"ifs":         strings.Repeat("if a; then ", 3000) + ":" + strings.Repeat("; fi", 3000),
	} {
		data, err := json.Marshal(map[string][]string{"allow": {"Terminal(" + content + ")"}})
		require.NoError(t, err)
		_, err = Parse("nested.json", data)
		require.Error(t, err, name)
		assert.Contains(t, err.Error(), "that nest", name)
	}
	// Longer than a command the engine reads: refused before any reading.
	data, err := json.Marshal(map[string][]string{"allow": {"Terminal(" + strings.Repeat("(", 200000) + ")"}})
	require.NoError(t, err)
	_, err = Parse("long.json", data)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "longer than")
}
