package programs

import "strings"

// Links: programs that make a second name for a file or directory. The
// path checks read names lexically, so a link made to a directory that
// holds a protected path (.git, which holds hooks) lets a later command
// reach that path by a name that does not show it. The words such a
// program links are checked for that (paths.Checker.LinkProblem).

// linkers are the programs that make links, and how to tell that a
// command of theirs does: ln always (a hard link to a file is a link
// too), cp only with -s/--symbolic-link or -l/--link, which make links
// instead of copies (cp -rs .git g makes g/config a link to .git/config).
var linkers = map[string]func(v []string) bool{
	"ln":  func([]string) bool { return true },
	"gln": func([]string) bool { return true },
	"cp":  cpLinks,
	"gcp": cpLinks,
}

// cpLinks reports a cp command with an option that makes links: a short
// cluster holding s or l, or an abbreviation of --symbolic-link or --link.
func cpLinks(v []string) bool {
	for _, w := range v[1:] {
		switch {
		case w == "--":
			return false
		case strings.HasPrefix(w, "--"):
			name, _, _ := strings.Cut(w[2:], "=")
			if len(name) >= 2 && (strings.HasPrefix("symbolic-link", name) || strings.HasPrefix("link", name)) {
				return true
			}
		case len(w) > 1 && w[0] == '-' && strings.ContainsAny(w[1:], "sl"):
			return true
		}
	}
	return false
}

// LinkWords calls fn with the index of every word of v, a segment's
// literal words, that a link it makes may point to or be named by: the
// words after the program that are not options (an option's separate
// value included, which costs nothing to check). It does nothing for a
// view that makes no link.
func LinkWords(v []string, fn func(i int)) {
	if len(v) < 2 {
		return
	}
	makes := linkers[BaseName(v[0])]
	if makes == nil || !makes(v) {
		return
	}
	opts := true
	for i := 1; i < len(v); i++ {
		w := v[i]
		if opts && w == "--" {
			opts = false
			continue
		}
		if opts && len(w) > 1 && w[0] == '-' {
			continue
		}
		fn(i)
	}
}
