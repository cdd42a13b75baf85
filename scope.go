package permengine

import (
	"path"
	"strings"

	"github.com/permengine/permengine/internal/paths"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/shell"
)

// ErrScopeRoot is the sentinel of every invalid scope root.
var ErrScopeRoot = paths.ErrScopeRoot

// ValidateScopeRoot checks a scope root the way Decide does: absolute,
// already clean, no "..", not "/" and not a top-level system directory. The
// error wraps ErrScopeRoot and says what to fix.
func ValidateScopeRoot(root string) error { return paths.ValidateScopeRoot(root) }

// DefaultProtectedPaths returns the built-in protected path patterns.
func DefaultProtectedPaths() []string { return paths.DefaultPatterns() }

// protCheck returns the protected-path check of this decision.
func (x *decider) protCheck(root string) paths.Checker {
	var prot *paths.Protected
	if x.p != nil {
		prot = x.p.prot
	}
	return prot.Check(root)
}

// writeFileCaps applies path scope and protected paths to a write_file
// target: the same threat as a redirection in a terminal command.
func (x *decider) writeFileCaps() {
	a := x.req.Action
	root := x.req.Env.ScopeRoot
	if err := ValidateScopeRoot(root); err != nil {
		x.cap(CodeNoScope, "", "no scope configured ("+err.Error()+"): write_file is not auto-approved", false)
		return
	}
	if a.Path == "" {
		x.cap(CodePathScope, "", "write_file without a target path: its place cannot be checked", true)
		return
	}
	base := a.Cwd
	if base == "" {
		base = root
	}
	dirs := []string{base}
	if why := paths.OneProblem(a.Path, 0, dirs, root, true); why != "" {
		x.cap(CodePathScope, "", "write_file target "+shell.Quote(a.Path)+": "+why, true)
	}
	if !strings.HasPrefix(base, "/") {
		x.cap(CodePathScope, "", "working directory "+shell.Quote(base)+" is not absolute", true)
	}
	pc := x.protCheck(root)
	if why := pc.Problem(a.Path, dirs); why != "" {
		x.cap(CodeProtectedPath, "", "write_file target "+shell.Quote(a.Path)+" is "+why+": a person approves every change to it", false)
	}
}

// scopeCaps checks the working directory, every path word and every
// redirection target against the scope root.
func (x *decider) scopeCaps(cmd *shell.Command, root string) {
	cwd := x.req.Action.Cwd
	switch {
	case cwd == "":
		x.cap(CodePathScope, "", "no working directory given: where the command runs cannot be checked", true)
	case !strings.HasPrefix(cwd, "/"):
		x.cap(CodePathScope, "", "working directory "+shell.Quote(cwd)+" is not absolute", true)
	case cwd != root && !paths.Inside(path.Clean(cwd), root):
		x.cap(CodePathScope, "", "working directory "+cwd+" is outside the scope "+root, true)
	}
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		if s.Cd {
			for _, d := range s.CdTo {
				if d == "" {
					x.cap(CodePathScope, s.Text, "cd to a directory that cannot be known (no argument, -, ~, a variable, or a path longer than the engine follows)", true)
					break
				}
			}
		}
		var data uint64
		if s.Bits&(programs.Pattern|programs.Assignment) != 0 {
			data = programs.DataArgs(s.Words)
		}
		for j, w := range s.Words {
			if data&(1<<uint(min(j, 63))) != 0 && j < 63 || s.Flags[j] == 0 && s.Masks[j]&(shell.MaskDot|shell.MaskPath|shell.MaskEq) == 0 {
				continue
			}
			if !x.wk().Spend(scopeCost(w, s.Flags[j], s.Dirs)) {
				return
			}
			if why := paths.Problem(w, s.Flags[j], s.Dirs, root, false); why != "" {
				x.cap(CodePathScope, s.Text, shell.QuoteExcerpt(w)+": "+why, true)
				break
			}
		}
		for _, ref := range s.Redirs {
			if !x.wk().Spend(pathCost(ref.Text, ref.Dirs)) {
				return
			}
			if why := paths.Problem(ref.Text, ref.Flags, ref.Dirs, root, true); why != "" {
				x.cap(CodePathScope, s.Text, "redirection "+ref.Op+" "+shell.QuoteExcerpt(ref.Text)+": "+why, true)
				break
			}
		}
	}
	for _, ref := range cmd.Paths {
		if !x.wk().Spend(pathCost(ref.Text, ref.Dirs)) {
			return
		}
		if why := paths.Problem(ref.Text, ref.Flags, ref.Dirs, root, true); why != "" {
			x.cap(CodePathScope, "", "redirection "+ref.Op+" "+shell.QuoteExcerpt(ref.Text)+": "+why, true)
		}
	}
}

// scopeCost is the work of the path-scope check of word w: a relative
// word is joined to each directory only when it may climb out of it.
func scopeCost(w string, flags uint8, dirs []string) int {
	if flags&shell.WordDotGlob != 0 || strings.Contains(w, "..") {
		return pathCost(w, dirs)
	}
	return 1 + len(w)
}

// segProtected checks a segment's words and redirection targets against
// the protected paths; it finds nothing more once the budget is spent.
func (x *decider) segProtected(s *shell.Segment, pc *paths.Checker) string {
	every := pc.EveryWord(s.Dirs)
	for j, w := range s.Words {
		if !every && s.Masks[j]&shell.MaskDot == 0 {
			continue // every pattern and file name needs a '.' (see paths.Checker)
		}
		if !x.wk().Spend(pathCost(w, s.Dirs)) {
			return ""
		}
		if why := pc.Problem(w, s.Dirs); why != "" {
			return shell.QuoteExcerpt(w) + " reaches " + why + ": a person approves every use of it"
		}
	}
	for _, ref := range s.Redirs {
		if !x.wk().Spend(pathCost(ref.Text, ref.Dirs)) {
			return ""
		}
		if why := pc.Problem(ref.Text, ref.Dirs); why != "" {
			return "redirection " + ref.Op + " " + shell.QuoteExcerpt(ref.Text) + " reaches " + why + ": a person approves every use of it"
		}
	}
	return ""
}
