package permengine

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestProtectedBranchGlobs(t *testing.T) {
	host, err := compileBranches([]string{"release/*", "refs/heads/hotfix-*", "Staging"})
	require.NoError(t, err)
	for branch, want := range map[string]string{
		"master": "master", "refs/heads/main": "main", "": "(unknown destination)",
		"release/1.0": "release/*", "RELEASE/2": "release/*", "hotfix-12": "refs/heads/hotfix-*",
		"staging": "Staging",
	} {
		got, ok := protectedBranchOf(branch, host)
		assert.True(t, ok, branch)
		assert.Equal(t, want, got, branch)
	}
	for _, branch := range []string{"feature/x", "release", "release/1/2", "mainline"} {
		_, ok := protectedBranchOf(branch, host)
		assert.False(t, ok, branch)
	}
	_, err = MustCompile().WithExtensions(Extensions{ProtectedBranches: []string{"release/[a"}})
	assert.ErrorContains(t, err, `protected branch "release/[a"`)
}
