package ascii

import (
	"strings"
	"testing"
)

func TestDigits(t *testing.T) {
	for s, want := range map[string]bool{"0": true, "0123456789": true, "": false, "1a": false, "-1": false, "١": false, " 1": false} {
		if got := Digits(s); got != want {
			t.Errorf("Digits(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestSetAgreesWithContainsAny(t *testing.T) {
	for _, chars := range []string{"*?[", "*?[{$`~", "{", "$`"} {
		set := NewSet(chars)
		for _, w := range []string{"", "a", "*", "x.go", "/dev/fd/3", "a{b,c}", "$HOME/x", "~/x", "\xe2*", "é[", "é", "\xff\xfe", "plain/text/without"} {
			if got, want := set.Any(w), strings.ContainsAny(w, chars); got != want {
				t.Errorf("%q in %q: %v, want %v", chars, w, got, want)
			}
		}
	}
}
