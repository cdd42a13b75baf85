package shell

import (
	"fmt"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/permengine/permengine/internal/pathtext"
	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
)

// IntegrityProblem scans the raw command text. It returns why the text
// cannot be shown faithfully to a person, or "".
func IntegrityProblem(cmd string) string {
	if len(cmd) > MaxCommandBytes {
		return fmt.Sprintf("the command is %d bytes, over the %d-byte bound", len(cmd), MaxCommandBytes)
	}
	if plainText(cmd) {
		return "" // (the quoting state below matters only for a character past ASCII)
	}
	var q quoteState
	for i := 0; i < len(cmd); {
		c := cmd[i]
		if c < utf8.RuneSelf {
			if c < 0x20 && c != '\t' && c != '\n' || c == 0x7f {
				return fmt.Sprintf("control character %U at byte %d: what a person reads would not be what runs", rune(c), i)
			}
			q.step(cmd, i)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(cmd[i:])
		if r == utf8.RuneError && size == 1 {
			return fmt.Sprintf("invalid UTF-8 at byte %d", i)
		}
		if hiddenRune(r) {
			return fmt.Sprintf("invisible or direction-changing character %U at byte %d: what a person reads would not be what runs", r, i)
		}
		if otherSpace(r) && q.bare() {
			return fmt.Sprintf("the space %U at byte %d is not a blank to bash: what reads as two words is one, and what a person reads would not be what runs", r, i)
		}
		q.esc = false
		i += size
	}
	return ""
}

// quoteState follows quotes and comments well enough to tell text that is
// data (inside quotes, a comment) from text bash splits into words.
type quoteState struct {
	quote   byte // '\'', '"' or 0
	esc     bool // the last byte was a backslash that escapes the next
	comment bool
}

// step reads the ASCII byte at cmd[i].
func (q *quoteState) step(cmd string, i int) {
	c := cmd[i]
	switch {
	case q.comment:
		q.comment = c != '\n'
	case q.esc:
		q.esc = false
	case q.quote == '\'':
		if c == '\'' {
			q.quote = 0
		}
	case c == '\\':
		q.esc = true
	case q.quote == '"':
		if c == '"' {
			q.quote = 0
		}
	case c == '\'' || c == '"':
		q.quote = c
	case c == '#' && (i == 0 || strings.IndexByte(" \t\n;&|()", cmd[i-1]) >= 0):
		q.comment = true
	}
}

// bare reports text outside quotes and comments.
func (q *quoteState) bare() bool { return q.quote == 0 && !q.comment }

// otherSpace reports the spaces bash does not split words at (no-break,
// en, em, thin, ideographic, the blank braille pattern): outside quotes,
// rm<NBSP>-rf reads as two words and is one. Inside quotes they are the
// text's own (a Japanese or French message).
func otherSpace(r rune) bool {
	return r == 0x00a0 || r == 0x1680 || r >= 0x2000 && r <= 0x200a || r == 0x202f || r == 0x205f || r == 0x3000 || r == 0x2800
}

// hiddenRune reports the characters that change how text is displayed
// without being seen: C1 controls, bidirectional controls, zero-width and
// other format characters, tag characters.
func hiddenRune(r rune) bool {
	switch {
	case r >= 0x80 && r <= 0x9f: // C1 controls
		return true
	case r == 0x00ad, r == 0x034f, r == 0x061c, r == 0x115f, r == 0x1160, r == 0x17b4, r == 0x17b5,
		r == 0x180e, r == 0x3164, r == 0xffa0, r == 0xfeff:
		return true
	case r >= 0x200b && r <= 0x200f: // zero-width, LRM, RLM
		return true
	case r >= 0x2028 && r <= 0x202e: // line/paragraph separators, bidi embeddings and overrides
		return true
	case r >= 0x2060 && r <= 0x206f: // word joiner, invisible operators, bidi isolates
		return true
	case r >= 0xfe00 && r <= 0xfe0f, r >= 0xe0100 && r <= 0xe01ef: // variation selectors
		return true
	case r >= 0xe0000 && r <= 0xe007f: // tag characters
		return true
	case r >= 0xfff9 && r <= 0xfffb: // interlinear annotation
		return true
	}
	return false
}

// ComputedProgram returns the program word of one of the segment's views
// that is only known at run time, or "". Leading assignments are not the
// program: "X=$(git rev-parse HEAD)" alone runs no program but its
// substitution, which is a segment of its own.
func (s *Segment) ComputedProgram() string {
	for _, v := range s.Views {
		if p := programs.FirstVerb(v); p != "" && (ComputedVerb(p) || processProgram(p, s.Dirs)) {
			return p
		}
	}
	if s.Carried && len(s.Words) > 0 && argmodel.RemotePackage(s.Words[0], false) {
		return s.Words[0] // npx github:owner/repo, npx owner/repo: fetched from a git repository
	}
	return ""
}

// plainText reports text of printable ASCII, tabs and newlines only:
// IntegrityProblem finds nothing in it.
func plainText(t string) bool {
	for i := 0; i < len(t); i++ {
		if c := t[i]; c < 0x20 && c != '\t' && c != '\n' || c >= 0x7f {
			return false
		}
	}
	return true
}

// processProgram reports a program named by a URL, or through /proc or a
// descriptor
// (/proc/self/exe is the shell itself, /proc/PID/exe another process's
// program, /proc/self/fd/3, /dev/fd/3 and /dev/stderr whatever file is
// open there,
// /proc/self/root/… and /proc/self/cwd/… a directory only the process
// knows): what runs is chosen by the process at run time, not by its
// name. A relative name counts from a directory under /proc or /dev/fd
// (cd /proc/self && ./exe).
func processProgram(p string, dirs []string) bool {
	if strings.IndexByte(p, '/') < 0 {
		return false
	}
	if strings.Contains(p, "://") {
		return true // a URL: uv run https://…/x.py runs what the server sends
	}
	if path.IsAbs(p) {
		return processPath(path.Clean(p))
	}
	for _, d := range dirs {
		if path.IsAbs(d) && processPath(pathtext.Join(d, p)) {
			return true
		}
	}
	return false
}

func processPath(c string) bool {
	// Under /dev a name is a device or a descriptor (/dev/stderr is fd 2,
	// which 2</usr/bin/git opens on git): no program of its own.
	return c == "/proc" || strings.HasPrefix(c, "/proc/") || c == "/dev" || strings.HasPrefix(c, "/dev/")
}

// ComputedVerb reports a program name that is only known at run time: it
// holds an expansion or a glob, an extended one among them (@(sudo),
// +(x), !(x)). "[" and "[[" alone are the test commands.
func ComputedVerb(v string) bool {
	bracket := false
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '$', '`', '*', '?':
			return true
		case '@', '+', '!':
			if i+1 < len(v) && v[i+1] == '(' {
				return true
			}
		case '[':
			bracket = true
		case ']':
			if bracket {
				return true
			}
		}
	}
	return false
}
