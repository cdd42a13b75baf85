package argmodel

import (
	"slices"
	"strings"
)

// The catalog: every model, by every name its program is run as.

// catalog maps a program name to its compiled model.
var catalog = buildCatalog()

func buildCatalog() map[string]*Spec {
	m := map[string]*Spec{}
	var order []*Spec
	add := func(s *Spec, names ...string) {
		order = append(order, s)
		m[s.Name] = s
		for _, n := range names {
			m[n] = s
		}
	}
	defer func() {
		addRunners(m, add)
		for _, s := range order {
			MustCompile(s)
		}
	}()
	add(Git)
	add(sedSpec, "gsed")
	add(awkSpec, "gawk", "mawk", "nawk", "busybox-awk")
	add(grepSpec, "egrep", "fgrep", "ggrep")
	add(rgSpec)
	add(sortSpec, "gsort")
	add(lessSpec, "more", "most")
	add(manSpec)
	add(vimSpec, "vi", "nvim", "view", "ex", "gvim", "vimdiff", "rvim")
	add(findSpec, "gfind")
	add(xargsSpec, "gxargs")
	add(tarSpec, "gtar", "bsdtar")
	add(rsyncSpec)
	add(sshSpec)
	add(scpSpec)
	add(sftpSpec)
	for _, s := range wrapperModels() {
		add(s)
	}
	add(kubectlModel(), "oc")
	add(helmModel())
	add(terraformModel("terraform"))
	add(terraformModel("tofu"))
	add(pulumiModel())
	add(dockerModel())
	add(podmanModel())
	add(mvnModel(), "mvnw")
	add(gradleModel("gradle"), "gradlew")
	add(npmModel())
	add(npxModel())
	add(runnerModel("pnpm", "publish"))
	add(runnerModel("yarn", "publish"))
	add(runnerModel("bun", "publish"))
	add(awsModel())
	add(gcloudModel())
	add(azModel())
	add(ghModel())
	add(glabModel())
	for _, s := range publisherModels() {
		add(s)
	}
	for _, s := range langModels() {
		add(s)
	}
	m["gmake"] = m["make"]
	for _, s := range moreWrappers() {
		add(s)
	}
	for _, sh := range []string{"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "rbash", "oksh", "loksh", "pdksh"} {
		add(shellModel(sh))
	}
	return m
}

// addRunners gives the programs of runnerSubs their subcommand that runs
// a command, making a model for those that have none.
func addRunners(m map[string]*Spec, add func(*Spec, ...string)) {
	names := make([]string, 0, len(runnerSubs))
	for n := range runnerSubs {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		s := m[n]
		if s == nil {
			s = &Spec{Name: n, Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true}
			add(s)
		}
		for _, sub := range runnerSubs[n] {
			s.Subs = append(s.Subs, &Spec{Name: sub, Syntax: GNUStop, Open: true, Operands: runsOnly})
		}
	}
}

// Lookup returns the model of the program run by the name name (its
// directory ignored), or nil when there is none. The git-<sub> names of
// git's subcommands (git-push, git-send-pack) are git's subcommands.
func Lookup(name string) *Spec {
	if i := strings.LastIndexByte(name, '/'); i >= 0 && i < len(name)-1 {
		name = name[i+1:]
	}
	if s := catalog[name]; s != nil {
		return s
	}
	if sub, ok := strings.CutPrefix(name, "git-"); ok {
		return Git.Lookup(sub)
	}
	return nil
}

// Programs returns the names the catalog knows, in no fixed order: the
// git-<sub> names of git's subcommands included.
func Programs() []string {
	out := make([]string, 0, len(catalog)+len(Git.Subs))
	for n := range catalog {
		out = append(out, n)
	}
	for _, s := range Git.Subs {
		out = append(out, "git-"+s.Name)
	}
	return out
}

// Risk returns everything a command of the program named name could do
// through its model, or 0 when there is none.
func Risk(name string) Effect {
	s := Lookup(name)
	if s == nil {
		return 0
	}
	return s.Effect | s.optRisk | s.subRisk | operandRisk(s)
}

// Reach returns what a command that starts with words (literal words, as
// in a rule) could do: what the words themselves do and, where they end
// with the program or a subcommand, what any option, operand or further
// subcommand after them could add (git, gh pr, docker run). It is 0 for
// a program without a model.
func Reach(words []string) Effect {
	if len(words) == 0 {
		return 0
	}
	s := Lookup(words[0])
	if s == nil {
		return 0
	}
	r := Parse(s, words, make([]bool, len(words)))
	if k := r.Words[len(words)-1]; k != KindProgram && k != KindSubcommand {
		return r.Effects
	}
	sp := r.Spec(s)
	return r.Effects | sp.optRisk | sp.subRisk | operandRisk(sp)
}

