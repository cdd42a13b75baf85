package paths

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// fold returns s in the one letter case that the protected paths are
// matched in: lower case, with every letter that a case-insensitive file
// system takes for another one written as that one. Lowering alone
// leaves the long s (ſ, which Unicode folds to s: .git/hookſ is
// .git/hooks on a case-insensitive volume) and the Kelvin sign's twin
// letters apart; the dotless and dotted capital i (ı, İ) are i as NTFS's
// upper-case table and the Turkic foldings take them. Patterns and words
// are folded alike. An ASCII string costs what strings.ToLower does.
func fold(s string) string {
	ascii := true
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			ascii = false
			break
		}
	}
	if ascii {
		return strings.ToLower(s)
	}
	return strings.Map(foldRune, s)
}

// foldRune is the least rune of r's case-folding orbit, lowered.
func foldRune(r rune) rune {
	switch r {
	case 'ı', 'İ':
		return 'i'
	}
	least := r
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		least = min(least, f)
	}
	return unicode.ToLower(least)
}
