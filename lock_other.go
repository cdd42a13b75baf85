//go:build !unix

package permengine

import (
	"errors"
	"io/fs"
	"os"
)

// errLockUnsupported is the error of a platform without advisory locks.
var errLockUnsupported = errors.New("advisory file locks are not supported on this platform")

// openLockFile opens (creating) a lock file.
func openLockFile(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|os.O_CREATE, 0o644)
}

// tryLock fails: without advisory locks, a write could lose another
// process's rules, so nothing is written.
func tryLock(*os.File) (bool, error) { return false, errLockUnsupported }

// hardLinks is not known here; the file counts as having one name.
func hardLinks(fs.FileInfo) uint64 { return 1 }
