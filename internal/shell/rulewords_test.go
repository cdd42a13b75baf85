package shell

import (
	"reflect"
	"testing"
)

// FuzzRuleWords: the fast split of rule content agrees with the parser.
// Its corpus in testdata holds the root package's FuzzParseRule seeds too.
func FuzzRuleWords(f *testing.F) {
	for _, s := range []string{"ls", "pnpm test:*", "git commit -m 'a b'", "FOO=1 ls", `c"ur"l x`, "if x", "ls; rm", "':*'"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if words, ok := fastRuleWords(s); ok {
			slow, err := ruleWordsParsed(s)
			if err != nil || !reflect.DeepEqual(words, slow) {
				t.Fatalf("%q: fast words %q, parser %q (%v)", s, words, slow, err)
			}
		}
	})
}
