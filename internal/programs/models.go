package programs

import (
	"strings"
	"sync"

	"github.com/permengine/permengine/internal/programs/argmodel"
)

// The program models (package argmodel) are the catalog's knowledge of
// command lines: which words are options, values, subcommands and
// operands, and what each can do. The caps read a view through its
// program's model here.

// readings keeps argmodel results between decisions, so that reading a
// view allocates nothing in the common case. A result holds nothing of a
// decision once it is put back.
var readings = sync.Pool{New: func() any { return new(argmodel.Result) }}

// Judgement is what a program's model says about one view of a segment.
type Judgement struct {
	Reach    Reach  // an external effect or privilege, when Reaches
	Reaches  bool   //
	Exec     string // why an argument runs or deletes arbitrary things, or ""
	Computed string // why the program or a script is chosen at run time, or ""
}

// Judge reads view v (its program first) through the program's model.
// Word i may still be changed by the shell when flags[i]&mask is not zero
// (nil flags: the words' text decides, the safe reading). It reports false
// for a program without a model.
func Judge(v []string, flags []uint8, mask uint8) (Judgement, bool) {
	if len(v) == 0 {
		return Judgement{}, false
	}
	m := argmodel.Lookup(v[0])
	if m == nil {
		return Judgement{}, false
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, flags, mask)
	j := judgement(r, v)
	readings.Put(r)
	return j, true
}

func judgement(r *argmodel.Result, v []string) Judgement {
	var j Judgement
	if r.Effects == 0 {
		return j
	}
	if f, ok := r.First(argmodel.EffPrivileged); ok {
		j.Reach, j.Reaches = Reach{Privileged: true, Why: where(v, f) + f.Why}, true
	} else if f, ok := r.First(argmodel.EffExternal); ok {
		j.Reach, j.Reaches = Reach{Why: where(v, f) + f.Why, Instead: f.Instead}, true
	}
	if f, ok := r.First(argmodel.EffExec | argmodel.EffConfig); ok {
		j.Exec = where(v, f) + f.Why
	}
	if f, ok := r.First(argmodel.EffComputed); ok {
		j.Computed = where(v, f) + f.Why
	}
	return j
}

// where names the words up to the one a finding is about.
func where(v []string, f argmodel.Finding) string {
	end := min(f.Word+1, len(v))
	if f.Sub {
		return strings.Join(v[:end], " ") + " "
	}
	return strings.Join(v[:end], " ") + ": "
}

// modelBits are the catalog bits the models give their programs.
func modelBits(name string) Bits {
	risk := argmodel.Risk(name)
	var b Bits
	if risk&(argmodel.EffExternal|argmodel.EffPrivileged) != 0 {
		b |= Effect
	}
	if risk&(argmodel.EffExec|argmodel.EffConfig|argmodel.EffComputed) != 0 {
		b |= Exec
	}
	if s := argmodel.Lookup(name); s != nil && s.Effect&argmodel.EffPrivileged != 0 {
		b |= Privileged
	}
	root, sub := argmodel.Wraps(name)
	if root {
		b |= Wrapper
	}
	if sub {
		b |= Runner
	}
	return b
}

// CapPrefix reports whether a rule of these words would match a command
// with external effect or privilege: the words, or what may follow them,
// reach beyond the project (git, gh pr, kubectl, sudo …).
func CapPrefix(unit []string) bool {
	return argmodel.Reach(unit)&(argmodel.EffExternal|argmodel.EffPrivileged) != 0
}
