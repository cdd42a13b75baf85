//go:build unix

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// specialFiles are inputs that must be refused at once: reading a FIFO
// with no writer waits forever, /dev/zero never ends, a directory is not
// a file.
func specialFiles(t *testing.T) map[string]string {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	return map[string]string{"fifo": fifo, "device": "/dev/zero", "directory": dir}
}

func TestCommandsRefuseFilesThatAreNotRegular(t *testing.T) {
	for kind, path := range specialFiles(t) {
		for _, args := range [][]string{
			{"lint", path},
			{"check", path},
			{"decide", "-p", path, "--", "ls"},
			{"watch", path},
		} {
			t.Run(kind+"/"+args[0], func(t *testing.T) {
				var stdout, stderr bytes.Buffer
				code := run(args, strings.NewReader(""), &stdout, &stderr)
				assert.Equal(t, exitUsage, code)
				assert.Contains(t, stderr.String(), "not a regular file")
				assert.Contains(t, stderr.String(), path)
			})
		}
	}
}

func TestLintRefusesAnOversizedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "permissions.json")
	require.NoError(t, os.WriteFile(path, make([]byte, 1<<20+1), 0o644))
	var stdout, stderr bytes.Buffer
	assert.Equal(t, exitUsage, run([]string{"lint", path}, strings.NewReader(""), &stdout, &stderr))
	assert.Contains(t, stderr.String(), "over the 1 MiB limit")
}

// waitForOutput polls until out contains want; the bound only keeps a broken
// build from hanging the suite.
func waitForOutput(t *testing.T, out *syncBuffer, want string) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Contains(out.String(), want) {
			return
		}
	}
	t.Fatalf("no %q in %q", want, out.String())
}

// permcheck watch stops on SIGINT and SIGTERM, also after the file was
// replaced by a named pipe.
func TestWatchStopsOnSignals(t *testing.T) {
	for _, tc := range []struct {
		name string
		sig  syscall.Signal
		fifo bool
	}{{"SIGTERM", syscall.SIGTERM, false}, {"SIGINT", syscall.SIGINT, false}, {"SIGINT after a FIFO", syscall.SIGINT, true}} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "permissions.json")
			require.NoError(t, os.WriteFile(path, []byte(`{"allow": ["Terminal(ls)"]}`), 0o644))
			var stdout, stderr syncBuffer
			done := make(chan int, 1)
			go func() { done <- run([]string{"watch", path}, strings.NewReader(""), &stdout, &stderr) }()
			waitForOutput(t, &stdout, "ok: 1 rules")
			if tc.fifo {
				require.NoError(t, os.Remove(path))
				require.NoError(t, syscall.Mkfifo(path, 0o644))
				waitForOutput(t, &stdout, "not a regular file")
			}
			require.NoError(t, syscall.Kill(os.Getpid(), tc.sig))
			select {
			case code := <-done:
				assert.Equal(t, exitOK, code, stderr.String())
			case <-time.After(20 * time.Second):
				t.Fatal("permcheck watch did not stop on " + tc.name)
			}
		})
	}
}
