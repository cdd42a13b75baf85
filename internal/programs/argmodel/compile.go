package argmodel

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// ErrModel is wrapped by every error Compile reports about a model.
var ErrModel = errors.New("argmodel: bad model")

// Compile checks a model and prepares its lookups, subcommands included.
// A compiled Spec is never changed again and is safe for concurrent use.
func Compile(s *Spec) (*Spec, error) {
	if err := compile(s, nil, 0); err != nil {
		return nil, err
	}
	return s, nil
}

// MustCompile is Compile for models written in the program: a bad one is
// a programming error, found by the package's tests.
func MustCompile(s *Spec) *Spec {
	if _, err := Compile(s); err != nil {
		panic(err)
	}
	return s
}

func compile(s *Spec, parent *Spec, depth int) error {
	if depth > 8 {
		return fmt.Errorf("%w: %s: subcommands nested too deep", ErrModel, s.Name)
	}
	if s.compiled {
		if s.parent != parent {
			return fmt.Errorf("%w: %s: one Spec under two parents", ErrModel, s.Name)
		}
		return nil
	}
	s.parent = parent
	// Compiling writes into the options (their one-dash spelling): a list
	// shared by several models (uvGlobal, condaRun) is copied first, so
	// that two models compiled at once never write the same array.
	s.Options = slices.Clone(s.Options)
	if err := s.compileOptions(); err != nil {
		return err
	}
	for i := range s.Options {
		s.codeFiles = s.codeFiles || s.Options[i].NamesCode()
		s.backups = s.backups || s.Options[i].Backup
		if o := &s.Options[i]; o.Output {
			s.outputs = true
			s.outShorts += o.Short
			s.outLongs = append(s.outLongs, o.Long...)
		}
		if s.Options[i].OutDir {
			s.outDirs.add(&s.Options[i], s.Syntax.Abbrev)
		}
	}
	s.backups = s.backups || s.Plus != nil && s.Plus.Backup
	s.aliasOf = make(map[string]*Spec, len(s.Subs))
	for _, sub := range s.Subs {
		if err := compile(sub, s, depth+1); err != nil {
			return err
		}
		for _, n := range append([]string{sub.Name}, sub.Aliases...) {
			if _, dup := s.aliasOf[n]; dup {
				return fmt.Errorf("%w: %s: subcommand %q twice", ErrModel, s.Name, n)
			}
			s.aliasOf[n] = sub
		}
		s.subRisk |= sub.Effect | sub.optRisk | sub.subRisk | operandRisk(sub)
		s.codeFiles = s.codeFiles || sub.codeFiles
		s.backups = s.backups || sub.backups
		s.outputs = s.outputs || sub.outputs
		s.outShorts += sub.outShorts
		s.outLongs = append(s.outLongs, sub.outLongs...)
		s.outDirs.join(sub.outDirs)
		s.chdir.join(sub.chdir)
		if s.subWhy == "" && sub.Effect != 0 {
			s.subWhy = s.Name + " " + sub.Name + ": " + sub.Why
		}
		if s.subWhy == "" && sub.subWhy != "" {
			s.subWhy = sub.subWhy
		}
	}
	s.compiled = true
	return nil
}

// operandRisk is what a subcommand's operands can do.
func operandRisk(s *Spec) Effect {
	var e Effect
	for _, o := range s.Operands {
		e |= o.Effect
		if o.Role == RoleCommand {
			e |= EffComputed
		}
	}
	if s.Judge != nil {
		e |= EffExec | EffConfig | EffExternal
	}
	return e
}

