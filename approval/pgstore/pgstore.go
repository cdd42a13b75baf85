// Package pgstore is an approval.Store in PostgreSQL, for hosts with
// several replicas: every replica opens the same database (and schema),
// and exactly one answer to an ask wins. Sequence numbers of the audit come
// from one counter row locked until commit, so they become visible in
// order and a cursor handed out never has an entry land behind it.
package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/permengine/permengine/approval"
)

// Store is an approval.Store in a PostgreSQL schema. It is safe for
// concurrent use.
type Store struct {
	pool *pgxpool.Pool
}

var _ approval.Store = (*Store)(nil)

const schemaSQL = `
CREATE TABLE IF NOT EXISTS asks (
	n      BIGSERIAL PRIMARY KEY,
	id     TEXT NOT NULL UNIQUE,
	status TEXT NOT NULL,
	body   JSONB NOT NULL
);
CREATE INDEX IF NOT EXISTS asks_status ON asks (status, n);
CREATE TABLE IF NOT EXISTS audit (
	seq  BIGINT PRIMARY KEY,
	id   TEXT NOT NULL UNIQUE,
	body JSONB NOT NULL
);
CREATE TABLE IF NOT EXISTS audit_seq (
	one BOOLEAN PRIMARY KEY DEFAULT TRUE CHECK (one),
	n   BIGINT NOT NULL
);
INSERT INTO audit_seq (one, n) VALUES (TRUE, 0) ON CONFLICT DO NOTHING;
CREATE TABLE IF NOT EXISTS session_rules (
	n       BIGSERIAL PRIMARY KEY,
	session TEXT NOT NULL,
	rule    TEXT NOT NULL,
	UNIQUE (session, rule)
);`

// Open connects to the database at url (a postgres:// URL or DSN) and uses
// the tables in schema, creating the schema and the tables if needed. An
// empty schema is "permengine".
func Open(ctx context.Context, url, schema string) (*Store, error) {
	if schema == "" {
		schema = "permengine"
	}
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	ident := pgx.Identifier{schema}.Sanitize()
	cfg.ConnConfig.RuntimeParams["search_path"] = schema
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	if err := migrate(ctx, pool, ident); err != nil {
		pool.Close()
		return nil, fmt.Errorf("pgstore: %w", err)
	}
	return &Store{pool: pool}, nil
}

// migrate creates the schema and its tables, one replica at a time.
func migrate(ctx context.Context, pool *pgxpool.Pool, ident string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('permengine approval schema'))`); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE SCHEMA IF NOT EXISTS `+ident); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, schemaSQL)
		return err
	})
}

// Close implements approval.Store.
func (s *Store) Close() error { s.pool.Close(); return nil }

