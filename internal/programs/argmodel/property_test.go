package argmodel

import (
	"os/exec"
	"strings"
	"testing"
)

// walk calls f on s and every subcommand below it.
func walk(s *Spec, f func(*Spec)) {
	f(s)
	for _, sub := range s.Subs {
		walk(sub, f)
	}
}

// specPath returns the words that reach s from its root program.
func specPath(s *Spec) []string {
	var p []string
	for t := s; t != nil; t = t.parent {
		p = append([]string{t.Name}, p...)
	}
	return p
}

// TestEverySpellingOfAnEffect writes every option that has an effect in
// every spelling its program accepts — each long name, each unambiguous
// abbreviation, with = and with the next word, each short letter alone,
// attached and at the end of a cluster — and checks that the reading
// finds the effect each time.
func TestEverySpellingOfAnEffect(t *testing.T) {
	n := 0
	seen := map[*Spec]bool{}
	for _, name := range fuzzPrograms {
		walk(Lookup(name), func(s *Spec) {
			if seen[s] {
				return
			}
			seen[s] = true
			for k := range s.Options {
				o := &s.Options[k]
				if o.Effect == 0 || o.Check != nil {
					continue
				}
				for _, words := range spellings(s, o) {
					n++
					full := append(specPath(s), words...)
					r := Parse(Lookup(full[0]), full, nil)
					if r.Effects&o.Effect == 0 {
						t.Errorf("%q: effect %v of %s not found", strings.Join(full, " "), o.Effect, o.name())
					}
				}
			}
		})
	}
	if n < 200 {
		t.Fatalf("only %d spellings tried", n)
	}
}

// spellings returns the ways to write option o of s with the value "v".
func spellings(s *Spec, o *Option) [][]string {
	var out [][]string
	value := o.Arg != ArgNone
	syn := s.Syntax
	dash := "--"
	if syn.SingleDash {
		dash = "-"
	}
	for _, l := range o.Long {
		names := []string{l}
		if syn.Abbrev {
			for i := 1; i < len(l); i++ {
				if uniquePrefix(s, l[:i], o) {
					names = append(names, l[:i])
				}
			}
		}
		for _, n := range names {
			switch {
			case !value:
				out = append(out, []string{dash + n})
			case o.Arg == ArgOptional:
				out = append(out, []string{dash + n + "=v"}, []string{dash + n})
			default:
				if !syn.SingleDash || syn.EqValue {
					out = append(out, []string{dash + n + "=v"})
				}
				out = append(out, []string{dash + n, "v"})
			}
		}
	}
	if syn.SingleDash {
		return out
	}
	for i := 0; i < len(o.Short); i++ {
		c := o.Short[i : i+1]
		switch {
		case !value:
			out = append(out, []string{"-" + c})
		case o.Arg == ArgOptional:
			out = append(out, []string{"-" + c + "v"}, []string{"-" + c})
		default:
			out = append(out, []string{"-" + c + "v"}, []string{"-" + c, "v"})
		}
	}
	return out
}

// uniquePrefix reports whether p names only o among s's long options
// (and those s inherits), and is not itself another option's full name.
func uniquePrefix(s *Spec, p string, o *Option) bool {
	for t := s; t != nil; t = t.inherited() {
		for k := range t.Options {
			other := &t.Options[k]
			if other == o {
				continue
			}
			for _, l := range other.Long {
				if strings.HasPrefix(l, p) {
					return false
				}
			}
		}
	}
	return true
}

// TestGitSubcommandsComplete checks the model against the git installed:
// every command git lists is in the model, since an unknown name is read
// as possibly an alias.
func TestGitSubcommandsComplete(t *testing.T) {
	out, err := exec.Command("git", "--list-cmds=main,nohelpers").Output()
	if err != nil {
		t.Skip("git is not installed")
	}
	for _, line := range strings.Split(string(out), "\n") {
		f := strings.Fields(line)
		if len(f) != 1 || strings.ContainsAny(f[0], ".:") {
			continue
		}
		if Lookup("git").Lookup(f[0]) == nil {
			t.Errorf("git %s is missing from the model", f[0])
		}
	}
}
