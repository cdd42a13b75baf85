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

// fold puts every letter a case-insensitive file system takes for
// another in one case.
func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		".git/hookſ":       ".git/hooks",
		".git/hoo\u212As":  ".git/hooks", // the Kelvin sign
		"permıssıons.json": "permissions.json",
		"PERMİSSİONS.JSON": "permissions.json",
		"Café/.ENV":        "café/.env",
		"plain/ascii/.Git": "plain/ascii/.git",
	} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}
