package watch_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/watch"
)

// start watches paths (as layers) with callbacks turned into channels.
func start(t *testing.T, opts watch.Options, paths ...string) *harness {
	t.Helper()
	h := &harness{t: t, path: paths[0], reloads: make(chan *permengine.Policy, 1000), errs: make(chan error, 1000)}
	opts.OnReload = func(p *permengine.Policy) { h.count.Add(1); h.reloads <- p }
	opts.OnError = func(err error) { h.errs <- err }
	w, err := watch.NewLayers(paths, opts)
	require.NoError(t, err)
	h.w = w
	t.Cleanup(func() { require.NoError(t, w.Close()) })
	return h
}

// reloadWith waits for a reload whose policy allows cmd, skipping errors
// and reloads of intermediate states, and logs how long it took since
// since.
func (h *harness) reloadWith(cmd string, since time.Time) *permengine.Policy {
	h.t.Helper()
	timeout := time.After(waitFor)
	for {
		select {
		case p := <-h.reloads:
			if allowed(p, cmd) {
				h.t.Logf("reloaded with %q %v after the change", cmd, time.Since(since).Round(time.Millisecond))
				return p
			}
		case <-h.errs:
		case <-timeout:
			h.t.Fatalf("no reload allowing %q", cmd)
			return nil
		}
	}
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
}

func rule(cmd string) string { return fmt.Sprintf(`{"allow": ["Terminal(%s)"]}`, cmd) }

func TestParentDirectoryRemovedAndRecreated(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "conf")
	require.NoError(t, os.Mkdir(dir, 0o755))
	path := filepath.Join(dir, "permissions.json")
	writeFile(t, path, rule("ls"))
	h := start(t, watch.Options{}, path)
	good := h.w.Policy()

	require.NoError(t, os.RemoveAll(dir))
	assert.ErrorIs(t, h.failure(), watch.ErrDeleted)
	assert.Same(t, good, h.w.Policy(), "the last good policy stays")

	for i := range 3 { // again and again: each new directory is watched
		require.NoError(t, os.Mkdir(dir, 0o755))
		changed := time.Now()
		writeFile(t, path, rule(fmt.Sprintf("make%d", i)))
		h.reloadWith(fmt.Sprintf("make%d", i), changed)
		require.NoError(t, os.RemoveAll(dir))
	}
}

func TestParentDirectoryMoved(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "conf")
	require.NoError(t, os.Mkdir(dir, 0o755))
	path := filepath.Join(dir, "permissions.json")
	writeFile(t, path, rule("ls"))
	h := start(t, watch.Options{}, path)

	moved := filepath.Join(root, "conf.old")
	require.NoError(t, os.Rename(dir, moved))
	assert.ErrorIs(t, h.failure(), watch.ErrDeleted)
	require.NoError(t, os.Mkdir(dir, 0o755))
	changed := time.Now()
	writeFile(t, path, rule("make"))
	h.reloadWith("make", changed)

	// The moved directory is not the file any more.
	writeFile(t, filepath.Join(moved, "permissions.json"), rule("old"))
	changed = time.Now()
	writeFile(t, path, rule("new"))
	p := h.reloadWith("new", changed)
	assert.False(t, allowed(p, "old"))
	assert.False(t, allowed(h.w.Policy(), "old"))
}

func TestSymlinkTargetEdited(t *testing.T) {
	root := t.TempDir()
	target := filepath.Join(root, "shared", "policy.json")
	require.NoError(t, os.Mkdir(filepath.Dir(target), 0o755))
	writeFile(t, target, rule("ls"))
	link := filepath.Join(root, "proj", "permissions.json")
	require.NoError(t, os.Mkdir(filepath.Dir(link), 0o755))
	require.NoError(t, os.Symlink("../shared/policy.json", link))
	h := start(t, watch.Options{}, link)
	assert.True(t, allowed(h.w.Policy(), "ls"))

	changed := time.Now()
	writeFile(t, target, rule("make")) // in place
	h.reloadWith("make", changed)
	changed = time.Now()
	tmp := target + ".swp" // by rename
	writeFile(t, tmp, rule("go"))
	require.NoError(t, os.Rename(tmp, target))
	h.reloadWith("go", changed)
}

