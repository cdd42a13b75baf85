package paths

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNewScopeValidatesEveryDirectory(t *testing.T) {
	sc, dropped := NewScope("/ws/proj", []string{"/ws/shared", "/ws/shared/", "/etc", "/", "rel", "/ws/../x", "/ws/proj"})
	assert.Equal(t, []string{"/ws/shared"}, sc.Extra, "the root is not repeated")
	assert.Len(t, dropped, 5, "not clean, a system directory, the whole machine, relative, with ..")
	for _, p := range []string{"/ws/proj", "/ws/proj/a", "/ws/shared", "/ws/shared/b/c"} {
		assert.True(t, sc.Contains(p), p)
	}
	for _, p := range []string{"/ws", "/ws/shared2", "/ws/projx", "/etc/passwd"} {
		assert.False(t, sc.Contains(p), p)
	}
	assert.True(t, sc.JoinedContains("/ws/proj", "../shared/x"))
	assert.False(t, sc.JoinedContains("/ws/proj", "../other"))
	assert.Equal(t, "/ws/proj (and /ws/shared)", sc.String())
	assert.Equal(t, "/ws/proj", Scope{Root: "/ws/proj"}.String())
	assert.Contains(t, OneProblem("/ws/other/x", 0, []string{"/ws/proj"}, sc, false), "outside the scope /ws/proj (and /ws/shared)")
}
