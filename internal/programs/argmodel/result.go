package argmodel

import (
	"slices"
	"strings"
)

// Kind says what a word (or a part of one) is.
type Kind uint8

const (
	// KindUnknown is a word the reading cannot account for.
	KindUnknown Kind = iota
	// KindProgram is the program's own name (word 0).
	KindProgram
	// KindOption is an option; its value may be attached in the same word.
	KindOption
	// KindValue is an option's value, attached or in its own word.
	KindValue
	// KindSubcommand names a subcommand.
	KindSubcommand
	// KindOperand is an operand; Role says what it is.
	KindOperand
	// KindEnd is the "--" that ends the options.
	KindEnd
	// KindOperator is an operator word of an expression (find's "!").
	KindOperator
)

var kindNames = [...]string{"unknown", "program", "option", "value", "subcommand", "operand", "end", "operator"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "kind?"
}

// Item is one thing found in the words: an option, a value, an operand,
// a subcommand. A word may hold several (a cluster -xvf holds three
// options; -ofile an option and its value).
type Item struct {
	Word int
	Kind Kind
	Role Role
	Lang Lang
	// Opt is the option, for options and their values.
	Opt *Option
	// Spec is the program or subcommand that read the item.
	Spec *Spec
	// Text is the item's text: a value without its option, an operand.
	Text string
	// Computed: the text holds an expansion, a substitution, a glob or a
	// brace, so its value is known only at run time.
	Computed bool
}

// Span is a nested command that the program runs: Words[Start:End].
type Span struct {
	Start, End int
	// Placeholder, when not empty, is a word replaced at run time in the
	// command's words (xargs -I X, find's {}).
	Placeholder string
	// Appends: the program appends words of its own choosing (xargs,
	// find -exec … +), so the command's last argument is not the end.
	Appends bool
	// ViewOnly: the command is a package runner's (Operand.ViewOnly).
	ViewOnly bool
}

// Finding is one effect with the word that has it and why.
type Finding struct {
	Effect  Effect
	Word    int
	Why     string
	Instead string // the typed action to use instead, if any
	// Sub: the finding is about running the subcommand named by Word
	// (its Why continues the words: "git push" "has an effect …").
	Sub bool
}

// Unknown is a word the reading could not account for.
type Unknown struct {
	Word int
	Why  string
}

// Result is the reading of one command line.
type Result struct {
	// Words holds, per word, its main kind: for a word with an option and
	// its attached value, KindOption.
	Words []Kind
	Items []Item
	// Subs is the chain of subcommands entered, outermost first.
	Subs     []*Spec
	Commands []Span
	// Effects is the union of the Findings' effects.
	Effects  Effect
	Findings []Finding
	Unknown  []Unknown
	// The caller's marks of the words that may change at run time, kept
	// only while the judges run (WordComputed).
	flags    []uint8
	mask     uint8
	computed []bool
}

// WordComputed reports whether word i of ws, the words a judge is given,
// may change at run time: the caller's marks decide where it gave them (a
// quoted '[' is no glob: pip install '.[dev]'), else the word's text
// (Computed), the safe reading.
func (r *Result) WordComputed(ws []string, i int) bool {
	switch {
	case i < 0 || i >= len(ws):
		return false
	case r.flags != nil && i < len(r.flags) && r.flags[i]&r.mask == 0:
		return false
	case r.computed != nil && i < len(r.computed) && !r.computed[i]:
		return false
	}
	return Computed(ws[i])
}

// FirstOperandRemote reports a program whose model's first operand is a
// host or a remote location (ssh, scp, sftp).
func FirstOperandRemote(name string) bool {
	s := Lookup(name)
	return s != nil && len(s.Operands) > 0 && (s.Operands[0].Role == RoleRemote || s.Operands[0].Role == RoleRemoteCode)
}

// splits reports whether word i holds an unquoted expansion that word
// splitting may make several words (Splits), as far as a Judge reading
// the words' flags knows.
func (r *Result) splits(i int) bool {
	return r.flags != nil && i < len(r.flags) && r.flags[i]&Splits != 0
}

