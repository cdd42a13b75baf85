package hostdirs

import (
	"path"
	"testing"
)

func TestTable(t *testing.T) {
	seen := map[string]bool{}
	for _, d := range Dirs {
		if d.Path != path.Clean(d.Path) || d.Path[0] != '/' || d.Why == "" || seen[d.Path] {
			t.Errorf("row %q: not a clean absolute path, no reason, or twice", d.Path)
		}
		seen[d.Path] = true
	}
}

func TestWrittenAndMounted(t *testing.T) {
	cases := []struct {
		p                string
		written, mounted bool
	}{
		{"/etc", true, true},
		{"/etc/gitconfig", true, true},
		{"/etcetera", false, false},
		{"/usr/local/bin/make", true, true},
		{"/usr/share/doc/x", true, true},
		{"/usr/local/go/bin/git", true, true},
		{"/opt/conda/bin/python", true, true},
		{"/usr/share/git-core/templates/hooks/pre-commit", true, true},
		{"/private/etc/hosts", true, true},
		{"/root/.ssh", false, true},
		{"/var/lib/docker", true, true},
		{"/var/lib/vim/addons/plugin/x.vim", true, true},
		{"/var/log/x", false, false},
		{"/home/u/x", false, false},
		{"/ws/proj/etc", false, false},
		{"/", false, false},
	}
	for _, c := range cases {
		if Written(c.p) != c.written || Mounted(c.p) != c.mounted {
			t.Errorf("%s: Written %v Mounted %v, want %v %v", c.p, Written(c.p), Mounted(c.p), c.written, c.mounted)
		}
	}
}
