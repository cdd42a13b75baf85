package pathtext

import (
	"path"
	"testing"
)

var seeds = [][2]string{
	{"/ws/proj", "src/a.go"}, {"/ws/proj", "./pkg/..."}, {"/ws/proj", "../x"}, {"/", "a"}, {"/", "./a"},
	{"/ws/proj/", "a"}, {"/ws//proj", "a"}, {"/ws/./proj", "a"}, {"/ws/proj", "a//b"}, {"/ws/proj", "a/"},
	{"/ws/proj", "/etc/passwd"}, {"/ws/proj", ""}, {"", "a"}, {"rel", "a"}, {"/ws/proj", "././a"},
	{"/ws/proj", ".//a"}, {"/ws/proj", "./"}, {"/ws/proj", "."}, {"/ws/proj", "a/./b"}, {"/ws/proj", "a/.."},
	{"/ws/proj", "...a/b..."}, {"/ws/..", "a"}, {"/ws/.", "a"}, {"/.", "a"}, {"//", "a"},
}

func TestJoinIsPathJoin(t *testing.T) {
	for _, s := range seeds {
		if got, want := Join(s[0], s[1]), path.Join(s[0], s[1]); got != want {
			t.Errorf("Join(%q, %q) = %q, path.Join gives %q", s[0], s[1], got, want)
		}
	}
}

func FuzzJoinIsPathJoin(f *testing.F) {
	for _, s := range seeds {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, dir, name string) {
		if got, want := Join(dir, name), path.Join(dir, name); got != want {
			t.Fatalf("Join(%q, %q) = %q, path.Join gives %q", dir, name, got, want)
		}
	})
}

func BenchmarkJoin(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		Join("/ws/proj", "./pkg/rules/match.go")
	}
}

func TestCleanAbsIsClean(t *testing.T) {
	for _, p := range []string{"/", "/a", "/a/b", "/a/", "/a/.", "/a/..", "//a", "/a//b", "/./a", "a", "", "/.a/b..", "/a/...", "/ws/proj"} {
		if got, want := CleanAbs(p), p != "" && p[0] == '/' && path.Clean(p) == p; got != want {
			t.Errorf("CleanAbs(%q) = %v, want %v", p, got, want)
		}
	}
}
