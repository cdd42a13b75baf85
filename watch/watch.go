// Package watch keeps a compiled permissions.json current while the file
// changes on disk. It is the only part of the project that does I/O in the
// background, and the only one that imports fsnotify.
//
// The watcher observes the file's parent directory, because editors save
// by writing a temporary file and renaming it over the original, which a
// watch on the file itself would lose. Events for other names are ignored.
// Bursts of events are debounced (about 100 ms) into one reload. A reload
// that fails — the file is invalid, or was deleted — keeps the last good
// policy in force and reports the error; when the file becomes valid again
// it is picked up. Readers get the policy through an atomic pointer: a
// decision never sees a half-loaded policy, and never waits for a reload.
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

// ErrDeleted is reported when the watched file disappears; the last good
// policy stays in force.
var ErrDeleted = errors.New("permissions file deleted")

// Options tune a Watcher. The zero value is usable.
type Options struct {
	// Debounce overrides DefaultDebounce when positive.
	Debounce time.Duration
	// OnReload is called after each successful reload, with the new
	// policy, from the watcher's goroutine.
	OnReload func(*permengine.Policy)
	// OnError is called when a reload fails; the last good policy stays.
	OnError func(error)
	// Extensions are applied to every loaded policy.
	Extensions *permengine.Extensions
}

// Watcher holds the current policy of one file.
type Watcher struct {
	path    string
	opts    Options
	current atomic.Pointer[permengine.Policy]
	fsw     *fsnotify.Watcher
	done    chan struct{}
	wg      sync.WaitGroup
	once    sync.Once
}

// New loads path synchronously and starts watching it. The first load's
// error is returned (a missing file is an empty policy, as with
// permengine.LoadFile); nothing is left running on error.
func New(path string, opts Options) (*Watcher, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	w := &Watcher{path: abs, opts: opts, done: make(chan struct{})}
	if w.opts.Debounce <= 0 {
		w.opts.Debounce = DefaultDebounce
	}
	p, err := w.load(true)
	if err != nil {
		return nil, err
	}
	w.current.Store(p)
	fsw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, fmt.Errorf("watch %s: %w", abs, err)
	}
	if err := fsw.Add(filepath.Dir(abs)); err != nil {
		fsw.Close()
		return nil, fmt.Errorf("watch %s: %w", filepath.Dir(abs), err)
	}
	w.fsw = fsw
	w.wg.Add(1)
	go w.loop()
	return w, nil
}

// Policy returns the policy in force. It never blocks and never returns
// nil.
func (w *Watcher) Policy() *permengine.Policy { return w.current.Load() }

// Path returns the absolute path being watched.
func (w *Watcher) Path() string { return w.path }

// Close stops watching and waits for the watcher's goroutine to end. It is
// safe to call more than once.
func (w *Watcher) Close() error {
	var err error
	w.once.Do(func() {
		close(w.done)
		err = w.fsw.Close()
		w.wg.Wait()
	})
	return err
}

// load reads and compiles the file. On the first load a missing file is an
// empty policy; later, a missing file is ErrDeleted.
func (w *Watcher) load(first bool) (*permengine.Policy, error) {
	if !first {
		if _, err := os.Stat(w.path); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s: %w", w.path, ErrDeleted)
		}
	}
	p, err := permengine.LoadFile(w.path)
	if err != nil {
		return nil, err
	}
	if w.opts.Extensions != nil {
		return p.WithExtensions(*w.opts.Extensions)
	}
	return p, nil
}

func (w *Watcher) loop() {
	defer w.wg.Done()
	var timer *time.Timer
	var fire <-chan time.Time
	base := filepath.Base(w.path)
	for {
		select {
		case <-w.done:
			if timer != nil {
				timer.Stop()
			}
			return
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			if filepath.Base(ev.Name) != base {
				continue
			}
			if timer == nil {
				timer = time.NewTimer(w.opts.Debounce)
			} else {
				if !timer.Stop() {
					select {
					case <-timer.C:
					default:
					}
				}
				timer.Reset(w.opts.Debounce)
			}
			fire = timer.C
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			w.report(fmt.Errorf("watch %s: %w", w.path, err))
		case <-fire:
			fire = nil
			p, err := w.load(false)
			if err != nil {
				w.report(err)
				continue
			}
			w.current.Store(p)
			if w.opts.OnReload != nil {
				w.opts.OnReload(p)
			}
		}
	}
}

func (w *Watcher) report(err error) {
	if w.opts.OnError != nil {
		w.opts.OnError(err)
	}
}
