package permengine

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/paths"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/strtable"
)

// Lists are the three lists of one permissions.json source, as plain rule
// strings. File names the source in reasons ("" for none).
type Lists struct {
	File  string
	Allow []string
	Ask   []string
	Deny  []string
}

// Policy is a compiled, immutable set of rules from one or more sources,
// with the host's extensions. It is safe for concurrent use. The zero
// Policy and a nil *Policy hold no rules (only the built-in floor).
type Policy struct {
	rules [3][]*CompiledRule // by list, in source order across layers
	// Terminal rules with content, in one trie of their words for the
	// three lists: matching walks the command's words, never the rules, so
	// a decision costs the same with 10 rules or 10,000.
	trie *trieNode
	// Terminal() with empty content, per list.
	matchAll [3][]*CompiledRule
	// Non-terminal rules by type, per list.
	byType [3][numActionTypes][]*CompiledRule

	// denyAskVerbs are the first words (and stems) of Terminal deny and ask
	// rules, for the scan of unknown programs' arguments.
	denyAskVerbs map[string]bool
	// denyAskLongest is the length of the longest of them: the scan for
	// a stem in a word goes no further.
	denyAskLongest int
	// denyAskLongs are the long options (--hard) that Terminal deny and
	// ask rules name, sorted: a command's abbreviation of one (--har) is
	// read as it.
	denyAskLongs []string
	// denyAskWords are, per first word of a Terminal deny or ask rule, the
	// other words its rules name that are not options (git clean: clean);
	// denyAskOpts marks a first word one of whose rules names only
	// options after it (rm -rf). A view's rule reading can find a rule
	// only when it holds one of those words, or the rules name only
	// options.
	denyAskWords map[string]map[string]bool
	// ruleNames are the names deny and ask rules know their programs by
	// (programs.RuleName: python3 is python): a command's program read
	// under its own such name is matched again (matchRuleNames).
	ruleNames   map[string]bool
	denyAskOpts map[string]optSpellings
	denyAskAll  bool // a Terminal() deny or ask rule exists
	// optRules are the deny and ask rules that name short options, by
	// program, matched with their options in any order (optionorder.go).
	optRules map[string][]optRule

	ext Extensions
	// branches are the host's protected branches, compiled.
	branches []branchPattern
	// prot holds the protected paths, the files the rules came from among
	// them (protected from edits).
	prot *paths.Protected
}

// Extensions are what a host may add to the built-in tables. It can add
// and never remove.
type Extensions struct {
	// ProtectedBranches are more git_merge destinations that are always
	// capped, besides dev, qa, rc, main and master: names or globs
	// ("release/*"; github.com/gobwas/glob syntax, '/' as separator),
	// compared without case and without a leading refs/heads/.
	ProtectedBranches []string
	// ProtectedPaths are more glob patterns (github.com/gobwas/glob syntax,
	// '/' as separator) for paths that are capped even in auto mode.
	ProtectedPaths []string
	// ExternalEffect are more command prefixes (as words) with external
	// effect, e.g. {"fly", "deploy"}.
	ExternalEffect [][]string
	// WindowsPaths says the agent's commands run on Windows (Git Bash,
	// MSYS, Cygwin): a path then also has Windows' other spellings — "\"
	// as a separator, a ":stream" suffix, trailing dots and spaces, 8.3
	// short names such as GIT~1 — and device names (CON, AUX, COM1, …),
	// and the protected paths are matched in all of them.
	WindowsPaths bool
}

