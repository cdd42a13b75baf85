package programs

import (
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/programs/argmodel"
)

// RuleView returns the words of view v as deny and ask rules read them,
// appended to out, and whether they differ from v:
//
//   - a word with an expansion is its literal text, as when the expansion
//     is empty (-rf$IFS and -rf${X} may be -rf; a word of expansions only
//     is dropped);
//   - the options of the program or of an outer subcommand that come
//     before the last subcommand are dropped with their values (git -C .
//     clean is git clean, make -C . deploy is make deploy);
//   - every option is spelled by its first letter (rm --recursive and -R
//     are -r) or, without one, by its full long name (git reset --har is
//     --hard); a value attached to it is a word of its own;
//   - "--" is dropped and an operand ./x is x (git checkout -- . is git
//     checkout ., python3 ./manage.py is python3 manage.py).
//
// flags are the words' flags; expands marks the flags of a word that
// holds an expansion. Deny and ask rules see this reading as well as the
// command's own words: a disguised spelling of a denied command is still
// the denied command.
//
// With bare, every option is dropped with its value, wherever it stands
// (make -C . deploy is make deploy): a rule without options still names
// the command.
//
// The words are kept in buf, which the caller puts back with PutRuleBuf
// once it is done with them.
func RuleView(v []string, flags []uint8, expands uint8, bare bool) (words []string, buf *RuleBuf, ok bool) {
	if len(v) == 0 || len(v) > MaxModelWords || len(flags) != len(v) {
		return nil, nil, false
	}
	buf = ruleBufs.Get().(*RuleBuf)
	words, ok = ruleView(v, flags, expands, bare, buf.words[:0])
	buf.words = words[:0]
	return words, buf, ok
}

// RuleBuf holds the words of a rule view between uses.
type RuleBuf struct{ words []string }

var ruleBufs = sync.Pool{New: func() any { return new(RuleBuf) }}

// PutRuleBuf gives a rule view's storage back; its words must not be used
// after.
func PutRuleBuf(b *RuleBuf) {
	if b != nil {
		clear(b.words[:cap(b.words)])
		ruleBufs.Put(b)
	}
}

func ruleView(v []string, flags []uint8, expands uint8, bare bool, out []string) ([]string, bool) {
	rr, out := readRuleView(v, flags, expands, out)
	if rr.r == nil {
		return out, rr.changed
	}
	defer readings.Put(rr.r)
	base := len(out) - len(rr.e)
	out, changed := rr.emit(bare, out)
	if !changed {
		return out[:base], false
	}
	// The canonical words were written after the emptied ones: they are
	// moved down over them.
	n := copy(out[base:], out[base+len(rr.e):])
	return out[:base+n], true
}

// RuleViews calls fn with both rule views of v (see RuleView), the one
// without bare first, from one reading of v through its program's model:
// words are the view's, ok whether they differ from v. It stops when fn
// returns false. fn may change words; they must not be used after it
// returns.
func RuleViews(v []string, flags []uint8, expands uint8, fn func(words []string, ok bool) bool) {
	if len(v) == 0 || len(v) > MaxModelWords || len(flags) != len(v) {
		fn(nil, false)
		return
	}
	buf := ruleBufs.Get().(*RuleBuf)
	defer PutRuleBuf(buf)
	rr, out := readRuleView(v, flags, expands, buf.words[:0])
	if rr.r == nil {
		// No model: both views are the emptied words, and the second
		// would say what the first did.
		buf.words = out[:0]
		fn(out, rr.changed)
		return
	}
	defer readings.Put(rr.r)
	start := len(out)
	for _, bare := range [2]bool{false, true} {
		var changed bool
		out, changed = rr.emit(bare, out[:start])
		buf.words = out[:0]
		if !fn(out[start:], changed) {
			return
		}
	}
	if rr.deepest == nil || !rr.deepest.Goals {
		return
	}
	// Each goal as the only one: make -j 4 deploy, make X=1 deploy and
	// make test deploy all run deploy.
	for i := 1; i < len(rr.e); i++ {
		if rr.r.Words[i] != argmodel.KindOperand || strings.IndexByte(rr.e[i], '=') >= 0 {
			continue
		}
		out = append(out[:start], rr.e[0], rr.e[i])
		buf.words = out[:0]
		if !fn(out[start:], true) {
			return
		}
	}
}

