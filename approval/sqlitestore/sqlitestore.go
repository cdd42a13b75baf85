// Package sqlitestore is an approval.Store in one SQLite file, through a
// pure-Go driver (no cgo, no server): the embedded default. The file is in
// WAL mode with a busy timeout, and every write is an immediate
// transaction, so several processes (or Stores) on one file answer the
// same ask without "database is locked" errors, and exactly one wins.
//
// Keep the file outside the project the agent works in (the example host
// uses $XDG_STATE_HOME/permengine/): an agent must not be able to rewrite
// its own asks or audit.
package sqlitestore

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"

	"github.com/permengine/permengine/approval"

	_ "modernc.org/sqlite" // the driver "sqlite"
)

// BusyTimeout is how long a write waits for another writer, in
// milliseconds.
const BusyTimeout = 10000

// Store is an approval.Store in a SQLite file. It is safe for concurrent
// use.
type Store struct {
	db *sql.DB
}

var _ approval.Store = (*Store)(nil)

const schema = `
CREATE TABLE IF NOT EXISTS asks (
	n      INTEGER PRIMARY KEY AUTOINCREMENT,
	id     TEXT NOT NULL UNIQUE,
	status TEXT NOT NULL,
	body   TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS asks_status ON asks (status, n);
CREATE TABLE IF NOT EXISTS audit (
	seq  INTEGER PRIMARY KEY,
	id   TEXT NOT NULL UNIQUE,
	body TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS session_rules (
	n       INTEGER PRIMARY KEY AUTOINCREMENT,
	session TEXT NOT NULL,
	rule    TEXT NOT NULL,
	UNIQUE (session, rule)
);`

// Open opens (creating if needed) the store in the file at path, and its
// directory with mode 0700.
func Open(path string) (*Store, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	q := url.Values{}
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", BusyTimeout))
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(ON)")
	q.Set("_txlock", "immediate")
	db, err := sql.Open("sqlite", "file:"+(&url.URL{Path: path}).EscapedPath()+"?"+q.Encode())
	if err != nil {
		return nil, err
	}
	if err := migrate(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("sqlitestore: %s: %w", path, err)
	}
	return &Store{db: db}, nil
}

func migrate(db *sql.DB) error {
	tx, err := db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(schema); err != nil {
		return err
	}
	return tx.Commit()
}

// Close implements approval.Store.
func (s *Store) Close() error { return s.db.Close() }

// Raise implements approval.Store.
func (s *Store) Raise(ctx context.Context, a approval.Ask) (approval.Ask, error) {
	a.ID, a.Status = approval.NewID(), approval.Pending
	body, err := json.Marshal(a)
	if err != nil {
		return approval.Ask{}, err
	}
	_, err = s.db.ExecContext(ctx, `INSERT INTO asks (id, status, body) VALUES (?, ?, ?)`, a.ID, a.Status, body)
	return a, err
}

// Get implements approval.Store.
func (s *Store) Get(ctx context.Context, id string) (approval.Ask, error) {
	return getAsk(ctx, s.db, id)
}

type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

func getAsk(ctx context.Context, q querier, id string) (approval.Ask, error) {
	var body []byte
	var status string
	err := q.QueryRowContext(ctx, `SELECT status, body FROM asks WHERE id = ?`, id).Scan(&status, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return approval.Ask{}, fmt.Errorf("%w: %q", approval.ErrNotFound, id)
	}
	if err != nil {
		return approval.Ask{}, err
	}
	var a approval.Ask
	if err := json.Unmarshal(body, &a); err != nil {
		return approval.Ask{}, fmt.Errorf("sqlitestore: ask %q: %w", id, err)
	}
	a.Status = approval.Status(status)
	return a, nil
}

