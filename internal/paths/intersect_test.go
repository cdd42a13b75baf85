package paths

import (
	"testing"

	"github.com/permengine/permengine/internal/shell"
)

func TestIntersect(t *testing.T) {
	all := wordPattern{glob: true, expands: true, brace: true}
	cases := []struct {
		prefix, word, pat string
		want              bool
	}{
		{"/ws/proj/", ".git/hook?/pre-commit", "**/.git/hooks/**", true},
		{"/ws/proj/", ".env${x}rc", "**/.envrc", true},
		{"/ws/proj/", "permissions.js?n", "/ws/proj/permissions.json", true},
		{"/ws/proj/", "permissions.{json,bak}", "/ws/proj/permissions.json", true},
		{"/ws/proj/", "permissions.{yaml,bak}", "/ws/proj/permissions.json", false},
		{"/ws/proj/", "src/*.go", "**/.git/hooks/**", false},
		{"/ws/proj/", "src/*.go", "**/.env", false},
		{"/ws/proj/", "*", "**/.ssh", false},
		{"/ws/proj/", "*", "**/.ssh/**", false},
		{"/ws/proj/", ".*", "**/.ssh", true},
		{"/ws/proj/", ".git/*", "**/.git/hooks", true},
		{"/ws/proj/", ".git/conf[i]g", "**/.git/config", true},
		{"/ws/proj/", ".GIT/CONF[I]G", "**/.git/config", true},
		{"/ws/proj/", "src/$f", "**/.env", false},
		{"/ws/proj/", "${x}.env", "**/.env", true},
		{"/ws/proj/", "src/**", "**/.git/hooks/**", false},
		{"/ws/proj/", "\x01/hooks/x", "**/.git/hooks/**", true},
		{"/", "~/.ss*/id_rsa", "**/.ssh/**", true},
		{"/ws/proj/", "[.]env", "**/.env", false},
		{"/ws/proj/", "x@(a|b)", "**/.env", false},
		{"/ws/proj/", "@(.env|x)", "**/.env", true},
		{"/ws/proj/", "${D:-.git}/config", "**/.git/config", true},
		{"/ws/proj/", "${D}/config", "**/.git/config", false},
	}
	for _, c := range cases {
		got := intersects(compileWord(c.prefix, c.word, all), compileGlob(c.pat))
		if got != c.want {
			t.Errorf("%q%q vs %q: got %v, want %v", c.prefix, c.word, c.pat, got, c.want)
		}
	}
}

// A literal word (nothing to expand) meets a pattern exactly when the
// pattern matches it: the intersection agrees with github.com/gobwas/glob.
func TestIntersectLiteralAgreesWithGlob(t *testing.T) {
	paths := []string{
		"/ws/proj/.git/hooks/pre-commit", "/ws/proj/.git/config", "/ws/proj/src/main.go",
		"/ws/proj/.env", "/ws/proj/.env.local", "/ws/proj/.envrc", "/home/u/.ssh/id_rsa",
		"/ws/proj/.git/modules/lib/hooks/x", "/ws/proj/.gitignore", "/ws/proj/a/.hg/hgrc",
		"/ws/proj/.git/info/attributes", "/ws/proj/.git/info/exclude", "/x/.claude.json",
	}
	for _, p := range paths {
		for i, pat := range defaultProtectedSet().patterns {
			want := defaultProtectedSet().globs[i].Match(p)
			got := intersects(compileWord("", p, wordPattern{}), defaultProtectedSet().nfas[i])
			if got != want {
				t.Errorf("%s vs %s: intersects %v, glob.Match %v", p, pat, got, want)
			}
		}
	}
}

// Every word flagged as expanding meets the protected patterns its
// expansions can reach, and no others.
func TestProtectedWordPatterns(t *testing.T) {
	pc := Default.Check("/ws/proj")
	dirs := []string{"/ws/proj"}
	g, e, b := shell.WordGlob, shell.WordExpands, shell.WordBrace
	cases := []struct {
		w     string
		flags uint8
		want  bool
	}{
		{".git/hook?/pre-commit", g, true},
		{".env${x}rc", e, true},
		{"permissions.js?n", g, true},
		{"sub/permissions.{json,bak}", b, true},
		{"src/*.go", g, false},
		{"$f", e, false},
		{"src/$f", e, false},
		{"*", g, false},
		{".env.*", g, true},
	}
	for _, c := range cases {
		got := pc.Problem(c.w, c.flags, dirs) != ""
		if got != c.want {
			t.Errorf("%q: protected %v, want %v (%s)", c.w, got, c.want, pc.Problem(c.w, c.flags, dirs))
		}
	}
}

func TestWindowsNames(t *testing.T) {
	p, err := NewProtected(nil, nil, true)
	if err != nil {
		t.Fatal(err)
	}
	pc := p.Check("/ws/proj")
	dirs := []string{"/ws/proj"}
	for _, w := range []string{".git/hooks/pre-commit::$DATA", "GIT~1/hooks/pre-commit", ".git./hooks/x", ".env ", `.git\hooks\x`, "CON", "aux.txt"} {
		if pc.Problem(w, 0, dirs) == "" {
			t.Errorf("%q: not protected on Windows", w)
		}
	}
	for _, w := range []string{"src/main.go", "NUL", "docs/readme.md"} {
		if why := pc.Problem(w, 0, dirs); why != "" {
			t.Errorf("%q: protected on Windows (%s)", w, why)
		}
	}
	plain := Default.Check("/ws/proj")
	if plain.Problem("GIT~1/hooks/x", 0, dirs) != "" {
		t.Error("GIT~1 is a plain name where the host does not run on Windows")
	}
}