// GoalIndexes returns the indexes of the goals in view v of a program
// whose operands are goals (make test deploy: 1 and 2), read through its
// model; NAME=value settings are not goals, nor is a number right after
// an option (make -j 4: make takes it as the option's value). ok is false
// where the view cannot be read that way: another program, a view the
// model cannot read, or one with an expansion that may be empty (the
// goals' places are then not known).
func GoalIndexes(v []string, flags []uint8, expands uint8) (goals []int, ok bool) {
	if len(v) < 2 || len(v) > MaxModelWords || len(flags) != len(v) || !HasGoals(v[0]) {
		return nil, false
	}
	buf := ruleBufs.Get().(*RuleBuf)
	defer PutRuleBuf(buf)
	rr, out := readRuleView(v, flags, expands, buf.words[:0])
	buf.words = out[:0]
	if rr.r == nil || len(rr.e) != len(v) {
		return nil, false
	}
	defer readings.Put(rr.r)
	for i := 1; i < len(rr.e); i++ {
		if rr.r.Words[i] != argmodel.KindOperand || strings.IndexByte(rr.e[i], '=') >= 0 {
			continue
		}
		if strings.HasPrefix(rr.e[i-1], "-") && strings.Trim(rr.e[i], "0123456789.") == "" {
			continue // make -j 4, make -l 2.5
		}
		goals = append(goals, i)
	}
	return goals, true
}

// HasGoals reports a program whose operands are goals it runs one after
// another (make, rake, just): deny and ask rules read each as the only one.
func HasGoals(program string) bool {
	m := argmodel.Lookup(program)
	return m != nil && m.Goals
}

// ruleReading is a view read for its rule views: e is its words with
// their expansions emptied, r its parse through the program's model m
// (nil without a model), changed whether e differs from the view.
type ruleReading struct {
	e       []string
	changed bool
	r       *argmodel.Result
	deepest *argmodel.Spec
	lastSub int
}

// readRuleView appends the view's emptied words to out and parses them.
// The caller puts rr.r back in readings.
func readRuleView(v []string, flags []uint8, expands uint8, out []string) (rr ruleReading, _ []string) {
	base := len(out)
	for i, w := range v {
		exp := flags[i]&expands != 0
		if i > 0 {
			if t := tidyPath(w, exp); t != w {
				rr.changed = true // .//manage.py, a/../manage.py and $PWD/manage.py are manage.py
				w, exp = t, false
			}
		}
		if exp {
			if lit := literalText(w); lit != w {
				rr.changed = true
				if lit == "" && i > 0 {
					continue
				}
				w = lit
				if t := tidyPath(w, false); i > 0 && t != w {
					w = t // ./manage$X.py, its expansion empty
				}
			}
		}
		out = append(out, w)
	}
	rr.e = out[base:]
	m := argmodel.Lookup(rr.e[0])
	if m == nil {
		return rr, out
	}
	rr.r = readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(rr.r, m, rr.e, nil, 0)
	for i, k := range rr.r.Words {
		if k == argmodel.KindSubcommand {
			rr.lastSub = i
		}
	}
	rr.deepest = rr.r.Spec(m)
	return rr, out
}

