//go:build unix

package permengine_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

// notRegular are paths that must be refused before a byte is read: a FIFO
// with no writer (reading it would wait forever), a directory, and a
// device that never ends.
func notRegular(t *testing.T) map[string]string {
	t.Helper()
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o644))
	paths := map[string]string{"fifo": fifo, "directory": dir}
	if _, err := os.Stat("/dev/zero"); err == nil {
		paths["device"] = "/dev/zero"
	}
	return paths
}

func TestReadFileBoundedRefusesWhatIsNotARegularFile(t *testing.T) {
	for kind, path := range notRegular(t) {
		t.Run(kind, func(t *testing.T) {
			_, err := permengine.ReadFileBounded(path, 1<<20)
			require.ErrorIs(t, err, permengine.ErrNotRegular)
			assert.Contains(t, err.Error(), path, "the error names the file")
		})
	}
}

func TestLoadRefusesWhatIsNotARegularFile(t *testing.T) {
	for kind, path := range notRegular(t) {
		t.Run(kind, func(t *testing.T) {
			_, err := permengine.LoadFile(path)
			require.ErrorIs(t, err, permengine.ErrNotRegular)
			_, err = permengine.LoadLayers(path)
			require.ErrorIs(t, err, permengine.ErrNotRegular)
			_, err = permengine.AppendAllow(path, "Terminal(ls)")
			require.ErrorIs(t, err, permengine.ErrNotRegular)
		})
	}
}

func TestReadFileBoundedRefusesAnOversizedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	require.NoError(t, os.WriteFile(path, make([]byte, 64<<10+1), 0o644))
	_, err := permengine.ReadFileBounded(path, 64<<10)
	require.ErrorIs(t, err, permengine.ErrTooLarge)
	assert.Equal(t, path+": file too large: over the 64 KiB limit", err.Error())

	data, err := permengine.ReadFileBounded(path, 64<<10+1)
	require.NoError(t, err, "a file exactly at the bound is read")
	assert.Len(t, data, 64<<10+1)
}

func TestLoadFileRefusesAnOversizedFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "permissions.json")
	data := `{"allow": [` + strings.Repeat(`"Terminal(ls)",`, permengine.MaxFileBytes/15) + `"Terminal(ls)"]}`
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
	_, err := permengine.LoadFile(path)
	require.ErrorIs(t, err, permengine.ErrTooLarge)
	assert.Contains(t, err.Error(), path)
	assert.Contains(t, err.Error(), "1 MiB")
}

func TestReadFileBoundedMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "none.json")
	_, err := permengine.ReadFileBounded(path, 10)
	require.True(t, errors.Is(err, fs.ErrNotExist))
	assert.Contains(t, err.Error(), path)
}

func TestHumanBytes(t *testing.T) {
	for n, want := range map[int64]string{
		1: "1 byte", 1000: "1000 bytes", 1 << 10: "1 KiB", 64 << 10: "64 KiB",
		1 << 20: "1 MiB", 3 << 30: "3 GiB", 1<<20 + 1: "1048577 bytes",
	} {
		assert.Equal(t, want, permengine.HumanBytes(n), "%d", n)
	}
}
