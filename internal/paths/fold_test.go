package paths

import (
	"strings"
	"testing"
)

// fold puts every letter a case-insensitive file system takes for
// another in one case.
func TestFold(t *testing.T) {
	for in, want := range map[string]string{
		".git/hookſ":       ".git/hooks",
		".git/hoo\u212As":  ".git/hooks", // the Kelvin sign
		"permıssıons.json": "permissions.json",
		"PERMİSSİONS.JSON": "permissions.json",
		"Café/.ENV":        "café/.env",
		"plain/ascii/.Git": "plain/ascii/.git",
	} {
		if got := fold(in); got != want {
			t.Errorf("fold(%q) = %q, want %q", in, got, want)
		}
	}
}

// fold is idempotent, and lowers ASCII as strings.ToLower does.
func FuzzFold(f *testing.F) {
	for _, s := range []string{".git/hookſ", "PERMİSSİONS.JSON", "plain", "\u212A", "\xff\xfe"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		once := fold(s)
		if twice := fold(once); twice != once {
			t.Fatalf("fold(%q) = %q, folded again %q", s, once, twice)
		}
		ascii := true
		for i := 0; i < len(s); i++ {
			ascii = ascii && s[i] < 0x80
		}
		if ascii && once != strings.ToLower(s) {
			t.Fatalf("fold(%q) = %q, strings.ToLower gives %q", s, once, strings.ToLower(s))
		}
	})
}
