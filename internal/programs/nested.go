package programs

import (
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/programs/argmodel"
)

// The programs that carry a nested script or command, and how each one's
// is found. A carrier is listed here once: the Nested bit of the catalog
// is built from this table, and NestedScript reads it.

// shells run a script given with -c.
var shells = []string{
	"sh", "bash", "zsh", "dash", "ksh", "mksh", "ash", "yash", "posh", "fish", "csh", "tcsh",
	"rbash", "oksh", "loksh", "pdksh", "ksh93",
}

// carrier finds the script or command that a view (its program first)
// carries.
type carrier func(v []string) (Script, bool)

// carriers lists every program that may carry a nested script or command.
func carriers() map[string]carrier {
	m := map[string]carrier{
		"eval":  evalScript,
		"env":   envScript,
		"watch": watchScript,
		"git":   gitConfigScript,
		"trap":  trapScript,
		"alias": aliasScript,
		"socat": socatScript,
		"jobs":  jobsScript,
	}
	for _, v := range []string{"mapfile", "readarray"} {
		m[v] = callbackScript
	}
	for _, v := range []string{"su", "runuser", "sg", "script", "flock", "nix-shell"} {
		m[v] = optionScript
	}
	for _, v := range shells {
		m[v] = shellScript
	}
	return m
}

// Script describes a script or command found inside a segment: the script
// of sh -c or eval, or the command of find -exec.
type Script struct {
	Origin string   // how it was found: "bash -c", "eval", …
	Text   string   // shell text to parse
	Words  []string // or a command given as words (find -exec … ;)
	// From and To are the view's words the text was made of, v[From:To]:
	// where one of them holds an expansion, the text is only known at run
	// time.
	From, To int
	// Elsewhere is true for a command run in a directory chosen at run
	// time (find -execdir runs it in each found file's directory).
	Elsewhere bool
	// Unread, when not empty, says why the program runs a command that
	// cannot be read from its words: the command is computed.
	Unread string
}

// NestedScript finds a script that a view runs: sh -c SCRIPT, eval WORDS,
// env -S STRING, su -c, watch CMD, git -c alias.x=!CMD. The commands an
// option runs, every one of them (find -exec CMD ;), are OptionCommands'.
func NestedScript(v []string) (Script, bool) {
	if len(v) == 0 {
		return Script{}, false
	}
	p := Lookup(v[0])
	if p == nil || p.Bits()&Nested == 0 {
		return Script{}, false
	}
	if p.carrier != nil {
		if s, ok := p.carrier(v); ok {
			return s, true
		}
	}
	return modelScript(v)
}

// NestedScripts calls fn with every script that view v runs, as
// NestedScript finds the first: a model's program may take more than one
// (npm --viewer=browser --browser=CMD), and each is a script of its own.
// It stops when fn reports false, and reports whether fn never did.
func NestedScripts(v []string, fn func(Script) bool) bool {
	if len(v) == 0 {
		return true
	}
	p := Lookup(v[0])
	if p == nil || p.Bits()&Nested == 0 {
		return true
	}
	if p.carrier != nil {
		if s, ok := p.carrier(v); ok {
			return fn(s)
		}
	}
	return modelScripts(v, fn)
}

// socatScript reads the command of socat's SYSTEM:CMD address (run by
// the shell) or EXEC:CMD (its words), the first of them: socat runs it.
// The address's options after a comma stay in the text (,pty is one
// more word of the command's): the program is still the one it names.
func socatScript(v []string) (Script, bool) {
	for j := 1; j < len(v); j++ {
		w := v[j]
		kind, cmd, ok := strings.Cut(w, ":")
		if !ok || !strings.EqualFold(kind, "SYSTEM") && !strings.EqualFold(kind, "EXEC") {
			continue
		}
		return Script{Origin: "socat " + strings.ToUpper(kind), Text: cmd, From: j, To: j + 1}, true
	}
	return Script{}, false
}

// jobsScript reads jobs -x COMMAND ARGS…: the builtin runs the command
// (with job specs among its arguments replaced by process groups).
func jobsScript(v []string) (Script, bool) {
	for j := 1; j < len(v); j++ {
		switch w := v[j]; {
		case w == "-x" && j+1 < len(v):
			return Script{Origin: "jobs -x", Words: v[j+1:], From: j + 1, To: len(v)}, true
		case w == "--" || !strings.HasPrefix(w, "-"):
			return Script{}, false
		case strings.Contains(w, "x"):
			return Script{Origin: "jobs -x", Unread: "jobs with -x in an option cluster runs a command the engine does not read"}, true
		}
	}
	return Script{}, false
}

