package permengine

import "github.com/permengine/permengine/internal/shell"

// MaxCommandBytes is the longest command the engine reads in full. A
// longer one is never auto-approved (the integrity cap names the bound);
// deny rules still see a plain split of its beginning.
const MaxCommandBytes = shell.MaxCommandBytes

// readTerminal reads the terminal command into its segments, the way bash
// would read it (a pooled reading, released when the decision is made),
// and validates the scope root the segments are judged against.
func (x *decider) readTerminal() {
	a := x.req.Action
	x.cmd = shell.ReadPooled(a.Command, a.Cwd, x.budget)
	if afterRead != nil {
		afterRead()
	}
	x.root = x.req.Env.ScopeRoot
	x.rootErr = ValidateScopeRoot(x.root)
	x.sc = x.scope()
}

// afterRead, when set, is called once a terminal command has been read.
// Only the package's tests set it, to make a decision fail at that point
// and check what the failure leaves behind; it is nil in every other use.
var afterRead func()
