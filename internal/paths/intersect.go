package paths

import (
	"strings"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/brace"
)

// Glob intersection: can a word that bash expands at run time (a glob, a
// brace expansion, a variable) name a protected path? Both the word and
// every protected pattern are compiled to a small automaton over bytes,
// and the product of the two is searched for a path both accept. Letter
// case is ignored, as it is for literal paths.

// byteSet is a set of bytes.
type byteSet [4]uint64

func (s *byteSet) add(c byte)      { s[c>>6] |= 1 << (c & 63) }
func (s *byteSet) has(c byte) bool { return s[c>>6]&(1<<(c&63)) != 0 }
func (s *byteSet) meets(t *byteSet) bool {
	return s[0]&t[0] != 0 || s[1]&t[1] != 0 || s[2]&t[2] != 0 || s[3]&t[3] != 0
}

// fold adds the other case of every ASCII letter in s.
func (s *byteSet) fold() {
	for c := byte('a'); c <= 'z'; c++ {
		if s.has(c) || s.has(c-'a'+'A') {
			s.add(c)
			s.add(c - 'a' + 'A')
		}
	}
}

func allBut(ex ...byte) byteSet {
	s := byteSet{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	for _, c := range ex {
		s[c>>6] &^= 1 << (c & 63)
	}
	return s
}

var (
	anyByte  = allBut()
	notSlash = allBut('/')
	notDot   = allBut('/', '.') // a wildcard's first byte in a component
)

// nstate is a state of an automaton: at most one byte-consuming edge, and
// any number of empty edges.
type nstate struct {
	set  byteSet
	next int32 // target of the consuming edge; -1 for none
	eps  []int32
}

// nfa is a compiled pattern.
type nfa struct {
	st            []nstate
	start, accept int32
}

// maxNFAStates bounds one compiled pattern; a larger one is not compiled
// and counts as matching anything (the caller fails closed).
const maxNFAStates = 4096

type nfaBuilder struct {
	st    []nstate
	over  bool
	limit int // the most states; 0 for maxNFAStates
	n     nfa // what compileWord returns, kept with its storage
}

func (b *nfaBuilder) state() int32 {
	n := len(b.st)
	if limit := b.limit; n >= maxNFAStates && limit == 0 || limit > 0 && n >= limit {
		b.over = true
		return 0
	}
	if n < cap(b.st) {
		// A builder used again keeps its states' storage, edges too.
		b.st = b.st[:n+1]
		b.st[n] = nstate{next: -1, eps: b.st[n].eps[:0]}
	} else {
		b.st = append(b.st, nstate{next: -1})
	}
	return int32(n)
}

// reset empties the builder for another automaton, keeping its storage:
// the automaton it built last is then gone.
func (b *nfaBuilder) reset() *nfaBuilder {
	b.st, b.over = b.st[:0], false
	return b
}

func (b *nfaBuilder) eps(from, to int32) {
	if !b.over {
		b.st[from].eps = append(b.st[from].eps, to)
	}
}

// consume adds, from cur, an edge that reads one byte of set, and returns
// the state it leads to.
func (b *nfaBuilder) consume(cur int32, set byteSet) int32 {
	a := b.state()
	n := b.state()
	if b.over {
		return 0
	}
	b.eps(cur, a)
	set.fold()
	b.st[a].set, b.st[a].next = set, n
	return n
}

// loop adds, from cur, zero or more bytes of set.
func (b *nfaBuilder) loop(cur int32, set byteSet) int32 {
	a := b.state()
	if b.over {
		return 0
	}
	b.eps(cur, a)
	set.fold()
	b.st[a].set, b.st[a].next = set, a
	return a
}

// wildcard adds a bash wildcard that matches any run of bytes but '/'; at
// the start of a path component its first byte may not be '.' (a leading
// dot must be matched explicitly). min is 0 for '*', 1 for '?'-like.
func (b *nfaBuilder) wildcard(cur int32, atStart, one bool, set byteSet) int32 {
	first := set
	if atStart {
		first[0] &= notDot[0]
	}
	if one {
		return b.consume(cur, first)
	}
	end := b.state()
	b.eps(cur, end)
	n := b.consume(cur, first)
	l := b.loop(n, set)
	b.eps(l, end)
	return end
}

// anyComponent marks, in a word, a path component that may be any name at
// all (a Windows short name such as GIT~1).
const anyComponent = 0x01

// wordPattern is how a word is read for the intersection: which of its
// characters bash may still expand.
type wordPattern struct {
	glob, expands, brace bool
	// anyValue: an expansion may be any text, slashes and a leading dot
	// too (a path written to: D=x/.git; echo > $D/config). Without it an
	// expansion is read as one name that does not start with a dot.
	anyValue bool
}

// compileWord compiles prefix (a literal absolute directory ending in '/')
// followed by the word w, read as bash would expand it.
func compileWord(prefix, w string, wp wordPattern) *nfa {
	return (&nfaBuilder{}).compileWord(prefix, w, wp)
}

// compileWord is compileWord in b's storage, which the automaton holds
// until b builds another.
func (b *nfaBuilder) compileWord(prefix, w string, wp wordPattern) *nfa {
	b.reset()
	start := b.state()
	cur := start
	for i := 0; i < len(prefix); i++ {
		cur = b.consume(cur, single(prefix[i]))
	}
	cur, _ = b.word(cur, w, wp, true, 0)
	if b.over {
		return nil
	}
	b.n = nfa{st: b.st, start: start, accept: cur}
	return &b.n
}

func single(c byte) byteSet {
	var s byteSet
	s.add(c)
	return s
}

// word compiles w from state cur; atStart says whether a path component
// starts here. It returns the end state.
func (b *nfaBuilder) word(cur int32, w string, wp wordPattern, atStart bool, depth int) (int32, bool) {
	for i := 0; i < len(w) && !b.over; {
		if next, j, ok := b.special(cur, w, i, wp, atStart, depth); ok {
			cur, i, atStart = next, j, false
			continue
		}
		cur = b.consume(cur, single(w[i]))
		atStart = w[i] == '/'
		i++
	}
	return cur, atStart
}

// special compiles the element of w at i that bash expands (a wildcard, a
// bracket expression, an extended glob, an expansion, a brace), if there
// is one: it returns the end state and the index after the element.
func (b *nfaBuilder) special(cur int32, w string, i int, wp wordPattern, atStart bool, depth int) (int32, int, bool) {
	c := w[i]
	switch {
	case c == anyComponent:
		return b.loop(cur, notSlash), i + 1, true
	case wp.glob && i+1 < len(w) && w[i+1] == '(' && strings.IndexByte("@!+*?", c) >= 0:
		end := ascii.MatchClose(w[:min(len(w), i+1+maxGlobElement)], i+1)
		if end > 0 {
			// An extended glob: any run of bytes but '/', dots too.
			return b.wildcard(cur, false, false, notSlash), end + 1, true
		}
		if len(w) > i+1+maxGlobElement {
			return b.loop(cur, anyByte), len(w), true // longer than read: the rest may be anything
		}
	case wp.glob && c == '*':
		j := i
		for j < len(w) && w[j] == '*' {
			j++
		}
		if j-i >= 2 {
			return b.globstar(cur, atStart), j, true
		}
		return b.wildcard(cur, atStart, false, notSlash), j, true
	case wp.glob && c == '?':
		return b.wildcard(cur, atStart, true, notSlash), i + 1, true
	case wp.glob && c == '[':
		set, end, ok := bracket(w, i)
		if ok {
			return b.wildcard(cur, atStart, true, set), end + 1, true
		}
		if end < 0 {
			return b.loop(cur, anyByte), len(w), true // longer than read: the rest may be anything
		}
	case wp.expands && (c == '$' || c == '`'):
		if end := ascii.ExpansionEnd(w, i); end > i {
			if wp.anyValue || operatorExpansion(w[i:end]) {
				// ${x:-.git}, ${x/a/b}: the text in it may be the value,
				// dots and slashes too.
				return b.loop(cur, anyByte), end, true
			}
			return b.wildcard(cur, atStart, false, notSlash), end, true
		}
	case wp.brace && c == '{' && depth < 8:
		return b.brace(cur, w, i, wp, atStart, depth)
	}
	return cur, i, false
}

// brace compiles a brace expansion at w[i]: {a,b} as alternatives, a
// sequence {1..9} as a wildcard.
func (b *nfaBuilder) brace(cur int32, w string, i int, wp wordPattern, atStart bool, depth int) (int32, int, bool) {
	end := ascii.MatchClose(w, i)
	if end < 0 {
		return cur, i, false
	}
	body := w[i+1 : end]
	if alts := topCommas(body); len(alts) > 1 {
		out := b.state()
		for _, a := range alts {
			e, _ := b.word(cur, a, wp, atStart, depth+1)
			b.eps(e, out)
		}
		return out, end + 1, true
	}
	if strings.Contains(body, "..") {
		set := notSlash
		if brace.Sequence(body) {
			set = notDot // digits, '-' or letters: never a '.' or a '/'
		}
		return b.wildcard(cur, atStart, false, set), end + 1, true
	}
	return cur, i, false
}

// globstar compiles bash's ** : any number of components, none of them
// starting with a dot.
func (b *nfaBuilder) globstar(cur int32, atStart bool) int32 {
	end := b.state()
	b.eps(cur, end)
	first := notSlash
	if atStart {
		first = notDot
	}
	n := b.consume(cur, first)
	l := b.loop(n, notSlash)
	b.eps(l, end)
	s := b.consume(l, single('/'))
	n2 := b.consume(s, notDot)
	b.eps(n2, l)
	return end
}

// topCommas splits a brace body at its top-level commas.
func topCommas(s string) []string {
	var out []string
	d, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			d++
		case '}':
			d--
		case ',':
			if d == 0 {
				out = append(out, s[last:i])
				last = i + 1
			}
		}
	}
	return append(out, s[last:])
}

