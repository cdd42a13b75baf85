//go:build race

package permengine

// raceEnabled is true when the tests run with the race detector, under
// which sync.Pool drops a random share of what is put back: what one
// decision allocates then depends on chance, not on the engine.
const raceEnabled = true
