package permengine

import (
	"math"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/work"
)

// A decision's work is bounded by a budget proportional to the request's
// length (see internal/work): past it, nothing more is read or checked and
// the integrity cap fires.

// workReport is what a decision's work counter saw: the units spent, the
// budget, and whether the budget ran out.
type workReport struct {
	units, budget int
	exhausted     bool
}

// decideWork is Decide (explain false) or Explain (true) that also
// reports the work the decision took.
func decideWork(p *Policy, req Request, explain bool) (Decision, workReport) {
	return decideBudget(p, req, work.Budget(requestBytes(req)), explain)
}

// requestBytes is the length of what a request holds in text.
func requestBytes(req Request) int {
	a := req.Action
	return len(a.Command) + len(a.Cwd) + len(a.Branch) + len(a.Path) + len(req.Env.ScopeRoot)
}

// decideBudget is decideWork with a work budget of the given units.
func decideBudget(p *Policy, req Request, budget int, explain bool) (d Decision, w workReport) {
	x := &decider{req: req, p: p, own: work.New(budget), budget: budget, explain: explain}
	defer x.recover(&d) // runs second: it may hand the reading back
	defer func() {
		w = workReport{units: x.wk().Units(), budget: x.wk().Limit(), exhausted: x.wk().Out()}
	}()
	return x.run(), w
}

// wk returns the decision's work counter: the terminal command's reading
// holds it, other actions have their own.
func (x *decider) wk() *work.Counter {
	if x.cmd != nil {
		return x.cmd.Work()
	}
	return &x.own
}

// budgetCap fires the integrity cap, once, when the decision's work ran
// out of its budget: what could not be read and checked in full is never
// approved.
func (x *decider) budgetCap() {
	if x.wk().Out() && !x.outOfWork {
		x.outOfWork = true
		x.cap(CodeIntegrity, "", x.wk().Why())
	}
}

// viewsCost is the work of a look at the program of every view.
func viewsCost(views [][]string) int {
	n := 1
	for _, v := range views {
		n += 1 + len(v)
	}
	return n
}

// pathCost is the work of checking word w as a path from each of dirs.
func pathCost(w string, dirs []string) int {
	n := 1 + len(w)
	for _, d := range dirs {
		n += len(d) + len(w)
	}
	return n
}

// unlimitedWork is a work counter without a budget, for the checks run
// outside a decision (AlwaysAllow reads a command it has already bounded).
func unlimitedWork() *work.Counter {
	w := work.New(math.MaxInt / 2)
	return &w
}

// judgeCost is the work of reading view v through its program's model
// (when the program has one) and the host's extra rows: a step per word
// each reads.
func judgeCost(v []string, bits programs.Bits, extra int) int {
	n := 1 + extra*(1+len(v))
	if bits&(programs.Effect|programs.Exec) != 0 {
		n += programs.ReadCost(v)
	}
	return n
}
