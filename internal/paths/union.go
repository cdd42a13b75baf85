package paths

import (
	"strings"
)

// A word that bash expands is compared with every protected pattern at
// once: the patterns are compiled into one automaton, their common "**/"
// head and the literal text that follows it shared as a trie, and one
// search of its product with the word finds every pattern the word may
// name. Searched one by one, each of some 250 patterns cost a walk of the
// word of its own (its "**/" loop alone pairs with every state of the
// word); together they cost about one walk, and the names that share a
// start (.git/hooks, .git/config, .git/info) are read once.

// patternUnion is a set of protected patterns compiled into one automaton.
type patternUnion struct {
	n nfa
	// acceptOf is, for each state of n, the lowest index of a pattern
	// that accepts there, or -1.
	acceptOf []int32
	// always is the lowest index of a pattern too large to compile,
	// which meets every word (-1 for none).
	always int32
}

// maxUnionStates bounds a union's automaton; each pattern in it is
// bounded by maxNFAStates on its own.
const maxUnionStates = 1 << 20

// compileUnion compiles the patterns (lower case) whose index include
// reports true.
func compileUnion(patterns []string, include func(int) bool) *patternUnion {
	b := &nfaBuilder{limit: maxUnionStates}
	u := &patternUnion{always: -1}
	start := b.state()
	// "**/": any bytes, then a '/'; shared by every pattern it starts.
	loop := b.loop(start, anyByte)
	afterSlash := b.consume(loop, single('/'))
	trie := map[trieEdge]int32{}
	var accepts [][2]int32 // state, pattern index
	for i, p := range patterns {
		if !include(i) {
			continue
		}
		if compileGlob(p) == nil {
			if u.always < 0 {
				u.always = int32(i)
			}
			continue
		}
		cur, rest := start, p
		if strings.HasPrefix(p, "**/") {
			cur, rest = afterSlash, p[3:]
		}
		n := literalPrefix(rest)
		for k := 0; k < n; k++ {
			cur = b.trieStep(trie, cur, rest[k])
		}
		end := b.glob(cur, rest[n:], 0)
		accepts = append(accepts, [2]int32{end, int32(i)})
	}
	if b.over {
		// More than maxUnionStates: no pattern set a policy may hold
		// comes near it, but if one did, every word meets it.
		return &patternUnion{always: 0}
	}
	u.n = nfa{st: b.st, start: start, accept: -1}
	u.acceptOf = make([]int32, len(b.st))
	for k := range u.acceptOf {
		u.acceptOf[k] = -1
	}
	for _, a := range accepts {
		if cur := u.acceptOf[a[0]]; cur < 0 || a[1] < cur {
			u.acceptOf[a[0]] = a[1]
		}
	}
	return u
}

// literalPrefix is the length of the text at the start of p that matches
// only itself.
func literalPrefix(p string) int {
	for i := 0; i < len(p); i++ {
		if strings.IndexByte(`\*?[{`, p[i]) >= 0 {
			return i
		}
	}
	return len(p)
}

// trieEdge is a literal byte read from a state of a union's trie.
type trieEdge struct {
	from int32
	c    byte
}

// trieStep returns the state after reading byte c from cur, shared by
// every pattern that reads c there.
func (b *nfaBuilder) trieStep(trie map[trieEdge]int32, cur int32, c byte) int32 {
	e := trieEdge{cur, c}
	if next, ok := trie[e]; ok {
		return next
	}
	next := b.consume(cur, single(c))
	trie[e] = next
	return next
}

// unionResult is what a search of a word against a union found.
type unionResult struct {
	pattern int32 // a pattern the word may name (the first the search meets); -1 for none
	steps   int   // the steps the search took
	over    bool  // the search reached its limit: the word may name any pattern
}

// search finds a pattern of u that some path of word matches, within
// limit steps: the first the search meets, which is not always the first
// in order. A nil word (too large to compile) meets the first pattern,
// and every word meets a pattern too large to compile.
func (u *patternUnion) search(word *nfa, ps *productSearch, limit int) unionResult {
	if word == nil {
		return unionResult{pattern: 0, steps: 1}
	}
	if u.always >= 0 || len(u.n.st) == 0 {
		return unionResult{pattern: u.always, steps: 1}
	}
	pattern, steps, over := searchProduct(word, &u.n, u.acceptOf, ps, limit)
	return unionResult{pattern: pattern, steps: steps, over: over}
}
