package permengine

import "github.com/permengine/permengine/internal/shell"

// MaxCommandBytes is the longest command the engine reads in full. A
// longer one is never auto-approved (the integrity cap names the bound);
// deny rules still see a plain split of its beginning.
const MaxCommandBytes = shell.MaxCommandBytes
