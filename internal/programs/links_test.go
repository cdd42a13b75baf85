package programs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The words a tree-writing command may name a directory with: every
// operand and option value of ln, cp, mv, rsync …; none of other programs.
func TestLinkWords(t *testing.T) {
	for _, tt := range []struct {
		v         []string
		want      []int
		fromInput bool
	}{
		{[]string{"ln", "-s", ".git", "g"}, []int{2, 3}, false},
		{[]string{"/bin/ln", "-sfn", "--", "-x", "g"}, []int{3, 4}, false},
		{[]string{"ln", "-t", "dir", "a"}, []int{2, 3}, false},
		{[]string{"cp", "-r", ".git", "g"}, []int{2, 3}, false},
		{[]string{"mv", "t/hooks", ".git/"}, []int{1, 2}, false},
		{[]string{"rsync", "-a", "t/", ".git/"}, []int{2, 3}, false},
		{[]string{"ln", "-s"}, nil, true},
		{[]string{"cat", "-s", "x"}, nil, false},
		{[]string{"ln"}, nil, true},
	} {
		var got []int
		fromInput := LinkWords(tt.v, WordBits(tt.v[0]), func(i int) { got = append(got, i) })
		assert.Equal(t, tt.want, got, "%q", tt.v)
		assert.Equal(t, tt.fromInput, fromInput, "%q", tt.v)
	}
}

// Which commands unpack names no word shows.
func TestUnpacks(t *testing.T) {
	for v, want := range map[string]bool{
		"tar -xf a.tar":        true,
		"tar xzf a.tgz":        true,
		"tar --extract -f a":   true,
		"tar --ex -f a":        true,
		"tar -czf a.tgz src":   false,
		"tar -tf a.tar":        false,
		"unzip a.zip":          true,
		"unzip -l a.zip":       false,
		"7z x a.7z":            true,
		"7z l a.7z":            false,
		"cpio -idm":            true,
		"patch -p1":            true,
		"git apply x.diff":     true,
		"git -C sub am m":      true,
		"git stash apply":      false,
		"git log --grep=apply": false,
		"git-apply x":          true,
		"ls a.tar":             false,
	} {
		w := splitWords(v)
		assert.Equal(t, want, Unpacks(w, WordBits(w[0])), v)
	}
}

func splitWords(s string) []string { return strings.Fields(s) }