// evalScript reads eval's words as a script. A first word "--" ends
// eval's options and is skipped (eval -- cd .git runs cd .git); any other
// option is invalid and bash runs nothing, so reading it into the script
// is the safe side.
func evalScript(v []string) (Script, bool) {
	from := 1
	if from < len(v) && v[from] == "--" {
		from++
	}
	if from >= len(v) {
		return Script{}, false
	}
	return Script{Origin: "eval", Text: strings.Join(v[from:], " "), From: from, To: len(v)}, true
}

// envSplit is the text env -S reads as words: its \_ is a space that
// separates them (env -S'sudo\_id' runs sudo id).
func envSplit(s string) string { return strings.ReplaceAll(s, `\_`, " ") }

// envSplitOption reports a word of env's that may be -S: alone, with its
// value attached, in a cluster (-vS, -iS), or --split-string or an
// abbreviation of it (--sp).
func envSplitOption(w string) bool {
	if strings.HasPrefix(w, "--") {
		name, _, _ := strings.Cut(w[2:], "=")
		return len(name) >= 2 && strings.HasPrefix("split-string", name)
	}
	return len(w) > 1 && w[0] == '-' && strings.IndexByte(w[1:], 'S') >= 0
}

func envScript(v []string) (Script, bool) {
	for j := 1; j < len(v); j++ {
		w := v[j]
		if envSplitOption(w) && strings.Contains(strings.Join(v[j:], " "), `\c`) {
			// \c ends the string there and env appends the operands that
			// follow it to what it split (env -S 'sudo\c' id runs sudo id):
			// the words are not the ones read.
			return Script{Origin: "env -S", Unread: "env -S ends its string at \\c and appends the words after it: what it runs is not the words read"}, true
		}
		if (w == "-S" || w == "--split-string") && j+1 < len(v) {
			return Script{Origin: "env -S", Text: envSplit(strings.Join(v[j+1:], " ")), From: j + 1, To: len(v)}, true
		}
		if rest, ok := strings.CutPrefix(w, "--split-string="); ok {
			return Script{Origin: "env -S", Text: envSplit(strings.Join(append([]string{rest}, v[j+1:]...), " ")), From: j, To: len(v)}, true
		}
		if strings.HasPrefix(w, "-S") && len(w) > 2 {
			return Script{Origin: "env -S", Text: envSplit(strings.Join(append([]string{w[2:]}, v[j+1:]...), " ")), From: j, To: len(v)}, true
		}
	}
	return Script{}, false
}

// optionScript reads su -c, runuser -c, flock --command, nix-shell --run …
func optionScript(v []string) (Script, bool) {
	for j := 1; j+1 < len(v); j++ {
		switch v[j] {
		case "-c", "--command", "--run":
			return Script{Origin: v[0] + " " + v[j], Text: v[j+1], From: j + 1, To: j + 2}, true
		}
	}
	return Script{}, false
}

func watchScript(v []string) (Script, bool) {
	j := 1
	for j < len(v) && strings.HasPrefix(v[j], "-") {
		if v[j] == "-n" || v[j] == "-d" || v[j] == "--interval" || v[j] == "-q" {
			j++
		}
		j++
	}
	if j < len(v) {
		return Script{Origin: "watch", Text: strings.Join(v[j:], " "), From: j, To: len(v)}, true
	}
	return Script{}, false
}

// gitCommandKeys are git configuration keys whose value is a command.
var gitCommandKeys = map[string]bool{
	"core.sshcommand": true, "core.pager": true, "core.editor": true, "core.fsmonitor": true,
	"diff.external": true, "gpg.program": true, "sequence.editor": true, "credential.helper": true,
	"uploadpack.packobjectshook": true, "core.askpass": true,
}

