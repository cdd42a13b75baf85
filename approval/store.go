package approval

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
)

// Store keeps asks, the audit and the session layers. Implementations are
// safe for concurrent use, also from several processes sharing one
// database: Finish is the single point where an ask leaves Pending, and
// exactly one Finish of an ask succeeds.
type Store interface {
	// Raise stores a new pending ask and returns it with the id the store
	// assigned (a.ID is ignored).
	Raise(ctx context.Context, a Ask) (Ask, error)
	// Get returns an ask by id, or an error wrapping ErrNotFound.
	Get(ctx context.Context, id string) (Ask, error)
	// Pending returns the pending asks in the order they were raised.
	Pending(ctx context.Context) ([]Ask, error)
	// Finish makes a pending ask final in one transaction: it checks that
	// the ask is pending (else an error wrapping ErrConflict, with nothing
	// changed), sets its status, adds f.SessionRules to its session's
	// layer, writes the audit entry EntryFor(ask, f) with the next sequence
	// number, runs apply (nil is allowed) and commits. If apply fails,
	// nothing is changed and its error is returned.
	Finish(ctx context.Context, id string, f Final, apply func() error) (Entry, error)
	// Record writes a final entry that no ask precedes (a deny nobody saw),
	// with a new id and the next sequence number.
	Record(ctx context.Context, e Entry) (Entry, error)
	// Entry returns the audit entry with this id, or ErrNotFound.
	Entry(ctx context.Context, id string) (Entry, error)
	// Audit returns up to limit entries with a sequence number above after,
	// in sequence order. An entry never appears behind a cursor already
	// returned: sequence numbers become visible in order.
	Audit(ctx context.Context, after int64, limit int) ([]Entry, error)
	// SessionRules returns the allow rules kept for a session.
	SessionRules(ctx context.Context, session string) ([]string, error)
	// AddSessionRules adds rules to a session's layer, skipping those it
	// has.
	AddSessionRules(ctx context.Context, session string, rules []string) error
	// Close releases the store.
	Close() error
}

// Bounds of a page of the audit.
const (
	DefaultPage = 100
	MaxPage     = 1000
)

// DecodeEntry reads an audit entry a store kept as JSON, with the sequence
// number the store assigned it. Stores use it.
func DecodeEntry(seq int64, body []byte) (Entry, error) {
	var e Entry
	if err := json.Unmarshal(body, &e); err != nil {
		return e, fmt.Errorf("audit entry %d: %w", seq, err)
	}
	e.Seq = seq
	return e, nil
}

// PageSize clamps a requested page size to 1..MaxPage (DefaultPage for 0
// or less). Stores use it.
func PageSize(limit int) int {
	if limit <= 0 {
		return DefaultPage
	}
	return min(limit, MaxPage)
}

// NewID returns a new random id (128 bits, hex), for stores.
func NewID() string {
	var b [16]byte
	rand.Read(b[:]) // never fails (crypto/rand)
	return hex.EncodeToString(b[:])
}

// MergeRules appends to have the rules it lacks, keeping order. Stores use
// it for session layers.
func MergeRules(have, add []string) []string {
	seen := make(map[string]bool, len(have))
	for _, r := range have {
		seen[r] = true
	}
	for _, r := range add {
		if !seen[r] {
			seen[r] = true
			have = append(have, r)
		}
	}
	return have
}
