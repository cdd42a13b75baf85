package argmodel

import (
	"github.com/permengine/permengine/internal/ascii"
	"slices"
	"strings"
)

// option reads word i, which starts with a dash and is not "--".
func (p *parser) option(i int, w string) {
	syn := p.spec.Syntax
	switch {
	case syn.SingleDash:
		p.singleDash(i, w)
	case strings.HasPrefix(w, "--"):
		p.long(i, w[2:])
	case syn.Digits && ascii.Digits(w[1:]):
		p.r.Words[i] = KindOption
		p.i++
	default:
		p.short(i, w)
	}
}

// long reads a GNU long option (name is the word without its "--").
func (p *parser) long(i int, name string) {
	val, hasVal := "", false
	if k := strings.IndexByte(name, '='); k >= 0 {
		name, val, hasVal = name[:k], name[k+1:], true
	}
	if p.spec.Syntax.Underscore {
		name = strings.ReplaceAll(name, "_", "-")
	}
	if p.spec.Syntax.FoldCase {
		name = strings.ToLower(name)
	}
	if name == "" || p.isComputed(i, name) {
		p.unknownOption(i, "a computed or empty option name: --"+name)
		p.i++
		return
	}
	o, neg, ambiguous := p.findLong(name)
	if o == nil {
		p.unknownLong(i, name, ambiguous)
		if hasVal {
			p.grown(i, val)
		}
		p.i++
		return
	}
	p.item(i, KindOption, o, RoleNone, "")
	if !neg {
		p.use(i, o, val, hasVal)
	}
	p.i++
}

// singleDash reads an option spelled with one dash (find -exec, go
// -toolexec=x).
func (p *parser) singleDash(i int, w string) {
	syn := p.spec.Syntax
	name := strings.TrimPrefix(w[1:], "-")
	val, hasVal := "", false
	if k := strings.IndexByte(name, '='); k >= 0 && (syn.EqValue || syn.DoubleDash && strings.HasPrefix(w, "--")) {
		// (two dashes and '=': mvn --settings=s.xml, as commons-cli reads it)
		name, val, hasVal = name[:k], name[k+1:], true
	}
	if p.isComputed(i, name) {
		p.unknownOption(i, "a computed option name: "+w)
		p.i++
		return
	}
	o := p.exactLong(name)
	if o == nil && !hasVal {
		// A value attached without '=' (zip -TTcmd): a known option that
		// takes one, spelled at the start of the word. A program that
		// takes no such spelling refuses the word, so reading it so is
		// only ever the safe side.
		if o = p.attachedLong(name); o != nil {
			val, hasVal = name[len(o.matchedLong(name)):], true
		}
	}
	if o == nil {
		p.unknownLong(i, name, false)
		if hasVal {
			p.grown(i, val)
		}
		p.i++
		return
	}
	p.item(i, KindOption, o, RoleNone, "")
	p.use(i, o, val, hasVal)
	p.i++
}

// risky returns an option with an effect whose long name an unknown long
// option name begins, or nil: a program that takes abbreviations its model
// does not claim (zip --unz=CMD is --unzip-command) runs that option.
func (p *parser) risky(name string) (risky *Option) {
	if len(name) < 3 {
		return nil // -u, -T: the model's unknown letters, not abbreviations
	}
	p.prefixed(name, func(o *Option) {
		if risky == nil && o.Effect != 0 {
			risky = o
		}
	})
	return risky
}

// attachedLong returns the option with the longest long name that begins
// name and takes a value, or nil.
func (p *parser) attachedLong(name string) *Option {
	var best *Option
	n := 0
	for k := len(name) - 1; k > 0; k-- {
		if o := p.exactLong(name[:k]); o != nil && o.Arg == ArgRequired && k > n {
			best, n = o, k
			break
		}
	}
	return best
}

// matchedLong returns the long name of o that begins name.
func (o *Option) matchedLong(name string) string {
	m := ""
	for _, l := range o.Long {
		if strings.HasPrefix(name, l) && len(l) > len(m) {
			m = l
		}
	}
	return m
}

