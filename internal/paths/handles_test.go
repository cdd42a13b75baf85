package paths

import "testing"

// A glob is matched component by component against /proc/PID/environ
// and mem, and a thread's: no letter of proc needs to be written.
func TestGlobReachesProcess(t *testing.T) {
	for _, c := range []struct {
		w     string
		dirs  []string
		match bool
	}{
		{"/*/self/envir?n", nil, true},
		{"../../pr?c/self/envir?n", []string{"/ws/proj"}, true},
		{"../../p*/1/m?m", []string{"/ws/proj"}, true},
		{"/pr*/*/task/*/e*", nil, true},
		{"/**/environ", nil, true},
		{"src/*", []string{"/ws/proj"}, false},
		{"/etc/*", nil, false},
		{"src/**", []string{"/ws/proj"}, false},
		{"../*/README*", []string{"/ws/proj"}, false},
		{"/proc/*/status", nil, false},
		{"/ws/proj/.items[]", nil, false},
		{"src/m*", []string{"/ws/proj"}, false},
	} {
		if got := globReachesProcess(c.w, c.dirs); got != c.match {
			t.Errorf("globReachesProcess(%q, %q) = %v, want %v", c.w, c.dirs, got, c.match)
		}
	}
}

func TestDropEmptySteps(t *testing.T) {
	for in, want := range map[string]string{
		"/ws/proj/.git/./conf?g": "/ws/proj/.git/conf?g",
		"/a//b/./{c,d}":          "/a/b/{c,d}",
		"/./.":                   "/",
		"rel/./x":                "rel/x",
		"/a/b":                   "/a/b",
	} {
		if got := dropEmptySteps(in); got != want {
			t.Errorf("dropEmptySteps(%q) = %q, want %q", in, got, want)
		}
	}
}
