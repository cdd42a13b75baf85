package bench

import (
	"strings"

	"github.com/permengine/permengine"
)

// Floor is the quote-aware floor the shared bench README describes: split
// quote-aware, then match each segment's words against rules indexed by
// first word, deny > ask > allow, all segments allowed to approve. Nothing
// else: no scope, no caps, no looking through wrappers.
type Floor struct {
	lists [3]map[string][]*permengine.CompiledRule // by list, by first word
}

// NewFloor indexes the Terminal rules of p.
func NewFloor(p *permengine.Policy) *Floor {
	f := &Floor{}
	for _, l := range []permengine.List{permengine.ListDeny, permengine.ListAsk, permengine.ListAllow} {
		m := map[string][]*permengine.CompiledRule{}
		for _, r := range p.Rules(l) {
			if r.Type == permengine.Terminal && len(r.Words) > 0 {
				m[r.Words[0]] = append(m[r.Words[0]], r)
			}
		}
		f.lists[l] = m
	}
	return f
}

func floorMatch(r *permengine.CompiledRule, words []string) bool {
	n := len(r.Words)
	if n > len(words) {
		return false
	}
	for i := 0; i < n-1; i++ {
		if r.Words[i] != words[i] {
			return false
		}
	}
	last, w := r.Words[n-1], words[n-1]
	if !r.Wildcard {
		return w == last
	}
	return w == last || strings.HasPrefix(w, last+":")
}

// Decide returns the outcome of the reference semantics alone.
func (f *Floor) Decide(cmd string) string {
	segs := splitSegments(cmd)
	allAllow := len(segs) > 0
	ask := false
	for _, s := range segs {
		class := permengine.List(255)
		for _, l := range []permengine.List{permengine.ListDeny, permengine.ListAsk, permengine.ListAllow} {
			for _, r := range f.lists[l][s[0]] {
				if floorMatch(r, s) {
					class = l
					break
				}
			}
			if class != 255 {
				break
			}
		}
		switch class {
		case permengine.ListDeny:
			return "deny"
		case permengine.ListAsk:
			ask = true
			allAllow = false
		case permengine.ListAllow:
		default:
			allAllow = false
		}
	}
	switch {
	case ask:
		return "require_approval"
	case allAllow:
		return "auto_approve"
	}
	return "require_approval"
}
