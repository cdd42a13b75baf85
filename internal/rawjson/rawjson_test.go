package rawjson

import (
	"encoding/json"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Valid input decodes exactly as encoding/json decodes it.
func TestUnquoteAgreesWithEncodingJSON(t *testing.T) {
	for _, in := range []string{
		`""`, `"ls -la"`, `"a\"b\\c\/d"`, `"\b\f\n\r\t"`, `"\u00e9\u4e2d"`, `"\ud83d\ude00"`,
		`"lone \ud83d surrogate"`, `"\ud83d\u0041"`, `"é 中 😀"`,
	} {
		var want string
		require.NoError(t, json.Unmarshal([]byte(in), &want), in)
		got, err := Unquote([]byte(in))
		require.NoError(t, err, in)
		assert.Equal(t, want, got, in)
	}
}

// Bytes that are not UTF-8 are kept, where encoding/json writes U+FFFD.
func TestUnquoteKeepsInvalidUTF8(t *testing.T) {
	in := []byte("\"rm \xff\xfe -rf\"")
	got, err := Unquote(in)
	require.NoError(t, err)
	assert.Equal(t, "rm \xff\xfe -rf", got)

	var s struct{ C String }
	require.NoError(t, json.Unmarshal([]byte("{\"C\":\"x\x80y\"}"), &s))
	assert.Equal(t, String("x\x80y"), s.C)
}

func TestUnquoteErrors(t *testing.T) {
	for _, in := range []string{``, `"`, `x`, `"\`, `"\q"`, `"\u12"`, `"\uzzzz"`, `12`} {
		_, err := Unquote([]byte(in))
		assert.Error(t, err, in)
	}
	var s String
	assert.ErrorIs(t, json.Unmarshal([]byte(`12`), &s), ErrNotString)
}

func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`"a"`, `"\u00e9"`, "\"\xff\"", `"\ud83d\ude00"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		got, err := Unquote(b)
		var want string
		if jerr := json.Unmarshal(b, &want); jerr == nil && err == nil && json.Valid(b) {
			// Where the input is valid UTF-8, both agree.
			if isUTF8(b) {
				assert.Equal(t, want, got)
			}
		}
	})
}

func isUTF8(b []byte) bool { return utf8.Valid(b) }
