package permengine

import (
	"fmt"
	"strings"

	"github.com/gobwas/glob"
)

// protectedBranches are the merge destinations always capped. A host may
// add names or globs (Extensions.ProtectedBranches), never remove these.
var protectedBranches = []string{"dev", "qa", "rc", "main", "master"}

// branchPattern is one of a host's protected branches: a name or a glob
// (github.com/gobwas/glob syntax, '/' as separator: "release/*" is every
// release branch, "release/**" also the ones below them).
type branchPattern struct {
	text string
	g    *glob.Pattern
}

// compileBranches compiles a host's protected branches, case-folded and
// without a leading refs/heads/.
func compileBranches(pats []string) ([]branchPattern, error) {
	var out []branchPattern
	for _, p := range pats {
		g, err := glob.Compile(strings.ToLower(trimRefsHeads(p)), '/')
		if err != nil {
			return nil, fmt.Errorf("protected branch %q: %w", p, err)
		}
		out = append(out, branchPattern{text: p, g: g})
	}
	return out, nil
}

// protectedBranchOf returns the protected name or pattern a merge
// destination falls under. An empty destination is unknown and treated as
// protected.
func protectedBranchOf(branch string, host []branchPattern) (string, bool) {
	b := trimRefsHeads(branch)
	if b == "" {
		return "(unknown destination)", true
	}
	for _, p := range protectedBranches {
		if strings.EqualFold(b, p) {
			return p, true
		}
	}
	lower := strings.ToLower(b)
	for _, p := range host {
		if p.g.Match(lower) {
			return p.text, true
		}
	}
	return "", false
}