func (s *Spec) compileOptions() error {
	seen := make(map[string]bool, len(s.Options))
	for i := range s.Options {
		o := &s.Options[i]
		o.oneDash = s.Syntax.SingleDash
		if o.Short == "" && len(o.Long) == 0 {
			return fmt.Errorf("%w: %s: option %d has no name", ErrModel, s.Name, i)
		}
		if i >= 255 {
			return fmt.Errorf("%w: %s: more than 255 options", ErrModel, s.Name)
		}
		if s.Syntax.SingleDash && o.Short != "" {
			// -l is the one-dash name "l" there, looked up among the long names only
			return fmt.Errorf("%w: %s: option -%s: a one-dash syntax spells every name as a long name", ErrModel, s.Name, o.Short)
		}
		for j := 0; j < len(o.Short); j++ {
			c := o.Short[j]
			if c >= 128 || c <= ' ' || c == '-' {
				return fmt.Errorf("%w: %s: short option %q", ErrModel, s.Name, c)
			}
			if s.short[c] != 0 {
				return fmt.Errorf("%w: %s: short option -%c twice", ErrModel, s.Name, c)
			}
			s.short[c] = uint8(i + 1)
		}
		for _, l := range o.Long {
			if l == "" || strings.HasPrefix(l, "-") || strings.ContainsAny(l, "= ") {
				return fmt.Errorf("%w: %s: long option %q", ErrModel, s.Name, l)
			}
			if seen[l] {
				return fmt.Errorf("%w: %s: long option --%s twice", ErrModel, s.Name, l)
			}
			seen[l] = true
			s.longs = append(s.longs, longName{name: l, opt: uint8(i)})
		}
		if o.Arg == ArgNone && (o.Role != RoleNone || len(o.More) > 0 || len(o.Until) > 0) {
			return fmt.Errorf("%w: %s: option %s has a role but takes no value", ErrModel, s.Name, o.name())
		}
		if o.Arg == ArgOptional && (len(o.More) > 0 || len(o.Until) > 0) {
			return fmt.Errorf("%w: %s: option %s: an optional value is one attached word", ErrModel, s.Name, o.name())
		}
		s.optRisk |= o.Effect
		if s.riskWhy == "" && o.Effect != 0 {
			s.riskWhy = o.name() + ": " + o.Why
		}
		if s.runsWhy == "" && runsChosen(o) {
			s.runsWhy = o.name()
		}
		if o.Chdir {
			s.chdir.add(o, s.Syntax.Abbrev)
		}
	}
	slices.SortFunc(s.longs, func(a, b longName) int { return strings.Compare(a.name, b.name) })
	if s.Plus != nil {
		s.optRisk |= s.Plus.Effect
	}
	if s.Inherit && s.parent != nil {
		s.optRisk |= s.parent.optRisk
		if s.riskWhy == "" {
			s.riskWhy = s.parent.riskWhy
		}
		if s.runsWhy == "" {
			s.runsWhy = s.parent.runsWhy
		}
	}
	return nil
}

// HasChdir reports a model with an option, here or under a subcommand,
// that names the directory the program starts in (git -C, go build -C,
// make -C, env -C).
func (s *Spec) HasChdir() bool { return s != nil && s.chdir.any }

// MayChdir reports a word among words that may spell one of those
// options: a cheap look before a reading that finds the directory.
func (s *Spec) MayChdir(words []string) bool { return s != nil && s.chdir.may(words) }

// HasOutDirs reports a model with an OutDir option, here or under a
// subcommand.
func (s *Spec) HasOutDirs() bool { return s != nil && s.outDirs.any }

// MayJoinOutputs reports a word among words that may spell an OutDir
// option (go test -outputdir, node --cpu-prof-dir): a cheap look before a
// reading that joins the names written there.
func (s *Spec) MayJoinOutputs(words []string) bool { return s != nil && s.outDirs.may(words) }

// optionSpellings are the ways of writing some options of a model and of
// its subcommands, for a look at the words before any parse.
type optionSpellings struct {
	any   bool
	short string
	long  []string
	// abbrev: a spec that has one of the options takes abbreviations of
	// long options (Syntax.Abbrev): a word that begins one may be it.
	abbrev bool
}

func (sp *optionSpellings) add(o *Option, abbrev bool) {
	sp.any = true
	sp.short += o.Short
	sp.long = append(sp.long, o.Long...)
	sp.abbrev = sp.abbrev || abbrev
}

func (sp *optionSpellings) join(o optionSpellings) {
	sp.any = sp.any || o.any
	sp.short += o.short
	sp.long = append(sp.long, o.long...)
	sp.abbrev = sp.abbrev || o.abbrev
}

