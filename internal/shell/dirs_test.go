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
