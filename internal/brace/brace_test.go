package brace

import (
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/permengine/permengine/internal/work"
)

func lots() *work.Counter {
	c := work.New(1 << 30)
	return &c
}

// TestWordAsBash: each expansion is the one bash makes (checked with bash
// 5: printf '[%s]' WORD), but for the empty words bash then removes.
func TestWordAsBash(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"{a,b}", []string{"a", "b"}},
		{"x{a,b}y", []string{"xay", "xby"}},
		{"{a,b}{c,d}", []string{"ac", "ad", "bc", "bd"}},
		{"{a,{b,c}}", []string{"a", "b", "c"}},
		{"{x{a,b}y}", []string{"{xay}", "{xby}"}},
		{"{a{b,c}", []string{"{ab", "{ac"}},
		{"{{a,b}", []string{"{a", "{b"}},
		{"{a,b", []string{"{a,b"}},
		{"a,b}", []string{"a,b}"}},
		{"{}", []string{"{}"}},
		{"{a}", []string{"{a}"}},
		{"{1..3}", []string{"1", "2", "3"}},
		{"{3..1}", []string{"3", "2", "1"}},
		{"{a..c}", []string{"a", "b", "c"}},
		{"{a,b}{1..2}", []string{"a1", "a2", "b1", "b2"}},
		{"{,a}", []string{"", "a"}},
		{"{{{}}},", []string{"{{{}}},"}},
		{"{a,b}}", []string{"a}", "b}"}},
		{"{{a,b},c}", []string{"a", "b", "c"}},
		{"pre{a,b{1..2}}post", []string{"preapost", "preb1post", "preb2post"}},
		{"/usr/{bin,lib}/x", []string{"/usr/bin/x", "/usr/lib/x"}},
		{"{a..c..x}", []string{"{a..c..x}"}},
		{"{1..a}", []string{"{1..a}"}},
		{"{a,{b}}", []string{"a", "{b}"}},
		{"{1..10..-3}", []string{"1", "4", "7", "10"}},
		{"{1..5..0}", []string{"1", "2", "3", "4", "5"}},
		{"{+1..3}", []string{"1", "2", "3"}},
		{"{-03..2}", []string{"-03", "-02", "-01", "000", "001", "002"}},
		{"{a..e..2}", []string{"a", "c", "e"}},
		{"{z..w}", []string{"z", "y", "x", "w"}},
		{"{5..1..2}", []string{"5", "3", "1"}},
		{"{007..9}", []string{"007", "008", "009"}},
		{"{1..2..}", []string{"{1..2..}"}},
		{"{s..s..1}udo", []string{"sudo"}},
		{"x{1..1000}", nil}, // past MaxWords: an error, see TestBounds
	} {
		if tc.want == nil {
			continue
		}
		got, err := Word(tc.in, lots())
		if err != nil || !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q (%v), want %q", tc.in, got, err, tc.want)
		}
	}
}

// Sequences as bash 5 itself expands them, where it can run here.
func TestSequencesMatchBash(t *testing.T) {
	if _, err := exec.LookPath("/bin/bash"); err != nil {
		t.Skip("no /bin/bash to compare with")
	}
	for _, w := range []string{"{1..10..-3}", "{1..5..0}", "{+1..3}", "{-03..2}", "{a..e..2}", "{z..w}",
		"{5..1..2}", "{007..9}", "{1..2..}", "{s..s..1}udo", "{-5..-1..2}", "{09..11}", "{a..c..-1}", "{1..3..2..4}"} {
		out, err := exec.Command("/bin/bash", "--norc", "--noprofile", "-c", "printf '%s\\n' "+w).Output()
		if err != nil {
			t.Fatal(err)
		}
		want := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		got, err := Word(w, lots())
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: %q (%v), bash gives %q", w, got, err, want)
		}
	}
}

// TestBounds: past a bound the answer is an error, never a part of the
// expansion (a sequence too large comes with the word as written).
func TestBounds(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want error
	}{
		{strings.Repeat("{a,b}", 9), ErrTooLarge},
		{"{1..999}", ErrTooLarge},
		{"{a,b}" + strings.Repeat("x", MaxBytes), ErrTooLarge},
		{strings.Repeat("{", MaxNesting+1) + strings.Repeat("}", MaxNesting+1) + ",", ErrTooDeep},
	} {
		// A sequence too large is left as written, beside the error.
		if got, err := Word(tc.in, lots()); !errors.Is(err, tc.want) || got != nil && !slices.Equal(got, []string{tc.in}) {
			t.Errorf("%.40s…: %d words, %v; want %v", tc.in, len(got), err, tc.want)
		}
	}
	if _, err := Word(strings.Repeat("{", MaxNesting)+strings.Repeat("}", MaxNesting), lots()); err != nil {
		t.Errorf("braces nested exactly %d deep: %v", MaxNesting, err)
	}
	v := []string{"x{a,b,c,d}", "{a,b,c,d}{a,b,c,d}{a,b,c,d}{a,b,c,d}"}
	if got, err := Words(v, nil, 0, lots()); !errors.Is(err, ErrTooLarge) {
		t.Errorf("%q: %d words, %v; want ErrTooLarge", v, len(got), err)
	}
}

// TestWorkIsLinear: the units spent grow with the word's length, not its
// square, whatever the shape of its braces.
func TestWorkIsLinear(t *testing.T) {
	shapes := map[string]func(k int) string{
		"nested empty": func(k int) string { return strings.Repeat("{", k) + strings.Repeat("}", k) + "," },
		"unmatched":    func(k int) string { return strings.Repeat("{", k) + "a,b" },
		"closes":       func(k int) string { return "{a,b}" + strings.Repeat("}", k) },
		"empty pairs":  func(k int) string { return "{a,b}" + strings.Repeat("{}", k) },
		"nested comma": func(k int) string { return strings.Repeat("{a,", 8) + strings.Repeat("x", k) + strings.Repeat("}", 8) },
	}
	for name, gen := range shapes {
		for _, k := range []int{10, 30, 1000, 30000} {
			w := gen(k)
			c := work.New(1 << 30)
			Word(w, &c)
			if c.Units() > 4*len(w)+4096 {
				t.Errorf("%s, %d bytes: %d units", name, len(w), c.Units())
			}
		}
	}
}

// TestNoWork: an exhausted budget stops the expansion with ErrNoWork.
func TestNoWork(t *testing.T) {
	c := work.New(10)
	if _, err := Word("{a,b}{c,d}"+strings.Repeat("x", 20), &c); !errors.Is(err, ErrNoWork) {
		t.Fatalf("err %v, want ErrNoWork", err)
	}
}

func FuzzWord(f *testing.F) {
	for _, s := range []string{"{a,b}", "x{a,{b,c}}y{1..3}", "{{{}}},", "{a{b,c}", "{,}", "{a..e}{1..2}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, w string) {
		c := work.New(1 << 30)
		got, err := Word(w, &c)
		if err != nil {
			return
		}
		if len(got) == 0 || len(got) > MaxWords {
			t.Fatalf("%q: %d words", w, len(got))
		}
		if !strings.ContainsAny(w, "{") && !slices.Equal(got, []string{w}) {
			t.Fatalf("%q has no brace and became %q", w, got)
		}
		if c.Units() > 4*len(w)+2*MaxBytes+4096 {
			t.Fatalf("%q: %d units", w, c.Units())
		}
	})
}
