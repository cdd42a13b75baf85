package approval_test

import (
	"testing"

	"github.com/permengine/permengine/approval"
	"github.com/permengine/permengine/approval/storetest"
)

func TestMemStore(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		s := approval.NewMemStore()
		return func(*testing.T) approval.Store { return s }
	})
}

func BenchmarkLifecycle(b *testing.B) {
	s := approval.NewMemStore()
	storetest.Bench(b, func(testing.TB) approval.Store { return s })
}
