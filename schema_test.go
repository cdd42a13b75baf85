package permengine_test

import (
	"encoding/json"
	"os"
	"regexp"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

// The shipped JSON Schema must agree with the loader: the same keys, and a
// rule pattern that accepts exactly the loader's labels.
func TestSchemaMatchesLoader(t *testing.T) {
	data, err := os.ReadFile("permissions.schema.json")
	require.NoError(t, err)
	var s struct {
		Type                 string                     `json:"type"`
		AdditionalProperties bool                       `json:"additionalProperties"`
		Properties           map[string]json.RawMessage `json:"properties"`
		Defs                 struct {
			Rule struct {
				Type    string `json:"type"`
				Pattern string `json:"pattern"`
			} `json:"rule"`
		} `json:"$defs"`
	}
	require.NoError(t, json.Unmarshal(data, &s))
	assert.Equal(t, "object", s.Type)
	assert.False(t, s.AdditionalProperties, "unknown keys are errors in the loader")
	var keys []string
	for k := range s.Properties {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	assert.Equal(t, []string{"$schema", "allow", "ask", "deny"}, keys)

	re, err := regexp.Compile(s.Defs.Rule.Pattern)
	require.NoError(t, err)
	for _, typ := range permengine.ActionTypes() {
		rule := typ.Label() + "()"
		assert.True(t, re.MatchString(rule), "schema rejects %s", rule)
		_, err := permengine.ParseRule(rule)
		assert.NoError(t, err)
	}
	for _, bad := range []string{"Termnal(ls)", "terminal(ls)", "Terminal", "GitPush", "(ls)"} {
		assert.False(t, re.MatchString(bad), "schema accepts %s", bad)
		_, err := permengine.ParseRule(bad)
		assert.Error(t, err, "loader accepts %s", bad)
	}
	// The sample policy validates against the schema's rule pattern.
	f, err := permengine.ReadFile("examples/quickstart/permissions.json")
	require.NoError(t, err)
	for _, l := range f.Lists {
		for _, e := range l {
			assert.True(t, re.MatchString(e.Text), e.Text)
		}
	}
}
