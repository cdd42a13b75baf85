//go:build unix

package permengine_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

// childEnv makes the test binary, started again by a test, act as one
// writer process instead of running the tests.
const childEnv = "PERMENGINE_TEST_WRITER"

// writerSpec is what a writer process does.
type writerSpec struct {
	Mode   string // "append": N rules; "loop": rules until killed; "fsize": one append under a file size limit
	Path   string
	Prefix string
	N      int
	Limit  uint64 // for "fsize": RLIMIT_FSIZE in bytes
}

func TestMain(m *testing.M) {
	if spec := os.Getenv(childEnv); spec != "" {
		os.Exit(runWriter(spec))
	}
	os.Exit(m.Run())
}

func runWriter(specJSON string) int {
	var spec writerSpec
	if err := json.Unmarshal([]byte(specJSON), &spec); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 2
	}
	saver := permengine.Saver{LockTimeout: 2 * time.Minute}
	appendOne := func(i int) error {
		_, err := saver.AppendAllow(spec.Path, fmt.Sprintf("Terminal(%s-%d)", spec.Prefix, i))
		return err
	}
	switch spec.Mode {
	case "append":
		for i := range spec.N {
			if err := appendOne(i); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
	case "loop":
		fmt.Println("ready")
		for i := 0; ; i++ {
			if err := appendOne(i); err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
		}
	case "fsize":
		signal.Ignore(syscall.SIGXFSZ) // a write past the limit fails with EFBIG
		if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: spec.Limit, Max: spec.Limit}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 2
		}
		err := appendOne(0)
		fmt.Println(err)
		if err == nil {
			return 3
		}
	}
	return 0
}

func writer(t *testing.T, spec writerSpec) *exec.Cmd {
	t.Helper()
	b, err := json.Marshal(spec)
	require.NoError(t, err)
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), childEnv+"="+string(b))
	cmd.Stderr = os.Stderr
	return cmd
}

// Writers in several processes append at once; every rule is kept.
func TestAppendAllowAcrossProcesses(t *testing.T) {
	for _, tc := range []struct{ procs, each int }{{2, 50}, {8, 50}} {
		t.Run(fmt.Sprintf("%dx%d", tc.procs, tc.each), func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, "permissions.json")
			require.NoError(t, os.WriteFile(path, []byte("{\n  \"allow\": []\n}\n"), 0o644))
			cmds := make([]*exec.Cmd, tc.procs)
			for i := range cmds {
				cmds[i] = writer(t, writerSpec{Mode: "append", Path: path, Prefix: fmt.Sprintf("p%d", i), N: tc.each})
				require.NoError(t, cmds[i].Start())
			}
			for i, c := range cmds {
				assert.NoError(t, c.Wait(), "writer %d", i)
			}
			kept := allowOf(t, path)
			t.Logf("%d processes x %d rules: %d of %d kept", tc.procs, tc.each, len(kept), tc.procs*tc.each)
			assert.Len(t, kept, tc.procs*tc.each, "no rule is lost")
			seen := map[string]bool{}
			for _, r := range kept {
				seen[r] = true
			}
			for i := range tc.procs {
				for j := range tc.each {
					assert.True(t, seen[fmt.Sprintf("Terminal(p%d-%d)", i, j)], "p%d-%d", i, j)
				}
			}
			assertFiles(t, dir, "permissions.json", "permissions.json"+permengine.LockSuffix)
		})
	}
}

// tempFiles counts the temporary files of the policy's writes in dir.
func tempFiles(t *testing.T, dir string) (int, int64) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	n, size := 0, int64(0)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".permissions.json.tmp-") {
			n++
			if fi, err := e.Info(); err == nil {
				size += fi.Size()
			}
		}
	}
	return n, size
}

// Writers killed with SIGKILL at random points leave a file that loads;
// the next append removes every temporary file they left.
func TestAppendAllowSurvivesKilledWriters(t *testing.T) {
	const seedRules = 200
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	var b strings.Builder
	b.WriteString("{\n  \"allow\": [\n    \"Terminal(ls)\"")
	for i := range seedRules {
		fmt.Fprintf(&b, ",\n    \"Terminal(seed-%d)\"", i)
	}
	b.WriteString("\n  ]\n}\n")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))

	const kills = 60
	cut := 0 // kills that left a temporary file
	for i := range kills {
		cmd := writer(t, writerSpec{Mode: "loop", Path: path, Prefix: fmt.Sprintf("k%d", i)})
		out, err := cmd.StdoutPipe()
		require.NoError(t, err)
		require.NoError(t, cmd.Start())
		line, err := bufio.NewReader(out).ReadString('\n')
		require.NoError(t, err)
		require.Equal(t, "ready\n", line)
		time.Sleep(time.Duration(rand.IntN(20000)) * time.Microsecond) // to land anywhere in a write
		require.NoError(t, cmd.Process.Signal(syscall.SIGKILL))
		_ = cmd.Wait()
		n, _ := tempFiles(t, dir)
		require.LessOrEqual(t, n, 1, "temporary files never pile up: each writer removes the last one's")
		cut += n
		_, err = permengine.LoadFile(path)
		require.NoError(t, err, "after kill %d the policy loads", i)
	}
	n, size := tempFiles(t, dir)
	t.Logf("%d writers killed; a temporary file was there after %d of the kills; %d temporary files (%d bytes) at the end", kills, cut, n, size)
	allow := allowOf(t, path)
	require.GreaterOrEqual(t, len(allow), seedRules+1, "no rule written before a kill is lost")
	_, err := permengine.AppendAllow(path, "Terminal(after-the-kills)")
	require.NoError(t, err)
	n, _ = tempFiles(t, dir)
	t.Logf("after one more append: %d temporary files", n)
	assert.Zero(t, n, "the next append removes what killed writers left")
	assertFiles(t, dir, "permissions.json", "permissions.json"+permengine.LockSuffix)
}

// A write that fails half way (the file size limit is hit while the
// temporary file is written) leaves the policy as it was and no temporary
// file.
func TestAppendAllowFailedWriteLeavesNoTemporaryFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	var b strings.Builder
	b.WriteString(`{"allow": ["Terminal(ls)"`)
	for i := range 2000 {
		fmt.Fprintf(&b, `, "Terminal(seed-%d)"`, i)
	}
	b.WriteString("]}")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	require.NoError(t, os.WriteFile(path+permengine.LockSuffix, nil, 0o644))

	cmd := writer(t, writerSpec{Mode: "fsize", Path: path, Limit: 4096})
	out, err := cmd.Output()
	require.NoError(t, err, "the append fails with an error, not a crash")
	assert.Contains(t, string(out), "file too large")
	assert.Contains(t, string(out), path)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, b.String(), string(got))
	assertFiles(t, dir, "permissions.json", "permissions.json"+permengine.LockSuffix)
}
