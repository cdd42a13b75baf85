package permengine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/permengine/permengine/internal/shell"
)

// List names one of the three lists of permissions.json.
type List uint8

// The lists, in priority order: deny beats ask beats allow.
const (
	ListDeny List = iota
	ListAsk
	ListAllow
)

// String returns "deny", "ask" or "allow".
func (l List) String() string {
	switch l {
	case ListDeny:
		return "deny"
	case ListAsk:
		return "ask"
	case ListAllow:
		return "allow"
	}
	return fmt.Sprintf("List(%d)", uint8(l))
}

// MarshalText implements encoding.TextMarshaler.
func (l List) MarshalText() ([]byte, error) { return []byte(l.String()), nil }

// Source says where a rule came from. A built-in rule has File "built-in".
type Source struct {
	File  string `json:"file"`
	Line  int    `json:"line,omitempty"`
	Col   int    `json:"col,omitempty"`
	List  List   `json:"list"`
	Index int    `json:"index"`
}

// builtinFile is the Source.File of the engine's own rules.
const builtinFile = "built-in"

// String renders the source for reasons: "permissions.json:3", or
// "allow[2]" when no file is known, or "built-in".
func (s Source) String() string {
	switch {
	case s.File == builtinFile:
		return builtinFile
	case s.File != "" && s.Line > 0:
		return fmt.Sprintf("%s:%d", s.File, s.Line)
	case s.File != "":
		return fmt.Sprintf("%s %s[%d]", s.File, s.List, s.Index)
	}
	return fmt.Sprintf("%s[%d]", s.List, s.Index)
}

// CompiledRule is one compiled Label(content) rule of permissions.json.
// (Decision.Rule is something else: the code of what decided.)
type CompiledRule struct {
	// Text is the rule as written, e.g. "Terminal(pnpm test:*)".
	Text string
	// Type is the action type of the label.
	Type ActionType
	// Words is the content split into shell words, quotes removed. For a
	// wildcard rule the last word is the stem, without ":*".
	Words []string
	// Wildcard is true when the last word ended in ":*".
	Wildcard bool
	// Content is true when the parentheses were not empty.
	Content bool
	// Source is where the rule came from.
	Source Source

	order int    // position across all layers, for "first rule wins" reasons
	src   string // Source.String(), computed once by finish
	desc  string // describe(), computed once by finish
}

// Rule is the former name of CompiledRule.
//
// Deprecated: use CompiledRule; Decision.Rule and Step.Rule are rule codes.
type Rule = CompiledRule

// finish computes the strings that decisions quote, once per compiled
// rule, so that a decision does not format them again.
func (r *CompiledRule) finish() {
	r.src = r.Source.String()
	r.desc = r.src + ": " + r.Source.List.String() + " " + r.Text
}

// sourceString is Source.String(), precomputed when possible.
func (r *CompiledRule) sourceString() string {
	if r.src != "" {
		return r.src
	}
	return r.Source.String()
}

// String returns the rule text.
func (r *CompiledRule) String() string { return r.Text }

// describe renders "permissions.json:3: deny Terminal(curl:*)".
func (r *CompiledRule) describe() string {
	if r.desc != "" {
		return r.desc
	}
	return r.Source.String() + ": " + r.Source.List.String() + " " + r.Text
}

// ErrPattern is the sentinel all rule syntax errors match with errors.Is.
var ErrPattern = errors.New("invalid rule")

// PatternError is a rule that does not parse.
type PatternError struct {
	Rule string // the rule text
	Msg  string // what is wrong and how to fix it
}

func (e *PatternError) Error() string { return fmt.Sprintf("%s: %q", e.Msg, e.Rule) }

// Is makes errors.Is(err, ErrPattern) true.
func (e *PatternError) Is(target error) bool { return target == ErrPattern }

// ParseRule parses one Label(content) rule. It never panics; every problem
// is a *PatternError.
func ParseRule(text string) (*CompiledRule, error) {
	fail := func(format string, args ...any) (*CompiledRule, error) {
		return nil, &PatternError{Rule: text, Msg: fmt.Sprintf(format, args...)}
	}
	open := strings.IndexByte(text, '(')
	if open < 0 {
		if hint := foreignLabelHint(text); hint != "" {
			return fail("%s", hint)
		}
		if t, ok := labelType(strings.TrimSpace(text)); ok {
			return fail("missing parentheses: write %s()", t.Label())
		}
		return fail("missing \"(\": a rule is Label(content), e.g. Terminal(git status)")
	}
	label := text[:open]
	typ, ok := labelType(label)
	if !ok {
		if hint := foreignLabelHint(text); hint != "" {
			return fail("%s", hint)
		}
		if near := nearestLabel(label); near != "" {
			return fail("unknown label %q (did you mean %q?)", label, near)
		}
		return fail("unknown label %q", label)
	}
	if !strings.HasSuffix(text, ")") {
		return fail("unbalanced parentheses: the rule must end with \")\"")
	}
	content := text[open+1 : len(text)-1]
	r := &CompiledRule{Text: text, Type: typ, Content: content != ""}
	if !r.Content {
		return r, nil
	}
	if typ != Terminal {
		// Accepted, and matches nothing: only Terminal rules use content.
		// Lint reports it.
		return r, nil
	}
	if strings.TrimSpace(content) == "" {
		return fail("content is only spaces: write Terminal() to match every command, or name a command")
	}
	words, err := shell.RuleWords(content)
	if err != nil {
		return fail("%s", err.Error())
	}
	for i, w := range words {
		last := i == len(words)-1
		if idx := strings.Index(w, ":*"); idx >= 0 {
			if !last || idx != len(w)-2 {
				return fail(":* is only special at the end of the last word; here it is in %q", w)
			}
			if idx == 0 {
				return fail("empty stem before :*; write the command word, e.g. Terminal(curl:*)")
			}
			words[i] = w[:idx]
			r.Wildcard = true
		}
	}
	r.Words = words
	return r, nil
}

// matches reports whether a Terminal rule matches a segment's words by token
// prefix. Only Terminal rules with content reach here.
func (r *CompiledRule) matches(words []string) bool {
	n := len(r.Words)
	if n > len(words) {
		return false
	}
	for i := 0; i < n-1; i++ {
		if r.Words[i] != words[i] {
			return false
		}
	}
	last, w := r.Words[n-1], words[n-1]
	if !r.Wildcard {
		return w == last
	}
	if w == last {
		return true
	}
	return len(w) > len(last) && w[len(last)] == ':' && w[:len(last)] == last && wildcardReaches(r.Source.List, w[len(last):])
}

// wildcardReaches reports whether a rule of list whose last word is a
// stem (stem:*) matches a command word whose rest after the stem is rest
// (":unit" of test:unit). An allow rule's wildcard names words, not
// paths: cat:/../run.sh, which bash runs as a path through a directory
// named cat:, is not allowed by Terminal(cat:*), wherever the word stands
// (uv run pytest:/../x). Deny and ask rules match it.
func wildcardReaches(list List, rest string) bool {
	return list != ListAllow || strings.IndexByte(rest, '/') < 0
}

// nearestLabel suggests the label closest to s, or "" if none is close.
func nearestLabel(s string) string {
	// A suggestion is at most a third of the name away: "Termnal" is
	// Terminal, "Read" is not Spend.
	best, bestD := "", max(1, len(s)/3)+1
	for t := Terminal; t < numActionTypes; t++ {
		l := t.Label()
		if strings.EqualFold(l, s) {
			return l
		}
		if d := editDistance(strings.ToLower(s), strings.ToLower(l)); d < bestD {
			best, bestD = l, d
		}
	}
	return best
}

func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
