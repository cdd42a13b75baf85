package paths

import "testing"

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