// gitConfigScript finds a command set with git -c: an alias starting with
// "!" or a key whose value is a command.
func gitConfigScript(v []string) (Script, bool) {
	for j := 1; j < len(v); j++ {
		w := v[j]
		var kv string
		at := j
		switch {
		case w == "-c" && j+1 < len(v):
			kv = v[j+1]
			j++
			at = j
		case strings.HasPrefix(w, "-c") && len(w) > 2:
			kv = w[2:]
		case !strings.HasPrefix(w, "-"):
			return Script{}, false
		default:
			continue
		}
		key, val, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		key = strings.ToLower(key)
		switch {
		case strings.HasPrefix(key, "alias.") && strings.HasPrefix(val, "!"):
			return Script{Origin: "git -c " + key, Text: val[1:], From: at, To: at + 1}, true
		case gitCommandKeys[key] || strings.HasPrefix(key, "pager."):
			return Script{Origin: "git -c " + key, Text: strings.TrimPrefix(val, "!"), From: at, To: at + 1}, true
		}
	}
	return Script{}, false
}

// shellScript reads "sh [options] -c SCRIPT [name args…]".
func shellScript(v []string) (Script, bool) {
	hasC := false
	for j := 1; j < len(v); j++ {
		w := v[j]
		if w == "--" || w == "-" {
			if hasC && j+1 < len(v) {
				return Script{Origin: v[0] + " -c", Text: v[j+1], From: j + 1, To: j + 2}, true
			}
			return Script{}, false
		}
		if w == "+" {
			continue // an empty group of options (bash + -c CMD): shellProgram
		}
		if len(w) > 1 && (w[0] == '-' || w[0] == '+') {
			if strings.HasPrefix(w, "--") {
				if w == "--rcfile" || w == "--init-file" {
					j++
				}
				continue
			}
			if strings.IndexByte(w, 'c') > 0 && w[0] == '-' {
				hasC = true
			}
			if strings.ContainsAny(w[1:], "oO") {
				j++
			}
			continue
		}
		if hasC {
			return Script{Origin: v[0] + " -c", Text: w, From: j, To: j + 1}, true
		}
		return Script{}, false
	}
	return Script{}, false
}

// trapScript reads "trap [-lp] [--] [action] signal…": with an action and
// at least one signal, the action runs when the signal comes. "-" resets
// and "" ignores.
func trapScript(v []string) (Script, bool) {
	j := 1
	if j < len(v) && len(v[j]) > 1 && v[j][0] == '-' {
		if v[j] != "--" {
			return Script{}, false // -p, -l: print, run nothing
		}
		j++
	}
	if len(v)-j < 2 || v[j] == "-" || v[j] == "" {
		return Script{}, false
	}
	return Script{Origin: "trap", Text: v[j], From: j, To: j + 1}, true
}

// CallbackArgs is the text read after a callback that the shell runs with
// words of its own appended (mapfile -C runs "CALLBACK INDEX 'LINE'",
// compgen -C "COMMAND NAME WORD PREVIOUS"): words known only at run time,
// so that a callback that runs its arguments (eval, source, bash -c, env,
// xargs) is a computed program, as its words are.
const CallbackArgs = ` "$@"`

// CallbackScript returns mapfile's and readarray's -C callback, if v has
// one (see callbackScript).
func CallbackScript(v []string) (Script, bool) { return callbackScript(v) }

// callbackScript reads mapfile's and readarray's -C callback, which runs
// with the index and the line appended (CallbackArgs).
func callbackScript(v []string) (Script, bool) {
	for j := 1; j < len(v); j++ {
		w := v[j]
		if w == "--" || len(w) < 2 || w[0] != '-' {
			break
		}
		for k := 1; k < len(w); k++ {
			if w[k] == 'C' {
				if k+1 < len(w) {
					return Script{Origin: v[0] + " -C", Text: w[k+1:] + CallbackArgs, From: j, To: j + 1}, true
				}
				if j+1 < len(v) {
					return Script{Origin: v[0] + " -C", Text: v[j+1] + CallbackArgs, From: j + 1, To: j + 2}, true
				}
				return Script{}, false
			}
			if strings.IndexByte("dnOsuc", w[k]) >= 0 {
				if k == len(w)-1 {
					j++ // the option's value is the next word
				}
				break
			}
		}
	}
	return Script{}, false
}

