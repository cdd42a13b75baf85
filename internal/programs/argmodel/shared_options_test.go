package argmodel

import (
	"sync"
	"testing"
)

// Models that share an option list are compiled at once without a race
// (go test -race): compiling copies the list before it writes into it.
func TestSharedOptionListsCompileConcurrently(t *testing.T) {
	var wg sync.WaitGroup
	for _, n := range []string{"uv", "uvx", "conda", "mamba", "micromamba", "pipx"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if Lookup(n) == nil {
				t.Errorf("no model of %s", n)
			}
		}()
	}
	wg.Wait()
}
