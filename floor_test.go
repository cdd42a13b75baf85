package permengine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// classify looks for the built-in floor only in views that start with rm:
// every built-in rule must start with it.
func TestBuiltinDenyIsAboutRm(t *testing.T) {
	for _, r := range builtinDeny {
		assert.GreaterOrEqual(t, len(r.Words), 2, r.Text)
		assert.Equal(t, "rm", r.Words[0], r.Text)
	}
}
