package watch_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/watch"
)

func TestMain(m *testing.M) {
	goleak.VerifyTestMain(m)
}

const waitFor = 5 * time.Second

// harness watches a file in a temporary directory and turns the callbacks
// into channels, so tests wait on events rather than sleep.
type harness struct {
	t       *testing.T
	path    string
	w       *watch.Watcher
	reloads chan *permengine.Policy
	errs    chan error
	count   atomic.Int32
}

func newHarness(t *testing.T, initial string) *harness {
	t.Helper()
	h := &harness{t: t, path: filepath.Join(t.TempDir(), "permissions.json"),
		reloads: make(chan *permengine.Policy, 100), errs: make(chan error, 100)}
	if initial != "" {
		h.write(initial)
	}
	w, err := watch.New(h.path, watch.Options{
		OnReload: func(p *permengine.Policy) { h.count.Add(1); h.reloads <- p },
		OnError:  func(err error) { h.errs <- err },
	})
	require.NoError(t, err)
	h.w = w
	t.Cleanup(func() { require.NoError(t, w.Close()) })
	return h
}

func (h *harness) write(content string) {
	h.t.Helper()
	require.NoError(h.t, os.WriteFile(h.path, []byte(content), 0o644))
}

// replace writes the file the way careful editors do: a new file renamed
// over the old one, so the watcher never sees it half written.
func (h *harness) replace(content string) {
	h.t.Helper()
	tmp := h.path + ".tmp"
	require.NoError(h.t, os.WriteFile(tmp, []byte(content), 0o644))
	require.NoError(h.t, os.Rename(tmp, h.path))
}

func (h *harness) reload() *permengine.Policy {
	h.t.Helper()
	select {
	case p := <-h.reloads:
		return p
	case err := <-h.errs:
		h.t.Fatalf("wanted a reload, got error %v", err)
	case <-time.After(waitFor):
		h.t.Fatal("no reload")
	}
	return nil
}

func (h *harness) failure() error {
	h.t.Helper()
	select {
	case err := <-h.errs:
		return err
	case p := <-h.reloads:
		h.t.Fatalf("wanted an error, got a reload with %d rules", p.Len())
	case <-time.After(waitFor):
		h.t.Fatal("no error reported")
	}
	return nil
}

func allowed(p *permengine.Policy, cmd string) bool {
	d := permengine.Decide(p, permengine.Request{
		Action: permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: "/ws/proj"},
		Role:   permengine.Developer, Env: permengine.Env{ScopeRoot: "/ws/proj"},
	})
	return d.Outcome == permengine.AutoApprove
}

func TestFirstLoadIsSynchronous(t *testing.T) {
	h := newHarness(t, `{"allow": ["Terminal(ls)"]}`)
	assert.True(t, allowed(h.w.Policy(), "ls"))

	_, err := watch.New(filepath.Join("..", "testdata", "loaderr", "unknown-label.json"), watch.Options{})
	require.ErrorIs(t, err, permengine.ErrPattern, "the first load's error is returned")
}

func TestMissingFileAtStartIsEmpty(t *testing.T) {
	h := newHarness(t, "")
	assert.Equal(t, 0, h.w.Policy().Len())
	h.write(`{"allow": ["Terminal(ls)"]}`)
	assert.True(t, allowed(h.reload(), "ls"), "a file created later is picked up")
}

func TestWriteInPlace(t *testing.T) {
	h := newHarness(t, `{"allow": ["Terminal(ls)"]}`)
	h.write(`{"allow": ["Terminal(make)"]}`)
	p := h.reload()
	assert.True(t, allowed(p, "make"))
	assert.False(t, allowed(p, "ls"))
	assert.Same(t, p, h.w.Policy())
}

func TestRenameOver(t *testing.T) {
	h := newHarness(t, `{"allow": ["Terminal(ls)"]}`)
	tmp := filepath.Join(filepath.Dir(h.path), ".permissions.json.swp")
	require.NoError(t, os.WriteFile(tmp, []byte(`{"allow": ["Terminal(make)"]}`), 0o644))
	require.NoError(t, os.Rename(tmp, h.path))
	assert.True(t, allowed(h.reload(), "make"))
}

