package permengine

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/permengine/permengine/internal/programs"
)

// Severity of a lint finding.
type Severity string

// Severities: an error means the file does not load.
const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Finding is one lint result, with its position.
type Finding struct {
	File     string   `json:"file"`
	Line     int      `json:"line,omitempty"`
	Col      int      `json:"col,omitempty"`
	List     string   `json:"list,omitempty"`
	Index    int      `json:"index"`
	Severity Severity `json:"severity"`
	// Check names the check, e.g. "dangerous-allow", "shadowed".
	Check   string `json:"check"`
	Message string `json:"message"`
}

// String renders "permissions.json:3:5: warning: allow[2]: …".
func (f Finding) String() string {
	var b strings.Builder
	b.WriteString(f.File)
	if f.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", f.Line, f.Col)
	}
	fmt.Fprintf(&b, ": %s: ", f.Severity)
	if f.List != "" && f.Index >= 0 {
		fmt.Fprintf(&b, "%s[%d]: ", f.List, f.Index)
	}
	b.WriteString(f.Message)
	b.WriteString(" [" + f.Check + "]")
	return b.String()
}

// Lint checks the bytes of a permissions file. Load errors are findings of
// severity error (and then nothing else is checked); a file that loads is
// checked for dangerous allow rules, rules shadowed by a deny or an ask,
// duplicates, rules with content that matches nothing, and allow rules
// that a cap makes useless.
func Lint(name string, data []byte) []Finding {
	f, err := Parse(name, data)
	if err != nil {
		return loadFindings(name, err)
	}
	return LintFile(f)
}

func loadFindings(name string, err error) []Finding {
	var out []Finding
	var list []error
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		list = j.Unwrap()
	} else {
		list = []error{err}
	}
	for _, e := range list {
		var le *LoadError
		if errors.As(e, &le) {
			out = append(out, Finding{File: le.File, Line: le.Line, Col: le.Col, List: le.List, Index: le.Index,
				Severity: SeverityError, Check: "load", Message: le.Msg})
			continue
		}
		out = append(out, Finding{File: name, Index: -1, Severity: SeverityError, Check: "load", Message: e.Error()})
	}
	return out
}

