package main

import (
	"context"
	"fmt"
	"io"
	"os/signal"
	"sync"
	"syscall"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/watch"
)

// cmdWatch loads FILE and prints one line per reload until interrupted.
func cmdWatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := newFlagSet("permcheck watch", "usage: permcheck watch FILE\n\nLoads FILE, then prints one line per reload (\"ok: N rules\" or \"error: …\") until interrupted.", stderr)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	// After the first signal, the default handling is back: a second one
	// ends the process even if closing the watcher were to hang.
	context.AfterFunc(ctx, stop)
	return watchFile(ctx, fs.Arg(0), stdout, stderr)
}

// watchFile runs the watcher until ctx ends. The callbacks run one at a
// time on the watcher's goroutine and print directly.
func watchFile(ctx context.Context, path string, stdout, stderr io.Writer) int {
	var mu sync.Mutex
	say := func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		fmt.Fprintf(stdout, format+"\n", args...)
	}
	w, err := watch.New(path, watch.Options{
		OnReload: func(p *permengine.Policy) { say("ok: %d rules", p.Len()) },
		OnError:  func(err error) { say("error: %v (keeping the last good policy)", err) },
	})
	if err != nil {
		fmt.Fprintf(stderr, "permcheck watch: %v\n", err)
		return exitUsage
	}
	say("ok: %d rules", w.Policy().Len())
	<-ctx.Done()
	if err := w.Close(); err != nil {
		fmt.Fprintf(stderr, "permcheck watch: %v\n", err)
		return exitUsage
	}
	return exitOK
}
