package shell

import "testing"

// A backslash-newline after '$' (or between '<' or '>' and '(') is moved
// before it, so that the parser reads the expansion bash reads; every
// other byte keeps its offset.
func TestJoinContinuations(t *testing.T) {
	for _, c := range []struct{ in, want, why string }{
		{"echo \"$\\\n(id)\"", "echo \"\\\n$(id)\"", "in double quotes bash reads $(id)"},
		{"echo $\\\n\\\n{x}", "echo \\\n\\\n${x}", "a run of continuations"},
		{"cat <\\\n(id)", "cat \\\n<(id)", "a process substitution"},
		{"cat <\\\nfile", "cat <\\\nfile", "a redirection of a file is read right already"},
		{"echo a \\\n b", "echo a \\\n b", "a continuation between words"},
		{"echo $", "echo $", "a '$' at the end"},
		{"echo $\\", "echo $\\", "a backslash without a newline"},
	} {
		got := joinContinuations(c.in)
		if got != c.want {
			t.Errorf("%q: got %q, want %q: %s", c.in, got, c.want, c.why)
		}
		if len(got) != len(c.in) {
			t.Errorf("%q: length %d, want %d", c.in, len(got), len(c.in))
		}
	}
}
