package strtable

import (
	"math/rand"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
)

// A Table answers exactly as the map it was built from, for present and
// absent keys alike, at every size.
func TestStrTableAgreesWithMap(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	word := func() string {
		b := make([]byte, rng.Intn(7))
		for i := range b {
			b[i] = "abcgit-:_./"[rng.Intn(11)]
		}
		return string(b)
	}
	for _, n := range []int{0, 1, 2, 7, 8, 9, 100, 3000} {
		m := map[string]int{}
		for len(m) < n {
			m[word()+strconv.Itoa(rng.Intn(n+1))] = rng.Int()
		}
		tb := New(m)
		for k, v := range m {
			got, ok := tb.Get(k)
			assert.True(t, ok, "%q at size %d", k, n)
			assert.Equal(t, v, got, k)
		}
		for i := 0; i < 2000; i++ {
			k := word()
			want, wantOK := m[k]
			got, ok := tb.Get(k)
			assert.Equal(t, wantOK, ok, "%q at size %d", k, n)
			assert.Equal(t, want, got, k)
		}
	}
}