func TestTruncateThenWrite(t *testing.T) {
	h := newHarness(t, `{"allow": ["Terminal(ls)"]}`)
	f, err := os.OpenFile(h.path, os.O_WRONLY|os.O_TRUNC, 0o644)
	require.NoError(t, err)
	_, err = f.WriteString(`{"allow": ["Terminal(make)"]}`)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	assert.True(t, allowed(h.reload(), "make"))
}

func TestInvalidThenFixed(t *testing.T) {
	h := newHarness(t, `{"allow": ["Terminal(ls)"]}`)
	good := h.w.Policy()
	h.write(`{"deny": ["Termnal(curl:*)"]}`)
	err := h.failure()
	assert.ErrorIs(t, err, permengine.ErrPattern)
	assert.Same(t, good, h.w.Policy(), "the last good policy stays in force")
	h.write(`{"allow": ["Terminal(make)"]}`)
	assert.True(t, allowed(h.reload(), "make"))
}

func TestDeleteThenRecreate(t *testing.T) {
	h := newHarness(t, `{"allow": ["Terminal(ls)"]}`)
	good := h.w.Policy()
	require.NoError(t, os.Remove(h.path))
	err := h.failure()
	assert.True(t, errors.Is(err, watch.ErrDeleted), "%v", err)
	assert.Same(t, good, h.w.Policy())
	assert.True(t, allowed(h.w.Policy(), "ls"))
	h.write(`{"allow": ["Terminal(make)"]}`)
	assert.True(t, allowed(h.reload(), "make"))
}

func TestRapidWritesReloadOnce(t *testing.T) {
	// A burst of replacements is coalesced: far fewer reloads than writes,
	// and the last content wins. (How many reloads a burst gives depends
	// on the machine's speed, so only coalescing is asserted; the writes
	// are replacements, so no reload can see a half-written file.)
	h := newHarness(t, `{"allow": []}`)
	const writes = 50
	for i := 0; i < writes; i++ {
		h.replace(fmt.Sprintf(`{"allow": ["Terminal(tool%d)"]}`, i))
	}
	var p *permengine.Policy
	for p == nil || !allowed(p, "tool49") {
		p = h.reload()
	}
	// Nothing else arrives once the last content is in force.
	select {
	case <-h.reloads:
		t.Fatal("a reload after the last content was in force")
	case err := <-h.errs:
		t.Fatalf("unexpected error %v", err)
	case <-time.After(3 * watch.DefaultDebounce):
	}
	assert.Less(t, h.count.Load(), int32(writes/2), "the burst was coalesced")
}

func TestOtherFilesIgnored(t *testing.T) {
	h := newHarness(t, `{"allow": ["Terminal(ls)"]}`)
	require.NoError(t, os.WriteFile(filepath.Join(filepath.Dir(h.path), "other.json"), []byte("{}"), 0o644))
	select {
	case <-h.reloads:
		t.Fatal("a change to another file caused a reload")
	case <-time.After(3 * watch.DefaultDebounce):
	}
}

func TestDecideWhileReloading(t *testing.T) {
	h := newHarness(t, `{"allow": ["Terminal(ls)"]}`)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	var decisions atomic.Int64
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-stop:
					return
				default:
				}
				d := permengine.Decide(h.w.Policy(), permengine.Request{
					Action: permengine.Action{Type: permengine.Terminal, Command: "ls && make", Cwd: "/ws/proj"},
					Role:   permengine.Developer, Env: permengine.Env{ScopeRoot: "/ws/proj"},
				})
				if d.Outcome == permengine.Deny {
					t.Errorf("unexpected deny: %s", d.Reason)
					return
				}
				decisions.Add(1)
			}
		}()
	}
	// Replaced, not rewritten in place: with eight goroutines deciding on
	// few cores, a truncate-then-write can be seen empty for longer than the
	// debounce (TestTruncateThenWrite covers that case on its own).
	for i := 0; i < 5; i++ {
		h.replace(fmt.Sprintf(`{"allow": ["Terminal(ls)", "Terminal(make)", "Terminal(tool%d)"]}`, i))
		h.reload()
	}
	close(stop)
	wg.Wait()
	assert.Greater(t, decisions.Load(), int64(0))
	assert.True(t, allowed(h.w.Policy(), "ls && make"))
}

func TestCloseTwice(t *testing.T) {
	w, err := watch.New(filepath.Join(t.TempDir(), "permissions.json"), watch.Options{})
	require.NoError(t, err)
	require.NoError(t, w.Close())
	require.NoError(t, w.Close())
}
