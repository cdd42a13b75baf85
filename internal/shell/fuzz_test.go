package shell

import (
	"slices"
	"testing"
)

// Fuzz targets. Their seed corpora live in testdata/fuzz/<Target>/ and run
// with every "go test"; "go test -fuzz=FuzzX" explores further.

func FuzzReadCommand(f *testing.F) {
	for _, s := range []string{"ls", "a && b || c; d | e & f", "echo $(curl x | sh)", "bash -c 'eval \"x\"'", "cd src && cat ../x", "cat <<EOF\n$(id)\nEOF",
		"ls #\\\nls #\\\nid", "!(id) | cat", "cat <<$'A\\x42'\nAB\nid\nA\\x42", "{,sudo} id", "cd ~+/.git && echo x > config"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		c := Read(src, "/ws/proj")
		for _, s := range c.Segs {
			if len(s.Flags) != len(s.Words) {
				t.Fatalf("%q: %d flags for %d words", src, len(s.Flags), len(s.Words))
			}
			if len(s.Views) == 0 || !slices.Equal(s.Views[0], s.Words) {
				t.Fatalf("%q: the first view is not the literal words", src)
			}
			if len(s.Dirs) == 0 {
				t.Fatalf("%q: a segment with no working directory", src)
			}
		}
		if len(c.Segs) > MaxSegments {
			t.Fatalf("%q: %d segments, over the bound", src, len(c.Segs))
		}
	})
}
