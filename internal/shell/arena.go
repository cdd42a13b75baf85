package shell

// arena holds the storage of one command's reading. A pooled Command keeps
// it across decisions, so that reading a plain command allocates next to
// nothing. Segments slice into it; nothing in a decision points into it.
type arena struct {
	views   [][]string
	words   []string
	flags   []uint8
	masks   []Mask
	dirs    []string // directory sets: CdTo, unions
	refs    []PathRef
	toks    []fastToken
	scratch []Segment
}

// reset returns the arena emptied, its storage kept. What the storage
// still points to is the last command's text, kept alive at most until
// the pool is emptied at the next garbage collection.
func (a *arena) reset() arena {
	return arena{
		views: a.views[:0], words: a.words[:0], flags: a.flags[:0], masks: a.masks[:0],
		dirs: a.dirs[:0], refs: a.refs[:0], toks: a.toks[:0], scratch: a.scratch[:0],
	}
}