// emit appends the rule view's words to out, after rr.e, and reports
// whether they differ from the view.
func (rr *ruleReading) emit(bare bool, out []string) ([]string, bool) {
	e, r, deepest, lastSub, changed := rr.e, rr.r, rr.deepest, rr.lastSub, rr.changed
	out = append(out, e[0])
	sub, it := 0, 0
	dropValue := false
	unknownBefore := false // the word before was an option the model does not know, dropped
	firstSub := len(e)     // the first subcommand's word
	for i := 1; i < len(e); i++ {
		if r.Words[i] == argmodel.KindSubcommand {
			firstSub = i
			break
		}
	}
	for i := 1; i < len(e); i++ {
		afterUnknown := unknownBefore
		unknownBefore = false
		for it < len(r.Items) && r.Items[it].Word < i {
			it++
		}
		switch r.Words[i] {
		case argmodel.KindSubcommand:
			if sub < len(r.Subs) {
				name := r.Subs[sub].Name
				changed = changed || name != e[i]
				out = append(out, name)
				sub++
				continue
			}
		case argmodel.KindOption:
			dropValue = false
			var opts []string
			known := false
			for j := it; j < len(r.Items) && r.Items[j].Word == i; j++ {
				x := r.Items[j]
				known = known || x.Kind == argmodel.KindOption && x.Opt != nil
				switch {
				case x.Kind == argmodel.KindOption && x.Opt != nil && (bare || x.Spec != deepest && i < lastSub):
					dropValue = true
				case x.Kind == argmodel.KindOption && x.Opt != nil:
					opts = append(opts, spelling(x.Opt))
				case x.Kind == argmodel.KindValue && !dropValue:
					opts = append(opts, x.Text)
				}
			}
			switch {
			case !known && bare:
				changed = true // an option the model does not know, dropped
				unknownBefore = true
			case !known:
				out = append(out, e[i])
			case dropValue:
				changed = true
			default:
				changed = changed || len(opts) != 1 || opts[0] != e[i]
				out = append(out, opts...)
			}
			continue
		case argmodel.KindValue:
			if dropValue {
				continue
			}
		case argmodel.KindEnd:
			if !optionAfter(e[i+1:]) {
				changed = true // "--" ends the options; the words after it are the same
				continue
			}
		default:
			dropValue = false
			if afterUnknown && i < firstSub && firstSub < len(e) {
				changed = true // its value, as the parse took it (cargo --color never publish)
				continue
			}
		}
		out = append(out, e[i])
	}
	return out, changed
}

// optionAfter reports a word that would read as an option without the
// "--" before it (rm -- -rf removes a file named -rf).
func optionAfter(words []string) bool {
	for _, w := range words {
		if len(w) > 1 && w[0] == '-' {
			return true
		}
	}
	return false
}

// spelling is the one spelling of an option in a rule view.
func spelling(o *argmodel.Option) string {
	if o.Short != "" {
		if t := shortSpellings[o.Short[0]]; t != "" {
			return t
		}
		return "-" + o.Short[:1]
	}
	if len(o.Long) > 0 {
		return "--" + o.Long[0]
	}
	return "-"
}

// shortSpellings are "-a" … "-z", "-A" … "-Z", "-0" … "-9", made once.
var shortSpellings = func() (t [256]string) {
	for c := 0; c < 256; c++ {
		if ascii.NameByte(byte(c)) && c != '_' {
			t[c] = "-" + string(rune(c))
		}
	}
	return t
}()

// literalText is w without its expansions ($x, ${…}, $(…), `…`).
func literalText(w string) string {
	if strings.IndexByte(w, '$') < 0 && strings.IndexByte(w, '`') < 0 {
		return w
	}
	var b strings.Builder
	for i := 0; i < len(w); {
		if c := w[i]; c == '$' || c == '`' {
			if e := ascii.ExpansionEnd(w, i); e > i {
				i = e
				continue
			}
		}
		b.WriteByte(w[i])
		i++
	}
	return b.String()
}

// OptionAliases returns, for the short option letters of program verb
// (rm "rf"), every letter that spells the same options in its model (rm:
// "rfR"), for the policy to know which spellings a rule reading may turn
// into a rule's. Without a model it returns letters.
func OptionAliases(verb, letters string) string {
	m := argmodel.Lookup(verb)
	if m == nil {
		return letters
	}
	all := letters
	for i := range m.Options {
		if o := &m.Options[i]; o.Short != "" && strings.ContainsAny(o.Short, letters) {
			all += o.Short
		}
	}
	return all
}

// RuleWords returns the rule reading of a rule's words (a deny or ask
// rule's program and what follows it): the policy matches both. ok is
// false when the reading is the words themselves.
func RuleWords(words []string) (read []string, ok bool) {
	rv, buf, ok := RuleView(words, make([]uint8, len(words)), 0, false)
	defer PutRuleBuf(buf)
	if ok {
		read = append([]string(nil), rv...)
	}
	return read, ok
}

