package bashsandbox_test

import (
	"errors"
	"testing"

	"github.com/permengine/permengine/internal/bashsandbox"
)

func TestParseEffect(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"push", "push"},
		{"file /p/x", "file /p/x"},
		{"gone /p", "gone /p"},
		{"changed /p/.bashrc", "changed /p/.bashrc"},
		{"contains /p/out.txt root:x:0", "contains /p/out.txt root:x:0"},
		{"call sudo id", "call sudo id"},
		{"hook pre-push", "hook pre-push"},
	} {
		e, err := bashsandbox.ParseEffect(tt.in)
		if err != nil || e.String() != tt.want {
			t.Errorf("ParseEffect(%q) = %q, %v; want %q", tt.in, e, err, tt.want)
		}
	}
	for _, bad := range []string{"", "explode /p", "file", "file rel/path", "push /p", "contains /p/out.txt", "call", "hook"} {
		if _, err := bashsandbox.ParseEffect(bad); !errors.Is(err, bashsandbox.ErrEffect) {
			t.Errorf("ParseEffect(%q): %v, want an ErrEffect", bad, err)
		}
	}
}
