package shell

import "testing"

func TestHasParentStep(t *testing.T) {
	for w, want := range map[string]bool{
		"..": true, "../x": true, "a/..": true, "a/../b": true, "a/.../../b": true, "...": false,
		"./pkg/...": false, "..x": false, "x..": false, "a/..b/c": false, "": false, ".": false,
		"a/b...c/..": true, "....": false,
	} {
		if got := HasParentStep(w); got != want {
			t.Errorf("HasParentStep(%q) = %v, want %v", w, got, want)
		}
	}
}

// A ".." after a name under /dev or /proc is resolved by the kernel from
// where the link points (/dev/fd is /proc/self/fd, so /dev/fd/.. is
// /proc/self), not from the text: such a path climbs from a handle.
func TestClimbsFromHandle(t *testing.T) {
	for _, c := range []struct {
		p     string
		climb bool
	}{
		{"/dev/fd/../cwd/hooks/pre-commit", true},
		{"/dev/fd/3/../config", true},
		{"/dev/stdin/../cwd/.env", true},
		{"/proc/self/../1/cwd", true},
		{"/ws/proj/../../dev/fd/../cwd/.env", true},
		{"/dev/../etc/hosts", false},
		{"/ws/proj/../other/x", false},
		{"/dev/fd/3/config", false},
	} {
		if got := ClimbsFromHandle(c.p); got != c.climb {
			t.Errorf("ClimbsFromHandle(%q) = %v, want %v", c.p, got, c.climb)
		}
	}
}
