package shell

import (
	"reflect"
	"testing"
)

// FuzzRuleWords: the fast split of rule content agrees with the parser.
// Its seeds are those of the root package's FuzzParseRule.
func FuzzRuleWords(f *testing.F) {
	for _, s := range []string{"Terminal(ls)", "Terminal(pnpm test:*)", "Terminal()", "GitPush(algo)", "Termnal(x)", "Terminal(a:*b)", "Terminal(ls; rm)", "Terminal(':*')"} {
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