// Wraps reports whether the program named name runs a command made of
// its remaining words with no effect of its own (a wrapper: sudo, env,
// timeout), and whether one of its subcommands does (a runner: npm exec,
// docker run). Such a command is a segment of its own for the engine.
func Wraps(name string) (root, sub bool) {
	s := Lookup(name)
	if s == nil {
		return false, false
	}
	root = runsPlainCommand(s)
	for _, c := range s.Subs {
		walkSubs(c, func(t *Spec) {
			sub = sub || runsPlainCommand(t)
		})
	}
	return root, sub
}

func runsPlainCommand(s *Spec) bool {
	for _, o := range s.Operands {
		if o.Role == RoleCommand && o.Effect == 0 {
			return true
		}
	}
	return false
}

func walkSubs(s *Spec, f func(*Spec)) {
	f(s)
	for _, c := range s.Subs {
		walkSubs(c, f)
	}
}

// CarriesScript reports whether the program named name has an option or
// operand whose value a shell runs (a program with its arguments, or a
// shell command line), at any depth.
func CarriesScript(name string) bool {
	s := Lookup(name)
	if s == nil {
		return false
	}
	found := false
	walkSubs(s, func(t *Spec) {
		for i := range t.Options {
			o := &t.Options[i]
			found = found || o.Role == RoleProgram || o.Role == RoleCode && o.Lang == LangShell
		}
		for _, o := range t.Operands {
			found = found || o.Role == RoleCode && o.Lang == LangShell
		}
	})
	return found
}

// subNames are, per program, the names of the subcommands (at any depth)
// with a shell script operand and with a plain command operand: a view
// that names none of them, and has no option word, cannot carry one, and
// need not be read for it.
var subNames = func() map[string][2]map[string]bool {
	out := map[string][2]map[string]bool{}
	for name, s := range catalog {
		var sets [2]map[string]bool
		walkSubs(s, func(t *Spec) {
			if t == s {
				return
			}
			for _, o := range t.Operands {
				k := -1
				switch {
				case o.Role == RoleCode && o.Lang == LangShell:
					k = 0
				case o.Role == RoleCommand && o.Effect == 0:
					k = 1
				}
				if k >= 0 {
					if sets[k] == nil {
						sets[k] = map[string]bool{}
					}
					sets[k][t.Name] = true
					for _, a := range t.Aliases {
						sets[k][a] = true
					}
				}
			}
		})
		out[name] = sets
	}
	return out
}()

// carriers are, per program, the spellings of the options (at any depth)
// whose value a shell runs: their long names and short letters.
var carriers = func() map[string]carrierNames {
	out := map[string]carrierNames{}
	for name, s := range catalog {
		var c carrierNames
		walkSubs(s, func(t *Spec) {
			for i := range t.Options {
				o := &t.Options[i]
				if o.Role == RoleProgram || o.Role == RoleCode && o.Lang == LangShell {
					c.long = append(c.long, o.Long...)
					c.short += o.Short
				}
			}
		})
		out[name] = c
	}
	return out
}()

type carrierNames struct {
	long  []string
	short string
}

// option reports whether w may spell one of the options: a long name or
// an abbreviation of one (with one dash or two), or a cluster holding one
// of the letters.
func (c carrierNames) option(w string) bool {
	name := strings.TrimLeft(w, "-")
	if k := strings.IndexByte(name, '='); k >= 0 {
		name = name[:k]
	}
	if name == "" {
		return false
	}
	for _, l := range c.long {
		if strings.HasPrefix(l, name) {
			return true
		}
	}
	return !strings.HasPrefix(w, "--") && strings.ContainsAny(w[1:], c.short) && c.short != ""
}

// MayCarryScript reports whether view v may hold a shell script for its
// program: a word that may spell an option whose value a shell runs, or a
// subcommand that takes a script as an operand.
func MayCarryScript(v []string) bool {
	if len(v) == 0 {
		return false
	}
	name := v[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	if strings.HasPrefix(name, "git-") {
		return true
	}
	c, set := carriers[name], subNames[name][0]
	if s := catalog[name]; s != nil && s.Bundle && len(v) > 1 && c.short != "" && strings.ContainsAny(v[1], c.short) {
		return true // an old-style bundle: tar cIf CMD
	}
	for _, w := range v[1:] {
		if len(w) > 1 && w[0] == '-' && c.option(w) || set[w] {
			return true
		}
	}
	return false
}

// MayWrap reports whether view v may run a command made of its remaining
// words through a subcommand (npm exec, docker run), or is a wrapper.
func MayWrap(v []string) bool {
	if s := Lookup(v[0]); s != nil && (runsPlainCommand(s) || s.Resolve != nil) {
		return true // a wrapper, or a program that abbreviates its subcommands
	}
	return mayHold(v, 1)
}

func mayHold(v []string, k int) bool {
	if len(v) == 0 {
		return false
	}
	name := v[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	set := subNames[name][k]
	for _, w := range v[1:] {
		if set[w] {
			return true
		}
	}
	return false
}