// Compile builds a Policy from plain lists (one per layer, lowest first).
// Every rule must parse; the error lists every bad rule.
func Compile(layers ...Lists) (*Policy, error) {
	var srcs []sourceRules
	var errs []error
	for _, l := range layers {
		var sr sourceRules
		sr.file = l.File
		for li, list := range [3][]string{ListDeny: l.Deny, ListAsk: l.Ask, ListAllow: l.Allow} {
			for i, text := range list {
				r, err := ParseRule(text)
				src := Source{File: l.File, List: List(li), Index: i}
				if err != nil {
					errs = append(errs, fmt.Errorf("%s: %w", src, err))
					continue
				}
				r.Source = src
				sr.rules = append(sr.rules, r)
			}
		}
		srcs = append(srcs, sr)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	return build(srcs, Extensions{})
}

// MustCompile is Compile that panics on error, for tests and examples with
// fixed rules.
func MustCompile(layers ...Lists) *Policy {
	p, err := Compile(layers...)
	if err != nil {
		panic(err)
	}
	return p
}

// sourceRules are the parsed rules of one source.
type sourceRules struct {
	file  string
	rules []*CompiledRule
}

func build(srcs []sourceRules, ext Extensions) (*Policy, error) {
	p := &Policy{ext: ext}
	var files []string
	order := 0
	for _, s := range srcs {
		if s.file != "" {
			// Protected by its absolute path: commands name files from
			// their working directory, not from where the host loaded it.
			f := s.file
			if abs, err := filepath.Abs(f); err == nil {
				f = abs
			}
			files = append(files, f)
		}
		for _, r := range s.rules {
			r.order = order
			order++
			p.add(r)
		}
	}
	if p.trie != nil {
		p.trie.freeze()
	}
	prot, err := paths.NewProtected(files, ext.ProtectedPaths, ext.WindowsPaths)
	if err != nil {
		return nil, err
	}
	p.prot = prot
	return p, nil
}

func (p *Policy) add(r *CompiledRule) {
	r.finish()
	l := r.Source.List
	if l != ListAllow && r.Type == Terminal {
		if !r.Content {
			p.denyAskAll = true
		} else {
			if p.denyAskVerbs == nil {
				p.denyAskVerbs = map[string]bool{}
			}
			p.denyAskVerbs[r.Words[0]] = true
			if p.ruleNames == nil {
				p.ruleNames = map[string]bool{}
			}
			p.ruleNames[programs.RuleName(r.Words[0])] = true
			p.denyAskLongest = max(p.denyAskLongest, len(r.Words[0]))
			// A rule is read as written and by its rule reading (rm
			// --recursive is rm -r): both find the commands it names.
			readings := [][]string{r.Words}
			if read, ok := programs.RuleWords(r.Words); ok {
				readings = append(readings, read)
			}
			for _, words := range readings[:len(readings):len(readings)] {
				readings = append(readings, programs.RuleAliases(words)...)
			}
			for _, words := range readings {
				p.addDenyAskWords(words)
				if o, ok := newOptRule(r, words); ok {
					if p.optRules == nil {
						p.optRules = map[string][]optRule{}
					}
					p.optRules[o.verb] = append(p.optRules[o.verb], o)
				}
				if p.trie == nil {
					p.trie = &trieNode{}
				}
				if len(words) > 0 && &words[0] != &r.Words[0] {
					p.trie.insert(words, r)
				}
			}
		}
	}
	p.rules[l] = append(p.rules[l], r)
	switch {
	case r.Type != Terminal:
		p.byType[l][r.Type] = append(p.byType[l][r.Type], r)
	case !r.Content:
		p.matchAll[l] = append(p.matchAll[l], r)
	default:
		if p.trie == nil {
			p.trie = &trieNode{}
		}
		p.trie.insert(r.Words, r)
	}
}

// WithExtensions returns a copy of p that also applies the host's
// extensions. The pattern syntax of ProtectedPaths and ProtectedBranches
// is checked here.
func (p *Policy) WithExtensions(ext Extensions) (*Policy, error) {
	if p == nil {
		p = &Policy{}
	}
	prot, err := paths.NewProtected(p.Files(), ext.ProtectedPaths, ext.WindowsPaths)
	if err != nil {
		return nil, err
	}
	branches, err := compileBranches(ext.ProtectedBranches)
	if err != nil {
		return nil, err
	}
	q := *p
	q.branches = branches
	q.ext = Extensions{
		ProtectedBranches: append([]string(nil), ext.ProtectedBranches...),
		ProtectedPaths:    append([]string(nil), ext.ProtectedPaths...),
		WindowsPaths:      ext.WindowsPaths,
	}
	for _, e := range ext.ExternalEffect {
		q.ext.ExternalEffect = append(q.ext.ExternalEffect, append([]string(nil), e...))
	}
	q.prot = prot
	return &q, nil
}

// Rules returns the compiled rules of one list, in source order. The
// returned slice must not be modified.
func (p *Policy) Rules(l List) []*CompiledRule {
	if p == nil || l > ListAllow {
		return nil
	}
	return p.rules[l]
}

// Files returns the files the policy was loaded from.
func (p *Policy) Files() []string {
	if p == nil || p.prot == nil {
		return nil
	}
	return p.prot.Files()
}

// Len returns the number of rules.
func (p *Policy) Len() int {
	if p == nil {
		return 0
	}
	return len(p.rules[0]) + len(p.rules[1]) + len(p.rules[2])
}

// matchAllLists returns, for each list, the first rule that matches words,
// and the steps the trie took (a step per word and per stem looked up).
func (p *Policy) matchAllLists(words []string) ([3]*CompiledRule, int) {
	if len(words) == 0 {
		return [3]*CompiledRule{}, 1
	}
	return p.matchAs(words[0], words)
}

// matchAs is matchAllLists for words whose first word reads as first: an
// unknown program's argument with its directory removed is matched where
// it stands, without a copy of the words after it.
func (p *Policy) matchAs(first string, words []string) ([3]*CompiledRule, int) {
	var best [3]*CompiledRule
	if p == nil || len(words) == 0 {
		return best, 1
	}
	for l := range best {
		if len(p.matchAll[l]) > 0 {
			best[l] = p.matchAll[l][0]
		}
	}
	steps := 1
	if p.trie != nil {
		steps += p.trie.match(first, words, &best)
	}
	return best, steps
}

// trieNode is one word of the rule trie.
type trieNode struct {
	// children holds the next words while the policy is built; freeze
	// moves them to kids, which the decisions read.
	children map[string]*trieNode
	kids     strtable.Table[*trieNode]
	plain    [3]*CompiledRule // per list, the first rule whose words end here exactly
	wild     [3]*CompiledRule // per list, the first rule whose last word is this word as a stem (word:*)
	// sub is, per list, the first rule here or below; optSub the first
	// rule below that only option words lead to (rm -> -rf). A word
	// computed at run time may be any of them (see computedVerdict).
	sub    [3]*CompiledRule
	optSub [3]*CompiledRule
}

func (n *trieNode) insert(words []string, r *CompiledRule) {
	for _, w := range words {
		if n.children == nil {
			n.children = map[string]*trieNode{}
		}
		c := n.children[w]
		if c == nil {
			c = &trieNode{}
			n.children[w] = c
		}
		n = c
	}
	l := r.Source.List
	if r.Wildcard {
		if n.wild[l] == nil || r.order < n.wild[l].order {
			n.wild[l] = r
		}
	} else if n.plain[l] == nil || r.order < n.plain[l].order {
		n.plain[l] = r
	}
}

// freeze moves every node's children into its lookup table, once the
// policy is built; the trie is read-only from then on.
func (n *trieNode) freeze() {
	consider(&n.sub, &n.plain)
	consider(&n.sub, &n.wild)
	for w, c := range n.children {
		c.freeze()
		consider(&n.sub, &c.sub)
		if isOptionWord(w) {
			consider(&n.optSub, &c.plain)
			consider(&n.optSub, &c.wild)
			consider(&n.optSub, &c.optSub)
		}
	}
	n.kids = strtable.New(n.children)
	n.children = nil
}

// consider keeps, per list, the rule that comes first in source order.
func consider(best *[3]*CompiledRule, rs *[3]*CompiledRule) {
	for l, r := range rs {
		if r != nil && (best[l] == nil || r.order < best[l].order) {
			best[l] = r
		}
	}
}

// match walks the command's words (the first read as first) down the trie
// and records, per list, the first rule (by source order) that matches by
// token prefix.
// It returns the steps taken: one per word, and one per stem looked up.
// No stem is longer than the longest word of the level, so a word is read
// no further than that: a long word costs what a short one does.
func (n *trieNode) match(first string, words []string, best *[3]*CompiledRule) int {
	steps := 0
	for i, w := range words {
		if i == 0 {
			w = first
		}
		if n.kids.Empty() {
			return steps
		}
		steps++
		// A stem matches the word itself or the word up to a ':'
		// (test:* matches test and test:unit).
		for k := 0; k < len(w) && k <= n.kids.MaxLen(); k++ {
			if w[k] == ':' {
				steps++
				if c, _ := n.kids.Get(w[:k]); c != nil {
					wild := c.wild
					for l := range wild {
						if wild[l] != nil && !wildcardReaches(List(l), w[k:]) {
							wild[l] = nil
						}
					}
					consider(best, &wild)
				}
			}
		}
		c, _ := n.kids.Get(w)
		if c == nil {
			return steps
		}
		consider(best, &c.plain)
		consider(best, &c.wild)
		n = c
	}
	return steps
}

// isOptionWord reports a word that is an option: a dash and more.
func isOptionWord(w string) bool { return len(w) > 1 && w[0] == '-' }

// walk follows words down the trie, each word exactly, and returns the
// node of the last one (nil when one has no node), calling at for every
// node on the way.
func (n *trieNode) walk(words []string, at func(*trieNode)) *trieNode {
	for _, w := range words {
		if n.kids.Empty() {
			return nil
		}
		if n, _ = n.kids.Get(w); n == nil {
			return nil
		}
		if at != nil {
			at(n)
		}
	}
	return n
}

// hasDenyAsk reports whether any Terminal deny or ask rule exists.
func (p *Policy) hasDenyAsk() bool {
	return p != nil && (p.denyAskAll || len(p.denyAskVerbs) > 0)
}

// addDenyAskWords records the words of a Terminal deny or ask rule that
// its rule readings look for (see denyAskWords, denyAskLongs).
func (p *Policy) addDenyAskWords(words []string) {
	verb, optsOnly := words[0], len(words) > 1
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "-") {
			if len(w) > 3 && strings.HasPrefix(w, "--") && !strings.Contains(w, "=") {
				if i, found := slices.BinarySearch(p.denyAskLongs, w); !found {
					p.denyAskLongs = slices.Insert(p.denyAskLongs, i, w)
				}
			}
			continue
		}
		optsOnly = false
		p.addDenyAskWord(verb, w)
	}
	if optsOnly {
		if p.denyAskOpts == nil {
			p.denyAskOpts = map[string]optSpellings{}
		}
		sp := p.denyAskOpts[verb]
		var letters string
		for _, w := range words[1:] {
			if !strings.HasPrefix(w, "--") {
				letters += w[1:]
			}
		}
		all := programs.OptionAliases(verb, letters)
		for i := 0; i < len(all); i++ {
			if b := optBit(all[i]); strings.IndexByte(letters, all[i]) < 0 {
				sp.others |= b
			}
		}
		sp.set = true
		p.denyAskOpts[verb] = sp
	}
}

