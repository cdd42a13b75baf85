package argmodel

import "strings"

// Readers of the small languages that programs take on their command
// line, just deep enough to find what runs programs or writes files.

// SedRuns reports whether a sed script may run a command (the e command,
// the s flag e) or write or read a file named in it (w, W, r, R, the s
// flag w). A computed script is taken to.
func SedRuns(s string, computed bool) bool {
	if computed {
		return true
	}
	r := sedReader{s: s}
	return r.runs()
}

// SedExecs reports whether a sed script has an e command or an s command
// with the e flag: the ones that start programs (w, r and the w flag
// only name files).
func SedExecs(s string) bool {
	r := sedReader{s: s, execOnly: true}
	return r.runs()
}

type sedReader struct {
	s        string
	i        int
	execOnly bool // runs reports e only, and steps over the names of w, W, r and R
}

// skipAddresses steps over the blanks and addresses before a command,
// those inside a block too ({/end/!d}).
func (r *sedReader) skipAddresses() {
	for {
		r.skipSpace()
		start := r.i
		r.skipAddress()
		r.skipSpace()
		if r.i == start {
			return
		}
	}
}

func (r *sedReader) skipSpace() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', ';', '\n', '{', '}', '!':
			r.i++
		default:
			return
		}
	}
}

// skipDelimited steps over text up to the delimiter d (a regular
// expression or a replacement), honouring backslashes, then past d.
func (r *sedReader) skipDelimited(d byte) {
	for r.i < len(r.s) && r.s[r.i] != d {
		if r.s[r.i] == '\\' {
			r.i++
		}
		r.i++
	}
	r.i++
}

// skipPattern steps over the first part of an s or y command: a regular
// expression for s, a list of characters for y.
func (r *sedReader) skipPattern(cmd, d byte) {
	if cmd == 's' {
		r.skipRegex(d)
		return
	}
	r.skipDelimited(d)
}

// skipRegex steps over a regular expression up to the delimiter d, then
// past d, as GNU sed finds its end: a backslash escapes the next
// character, and a bracket expression ([/], []/], [^]/], [[:alpha:]/])
// holds the delimiter as text; inside one a backslash is text too
// (/[\]/ is the bracket [\]).
func (r *sedReader) skipRegex(d byte) {
	for r.i < len(r.s) {
		switch c := r.s[r.i]; {
		case c == '\\':
			r.i += 2
			continue
		case c == d:
			r.i++
			return
		case c == '[' && d != '[':
			r.i = bracketEnd(r.s, r.i)
			continue
		}
		r.i++
	}
}

// bracketEnd returns the index after the bracket expression that starts
// at s[i] ('['), or len(s) when it does not end: a first ']' (after '^')
// is text, and [:class:], [=x=] and [.x.] may hold one.
func bracketEnd(s string, i int) int {
	j := i + 1
	if j < len(s) && s[j] == '^' {
		j++
	}
	if j < len(s) && s[j] == ']' {
		j++
	}
	for j < len(s) {
		switch {
		case s[j] == '[' && j+1 < len(s) && (s[j+1] == ':' || s[j+1] == '.' || s[j+1] == '='):
			end := strings.Index(s[j+2:], string(s[j+1])+"]")
			if end < 0 {
				return len(s)
			}
			j += 2 + end + 2
		case s[j] == ']':
			return j + 1
		default:
			j++
		}
	}
	return len(s)
}

// skipAddress steps over line numbers, $, regular expressions, ranges
// and steps.
func (r *sedReader) skipAddress() {
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c >= '0' && c <= '9' || c == '$' || c == ',' || c == '~' || c == '+' || c == ' ':
			r.i++
		case c == '/' || c == '\\':
			d := byte('/')
			if c == '\\' && r.i+1 < len(r.s) {
				r.i++
				d = r.s[r.i]
			}
			r.i++
			r.skipRegex(d)
			for r.i < len(r.s) && (r.s[r.i] == 'I' || r.s[r.i] == 'M') {
				r.i++
			}
		default:
			return
		}
	}
}

