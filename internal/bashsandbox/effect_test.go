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
		{"net tcp 80", "net tcp 80"},
		{"net udp 53", "net udp 53"},
	} {
		e, err := bashsandbox.ParseEffect(tt.in)
		if err != nil || e.String() != tt.want {
			t.Errorf("ParseEffect(%q) = %q, %v; want %q", tt.in, e, err, tt.want)
		}
	}
	for _, bad := range []string{"", "explode /p", "file", "file rel/path", "push /p", "contains /p/out.txt", "call", "hook", "net", "net tcp", "net tcp 81", "net sctp 80", "net udp x"} {
		if _, err := bashsandbox.ParseEffect(bad); !errors.Is(err, bashsandbox.ErrEffect) {
			t.Errorf("ParseEffect(%q): %v, want an ErrEffect", bad, err)
		}
	}
}

// TestNetListener: a run whose effect is a connection gets the loopback
// and the listeners; what it sends is recorded, and a run that sends
// nothing records nothing (so a net effect can fail).
func TestNetListener(t *testing.T) {
	k := needKit(t)
	for _, tt := range []struct {
		cmd, effect string
		happens     bool
	}{
		{"echo hi > /dev/tcp/127.0.0.1/80", "net tcp 80", true},
		{"echo hi > /dev/udp/127.0.0.1/53", "net udp 53", true},
		{"echo hi > /dev/null", "net tcp 80", false},
		{"echo hi > /dev/tcp/127.0.0.1/9999", "net tcp 80", false},
	} {
		in, err := k.New()
		if err != nil {
			t.Fatal(err)
		}
		e, err := bashsandbox.ParseEffect(tt.effect)
		if err != nil {
			t.Fatal(err)
		}
		p, err := e.Before(in)
		if err != nil {
			t.Fatal(err)
		}
		r, err := in.Run(bashsandbox.Stubs, tt.cmd, runTimeout)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Check(r); (err == nil) != tt.happens {
			t.Errorf("%q, %s: happened %v, want %v (%v; output %q)", tt.cmd, tt.effect, err == nil, tt.happens, err, r.Output)
		}
		_ = in.Remove()
	}
}
