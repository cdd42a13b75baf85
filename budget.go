package permengine

import "github.com/permengine/permengine/internal/work"

// A decision's work is bounded by a budget proportional to the request's
// length (see internal/work): past it, nothing more is read or checked and
// the integrity cap fires.

// workReport is what a decision's work counter saw: the units spent, the
// budget, and whether the budget ran out.
type workReport struct {
	units, budget int
	exhausted     bool
}

// decideWork is Decide that also reports the work the decision took.
func decideWork(p *Policy, req Request) (Decision, workReport) {
	return decideBudget(p, req, work.Budget(requestBytes(req)))
}

// requestBytes is the length of what a request holds in text.
func requestBytes(req Request) int {
	a := req.Action
	return len(a.Command) + len(a.Cwd) + len(a.Branch) + len(a.Path) + len(req.Env.ScopeRoot)
}

// decideBudget is Decide with a work budget of the given units.
func decideBudget(p *Policy, req Request, budget int) (d Decision, w workReport) {
	x := &decider{req: req, p: p, own: work.New(budget), budget: budget}
	defer func() {
		w = workReport{units: x.wk().Units(), budget: x.wk().Limit(), exhausted: x.wk().Out()}
		if r := recover(); r != nil {
			// The command (and any parser) of a failed call is not handed
			// back to its pool: it may be half-written.
			d = internalError(r)
			return
		}
		if x.cmd != nil {
			x.cmd.Release()
		}
	}()
	return x.decide(), w
}

// wk returns the decision's work counter: the terminal command's reading
// holds it, other actions have their own.
func (x *decider) wk() *work.Counter {
	if x.cmd != nil {
		return x.cmd.Work()
	}
	return &x.own
}