func (r *sedReader) runs() bool {
	for r.i < len(r.s) {
		r.skipAddresses()
		if r.i >= len(r.s) {
			return false
		}
		cmd := r.s[r.i]
		r.i++
		switch cmd {
		case 'e':
			return true
		case 'w', 'W', 'r', 'R':
			if !r.execOnly {
				return true
			}
			for r.i < len(r.s) && r.s[r.i] != '\n' {
				r.i++ // the file's name, to the end of the line
			}
		case 's', 'y':
			if r.substitute(cmd) {
				return true
			}
		case 'a', 'i', 'c', 'b', 't', 'T', ':', 'l', 'L', 'q', 'Q', '#':
			// Text, a label or a number to the end of the command. Stopping
			// at ';' as well can only find more commands, never fewer.
			for r.i < len(r.s) && r.s[r.i] != '\n' && r.s[r.i] != ';' {
				r.i++
			}
		}
	}
	return false
}

// substitute reads the rest of an s or y command and reports an e or w
// flag.
func (r *sedReader) substitute(cmd byte) bool {
	if r.i >= len(r.s) {
		return false
	}
	d := r.s[r.i]
	r.i++
	r.skipPattern(cmd, d)
	r.skipDelimited(d)
	if cmd != 's' {
		return false
	}
	for r.i < len(r.s) && r.s[r.i] != ';' && r.s[r.i] != '\n' && r.s[r.i] != '}' {
		switch r.s[r.i] {
		case 'e':
			return true
		case 'w', 'W':
			if !r.execOnly {
				return true
			}
			for r.i < len(r.s) && r.s[r.i] != '\n' {
				r.i++ // the w flag's file name, to the end of the line
			}
			return false
		}
		r.i++
	}
	return false
}

// SedFiles calls fn with the name of every file a sed script writes or
// reads by name (the w, W, r and R commands, the s flag w): the rest of
// its line, spaces before it dropped, as GNU sed reads it (w.git/config
// names .git/config).
func SedFiles(s string, fn func(name string)) {
	r := sedReader{s: s}
	for r.i < len(r.s) {
		r.skipAddresses()
		if r.i >= len(r.s) {
			return
		}
		cmd := r.s[r.i]
		r.i++
		switch cmd {
		case 'w', 'W', 'r', 'R':
			r.fileName(fn)
		case 's', 'y':
			if r.i >= len(r.s) {
				return
			}
			d := r.s[r.i]
			r.i++
			r.skipPattern(cmd, d)
			r.skipDelimited(d)
			for cmd == 's' && r.i < len(r.s) && r.s[r.i] != ';' && r.s[r.i] != '\n' && r.s[r.i] != '}' {
				if r.s[r.i] == 'w' {
					r.i++
					r.fileName(fn)
					break
				}
				r.i++
			}
		case 'a', 'i', 'c', 'b', 't', 'T', ':', 'l', 'L', 'q', 'Q', '#', 'e':
			for r.i < len(r.s) && r.s[r.i] != '\n' && r.s[r.i] != ';' {
				r.i++
			}
		}
	}
}

// fileName reads a file name to the end of the line and gives it to fn.
func (r *sedReader) fileName(fn func(string)) {
	for r.i < len(r.s) && (r.s[r.i] == ' ' || r.s[r.i] == '\t') {
		r.i++
	}
	start := r.i
	for r.i < len(r.s) && r.s[r.i] != '\n' {
		r.i++
	}
	if r.i > start {
		fn(r.s[start:r.i])
	}
}

// AwkRuns reports whether an awk program may run a command (system(),
// a pipe to or from a command, a co-process, an indirect call, an
// extension) or write or read a file named in it (print > file,
// getline < file, @include). It reads the program's tokens, so a
// comparison (x > 5), a string or a regular expression holding these
// words does not count. A computed program is taken to.
func AwkRuns(p string, computed bool) bool {
	if computed {
		return true
	}
	a := awkReader{p: p}
	return a.runs()
}

type awkReader struct {
	p       string
	i       int
	depth   int  // parentheses and brackets
	inPrint bool // inside a print or printf statement
	printAt int  // depth at which the print statement began
	getline bool // a getline was seen in this statement
	operand bool // the last token ends an operand (so "/" divides)
}

