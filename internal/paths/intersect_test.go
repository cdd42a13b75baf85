package paths

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/permengine/permengine/internal/shell"
	"github.com/permengine/permengine/internal/work"
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
	set := defaultProtectedSet()
	for _, p := range paths {
		first := int32(-1)
		for i, pat := range set.patterns {
			want := set.globs[i].Match(p)
			got := intersects(compileWord("", p, wordPattern{}), compileGlob(strings.ToLower(pat)))
			if got != want {
				t.Errorf("%s vs %s: intersects %v, glob.Match %v", p, pat, got, want)
			}
			if want && first < 0 {
				first = int32(i)
			}
		}
		// The union finds a pattern that matches, as one search.
		r := set.union().search(compileWord("", p, wordPattern{}), &productSearch{}, maxProductSteps)
		if r.over || (r.pattern < 0) != (first < 0) || r.pattern >= 0 && !set.globs[r.pattern].Match(p) {
			t.Errorf("%s: the union found pattern %d (over %v), glob.Match %d first", p, r.pattern, r.over, first)
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

// The union of the protected patterns finds, for any word, a pattern
// exactly when searching the patterns one by one finds one, and the
// pattern it names meets the word on its own: words made of
// pieces of the patterns' names, wildcards, braces and expansions.
func TestUnionAgreesWithEachPattern(t *testing.T) {
	pieces := []string{
		".git", "hooks", "config", ".ssh", ".env", ".env.*", ".e*", "*", "?", "**", "[.]", "[!.]*",
		"{a,.env}", "{.git,x}", "$x", "${x:-.ssh}", ".config", "git", ".local", "bin", "site-packages",
		"lib", ".cargo", "x.*a*a*", ".*q*", "pre-commit", ".github", "workflows", "*.yml", ".venv", "pip.conf",
	}
	set := defaultProtectedSet()
	each := make([]*nfa, len(set.patterns))
	for i, p := range set.patterns {
		each[i] = compileGlob(strings.ToLower(p))
	}
	rng := rand.New(rand.NewPCG(20261205, 1))
	ps := &productSearch{}
	met := 0
	for n := 0; n < 800; n++ {
		var b strings.Builder
		for k := rng.IntN(5); k >= 0; k-- {
			b.WriteString(pieces[rng.IntN(len(pieces))])
			if k > 0 {
				b.WriteByte('/')
			}
		}
		w := b.String()
		wp := wordPattern{glob: true, expands: true, brace: true, anyValue: rng.IntN(4) == 0}
		word := compileWord("/ws/proj/", strings.ToLower(w), wp)
		want := int32(-1)
		for i, p := range each {
			if met, _ := intersectSteps(word, p, ps, 1<<30); met {
				want = int32(i)
				break
			}
		}
		r := set.union().search(word, ps, 1<<30)
		if (r.pattern < 0) != (want < 0) {
			t.Errorf("%q (any value %v): the union found %d, one by one %d", w, wp.anyValue, r.pattern, want)
		} else if met, _ := intersectSteps(word, each[max(0, r.pattern)], ps, 1<<30); r.pattern >= 0 && !met {
			t.Errorf("%q (any value %v): the union found %s, which it does not meet", w, wp.anyValue, set.patterns[r.pattern])
		}
		if want >= 0 {
			met++
		}
	}
	// Both answers are common, or the comparison would say little.
	if met < 200 || met > 600 {
		t.Errorf("%d of 800 words meet a pattern", met)
	}
	t.Logf("%d of 800 words meet a pattern", met)
}

// Every search of a pattern against the protected ones is charged to the
// decision's work, a find -name test's too, and takes no more than the
// share of the budget it is given: past it, the word is held to name a
// protected path.
func TestSearchesAreCharged(t *testing.T) {
	costly := "x" + strings.Repeat("*a", 100)
	check := func(budget int, f func(pc *Checker) string) (string, work.Counter) {
		pc := Default.Check("/ws/proj")
		c := work.New(budget)
		pc.Work = &c
		return f(&pc), c
	}
	tests := []struct {
		name string
		f    func(pc *Checker) string
	}{
		{"a glob word", func(pc *Checker) string {
			return pc.Problem(".git/"+costly, shell.WordGlob, []string{"/ws/proj"})
		}},
		{"a find -name test", func(pc *Checker) string { return pc.DeletedByTest(costly+".pyc", false) }},
	}
	for _, tt := range tests {
		why, c := check(1<<30, tt.f)
		if c.Units() < 1000 || why == whyTooCostly {
			t.Errorf("%s: %d units charged (%q)", tt.name, c.Units(), why)
		}
		// With a budget a tenth of what the search took, it stops within
		// the share and fails closed.
		why, small := check(c.Units()/10, tt.f)
		if why != whyTooCostly || small.Out() || small.Units() > small.Limit()/3+1 {
			t.Errorf("%s with a budget of %d: %q, %d units", tt.name, small.Limit(), why, small.Units())
		}
	}
}