// optSpellings are the spellings that a rule reading may turn into the
// options of rules that name only options: the other letters of the
// same options (rm -R for -r); any long option may be one of them.
type optSpellings struct {
	set    bool
	others uint64
}

// mayRespell reports whether option word w may be read as a rule's
// option: a long option (of the program's or an abbreviation), or a
// cluster holding another letter of a rule's option.
func (o optSpellings) mayRespell(w string) bool {
	if strings.HasPrefix(w, "--") {
		return true
	}
	for i := 1; i < len(w); i++ {
		if o.others&optBit(w[i]) != 0 {
			return true
		}
	}
	return false
}

// addDenyAskWord records a word that a deny or ask rule of verb names.
func (p *Policy) addDenyAskWord(verb, w string) {
	if p.denyAskWords == nil {
		p.denyAskWords = map[string]map[string]bool{}
	}
	if p.denyAskWords[verb] == nil {
		p.denyAskWords[verb] = map[string]bool{}
	}
	p.denyAskWords[verb][w] = true
}

// ruleReadingMatters reports whether the rule reading of view v (its
// program a deny or ask rule's first word) may find a rule its words as
// written do not: a word with an expansion, an abbreviation of a long
// option a rule names, or an option word with a rule that names only
// options or one of v's other words.
func (p *Policy) ruleReadingMatters(v []string, flags []uint8, expands uint8) bool {
	opt := false
	for i := range v {
		if i < len(flags) && flags[i]&expands != 0 {
			return true
		}
		opt = opt || i > 0 && len(v[i]) > 1 && (v[i][0] == '-' || v[i][0] == '+' || strings.IndexByte(v[i], '/') >= 0) // (cargo +nightly run)
	}
	words, only := p.denyAskWords[v[0]], p.denyAskOpts[v[0]]
	if !opt {
		// A subcommand's other name (npm rum for run) is read as its own.
		if len(words) == 0 || len(v) < 2 || words[v[1]] {
			return false
		}
		if len(v) > 2 && slices.ContainsFunc(v[2:], func(w string) bool { return words[w] }) && programs.HasGoals(v[0]) {
			return true // make X=1 deploy, make test deploy: each goal is read alone
		}
		name := programs.SubName(v[0], v[1])
		return name != "" && name != v[1] && words[name]
	}
	named, first := false, true
	for _, w := range v[1:] {
		if len(w) > 1 && w[0] == '+' {
			continue // a toolchain (cargo +nightly), read as an option by the program's model
		}
		if len(w) < 2 || w[0] != '-' {
			named = named || words[w] || strings.IndexByte(w, '/') >= 0 && words[programs.TidyPath(w)] // .//x, a/../x
			if first && !named && len(words) > 0 {
				// npm i -D x: the subcommand's other name or
				// abbreviation, with options as without them.
				name := programs.SubName(v[0], w)
				named = name != "" && name != w && words[name]
			}
			first = false
			continue
		}
		if len(w) > 3 && w[1] == '-' {
			if j, found := slices.BinarySearch(p.denyAskLongs, w); !found && j < len(p.denyAskLongs) && strings.HasPrefix(p.denyAskLongs[j], w) {
				return true
			}
		}
		if only.set && only.mayRespell(w) {
			return true
		}
	}
	return named
}

