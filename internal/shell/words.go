package shell

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/programs/argmodel"
	"mvdan.cc/sh/v3/syntax"
)

// Word flags describe what the shell may still do to a word at run time.
// The engine keeps expansions as the text that was typed, so these flags are
// how the path checks and the integrity cap learn that a word's value is not
// known statically.
const (
	WordExpands  uint8 = 1 << iota // contains $…, `…`, $(…), $((…)), <(…)
	WordGlob                       // contains an unquoted *, ? or [ or an extended glob
	WordTilde                      // starts with an unquoted ~
	WordExpSlash                   // an expansion is followed by '/', or hides a path in ${x:-/…}
	WordBrace                      // contains an unquoted { (brace expansion possible)
	WordDotGlob                    // a path component such as .* or .? that a glob may turn into ..
	WordCompound                   // a compound assignment the parser read, name=(…): its words are segments, never parsed again
)

// WordSplits: the word holds an unquoted expansion, which word splitting
// may make several words (the program models read the bit as
// argmodel.Splits).
const WordSplits = argmodel.Splits

// manyWords reports an expansion that gives several words even between
// double quotes: "$@", "${a[@]}", "${!a[@]}", "${@:2}".
func manyWords(pe *syntax.ParamExp) bool {
	if pe.Param == nil {
		return false
	}
	if pe.Param.Value == "@" {
		return !pe.Length
	}
	if pe.Index != nil && !pe.Length {
		if w, ok := pe.Index.(*syntax.Word); ok && w.Lit() == "@" {
			return true
		}
	}
	return false
}

// GuessFlags gives words whose quoting is no longer known (a command given
// as words, a command that does not parse) the flags of the worst
// reading: every "$" and "`" an expansion, every glob character a glob.
func GuessFlags(words []string) []uint8 {
	flags := make([]uint8, len(words))
	for i, w := range words {
		f := litFlags(w, true)
		if strings.ContainsAny(w, "$`") {
			f |= WordExpands | WordSplits
			if (w[0] == '$' || w[0] == '`') && strings.IndexByte(w, '/') > 0 {
				f |= WordExpSlash
			}
		}
		flags[i] = f
	}
	return flags
}

// wordText turns a parsed word into the engine's view of it: quotes
// removed, escapes resolved, every expansion kept as the text that was typed.
// src is the text the word was parsed from.
func wordText(src string, w *syntax.Word) (string, uint8) { return wordTextIn(src, w, 0) }

// wordTextIn is wordText for a word nested level expansions deep.
func wordTextIn(src string, w *syntax.Word, level int) (string, uint8) {
	if w == nil || len(w.Parts) == 0 {
		return "", 0
	}
	// The common case, a single unquoted literal with no backslash, needs
	// no copy: the word is a substring of the input.
	if len(w.Parts) == 1 {
		if lit, ok := w.Parts[0].(*syntax.Lit); ok && strings.IndexByte(lit.Value, '\\') < 0 {
			return lit.Value, litFlags(lit.Value, true)
		}
	}
	var b strings.Builder
	var flags uint8
	afterExp := false
	for i, part := range w.Parts {
		start := b.Len()
		isExp := false
		switch p := part.(type) {
		case *syntax.Lit:
			unescapeUnquoted(&b, p.Value)
			flags |= litFlags(p.Value, i == 0)
		case *syntax.SglQuoted:
			if p.Dollar {
				ansiC(&b, p.Value)
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			for _, dp := range p.Parts {
				dstart := b.Len()
				dExp := false
				switch d := dp.(type) {
				case *syntax.Lit:
					unescapeDouble(&b, d.Value)
				default:
					b.WriteString(nodeSource(src, dp))
					flags |= WordExpands
					dExp = true
					flags |= hiddenPathFlag(src, dp, level)
					if pe, ok := dp.(*syntax.ParamExp); ok && manyWords(pe) {
						flags |= WordSplits // "$@", "${a[@]}": several words, quoted or not
					}
				}
				if afterExp && b.Len() > dstart && b.String()[dstart] == '/' {
					flags |= WordExpSlash
				}
				afterExp = dExp
			}
			continue
		case *syntax.ExtGlob:
			b.WriteString(nodeSource(src, p))
			flags |= WordGlob
		default:
			b.WriteString(nodeSource(src, part))
			flags |= WordExpands | WordSplits | hiddenPathFlag(src, part, level)
			isExp = true
		}
		if afterExp && b.Len() > start && b.String()[start] == '/' {
			flags |= WordExpSlash
		}
		afterExp = isExp
	}
	return b.String(), flags
}

// Quote is strconv.Quote without its cost for the common case: text of
// printable ASCII with no quote or backslash is wrapped as it is.
func Quote(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			return strconv.Quote(s)
		}
	}
	return "\"" + s + "\""
}

