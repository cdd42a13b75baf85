package permengine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
)

func TestAppendAllowKeepsEverythingElse(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	orig := `{"$schema": "./permissions.schema.json", "deny": ["Terminal(curl:*)", "Terminal(wget:*)"],
  "allow": ["Terminal(ls)"], "ask": ["GitPush()"]}`
	require.NoError(t, os.WriteFile(path, []byte(orig), 0o600))

	added, err := permengine.AppendAllow(path, "Terminal(npm test)", "Terminal(ls)", "Terminal(cd)", "Terminal(npm test)")
	require.NoError(t, err)
	assert.Equal(t, []string{"Terminal(npm test)", "Terminal(cd)"}, added, "duplicates are skipped")

	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, `{"$schema": "./permissions.schema.json", "deny": ["Terminal(curl:*)", "Terminal(wget:*)"],
  "allow": ["Terminal(ls)", "Terminal(npm test)", "Terminal(cd)"], "ask": ["GitPush()"]}`, string(got),
		"every byte of the file is kept, the rules go after the last one")
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the file keeps its mode")

	added, err = permengine.AppendAllow(path, "Terminal(cd)")
	require.NoError(t, err)
	assert.Empty(t, added)
	_, err = permengine.LoadFile(path)
	require.NoError(t, err, "the written file loads back")
	assertFiles(t, dir, "permissions.json", "permissions.json"+permengine.LockSuffix)
}

func TestAppendAllowCreatesMissingFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "permissions.json")
	_, err := permengine.AppendAllow(path, "Terminal(git status)", `Terminal(grep "a b")`)
	require.NoError(t, err)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, "{\n  \"allow\": [\n    \"Terminal(git status)\",\n    \"Terminal(grep \\\"a b\\\")\"\n  ]\n}\n", string(got))
}

func TestAppendAllowRefusesInvalidInput(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	bad := `{"deny": ["Termnal(curl:*)"]}`
	require.NoError(t, os.WriteFile(path, []byte(bad), 0o644))
	_, err := permengine.AppendAllow(path, "Terminal(ls)")
	require.ErrorIs(t, err, permengine.ErrPattern)
	got, _ := os.ReadFile(path)
	assert.Equal(t, bad, string(got), "an invalid file is left alone")

	path2 := filepath.Join(dir, "other.json")
	_, err = permengine.AppendAllow(path2, "Terminal(ls && rm)")
	require.ErrorIs(t, err, permengine.ErrPattern)
	_, statErr := os.Stat(path2)
	assert.True(t, os.IsNotExist(statErr), "nothing is written for a bad rule")
}

func TestAppendAllowConcurrent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "permissions.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"allow": []}`), 0o644))
	var wg sync.WaitGroup
	for i := 0; i < 40; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			_, err := permengine.AppendAllow(path, fmt.Sprintf("Terminal(tool%d)", i))
			assert.NoError(t, err)
		}(i)
	}
	wg.Wait()
	p, err := permengine.LoadFile(path)
	require.NoError(t, err)
	assert.Equal(t, 40, len(p.Rules(permengine.ListAllow)), "no append is lost")
}

// assertFiles checks that dir holds exactly the names given.
func assertFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	slices.Sort(names)
	assert.Equal(t, names, got)
}

func allowOf(t *testing.T, path string) []string {
	t.Helper()
	f, err := permengine.ReadFile(path)
	require.NoError(t, err)
	var out []string
	for _, e := range f.Lists[permengine.ListAllow] {
		out = append(out, e.Text)
	}
	return out
}
