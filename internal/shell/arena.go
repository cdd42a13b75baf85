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

// mark is a position in the arena's word storage: what was kept before it
// stays, what comes after it can be taken as one segment's or given back.
type mark struct{ words, masks, refs int }

func (a *arena) mark() mark { return mark{len(a.words), len(a.masks), len(a.refs)} }

// rewind gives back everything kept after m.
func (a *arena) rewind(m mark) {
	a.words, a.flags, a.masks, a.refs = a.words[:m.words], a.flags[:m.words], a.masks[:m.masks], a.refs[:m.refs]
}

// addWord keeps a word of the segment being read, with its flags and mask.
func (a *arena) addWord(text string, flags uint8, mask Mask) {
	a.words = append(a.words, text)
	a.flags = append(a.flags, flags)
	a.masks = append(a.masks, mask)
}

func (a *arena) addRef(ref PathRef) { a.refs = append(a.refs, ref) }

// wordsSince returns the words (with their flags and masks) and the
// redirections kept since m. Each slice is capped at its length, so that
// appending to one never writes over the next segment's.
func (a *arena) wordsSince(m mark) (words []string, flags []uint8, masks []Mask, refs []PathRef) {
	n, k, r := len(a.words), len(a.masks), len(a.refs)
	if n > m.words {
		words, flags, masks = a.words[m.words:n:n], a.flags[m.words:n:n], a.masks[m.masks:k:k]
	}
	if r > m.refs {
		refs = a.refs[m.refs:r:r]
	}
	return words, flags, masks, refs
}

// masksOf keeps the masks of words and returns them, with all of them
// together.
func (a *arena) masksOf(words []string) ([]Mask, Mask) {
	k := len(a.masks)
	var all Mask
	for _, w := range words {
		m := MaskOf(w)
		a.masks = append(a.masks, m)
		all |= m
	}
	return a.masks[k:len(a.masks):len(a.masks)], all
}

// keepDirs keeps a directory set; like every arena slice, it lives until
// the command is released.
func (a *arena) keepDirs(set []string) []string {
	k := len(a.dirs)
	a.dirs = append(a.dirs, set...)
	return a.dirs[k:len(a.dirs):len(a.dirs)]
}

// keepViews keeps a segment's views: first, then more.
func (a *arena) keepViews(first, more [][]string) [][]string {
	k := len(a.views)
	a.views = append(append(a.views, first...), more...)
	return a.views[k:len(a.views):len(a.views)]
}

// keepView keeps a segment's only view, its literal words.
func (a *arena) keepView(words []string) [][]string {
	k := len(a.views)
	a.views = append(a.views, words)
	return a.views[k : k+1 : k+1]
}