func TestSymlinkRetargeted(t *testing.T) {
	root := t.TempDir()
	a, b := filepath.Join(root, "a", "policy.json"), filepath.Join(root, "b", "policy.json")
	for _, p := range []string{a, b} {
		require.NoError(t, os.Mkdir(filepath.Dir(p), 0o755))
	}
	writeFile(t, a, rule("ls"))
	writeFile(t, b, rule("make"))
	link := filepath.Join(root, "permissions.json")
	require.NoError(t, os.Symlink(a, link))
	h := start(t, watch.Options{}, link)

	changed := time.Now()
	require.NoError(t, os.Symlink(b, link+".new"))
	require.NoError(t, os.Rename(link+".new", link))
	h.reloadWith("make", changed)

	changed = time.Now()
	writeFile(t, b, rule("go")) // the new target is watched
	h.reloadWith("go", changed)
	writeFile(t, a, rule("old")) // the old one is not the file any more
	changed = time.Now()
	writeFile(t, b, rule("vet"))
	assert.False(t, allowed(h.reloadWith("vet", changed), "old"))
}

func TestSymlinkedDirectoryInPathRetargeted(t *testing.T) {
	root := t.TempDir()
	for i, cmd := range []string{"ls", "make"} {
		d := filepath.Join(root, fmt.Sprintf("v%d", i+1))
		require.NoError(t, os.Mkdir(d, 0o755))
		writeFile(t, filepath.Join(d, "permissions.json"), rule(cmd))
	}
	require.NoError(t, os.Symlink("v1", filepath.Join(root, "current")))
	h := start(t, watch.Options{}, filepath.Join(root, "current", "permissions.json"))
	assert.True(t, allowed(h.w.Policy(), "ls"))

	changed := time.Now()
	require.NoError(t, os.Symlink("v2", filepath.Join(root, "current.new")))
	require.NoError(t, os.Rename(filepath.Join(root, "current.new"), filepath.Join(root, "current")))
	h.reloadWith("make", changed)
}

// configMapUpdate does what the kubelet does to a mounted ConfigMap: the
// new content in a new timestamped directory, a "..data_tmp" link to it
// renamed over "..data", the old directory removed.
func configMapUpdate(t *testing.T, root, stamp, content, old string) {
	t.Helper()
	dir := filepath.Join(root, stamp)
	require.NoError(t, os.Mkdir(dir, 0o755))
	writeFile(t, filepath.Join(dir, "permissions.json"), content)
	require.NoError(t, os.Symlink(stamp, filepath.Join(root, "..data_tmp")))
	require.NoError(t, os.Rename(filepath.Join(root, "..data_tmp"), filepath.Join(root, "..data")))
	if old != "" {
		require.NoError(t, os.RemoveAll(filepath.Join(root, old)))
	}
}

func TestKubernetesConfigMapSwap(t *testing.T) {
	root := t.TempDir()
	configMapUpdate(t, root, "..2026_01_01_00_00_00.1", rule("ls"), "")
	path := filepath.Join(root, "permissions.json")
	require.NoError(t, os.Symlink("..data/permissions.json", path))
	h := start(t, watch.Options{}, path)
	assert.True(t, allowed(h.w.Policy(), "ls"))

	old := "..2026_01_01_00_00_00.1"
	for i := range 3 {
		stamp := fmt.Sprintf("..2026_01_01_00_00_0%d.%d", i+1, i+2)
		cmd := fmt.Sprintf("make%d", i)
		changed := time.Now()
		configMapUpdate(t, root, stamp, rule(cmd), old)
		h.reloadWith(cmd, changed)
		old = stamp
	}
}

// During continuous edits (a write every 50 ms) reloads still happen, at
// the latest MaxWait after the first event.
func TestContinuousEditsStillReload(t *testing.T) {
	path := filepath.Join(t.TempDir(), "permissions.json")
	writeFile(t, path, rule("ls"))
	h := start(t, watch.Options{MaxWait: 400 * time.Millisecond}, path)

	const writes = 60 // 3 s of edits, 30 debounce periods
	first := time.Now()
	var firstReload time.Duration
	for i := range writes {
		writeFile(t, path, rule(fmt.Sprintf("tool%d", i)))
		time.Sleep(50 * time.Millisecond)
		if firstReload == 0 && h.count.Load() > 0 {
			firstReload = time.Since(first)
		}
	}
	during := h.count.Load()
	t.Logf("%d writes every 50 ms: %d reloads during the edits, the first %v after the first write", writes, during, firstReload.Round(time.Millisecond))
	assert.GreaterOrEqual(t, during, int32(2), "reloads happen while the edits go on")
	assert.Less(t, during, int32(writes/2), "the edits are still debounced")
	h.reloadWith(fmt.Sprintf("tool%d", writes-1), time.Now())
}

