package paths

import (
	"path"
	"strings"
	"sync"

	"github.com/permengine/permengine/internal/shell"
)

// wildFlags are the word flags of a word that bash still expands.
const wildFlags = shell.WordGlob | shell.WordExpands | shell.WordBrace

// word is Problem for one word or one value after '='.
func (pc *Checker) word(w string, flags uint8, dirs []string) string {
	wild := flags&wildFlags != 0
	if pc.windows {
		nw, anyName, device := windowsName(w)
		if device {
			return "a Windows device name (" + w + ")"
		}
		w, wild = nw, wild || anyName
	}
	if !wild || bareExpansion(w) {
		return pc.one(w, dirs)
	}
	return pc.pattern(w, wordPattern{
		glob:    flags&shell.WordGlob != 0,
		expands: flags&shell.WordExpands != 0,
		brace:   flags&shell.WordBrace != 0,
	}, dirs)
}

// bareExpansion reports a word that is one expansion and nothing else
// ("$f", "${f}", "$(cmd)"): an unknown path, which the path scope judges,
// not a pattern.
func bareExpansion(w string) bool {
	return w != "" && (w[0] == '$' || w[0] == '`') && expansionEnd(w, 0) == len(w)
}

// pattern returns the protected pattern or policy file that some
// expansion of w, read from any of dirs, may name.
func (pc *Checker) pattern(w string, wp wordPattern, dirs []string) string {
	// With the default patterns, only a path with a component starting
	// with '.' can match, and a wildcard never starts one: the word must
	// hold a '.' (or a name that may be anything).
	if pc.patternSet().dotOnly && !pc.baseNoDot && !pc.dirsDot(dirs) &&
		strings.IndexByte(w, '.') < 0 && strings.IndexByte(w, anyComponent) < 0 {
		return ""
	}
	var room [shell.MaxDirs + 1]string
	for _, prefix := range pc.prefixes(w, dirs, room[:0]) {
		text := prefix + w
		if !wp.brace && strings.Contains(text, "..") {
			text = path.Clean(text)
		}
		word := compileWord("", strings.ToLower(text), wp)
		if hit := pc.meets(word); hit != "" {
			return hit
		}
	}
	return ""
}

// prefixes are the directories (with a trailing '/') a word is read from.
func (pc *Checker) prefixes(w string, dirs, out []string) []string {
	switch {
	case w[0] == '/':
		return append(out, "")
	case w[0] == '~' || w[0] == '$' || w[0] == '`':
		return append(out, "/") // somewhere unknown: read as if absolute
	}
	for _, d := range dirs {
		if len(out) == cap(out) {
			break
		}
		if d == "" || d == "/" {
			out = append(out, "/")
		} else {
			out = append(out, d+"/")
		}
	}
	return out
}

// meets returns the protected pattern or policy file the compiled word
// may name.
func (pc *Checker) meets(word *nfa) string {
	for i, p := range pc.patternSet().nfas {
		if intersects(word, p) {
			return "protected path " + pc.patternSet().patterns[i]
		}
	}
	if intersects(word, policyNames()) {
		return "a policy file (" + PolicyFileName + ")"
	}
	for _, f := range pc.files {
		if intersects(word, compileGlob(escapeGlob(strings.ToLower(f)))) {
			return "the policy file " + f
		}
	}
	return ""
}

// policyNames matches every policy file by its name, wherever it is.
var policyNames = sync.OnceValue(func() *nfa { return compileGlob("**/" + PolicyFileName) })

// escapeGlob escapes the glob syntax of a literal path.
func escapeGlob(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		if strings.IndexByte(`*?[]{}\`, p[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(p[i])
	}
	return b.String()
}
