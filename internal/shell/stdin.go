package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
	"mvdan.cc/sh/v3/syntax"
)

// A shell or interpreter with no program of its own reads its program
// from standard input. What is there decides what the engine can say: the
// literal text of a here-document or here-string is a nested script (for a
// shell) or code given as an argument (for another interpreter); a file is
// a script like any other; anything else (a pipe, the terminal, a
// redirection of an enclosing command) is a program computed at run time.

// StdinKind says where a segment's standard input comes from, as far as
// the segment itself says.
type StdinKind uint8

const (
	StdinInherited StdinKind = iota // none of its own: a pipe, an enclosing redirection, the terminal
	StdinText                       // a here-document or here-string
	StdinFile                       // a file
	StdinOther                      // another descriptor (<&3) or a process substitution: text the engine does not read
)

// Stdin is a segment's own standard input.
type Stdin struct {
	Kind StdinKind
	Text string // StdinText: the text; StdinFile: the file's name
	// Computed is true when the text or the file's name holds expansions.
	Computed bool
}

// IsStdinFile reports a file name that is the standard input itself
// (/dev/stdin, /dev/fd/0, -): programs.IsStdinFile.
func IsStdinFile(name string) bool { return programs.IsStdinFile(name) }

// stdinOf reads a simple command's redirections for its standard input:
// the last one on file descriptor 0 wins.
func (r *walker) stdinOf(redirs []*syntax.Redirect) Stdin {
	in := Stdin{}
	for _, rd := range redirs {
		if rd.N != nil && rd.N.Value != "0" {
			continue
		}
		switch rd.Op {
		case syntax.Hdoc, syntax.DashHdoc:
			in = Stdin{Kind: StdinText, Text: hdocText(r.src, rd)}
			in.Computed = !hdocQuoted(rd.Word) && strings.ContainsAny(in.Text, "$`")
		case syntax.WordHdoc:
			t, f := wordText(r.src, rd.Word)
			in = Stdin{Kind: StdinText, Text: t, Computed: f&WordExpands != 0}
		case syntax.RdrIn, syntax.RdrInOut:
			t, f := wordText(r.src, rd.Word)
			in = Stdin{Kind: StdinFile, Text: t, Computed: f&WordExpands != 0}
		case syntax.DplIn:
			in = Stdin{Kind: StdinInherited}
			if t, _ := wordText(r.src, rd.Word); t != "-" && t != "0" {
				in = Stdin{Kind: StdinOther, Text: t} // <&3: what descriptor 3 holds
			}
		}
	}
	return in
}