// expandAbbreviations replaces, in words, every abbreviation of a long
// option that a deny or ask rule names (--har for --hard: GNU and git
// programs take any unambiguous prefix) by the option, in place, and
// reports whether it replaced one.
func (p *Policy) expandAbbreviations(words []string) (changed bool) {
	if len(p.denyAskLongs) == 0 {
		return false
	}
	for i, w := range words {
		if len(w) < 4 || !strings.HasPrefix(w, "--") || strings.Contains(w, "=") {
			continue
		}
		if j, found := slices.BinarySearch(p.denyAskLongs, w); !found && j < len(p.denyAskLongs) && strings.HasPrefix(p.denyAskLongs[j], w) {
			words[i], changed = p.denyAskLongs[j], true
		}
	}
	return changed
}

// mayStartDenyAsk reports whether a word could be the first word of a
// Terminal deny or ask rule.
func (p *Policy) mayStartDenyAsk(w string) bool {
	if p.denyAskVerbs[w] || p.denyAskVerbs[programs.BaseName(w)] {
		return true
	}
	for i := 0; i < len(w) && i <= p.denyAskLongest; i++ {
		if w[i] == ':' && p.denyAskVerbs[w[:i]] {
			return true
		}
	}
	return false
}

// matchType returns the first non-terminal rule of list l for type t.
func (p *Policy) matchType(l List, t ActionType) *CompiledRule {
	if p == nil {
		return nil
	}
	for _, r := range p.byType[l][t] {
		if !r.Content {
			return r
		}
	}
	return nil
}