// short reads a cluster of short options (-xvf, -ofile, -I'cmd').
func (p *parser) short(i int, w string) {
	syn := p.spec.Syntax
	for k := 1; k < len(w); k++ {
		c := w[k]
		if p.isComputed(i, w[k:k+1]) {
			p.unknownOption(i, "a computed option letter in "+w)
			break
		}
		o := p.findShort(c)
		if o == nil {
			p.unknownShort(i, w, k)
			break
		}
		p.item(i, KindOption, o, RoleNone, "")
		if o.Arg == ArgNone {
			p.done(i, o, "", false, false)
			continue
		}
		rest := w[k+1:]
		if syn.ShortEq && strings.HasPrefix(rest, "=") {
			rest = rest[1:]
		}
		p.use(i, o, rest, rest != "" || k+1 < len(w))
		p.i++
		return
	}
	p.i++
}

// unknownShort handles the unknown letter at w[k]. In an open model the
// letter may be a flag the model does not list; the rest of the cluster
// is then searched for a letter with an effect, which would count.
func (p *parser) unknownShort(i int, w string, k int) {
	if !p.spec.Open {
		p.unknownOption(i, "an option the model does not know: -"+w[k:k+1]+" in "+w)
		return
	}
	if k == 1 {
		p.r.Words[i] = KindOption
	}
	if k == len(w)-1 {
		p.mayTakeValue(i) // the last letter may take the next word (poetry -C . publish)
	}
	for j := k + 1; j < len(w); j++ {
		if o := p.findShort(w[j]); o != nil && o.Effect != 0 {
			why := "an option the model does not know: -" + w[k:k+1] + " in " + w
			p.unknown(i, why)
			e := o.Effect
			if o.Role == RoleCode || o.Role == RoleProgram || o.Role == RoleCommand {
				// Its command (git rebase -fqx CMD) is not read as a
				// nested script where the cluster is not understood.
				e |= EffComputed
			}
			p.find(e, i, why+"; the letters after it could be "+o.name()+": "+o.Why, "")
			p.r.Words[i] = KindUnknown
			return
		}
	}
}

// bundle reads tar's old-style first argument: letters without a dash,
// whose values are the next words in order (tar cIf CMD FILE).
func (p *parser) bundle(i int, w string) {
	var room [4]*Option
	queue := room[:0]
	for k := 0; k < len(w); k++ {
		if p.isComputed(i, w[k:k+1]) {
			p.unknownOption(i, "a computed letter in the option bundle "+w)
			break
		}
		o := p.findShort(w[k])
		if o == nil {
			p.unknownOption(i, "an option letter the model does not know: "+w[k:k+1]+" in "+w)
			break
		}
		p.item(i, KindOption, o, RoleNone, "")
		if o.Arg == ArgRequired {
			queue = append(queue, o)
		} else {
			p.done(i, o, "", false, false)
		}
	}
	for _, o := range queue {
		p.next(i, o)
	}
	p.i++
}

// use finishes option o found in word i: its value is attached (has), or
// the next words when the option requires one. It leaves p.i on the last
// word the option took; the caller steps past it.
func (p *parser) use(i int, o *Option, attached string, has bool) {
	switch {
	case o.Arg == ArgNone:
		p.done(i, o, "", false, false)
	case has:
		p.value(i, o, attached)
		p.more(o)
	case o.Arg == ArgOptional:
		p.done(i, o, "", false, false)
	default:
		p.next(i, o)
	}
}

// next reads the value of option o, found in word i, from the words
// after p.i.
func (p *parser) next(i int, o *Option) {
	switch {
	case len(o.Until) > 0:
		p.until(i, o)
		return
	case p.i+1 < len(p.words) && (o.Default == "" || !strings.HasPrefix(p.words[p.i+1], "-")):
		p.i++
		p.value(p.i, o, p.words[p.i])
	case o.Default != "":
		// vim -S at the end, or before another option: Session.vim
		p.item(i, KindValue, o, o.Role, o.Default)
		p.done(i, o, o.Default, true, false)
	default:
		p.done(i, o, "", false, false)
	}
	p.more(o)
}

