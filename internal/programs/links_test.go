package programs

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The words a link-making command links: every operand of ln, those of cp
// only when it makes links.
func TestLinkWords(t *testing.T) {
	for _, tt := range []struct {
		v    []string
		want []int
	}{
		{[]string{"ln", "-s", ".git", "g"}, []int{2, 3}},
		{[]string{"/bin/ln", "-sfn", "--", "-x", "g"}, []int{3, 4}},
		{[]string{"ln", "-t", "dir", "a"}, []int{2, 3}},
		{[]string{"cp", "-rs", ".git", "g"}, []int{2, 3}},
		{[]string{"cp", "-al", "src", "dst"}, []int{2, 3}},
		{[]string{"cp", "--sym", "a", "b"}, []int{2, 3}},
		{[]string{"cp", "--link", "a", "b"}, []int{2, 3}},
		{[]string{"cp", "-r", ".git", "g"}, nil},
		{[]string{"cp", "--", "-s", "b"}, nil},
		{[]string{"cat", "-s", "x"}, nil},
		{[]string{"ln"}, nil},
	} {
		var got []int
		LinkWords(tt.v, func(i int) { got = append(got, i) })
		assert.Equal(t, tt.want, got, "%q", tt.v)
	}
}