// builtinDeny are the three built-in deny rules of the floor.
var builtinDeny = func() []*CompiledRule {
	var out []*CompiledRule
	for i, t := range []string{"Terminal(rm -rf /)", "Terminal(rm -rf /*)", "Terminal(rm -fr /)"} {
		r, err := ParseRule(t)
		if err != nil {
			panic(err)
		}
		r.Source = Source{File: builtinFile, List: ListDeny, Index: i}
		r.finish()
		out = append(out, r)
	}
	return out
}()

// BuiltinDeny returns the texts of the built-in deny rules.
func BuiltinDeny() []string {
	out := make([]string, len(builtinDeny))
	for i, r := range builtinDeny {
		out[i] = r.Text
	}
	return out
}

func trimRefsHeads(b string) string {
	return strings.TrimPrefix(strings.TrimSpace(b), "refs/heads/")
}

// rmRoot reports whether a view is rm, recursive, aimed at the root in any
// spelling (/, //, /., /*, /./*, /.., a glob or expansion naming every
// top-level directory: /?*, /[a-z]*, /*/, /${x}*), or, from a working
// directory that may be the root (dirs), a relative glob or expansion
// (cd / && rm -rf *). Force is not required: recursive removal of the
// root is refused either way (the safer reading).
func rmRoot(v, dirs []string) bool {
	if len(v) < 2 || v[0] != "rm" {
		return false
	}
	recursive, root := false, false
	opts := true
	for _, w := range v[1:] {
		if opts && w == "--" {
			opts = false
			continue
		}
		if opts && len(w) > 1 && w[0] == '-' {
			if strings.HasPrefix(w, "--") {
				if len(w) >= 5 && strings.HasPrefix("--recursive", w) || w == "--no-preserve-root" {
					recursive = recursive || w != "--no-preserve-root"
				}
				continue
			}
			if strings.ContainsAny(w[1:], "rR") {
				recursive = true
			}
			continue
		}
		if isRootSpelling(w) || atRoot(dirs) && topPattern("/"+w) || isRootSpelling(afterEmptyExpansion(w)) {
			root = true
		}
	}
	return recursive && root
}

