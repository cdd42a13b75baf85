package argmodel

import (
	"slices"
	"testing"
)

// Every spelling of an Output option the parser reads as that option
// passes MayNameOutput, the filter that lets programs.Written skip the
// reading of a command line that names none: the option alone, in a
// cluster after another letter, with its value attached, and a long
// name's every abbreviation, with = or not.
func TestMayNameOutputPassesEverySpelling(t *testing.T) {
	checked := 0
	for _, name := range Programs() {
		s := Lookup(name)
		if s == nil || !s.WritesOutputs() {
			continue
		}
		var walk func(sp *Spec, path []string)
		walk = func(sp *Spec, path []string) {
			for i := range sp.Options {
				o := &sp.Options[i]
				if !o.Output {
					continue
				}
				var spellings [][]string
				for _, c := range o.Short {
					spellings = append(spellings, []string{"-" + string(c), "x"}, []string{"-q" + string(c), "x"}, []string{"-" + string(c) + "x"})
				}
				for _, l := range o.Long {
					for k := 1; k <= len(l); k++ {
						spellings = append(spellings, []string{"--" + l[:k], "x"}, []string{"--" + l[:k] + "=x"}, []string{"-" + l[:k], "x"})
					}
				}
				for _, sp := range spellings {
					words := append(append([]string{name}, path...), sp...)
					r := Parse(s, words, nil)
					found := slices.ContainsFunc(r.Items, func(it Item) bool { return it.Kind == KindValue && it.Opt == o })
					if found && !slices.ContainsFunc(words[1:], s.MayNameOutput) {
						t.Errorf("%v: the parser reads %s's value, MayNameOutput passes every word over", words, o.Name())
					}
					checked++
				}
			}
			for _, sub := range sp.Subs {
				walk(sub, append(path, sub.Name))
			}
		}
		walk(s, nil)
	}
	if checked < 100 {
		t.Fatalf("only %d spellings checked", checked)
	}
	t.Logf("%d spellings checked", checked)
}
