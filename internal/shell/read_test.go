package shell

import (
	"math/rand"
	"os/exec"
	"strings"
	"testing"

	"github.com/permengine/permengine/internal/programs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// bashWords asks the real shell how it splits args into words, by running
// printf '%s\0' with them.
func bashWords(t *testing.T, args string) ([]string, bool) {
	t.Helper()
	out, err := exec.Command("/bin/bash", "--norc", "--noprofile", "-c", "printf '%s\\0' X "+args).Output()
	if err != nil {
		return nil, false
	}
	words := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	return words[1:], true
}

func ourWords(args string) ([]string, bool) {
	c := Read("printf '%s\\0' X "+args, "/ws")
	if c.ParseErr != "" || len(c.Segs) != 1 {
		return nil, false
	}
	return c.Segs[0].Words[3:], true
}

// Quoting and escapes without expansions: the shell's words after quote
// removal are exactly ours.
var bashCases = []string{
	`a b c`,
	`'a b' "c d" e\ f`,
	`\curl x`,
	`c"ur"l x`,
	`c'u'rl x`,
	`$'\x72m' -rf`,
	`$'a\tb' $'\n' $'\e[0m' $'\101\102' $'\u00e9' $'\'' $'\\' $'\cA'`,
	`"a\"b" "a\\b" "a\$b" "a\b" "a\` + "`" + `b"`,
	`'it'\''s'`,
	`"" ''`,
	`a""b ''c`,
	"a\\\nb",
	`"a
b"`,
	`--flag=value -x=1 "--opt=a b"`,
	`'$HOME' "\$HOME"`,
	`a\ \ b`,
	`\\\\`,
	`"'" '"'`,
	`x=1 y="2 3"`,
	`\'a\' \"b\"`,
	`$'\x2fetc\x2fpasswd'`,
	`"semi;colon" 'and&&and' "pipe|pipe"`,
	`$"localized"`,
	// bash 5.2's braced hex escapes: any number of digits, the low byte,
	// a NUL (which ends the string) for none.
	`$'\x{73}'udo $'\x{0073}' $'\x{173}x' $'\x{7g}' $'a\x{}b' $'\x{41'`,
	`a\#b 'c#d'`,
	`\* \? \[`,
}

func TestWordsMatchBash(t *testing.T) {
	if _, err := exec.LookPath("/bin/bash"); err != nil {
		t.Skip("no /bin/bash on this machine")
	}
	for _, args := range bashCases {
		want, ok := bashWords(t, args)
		require.True(t, ok, "bash rejected %q", args)
		got, ok := ourWords(args)
		require.True(t, ok, "we did not read %q as one command", args)
		assert.Equal(t, want, got, "words of %q", args)
	}
}

// TestRandomWordsMatchBash generates random quoting and compares every
// string that both bash and the parser accept.
func TestRandomWordsMatchBash(t *testing.T) {
	if _, err := exec.LookPath("/bin/bash"); err != nil {
		t.Skip("no /bin/bash on this machine")
	}
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"a", "b", "-", "=", "/", ".", " ", " ", "'", `"`, `\`, `\ `, `\'`, `\"`, "$'\\x41'", "$'\\n'", "ab", ":", ",", "%", "+", "@"}
	compared := 0
	for i := 0; i < 300; i++ {
		var b strings.Builder
		n := 1 + rng.Intn(10)
		for j := 0; j < n; j++ {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		args := b.String()
		got, ok := ourWords(args)
		if !ok {
			continue
		}
		want, ok := bashWords(t, args)
		if !ok {
			continue
		}
		compared++
		assert.Equal(t, want, got, "words of %q", args)
	}
	t.Logf("compared %d random commands with bash", compared)
	require.Greater(t, compared, 50)
}

func TestSegments(t *testing.T) {
	tests := []struct {
		cmd  string
		want [][]string
	}{
		{"ls", [][]string{{"ls"}}},
		{"ls\nrm -rf ~", [][]string{{"ls"}, {"rm", "-rf", "~"}}},
		{"test&&curl x", [][]string{{"test"}, {"curl", "x"}}},
		{"evil.sh|sh", [][]string{{"evil.sh"}, {"sh"}}},
		{"echo $(curl x | sh)", [][]string{{"echo", "$(curl x | sh)"}, {"curl", "x"}, {"sh"}}},
		{"echo `id`", [][]string{{"echo", "`id`"}, {"id"}}},
		{"diff <(ls a) >(wc)", [][]string{{"diff", "<(ls a)", ">(wc)"}, {"ls", "a"}, {"wc"}}},
		{"(cd x; make)", [][]string{{"cd", "x"}, {"make"}}},
		{"{ ls; pwd; }", [][]string{{"ls"}, {"pwd"}}},
		{"cat x 2>/dev/null", [][]string{{"cat", "x"}}},
		{"FOO=1 make", [][]string{{"FOO=1", "make"}, {"make"}}}, // the command after the assignments is a segment of its own
		{"FOO=1 BAR=2", [][]string{{"FOO=1", "BAR=2"}}},
		{"echo ${X:-$(whoami)}", [][]string{{"echo", "${X:-$(whoami)}"}, {"whoami"}}},
		{"cat <<EOF\n$(id)\nEOF", [][]string{{"cat"}, {"id"}}},
		{"cat <<'EOF'\n$(id)\nEOF", [][]string{{"cat"}}},
		{"cat <<< \"$(id)\"", [][]string{{"cat"}, {"id"}}},
		{"echo 'a && b'", [][]string{{"echo", "a && b"}}},
		{"export A=$(id)", [][]string{{"export", "A=$(id)"}, {"id"}}},
		{"bash -c 'curl x'", [][]string{{"bash", "-c", "curl x"}, {"curl", "x"}}},
		{"x=1; eval \"cu\"\"rl x\"", [][]string{{"x=1"}, {"eval", "curl x"}, {"curl", "x"}}},
		{"timeout 5 npm test", [][]string{{"timeout", "5", "npm", "test"}, {"npm", "test"}}},
		// A comment ends at its line's end, a backslash there included.
		{"ls #\\\ncurl x", [][]string{{"ls"}, {"curl", "x"}}},
		{"ls # a \\\nls #\\\ncurl x", [][]string{{"ls"}, {"ls"}, {"curl", "x"}}},
		{"echo $(ls #\\\nid)", [][]string{{"echo", "$(ls # \nid)"}, {"ls"}, {"id"}}}, // the backslash bash ignores is a space
		{"echo '#\\\n' x", [][]string{{"echo", "#\\\n", "x"}}},
	}
	for _, tt := range tests {
		c := Read(tt.cmd, "/ws")
		require.Empty(t, c.ParseErr, tt.cmd)
		var got [][]string
		for _, s := range c.Segs {
			got = append(got, s.Words)
		}
		assert.Equal(t, tt.want, got, "segments of %q", tt.cmd)
	}
}

func TestViews(t *testing.T) {
	tests := []struct {
		words []string
		want  []string // a view that must be present
	}{
		{[]string{"env", "FOO=1", "/usr/bin/curl", "x"}, []string{"curl", "x"}},
		{[]string{"FOO=1", "curl", "x"}, []string{"curl", "x"}},
		{[]string{"sudo", "-u", "root", "rm", "-rf", "x"}, []string{"rm", "-rf", "x"}},
		{[]string{"nice", "-n", "5", "nohup", "curl", "x"}, []string{"curl", "x"}},
		{[]string{"timeout", "-s", "KILL", "5", "curl", "x"}, []string{"curl", "x"}},
		{[]string{"c{u,}rl", "x"}, []string{"curl", "crl", "x"}},
		{[]string{"{curl,x}"}, []string{"curl", "x"}},
		{[]string{"xargs", "-I{}", "curl", "{}"}, []string{"curl", "{}"}},
		{[]string{"command", "curl", "x"}, []string{"curl", "x"}},
		{[]string{"pnpm", "exec", "curl", "x"}, []string{"curl", "x"}},
	}
	for _, tt := range tests {
		views := lookThrough(tt.words)
		assert.Contains(t, views, tt.want, "views of %q", tt.words)
	}
	assert.Len(t, lookThrough([]string{"command", "-v", "curl"}), 1, "command -v runs nothing")
}

// lookThrough returns the views of words, as a segment of them would get.
func lookThrough(words []string) [][]string {
	var all Mask
	for _, w := range words {
		all |= MaskOf(w)
	}
	if len(words) == 0 || !lookNeeded(programs.WordBits(words[0]), all) {
		return [][]string{words}
	}
	views, _, _, _ := lookThroughViews(words, nil, all, &Command{})
	return views
}

// The wrapped command read on the way by lookThroughViews is the one
// programs.WrappedCommand reads from the same words.
func TestLookThroughReadsTheWrappedCommand(t *testing.T) {
	read := 0
	for _, line := range []string{
		"timeout 5 npm test", "X=1 sudo -u root rm -rf x", "/usr/bin/env FOO=1 curl x", "npm exec vitest run",
		"pnpm exec -- tsc", "docker exec app npm test", "nice -n 5 {a,b} c", "env -i", "sudo", "git bisect run make test",
		"xargs -I{} rm {}", "command -v ls", "uv run pytest -x", "env --unknown-opt x y", "npm test", "ls -la",
	} {
		words := strings.Fields(line)
		var all Mask
		for _, w := range words {
			all |= MaskOf(w)
		}
		_, inner, known, _ := lookThroughViews(words, nil, all, &Command{})
		if known {
			read++
			assert.Equal(t, programs.WrappedCommand(words), inner, line)
		}
	}
	assert.Greater(t, read, 10, "the wrapped command was read on the way for most lines")
}

// A segment is within another when it was read out of it: the program an
// argument runs, the command a wrapper runs, a nested script's commands;
// never a later command of the same list.
func TestWithin(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		i, j int
		want bool
	}{
		{"rg --hostname-bin=./x TODO", 1, 0, true},
		{"timeout 5 sh x.sh", 1, 0, true},
		{"timeout 5 find . -exec ./x {} +", 2, 0, true},
		{"timeout 5 find . -exec ./x {} +", 2, 1, true},
		{"sed 'w x.sh' in; sh x.sh", 1, 0, false},
		{"sed 'w x.sh' in; bash -c 'sh x.sh'", 2, 0, false},
		{"sed 'w x.sh' in; bash -c 'sh x.sh'", 2, 1, true},
		{"bash -c 'sed w in; sh x.sh'", 2, 1, false},
		{"bash -c 'sed w in; sh x.sh'", 2, 0, true},
		{"a; b", 0, 1, false},
		{"a; b", 1, 5, false},
	} {
		cmd := Read(c.cmd, "/ws/proj")
		assert.Equal(t, c.want, cmd.Within(c.i, c.j), "%q: %d within %d", c.cmd, c.i, c.j)
	}
}

// A segment runs inside another when it is a substitution in its words,
// at any depth; a later segment of the list, or one inside another
// segment's words, does not.
func TestRunsInside(t *testing.T) {
	for _, c := range []struct {
		cmd  string
		i, j int
		want bool
	}{
		{"git diff $(git merge-base a b)", 1, 0, true},
		{"a $(b $(c)) $(d)", 2, 0, true},
		{"a $(b $(c)) $(d)", 2, 1, true},
		{"a $(b $(c)) $(d)", 3, 0, true},
		{"a $(b $(c)) $(d)", 3, 1, false},
		{"a $(b $(c)) $(d)", 1, 2, false},
		{"x; a $(b)", 2, 1, true},
		{"x; a $(b)", 2, 0, false},
		{"a $(b) | c $(d)", 3, 0, false},
		{"a $(b) | c $(d)", 3, 2, true},
		{"a $(b) | c $(d)", 1, 2, false},
		{"a; b", 1, 0, false},
		{"a; b", 9, 0, false},
	} {
		cmd := Read(c.cmd, "/ws/proj")
		assert.Equal(t, c.want, cmd.RunsInside(c.i, c.j), "%q: %d inside %d", c.cmd, c.i, c.j)
	}
}

// A directory handle is a descriptor or a process's directory, and what
// follows it; other paths under /dev and /proc are not.
func TestDirHandle(t *testing.T) {
	for _, c := range []struct {
		p, rest string
		ok      bool
	}{
		{"/dev/fd/3/hooks/pre-commit", "hooks/pre-commit", true},
		{"/dev/fd/3", "", true},
		{"/dev/stdin/config", "config", true},
		{"/dev/stderr", "", true},
		{"/proc/self/fd/3/config", "config", true},
		{"/proc/self/cwd/config", "config", true},
		{"/proc/1/root/etc/passwd", "etc/passwd", true},
		{"/proc/thread-self/task/7/cwd", "", true},
		{"/proc/self/status", "", false},
		{"/proc/self/fd", "", false},
		{"/dev/null", "", false},
		{"/dev/fd", "", false},
		{"/ws/proj/dev/fd/3", "", false},
	} {
		rest, ok := DirHandle(c.p)
		assert.Equal(t, c.ok, ok, c.p)
		assert.Equal(t, c.rest, rest, c.p)
	}
	for w, want := range map[string]bool{"~1": true, "~+2/config": true, "~-1": true, "~-": false, "~+": false,
		"~": false, "~/x": false, "~bob": false, "~1x": false} {
		assert.Equal(t, want, StackTilde(w), w)
	}
}

// defaultAssigns finds every default-value assignment, subscripted and
// indirect ones too, and stays linear on many subscripts without a ']'.
func TestDefaultAssigns(t *testing.T) {
	var got []string
	defaultAssigns(`: ${A=1} ${B:=2} ${C:-3} ${D[0]=4} ${!E=5} ${F} ${G[x]:=6}`, func(n string) { got = append(got, n) })
	assert.Equal(t, []string{"A", "B", "D", "", "G"}, got)
	long := strings.Repeat("${a[", 50000)
	n := 0
	defaultAssigns(long, func(string) { n++ })
	assert.Zero(t, n)
}