// maxGlobElement bounds how far a bracket expression or an extended
// glob is read for its end: a word of thousands of unclosed '[' would
// otherwise be read again from each one. An element not closed within
// it, in a word that goes on past it, is reported as unread.
const maxGlobElement = 256

// bracket reads a bracket expression starting at w[i] == '['. It returns
// the set it matches (never '/') and the index of its closing ']'; when
// there is none within maxGlobElement bytes of a word that goes on past
// them, the index is -1 (not read; the caller assumes anything). Each
// kind of class ([:, [., [=) is searched for at most once.
func bracket(w string, i int) (byteSet, int, bool) {
	limit := len(w)
	long := false
	if limit > i+maxGlobElement {
		limit, long = i+maxGlobElement, true
	}
	var unclosed [3]bool // no ":]", ".]" or "=]" before limit: searched once
	j := i + 1
	neg := false
	if j < len(w) && (w[j] == '!' || w[j] == '^') {
		neg = true
		j++
	}
	var set byteSet
	first := true
	for k := j; k < limit; k++ {
		c := w[k]
		if c == ']' && !first {
			if neg {
				for x := 0; x < 4; x++ {
					set[x] = ^set[x]
				}
			}
			set[0] &= notSlash[0]
			return set, k, true
		}
		first = false
		if c == '[' && k+1 < limit && (w[k+1] == ':' || w[k+1] == '.' || w[k+1] == '=') {
			kind := strings.IndexByte(":.=", w[k+1])
			if !unclosed[kind] {
				if e := strings.Index(w[k+2:limit], w[k+1:k+2]+"]"); e >= 0 {
					// A character class ([:alpha:]), a collating symbol
					// ([.g.]) or an equivalence class ([=g=]): every byte
					// but '/', to be safe.
					set = notSlash
					k = k + 2 + e + 1
					continue
				}
				unclosed[kind] = true
			}
		}
		if k+2 < limit && w[k+1] == '-' && w[k+2] != ']' {
			for x := int(c); x <= int(w[k+2]); x++ {
				set.add(byte(x))
			}
			k += 2
			continue
		}
		set.add(c)
	}
	if long {
		return byteSet{}, -1, false
	}
	return byteSet{}, 0, false
}

