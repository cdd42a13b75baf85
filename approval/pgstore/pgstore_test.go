package pgstore_test

import (
	"context"
	"os"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/permengine/permengine/approval"
	"github.com/permengine/permengine/approval/pgstore"
	"github.com/permengine/permengine/approval/storetest"
)

// EnvURL names the variable that points the tests at a PostgreSQL server,
// e.g. postgres://postgres@127.0.0.1:5432/test.
const EnvURL = "PERMENGINE_TEST_POSTGRES"

// server returns the test server's URL, or skips.
func server(t testing.TB) string {
	url := os.Getenv(EnvURL)
	if url == "" {
		t.Skipf("no PostgreSQL server: set %s (e.g. postgres://postgres@127.0.0.1:5432/test) to run these tests", EnvURL)
	}
	return url
}

// freshSchema names a schema no other test or run uses, and drops it at
// the end.
func freshSchema(t testing.TB, url string) string {
	schema := "permengine_test_" + approval.NewID()[:16]
	t.Cleanup(func() {
		conn, err := pgx.Connect(context.Background(), url)
		if err != nil {
			t.Errorf("dropping %s: %v", schema, err)
			return
		}
		defer conn.Close(context.Background())
		if _, err := conn.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE"); err != nil {
			t.Errorf("dropping %s: %v", schema, err)
		}
	})
	return schema
}

// Each handle is its own connection pool on one schema: the replicas of
// the suite are real concurrent connections.
func TestConformance(t *testing.T) {
	url := server(t)
	storetest.Run(t, func(t *testing.T) storetest.Opener {
		schema := freshSchema(t, url)
		return func(t *testing.T) approval.Store {
			s, err := pgstore.Open(context.Background(), url, schema)
			if err != nil {
				t.Fatalf("%s=%s: %v", EnvURL, url, err)
			}
			return s
		}
	})
}

func BenchmarkLifecycle(b *testing.B) {
	url := server(b)
	schema := freshSchema(b, url)
	storetest.Bench(b, func(tb testing.TB) approval.Store {
		s, err := pgstore.Open(context.Background(), url, schema)
		if err != nil {
			tb.Fatal(err)
		}
		return s
	})
}
