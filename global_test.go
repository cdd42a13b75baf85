package permengine

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGlobalPolicyPath(t *testing.T) {
	for _, tc := range []struct {
		name, override, xdg, home, want string
	}{
		{"the override wins", "/etc/team/permissions.json", "/x", "/home/u", "/etc/team/permissions.json"},
		{"XDG_CONFIG_HOME", "", "/cfg", "/home/u", "/cfg/permengine/permissions.json"},
		{"a relative XDG_CONFIG_HOME is ignored", "", "rel/cfg", "/home/u", "/home/u/.config/permengine/permissions.json"},
		{"home when XDG is unset", "", "", "/home/u", "/home/u/.config/permengine/permissions.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(GlobalPolicyEnv, tc.override)
			t.Setenv("XDG_CONFIG_HOME", tc.xdg)
			t.Setenv("HOME", tc.home)
			got, err := GlobalPolicyPath()
			require.NoError(t, err)
			assert.Equal(t, filepath.FromSlash(tc.want), got)
		})
	}
}

func TestGlobalPolicyPathWithoutHome(t *testing.T) {
	t.Setenv(GlobalPolicyEnv, "")
	t.Setenv("XDG_CONFIG_HOME", "")
	t.Setenv("HOME", "")
	_, err := GlobalPolicyPath()
	assert.ErrorContains(t, err, GlobalPolicyEnv)
}