// Reset empties r, keeping its storage.
func (r *Result) Reset() {
	r.Words = r.Words[:0]
	r.Items = r.Items[:0]
	r.Subs = r.Subs[:0]
	r.Commands = r.Commands[:0]
	r.Effects = 0
	r.Findings = r.Findings[:0]
	r.Unknown = r.Unknown[:0]
}

// Spec returns the innermost subcommand entered, or root.
func (r *Result) Spec(root *Spec) *Spec {
	if len(r.Subs) > 0 {
		return r.Subs[len(r.Subs)-1]
	}
	return root
}

// SubPath returns the names of the subcommands entered, outermost first.
func (r *Result) SubPath() []string {
	p := make([]string, len(r.Subs))
	for i, s := range r.Subs {
		p[i] = s.Name
	}
	return p
}

// Verb returns the word of the first subcommand or operand the reading
// found, past the program's options and their values (go -C DIR test:
// 3), or -1: the verb of a program whose model leaves its verbs open.
func (r *Result) Verb() int {
	for _, it := range r.Items {
		if it.Kind == KindSubcommand || it.Kind == KindOperand {
			return it.Word
		}
	}
	return -1
}

// Has reports whether the reading found effect e.
func (r *Result) Has(e Effect) bool { return r.Effects&e != 0 }

// Why returns the reason of the first finding with effect e, or "".
func (r *Result) Why(e Effect) string {
	for _, f := range r.Findings {
		if f.Effect&e != 0 {
			return f.Why
		}
	}
	return ""
}

// First returns the first finding with effect e.
func (r *Result) First(e Effect) (Finding, bool) {
	for _, f := range r.Findings {
		if f.Effect&e != 0 {
			return f, true
		}
	}
	return Finding{}, false
}

// Role returns the items with role ro.
func (r *Result) Role(ro Role) []Item {
	var out []Item
	for _, it := range r.Items {
		if it.Role == ro && (it.Kind == KindValue || it.Kind == KindOperand) {
			out = append(out, it)
		}
	}
	return out
}

// Used returns the first item that uses the option spelled name in the
// model (a long name without dashes, or a short letter), or false.
func (r *Result) Used(name string) (Item, bool) {
	for _, it := range r.Items {
		if it.Opt == nil {
			continue
		}
		if len(name) == 1 && containsByte(it.Opt.Short, name[0]) {
			return it, true
		}
		for _, l := range it.Opt.Long {
			if l == name {
				return it, true
			}
		}
	}
	return Item{}, false
}

func containsByte(s string, c byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return true
		}
	}
	return false
}

// Named reports an option, or an option's value, one of whose long
// names is among names (an abbreviation or a short spelling was read as
// the option it stands for, so the long name is the one to ask about).
func (it Item) Named(names ...string) bool {
	if it.Opt == nil {
		return false
	}
	for _, l := range it.Opt.Long {
		if slices.Contains(names, l) {
			return true
		}
	}
	return false
}

// ValueOf reports the value of an option named one of names.
func (it Item) ValueOf(names ...string) bool { return it.Kind == KindValue && it.Named(names...) }

// OptionOf reports an option named one of names (not its value).
func (it Item) OptionOf(names ...string) bool { return it.Kind == KindOption && it.Named(names...) }

// computedText reports an item whose text is known only at run time: an
// expansion, or a command substitution even where quoting kept it literal.
func (it Item) computedText() bool {
	return it.Computed || strings.Contains(it.Text, "$(") || strings.IndexByte(it.Text, '`') >= 0
}

// takeBackSub removes the findings of the effect a subcommand has by
// itself (Sub), which its words show it does not have here (crontab -l,
// git merge --abort), and keeps every other finding: an option before
// the subcommand (git -c core.fsmonitor=… merge --abort) still counts.
// Effects is the union of the findings left.
func (r *Result) takeBackSub(e Effect) {
	r.Findings = slices.DeleteFunc(r.Findings, func(f Finding) bool { return f.Sub && f.Effect == e })
	r.Effects = 0
	for _, f := range r.Findings {
		r.Effects |= f.Effect
	}
}
