package paths

import (
	"strings"

	"github.com/permengine/permengine/internal/pathtext"
)

// Scope is where a decision's paths may be: the scope root and the
// additional working directories a host gives (a monorepo's sibling, a
// shared cache), each absolute, clean and valid as a scope root.
type Scope struct {
	Root  string
	Extra []string
}

// NewScope validates the additional directories like the scope root and
// keeps those that pass: an invalid one widens nothing. It also returns
// why it dropped the others.
func NewScope(root string, extra []string) (Scope, []string) {
	s := Scope{Root: root}
	var dropped []string
	for _, d := range extra {
		if err := ValidateScopeRoot(d); err != nil {
			dropped = append(dropped, err.Error())
			continue
		}
		if d != root {
			s.Extra = append(s.Extra, d)
		}
	}
	return s, dropped
}

// Contains reports whether the clean absolute path p is inside the scope:
// the root or one of the additional directories, or below one.
func (s Scope) Contains(p string) bool {
	if Inside(p, s.Root) {
		return true
	}
	for _, d := range s.Extra {
		if Inside(p, d) {
			return true
		}
	}
	return false
}

// JoinedContains is Contains(pathtext.Join(dir, rel)) for an absolute dir.
func (s Scope) JoinedContains(dir, rel string) bool {
	if len(s.Extra) == 0 {
		return JoinedInside(dir, rel, s.Root)
	}
	return s.Contains(pathtext.Join(dir, rel))
}

// String names the scope for reasons: the root, and the additional
// directories after it.
func (s Scope) String() string {
	if len(s.Extra) == 0 {
		return s.Root
	}
	return s.Root + " (and " + strings.Join(s.Extra, ", ") + ")"
}