// afterEmptyExpansion returns what w is when the expansion it starts with
// is empty ("$X/*" is "/*" when X is unset: rm -rf "$STEAMROOT/"*), or ""
// when it does not start with one or the expansion refuses to be empty
// (${X:?}).
func afterEmptyExpansion(w string) string {
	w = strings.TrimPrefix(w, `"`)
	if !strings.HasPrefix(w, "$") {
		return ""
	}
	end := 1
	switch {
	case strings.HasPrefix(w, "${"):
		i := strings.IndexByte(w, '}')
		if i < 0 || strings.Contains(w[:i], ":?") {
			return ""
		}
		end = i + 1
	default:
		for end < len(w) && (w[end] == '_' || w[end] >= 'a' && w[end] <= 'z' || w[end] >= 'A' && w[end] <= 'Z' || w[end] >= '0' && w[end] <= '9') {
			end++
		}
	}
	return strings.ReplaceAll(w[end:], `"`, "")
}

// findRoot reports whether a view is find deleting (-delete) from the
// root in any of the spellings rmRoot takes.
func findRoot(v, dirs []string) bool {
	if len(v) < 3 || v[0] != "find" || !slices.Contains(v[1:], "-delete") {
		return false
	}
	for _, w := range v[1:] {
		if w != "" && (w[0] == '-' || w[0] == '(' || w[0] == '!') {
			break // the starting points come first
		}
		if isRootSpelling(w) || atRoot(dirs) && (w == "." || topPattern("/"+w)) {
			return true
		}
	}
	return false
}

// atRoot reports a working directory that may be the root. (An unknown
// one, after cd "$X", is not taken to be: the protected-path cap already
// refuses to approve what follows it.)
func atRoot(dirs []string) bool {
	for _, d := range dirs {
		if d == "/" {
			return true
		}
	}
	return false
}

// isRootSpelling reports whether w names the root or everything in it.
func isRootSpelling(w string) bool {
	if !strings.HasPrefix(w, "/") {
		return false
	}
	if topPattern(w) {
		return true
	}
	t := strings.TrimRight(w, "*")
	if t != w {
		// "/*", "/./*", "//**": a glob of everything under a directory.
		return path.Clean(t) == "/"
	}
	return path.Clean(w) == "/"
}

// topPattern reports an absolute word whose first component is a glob or
// an expansion: it may name every directory under the root (/?*,
// /[a-z]*, /*/, /$x, /${x}*).
func topPattern(w string) bool {
	c := strings.TrimLeft(path.Clean(w), "/")
	if i := strings.IndexByte(c, '/'); i >= 0 {
		c = c[:i]
	}
	return strings.ContainsAny(c, "*?[$`")
}
