package permengine

import (
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/permengine/permengine/internal/paths"
)

// LockSuffix names the lock file of a policy file: the advisory lock that
// serializes writers across processes is taken on the policy's resolved
// path plus this suffix ("permissions.json.lock"), beside it. The lock file
// is created on first use and never removed: removing it would let two
// writers lock two different files. It is a protected path, like the policy.
const LockSuffix = paths.LockSuffix

// DefaultLockTimeout is how long a writer waits for another writer's lock
// before it gives up with ErrLockTimeout.
const DefaultLockTimeout = 10 * time.Second

// ErrLockTimeout is returned when another process held the policy file's
// lock for longer than the timeout; nothing was written.
var ErrLockTimeout = errors.New("timed out waiting for the lock on the policy file")

// fileLock is a held advisory lock.
type fileLock struct{ f *os.File }

// Longest and shortest pause between two attempts to take a busy lock.
const (
	lockPollMin = time.Millisecond
	lockPollMax = 10 * time.Millisecond
)

// acquireLock takes the exclusive advisory lock on path, creating the
// file, waiting at most timeout for another holder.
func acquireLock(path string, timeout time.Duration) (*fileLock, error) {
	f, err := openLockFile(path)
	if err != nil {
		return nil, fmt.Errorf("lock %s: %w", path, err)
	}
	deadline := time.Now().Add(timeout)
	pause := lockPollMin
	for {
		ok, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if ok {
			return &fileLock{f: f}, nil
		}
		if time.Now().After(deadline) {
			f.Close()
			return nil, fmt.Errorf("%s: %w (another process has held it for %v; if no writer is running, a process holding it is stuck)", path, ErrLockTimeout, timeout)
		}
		time.Sleep(pause)
		pause = min(2*pause, lockPollMax)
	}
}

// release drops the lock. Closing the file releases it.
func (l *fileLock) release() { l.f.Close() }
