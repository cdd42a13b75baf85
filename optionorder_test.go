package permengine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A deny or ask rule that names short options matches them in any order,
// cluster or place; allow rules still match the words as written.
func TestOptionsInAnyOrder(t *testing.T) {
	p, err := Compile(Lists{Deny: []string{"Terminal(rm -rf:*)", "Terminal(git push -f)"}, Ask: []string{"Terminal(ls -la)"},
		Allow: []string{"Terminal(rm -rf build)", "Terminal(rm)", "Terminal(ls)"}})
	require.NoError(t, err)
	for cmd, want := range map[string]Outcome{
		"rm -fr x":           Deny,
		"rm -r -f x":         Deny,
		"rm x -rf":           Deny,
		"rm -vfr x":          Deny,
		"rm -fir x":          Deny,
		"timeout 5 rm -fr x": Deny,
		"git push origin -f": Deny,
		"ls -al":             RequireApproval,
		"ls -l -a src":       RequireApproval,
		"rm -r x":            AutoApprove,
		"rm -- -rf":          AutoApprove,
		"ls -l":              AutoApprove,
	} {
		d := Decide(p, Request{Action: Action{Type: Terminal, Command: cmd, Cwd: "/ws/proj"}, Role: Developer,
			Env: Env{ScopeRoot: "/ws/proj"}})
		assert.Equal(t, want, d.Outcome, "%s: %s", cmd, d.Reason)
	}
}

func TestReadOptions(t *testing.T) {
	opts, other, longs := readOptions([]string{"-rf", "x", "-v", "--force", "--", "-a", "--b"}, nil, nil)
	assert.Equal(t, optBit('r')|optBit('f')|optBit('v'), opts)
	assert.Equal(t, []string{"x", "-a", "--b"}, other)
	assert.Equal(t, []string{"--force"}, longs)
	assert.True(t, hasLong([]string{"--exec=x"}, "--exec"), "a rule without a value names the option with any")
	assert.False(t, hasLong([]string{"--exec=x"}, "--exec=y"))
	assert.False(t, hasLong([]string{"--execute"}, "--exec"), "another option")
	assert.Zero(t, shortCluster("-o=x"), "a value after = is not a letter")
	assert.Zero(t, shortCluster("--rf"))
	assert.Zero(t, shortCluster("-"))
}