// MaxExcerpt is the most of a segment or a word that a trace line or a
// per-segment reason repeats: nested text is not copied again for each
// level that holds it, so that a decision's trace stays linear in its
// command.
const MaxExcerpt = 160

// Excerpt returns s, or its first MaxExcerpt bytes (cut at a character)
// followed by "…" and s's length.
func Excerpt(s string) string {
	if len(s) <= MaxExcerpt {
		return s
	}
	k := MaxExcerpt
	for k > 0 && !utf8.RuneStart(s[k]) {
		k--
	}
	return s[:k] + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// QuoteExcerpt is Quote of s, or of its first MaxExcerpt bytes followed by
// "…" and s's length.
func QuoteExcerpt(s string) string {
	if len(s) <= MaxExcerpt {
		return Quote(s)
	}
	k := MaxExcerpt
	for k > 0 && !utf8.RuneStart(s[k]) {
		k--
	}
	return Quote(s[:k]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// litFlags reports what an unquoted literal may still expand to.
func litFlags(v string, first bool) uint8 {
	var f uint8
	if first && strings.HasPrefix(v, "~") {
		f |= WordTilde
	}
	comp := 0 // where the path component being read starts
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
			if i < len(v) && v[i] == '/' {
				comp = i + 1 // an escaped '/' still parts components
			}
		case '/':
			comp = i + 1
		case '*', '?', '[':
			f |= WordGlob
			if v[comp] == '.' {
				// A glob in a component that starts with a dot, like ".*"
				// or "a/.?": such a component can match "..".
				f |= WordDotGlob
			}
		case '{':
			f |= WordBrace
		}
	}
	return f
}

// hiddenPathFlag looks inside ${x:-word}, ${x/a/b} and friends: a default
// value such as /etc is a path the word may become. Past
// MaxSyntaxNesting levels it does not look further (reading each level's
// text again would cost the square of the word) and answers that the word
// may be a path.
func hiddenPathFlag(src string, part syntax.WordPart, level int) uint8 {
	pe, ok := part.(*syntax.ParamExp)
	if !ok {
		return 0
	}
	if level >= MaxSyntaxNesting {
		return WordExpSlash
	}
	var inner []*syntax.Word
	if pe.Exp != nil {
		inner = append(inner, pe.Exp.Word)
	}
	if pe.Repl != nil {
		inner = append(inner, pe.Repl.With)
	}
	for _, w := range inner {
		if w == nil {
			continue
		}
		t, f := wordTextIn(src, w, level+1)
		if strings.HasPrefix(t, "/") || strings.HasPrefix(t, "~") || strings.Contains(t, "..") || f&(WordExpSlash|WordTilde) != 0 {
			return WordExpSlash
		}
	}
	return 0
}

// nodeSource returns the text a node was parsed from.
func nodeSource(src string, n syntax.Node) string {
	s, e := int(n.Pos().Offset()), int(n.End().Offset())
	if s < 0 || e > len(src) || s > e {
		return ""
	}
	return src[s:e]
}

// unescapeUnquoted resolves backslashes outside quotes: "\c" is c, and a
// backslash-newline pair disappears.
func unescapeUnquoted(b *strings.Builder, v string) {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' && i+1 < len(v) {
			i++
			if v[i] == '\n' {
				continue
			}
			b.WriteByte(v[i])
			continue
		}
		b.WriteByte(c)
	}
}

// unescapeDouble resolves backslashes inside double quotes, where only $ `
// " \ and newline are special.
func unescapeDouble(b *strings.Builder, v string) {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c == '\\' && i+1 < len(v) {
			switch v[i+1] {
			case '$', '`', '"', '\\':
				i++
				b.WriteByte(v[i])
				continue
			case '\n':
				i++
				continue
			}
		}
		b.WriteByte(c)
	}
}

// Unescape decodes the escapes of s the way bash decodes a $'…' string
// (\xHH, \NNN, \uHHHH, \n, …); the strings of awk, Python, JavaScript and
// Perl share them.
func Unescape(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	ansiC(&b, s)
	return b.String()
}

// ansiC decodes the body of a $'…' string the way bash does.
func ansiC(b *strings.Builder, v string) {
	var t strings.Builder
	ansiCInto(&t, v)
	s := t.String()
	if k := strings.IndexByte(s, 0); k >= 0 {
		s = s[:k] // bash's string ends at a NUL: $'sudo\0' is sudo
	}
	b.WriteString(s)
}