// aliasScript reads the values of "alias name=value…": each is code run
// where the alias is used.
func aliasScript(v []string) (Script, bool) {
	var texts []string
	from := 0
	for j := 1; j < len(v); j++ {
		if name, _, _ := strings.Cut(v[j], "="); strings.ContainsAny(name, "$`") {
			// mapfile -C alias (alias "$@"), alias "$X": definitions
			// made of words known only at run time. (A value that
			// expands, alias x="$X", is found by the words' flags;
			// alias x='echo $(id)' is literal code, read as a script.)
			return Script{Origin: "alias", Unread: "alias defines code from words known only at run time"}, true
		}
		if name, val, ok := strings.Cut(v[j], "="); ok && name != "" {
			texts = append(texts, val)
			if from == 0 {
				from = j
			}
		}
	}
	if texts == nil {
		return Script{}, false
	}
	return Script{Origin: "alias", Text: strings.Join(texts, "\n"), From: from, To: len(v)}, true
}

// ForeignCode returns why code that the interpreter named program runs
// (a here-document's program) may start programs the engine does not see,
// or "" when its words show it cannot (argmodel.ForeignCodeRuns). Code in
// a language the catalog does not read may start any program.
func ForeignCode(program, code string) string {
	lang := argmodel.CodeLang(BaseName(program))
	if lang == argmodel.LangOther {
		return program + " runs code in a language the engine does not read, which may start any program"
	}
	return argmodel.ForeignCodeRuns(lang, code, false)
}

// OptionCommands calls fn with every command that an option of view v's
// program runs, read through the program's model: find -exec CMD … ; and
// -execdir (run in each found file's directory: Elsewhere), fd -x CMD and
// -X CMD, each occurrence, with the value attached too (fd --exec=CMD …).
// It stops when fn reports false. It reports false when v holds more
// than MaxOptionCommands of them, past which it does not look: the caller
// must not approve what it did not read.
func OptionCommands(v []string, fn func(Script) bool) bool {
	if len(v) < 2 || len(v) > MaxModelWords {
		return true
	}
	m := argmodel.Lookup(v[0])
	if m == nil || !argmodel.CommandOptions(v[0]) {
		return true
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, nil, 0)
	var found []Script
	complete := true
	next := 0 // r.Commands are in the order of their options: one pass over both
	for k, it := range r.Items {
		if it.Kind != argmodel.KindOption || it.Opt == nil || it.Opt.Role != argmodel.RoleCommand {
			continue
		}
		if len(found) == MaxOptionCommands {
			complete = false
			break
		}
		name := BaseName(v[0]) + " " + optionSpelling(v[it.Word], it.Opt)
		sc := Script{Origin: name, Elsewhere: strings.HasSuffix(name, "dir")}
		if k+1 < len(r.Items) && r.Items[k+1].Word == it.Word && r.Items[k+1].Kind == argmodel.KindValue {
			// The command's program is attached (fd -xsudo id): the
			// words after it up to the terminator are its arguments.
			end := it.Word + 1
			for end < len(v) && (len(it.Opt.Until) == 0 || v[end] != it.Opt.Until[0]) {
				end++
			}
			sc.Words = append([]string{r.Items[k+1].Text}, v[it.Word+1:end]...)
		} else {
			for next < len(r.Commands) && r.Commands[next].Start <= it.Word {
				next++
			}
			if next < len(r.Commands) && r.Commands[next].Start == it.Word+1 {
				sc.Words = v[r.Commands[next].Start:r.Commands[next].End]
			}
		}
		if len(sc.Words) > 0 && m.Appended != "" && !slices.ContainsFunc(sc.Words, func(w string) bool { return strings.Contains(w, m.Placeholder) }) {
			// fd -x rm runs rm {}: the segment judged is the command with
			// the name it appends.
			sc.Words = append(slices.Clip(sc.Words), m.Appended)
		}
		if len(sc.Words) > 0 {
			found = append(found, sc)
		}
	}
	readings.Put(r)
	for _, sc := range found {
		if !fn(sc) {
			break
		}
	}
	return complete
}

// MaxOptionCommands bounds the commands OptionCommands finds in one view
// (find -exec … ; -exec … ;): past it, the scans of attached values would
// make the reading quadratic.
const MaxOptionCommands = 16

// optionSpelling is the word of option o as typed, without an attached
// value: -exec, --exec of --exec=CMD, -x of -xCMD and of -Hx.
func optionSpelling(w string, o *argmodel.Option) string {
	if i := strings.IndexByte(w, '='); i > 0 {
		w = w[:i]
	}
	if name := strings.TrimLeft(w, "-"); name == o.Short || slices.Contains(o.Long, name) {
		return w
	}
	if o.Short != "" && !strings.HasPrefix(w, "--") {
		return "-" + o.Short // in a cluster, or with its value attached: -Hxsudo
	}
	return w
}
