package permengine

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// The escapes of code's string literals that name a character in braces
// decode to it; anything else is left as written, so that a path it
// hides is read and other text is not changed.
func TestBraceEscapes(t *testing.T) {
	for _, tt := range []struct{ in, want, why string }{
		{`\x{2e}bashrc`, ".bashrc", "Perl's hexadecimal in braces"},
		{`\o{56}git`, ".git", "Perl's octal in braces"},
		{`\u{2e}env`, ".env", "JavaScript's and Ruby's code point in braces"},
		{`\N{U+2E}git`, ".git", "Perl's code point by number"},
		{`\N{FULL STOP}git\N{SOLIDUS}config`, ".git/config", "Python's and Perl's names of ASCII characters"},
		{`\N{full stop}bashrc`, ".bashrc", "names in any letter case, as Python takes them"},
		{`\N{LATIN SMALL LETTER G}it`, "git", "a letter by its name"},
		{`\N{DIGIT ONE}`, "1", "a digit by its name"},
		{`\N{BULLET} done`, `\N{BULLET} done`, "a character past ASCII is left as written"},
		{`\x{zz}`, `\x{zz}`, "no number: left as written"},
		{`\N{` + "FULL STOP but longer than any name of a character" + `}`, `\N{FULL STOP but longer than any name of a character}`, "a body past the bound is no escape"},
		{`{a}\x{2e}`, "{a}.", "braces that are no escape"},
		{`plain`, "plain", "no brace at all"},
	} {
		assert.Equal(t, tt.want, braceEscapes(tt.in), "%s: %s", tt.in, tt.why)
	}
}
