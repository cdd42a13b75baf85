package work

import "testing"

func TestCounter(t *testing.T) {
	c := New(10)
	if !c.Spend(4) || !c.Spend(6) {
		t.Fatal("spending within the budget was refused")
	}
	if c.Out() {
		t.Fatal("out with the budget exactly spent")
	}
	if c.Spend(1) {
		t.Fatal("spending past the budget was accepted")
	}
	if !c.Out() || c.Units() != 11 || c.Limit() != 10 {
		t.Fatalf("after the budget: out %v, %d units of %d", c.Out(), c.Units(), c.Limit())
	}
	if c.Spend(0) {
		t.Fatal("a refused counter accepted a later spending")
	}
}

func TestZeroCounterRefuses(t *testing.T) {
	var c Counter
	if c.Spend(1) || !c.Out() {
		t.Fatal("the zero counter accepted work")
	}
}

func TestBudgetIsLinear(t *testing.T) {
	if Budget(0) != Base || Budget(1000) != 1000*PerByte+Base {
		t.Fatalf("Budget(0) = %d, Budget(1000) = %d", Budget(0), Budget(1000))
	}
}

// The share's searches spend at most a third of the budget in all, and
// never more than the budget has left.
func TestShare(t *testing.T) {
	c := New(300)
	if c.ShareLeft() != 100 {
		t.Fatalf("a new counter's share: %d, want 100", c.ShareLeft())
	}
	if !c.SpendShare(60) || c.ShareLeft() != 40 || c.Units() != 60 {
		t.Fatalf("after 60 of the share: %d left, %d units", c.ShareLeft(), c.Units())
	}
	c.Spend(220) // the rest of the decision
	if c.ShareLeft() != 20 {
		t.Fatalf("with 20 units of the budget left: a share of %d", c.ShareLeft())
	}
	c.Spend(100)
	if c.ShareLeft() != 0 {
		t.Fatalf("out of budget: a share of %d", c.ShareLeft())
	}
}
