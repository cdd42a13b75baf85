// Package ascii holds the byte tests on ASCII text that several layers of
// the engine share, so that each is written once.
package ascii

// Digits reports whether s is a non-empty run of the digits 0-9.
func Digits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
