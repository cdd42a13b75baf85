// Package strtable is a read-only map from strings, for the lookups a
// decision makes many times: program names and the words of the rule trie.
package strtable

// Table is a read-only map from strings, built once and looked up many
// times per decision: program names (the program catalog) and the words of the rule
// trie. A lookup hashes the key with FNV-1a and probes an open-addressed
// table, which for the short words of a command costs a fraction of a
// general map lookup. The keys come from the engine's own tables and from
// the policy, never from the command being decided, so no input can
// lengthen a probe sequence; a command's words only ever look up.
type Table[V any] struct {
	slots  []slot[V]
	mask   uint32
	maxLen int // the length of the longest key
}

type slot[V any] struct {
	key  string
	hash uint32
	used bool
	val  V
}

// New builds a table holding the entries of m. The table is at
// most half full, so a lookup of an absent key ends after a probe or two.
func New[V any](m map[string]V) Table[V] {
	if len(m) == 0 {
		return Table[V]{}
	}
	size := 8
	for size < 2*len(m) {
		size *= 2
	}
	t := Table[V]{slots: make([]slot[V], size), mask: uint32(size - 1)}
	for k, v := range m {
		h := hash(k)
		i := h & t.mask
		for t.slots[i].used {
			i = (i + 1) & t.mask
		}
		t.slots[i] = slot[V]{key: k, hash: h, used: true, val: v}
		t.maxLen = max(t.maxLen, len(k))
	}
	return t
}

// Get returns the value of key k and whether it is present. A key longer
// than every key of the table is absent at once, unread: a lookup costs at
// most the longest key's length.
func (t *Table[V]) Get(k string) (V, bool) {
	if len(t.slots) == 0 || len(k) > t.maxLen {
		var zero V
		return zero, false
	}
	h := hash(k)
	for i := h & t.mask; ; i = (i + 1) & t.mask {
		s := &t.slots[i]
		if !s.used {
			var zero V
			return zero, false
		}
		if s.hash == h && s.key == k {
			return s.val, true
		}
	}
}

// hash is 32-bit FNV-1a.
func hash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}

// MaxLen returns the length of the longest key (0 for an empty table).
func (t *Table[V]) MaxLen() int { return t.maxLen }

// Empty reports a table with no entries, without counting them.
func (t *Table[V]) Empty() bool { return len(t.slots) == 0 }
