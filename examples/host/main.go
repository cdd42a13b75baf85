// Command host is a small host service that embeds the engine the way a
// real one does: it decides each proposed action it receives over HTTP
// (JSON in, JSON out) with the project's permissions.json over the user's
// global file, keeps a pending ask for every require_approval, takes a
// person's answer (proven by a signed token), and keeps the audit.
//
//	go run ./examples/host -project /ws/proj -jwt-secret-file ~/.config/permengine/jwt.secret
//
//	POST /decide              {"role","action","autonomy","session","agent","owner"} → the decision (+ "ask_id", "card")
//	GET  /asks                the pending asks
//	POST /asks/{id}/answer    {"decision":"allow"|"deny","remember":"none"|"session"|"project"|"global","message"}
//	                          with "Authorization: Bearer <JWT>" → the audit entry
//	GET  /audit?after=&limit= {"entries":[…],"next":CURSOR}
//
// The store defaults to a SQLite file under $XDG_STATE_HOME/permengine/,
// outside the project, where the agent cannot rewrite its own audit;
// -store postgres://… shares asks and audit between replicas. The store's
// directory and the token key are protected paths of every decision the
// host makes, as the policy files are; like every read, a path spelled
// through a variable ($XDG_STATE_HOME/permengine/approval.db) is judged by
// its text, so keep the key and the store out of the agent's environment
// where they matter (another user's home, a socket to PostgreSQL). A token must not be valid for
// longer than -jwt-max-age (24h), must carry -jwt-audience when one is
// given, and must not be typed as another kind of token. The host answers
// requests to its loopback name only, refuses cross-origin requests and
// bodies whose keys are repeated or not lower case, and bounds a body to
// twice the longest command the engine reads.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/approval"
	"github.com/permengine/permengine/approval/pgstore"
	"github.com/permengine/permengine/approval/sqlitestore"
	"github.com/permengine/permengine/watch"
)

// options are the host's flags.
type options struct {
	project, global, addr, store string
	schema                       string
	secretFile, jwks, issuer     string
	audience                     string
	maxAge                       time.Duration
	container                    bool
	ttl                          time.Duration
}

func parseFlags(args []string) (options, error) {
	var o options
	fs := flag.NewFlagSet("host", flag.ContinueOnError)
	fs.StringVar(&o.project, "project", ".", "the project folder: its permissions.json is watched and it is the scope root")
	fs.StringVar(&o.global, "global", defaultGlobal(), "the user's own permissions.json (\"global\" answers append to it)")
	fs.StringVar(&o.addr, "addr", "127.0.0.1:8377", "address to listen on")
	fs.StringVar(&o.store, "store", "", "sqlite:PATH or postgres://… (default sqlite: under $XDG_STATE_HOME/permengine/)")
	fs.StringVar(&o.schema, "pg-schema", "permengine", "the PostgreSQL schema of the store's tables (replicas share one)")
	fs.StringVar(&o.secretFile, "jwt-secret-file", "", "file with the HS256 secret that signs answerers' tokens")
	fs.StringVar(&o.jwks, "jwks", "", "file with the JWK set (RS256/ES256 public keys) that verifies answerers' tokens")
	fs.StringVar(&o.issuer, "jwt-issuer", "", "the iss every answerer's token must carry")
	fs.StringVar(&o.audience, "jwt-audience", "", "an aud every answerer's token must carry (set it when the issuer mints tokens for other clients too)")
	fs.DurationVar(&o.maxAge, "jwt-max-age", defaultMaxAge, "the longest an answerer's token may still be valid for")
	fs.BoolVar(&o.container, "container", false, "the project's container is running")
	fs.DurationVar(&o.ttl, "ask-ttl", time.Hour, "how long an ask waits for an answer before it expires")
	return o, fs.Parse(args)
}

// defaultGlobal is the user's own policy file (permengine.GlobalPolicyPath),
// or "" when there is none to name.
func defaultGlobal() string {
	p, err := permengine.GlobalPolicyPath()
	if err != nil {
		return ""
	}
	return p
}

// defaultStore is a SQLite file under $XDG_STATE_HOME/permengine/.
func defaultStore() (string, error) {
	dir := os.Getenv("XDG_STATE_HOME")
	if !filepath.IsAbs(dir) {
		home, err := os.UserHomeDir()
		if err != nil {
			return "", fmt.Errorf("no state directory: set XDG_STATE_HOME or -store (%w)", err)
		}
		dir = filepath.Join(home, ".local", "state")
	}
	return "sqlite:" + filepath.Join(dir, "permengine", "approval.db"), nil
}

// openStore opens sqlite:PATH or a postgres:// URL. A SQLite file inside
// the project is refused: the agent could rewrite its own audit.
func openStore(ctx context.Context, spec, schema, root string) (approval.Store, error) {
	switch {
	case strings.HasPrefix(spec, "postgres://") || strings.HasPrefix(spec, "postgresql://"):
		return pgstore.Open(ctx, spec, schema)
	case strings.HasPrefix(spec, "sqlite:"):
		path, err := filepath.Abs(strings.TrimPrefix(spec, "sqlite:"))
		if err != nil {
			return nil, err
		}
		if rel, err := filepath.Rel(root, path); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			return nil, fmt.Errorf("-store %s is inside the project %s, where the agent could rewrite its own audit; keep it outside", path, root)
		}
		return sqlitestore.Open(path)
	}
	return nil, fmt.Errorf("-store %q: want sqlite:PATH or postgres://…", spec)
}