// more reads an option's further values (find -fprintf FILE FORMAT).
func (p *parser) more(o *Option) {
	for _, ro := range o.More {
		if p.i+1 >= len(p.words) {
			return
		}
		p.i++
		k := p.item(p.i, KindValue, o, ro, p.words[p.i])
		p.computedCode(&p.r.Items[k])
		p.grown(p.i, p.words[p.i])
	}
}

// value records the value text of option o, in word i.
func (p *parser) value(i int, o *Option, text string) {
	k := p.item(i, KindValue, o, o.Role, text)
	it := &p.r.Items[k]
	p.computedCode(it)
	p.done(i, o, text, true, it.Computed)
	p.grown(i, text)
}

// done applies what using option o does.
func (p *parser) done(i int, o *Option, text string, present, computed bool) {
	if o.Effect != 0 && (o.Check == nil || o.Check(text, computed)) {
		p.find(o.Effect, i, o.Name()+": "+o.Why, "")
	}
	if o.Script {
		p.scriptGiven = true
	}
	if o.Inert {
		p.inert = true
	}
	if o.Stops {
		p.optsDone = true
	}
	if o.Operands != nil {
		p.altOps = o.Operands
	}
	if o.Placeholder {
		p.placeholder = o.Default
		if present {
			p.placeholder = text
		}
	}
}

// until reads the words after the option at p.i up to a terminator as a
// nested command (find -exec CMD … ;). A terminator after the first ends
// it only right after the placeholder (find's "{} +").
func (p *parser) until(i int, o *Option) {
	start := p.i + 1
	ph := p.spec.Placeholder
	appends := false
	j := start
	for ; j < len(p.words); j++ {
		w := p.words[j]
		if w == o.Until[0] {
			break
		}
		if j > start && ph != "" && p.words[j-1] == ph && contains(o.Until[1:], w) {
			appends = true
			break
		}
	}
	if p.spec.Appended != "" && slices.ContainsFunc(p.words, func(w string) bool { return strings.HasPrefix(w, "--strip-cwd-prefix") }) {
		// fd --strip-cwd-prefix -x CMD: the names it puts in CMD's words
		// have no ./ before them, so one may be an option (-c…).
		ph, appends = "", true
	}
	p.command(start, j, ph, appends)
	for k := start; k < j; k++ {
		// find . -exec echo $x ';' -delete, x='; -delete': a word of the
		// command may split into the end of it and options after.
		if p.mayGrow(k, p.words[k]) {
			p.grown(k, p.words[k])
			break
		}
	}
	if j < len(p.words) {
		p.r.Words[j] = KindValue
	}
	p.done(i, o, "", start < j, false)
	p.i = min(j, len(p.words)-1)
}

func contains(list []string, w string) bool {
	for _, l := range list {
		if l == w {
			return true
		}
	}
	return false
}

// findShort finds the option spelled by letter c, in the current spec or
// the specs it inherits options from.
func (p *parser) findShort(c byte) *Option {
	if c >= 128 {
		return nil
	}
	for s := p.spec; s != nil; s = s.inherited() {
		if k := s.short[c]; k != 0 {
			return &s.Options[k-1]
		}
	}
	return nil
}

// inherited returns the spec whose options s also accepts, or nil.
func (s *Spec) inherited() *Spec {
	if s.Inherit {
		return s.parent
	}
	return nil
}

// exactLong finds the option with long name name.
func (p *parser) exactLong(name string) *Option {
	for s := p.spec; s != nil; s = s.inherited() {
		k, found := slices.BinarySearchFunc(s.longs, name, func(l longName, n string) int { return strings.Compare(l.name, n) })
		if found {
			return &s.Options[s.longs[k].opt]
		}
	}
	return nil
}

// prefixed calls f with every option of s (and the specs it inherits
// from) that has a long name starting with prefix.
func (p *parser) prefixed(prefix string, f func(*Option)) {
	for s := p.spec; s != nil; s = s.inherited() {
		k, _ := slices.BinarySearchFunc(s.longs, prefix, func(l longName, n string) int { return strings.Compare(l.name, n) })
		for ; k < len(s.longs) && strings.HasPrefix(s.longs[k].name, prefix); k++ {
			f(&s.Options[s.longs[k].opt])
		}
	}
}

