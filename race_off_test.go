//go:build !race

package permengine

// raceEnabled is true when the tests run with the race detector (see
// race_on_test.go).
const raceEnabled = false
