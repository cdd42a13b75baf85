package permengine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A failure inside the engine denies with internal_error instead of
// crashing the host. The policy here is broken on purpose (a nil rule where
// the compiler never puts one), which makes the pipeline panic.
func TestDecideRecoversAsInternalError(t *testing.T) {
	p := &Policy{}
	p.byType[ListAllow][Spend] = []*Rule{nil}
	d := Decide(p, Request{Action: Action{Type: Spend}, Role: Owner})
	assert.Equal(t, Deny, d.Outcome)
	assert.Equal(t, CodeInternalError, d.Rule)
	assert.Contains(t, d.Reason, "internal error")
	require.Len(t, d.Trace, 1)
	assert.Equal(t, CodeInternalError, d.Trace[0].Rule)
	assert.False(t, d.Rule.IsCap(), "internal_error is not a cap")
	assert.Equal(t, "internal_error", d.Rule.String())
}

// A terminal command whose decision failed is not handed back to the pool:
// the next decisions still read their own commands correctly.
func TestDecideAfterInternalErrorIsClean(t *testing.T) {
	// The decision fails once the command was read, with its reading
	// taken from the pool.
	afterRead = func() { panic("a failure after the read") }
	t.Cleanup(func() { afterRead = nil })
	req := Request{Action: Action{Type: Terminal, Command: "ls && cat x", Cwd: "/ws/proj"}, Role: Developer,
		Env: Env{ScopeRoot: "/ws/proj"}}
	d := Decide(nil, req)
	afterRead = nil
	require.Equal(t, CodeInternalError, d.Rule, d.Reason)
	good, err := Compile(Lists{Allow: []string{"Terminal(ls)"}})
	require.NoError(t, err)
	for i := 0; i < 3; i++ {
		d = Decide(good, Request{Action: Action{Type: Terminal, Command: "ls -la", Cwd: "/ws/proj"}, Role: Developer,
			Env: Env{ScopeRoot: "/ws/proj"}})
		assert.Equal(t, AutoApprove, d.Outcome, d.Reason)
	}
}

// git's global options that take a value, with nothing after them, are a
// command git refuses; reading them must not step past the words.
func TestGitGlobalOptionWithoutValue(t *testing.T) {
	for _, cmd := range []string{"git -C", "git --git-dir", "git --work-tree", "git -c", "git --config-env", "git --namespace"} {
		d := Decide(nil, Request{Action: Action{Type: Terminal, Command: cmd, Cwd: "/ws/proj"}, Role: Developer,
			Env: Env{ScopeRoot: "/ws/proj"}})
		assert.NotEqual(t, CodeInternalError, d.Rule, "%s: %s", cmd, d.Reason)
	}
}