// unknownLong records a long option the model does not know, or an
// ambiguous abbreviation.
func (p *parser) unknownLong(i int, name string, ambiguous bool) {
	if o := p.risky(name); o != nil && !p.spec.Syntax.Abbrev { // with Abbrev, findLong has weighed every abbreviation
		// Read as that option, its value unread: what it runs is not known.
		p.unknown(i, "an option the model does not know: --"+name)
		p.find(EffComputed, i, "--"+name+" may be an abbreviation of "+o.name()+" ("+o.Why+"), whose value is not read", "")
		return
	}
	if p.spec.Open {
		p.r.Words[i] = KindOption
		p.mayTakeValue(i)
		return
	}
	if ambiguous {
		p.unknownOption(i, "an ambiguous abbreviation: --"+name)
		return
	}
	p.unknownOption(i, "an option the model does not know: --"+name)
}

// findLong finds the long option name stands for: an exact name, a
// negation (--no-NAME, where the syntax has them), or an unambiguous
// abbreviation. It returns the option, whether it was negated, and
// whether the name was an ambiguous abbreviation.
func (p *parser) findLong(name string) (*Option, bool, bool) {
	if o := p.exactLong(name); o != nil {
		return o, false, false
	}
	syn := p.spec.Syntax
	neg := syn.Negate && strings.HasPrefix(name, "no-")
	if neg {
		if o := p.exactLong(name[3:]); o != nil {
			return o, true, false
		}
	}
	if !syn.Abbrev {
		return nil, false, false
	}
	var first, cand *Option
	candNeg, n, alike := false, 0, true
	note := func(o *Option, isNeg bool) {
		if n == 0 || cand != o || candNeg != isNeg {
			n++
			cand, candNeg = o, isNeg
			if first == nil {
				first = o
			}
			alike = alike && !isNeg && sameReading(first, o)
		}
	}
	p.prefixed(name, func(o *Option) { note(o, false) })
	if neg {
		p.prefixed(name[3:], func(o *Option) { note(o, true) })
	}
	if n == 1 || n > 1 && alike {
		// Options an abbreviation may stand for that read their value
		// alike are one to the engine (rake --exec: --execute,
		// --execute-print, --execute-continue all run Ruby code).
		return cand, candNeg, false
	}
	return nil, false, n > 1
}

// sameReading reports whether options a and b read their words the same
// way and do the same: an abbreviation of either is read as either.
func sameReading(a, b *Option) bool {
	plain := func(o *Option) bool {
		return o.Check == nil && len(o.More) == 0 && len(o.Until) == 0 && o.Operands == nil &&
			!o.Script && !o.Inert && !o.Placeholder && !o.Stops && !o.Chdir && !o.BuildFile && !o.Backup
	}
	return plain(a) && plain(b) && a.Arg == b.Arg && a.Role == b.Role && a.Lang == b.Lang && a.Effect == b.Effect
}

// Name is how the option is spelled in messages: its first long name,
// else its first letter.
func (o *Option) Name() string { return o.name() }

// ValueInNextWord reports whether the option word w (a long option
// without "=", or a short one alone, -r) takes the next word as its
// value in s, the model of the program it is given to: the reading of
// the program's options for a scan that does not parse them all (which
// word is an interpreter's script). A word the model does not know
// takes none.
func (s *Spec) ValueInNextWord(w string) bool {
	if s == nil || len(w) < 2 || w[0] != '-' || strings.IndexByte(w, '=') >= 0 {
		return false
	}
	p := parser{spec: s}
	var o *Option
	switch {
	case strings.HasPrefix(w, "--"):
		o, _, _ = p.findLong(w[2:])
	case len(w) == 2:
		o = p.findShort(w[1])
	case s.Syntax.SingleDash:
		o = p.exactLong(w[1:])
	}
	return o != nil && o.Arg == ArgRequired
}