// compileGlob compiles a protected pattern (github.com/gobwas/glob syntax,
// '/' as separator).
func compileGlob(p string) *nfa {
	// A byte of the pattern makes at most two states; most make exactly two.
	b := &nfaBuilder{st: make([]nstate, 0, min(2*len(p)+4, maxNFAStates))}
	start := b.state()
	end := b.glob(start, p, 0)
	if b.over {
		return nil
	}
	return &nfa{st: b.st, start: start, accept: end}
}

func (b *nfaBuilder) glob(cur int32, p string, depth int) int32 {
	for i := 0; i < len(p) && !b.over; {
		c := p[i]
		switch c {
		case '\\':
			if i+1 < len(p) {
				cur = b.consume(cur, single(p[i+1]))
				i += 2
				continue
			}
		case '*':
			if i+1 < len(p) && p[i+1] == '*' {
				cur = b.loop(cur, anyByte)
				i += 2
				continue
			}
			cur = b.loop(cur, notSlash)
			i++
			continue
		case '?':
			cur = b.consume(cur, notSlash)
			i++
			continue
		case '[':
			set, end, ok := bracket(p, i)
			if ok {
				cur = b.consume(cur, set)
				i = end + 1
				continue
			}
			if end < 0 {
				return b.loop(cur, anyByte) // a pattern's bracket longer than read: it matches more, the safe side
			}
		case '{':
			if end := ascii.MatchClose(p, i); end > 0 && depth < 8 {
				out := b.state()
				for _, a := range topCommas(p[i+1 : end]) {
					b.eps(b.glob(cur, a, depth+1), out)
				}
				cur = out
				i = end + 1
				continue
			}
		}
		cur = b.consume(cur, single(c))
		i++
	}
	return cur
}

