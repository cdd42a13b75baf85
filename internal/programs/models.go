package programs

import (
	"slices"
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
	// Unread: an argument of Exec's runs code or a program the engine
	// does not read as a segment of the command (python3 -c CODE, sed's
	// script, rsync -e PROG), which may write any file; not only a
	// command the engine reads (find -exec CMD) or a flag that acts on
	// what the program finds (find -delete).
	Unread bool
}

// Judge reads view v (its program first) through the program's model.
// Word i may still be changed by the shell when flags[i]&mask is not zero
// (nil flags: the words' text decides, the safe reading). It reports false
// for a program without a model.
func Judge(v []string, flags []uint8, mask uint8) (Judgement, bool) {
	if len(v) == 0 {
		return Judgement{}, false
	}
	if len(v) > MaxModelWords {
		return Judgement{Computed: TooLongForModel}, true
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
		j.Unread = execUnread(r)
	}
	if f, ok := r.First(argmodel.EffComputed); ok {
		j.Computed = where(v, f) + f.Why
	}
	return j
}

// execUnread reports a finding of r that runs or loads what the engine
// does not read: any but one about an option whose value is a command
// (read as a segment of its own) or a flag (an action on what the program
// finds).
func execUnread(r *argmodel.Result) bool {
	for _, f := range r.Findings {
		if f.Effect&(argmodel.EffExec|argmodel.EffConfig) == 0 {
			continue
		}
		read := false
		for _, it := range r.Items {
			if it.Word == f.Word && it.Kind == argmodel.KindOption && it.Opt != nil &&
				(it.Opt.Role == argmodel.RoleCommand || it.Opt.Arg == argmodel.ArgNone) {
				read = true
				break
			}
		}
		if !read {
			return true
		}
	}
	return false
}

// where names the words up to the one a finding is about.
func where(v []string, f argmodel.Finding) string {
	end := min(f.Word+1, len(v))
	if f.Sub {
		return strings.Join(v[:end], " ") + " "
	}
	return strings.Join(v[:end], " ") + ": "
}

