//go:build !race

package permengine

// raceEnabled: the race detector's instrumentation allocates on its own,
// so allocation counts are not measured under it.
const raceEnabled = false