// hdocUnescape returns the body of an unquoted here-document as bash
// gives it: a backslash quotes only \\, $, ` and a newline, which it
// removes with itself (python3 <<EOF with ".git\\x2fconfig" runs
// ".git\x2fconfig").
func hdocUnescape(body string) string {
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == '\\' && i+1 < len(body) {
			switch body[i+1] {
			case '\\', '$', '`':
				b.WriteByte(body[i+1])
				i++
				continue
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(body[i])
	}
	return b.String()
}

// hdocText is the body of a here-document, tabs stripped for <<-.
func hdocText(src string, rd *syntax.Redirect) string {
	if rd.Hdoc == nil {
		return ""
	}
	body := nodeSource(src, rd.Hdoc)
	// The parser's node ends after the line that ends the document, which
	// is no text of it: bash <<'EOF' would otherwise run a command EOF.
	if delim, _ := wordText(src, rd.Word); delim != "" {
		last := body[strings.LastIndexByte(body, '\n')+1:]
		if rd.Op == syntax.DashHdoc {
			last = strings.TrimLeft(last, "\t")
		}
		if last == delim {
			body = body[:len(body)-len(body[strings.LastIndexByte(body, '\n')+1:])]
		}
	}
	if !hdocQuoted(rd.Word) && strings.IndexByte(body, '\\') >= 0 {
		body = hdocUnescape(body)
	}
	if rd.Op == syntax.DashHdoc {
		lines := strings.Split(body, "\n")
		for i, l := range lines {
			lines[i] = strings.TrimLeft(l, "\t")
		}
		body = strings.Join(lines, "\n")
	}
	return body
}

// hdocQuoted reports a quoted delimiter: the body is then not expanded.
func hdocQuoted(w *syntax.Word) bool {
	if w == nil {
		return false
	}
	for _, p := range w.Parts {
		if _, ok := p.(*syntax.Lit); !ok {
			return true
		}
		if strings.IndexByte(p.(*syntax.Lit).Value, '\\') >= 0 {
			return true
		}
	}
	return false
}

// stdinReader says how a view's program takes its program text.
type stdinReader uint8

const (
	readsNothing  stdinReader = iota // a script of its own, or none at all
	readsStdin                       // its program is its standard input
	readsComputed                    // a script named by a substitution or a file descriptor
)

// programSource says whether view v's program reads its program from
// standard input (programs.ProgramOf), or runs a script that is one.
func programSource(v []string) stdinReader {
	switch from, i := programs.ProgramOf(v); from {
	case programs.FromStdin:
		return readsStdin
	case programs.FromOperand:
		if programs.ReadsStdinToo(v) {
			return max(readsStdin, operandSource(v[i])) // python3 -i x.py: its input after the script
		}
		return operandSource(v[i])
	}
	return readsNothing
}

// codeFileSource judges the files that an option of view vi of segment s
// runs as code (programs.CodeFiles), as operandSource judges a script:
// bash --rcfile <(echo …) -i runs what the substitution prints, sed -nf
// /dev/stdin its input.
func codeFileSource(s *Segment, vi int) stdinReader {
	src := readsNothing
	v := s.Views[vi]
	if !slices.ContainsFunc(v[1:], mayNameStdin) {
		return src // no value operandSource judges, however the options read
	}
	programs.CodeFiles(v, s.ViewFlags(vi), WordExpands|WordGlob|WordBrace, func(text string, computed, module bool) {
		src = max(src, operandSource(text))
	})
	return src
}

// mayNameStdin reports a word that may hold a value operandSource does not
// judge as a plain file: standard input (-, /dev/stdin, attached as in
// -f- or --file=/dev/stdin), a descriptor or a process substitution.
func mayNameStdin(w string) bool {
	return strings.HasSuffix(w, "-") || strings.Contains(w, "/dev/") || strings.Contains(w, "/proc/") || strings.Contains(w, "<(")
}

// operandSource judges a script operand.
func operandSource(w string) stdinReader {
	switch {
	case IsStdinFile(w):
		return readsStdin
	case strings.HasPrefix(w, "<("):
		return readsComputed
	}
	switch c := path.Clean(w); {
	case strings.HasPrefix(c, "/dev/fd/") || strings.HasPrefix(c, "/proc/") && strings.Contains(c, "/fd/"):
		return readsComputed // another descriptor, of this process (/proc/self/fd/3) or another's
	}
	return readsNothing
}

// hiddenStdin judges a segment whose program reads its program from
// standard input.
func (c *Command) hiddenStdin(idx int) {
	s := &c.Segs[idx]
	for vi, v := range s.Views {
		if len(v) == 0 || s.ViewBits(vi)&(programs.Shell|programs.Source|programs.Interpreter|programs.Reader|programs.RunsFiles) == 0 {
			continue
		}
		src := programSource(v)
		if src == readsNothing {
			src = codeFileSource(s, vi)
		}
		if src == readsNothing {
			continue
		}
		shell := programs.BitsOf(v[0])&(programs.Shell|programs.Source) != 0
		in := s.stdin()
		switch {
		case src == readsComputed:
			c.dyn(v[0] + " runs a script named by a substitution or file descriptor, computed at run time")
		case in.Kind == StdinText && shell:
			if !in.Computed && programs.BitsOf(v[0])&programs.Shell != 0 {
				c.dialect(v[0], in.Text)
			}
			before := len(c.Segs)
			c.nestedText(idx, in.Text, in.Computed, v[0]+" reading a here-document")
			if programs.BitsOf(v[0])&programs.Source != 0 {
				c.noteMoves(idx, before)
			}
		case in.Kind == StdinText && !in.Computed:
			c.Segs[idx].Exec = v[0] + " runs the program in its here-document or here-string"
			if why := programs.ForeignCode(v[0], in.Text); why != "" {
				c.dyn(why)
			}
		case in.Kind == StdinFile && !argmodel.ReadsInput(in.Text, in.Computed):
			// A script file, like "bash script.sh"; not another
			// descriptor (bash 3<<< 'cmd' < /dev/fd/3), whose text is
			// not this redirection's.
		default:
			c.dyn(v[0] + " reads its program from standard input, which the engine cannot see")
			if shell && in.Kind == StdinInherited && c.piped != "" {
				if programs.BitsOf(v[0])&programs.Shell != 0 {
					c.dialect(v[0], c.piped)
				}
				c.nestedText(idx, c.piped, false, v[0]+" reading a pipe")
			}
		}
		return
	}
}

// stdin returns the segment's own standard input: what the parser read,
// or a "<" redirection the fast path kept.
// Input is the segment's own standard input: Stdin as the parser read it,
// else the file of its last < or <> redirection (the fast path keeps those
// as redirections only).
func (s *Segment) Input() Stdin { return s.stdin() }

func (s *Segment) stdin() Stdin {
	if s.Stdin.Kind != StdinInherited {
		return s.Stdin
	}
	for i := len(s.Redirs) - 1; i >= 0; i-- {
		if s.Redirs[i].Op == "<" || s.Redirs[i].Op == "<>" {
			return Stdin{Kind: StdinFile, Text: s.Redirs[i].Text, Computed: s.Redirs[i].Flags&WordExpands != 0}
		}
	}
	return Stdin{}
}
