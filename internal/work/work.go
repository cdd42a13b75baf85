// Package work counts the work of one decision in deterministic units and
// holds it to a budget proportional to the decision's input.
//
// The places of the engine that loop (words scanned, views built, brace
// expansion items, rule-trie steps, nesting levels, directory-set entries)
// spend units as they go. A counter whose budget is spent refuses every
// further spending; the engine then stops reading and checking, and the
// integrity cap keeps the command from approval. Units are counted, never
// timed, so that the same input always costs the same units.
package work

import "strconv"

// The budget of a decision: PerByte units for each byte of its input, and
// Base units besides. Every command the engine reads in full is decided
// well within it; only work that grows faster than the input exhausts it.
const (
	PerByte = 32
	Base    = 1 << 18
)

// Budget returns the budget for an input of n bytes.
func Budget(n int) int { return PerByte*n + Base }

// Counter counts units against a budget. Its zero value has no budget
// left: it refuses the first unit spent. It is not safe for concurrent
// use; each decision has its own.
type Counter struct {
	units, limit int
	out          bool
	// shared is what the searches of the share have spent (see
	// ShareLeft).
	shared int
}

// New returns a counter with a budget of limit units.
func New(limit int) Counter { return Counter{limit: limit} }

// Spend adds n units and reports whether they were within the budget.
// Once a spending is refused, every later one is too.
func (c *Counter) Spend(n int) bool {
	if c.out {
		return false
	}
	c.units += n
	if c.units > c.limit {
		c.out = true
		return false
	}
	return true
}

// The share is the part of the budget, a third, that the searches costing
// the most per byte of input (a glob word compared with every protected
// pattern) may spend in all. The rest of the decision keeps the other two
// thirds: a command full of such words is still read to its end, and a
// word whose search the share cannot pay for is held to the safe answer
// by its caller.
const shareDiv = 3

// ShareLeft returns the units the searches of the share may still spend.
func (c *Counter) ShareLeft() int {
	return max(0, min(c.limit/shareDiv-c.shared, c.limit-c.units))
}

// SpendShare is Spend for a search of the share.
func (c *Counter) SpendShare(n int) bool {
	c.shared += n
	return c.Spend(n)
}

// Out reports whether the budget was exhausted.
func (c *Counter) Out() bool { return c.out }

// Units returns the units spent so far, a refused spending included.
func (c *Counter) Units() int { return c.units }

// Limit returns the budget.
func (c *Counter) Limit() int { return c.limit }

// Why says, for a reason, that the budget ran out.
func (c *Counter) Why() string {
	return "reading and checking the command needs more work than its length allows (a budget of " +
		strconv.Itoa(c.limit) + " work units): it is not auto-approved"
}
