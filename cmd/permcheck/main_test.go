package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"permcheck": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs the command-line scripts in testdata/*.txtar.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir: "testdata",
		Setup: func(env *testscript.Env) error {
			// The project's own case corpus, for "permcheck check".
			root, err := filepath.Abs("../..")
			if err != nil {
				return err
			}
			env.Setenv("REPO", root)
			return expandWork(env.WorkDir)
		},
	})
}

// expandWork writes the work directory in place of "$WORK" in the
// archive's .json files, so that hook inputs can carry absolute paths
// inside the script's project.
func expandWork(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".json") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil || !bytes.Contains(b, []byte("$WORK")) {
			return err
		}
		return os.WriteFile(path, bytes.ReplaceAll(b, []byte("$WORK"), []byte(dir)), 0o644)
	})
}

// caseStream generates n JSONL cases on the fly and samples the heap at
// two points while the command reads them.
type caseStream struct {
	n, i    int
	buf     bytes.Buffer
	samples map[int]uint64
}

func (s *caseStream) Read(p []byte) (int, error) {
	for s.buf.Len() < len(p) && s.i < s.n {
		if s.i == 1000 || s.i == s.n-1 {
			runtime.GC()
			var ms runtime.MemStats
			runtime.ReadMemStats(&ms)
			s.samples[s.i] = ms.HeapAlloc
		}
		fmt.Fprintf(&s.buf, `{"name":"c%d","permissions":{"allow":["Terminal(ls)","Terminal(git status)"],"deny":["Terminal(curl:*)"]},"role":"developer","action":{"type":"terminal","command":"ls src/dir%d && git status","cwd":"/ws/proj"},"env":{"scope_root":"/ws/proj"}}`+"\n", s.i, s.i)
		s.i++
	}
	if s.buf.Len() == 0 {
		return 0, io.EOF
	}
	return s.buf.Read(p)
}

type lineCounter struct{ lines int }

func (c *lineCounter) Write(p []byte) (int, error) {
	c.lines += bytes.Count(p, []byte("\n"))
	return len(p), nil
}

// A batch of 10,000 cases streams: every case gets a line, and the heap
// does not grow with the number of cases.
func TestDecideJSONLStreamsFlat(t *testing.T) {
	in := &caseStream{n: 10000, samples: map[int]uint64{}}
	out := &lineCounter{}
	var stderr bytes.Buffer
	code := run([]string{"decide", "--jsonl"}, in, out, &stderr)
	require.Equal(t, 0, code, stderr.String())
	assert.Equal(t, 10000, out.lines)
	early, late := in.samples[1000], in.samples[9999]
	t.Logf("heap after 1,000 cases: %d KiB; after 9,999: %d KiB", early/1024, late/1024)
	assert.Less(t, late, early+1<<20, "the heap grew by more than 1 MiB over 9,000 cases")
}

// syncBuffer is a bytes.Buffer safe for the watcher's goroutine.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

func TestWatchCommand(t *testing.T) {
	path := filepath.Join(t.TempDir(), "permissions.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"allow": ["Terminal(ls)"]}`), 0o644))
	ctx, cancel := context.WithCancel(context.Background())
	var out, errOut syncBuffer
	done := make(chan int)
	go func() { done <- watchFile(ctx, path, &out, &errOut) }()
	waitFor := func(s string) {
		t.Helper()
		deadline := time.Now().Add(5 * time.Second)
		for !strings.Contains(out.String(), s) {
			if time.Now().After(deadline) {
				t.Fatalf("no %q in output:\n%s", s, out.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor("ok: 1 rules\n")
	require.NoError(t, os.WriteFile(path, []byte(`{"allow": ["Terminal(ls)", "Terminal(make)"]}`), 0o644))
	waitFor("ok: 2 rules\n")
	require.NoError(t, os.WriteFile(path, []byte(`{"allow": ["Termnal(ls)"]}`), 0o644))
	waitFor(`error: ` + path + `:1:12: allow[0]: unknown label "Termnal" (did you mean "Terminal"?) (keeping the last good policy)`)
	cancel()
	assert.Equal(t, 0, <-done)
}
