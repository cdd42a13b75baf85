package sqlitestore_test

import (
	"path/filepath"
	"testing"

	"github.com/permengine/permengine/approval"
	"github.com/permengine/permengine/approval/sqlitestore"
	"github.com/permengine/permengine/approval/storetest"
)

// Each handle is its own Store (its own connections) on one file: the
// replicas of the suite are real concurrent connections.
func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		path := filepath.Join(t.TempDir(), "state", "approval.db")
		return func(t *testing.T) approval.Store {
			s, err := sqlitestore.Open(path)
			if err != nil {
				t.Fatal(err)
			}
			return s
		}
	})
}