// ansiCInto decodes the escapes of a $'…' string into b.
func ansiCInto(b *strings.Builder, v string) {
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c != '\\' || i+1 >= len(v) {
			b.WriteByte(c)
			continue
		}
		i++
		switch e := v[i]; e {
		case 'a':
			b.WriteByte('\a')
		case 'b':
			b.WriteByte('\b')
		case 'e', 'E':
			b.WriteByte(0x1b)
		case 'f':
			b.WriteByte('\f')
		case 'n':
			b.WriteByte('\n')
		case 'r':
			b.WriteByte('\r')
		case 't':
			b.WriteByte('\t')
		case 'v':
			b.WriteByte('\v')
		case '\\', '\'', '"', '?':
			b.WriteByte(e)
		case 'c':
			if i+1 < len(v) {
				i++
				b.WriteByte(v[i] & 0x1f)
			} else {
				b.WriteString("\\c")
			}
		case 'x', 'u', 'U':
			if e == 'x' && i+1 < len(v) && v[i+1] == '{' {
				i = ansiCBraced(b, v, i+2) // bash 5.2: \x{HH…}
				continue
			}
			max := 2 // \xHH
			if e == 'u' {
				max = 4 // \uHHHH
			} else if e == 'U' {
				max = 8 // \UHHHHHHHH
			}
			j := i + 1
			for j < len(v) && j-i-1 < max && ascii.IsHex(v[j]) {
				j++
			}
			if j == i+1 {
				b.WriteByte('\\')
				b.WriteByte(e)
				continue
			}
			n, _ := strconv.ParseUint(v[i+1:j], 16, 32)
			if e == 'x' {
				b.WriteByte(byte(n))
			} else if n <= utf8.MaxRune {
				b.WriteRune(rune(n))
			}
			i = j - 1
		case '0', '1', '2', '3', '4', '5', '6', '7':
			j := i
			for j < len(v) && j-i < 3 && v[j] >= '0' && v[j] <= '7' {
				j++
			}
			n, _ := strconv.ParseUint(v[i:j], 8, 16)
			b.WriteByte(byte(n))
			i = j - 1
		default:
			b.WriteByte('\\')
			b.WriteByte(e)
		}
	}
}

// ansiCBraced decodes the hex digits of a \x{…} escape that start at v[j]
// the way bash 5.2 does: any number of them, the value cut to its low
// byte (none is a NUL, which ends the string), and a '}' right after them
// taken along. It returns the index of the escape's last byte.
func ansiCBraced(b *strings.Builder, v string, j int) int {
	var n byte
	for j < len(v) && ascii.IsHex(v[j]) {
		n = n<<4 | hexValue(v[j])
		j++
	}
	b.WriteByte(n)
	if j < len(v) && v[j] == '}' {
		return j
	}
	return j - 1
}

func hexValue(c byte) byte {
	switch {
	case c >= 'a':
		return c - 'a' + 10
	case c >= 'A':
		return c - 'A' + 10
	}
	return c - '0'
}

// Mask records which of the bytes the checks look for a word holds.
type Mask uint8

// The bytes a Mask records.
const (
	MaskDot   Mask = 1 << iota // '.'
	MaskPath                   // '/', '~', '$' or '`'
	MaskEq                     // '='
	MaskBrace                  // '{'
	MaskColon                  // ':' (a URL's scheme: file:%2eenv)
)

var maskTable = func() (t [256]Mask) {
	t['.'] = MaskDot
	for _, c := range []byte("/~$`") {
		t[c] = MaskPath
	}
	t['='] = MaskEq
	t['{'] = MaskBrace
	t[':'] = MaskColon
	return t
}()

// MaskOf returns the Mask of w. A word with none of
// MaskDot|MaskPath|MaskEq names no path the checks care about: no
// directory, home, expansion, parent, dot name or option value.
func MaskOf(w string) Mask {
	var m Mask
	for i := 0; i < len(w); i++ {
		m |= maskTable[w[i]]
	}
	return m
}

