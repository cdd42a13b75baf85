package permengine

import "strings"

// Deny and ask rules match generously, option order and clusters too: a
// rule that names short options (rm -rf, tar -xf, ls -la) matches a command
// that gives the same letters in any order, cluster or place, among
// others (rm -fr x, rm -r -f x, rm x -rf, rm -vfr x); a rule that names
// long options (git reset --hard, docker run --privileged) matches them
// anywhere among the command's options (git reset -q --hard, docker run
// --rm --privileged x). Which spellings are the same option is the
// program models' business (see programs.RuleView).

// optRule is a deny or ask rule read that way: its program, the set of
// short-option letters it names, and its other words in order.
type optRule struct {
	rule  *CompiledRule
	verb  string
	opts  uint64   // letters a-z, A-Z, 0-9 (see optBit)
	longs []string // its long options, in any order among the command's
	other []string // the words that are not options, after the program
}

// optBit returns the bit of an option letter, or 0 for another byte.
func optBit(c byte) uint64 {
	switch {
	case c >= 'a' && c <= 'z':
		return 1 << (c - 'a')
	case c >= 'A' && c <= 'Z':
		return 1 << (26 + c - 'A')
	case c >= '0' && c <= '9':
		return 1 << (52 + c - '0')
	}
	return 0
}

// shortCluster returns the letters of a word of short options (-rf), or
// 0 when the word is something else (a long option, --, an operand, a
// value attached after a letter that cannot be told from a letter).
func shortCluster(w string) uint64 {
	if len(w) < 2 || w[0] != '-' || w[1] == '-' {
		return 0
	}
	var set uint64
	for i := 1; i < len(w); i++ {
		b := optBit(w[i])
		if b == 0 {
			return 0
		}
		set |= b
	}
	return set
}

// readOptions splits words after the program into their short-option
// letters, their long options (--force, --exec=x) and the other words, in
// order (up to --, after which every word is an operand). other and longs
// are appended to buf and lbuf.
func readOptions(words []string, buf, lbuf []string) (opts uint64, other, longs []string) {
	other, longs = buf[:0], lbuf[:0]
	done := false
	for _, w := range words {
		if !done && w == "--" {
			done = true
			continue
		}
		if s := shortCluster(w); s != 0 && !done {
			opts |= s
			continue
		}
		if !done && len(w) > 2 && strings.HasPrefix(w, "--") {
			longs = append(longs, w)
			continue
		}
		other = append(other, w)
	}
	return opts, other, longs
}

// hasLong reports whether long option r of a rule is among longs: the
// same word, or, for a rule without a value, the same option with one
// (--exec=x for --exec).
func hasLong(longs []string, r string) bool {
	for _, l := range longs {
		if l == r || !strings.Contains(r, "=") && strings.HasPrefix(l, r) && len(l) > len(r) && l[len(r)] == '=' {
			return true
		}
	}
	return false
}

// newOptRule reads rule r, as the words given (its own or its rule
// reading), as an optRule; false when they name no option (the trie
// matches them as written).
func newOptRule(r *CompiledRule, all []string) (optRule, bool) {
	if len(all) < 2 {
		return optRule{}, false
	}
	words := all[1:]
	if r.Wildcard {
		// The stem of rm -rf:* is the option word itself.
		words = append(append([]string(nil), words[:len(words)-1]...), strings.TrimSuffix(words[len(words)-1], ":"))
	}
	opts, other, longs := readOptions(words, nil, nil)
	if opts == 0 && len(longs) == 0 {
		return optRule{}, false
	}
	return optRule{rule: r, verb: all[0], opts: opts, other: other, longs: longs}, true
}

// matches reports whether a command view's program, option letters and
// other words meet the rule: the same program, every letter of the rule
// among the view's, and the rule's other words a prefix of the view's.
func (o *optRule) matches(verb string, opts uint64, other, longs []string) bool {
	if verb != o.verb || opts&o.opts != o.opts || len(other) < len(o.other) {
		return false
	}
	for i, w := range o.other {
		if other[i] != w {
			return false
		}
	}
	for _, l := range o.longs {
		if !hasLong(longs, l) {
			return false
		}
	}
	return true
}
