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
