package permengine

import (
	"slices"
	"testing"
)

// FuzzAppendKeepsTheFile: for any valid file, the bytes "always allow"
// writes read back as the same lists plus the new rules, and where they
// were inserted into the file, every byte of it is still there, in order.
func FuzzAppendKeepsTheFile(f *testing.F) {
	f.Add([]byte("{\n  \"allow\": [\n    \"Terminal(ls)\"\n  ]\n}\n"), "Terminal(cd)")
	f.Add([]byte(`{"$schema": "x", "deny": []}`), `Terminal(grep "a b")`)
	f.Add([]byte("{\r\n\t\"allow\": []\r\n}"), "Terminal(ls)")
	f.Add([]byte(`{}`), "Terminal(ls)")
	f.Add([]byte(`{"ask":["GitPush()"],"allow":["Terminal(ls)","Terminal(cat)"]}`), "Terminal(cd)")
	f.Fuzz(func(t *testing.T, data []byte, rule string) {
		file, err := Parse("p.json", data)
		if err != nil {
			return
		}
		if _, err := ParseRule(rule); err != nil {
			return
		}
		added := file.newAllow([]string{rule})
		if len(added) == 0 {
			return
		}
		out, err := file.withAllow(added)
		if err != nil {
			t.Fatalf("%q + %q: %v", data, rule, err)
		}
		got, err := Parse("p.json", out)
		if err != nil {
			t.Fatalf("%q + %q: the result does not load: %v\n%s", data, rule, err, out)
		}
		if !sameLists(got, file.plusAllow(added)) {
			t.Fatalf("%q + %q: the lists changed\n%s", data, rule, out)
		}
		if spliced := file.splice(added); spliced != nil && slices.Equal(spliced, out) && !subsequence(data, out) {
			t.Fatalf("%q + %q: a byte of the file was lost\n%s", data, rule, out)
		}
	})
}

// subsequence reports whether every byte of a appears in b, in order, a
// white-space run of a list emptied by the insertion aside.
func subsequence(a, b []byte) bool {
	j := 0
	for i := 0; i < len(a); i++ {
		if isJSONSpace(a[i]) && inEmptyList(a, i) {
			continue // the inside of a list the insertion filled
		}
		for j < len(b) && b[j] != a[i] {
			j++
		}
		if j == len(b) {
			return isJSONSpace(a[i]) && onlySpace(a[i:])
		}
		j++
	}
	return true
}

// inEmptyList reports whether a[i] is white space between a '[' and a
// ']' with nothing else between them.
func inEmptyList(a []byte, i int) bool {
	k := i
	for k > 0 && isJSONSpace(a[k-1]) {
		k--
	}
	l := i
	for l < len(a) && isJSONSpace(a[l]) {
		l++
	}
	return k > 0 && a[k-1] == '[' && l < len(a) && a[l] == ']'
}

func onlySpace(a []byte) bool {
	for _, c := range a {
		if !isJSONSpace(c) {
			return false
		}
	}
	return true
}
