package permengine

// strTable is a read-only map from strings, built once and looked up many
// times per decision: program names (bitsOf) and the words of the rule
// trie. A lookup hashes the key with FNV-1a and probes an open-addressed
// table, which for the short words of a command costs a fraction of a
// general map lookup. The keys come from the engine's own tables and from
// the policy, never from the command being decided, so no input can
// lengthen a probe sequence; a command's words only ever look up.
type strTable[V any] struct {
	slots []strSlot[V]
	mask  uint32
}

type strSlot[V any] struct {
	key  string
	hash uint32
	used bool
	val  V
}

// newStrTable builds a table holding the entries of m. The table is at
// most half full, so a lookup of an absent key ends after a probe or two.
func newStrTable[V any](m map[string]V) strTable[V] {
	if len(m) == 0 {
		return strTable[V]{}
	}
	size := 8
	for size < 2*len(m) {
		size *= 2
	}
	t := strTable[V]{slots: make([]strSlot[V], size), mask: uint32(size - 1)}
	for k, v := range m {
		h := strHash(k)
		i := h & t.mask
		for t.slots[i].used {
			i = (i + 1) & t.mask
		}
		t.slots[i] = strSlot[V]{key: k, hash: h, used: true, val: v}
	}
	return t
}

// get returns the value of key k and whether it is present.
func (t *strTable[V]) get(k string) (V, bool) {
	if len(t.slots) == 0 {
		var zero V
		return zero, false
	}
	h := strHash(k)
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

// strHash is 32-bit FNV-1a.
func strHash(s string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(s); i++ {
		h ^= uint32(s[i])
		h *= 16777619
	}
	return h
}
