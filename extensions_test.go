package permengine_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

// A host can add protected branches, protected paths and external-effect
// commands; it cannot remove the built-in ones.
func TestExtensions(t *testing.T) {
	base := permengine.MustCompile(permengine.Lists{File: "permissions.json",
		Allow: []string{"Terminal(cat)", "Terminal(shipit prod)", "GitMerge()"}})
	p, err := base.WithExtensions(permengine.Extensions{
		ProtectedBranches: []string{"release"},
		ProtectedPaths:    []string{"**/secrets/**"},
		ExternalEffect:    [][]string{{"shipit", "prod"}},
	})
	require.NoError(t, err)
	env := permengine.Env{ScopeRoot: "/ws/proj"}
	term := func(pol *permengine.Policy, cmd string) permengine.Decision {
		return permengine.Decide(pol, permengine.Request{Action: permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: "/ws/proj"},
			Role: permengine.Developer, Env: env})
	}
	merge := func(pol *permengine.Policy, branch string) permengine.Decision {
		return permengine.Decide(pol, permengine.Request{Action: permengine.Action{Type: permengine.GitMerge, Branch: branch},
			Role: permengine.Maintainer, Env: env})
	}

	assert.Equal(t, permengine.AutoApprove, term(base, "cat secrets/key.txt").Outcome)
	assert.Equal(t, permengine.CodeProtectedPath, term(p, "cat secrets/key.txt").Rule)
	assert.Equal(t, permengine.CodeProtectedPath, term(p, "cat .git/config").Rule, "the built-in paths stay")

	assert.Equal(t, permengine.AutoApprove, term(base, "shipit prod").Outcome)
	assert.Equal(t, permengine.CodeExternalEffect, term(p, "shipit prod --now").Rule)

	assert.Equal(t, permengine.AutoApprove, merge(base, "release").Outcome)
	assert.Equal(t, permengine.CodeProtectedMerge, merge(p, "release").Rule)
	assert.Equal(t, permengine.CodeProtectedMerge, merge(p, "main").Rule, "the built-in branches stay")

	_, err = base.WithExtensions(permengine.Extensions{ProtectedPaths: []string{"[unclosed"}})
	assert.Error(t, err, "a malformed glob is refused")
}

// The files a policy was loaded from are protected wherever they are, by
// their absolute path, even when loaded by a relative name.
func TestLoadedPolicyFilesAreProtected(t *testing.T) {
	dir := t.TempDir()
	global := dir + "/agent-global.json"
	require.NoError(t, os.WriteFile(global, []byte(`{"allow": ["Terminal(echo)", "Terminal(cat)"]}`), 0o644))
	p, err := permengine.LoadFile(global)
	require.NoError(t, err)
	decide := func(cmd string) permengine.Decision {
		return permengine.Decide(p, permengine.Request{Action: permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: "/ws/proj"},
			Role: permengine.Developer, Autonomy: permengine.Autonomy{Mode: permengine.AutonomyAutoApprove, Origin: permengine.OriginWildcard},
			Env: permengine.Env{ScopeRoot: "/ws/proj"}})
	}
	assert.Equal(t, permengine.CodeProtectedPath, decide("echo '{}' > "+global).Rule, "capped even in auto mode")
	assert.Equal(t, permengine.AutoApprove, decide("cat "+dir+"/other.json").Outcome)

	wd, err := os.Getwd()
	require.NoError(t, err)
	rel, err := permengine.LoadFile("testdata/bench/rules-10.json")
	require.NoError(t, err)
	assert.Equal(t, []string{wd + "/testdata/bench/rules-10.json"}, rel.Files())
}
