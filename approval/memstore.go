package approval

import (
	"context"
	"fmt"
	"slices"
	"sync"
)

// MemStore is a Store in memory, for tests and single-process hosts that
// need no durability. Its zero value is not usable; call NewMemStore.
type MemStore struct {
	mu       sync.Mutex
	asks     map[string]*Ask
	order    []string // ids in raised order
	entries  []Entry  // in sequence order
	byID     map[string]int
	sessions map[string][]string
}

// NewMemStore returns an empty in-memory store.
func NewMemStore() *MemStore {
	return &MemStore{asks: map[string]*Ask{}, byID: map[string]int{}, sessions: map[string][]string{}}
}

// Raise implements Store.
func (m *MemStore) Raise(_ context.Context, a Ask) (Ask, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a.ID, a.Status = NewID(), Pending
	c := a
	m.asks[a.ID] = &c
	m.order = append(m.order, a.ID)
	return a, nil
}

// Get implements Store.
func (m *MemStore) Get(_ context.Context, id string) (Ask, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.asks[id]
	if !ok {
		return Ask{}, fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	return *a, nil
}

// Pending implements Store.
func (m *MemStore) Pending(context.Context) ([]Ask, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	var out []Ask
	for _, id := range m.order {
		if a := m.asks[id]; a.Status == Pending {
			out = append(out, *a)
		}
	}
	return out, nil
}

// Finish implements Store. The lock is held while apply runs, so a second
// Finish of the same ask waits and then finds it final.
func (m *MemStore) Finish(_ context.Context, id string, f Final, apply func() error) (Entry, error) {
	if err := CheckFinal(f); err != nil {
		return Entry{}, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	a, ok := m.asks[id]
	switch {
	case !ok:
		return Entry{}, fmt.Errorf("%w: %q", ErrNotFound, id)
	case a.Status != Pending:
		return Entry{}, fmt.Errorf("%w: %q is %s", ErrConflict, id, a.Status)
	}
	if apply != nil {
		if err := apply(); err != nil {
			return Entry{}, err
		}
	}
	a.Status = f.Status
	if len(f.SessionRules) > 0 {
		m.sessions[a.Session] = MergeRules(m.sessions[a.Session], f.SessionRules)
	}
	return m.append(EntryFor(*a, f)), nil
}

// append gives e the next sequence number and keeps it. m.mu is held.
func (m *MemStore) append(e Entry) Entry {
	e.Seq = int64(len(m.entries)) + 1
	e.Rules = slices.Clone(e.Rules)
	m.byID[e.ID] = len(m.entries)
	m.entries = append(m.entries, e)
	return e
}

// Record implements Store.
func (m *MemStore) Record(_ context.Context, e Entry) (Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	e.ID = NewID()
	return m.append(e), nil
}

// Entry implements Store.
func (m *MemStore) Entry(_ context.Context, id string) (Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	i, ok := m.byID[id]
	if !ok {
		return Entry{}, fmt.Errorf("%w: no entry %q", ErrNotFound, id)
	}
	return m.entries[i], nil
}

// Audit implements Store.
func (m *MemStore) Audit(_ context.Context, after int64, limit int) ([]Entry, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	start := int(max(after, 0))
	if start >= len(m.entries) {
		return nil, nil
	}
	end := min(len(m.entries), start+PageSize(limit))
	return slices.Clone(m.entries[start:end]), nil
}

// SessionRules implements Store.
func (m *MemStore) SessionRules(_ context.Context, session string) ([]string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return slices.Clone(m.sessions[session]), nil
}

// AddSessionRules implements Store.
func (m *MemStore) AddSessionRules(_ context.Context, session string, rules []string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sessions[session] = MergeRules(m.sessions[session], rules)
	return nil
}

// Close implements Store; it does nothing.
func (m *MemStore) Close() error { return nil }
