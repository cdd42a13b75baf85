package programs

import (
	"strings"
)

// External effect and privilege, read through the program models, and the
// host's extra rows. A segment that has either is never auto-approved,
// whatever the configuration: the cap ignores auto mode.

// Reach is what a command reaches beyond the project: an external
// effect (a push, a deploy, a publish) or another user's privileges.
type Reach struct {
	Privileged bool   // runs as another user; otherwise an external effect
	Why        string // in words, for the reason
	Instead    string // the typed action to propose instead, if any
}

// ExternalEffect checks one view of a segment (its program first, with the
// program's catalog bits) through the program's model, then against the
// host's extra rows, taking every word's text as it is written (as in a
// rule, or words whose flags are unknown: the safe reading).
func ExternalEffect(v []string, bits Bits, extra [][]string) (Reach, bool) {
	if bits&Effect != 0 {
		if j, ok := Judge(v, nil, 0); ok && j.Reaches {
			return j.Reach, true
		}
	}
	return ExtraEffect(v, extra)
}

// ExtraEffect checks one view against the host's extra rows: a row's
// words after the program are found among the first words that are not
// options (shipit --now prod).
func ExtraEffect(v []string, extra [][]string) (Reach, bool) {
	for _, e := range extra {
		if len(e) > 0 && len(v) > 0 && e[0] == v[0] && toolSubMatch(v[1:], e[1:]) {
			return Reach{Why: strings.Join(e, " ") + " has an effect outside the machine (host table)"}, true
		}
	}
	return Reach{}, false
}

// toolSubMatch finds sub among the first non-option words of args,
// starting at the first or second one: options and their values may come
// before the subcommand (kubectl -n prod apply, helm --kube-context x
// upgrade).
func toolSubMatch(args, sub []string) bool {
	if len(sub) == 0 {
		return true
	}
	var nonOpt [4]string
	n := 0
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		nonOpt[n] = a
		n++
		if n == len(nonOpt) {
			break
		}
	}
	for start := 0; start < 2 && start+len(sub) <= n; start++ {
		ok := true
		for i, s := range sub {
			if nonOpt[start+i] != s {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// IsPrivileged reports a program that runs something as another user.
func IsPrivileged(v string) bool { return BitsOf(v)&Privileged != 0 }
