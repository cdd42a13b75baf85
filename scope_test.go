package permengine

import (
	"math/rand"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The allocation-free check of a scope root never accepts a root that the
// full validation refuses.
func TestCleanAbsRootAgreesWithValidation(t *testing.T) {
	roots := []string{"/ws/proj", "/", "/etc", "/ws/proj/", "/ws//proj", "/ws/./proj", "/ws/../proj", "/ws/proj/..",
		"/ws/proj/.", "/ws/.hidden", "/ws/..x", "/ws/x..", "ws/proj", "", "/tmp", "/tmp/x", "/a\nb", "/Users/me/p"}
	rng := rand.New(rand.NewSource(8))
	alphabet := []string{"/", "a", ".", "..", "ws", "etc", "\x00"}
	for i := 0; i < 5000; i++ {
		r := ""
		for j := rng.Intn(6); j >= 0; j-- {
			r += alphabet[rng.Intn(len(alphabet))]
		}
		roots = append(roots, r)
	}
	for _, r := range roots {
		if cleanAbsRoot(r) {
			assert.NoError(t, validateScopeRoot(r), "the quick check accepted %q", r)
		}
	}
}

func TestInside(t *testing.T) {
	assert.True(t, inside("/ws/proj", "/ws/proj"))
	assert.True(t, inside("/ws/proj/x", "/ws/proj"))
	assert.False(t, inside("/ws/project2", "/ws/proj"))
	assert.False(t, inside("/ws", "/ws/proj"))
}