// SubName returns the name of the subcommand that word w names for
// program verb (npm rum is run), or "" when the model has none.
func SubName(verb, w string) string {
	m := argmodel.Lookup(verb)
	if m == nil {
		return ""
	}
	s := m.Lookup(w)
	if s == nil && m.Resolve != nil {
		s = m.Lookup(m.Resolve(w)) // an abbreviation or a misspelling the program takes
	}
	if s == nil {
		return ""
	}
	return s.Name
}

// gitPushes are git's subcommands that push, by the git model's typed
// action (git_push): push itself, the plumbing (send-pack, http-push,
// receive-pack, the remote helpers) and the other commands that write a
// remote (subtree push, svn dcommit, lfs push). A rule naming git push
// names them too.
var gitPushes = sync.OnceValue(func() [][]string { return argmodel.SubcommandPaths("git", "git_push") })

// tidyPath returns a path word as a rule names it, lexically: ./x, .//x,
// a/../x, ~+/x and $PWD/x are x, and ./ is . (git checkout ./ is git
// checkout .). It is a reading for deny and ask rules only, never the path
// the other checks read. Options, settings (NAME=value), URLs and words
// with other expansions are left as they are.
func tidyPath(w string, expands bool) string {
	if len(w) < 2 || w[0] == '-' || strings.IndexByte(w, '/') < 0 || strings.IndexByte(w, '=') >= 0 || strings.Contains(w, "://") {
		return w // (make OUT=build/../dist: a setting, not a path)
	}
	for _, pwd := range [...]string{"~+/", "$PWD/", "${PWD}/"} {
		if rest, ok := strings.CutPrefix(w, pwd); ok && (pwd == "~+/" || expands) {
			w = "./" + rest
			expands = false
			break
		}
	}
	if expands {
		return w
	}
	return path.Clean(w)
}

// TidyPath is tidyPath for a word without expansions.
func TidyPath(w string) string { return tidyPath(w, false) }

// RuleName returns the name deny and ask rules know a program by: without
// its directory or version, under the name of its model in the catalog
// (python3.11 and python3 are python, pip3 is pip, gcc-12, cc and
// x86_64-linux-gnu-gcc are gcc, pager is less, vi is vim, gawk is awk,
// nodejs is node, ./deploy.sh is deploy.sh). A rule that names one of
// them denies or asks for all.
func RuleName(w string) string {
	if scriptShells[w] {
		return "sh"
	}
	n := argmodel.ModelName(argmodel.Versionless(BaseName(w)))
	switch {
	case scriptShells[n]:
		return "sh"
	case argmodel.IsNode(n):
		return "node"
	}
	return n
}

// scriptShells are the shells (the shells that run a script given with
// -c), and the builtins that read a file as a script, that a rule on one
// of them running a script names together: deny: ["Terminal(bash
// deploy.sh:*)"] denies sh deploy.sh, source deploy.sh and . ./deploy.sh.
var scriptShells = func() map[string]bool {
	m := map[string]bool{"source": true, ".": true}
	for _, sh := range shells {
		m[sh] = true
	}
	return m
}()

// scriptAliases returns the other ways the interpreter of a rule's words
// (its RuleName n) runs the script the words name: python -m manage for
// python manage.py, node scripts/release for node scripts/release.js.
func scriptAliases(n string, words []string) [][]string {
	if len(words) < 2 || strings.HasPrefix(words[1], "-") {
		return nil
	}
	script := TidyPath(words[1])
	switch {
	case n == "python" && strings.HasSuffix(script, ".py") && !strings.HasPrefix(script, "/") && !strings.HasPrefix(script, ".."):
		module := strings.ReplaceAll(strings.TrimSuffix(script, ".py"), "/", ".")
		return [][]string{slices.Concat([]string{n, "-m", module}, words[2:])}
	case n == "node" && strings.HasSuffix(script, ".js"):
		return [][]string{slices.Concat([]string{n, strings.TrimSuffix(script, ".js")}, words[2:])}
	}
	return nil
}