// Raise implements approval.Store.
func (s *Store) Raise(ctx context.Context, a approval.Ask) (approval.Ask, error) {
	a.ID, a.Status = approval.NewID(), approval.Pending
	body, err := json.Marshal(a)
	if err != nil {
		return approval.Ask{}, err
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO asks (id, status, body) VALUES ($1, $2, $3)`, a.ID, string(a.Status), body)
	return a, err
}

// Get implements approval.Store.
func (s *Store) Get(ctx context.Context, id string) (approval.Ask, error) {
	return getAsk(ctx, s.pool, id, "")
}

type querier interface {
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
}

func getAsk(ctx context.Context, q querier, id, lock string) (approval.Ask, error) {
	var body []byte
	var status string
	err := q.QueryRow(ctx, `SELECT status, body FROM asks WHERE id = $1`+lock, id).Scan(&status, &body)
	if errors.Is(err, pgx.ErrNoRows) {
		return approval.Ask{}, fmt.Errorf("%w: %q", approval.ErrNotFound, id)
	}
	if err != nil {
		return approval.Ask{}, err
	}
	var a approval.Ask
	if err := json.Unmarshal(body, &a); err != nil {
		return approval.Ask{}, fmt.Errorf("pgstore: ask %q: %w", id, err)
	}
	a.Status = approval.Status(status)
	return a, nil
}

// Pending implements approval.Store.
func (s *Store) Pending(ctx context.Context) ([]approval.Ask, error) {
	rows, err := s.pool.Query(ctx, `SELECT body FROM asks WHERE status = $1 ORDER BY n`, string(approval.Pending))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (approval.Ask, error) {
		var body []byte
		var a approval.Ask
		if err := r.Scan(&body); err != nil {
			return a, err
		}
		err := json.Unmarshal(body, &a)
		a.Status = approval.Pending
		return a, err
	})
}

// Finish implements approval.Store: the ask's row is locked (FOR UPDATE)
// for the whole transaction, so of two replicas finishing one ask the
// second finds it final.
func (s *Store) Finish(ctx context.Context, id string, f approval.Final, apply func() error) (approval.Entry, error) {
	if err := approval.CheckFinal(f); err != nil {
		return approval.Entry{}, err
	}
	var e approval.Entry
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		a, err := getAsk(ctx, tx, id, " FOR UPDATE")
		if err != nil {
			return err
		}
		if a.Status != approval.Pending {
			return fmt.Errorf("%w: %q is %s", approval.ErrConflict, id, a.Status)
		}
		a.Status = f.Status
		body, err := json.Marshal(a)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `UPDATE asks SET status = $1, body = $2 WHERE id = $3`, string(a.Status), body, id); err != nil {
			return err
		}
		if e, err = insertEntry(ctx, tx, approval.EntryFor(a, f)); err != nil {
			return err
		}
		if err := addRules(ctx, tx, a.Session, f.SessionRules); err != nil {
			return err
		}
		if apply != nil {
			return apply()
		}
		return nil
	})
	if err != nil {
		return approval.Entry{}, err
	}
	return e, nil
}

// insertEntry takes the next number from the counter row, which stays
// locked until the transaction ends: numbers are committed in order.
func insertEntry(ctx context.Context, tx pgx.Tx, e approval.Entry) (approval.Entry, error) {
	if err := tx.QueryRow(ctx, `UPDATE audit_seq SET n = n + 1 RETURNING n`).Scan(&e.Seq); err != nil {
		return e, err
	}
	seq := e.Seq
	e.Seq = 0
	body, err := json.Marshal(e)
	if err != nil {
		return e, err
	}
	e.Seq = seq
	_, err = tx.Exec(ctx, `INSERT INTO audit (seq, id, body) VALUES ($1, $2, $3)`, seq, e.ID, body)
	return e, err
}

func addRules(ctx context.Context, tx pgx.Tx, session string, rules []string) error {
	for _, r := range rules {
		if _, err := tx.Exec(ctx, `INSERT INTO session_rules (session, rule) VALUES ($1, $2) ON CONFLICT DO NOTHING`, session, r); err != nil {
			return err
		}
	}
	return nil
}

// Record implements approval.Store.
func (s *Store) Record(ctx context.Context, e approval.Entry) (approval.Entry, error) {
	e.ID = approval.NewID()
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		e, err = insertEntry(ctx, tx, e)
		return err
	})
	if err != nil {
		return approval.Entry{}, err
	}
	return e, nil
}

// Entry implements approval.Store.
func (s *Store) Entry(ctx context.Context, id string) (approval.Entry, error) {
	var seq int64
	var body []byte
	err := s.pool.QueryRow(ctx, `SELECT seq, body FROM audit WHERE id = $1`, id).Scan(&seq, &body)
	if errors.Is(err, pgx.ErrNoRows) {
		return approval.Entry{}, fmt.Errorf("%w: no entry %q", approval.ErrNotFound, id)
	}
	if err != nil {
		return approval.Entry{}, err
	}
	return approval.DecodeEntry(seq, body)
}

// Audit implements approval.Store.
func (s *Store) Audit(ctx context.Context, after int64, limit int) ([]approval.Entry, error) {
	rows, err := s.pool.Query(ctx, `SELECT seq, body FROM audit WHERE seq > $1 ORDER BY seq LIMIT $2`, after, approval.PageSize(limit))
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, func(r pgx.CollectableRow) (approval.Entry, error) {
		var seq int64
		var body []byte
		if err := r.Scan(&seq, &body); err != nil {
			return approval.Entry{}, err
		}
		return approval.DecodeEntry(seq, body)
	})
}

// SessionRules implements approval.Store.
func (s *Store) SessionRules(ctx context.Context, session string) ([]string, error) {
	rows, err := s.pool.Query(ctx, `SELECT rule FROM session_rules WHERE session = $1 ORDER BY n`, session)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowTo[string])
}

// AddSessionRules implements approval.Store.
func (s *Store) AddSessionRules(ctx context.Context, session string, rules []string) error {
	return pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error { return addRules(ctx, tx, session, rules) })
}
