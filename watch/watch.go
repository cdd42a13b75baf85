// Package watch keeps a compiled permissions.json current while the file
// changes on disk. It is the only part of the project that does I/O in the
// background, and the only one that imports fsnotify.
//
// The watcher observes directories, not the file: editors save by writing
// a temporary file and renaming it over the original, which a watch on the
// file itself would lose. It watches the directory holding the file and
// that directory's parent (so the directory being removed, recreated or
// moved is seen), and every directory a symbolic link on the way leads
// through (so a link retargeted, a link's target edited, or a Kubernetes
// ConfigMap's "..data" swap is seen). Events for other names are ignored.
// After any event the set of watched directories is worked out again.
//
// Bursts of events are debounced (about 100 ms) into one reload, and a
// reload happens at the latest MaxWait after the first event of a burst,
// even while edits go on. When the kernel's event queue overflows, events
// are lost, so the watcher reloads everything. A reload that fails — the
// file is invalid, or was deleted — keeps the last good policy in force
// and reports the error; when the file becomes valid again it is picked
// up. Readers get the policy through an atomic pointer: a decision never
// sees a half-loaded policy, and never waits for a reload.
//
// Several files (user-global, project, session) can be watched as one
// layered policy, as permengine.LoadLayers combines them.
package watch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/permengine/permengine"
)

// DefaultDebounce is how long the watcher waits after the last event
// before it reloads.
const DefaultDebounce = 100 * time.Millisecond

// DefaultMaxWait is the longest a burst of events delays a reload.
const DefaultMaxWait = 10 * DefaultDebounce

// ErrDeleted is reported when a watched file that was loaded disappears;
// the last good policy stays in force.
var ErrDeleted = errors.New("permissions file deleted")

// ErrClosed is returned by Reload after Close.
var ErrClosed = errors.New("watcher closed")

// Options tune a Watcher. The zero value is usable.
type Options struct {
	// Debounce overrides DefaultDebounce when positive.
	Debounce time.Duration
	// MaxWait overrides DefaultMaxWait when positive: during continuous
	// edits, a reload happens at the latest this long after the first
	// event.
	MaxWait time.Duration
	// OnReload is called after each successful reload, with the new
	// policy, from the watcher's goroutine. It must return: Close waits
	// for it.
	OnReload func(*permengine.Policy)
	// OnError is called, from the watcher's goroutine, when a reload
	// fails (the last good policy stays) and when the watch itself has a
	// problem (an event queue overflow is followed by a full reload).
	OnError func(error)
	// Extensions are applied to every loaded policy.
	Extensions *permengine.Extensions
}

// Watcher holds the current policy of one file, or of several files as
// layers.
type Watcher struct {
	paths   []string
	opts    Options
	current atomic.Pointer[permengine.Policy]
	fsw     *fsnotify.Watcher
	reload  chan chan error
	done    chan struct{}
	wg      sync.WaitGroup
	once    sync.Once
	closeEr error

	// Owned by the watcher's goroutine (and by New before it starts).
	watched map[string]os.FileInfo // directory → what was watched there
	want    *interest
	loaded  map[string]bool // the files that existed at the last good load
}

// New loads path synchronously and starts watching it. The first load's
// error is returned (a missing file is an empty policy, as with
// permengine.LoadFile); nothing is left running on error.
func New(path string, opts Options) (*Watcher, error) {
	return NewLayers([]string{path}, opts)
}

// NewLayers loads several files as one policy (lowest layer first, as
// permengine.LoadLayers) and watches them all: a change to any reloads the
// whole policy.
func NewLayers(paths []string, opts Options) (*Watcher, error) {
	if len(paths) == 0 {
		return nil, errors.New("watch: no file to watch")
	}
	w := &Watcher{opts: opts, reload: make(chan chan error), done: make(chan struct{}), watched: map[string]os.FileInfo{}}
	for _, p := range paths {
		abs, err := filepath.Abs(p)
		if err != nil {
			return nil, err
		}
		w.paths = append(w.paths, abs)
	}
	if w.opts.Debounce <= 0 {
		w.opts.Debounce = DefaultDebounce
	}
	if w.opts.MaxWait <= 0 {
		w.opts.MaxWait = DefaultMaxWait
	}
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", w.paths[0], err)
	}
	w.fsw = fsw
	// Watch before the first load: a change between the two is seen.
	w.rewatch()
	p, err := w.load(true)
	if err != nil {
		fsw.Close()
		return nil, err
	}
	w.current.Store(p)
	w.wg.Add(1)
	go w.loop()
	return w, nil
}

// Policy returns the policy in force. It never blocks and never returns
// nil.
func (w *Watcher) Policy() *permengine.Policy { return w.current.Load() }

// Path returns the absolute path being watched (the first of the layers).
func (w *Watcher) Path() string { return w.paths[0] }

// Paths returns the absolute paths being watched, lowest layer first.
func (w *Watcher) Paths() []string { return append([]string(nil), w.paths...) }

// Reload reloads now, for a host that has just written the file and wants
// the new policy in force before it goes on, rather than after the
// debounce. It returns the load's error (the last good policy then stays);
// OnReload and OnError are called as for any reload.
func (w *Watcher) Reload() error {
	reply := make(chan error, 1)
	select {
	case w.reload <- reply:
	case <-w.done:
		return ErrClosed
	}
	select {
	case err := <-reply:
		return err
	case <-w.done:
		return ErrClosed
	}
}

// Close stops watching and waits for the watcher's goroutine to end. It
// always returns (a load never blocks: only regular files are read) and
// is safe to call more than once.
func (w *Watcher) Close() error {
	w.once.Do(func() {
		close(w.done)
		w.closeEr = w.fsw.Close()
		w.wg.Wait()
	})
	return w.closeEr
}

// load reads and compiles the files. A file that existed at the last good
// load and is missing now is ErrDeleted; on the first load a missing file
// is an empty layer.
func (w *Watcher) load(first bool) (*permengine.Policy, error) {
	exists := map[string]bool{}
	for _, path := range w.paths {
		_, err := os.Stat(path)
		exists[path] = !errors.Is(err, fs.ErrNotExist)
		if !first && !exists[path] && w.loaded[path] {
			return nil, fmt.Errorf("%s: %w", path, ErrDeleted)
		}
	}
	p, err := permengine.LoadLayers(w.paths...)
	if err != nil {
		return nil, err
	}
	if w.opts.Extensions != nil {
		if p, err = p.WithExtensions(*w.opts.Extensions); err != nil {
			return nil, err
		}
	}
	w.loaded = exists
	return p, nil
}
