//go:build unix

package permengine_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

func TestAppendAllowThroughSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "shared", "policy.json")
	require.NoError(t, os.Mkdir(filepath.Dir(real), 0o755))
	require.NoError(t, os.WriteFile(real, []byte(`{"allow": ["Terminal(ls)"]}`), 0o640))
	link := filepath.Join(dir, "permissions.json")
	require.NoError(t, os.Symlink("shared/policy.json", link))

	_, err := permengine.AppendAllow(link, "Terminal(cd)")
	require.NoError(t, err)
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.Equal(t, os.ModeSymlink, fi.Mode()&os.ModeSymlink, "the link stays a link")
	assert.Equal(t, []string{"Terminal(ls)", "Terminal(cd)"}, allowOf(t, real), "the target gets the rule")
	fi, err = os.Stat(real)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o640), fi.Mode().Perm(), "the target keeps its mode")
	assertFiles(t, filepath.Dir(real), "policy.json", "policy.json"+permengine.LockSuffix)
	assertFiles(t, dir, "permissions.json", "shared")
}

func TestAppendAllowThroughDanglingSymlinkCreatesTarget(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "permissions.json")
	require.NoError(t, os.Symlink("real.json", link))
	_, err := permengine.AppendAllow(link, "Terminal(ls)")
	require.NoError(t, err)
	assert.Equal(t, []string{"Terminal(ls)"}, allowOf(t, filepath.Join(dir, "real.json")))
	fi, err := os.Lstat(link)
	require.NoError(t, err)
	assert.Equal(t, os.ModeSymlink, fi.Mode()&os.ModeSymlink)
}

func TestAppendAllowSymlinkLoop(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json")
	require.NoError(t, os.Symlink(b, a))
	require.NoError(t, os.Symlink(a, b))
	_, err := permengine.AppendAllow(a, "Terminal(ls)")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "symbolic links")
}

func TestAppendAllowRefusesHardLinkedFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	orig := `{"allow": ["Terminal(ls)"]}`
	require.NoError(t, os.WriteFile(path, []byte(orig), 0o644))
	require.NoError(t, os.Link(path, filepath.Join(dir, "other-name.json")))
	_, err := permengine.AppendAllow(path, "Terminal(cd)")
	require.ErrorIs(t, err, permengine.ErrHardLinked)
	assert.Contains(t, err.Error(), path)
	got, _ := os.ReadFile(path)
	assert.Equal(t, orig, string(got), "nothing is written")
	assertFiles(t, dir, "other-name.json", "permissions.json", "permissions.json"+permengine.LockSuffix)
}

func TestAppendAllowKeepsMode(t *testing.T) {
	for _, mode := range []os.FileMode{0o600, 0o640, 0o664} {
		path := filepath.Join(t.TempDir(), "permissions.json")
		require.NoError(t, os.WriteFile(path, []byte(`{}`), mode))
		require.NoError(t, os.Chmod(path, mode)) // past the umask
		_, err := permengine.AppendAllow(path, "Terminal(ls)")
		require.NoError(t, err)
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, mode, fi.Mode().Perm())
	}
}

// An append that would take the file over the loader's bound is refused:
// the project would otherwise lose its policy.
func TestAppendAllowRefusesToPassTheSizeBound(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	var b strings.Builder
	b.WriteString(`{"allow": [`)
	for i := 0; b.Len() < permengine.MaxFileBytes-64; i++ {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString(`"Terminal(tool` + strings.Repeat("x", 20) + `)"`)
	}
	b.WriteString("]}")
	require.Less(t, b.Len(), permengine.MaxFileBytes)
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))

	_, err := permengine.AppendAllow(path, "Terminal(a-rule-long-enough-to-pass-the-bound "+strings.Repeat("y", 64)+")")
	require.ErrorIs(t, err, permengine.ErrTooLarge)
	assert.Contains(t, err.Error(), "1 MiB")
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, b.String(), string(got), "nothing is written")
	_, err = permengine.LoadFile(path)
	require.NoError(t, err, "the policy still loads")
	assertFiles(t, dir, "permissions.json", "permissions.json"+permengine.LockSuffix)
}

func TestAppendAllowMissingDirectoryNamesThePolicy(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no-such-dir", "permissions.json")
	_, err := permengine.AppendAllow(path, "Terminal(ls)")
	require.ErrorIs(t, err, os.ErrNotExist)
	assert.Contains(t, err.Error(), "cannot write "+path)
	assert.NotContains(t, err.Error(), ".tmp-")
	assert.NotContains(t, err.Error(), permengine.LockSuffix)
}

func TestAppendAllowLockTimeout(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	require.NoError(t, os.WriteFile(path, []byte(`{}`), 0o644))
	held, err := os.OpenFile(path+permengine.LockSuffix, os.O_RDONLY|os.O_CREATE, 0o644)
	require.NoError(t, err)
	require.NoError(t, syscall.Flock(int(held.Fd()), syscall.LOCK_EX))

	_, err = permengine.Saver{LockTimeout: 30 * time.Millisecond}.AppendAllow(path, "Terminal(ls)")
	require.ErrorIs(t, err, permengine.ErrLockTimeout)
	assert.Contains(t, err.Error(), path+permengine.LockSuffix)
	got, _ := os.ReadFile(path)
	assert.Equal(t, `{}`, string(got))

	require.NoError(t, held.Close())
	_, err = permengine.Saver{LockTimeout: 30 * time.Millisecond}.AppendAllow(path, "Terminal(ls)")
	require.NoError(t, err, "the lock is free once its holder closes it")
}

// Temporary files a killed writer left are removed by the next writer.
func TestAppendAllowRemovesStaleTemporaryFiles(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	require.NoError(t, os.WriteFile(path, []byte(`{}`), 0o644))
	for _, n := range []string{".permissions.json.tmp-123", ".permissions.json.tmp-abc"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, n), []byte(`{"allow": []}`), 0o600))
	}
	require.NoError(t, os.WriteFile(filepath.Join(dir, ".other.json.tmp-1"), nil, 0o600))
	_, err := permengine.AppendAllow(path, "Terminal(ls)")
	require.NoError(t, err)
	assertFiles(t, dir, ".other.json.tmp-1", "permissions.json", "permissions.json"+permengine.LockSuffix)
}
