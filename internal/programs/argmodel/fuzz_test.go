package argmodel

import (
	"slices"
	"sort"
	"strings"
	"testing"
)

// fuzzPrograms are the catalog's names in a fixed order, so that a fuzz
// input picks the same program every time.
var fuzzPrograms = func() []string {
	p := Programs()
	sort.Strings(p)
	return p
}()

// FuzzParse reads random command lines with every model: no panic, every
// item and span inside the words, work bounded by the input's length, the
// same reading into a reused Result.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"\x00sed -l 5 '1e cmd'", "\x05tar cIf cmd x .", "\x09git -c a=b push", "\x01find . -exec {} ;",
		"\x02xargs -I{} {}", "\x03rsync -avze ssh a host:b", "\x04ssh -oProxyCommand=x h c",
		"\x06docker run -v /:/h img sh", "\x07kubectl -n x apply", "\x08npm pu",
		"\x0agit config alias.p push", "\x0bawk '{print > \"f\"}'", "\x0csed --expr=p",
	} {
		f.Add(s)
	}
	var reused Result
	f.Fuzz(func(t *testing.T, in string) {
		if len(in) == 0 || len(in) > 4096 {
			return
		}
		spec := Lookup(fuzzPrograms[int(in[0])%len(fuzzPrograms)])
		words := strings.Split(in[1:], " ")
		words = append([]string{spec.Name}, words...)
		comp := make([]bool, len(words))
		for i := range comp {
			comp[i] = i%3 == 1
		}
		r := Parse(spec, words, comp)
		checkResult(t, r, words, len(in))
		ParseInto(&reused, spec, words, comp)
		if reused.Effects != r.Effects || !slices.Equal(reused.Words, r.Words) || len(reused.Items) != len(r.Items) {
			t.Fatalf("a reused Result reads differently: %v/%v", reused.Effects, r.Effects)
		}
	})
}

func checkResult(t *testing.T, r *Result, words []string, n int) {
	t.Helper()
	if len(r.Words) != len(words) {
		t.Fatalf("%d kinds for %d words", len(r.Words), len(words))
	}
	bound := n + 2*len(words) + 8
	if len(r.Items) > bound || len(r.Findings) > 2*bound || len(r.Unknown) > 2*bound {
		t.Fatalf("work not linear: %d items, %d findings, %d unknown for %d bytes", len(r.Items), len(r.Findings), len(r.Unknown), n)
	}
	for _, it := range r.Items {
		if it.Word < 0 || it.Word >= len(words) {
			t.Fatalf("item outside the words: %+v", it)
		}
	}
	for _, s := range r.Commands {
		if s.Start < 0 || s.End > len(words) || s.Start >= s.End {
			t.Fatalf("span outside the words: %+v", s)
		}
	}
	var e Effect
	for _, f := range r.Findings {
		e |= f.Effect
	}
	if e != r.Effects {
		t.Fatalf("Effects %v is not the union of the findings %v", r.Effects, e)
	}
}
