package programs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// find's starting points are removed trees when its expression deletes
// and no test of names picks the files, or an operator may turn the test
// around.
func TestFindDeleted(t *testing.T) {
	for cmd, want := range map[string]string{
		"find . -delete":                    ".",
		"find -delete":                      ".",
		"find -L -delete":                   ".",
		"find -D tree -O2 .git -delete":     ".git",
		"find a b -type f -delete":          "a b",
		"find . -name '*.o' -delete":        "",
		"find . -name x -o -delete":         ".",
		"find . ! -name x -delete":          ".",
		"find . -path ./x -prune , -delete": ".",
		"find . -name x":                    "",
		"find .git -type f":                 "",
		"X=1 find src -mindepth 1 -delete":  "src",
	} {
		var got []string
		Written(strings.Fields(strings.ReplaceAll(cmd, "'", "")), func(_ int, text string) { got = append(got, text) })
		assert.Equal(t, want, strings.Join(got, " "), cmd)
		assert.True(t, Removes(strings.Fields(cmd)), cmd)
	}
}