// dockerCommands are the container engines' top-level commands that are
// also a management command's (docker rm is docker container rm, docker
// rmi is docker image rm).
var dockerCommands = map[string][2]string{
	"rm": {"container", "rm"}, "run": {"container", "run"}, "exec": {"container", "exec"}, "kill": {"container", "kill"},
	"stop": {"container", "stop"}, "start": {"container", "start"}, "restart": {"container", "restart"},
	"create": {"container", "create"}, "cp": {"container", "cp"}, "logs": {"container", "logs"},
	"ps": {"container", "ls"}, "commit": {"container", "commit"}, "export": {"container", "export"},
	"update": {"container", "update"}, "rename": {"container", "rename"}, "attach": {"container", "attach"},
	"rmi": {"image", "rm"}, "images": {"image", "ls"}, "push": {"image", "push"}, "pull": {"image", "pull"},
	"build": {"image", "build"}, "tag": {"image", "tag"}, "save": {"image", "save"}, "load": {"image", "load"},
	"import": {"image", "import"}, "history": {"image", "history"},
}

// dockerVerbAliases are the other names a management command's verbs
// take (docker volume remove is docker volume rm).
var dockerVerbAliases = map[string][]string{"rm": {"remove"}, "remove": {"rm"}, "ls": {"list", "ps"}, "list": {"ls"}}

// dockerAliases returns the other spellings of a container engine's rule
// words (docker rm …): the management command's (docker container rm,
// docker container remove), and for a management command's words the
// top-level command's and its verb's other names.
func dockerAliases(words []string) [][]string {
	var out [][]string
	if m, ok := dockerCommands[words[1]]; ok {
		for _, verb := range append([]string{m[1]}, dockerVerbAliases[m[1]]...) {
			out = append(out, slices.Concat([]string{words[0], m[0], verb}, words[2:]))
		}
		return out
	}
	if len(words) < 3 {
		return nil
	}
	verb := words[2]
	for _, other := range dockerVerbAliases[verb] {
		out = append(out, slices.Concat([]string{words[0], words[1], other}, words[3:]))
	}
	for legacy, m := range dockerCommands {
		if m[0] == words[1] && (m[1] == verb || slices.Contains(dockerVerbAliases[m[1]], verb)) {
			out = append(out, slices.Concat([]string{words[0], legacy}, words[3:]))
		}
	}
	return out
}

// RuleAliases returns the other spellings of a deny or ask rule's words
// that run the same program: git's subcommands as the programs git runs
// for them (git push is git-push, /usr/lib/git-core/git-push), and the
// other subcommands that do what git push does (git send-pack, git subtree
// push).
func RuleAliases(words []string) [][]string {
	if len(words) == 0 {
		return nil
	}
	var named [][]string
	n := RuleName(words[0])
	if n != words[0] && n != "" {
		// python3 manage.py flush is also python manage.py flush, which
		// python3.11 is read as (RuleName).
		named = [][]string{slices.Concat([]string{n}, words[1:])}
	}
	named = append(named, scriptAliases(n, words)...)
	if len(words) >= 2 && containerRunners[words[0]] {
		return append(named, dockerAliases(words)...)
	}
	if len(words) < 2 || words[0] != "git" || strings.HasPrefix(words[1], "-") {
		return named
	}
	subs := [][]string{{words[1]}} // the rule's own subcommand first: only its git- program is another spelling
	if strings.TrimSuffix(words[1], ":*") == "push" {
		subs = append(subs, gitPushes()...)
	}
	var out [][]string
	for i, sub := range subs {
		if i > 0 && len(sub) == 1 && sub[0] == strings.TrimSuffix(words[1], ":*") {
			continue // push itself, among the pushes
		}
		if i > 0 {
			out = append(out, slices.Concat([]string{"git"}, sub, words[2:]))
		}
		out = append(out, slices.Concat([]string{"git-" + sub[0]}, sub[1:], words[2:]))
	}
	return append(out, named...)
}
