package paths

import "testing"

// The quick test passes every row of the table and the SSH server's keys
// on to SystemSecret, so that a row is never skipped by its name.
func TestSystemSecretQuickTestCoversTable(t *testing.T) {
	for _, s := range systemSecrets {
		for _, w := range []string{s.path, s.path + "/x"} {
			if !MayNameSystemSecret(w, nil) {
				t.Errorf("%s: the quick test passes it over", w)
			}
		}
	}
	for _, k := range sshHostKeys {
		if !MayNameSystemSecret("/etc/ssh/"+k, nil) {
			t.Errorf("%s: the quick test passes it over", k)
		}
	}
}

func TestSystemSecret(t *testing.T) {
	for _, c := range []struct {
		w      string
		dirs   []string
		secret bool
	}{
		{"/etc/shadow", nil, true},
		{"/etc/shadow.bak", nil, true},
		{"/etc//shadow", nil, true},
		{"/etc/sha*", nil, true},
		{"/e*/passwd", nil, false},
		{"/etc/passwd", nil, false},
		{"/etc/ssh/ssh_host_ed25519_key", nil, true},
		{"/etc/ssh/ssh_host_ed25519_key.pub", nil, false},
		{"/etc/ssh/*.pub", nil, false},
		{"/var/run/secrets/kubernetes.io/serviceaccount/token", nil, true},
		{"/run/*/*", nil, true},
		{"shadow", []string{"/etc"}, true},
		{"token", []string{"/run/secrets/x"}, true},
		{"shadow", []string{""}, true},
		{"notes", []string{"/ws/proj"}, false},
		{"~/../etc/shadow", []string{"/ws/proj"}, true},
		{"$HOME/../../etc/shadow", []string{"/ws/proj"}, true},
		{"/etc/security/opasswd", nil, true},
		{"", []string{"/"}, false},
		{"", []string{"/etc"}, false},
		// A climb out of the directory, then a glob: the joined path is
		// judged, so a glob no secret's name is written in still counts.
		{"../../etc/shado?", []string{"/ws/proj"}, true},
		{"../../run/*/token", []string{"/ws/proj"}, true},
		{"../../etc/sh*", []string{""}, true},
		{"../*.go", []string{"/ws/proj"}, false},
		{"../../e?c/passwd", []string{"/ws/proj"}, false},
		// Every file row's name counts from an unknown directory.
		{"opasswd", []string{""}, true},
		{"gshadow-", []string{""}, true},
	} {
		if got := SystemSecret(c.w, c.dirs) != ""; got != c.secret {
			t.Errorf("SystemSecret(%q, %q) = %v, want %v", c.w, c.dirs, got, c.secret)
		}
	}
}
