package permengine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A plain terminal decision allocates its trace and little else: the
// decider, its trace buffer and the segments' model readings stay on
// Decide's stack. A slice of the decider's own arrays stored in the
// decider moves all of it (about 1.8 KB) to the heap; this catches that.
func TestDecideStaysOnTheStack(t *testing.T) {
	if raceEnabled {
		t.Skip("allocations are not counted under the race detector, which allocates on its own")
	}
	p, err := Compile(Lists{Allow: []string{"Terminal(git status)", "Terminal(pnpm test:*)"}})
	if err != nil {
		t.Fatal(err)
	}
	req := Request{Action: Action{Type: Terminal, Command: "cd src && pnpm test:unit --watch=false && git status", Cwd: "/ws/proj"},
		Role: Developer, Env: Env{ScopeRoot: "/ws/proj"}}
	Decide(p, req) // models and tables are built on first use
	allocs := testing.AllocsPerRun(200, func() { Decide(p, req) })
	assert.LessOrEqual(t, allocs, 2.0, "allocations of one decision")
}