// bitsOfModel are the catalog bits the models give their programs.
func bitsOfModel(name string) Bits {
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
	if s := argmodel.Lookup(name); s != nil && s.NamesCodeFiles() {
		b |= RunsFiles
	}
	if s := argmodel.Lookup(name); s != nil && s.Behind {
		b |= Behind
	}
	if s := argmodel.Lookup(name); s != nil && s.HasOutDirs() {
		b |= OutDirs
	}
	if s := argmodel.Lookup(name); s != nil && s.WritesOutputs() {
		b |= Writes // its model's Output options (ModelOutputs)
	}
	if argmodel.CarriesScript(name) {
		b |= Nested
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

// modelData is DataArgs read through the program's model: the words (at
// offset off in the segment, indexes below 63) that are only a pattern,
// a script or another value, never a path. ok is false without a model.
func modelData(v []string, off int) (uint64, bool) {
	m := argmodel.Lookup(v[0])
	if m == nil || len(v) > MaxModelWords {
		return 0, false // past what a model reads: every word may be a path
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, nil, 0)
	var set, path uint64
	for _, it := range r.Items {
		j := it.Word + off
		if j >= 63 {
			continue
		}
		switch it.Role {
		case argmodel.RoleData, argmodel.RoleCode:
			set |= 1 << uint(j)
		case argmodel.RolePath, argmodel.RoleRemote:
			path |= 1 << uint(j)
		}
	}
	readings.Put(r)
	return set &^ path, true
}

// UnknownPath returns the index of the first word of a segment's words
// that names a path known only at run time: a bare expansion ("$HOME",
// $TARGET, "$(pwd)") given to a program that takes paths. A program with
// a model takes paths where its model says so; one without a model is
// taken to read any argument as a path, unless it only takes values (echo,
// printf, test…). It returns -1 when there is none.
func UnknownPath(words []string, flags []uint8, mask uint8) int {
	i := programAt(words)
	if i >= len(words) || len(flags) != len(words) {
		return -1
	}
	v, verb := words[i:], BaseName(words[i])
	if valueVerbs[verb] || BitsOf(verb)&(Cd|Reserved|Shell|Eval) != 0 {
		return -1
	}
	bareText := func(j int, w string) bool {
		return flags[j]&mask != 0 && w != "" && (w[0] == '$' || w[0] == '`') && !printsInsidePaths(w)
	}
	bare := func(j int) bool { return bareText(j, words[j]) }
	m := argmodel.Lookup(verb)
	if m == nil {
		for j := i + 1; j < len(words); j++ {
			if bare(j) {
				return j
			}
		}
		return -1
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, flags[i:], mask)
	found := -1
	for _, it := range r.Items {
		if it.Role != argmodel.RolePath && it.Role != argmodel.RoleRemote || it.Kind == argmodel.KindOption {
			continue
		}
		// An option's value attached to it (npm --prefix=$X) is the value
		// alone; in a word of its own it is the word.
		if bare(it.Word+i) || it.Kind == argmodel.KindValue && bareText(it.Word+i, it.Text) {
			found = it.Word + i
			break
		}
	}
	readings.Put(r)
	return found
}

// substitutionFields returns the words of the one plain command a word
// that is one command substitution runs ($(git ls-files), `git
// rev-parse HEAD`), or nil: another shape, or a command with expansions,
// operators, redirections or more lines, whose output the caller cannot
// vouch for.
func substitutionFields(w string) []string {
	var inner string
	switch {
	case strings.HasPrefix(w, "$(") && strings.HasSuffix(w, ")"):
		inner = w[2 : len(w)-1]
	case len(w) > 1 && w[0] == '`' && w[len(w)-1] == '`':
		inner = w[1 : len(w)-1]
	default:
		return nil
	}
	if strings.ContainsAny(inner, "$`;&|<>()\n") {
		return nil
	}
	return strings.Fields(inner)
}

// printsInsidePaths reports a word that is one command substitution whose
// command prints only paths inside the working tree: git ls-files, git
// diff --name-only, git ls-tree --name-only, find of a relative directory
// without -L. The command itself is a segment judged on its own.
func printsInsidePaths(w string) bool {
	f := substitutionFields(w)
	if len(f) < 2 {
		return false
	}
	for _, a := range f[2:] {
		// Output other than the paths: git's --format and find's -printf
		// print any text (\056env is .env), -exec's programs anything.
		if strings.HasPrefix(a, "--format") || printsOther[a] {
			return false
		}
	}
	switch {
	case f[0] == "git" && f[1] == "ls-files":
		return true
	case f[0] == "git" && (f[1] == "diff" || f[1] == "ls-tree"):
		for _, a := range f[2:] {
			if a == "--name-only" {
				return true
			}
		}
	case f[0] == "find":
		d := f[1]
		if strings.HasPrefix(d, "/") || strings.HasPrefix(d, "~") || strings.HasPrefix(d, "-") || d == ".." ||
			strings.HasPrefix(d, "../") || strings.Contains(d, "/../") {
			return false
		}
		for _, a := range f[2:] {
			if a == "-L" || a == "-follow" {
				return false
			}
		}
		return true
	}
	return false
}

// printsOther are find's actions whose output is not the paths it finds.
var printsOther = map[string]bool{"-printf": true, "-fprintf": true, "-ls": true, "-fls": true, "-exec": true,
	"-execdir": true, "-ok": true, "-okdir": true, "-fprint": true, "-fprint0": true}

// EnvEffect reports an external effect or privilege that an environment
// assignment in assigns (NAME=value words) gives the program of view v:
// DOCKER_HOST=ssh://prod docker ps reaches another machine.
func EnvEffect(v []string, assigns []string) (Reach, bool) {
	if len(v) == 0 {
		return Reach{}, false
	}
	m := argmodel.Lookup(v[0])
	if m == nil || len(m.Env) == 0 {
		return Reach{}, false
	}
	for _, a := range assigns {
		name, _, ok := strings.Cut(a, "=")
		if !ok {
			continue
		}
		if e, ok := m.EnvEffect(name); ok && e.Effect&(argmodel.EffExternal|argmodel.EffPrivileged) != 0 {
			return Reach{Privileged: e.Effect&argmodel.EffPrivileged != 0, Why: v[0] + ": " + e.Why}, true
		}
	}
	return Reach{}, false
}

// EnvComputed returns why an assignment before view v (CC='sudo id'
// make, env CC=curl make) makes its program run a command the engine does
// not read, or "". flags are the assignments' word flags; expands marks
// one the shell expands.
func EnvComputed(v []string, assigns []string, flags []uint8, expands uint8) string {
	if len(v) == 0 {
		return ""
	}
	m := argmodel.Lookup(v[0])
	if why := exportedReach(m, v[0], assigns); why != "" {
		return why
	}
	if m == nil || m.EnvCode == nil {
		return ""
	}
	for i, a := range assigns {
		if IsAssignment(a) {
			if why := m.EnvCode(a, i < len(flags) && flags[i]&expands != 0); why != "" {
				return v[0] + ": " + why
			}
		}
	}
	return ""
}

// exportedReach returns why an exported variable that sends programs
// elsewhere (DOCKER_HOST, a proxy: argmodel.ReachVar) reaches what
// program runs, when its model does not judge that variable itself:
// export DOCKER_HOST=ssh://h; make up hands it to every docker the
// makefile runs. It is the same judgement an assignment before the
// program gets (DOCKER_HOST=… make up), except for the programs that
// take values and run none (export itself).
func exportedReach(m *argmodel.Spec, program string, assigns []string) string {
	if valueVerbs[BaseName(program)] {
		return "" // export itself, echo: programs that take values and run none
	}
	for _, a := range assigns {
		name, value, ok := strings.Cut(a, "=")
		if !ok || value == "" {
			continue // HTTP_PROXY= clears it
		}
		why, reach := argmodel.ReachVar(name)
		if !reach {
			continue
		}
		if m != nil {
			if _, reads := m.EnvEffect(name); reads {
				continue // judged by EnvEffect, with the program's own reading
			}
		}
		return program + ": " + name + " is set in its environment, and " + why + ", for every program it runs"
	}
	return ""
}

// modelScript finds, through the program's model, a shell command line
// given as an option's value or an operand (git fetch --upload-pack=CMD,
// rsync -e CMD, tar -I CMD, git rebase -x CMD): the shell runs it, so it
// is a nested script like sh -c's.
func modelScript(v []string) (Script, bool) {
	var first Script
	found := false
	modelScripts(v, func(s Script) bool {
		first, found = s, true
		return false
	})
	return first, found
}

// modelScripts calls fn with every shell command line the model of v's
// program finds in v (npm --viewer=X --browser=Y holds two), in order,
// until fn reports false; it reports whether fn never did. Each is read
// on its own: joined, one's open quote could hide the next.
func modelScripts(v []string, fn func(Script) bool) bool {
	m := argmodel.ScriptCarrier(v)
	if m == nil {
		return true
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, nil, 0)
	var found []Script
	for k, it := range r.Items {
		// A text that may hold an expansion is returned too: read without
		// the words' flags, single-quoted text looks computed, and the
		// reader of the script judges its expansions for what they are.
		if it.Text == "" || !carriesShell(it) {
			continue
		}
		origin := v[0]
		if it.Opt != nil {
			origin += " " + it.Opt.Name()
		}
		text := it.Text + scriptArgs(r.Items[k+1:], it)
		if it.Opt != nil && it.Opt.Appends {
			text += CallbackArgs // rg --pre git runs git PATH: words read as any
		}
		found = append(found, Script{Origin: origin, Text: text})
	}
	readings.Put(r)
	for _, s := range found {
		if !fn(s) {
			return false
		}
	}
	return true
}

// scriptArgs returns the arguments that follow a shell command line given
// as an operand (git submodule foreach CMD ARGS runs CMD with ARGS), each
// after a space, or "": they are read as words of the script.
func scriptArgs(rest []argmodel.Item, code argmodel.Item) string {
	if code.Kind != argmodel.KindOperand || code.Role != argmodel.RoleCode {
		return ""
	}
	var b strings.Builder
	for _, it := range rest {
		if it.Kind != argmodel.KindOperand || it.Role != argmodel.RoleArg || it.Spec != code.Spec {
			break
		}
		b.WriteByte(' ')
		b.WriteString(it.Text)
	}
	return b.String()
}

// carriesShell reports an item whose text a shell runs: a program with
// its arguments, or a shell command line.
func carriesShell(it argmodel.Item) bool {
	if it.Kind != argmodel.KindValue && it.Kind != argmodel.KindOperand {
		return false
	}
	return it.Role == argmodel.RoleProgram || it.Role == argmodel.RoleCode && it.Lang == argmodel.LangShell
}

// ListedSub reports whether v[i] is a subcommand that the model of v[0]
// lists, in a subcommand's place (only options before it): the program's
// own verb (perf script), not a program it runs.
func ListedSub(v []string, i int) bool {
	for _, w := range v[1:i] {
		if w == "" || w[0] != '-' {
			return false
		}
	}
	m := argmodel.Lookup(BaseName(v[0]))
	if m == nil {
		return false
	}
	for _, s := range m.Subs {
		if s.Name == v[i] || slices.Contains(s.Aliases, v[i]) {
			return true
		}
	}
	return false
}

// findItem reads view v (its program first) through its program's model
// and reports whether fn accepts one of its items, stopping there; false
// for a view without a model or longer than a model reads.
func findItem(v []string, fn func(argmodel.Item) bool) bool {
	if len(v) < 2 || len(v) > MaxModelWords {
		return false
	}
	m := argmodel.Lookup(v[0])
	if m == nil {
		return false
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, v, nil, 0)
	return slices.ContainsFunc(r.Items, fn)
}
