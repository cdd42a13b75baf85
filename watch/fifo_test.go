//go:build unix

package watch_test

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/watch"
)

// A named pipe in place of the file is refused at once, never read: the
// first load, a reload and Close all return.
func TestNamedPipeNeverHangs(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	_, err := watch.New(fifo, watch.Options{})
	require.ErrorIs(t, err, permengine.ErrNotRegular, "the first load refuses it at once")

	path := filepath.Join(dir, "permissions.json")
	writeFile(t, path, rule("ls"))
	h := start(t, watch.Options{}, path)
	require.NoError(t, os.Remove(path))
	require.NoError(t, syscall.Mkfifo(path, 0o644))
	for err := h.failure(); !errors.Is(err, permengine.ErrNotRegular); err = h.failure() {
		require.ErrorIs(t, err, watch.ErrDeleted)
	}
	require.ErrorIs(t, h.w.Reload(), permengine.ErrNotRegular)
	assert.True(t, allowed(h.w.Policy(), "ls"))
	require.NoError(t, h.w.Close(), "Close returns with a FIFO in place of the file")
}
