package paths

import (
	"fmt"
	"math/rand"
	"path"
	"strings"
	"testing"

	"github.com/permengine/permengine/internal/shell"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The allocation-free check of a scope root never accepts a root that the
// full validation refuses.
func TestCleanAbsRootAgreesWithValidation(t *testing.T) {
	roots := []string{"/ws/proj", "/", "/etc", "/ws/proj/", "/ws//proj", "/ws/./proj", "/ws/../proj", "/ws/proj/..",
		"/ws/proj/.", "/ws/.hidden", "/ws/..x", "/ws/x..", "ws/proj", "", "/tmp", "/tmp/x", "/a\nb", "/Users/me/p"}
	rng := rand.New(rand.NewSource(8))
	alphabet := []string{"/", "a", ".", "..", "ws", "etc", "\x00"}
	for i := 0; i < 5000; i++ {
		r := ""
		for j := rng.Intn(6); j >= 0; j-- {
			r += alphabet[rng.Intn(len(alphabet))]
		}
		roots = append(roots, r)
	}
	for _, r := range roots {
		if cleanAbsRoot(r) {
			assert.NoError(t, validateScopeRoot(r), "the quick check accepted %q", r)
		}
	}
}

func TestInside(t *testing.T) {
	assert.True(t, Inside("/ws/proj", "/ws/proj"))
	assert.True(t, Inside("/ws/proj/x", "/ws/proj"))
	assert.False(t, Inside("/ws/project2", "/ws/proj"))
	assert.False(t, Inside("/ws", "/ws/proj"))
}

func TestNeededDotName(t *testing.T) {
	for pat, want := range map[string][2]string{
		"**/.git/hooks":     {".git", ""},
		"**/.git/hooks/**":  {".git", ""},
		"**/.bashrc":        {".bashrc", ""},
		"/etc/**":           {"", ""},
		"**/secrets/*.pem":  {"", ""},
		"**/.env*":          {"", ".env"},
		"**/.env.*":         {"", ".env."},
		"**/.*":             {"", ""},     // no literal past the dot
		"**/.?x":            {"", ""},     // no literal past the dot
		"**/.env*/.aws/x":   {".aws", ""}, // a whole name picks fewer paths than a prefix
		"**/{.aws,.kube}/x": {"", ""},
		"**/[.]ssh/.x":      {"", ""},
		"**/./.ssh":         {".ssh", ""},
		"**/../.ssh":        {".ssh", ""},
		"**/x.git/hooks":    {"", ""},
		".ssh/**":           {".ssh", ""},
		"**/.e[n]v/x":       {"", ".e"},
	} {
		name, prefix := neededDotName(pat)
		assert.Equal(t, want, [2]string{name, prefix}, pat)
	}
}

// Picking globs by a path's dot components never changes what matches:
// the result is what trying every glob in order gives.
func TestProtectedMatchPrefilter(t *testing.T) {
	extra := []string{"**/secrets/**", "**/.env*", "**/{.aws,.kube}/**", "/etc/**", "**/.config/gh/hosts.yml",
		"**/X/.Y", "**/*.pem", "**/.git/config.d/**", "**/.ssh/known_hosts", "**/.e[n]v/x", "**/.cache*/**"}
	sets := []*protectedSet{defaultProtectedSet()}
	s, err := compileProtected(extra)
	if !assert.NoError(t, err) {
		return
	}
	sets = append(sets, s)
	// A set of many patterns is picked from the same way.
	var many []string
	for i := range 300 {
		many = append(many, fmt.Sprintf("**/.d%d/**", i%150), fmt.Sprintf("**/x%d/.Y", i))
	}
	if s, err = compileProtected(append(many, extra...)); !assert.NoError(t, err) {
		return
	}
	sets = append(sets, s)
	comps := []string{"ws", "proj", ".git", "hooks", "config", ".Git", "HOOKS", ".ssh", "known_hosts", ".env",
		".envrc", ".env.local", ".aws", ".kube", "secrets", "etc", "x", ".y", "X", ".config", "gh", "hosts.yml",
		"a.pem", ".bashrc", ".vscode", "settings.json", ".", "..", "config.d", ".github", ".idea",
		"...", ".env.example", ".ENV.x", ".environ", ".cache", ".cachedir", ".e", ".gitx", ".d7", "x12", ".D149"}
	rng := rand.New(rand.NewSource(11))
	hits := 0
	for i := 0; i < 20000; i++ {
		p := ""
		for j := rng.Intn(6); j >= 0; j-- {
			p += "/" + comps[rng.Intn(len(comps))]
		}
		for _, s := range sets {
			got := s.match(p)
			want := ""
			if !s.dotOnly || strings.Contains(p, "/.") {
				want = s.matchAll(strings.ToLower(p))
			}
			assert.Equal(t, want, got, p)
			if got != "" {
				hits++
			}
		}
	}
	assert.Greater(t, hits, 5000, "the paths must reach the patterns")
}

// mayNameFile's shortcuts (the length of ASCII words, lowering only when
// needed) never miss a word whose lower case holds a policy file's name.
func TestMayNameFileShortcuts(t *testing.T) {
	pc := Checker{Protected: &Protected{bases: []string{"rules.json", "ⱥ.json"}, minName: len("ⱥ.json")}}
	names := []string{PolicyFileName, "rules.json", "ⱥ.json"}
	reference := func(w string) bool {
		lw := strings.ToLower(w)
		for _, n := range names {
			if strings.Contains(lw, n) {
				return true
			}
		}
		return false
	}
	pieces := []string{"permissions.json", "PERMISSIONS.JSON", "rules", ".json", ".JSON", "Ⱥ", "ⱥ", "İ", "K", "x", "/", ".", "RULES"}
	rng := rand.New(rand.NewSource(5))
	hits := 0
	for i := 0; i < 20000; i++ {
		w := ""
		for j := rng.Intn(4); j >= 0; j-- {
			w += pieces[rng.Intn(len(pieces))]
		}
		want := reference(w)
		assert.Equal(t, want, pc.mayNameFile(w), w)
		if want {
			hits++
		}
	}
	assert.Greater(t, hits, 1000)
	assert.True(t, pc.mayNameFile("Ⱥ.JSON"), "a shorter upper-case spelling of a non-ASCII name")
}

// cleanRooted is path.Clean, and joinedInside is inside of path.Join, on
// generated paths full of ".", ".." and doubled slashes.
func TestJoinedInsideAgreesWithPathJoin(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	pieces := []string{"/", ".", "..", "ws", "proj", "x", "/.", "/..", "//", "proj2", "..x", ".x"}
	gen := func(abs bool) string {
		p := ""
		if abs {
			p = "/"
		}
		for j := rng.Intn(7); j >= 0; j-- {
			p += pieces[rng.Intn(len(pieces))]
		}
		return p
	}
	for _, root := range []string{"/ws/proj", "/ws", "/a"} {
		for i := 0; i < 20000; i++ {
			dir, rel := gen(true), gen(false)
			assert.Equal(t, Inside(path.Join(dir, rel), root), JoinedInside(dir, rel, root), "%q + %q in %q", dir, rel, root)
			p := gen(true)
			assert.Equal(t, path.Clean(p), string(cleanRooted([]byte(p))), "%q", p)
		}
	}
	long := "/" + strings.Repeat("a/", 200)
	assert.Equal(t, Inside(path.Join(long, ".."), "/a"), JoinedInside(long, "..", "/a"), "longer than the buffer")
}

// Resolving a relative path for the scope check only looks: it allocates
// nothing.
func TestJoinedInsideDoesNotAllocate(t *testing.T) {
	allocs := testing.AllocsPerRun(100, func() { JoinedInside("/ws/proj/a", "../b/./c", "/ws/proj") })
	assert.Zero(t, allocs)
}

// Every permissions.json inside the scope, and the lock file beside it,
// is named as the policy file it is or guards, whatever the letter case.
func TestPolicyFileAndLockAnywhereInScope(t *testing.T) {
	pc := Default.Check("/ws/proj")
	dirs := []string{"/ws/proj"}
	for w, want := range map[string]string{
		"permissions.json":                 "the policy file /ws/proj/permissions.json",
		"permissions.json.lock":            "the lock file of the policy file /ws/proj/permissions.json",
		"sub/Permissions.JSON.lock":        "the lock file of the policy file /ws/proj/sub/permissions.json",
		"sub/permissions.json":             "the policy file /ws/proj/sub/permissions.json",
		"permissions.json.locked":          "",
		"/elsewhere/permissions.json.lock": "",
	} {
		assert.Equal(t, want, pc.Problem(w, 0, dirs), w)
	}
}

// A link to a directory that holds the rest of a protected pattern
// reaches it by another name; a link to anything else is a plain path.
func TestLinkProblem(t *testing.T) {
	pc := Default.Check("/ws/proj")
	dirs := []string{"/ws/proj"}
	for w, want := range map[string]string{
		".git":                 "**/.git/hooks",
		"/ws/proj/.git":        "**/.git/hooks",
		"./.GIT":               "**/.git/hooks",
		".git/modules/sub":     "**/.git/modules/**/hooks",
		".git/modules/sub/a/b": "**/.git/modules/**/hooks",
		".git/info":            "**/.git/info/**",
		"src/lib":              "",
		"../shared/config":     "",
		"node_modules/.bin":    "",
		"/etc":                 "",
		"~":                    "",
		".gitignore":           "",
	} {
		got := pc.LinkProblem(w, 0, dirs)
		if want == "" {
			assert.Empty(t, got, w)
		} else {
			assert.Contains(t, got, "protected path "+want, w)
		}
	}
	assert.Contains(t, pc.LinkProblem("$X", shell.WordExpands, dirs), "known only at run time")
	assert.Contains(t, pc.LinkProblem(".gi?", shell.WordGlob, dirs), "known only at run time")
	extra, err := NewProtected(nil, []string{"/srv/secrets/**"}, false)
	require.NoError(t, err)
	xc := extra.Check("/ws/proj")
	assert.Contains(t, xc.LinkProblem("/srv", 0, dirs), "protected path /srv/secrets/**")
	assert.Empty(t, pc.LinkProblem("/srv", 0, dirs), "the host's pattern is not in the default set")
}

// A link to the root reaches every absolute pattern a host adds.
func TestLinkProblemRoot(t *testing.T) {
	extra, err := NewProtected(nil, []string{"/srv/secrets/**"}, false)
	require.NoError(t, err)
	xc := extra.Check("/ws/proj")
	assert.Contains(t, xc.LinkProblem("/", 0, []string{"/ws/proj"}), "/srv/secrets/**")
	pc := Default.Check("/ws/proj")
	assert.Empty(t, pc.LinkProblem("/", 0, []string{"/ws/proj"}), "the built-in patterns are ** patterns")
}

// Every built-in pattern names a component that starts with '.', so that
// a word without one is passed over unread; a pattern without one would
// make every word of every command read (and allocate).
func TestDefaultPatternsAreDotOnly(t *testing.T) {
	for _, p := range defaultProtected {
		assert.True(t, dotNamePattern(p), "%s names no component starting with '.'", p)
	}
	assert.True(t, defaultProtectedSet().dotOnly)
}

// A working directory holds a dot name only when a component starts with
// '.' and is not ".", ".." or "..." (cd ./pkg/... names a Go package
// pattern, which no protected pattern can match): under it, words without
// a dot are still passed over, and under .git every word is read.
func TestDirsHaveDot(t *testing.T) {
	for dirs, want := range map[string]bool{
		"/ws/proj/pkg/...":    false,
		"/ws/proj/...":        false,
		"/ws/proj":            false,
		"/ws/proj/.git":       true,
		"/ws/proj/.../.git":   true,
		"/ws/proj/..x":        false,
		"/ws/proj/a.b/c":      false,
		"/ws/proj/x /ws/.ssh": true,
	} {
		assert.Equal(t, want, dirsHaveDot(strings.Fields(dirs)), dirs)
	}
	pc := Default.Check("/ws/proj")
	assert.False(t, pc.EveryWord([]string{"/ws/proj/pkg/..."}))
	assert.True(t, pc.EveryWord([]string{"/ws/proj/.git"}))
	assert.Equal(t, "", pc.Problem("hooks", 0, []string{"/ws/proj/pkg/..."}))
	assert.NotEqual(t, "", pc.Problem("hooks", 0, []string{"/ws/proj/.git"}))
}

// The patterns protected from writes only: a write of one, by its
// name, a glob or an expansion, is a problem; every name a pattern
// starts with is found by the quick test.
func TestWriteOnly(t *testing.T) {
	pc := Default.Check("/ws/proj")
	dirs := []string{"/ws/proj"}
	for w, want := range map[string]bool{
		".git/HEAD": true, ".GIT/head": true, ".git/HEA?": true, ".git/refs/heads/main": true, ".git/index": true,
		".git/modules/lib/HEAD": true, "sub/.git/packed-refs": true, "~/.cargo/env": true, "/home/u/.nvm/nvm.sh": true,
		"/home/u/.pyenv/versions/3.12.1/lib/python3.12/site-packages/x.pth": true,
		".git/logs/HEAD": false, ".github/HEAD": false, "my.git/HEAD": false, "out.txt": false, "src/index": false,
	} {
		flags := uint8(0)
		if strings.ContainsAny(w, "*?[") {
			flags = shell.WordGlob
		}
		if !MayNameWriteOnly(w) {
			if want {
				t.Errorf("%s: the quick test passes it by", w)
			}
			continue
		}
		if got := pc.WriteOnlyProblem(w, flags, dirs) != ""; got != want {
			t.Errorf("WriteOnlyProblem(%q) = %v, want %v", w, got, want)
		}
	}
	for _, p := range writeOnly {
		if !MayNameWriteOnly(strings.TrimPrefix(p, "**/")) {
			t.Errorf("%s: the quick test passes it by", p)
		}
		if pc.Problem("/ws/proj/"+strings.ReplaceAll(strings.TrimPrefix(p, "**/"), "**", "x"), 0, dirs) != "" {
			t.Errorf("%s: reading it is protected too", p)
		}
	}
}