// setup builds the server from the options.
func setup(ctx context.Context, o options, logger *log.Logger) (*server, func(), error) {
	root, err := filepath.Abs(o.project)
	if err != nil {
		return nil, nil, err
	}
	if err := permengine.ValidateScopeRoot(root); err != nil {
		return nil, nil, err
	}
	if o.store == "" {
		if o.store, err = defaultStore(); err != nil {
			return nil, nil, err
		}
	}
	auth, err := newVerifier(o.secretFile, o.jwks, o.issuer, time.Now)
	if err != nil {
		return nil, nil, err
	}
	if auth != nil {
		auth.audience, auth.maxAge = o.audience, o.maxAge
	}
	st, err := openStore(ctx, o.store, o.schema, root)
	if err != nil {
		return nil, nil, err
	}
	svc, err := approval.New(ctx, approval.Config{Store: st, ProjectFile: filepath.Join(root, "permissions.json"),
		GlobalFile: o.global, TTL: o.ttl, Extensions: permengine.Extensions{ProtectedPaths: hostFiles(o)}})
	if err != nil {
		st.Close()
		return nil, nil, err
	}
	closers := []func(){func() { st.Close() }}
	for _, f := range []string{filepath.Join(root, "permissions.json"), o.global} {
		if w := watchFile(ctx, f, svc, logger); w != nil {
			closers = append(closers, func() { w.Close() })
		}
	}
	s := &server{svc: svc, env: permengine.Env{ScopeRoot: root, ContainerRunning: o.container}, auth: auth, log: logger}
	return s, func() {
		for _, c := range closers {
			c()
		}
	}, nil
}

// hostFiles are the files that make the host trustworthy, protected
// paths for every decision it makes: the directory of a SQLite store (its
// -wal and -shm files beside it), where an agent could rewrite its own
// asks and audit, and the key that verifies answerers' tokens, with which
// it could answer its own asks. The policy files are protected already.
func hostFiles(o options) []string {
	var out []string
	if path, ok := strings.CutPrefix(o.store, "sqlite:"); ok {
		if abs, err := filepath.Abs(path); err == nil {
			out = append(out, literalGlob(filepath.ToSlash(filepath.Dir(abs)))+"/**")
		}
	}
	for _, f := range []string{o.secretFile, o.jwks} {
		if f == "" {
			continue
		}
		if abs, err := filepath.Abs(f); err == nil {
			out = append(out, literalGlob(filepath.ToSlash(abs)))
		}
	}
	return out
}

// literalGlob escapes the characters a glob pattern reads as syntax, so
// that the pattern matches the path and nothing else.
func literalGlob(p string) string {
	var b strings.Builder
	for _, r := range p {
		if strings.ContainsRune(`*?[]{}\!`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// watchFile reloads the service when a policy file changes; pending asks
// the new rules cover are decided by the policy. A file whose folder does
// not exist is not watched.
func watchFile(ctx context.Context, path string, svc *approval.Service, logger *log.Logger) *watch.Watcher {
	if path == "" {
		return nil
	}
	if _, err := os.Stat(filepath.Dir(path)); err != nil {
		return nil
	}
	w, err := watch.New(path, watch.Options{
		OnReload: func(*permengine.Policy) {
			if n, err := svc.Reload(ctx); err != nil {
				logger.Printf("%s: %v (keeping the last good policy)", path, err)
			} else if n > 0 {
				logger.Printf("%s reloaded: %d pending asks decided by the policy", path, n)
			}
		},
		OnError: func(err error) { logger.Printf("%s: %v (keeping the last good policy)", path, err) },
	})
	if err != nil {
		logger.Printf("not watching %s: %v", path, err)
		return nil
	}
	return w
}

// expire ends asks past their deadline, every interval, until ctx ends.
func expire(ctx context.Context, svc *approval.Service, every time.Duration, logger *log.Logger) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if _, err := svc.Expire(ctx); err != nil {
				logger.Printf("expiring asks: %v", err)
			}
		}
	}
}

func main() {
	o, err := parseFlags(os.Args[1:])
	if err != nil {
		os.Exit(2)
	}
	logger := log.New(os.Stderr, "host: ", log.LstdFlags)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, closeAll, err := setup(ctx, o, logger)
	if err != nil {
		logger.Fatal(err)
	}
	defer closeAll()
	go expire(ctx, s.svc, 30*time.Second, logger)
	if s.auth == nil {
		logger.Print(howToConfigure)
	}
	logger.Printf("deciding for %s on http://%s (store %s)", s.env.ScopeRoot, o.addr, o.store)
	// A body that arrives slowly holds a connection: each request has
	// ReadTimeout to arrive whole, and an idle connection is closed.
	srv := &http.Server{Addr: o.addr, Handler: s.routes(), ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout: 30 * time.Second, WriteTimeout: 60 * time.Second, IdleTimeout: 60 * time.Second}
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		logger.Fatal(err)
	}
}
