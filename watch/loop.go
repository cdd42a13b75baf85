package watch

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/fsnotify/fsnotify"
)

// burst is the state of the debounce: a quiet timer reset by each event,
// and a deadline set by the first.
type burst struct {
	quiet, limit *time.Timer
}

// fire is the channel of whichever timer ends the burst first; nil
// channels when there is no burst.
func (b *burst) channels() (<-chan time.Time, <-chan time.Time) {
	if b.quiet == nil {
		return nil, nil
	}
	return b.quiet.C, b.limit.C
}

// event notes one event: the quiet timer starts over, the limit stays.
func (b *burst) event(debounce, maxWait time.Duration) {
	if b.quiet == nil {
		b.quiet, b.limit = time.NewTimer(debounce), time.NewTimer(maxWait)
		return
	}
	b.quiet.Reset(debounce)
}

func (b *burst) stop() {
	if b.quiet != nil {
		b.quiet.Stop()
		b.limit.Stop()
		b.quiet, b.limit = nil, nil
	}
}

func (w *Watcher) loop() {
	defer w.wg.Done()
	var b burst
	defer b.stop()
	for {
		quiet, limit := b.channels()
		select {
		case <-w.done:
			return
		case ev, ok := <-w.fsw.Events:
			if !ok {
				return
			}
			if w.relevant(ev) {
				b.event(w.opts.Debounce, w.opts.MaxWait)
			}
		case err, ok := <-w.fsw.Errors:
			if !ok {
				return
			}
			w.report(fmt.Errorf("watch %s: %w", w.paths[0], err))
			if errors.Is(err, fsnotify.ErrEventOverflow) {
				// Events were lost: what changed is unknown.
				b.stop()
				w.refresh()
			}
		case reply := <-w.reload:
			b.stop()
			reply <- w.refresh()
		case <-quiet:
			b.stop()
			w.refresh()
		case <-limit:
			b.stop()
			w.refresh()
		}
	}
}

// relevant reports an event on a name the files depend on, or on a
// watched directory itself.
func (w *Watcher) relevant(ev fsnotify.Event) bool {
	if w.want.matters(ev.Name) {
		return true
	}
	_, dir := w.watched[ev.Name]
	return dir
}

// refresh works out the watched directories again, then reloads: a file
// created after the new watches is seen by them, one created before by
// the load.
func (w *Watcher) refresh() error {
	w.rewatch()
	p, err := w.load(false)
	if err != nil {
		w.report(err)
		return err
	}
	w.current.Store(p)
	if w.opts.OnReload != nil {
		w.opts.OnReload(p)
	}
	return nil
}

// rewatch makes the watched directories those the files depend on now.
// A directory replaced by another of the same name (moved away and made
// again) is watched anew.
func (w *Watcher) rewatch() {
	w.want = interestOf(w.paths)
	for dir, was := range w.watched {
		now, err := os.Stat(dir)
		if !w.want.dirs[dir] || err != nil || !os.SameFile(was, now) {
			_ = w.fsw.Remove(dir) // already gone when the directory was removed
			delete(w.watched, dir)
		}
	}
	for dir := range w.want.dirs {
		if _, ok := w.watched[dir]; ok {
			continue
		}
		fi, err := os.Stat(dir)
		if err != nil || !fi.IsDir() {
			continue
		}
		if err := w.fsw.Add(dir); err != nil {
			w.report(fmt.Errorf("watch %s: %w", dir, err))
			continue
		}
		w.watched[dir] = fi
	}
}

func (w *Watcher) report(err error) {
	if w.opts.OnError != nil {
		w.opts.OnError(err)
	}
}