// may reports a word that may spell one of the options: in a cluster of
// letters, with one dash or two, abbreviated, with a value attached.
func (sp *optionSpellings) may(words []string) bool {
	if !sp.any {
		return false
	}
	for _, w := range words {
		if len(w) < 2 || w[0] != '-' {
			continue
		}
		if w[1] != '-' && sp.short != "" && strings.ContainsAny(w[1:], sp.short) {
			return true
		}
		t, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
		if strings.IndexByte(t, '_') >= 0 {
			t = strings.ReplaceAll(t, "_", "-") // node --cpu_prof_dir (Syntax.Underscore); elsewhere a look too many
		}
		for _, l := range sp.long {
			if t == l || sp.abbrev && (t != "" && strings.HasPrefix(l, t) || strings.HasPrefix(t, l)) {
				return true
			}
		}
	}
	return false
}

// runsChosen reports an option whose value chooses what the program runs:
// a command or a program (find -exec, rsync -e), code in a language that
// can start programs (perl -e, sed -e), or a file or module it runs as
// code (awk -f, python -m). Given a value known only at run time, such an
// option runs a program the engine cannot see.
func runsChosen(o *Option) bool {
	switch {
	case o.Inert:
		return false
	case o.Role == RoleCommand || o.Role == RoleProgram || o.RunsFile || o.Module:
		return true
	case o.Role == RoleCode:
		return o.Lang == LangShell || ForeignCodeRuns(o.Lang, "", true) != ""
	}
	return false
}

// name is how the option is spelled in messages.
func (o *Option) name() string {
	switch {
	case len(o.Long) > 0 && o.oneDash:
		return "-" + o.Long[0]
	case len(o.Long) > 0:
		return "--" + o.Long[0]
	case o.Short != "":
		return "-" + o.Short[:1]
	}
	return "+"
}

// Lookup returns the subcommand of s named name (an alias resolves to
// its subcommand), or nil.
func (s *Spec) Lookup(name string) *Spec {
	return s.aliasOf[name]
}

// Parent returns the spec s is a subcommand of, or nil.
func (s *Spec) Parent() *Spec { return s.parent }

// Risk returns the worst that an unknown option and an unknown
// subcommand of s could do.
func (s *Spec) Risk() (options, subcommands Effect) { return s.optRisk, s.subRisk }

// NamesCodeFiles reports whether an option of s or of a subcommand under
// it names a file or module the program runs (Option.NamesCode).
func (s *Spec) NamesCodeFiles() bool { return s.codeFiles }

// KeepsBackups reports whether an option of s or of a subcommand under it
// names the suffix of the backups an in-place edit keeps (Option.Backup):
// without one, no reading of its words finds a backup.
func (s *Spec) KeepsBackups() bool { return s.backups }

// WritesOutputs reports whether an option of s or of a subcommand under
// it is an Output: without one, no reading of its words finds one.
func (s *Spec) WritesOutputs() bool { return s.outputs }

// MayNameOutput reports a word that may spell an Output option of s or
// of a subcommand under it: a cluster holding one of their letters, or a
// long name (with one dash or two) that is the beginning of one of
// theirs or holds one (--out for --output, --index-file=x). A word that
// is no option, or that names none of them, is passed over without
// reading the command line.
func (s *Spec) MayNameOutput(w string) bool {
	if len(w) < 2 || w[0] != '-' {
		return false
	}
	name := strings.TrimLeft(w, "-")
	if k := strings.IndexByte(name, '='); k >= 0 {
		name = name[:k]
	}
	if w[1] != '-' && strings.ContainsAny(w[1:], s.outShorts) && s.outShorts != "" {
		return true
	}
	for _, l := range s.outLongs {
		if name != "" && (strings.HasPrefix(l, name) || strings.HasPrefix(name, l)) {
			return true
		}
	}
	return false
}

// NamesCode reports an option whose value names a file the program runs
// or loads as code (RunsFile: sed -f, awk -f, bash --rcfile) or a module
// it runs (Module: node -r, python3 -m).
func (o *Option) NamesCode() bool { return o.Module || o.RunsFile }