// LintFile checks a parsed file.
func LintFile(f *File) []Finding {
	var out []Finding
	warn := func(r *Rule, check, format string, args ...any) {
		out = append(out, Finding{File: f.Name, Line: r.Source.Line, Col: r.Source.Col, List: r.Source.List.String(),
			Index: r.Source.Index, Severity: SeverityWarning, Check: check, Message: fmt.Sprintf(format, args...)})
	}
	for li := range f.rules {
		seen := map[string]int{}
		for _, r := range f.rules[li] {
			if first, dup := seen[r.Text]; dup {
				warn(r, "duplicate", "%s repeats %s[%d]; remove one", r.Text, r.Source.List, first)
			} else {
				seen[r.Text] = r.Source.Index
			}
			if r.Type != Terminal && r.Content {
				warn(r, "content-matches-nothing", "%s has content, and only Terminal rules use content: it matches nothing (write %s())", r.Text, r.Type.Label())
			}
		}
	}
	for li := range f.rules {
		for _, r := range f.rules[li] {
			if why := globStar(r); why != "" {
				warn(r, "foreign-glob", "%s", why)
			}
		}
	}
	for _, r := range f.rules[ListAllow] {
		if why := dangerousAllow(r); why != "" {
			warn(r, "dangerous-allow", "%s", why)
		}
		if r.Type == Terminal && r.Content && programs.CapPrefix(r.Words) && capsTerminal(r.Words) {
			warn(r, "capped", "%s is never auto-approved: the external-effect and privilege cap applies whatever the file says", r.Text)
		}
		if r.Type != Terminal && !r.Content {
			if r.Type.alwaysCapped() {
				warn(r, "capped", "%s is never auto-approved: %s is always capped", r.Text, r.Type)
			}
		}
	}
	// Shadowing: every command an allow or ask rule matches is decided by a
	// stronger list first.
	deny, ask := indexShadows(f.rules[ListDeny]), indexShadows(f.rules[ListAsk])
	for _, l := range []List{ListAsk, ListAllow} {
		for _, r := range f.rules[l] {
			if by := deny.shadowing(r); by != nil {
				warn(r, "shadowed", "%s never applies: %s[%d] %s denies every command it matches", r.Text, by.Source.List, by.Source.Index, by.Text)
				continue
			}
			if l == ListAllow {
				if by := ask.shadowing(r); by != nil {
					warn(r, "shadowed", "%s never auto-approves: %s[%d] %s asks for every command it matches", r.Text, by.Source.List, by.Source.Index, by.Text)
				}
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		return out[i].Line < out[j].Line || out[i].Line == out[j].Line && out[i].Col < out[j].Col
	})
	return out
}

// shadowIndex holds the rules of one list by what a rule they shadow
// must share with them: its type, and for a Terminal rule with content its
// first word (a one-word stem's, which matches words that start with it
// and ':', under the stem). shadowing then reads only the rules that may
// shadow a rule, so that lint's cost grows with the rules, not with their
// square.
type shadowIndex struct {
	byType  map[ActionType][]*Rule // rules that are not Terminal rules with content
	byFirst map[string][]*Rule     // Terminal rules with content, by first word
}

func indexShadows(rules []*Rule) shadowIndex {
	x := shadowIndex{byType: map[ActionType][]*Rule{}, byFirst: map[string][]*Rule{}}
	for _, s := range rules {
		if s.Type == Terminal && s.Content {
			x.byFirst[s.Words[0]] = append(x.byFirst[s.Words[0]], s)
		} else {
			x.byType[s.Type] = append(x.byType[s.Type], s)
		}
	}
	return x
}

// shadowing returns the first rule of the index, in the list's order,
// that matches every command r matches (shadowedBy), or nil.
func (x shadowIndex) shadowing(r *Rule) *Rule {
	var best *Rule
	consider := func(rules []*Rule) {
		if s := shadowedBy(rules, r); s != nil && (best == nil || s.Source.Index < best.Source.Index) {
			best = s
		}
	}
	consider(x.byType[r.Type])
	if r.Type == Terminal && r.Content {
		first := r.Words[0]
		consider(x.byFirst[first])
		for i := 0; i < len(first); i++ {
			if first[i] == ':' {
				consider(x.byFirst[first[:i]]) // a stem's: curl:* matches curl:x
			}
		}
	}
	return best
}

// shadowedBy returns the first of rules that matches every command r
// matches.
func shadowedBy(rules []*Rule, r *Rule) *Rule {
	for _, s := range rules {
		if s.Type != r.Type {
			continue
		}
		if r.Type != Terminal || !s.Content {
			// Non-terminal rules without content match every action of
			// the type; Terminal() matches every command.
			if !s.Content && (r.Type == Terminal || !r.Content) {
				return s
			}
			continue
		}
		if !r.Content {
			continue
		}
		switch {
		case !r.Wildcard, len(s.Words) < len(r.Words):
			// Every command r matches starts with r's words (or keeps
			// them before r's stem): s matching those words matches it.
			if s.matches(r.Words) {
				return s
			}
		case len(s.Words) == len(r.Words) && s.Wildcard:
			// Both end in a stem: s's must cover r's.
			if s.matches(r.Words) {
				return s
			}
		}
	}
	return nil
}

// dangerousAllow explains why an allow rule allows too much, or "". It is
// the judgement "always allow" uses (TooBroad), so lint never flags a rule
// "always allow" writes, and "always allow" never writes one lint flags.
func dangerousAllow(r *Rule) string {
	if r.Type != Terminal {
		return ""
	}
	if !r.Content {
		return TooBroad(nil)
	}
	if why := TooBroad(r.Words); why != "" {
		return r.Text + ": " + why
	}
	return ""
}

// globStar explains a '*' that another agent would read as a glob (Claude
// Code's "Bash(npm run *)", "Bash(ls*)") and that is a literal character
// here, or "". A '*' in a path ("/*", "src/*.go") is left alone: commands
// carry such words unexpanded, and rules match them literally on purpose.
func globStar(r *Rule) string {
	if r.Type != Terminal || !r.Content || !unquotedStar(r.Text) {
		return "" // a quoted '*' ("Terminal(ls -la '*')") says it is literal
	}
	if len(r.Words) == 1 && r.Words[0] == "*" {
		return r.Text + " matches only a command that is literally \"*\": write Terminal() for every command, or name the commands"
	}
	for i, w := range r.Words {
		if w == "*" || (strings.HasSuffix(w, "*") && !strings.Contains(w, "/")) {
			prefix := strings.Join(r.Words[:i], " ")
			if stem := strings.TrimSuffix(w, "*"); stem != "" {
				prefix = strings.TrimSpace(prefix + " " + stem)
			}
			return fmt.Sprintf("%s: the * of %q is a literal character here, not a glob as in Claude Code; for %q with any more words write Terminal(%s)", r.Text, w, prefix, prefix)
		}
	}
	return ""
}

// unquotedStar reports a '*' outside quotes in a rule's text.
func unquotedStar(text string) bool {
	var quote byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else if c == '\\' && quote == '"' {
				i++
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '\\':
			i++
		case c == '*':
			return true
		}
	}
	return false
}
