package shell

import (
	"reflect"
	"testing"

	"github.com/permengine/permengine/internal/programs"
	"github.com/stretchr/testify/assert"
)

// fastSplit reads a plain command into segments, or reports false. It
// allocates its own command; Decide uses fastRead with pooled arenas.
func fastSplit(src string, dirs []string, depth int, origin string) ([]Segment, bool) {
	c := &Command{}
	segs, ok := c.fastSegments(src, dirs, depth, origin)
	return segs, ok
}

// readCommandSlow reads with the parser only.
func readCommandSlow(src, cwd string) *Command {
	c := &Command{noFast: true}
	c.read(src, []string{cwd}, 0, "")
	return c
}

// sameReading compares the fast and the parser readings of src, when the
// fast path accepts it.
func sameReading(t *testing.T, src string) bool {
	t.Helper()
	if _, ok := fastSplit(src, []string{"/ws/proj"}, 0, ""); !ok {
		return false
	}
	// What the fast path accepts has nothing for the integrity scan to
	// find, which is why Decide skips that scan for it.
	if why := IntegrityProblem(src); why != "" && len(src) <= MaxCommandBytes {
		t.Fatalf("%q: the fast path accepted text with an integrity problem: %s", src, why)
	}
	fast := Read(src, "/ws/proj")
	slow := readCommandSlow(src, "/ws/proj")
	if slow.ParseErr != "" {
		t.Fatalf("%q: the fast path accepted what the parser rejects: %s", src, slow.ParseErr)
	}
	if !reflect.DeepEqual(normal(fast), normal(slow)) {
		t.Fatalf("%q: the fast path reads\n%+v\nthe parser reads\n%+v", src, normal(fast), normal(slow))
	}
	return true
}

// reading is what a command reading decides with, for comparisons.
type reading struct {
	Segs                   []segReading
	ParseErr, Control, Dyn string
	Bound                  string
	TooDeep, TooMany       bool
	Paths                  []PathRef
}

type segReading struct {
	Text, Origin string
	Words        []string
	Flags        []uint8
	Redirs       []PathRef
	Dirs, CdTo   []string
	Depth        int
	Cd, Late     bool
	Views        [][]string
	Bits         programs.Bits
	Masks        []Mask
	AnyMask      Mask
}

// normal extracts the reading, with empty and nil slices made equal.
func normal(c *Command) reading {
	r := reading{ParseErr: c.ParseErr, Control: c.Control, Dyn: c.Dynamic, Bound: c.Bound, TooDeep: c.TooDeep, TooMany: c.TooMany}
	if len(c.Paths) > 0 {
		r.Paths = c.Paths
	}
	for _, s := range c.Segs {
		sr := segReading{Text: s.Text, Origin: s.Origin, Dirs: s.Dirs, Depth: s.Depth, Cd: s.Cd, Late: s.Late, Bits: s.Bits, AnyMask: s.AnyMask}
		if len(s.Words) > 0 {
			sr.Words, sr.Flags, sr.Masks = s.Words, s.Flags, s.Masks
		}
		if len(s.Redirs) > 0 {
			sr.Redirs = s.Redirs
		}
		if len(s.CdTo) > 0 {
			sr.CdTo = s.CdTo
		}
		for _, v := range s.Views {
			if len(v) == 0 {
				v = nil
			}
			sr.Views = append(sr.Views, v)
		}
		r.Segs = append(r.Segs, sr)
	}
	return r
}

func TestFastSplitMatchesParser(t *testing.T) {
	accepted := 0
	for _, src := range []string{
		"ls", "ls -la src", "git status && git diff", "a || b; c | d & e", "cat x 2>/dev/null", "echo x > out.txt",
		"ls 2>&1 | head", "echo x >&2", "cmd &> log", "cmd &>> log", "cat < in", "echo 'a && b'", `echo "a | b"`,
		"grep -r 'rm -rf /' docs/", "ls src/*.go", "[ -f x ]", "echo a'b'\"c\"d", "ls\ncat x", "ls;", "ls &",
		"> out", "docker ps --format '{{.Names}}'", "npm test -- --coverage", "x 3>&-", "find . -name '*.go'",
		"echo ~/x", "echo a~", "timeout 5 npm test", "bash -c 'ls'", "echo '$HOME'", "ls 2> /dev/null",
		"FOO=1 ls", "A=.* B=~/x ls", "cd x && ls", "cd x; ls ../y", "cd x || ls", "cd a && cd b || ls; ls",
		"cd x | ls", "cd x & ls", "(cd x)", "cd /etc && cat passwd", "cd && ls", "cd - ; ls", "ls && cd x && ls ../y",
		"cd a; cd b; cd c; ls", "X=1", "X=1 Y=2", "builtin cd x && ls", "cd x && bash -c 'cd y && ls ../z'",
		"a | bash -c 'sleep 1; make'", "a && b & c", "a | b & c; d", "bash -c 'ls; ls' | cat", "timeout 5 npm test | cat",
		"a; b | c | d && e", "sh -c 'a | b' & c", "x & y & z", "a | b | sh -c 'c; d'",
	} {
		if sameReading(t, src) {
			accepted++
		}
	}
	t.Logf("fast path took %d of the examples", accepted)
	assert.Greater(t, accepted, 25)
	for _, src := range []string{"echo $HOME", "ls && \nrm", "if true; then ls; fi",
		"echo {a,b}", "echo \\x", "ls # c", "cat <<EOF\nx\nEOF", "ls |& cat", "time ls", "(ls)", "echo é"} {
		_, ok := fastSplit(src, []string{"/ws"}, 0, "")
		assert.False(t, ok, "the fast path must hand %q to the parser", src)
	}
}

// Every command of the benchmark corpus that the fast path takes reads the
// same as with the parser.
func TestFastSplitCorpus(t *testing.T) {
	cmds := loadBenchCommands(t)
	total, accepted := len(cmds), 0
	for _, c := range cmds {
		if sameReading(t, c) {
			accepted++
		}
	}
	t.Logf("fast path took %d of %d corpus commands", accepted, total)
}

func FuzzFastSplit(f *testing.F) {
	for _, s := range []string{"ls -la", "a && b || c", "cat x 2>/dev/null", "echo 'a b' \"c\"", "x >&2", "[ -f x ] && y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		sameReading(t, src)
	})
}