func TestLayersReloadAsOne(t *testing.T) {
	dir := t.TempDir()
	global, project := filepath.Join(dir, "global.json"), filepath.Join(dir, "proj", "permissions.json")
	require.NoError(t, os.Mkdir(filepath.Dir(project), 0o755))
	writeFile(t, global, `{"deny": ["Terminal(curl:*)"]}`)
	writeFile(t, project, `{"allow": ["Terminal(curl:*)", "Terminal(ls)"]}`)
	session := filepath.Join(dir, "session.json") // missing: an empty layer
	h := start(t, watch.Options{}, global, project, session)
	assert.Equal(t, []string{global, project, session}, h.w.Paths())
	assert.False(t, allowed(h.w.Policy(), "curl x"), "deny > allow across layers")
	assert.True(t, allowed(h.w.Policy(), "ls"))

	changed := time.Now()
	writeFile(t, session, rule("make"))
	p := h.reloadWith("make", changed)
	assert.True(t, allowed(p, "ls"), "the other layers stay")
	writeFile(t, global, `{"deny": ["Terminal(curl:*)", "Terminal(ls)"]}`)
	p = h.reload()
	assert.False(t, allowed(p, "ls"), "a deny added to one layer beats an allow in another")
	assert.True(t, allowed(p, "make"))

	writeFile(t, project, `{"allow": ["Termnal(ls)"]}`)
	assert.ErrorIs(t, h.failure(), permengine.ErrPattern)
	assert.Same(t, p, h.w.Policy(), "one bad layer keeps the last good policy")
}

// Reload puts a file the host just wrote in force at once.
func TestReload(t *testing.T) {
	path := filepath.Join(t.TempDir(), "permissions.json")
	writeFile(t, path, rule("ls"))
	h := start(t, watch.Options{Debounce: time.Hour, MaxWait: time.Hour}, path)

	writeFile(t, path, rule("make"))
	require.NoError(t, h.w.Reload())
	assert.True(t, allowed(h.w.Policy(), "make"), "in force when Reload returns")

	writeFile(t, path, `{"allow": ["Termnal(go)"]}`)
	err := h.w.Reload()
	require.ErrorIs(t, err, permengine.ErrPattern)
	assert.True(t, allowed(h.w.Policy(), "make"), "a failed Reload keeps the last good policy")

	require.NoError(t, h.w.Close())
	assert.ErrorIs(t, h.w.Reload(), watch.ErrClosed)
}

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

// When the kernel's event queue overflows, the change whose event was lost
// is still picked up: the watcher reloads everything.
func TestQueueOverflowReloads(t *testing.T) {
	limit := maxQueuedEvents(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "permissions.json")
	writeFile(t, path, rule("ls"))
	block := make(chan struct{})
	h := &harness{t: t, path: path, reloads: make(chan *permengine.Policy, 100), errs: make(chan error, 100)}
	blocked := false
	w, err := watch.New(path, watch.Options{
		OnReload: func(p *permengine.Policy) {
			if !blocked { // hold the watcher's goroutine while the queue fills
				blocked = true
				<-block
			}
			h.reloads <- p
		},
		OnError: func(err error) { h.errs <- err },
	})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, w.Close()) })
	h.w = w

	writeFile(t, path, rule("make"))
	time.Sleep(3 * watch.DefaultDebounce) // the reload starts and blocks
	junk := filepath.Join(dir, "junk")
	for i := 0; i < limit+100; i++ { // more events than the queue holds
		require.NoError(t, os.WriteFile(junk, nil, 0o644))
		require.NoError(t, os.Remove(junk))
	}
	writeFile(t, path, rule("go")) // its event is lost
	close(block)

	overflow := false
	timeout := time.After(waitFor)
	for {
		select {
		case err := <-h.errs:
			overflow = overflow || errors.Is(err, fsnotifyOverflow)
		case p := <-h.reloads:
			if allowed(p, "go") {
				assert.True(t, overflow, "the reload came from the overflow")
				return
			}
		case <-timeout:
			t.Fatalf("the change after the overflow was not picked up (overflow reported: %v)", overflow)
		}
	}
}

func maxQueuedEvents(t *testing.T) int {
	data, err := os.ReadFile("/proc/sys/fs/inotify/max_queued_events")
	if err != nil {
		t.Skip("no inotify here")
	}
	var n int
	_, err = fmt.Sscan(strings.TrimSpace(string(data)), &n)
	require.NoError(t, err)
	return n
}

func TestDirectoryMissingAtStart(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "not", "yet")
	path := filepath.Join(dir, "permissions.json")
	h := start(t, watch.Options{}, path)
	assert.Equal(t, 0, h.w.Policy().Len(), "a missing file is an empty policy")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	changed := time.Now()
	writeFile(t, path, rule("ls"))
	h.reloadWith("ls", changed)
}
