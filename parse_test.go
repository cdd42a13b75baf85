package permengine

import (
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
)

// FuzzParseAgreesWithJSON holds the file reader to encoding/json: what it
// accepts is valid JSON with the same lists, and valid JSON is never a
// syntax error (within the nesting bound, with paired surrogates).
func FuzzParseAgreesWithJSON(f *testing.F) {
	f.Add([]byte(`{"$schema": "x", "allow": ["Terminal(ls)"], "deny": [], "ask": ["GitPush()"]}`))
	f.Add([]byte("{\"allow\": [\"Terminal(l\\u0073 \\\"a b\\\")\", \"Terminal(\\ud83d\\ude00)\"]}"))
	f.Add([]byte(`{"extra": [1, -2.5e+3, true, false, null, {"a": []}], "allow": []}`))
	f.Add([]byte("{\n  \"allow\": [\"Terminal(ls)\"]\n  x\n}"))
	f.Add([]byte(`{"allow": ["Terminal(ls)",]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse("p.json", data)
		valid := json.Valid(data)
		if err == nil {
			if !valid {
				t.Fatalf("%q: accepted, and encoding/json says it is not JSON", data)
			}
			var want struct {
				Schema           string `json:"$schema"`
				Allow, Deny, Ask []string
			}
			if err := json.Unmarshal(data, &want); err != nil {
				t.Fatalf("%q: accepted, and encoding/json cannot read it: %v", data, err)
			}
			for l, list := range [3][]string{ListDeny: want.Deny, ListAsk: want.Ask, ListAllow: want.Allow} {
				got := make([]string, 0, len(list))
				for _, e := range file.Lists[l] {
					got = append(got, e.Text)
				}
				if !slices.Equal(got, append([]string{}, list...)) {
					t.Fatalf("%q: %s is %q, encoding/json reads %q", data, List(l), got, list)
				}
			}
			return
		}
		var le *LoadError
		if !errors.As(err, &le) {
			t.Fatalf("%q: error without a position: %v", data, err)
		}
		if valid && errors.Is(err, ErrSyntax) && !errors.Is(err, ErrPattern) {
			for _, e := range flatten(err) {
				var le *LoadError
				if errors.As(e, &le) && le.Err == ErrSyntax && !nestingOrSurrogate(le.Msg) {
					t.Fatalf("%q: valid JSON reported as a syntax error: %v", data, err)
				}
			}
		}
	})
}

func flatten(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

func nestingOrSurrogate(msg string) bool {
	return strings.Contains(msg, "nested deeper") || strings.Contains(msg, "unpaired surrogate")
}
