package permengine_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

// TestAppendAllowKeepsFormatting: the user's bytes stay as they were,
// and the new rules look like their neighbours.
func TestAppendAllowKeepsFormatting(t *testing.T) {
	for _, tc := range []struct{ name, before, after string }{
		{"four spaces, schema first",
			"{\n    \"$schema\": \"./permissions.schema.json\",\n    \"deny\": [\"Terminal(curl:*)\"],\n    \"allow\": [\n        \"Terminal(ls)\"\n    ]\n}\n",
			"{\n    \"$schema\": \"./permissions.schema.json\",\n    \"deny\": [\"Terminal(curl:*)\"],\n    \"allow\": [\n        \"Terminal(ls)\",\n        \"Terminal(cd)\",\n        \"Terminal(npm test)\"\n    ]\n}\n"},
		{"tabs and CRLF",
			"{\r\n\t\"allow\": [\r\n\t\t\"Terminal(ls)\"\r\n\t]\r\n}\r\n",
			"{\r\n\t\"allow\": [\r\n\t\t\"Terminal(ls)\",\r\n\t\t\"Terminal(cd)\",\r\n\t\t\"Terminal(npm test)\"\r\n\t]\r\n}\r\n"},
		{"one line",
			`{"allow": ["Terminal(ls)"], "ask": []}`,
			`{"allow": ["Terminal(ls)", "Terminal(cd)", "Terminal(npm test)"], "ask": []}`},
		{"one line, no spaces",
			`{"allow":["Terminal(ls)","Terminal(cat)"]}`,
			`{"allow":["Terminal(ls)","Terminal(cat)","Terminal(cd)","Terminal(npm test)"]}`},
		{"empty list, indented",
			"{\n  \"deny\": [],\n  \"allow\": []\n}\n",
			"{\n  \"deny\": [],\n  \"allow\": [\n    \"Terminal(cd)\",\n    \"Terminal(npm test)\"\n  ]\n}\n"},
		{"empty list, one line",
			`{"allow": [ ]}`,
			`{"allow": ["Terminal(cd)", "Terminal(npm test)"]}`},
		{"no allow key, indented, comment-like key order kept",
			"{\n  \"ask\": [\"GitPush()\"],\n  \"deny\": [\"Terminal(curl:*)\"]\n}\n",
			"{\n  \"ask\": [\"GitPush()\"],\n  \"deny\": [\"Terminal(curl:*)\"],\n  \"allow\": [\n    \"Terminal(cd)\",\n    \"Terminal(npm test)\"\n  ]\n}\n"},
		{"no allow key, one line",
			`{"$schema": "x", "deny": []}`,
			`{"$schema": "x", "deny": [], "allow": ["Terminal(cd)", "Terminal(npm test)"]}`},
		{"empty object",
			"{}",
			"{\n  \"allow\": [\n    \"Terminal(cd)\",\n    \"Terminal(npm test)\"\n  ]\n}\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "permissions.json")
			require.NoError(t, os.WriteFile(path, []byte(tc.before), 0o644))
			added, err := permengine.AppendAllow(path, "Terminal(cd)", "Terminal(npm test)", "Terminal(cd)")
			require.NoError(t, err)
			assert.Equal(t, []string{"Terminal(cd)", "Terminal(npm test)"}, added)
			got, err := os.ReadFile(path)
			require.NoError(t, err)
			assert.Equal(t, tc.after, string(got))
			_, err = permengine.LoadFile(path)
			require.NoError(t, err)
		})
	}
}

// A rule needing escapes is quoted so that it reads back as itself.
func TestAppendAllowQuotes(t *testing.T) {
	path := filepath.Join(t.TempDir(), "permissions.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"allow": ["Terminal(ls)"]}`), 0o644))
	rule := `Terminal(grep "a<b" x\y)`
	_, err := permengine.AppendAllow(path, rule)
	require.NoError(t, err)
	f, err := permengine.ReadFile(path)
	require.NoError(t, err)
	allow := f.Lists[permengine.ListAllow]
	require.Len(t, allow, 2)
	assert.Equal(t, rule, allow[1].Text)
}