// ParamDefault returns word w (a word's text as the reading keeps it,
// expansions as written) with each ${NAME:-WORD}, ${NAME-WORD},
// ${NAME:=WORD}, ${NAME=WORD}, ${NAME:+WORD} and ${NAME+WORD} replaced by
// the value of its WORD, quotes and $'…' escapes decoded: the value the
// word has when the variable is unset (or, for +, set); and each
// ${NAME/PATTERN/WORD} by its WORD, the value where PATTERN matches the
// whole value. ok is false when w
// holds none or does not read as one word. Other expansions stay as
// written, for the caller to read as any value.
func ParamDefault(w string) (string, bool) {
	if !strings.Contains(w, "${") || !strings.ContainsAny(w, "-=+/") {
		return "", false
	}
	word, err := ParseWord(w)
	if err != nil || word == nil {
		return "", false
	}
	var b strings.Builder
	found := false
	last := 0
	for _, part := range word.Parts {
		pe, ok := part.(*syntax.ParamExp)
		if !ok {
			continue
		}
		var value *syntax.Word
		switch {
		case defaultOp(pe):
			value = pe.Exp.Word
		case pe.Repl != nil && pe.Repl.With != nil:
			// ${HOME/*/.env} is .env, ${PWD/%//.git/config} ends so: the
			// replacement is a value the word may have, whole.
			value = pe.Repl.With
		default:
			continue
		}
		start, end := int(pe.Pos().Offset()), int(pe.End().Offset())
		if start < last || end > len(w) {
			return "", false
		}
		b.WriteString(w[last:start])
		defaultValue(&b, w, value)
		last, found = end, true
	}
	if !found {
		return "", false
	}
	b.WriteString(w[last:])
	return b.String(), true
}

// defaultOp reports ${x:-w}, ${x-w}, ${x:=w}, ${x=w}, ${x:+w} and ${x+w}.
func defaultOp(pe *syntax.ParamExp) bool {
	if pe.Exp == nil || pe.Exp.Word == nil || pe.Excl || pe.Length || pe.Width {
		return false
	}
	switch pe.Exp.Op {
	case syntax.DefaultUnset, syntax.DefaultUnsetOrNull, syntax.AssignUnset, syntax.AssignUnsetOrNull,
		syntax.AlternateUnset, syntax.AlternateUnsetOrNull:
		return true
	}
	return false
}

// defaultValue writes the value of a parameter expansion's word: literal
// text and quotes decoded, a nested default read the same way, any other
// expansion as written.
func defaultValue(b *strings.Builder, src string, w *syntax.Word) {
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			b.WriteString(unescapeLit(p.Value))
		case *syntax.SglQuoted:
			if p.Dollar {
				ansiC(b, p.Value)
			} else {
				b.WriteString(p.Value)
			}
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				switch q := q.(type) {
				case *syntax.Lit:
					b.WriteString(q.Value)
				case *syntax.ParamExp:
					if defaultOp(q) {
						defaultValue(b, src, q.Exp.Word) // "${v:-.env}" inside the default
					} else {
						b.WriteString(src[q.Pos().Offset():q.End().Offset()])
					}
				default:
					b.WriteString(src[q.Pos().Offset():q.End().Offset()])
				}
			}
		case *syntax.ParamExp:
			if defaultOp(p) {
				defaultValue(b, src, p.Exp.Word)
			} else {
				b.WriteString(src[p.Pos().Offset():p.End().Offset()])
			}
		default:
			b.WriteString(src[part.Pos().Offset():part.End().Offset()])
		}
	}
}

// unescapeLit drops the backslashes of an unquoted literal (\.env is .env).
func unescapeLit(s string) string {
	if strings.IndexByte(s, '\\') < 0 {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// ParseWord parses w, a word's text as the reading keeps it, as one word,
// with a parser from the pool.
func ParseWord(w string) (*syntax.Word, error) {
	if why := tooNested(w); why != "" {
		return nil, errors.New(why)
	}
	p := parserPool.Get().(*syntax.Parser)
	defer parserPool.Put(p)
	return p.Document(strings.NewReader(w))
}

// ArrayElements reads the text of a compound array value, "(a 'b' c\⏎d)",
// as bash does: each element's text after quote removal, escapes and line
// continuations, and whether it expands. ok is false when the text is not
// one array value of elements in order (an element with a subscript), or
// an element is a brace expansion.
func ArrayElements(value string) (elems []string, expands []bool, ok bool) {
	src := "x=" + value
	if tooNested(src) != "" {
		return nil, nil, false
	}
	p := parserPool.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(src), "")
	parserPool.Put(p)
	if err != nil || len(f.Stmts) != 1 {
		return nil, nil, false
	}
	call, isCall := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !isCall || len(call.Args) != 0 || len(call.Assigns) != 1 || call.Assigns[0].Array == nil {
		return nil, nil, false
	}
	for _, e := range call.Assigns[0].Array.Elems {
		if e.Index != nil || e.Value == nil {
			return nil, nil, false // ([3]=.e: a place the elements' order does not give)
		}
		t, fl := wordText(src, e.Value)
		if fl&WordBrace != 0 {
			return nil, nil, false // ({.e,x}nv: words only bash's expansion gives)
		}
		// A glob (src/*.go, .e[n]v) is kept as its pattern: the checks
		// read a value with glob characters as a glob.
		elems = append(elems, t)
		expands = append(expands, fl&WordExpands != 0)
	}
	return elems, expands, true
}