// maxProductSteps bounds the search of one intersection; past it the
// answer is "they may meet" (fail closed).
const maxProductSteps = 1 << 15

// intersects reports whether some path is accepted by both a and b. A nil
// automaton (too large to compile) meets everything.
func intersects(a, b *nfa) bool {
	met, _ := intersectSteps(a, b, nil, maxProductSteps)
	return met
}

// productSearch is the storage of intersection searches, kept by one
// caller between them so that a search allocates nothing new.
type productSearch struct {
	seen  map[int64]bool
	stack [][2]int32
}

// intersectSteps is intersects, with the steps its search took: the work
// a caller charges for it. ps, when not nil, holds the search's storage.
// A search past limit steps stops, and counts as a meeting.
func intersectSteps(a, b *nfa, ps *productSearch, limit int) (bool, int) {
	if a == nil || b == nil {
		return true, 1
	}
	met, steps, over := searchProduct(a, b, nil, ps, limit)
	return met >= 0 || over, steps
}

// searchProduct searches the product of a and b, depth first, for a
// state where both accept: a's accept and b's, or, with acceptOf, a
// state of b that acceptOf gives a pattern's index (a union's). It
// returns that index (0 without acceptOf; -1 for none), the steps taken,
// and whether it stopped at limit steps.
func searchProduct(a, b *nfa, acceptOf []int32, ps *productSearch, limit int) (int32, int, bool) {
	if ps == nil {
		ps = &productSearch{}
	}
	if ps.seen == nil {
		ps.seen = make(map[int64]bool, 64)
	}
	clear(ps.seen)
	nb := int64(len(b.st))
	stack := append(ps.stack[:0], [2]int32{a.start, b.start})
	defer func() { ps.stack = stack[:0] }()
	steps := 0
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		key := int64(p[0])*nb + int64(p[1])
		if ps.seen[key] {
			continue
		}
		ps.seen[key] = true
		if steps++; steps > limit {
			return -1, steps, true
		}
		i, j := p[0], p[1]
		if i == a.accept {
			switch {
			case acceptOf == nil && j == b.accept:
				return 0, steps, false
			case acceptOf != nil && acceptOf[j] >= 0:
				return acceptOf[j], steps, false
			}
		}
		sa, sb := &a.st[i], &b.st[j]
		for _, e := range sa.eps {
			stack = append(stack, [2]int32{e, j})
		}
		for _, e := range sb.eps {
			stack = append(stack, [2]int32{i, e})
		}
		if sa.next >= 0 && sb.next >= 0 && sa.set.meets(&sb.set) {
			stack = append(stack, [2]int32{sa.next, sb.next})
		}
	}
	return -1, steps, false
}

// operatorExpansion reports a ${…} expansion with an operator after the
// name (a default, an alternative, a replacement, a substring), whose
// value may be text written in it.
func operatorExpansion(e string) bool {
	if len(e) < 3 || e[1] != '{' {
		return false
	}
	for i := 2; i < len(e)-1; i++ {
		c := e[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return true
		}
	}
	return false
}
