package ascii

import "testing"

func TestDigits(t *testing.T) {
	for s, want := range map[string]bool{"0": true, "0123456789": true, "": false, "1a": false, "-1": false, "١": false, " 1": false} {
		if got := Digits(s); got != want {
			t.Errorf("Digits(%q) = %v, want %v", s, got, want)
		}
	}
}