func (a *awkReader) runs() bool {
	for a.i < len(a.p) {
		c := a.p[a.i]
		switch {
		case c == '"':
			a.skipString()
			a.operand = true
			continue
		case c == '/' && !a.operand:
			if !a.skipRegex() {
				return true // a regular expression without its end: what follows is not read
			}
			a.operand = true
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\\' && a.i+1 < len(a.p) && a.p[a.i+1] == '\n':
			// Blanks (and a line continued) keep what the token before
			// them was: in "n = 4 / 2" the "/" divides.
			a.i++
			if c == '\\' {
				a.i++
			}
			continue
		case c == '#':
			for a.i < len(a.p) && a.p[a.i] != '\n' {
				a.i++
			}
			continue
		case isIdentStart(c):
			if a.word() {
				return true
			}
			continue
		}
		if a.punct(c) {
			return true
		}
		a.i++
	}
	return false
}

// punct handles one punctuation character at a.i.
func (a *awkReader) punct(c byte) bool {
	next := byte(0)
	if a.i+1 < len(a.p) {
		next = a.p[a.i+1]
	}
	if (c == '+' || c == '-') && next == c && a.operand {
		a.i++ // x++ / 2: a postfix increment ends an operand, so "/" divides
		return false
	}
	a.operand = false
	switch c {
	case '|':
		if next == '|' {
			a.i++
			return false
		}
		return true // a pipe to or from a command, or |& a co-process
	case '@':
		return true // @load, @include, an indirect call
	case '>':
		return a.inPrint && a.depth == a.printAt
	case '<':
		return a.getline && next != '='
	case '(', '[':
		a.depth++
	case ')', ']':
		a.depth--
		a.operand = true
	case ';', '\n', '{', '}':
		a.inPrint, a.getline = false, false
	case '$':
		a.operand = false
	default:
		a.operand = c >= '0' && c <= '9' || c == '.'
	}
	return false
}

// word reads an identifier or keyword at a.i.
func (a *awkReader) word() bool {
	start := a.i
	for a.i < len(a.p) && (isIdentStart(a.p[a.i]) || a.p[a.i] >= '0' && a.p[a.i] <= '9') {
		a.i++
	}
	w := a.p[start:a.i]
	a.operand = true
	switch w {
	case "system":
		return true
	case "print", "printf":
		a.inPrint, a.printAt, a.operand = true, a.depth, false
	case "getline":
		a.getline = true
	case "in", "return", "case", "if", "while", "for", "do", "else":
		a.operand = false
	}
	return false
}

func (a *awkReader) skipString() {
	a.i++
	for a.i < len(a.p) && a.p[a.i] != '"' {
		if a.p[a.i] == '\\' {
			a.i++
		}
		a.i++
	}
	a.i++
}

// skipRegex moves past a regular expression literal, a bracket
// expression's "/" included (/[/]x/); it reports false when the literal
// has no end on its line.
func (a *awkReader) skipRegex() bool {
	a.i++
	for a.i < len(a.p) && a.p[a.i] != '/' && a.p[a.i] != '\n' {
		switch a.p[a.i] {
		case '\\':
			a.i++
		case '[':
			a.skipBracket()
			continue
		}
		a.i++
	}
	if a.i >= len(a.p) || a.p[a.i] != '/' {
		return false
	}
	a.i++
	return true
}

// skipBracket moves past a bracket expression at a.i ([/], []x], [^]/]);
// one without its end on the line leaves a.i at the line's end.
func (a *awkReader) skipBracket() {
	a.i++
	if a.i < len(a.p) && a.p[a.i] == '^' {
		a.i++
	}
	if a.i < len(a.p) && a.p[a.i] == ']' {
		a.i++
	}
	for a.i < len(a.p) && a.p[a.i] != ']' && a.p[a.i] != '\n' {
		if a.p[a.i] == '[' && a.i+1 < len(a.p) && (a.p[a.i+1] == ':' || a.p[a.i+1] == '.' || a.p[a.i+1] == '=') {
			// [:alpha:], [.x.], [=e=] inside the bracket
			if k := strings.Index(a.p[a.i+2:], string(a.p[a.i+1])+"]"); k >= 0 {
				a.i += k + 4
				continue
			}
		}
		a.i++
	}
	if a.i < len(a.p) && a.p[a.i] == ']' {
		a.i++
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