// Pending implements approval.Store.
func (s *Store) Pending(ctx context.Context) ([]approval.Ask, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT body FROM asks WHERE status = ? ORDER BY n`, approval.Pending)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []approval.Ask
	for rows.Next() {
		var body []byte
		var a approval.Ask
		if err := rows.Scan(&body); err != nil {
			return nil, err
		}
		if err := json.Unmarshal(body, &a); err != nil {
			return nil, err
		}
		a.Status = approval.Pending
		out = append(out, a)
	}
	return out, rows.Err()
}

// Finish implements approval.Store, in one immediate transaction.
func (s *Store) Finish(ctx context.Context, id string, f approval.Final, apply func() error) (approval.Entry, error) {
	if err := approval.CheckFinal(f); err != nil {
		return approval.Entry{}, err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return approval.Entry{}, err
	}
	defer tx.Rollback()
	a, err := getAsk(ctx, tx, id)
	if err != nil {
		return approval.Entry{}, err
	}
	if a.Status != approval.Pending {
		return approval.Entry{}, fmt.Errorf("%w: %q is %s", approval.ErrConflict, id, a.Status)
	}
	a.Status = f.Status
	body, err := json.Marshal(a)
	if err != nil {
		return approval.Entry{}, err
	}
	if _, err := tx.ExecContext(ctx, `UPDATE asks SET status = ?, body = ? WHERE id = ?`, a.Status, body, id); err != nil {
		return approval.Entry{}, err
	}
	e, err := insertEntry(ctx, tx, approval.EntryFor(a, f))
	if err != nil {
		return approval.Entry{}, err
	}
	if err := addRules(ctx, tx, a.Session, f.SessionRules); err != nil {
		return approval.Entry{}, err
	}
	if apply != nil {
		if err := apply(); err != nil {
			return approval.Entry{}, err
		}
	}
	return e, tx.Commit()
}

// insertEntry writes an entry with the next sequence number. Writers are
// serialized by the immediate transaction, so numbers become visible in
// order.
func insertEntry(ctx context.Context, tx *sql.Tx, e approval.Entry) (approval.Entry, error) {
	e.Seq = 0
	body, err := json.Marshal(e)
	if err != nil {
		return e, err
	}
	err = tx.QueryRowContext(ctx, `INSERT INTO audit (seq, id, body) VALUES ((SELECT COALESCE(MAX(seq), 0) + 1 FROM audit), ?, ?) RETURNING seq`, e.ID, body).Scan(&e.Seq)
	return e, err
}

func addRules(ctx context.Context, tx *sql.Tx, session string, rules []string) error {
	for _, r := range rules {
		if _, err := tx.ExecContext(ctx, `INSERT OR IGNORE INTO session_rules (session, rule) VALUES (?, ?)`, session, r); err != nil {
			return err
		}
	}
	return nil
}

// Record implements approval.Store.
func (s *Store) Record(ctx context.Context, e approval.Entry) (approval.Entry, error) {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return approval.Entry{}, err
	}
	defer tx.Rollback()
	e.ID = approval.NewID()
	if e, err = insertEntry(ctx, tx, e); err != nil {
		return approval.Entry{}, err
	}
	return e, tx.Commit()
}

// Entry implements approval.Store.
func (s *Store) Entry(ctx context.Context, id string) (approval.Entry, error) {
	var seq int64
	var body []byte
	err := s.db.QueryRowContext(ctx, `SELECT seq, body FROM audit WHERE id = ?`, id).Scan(&seq, &body)
	if errors.Is(err, sql.ErrNoRows) {
		return approval.Entry{}, fmt.Errorf("%w: no entry %q", approval.ErrNotFound, id)
	}
	if err != nil {
		return approval.Entry{}, err
	}
	return approval.DecodeEntry(seq, body)
}

// Audit implements approval.Store.
func (s *Store) Audit(ctx context.Context, after int64, limit int) ([]approval.Entry, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT seq, body FROM audit WHERE seq > ? ORDER BY seq LIMIT ?`, after, approval.PageSize(limit))
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []approval.Entry
	for rows.Next() {
		var seq int64
		var body []byte
		if err := rows.Scan(&seq, &body); err != nil {
			return nil, err
		}
		e, err := approval.DecodeEntry(seq, body)
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// SessionRules implements approval.Store.
func (s *Store) SessionRules(ctx context.Context, session string) ([]string, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT rule FROM session_rules WHERE session = ? ORDER BY n`, session)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var r string
		if err := rows.Scan(&r); err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// AddSessionRules implements approval.Store.
func (s *Store) AddSessionRules(ctx context.Context, session string, rules []string) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if err := addRules(ctx, tx, session, rules); err != nil {
		return err
	}
	return tx.Commit()
}
