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
	for _, r := range f.rules[ListAllow] {
		if why := dangerousAllow(r); why != "" {
			warn(r, "dangerous-allow", "%s", why)
		}
		if r.Type == Terminal && r.Content && programs.CapPrefix(r.Words) && capsTerminal(r.Words) {
			warn(r, "capped", "%s is never auto-approved: the external-effect and privilege cap applies whatever the file says", r.Text)
		}
		if r.Type != Terminal && !r.Content {
			if _, capped := alwaysRefusedTypes[r.Type]; capped && r.Type != GitMerge {
				warn(r, "capped", "%s is never auto-approved: %s is always capped", r.Text, r.Type)
			}
		}
	}
	// Shadowing: every command an allow or ask rule matches is decided by a
	// stronger list first.
	for _, l := range []List{ListAsk, ListAllow} {
		for _, r := range f.rules[l] {
			if by := shadowedBy(f, r, ListDeny); by != nil {
				warn(r, "shadowed", "%s never applies: %s[%d] %s denies every command it matches", r.Text, by.Source.List, by.Source.Index, by.Text)
				continue
			}
			if l == ListAllow {
				if by := shadowedBy(f, r, ListAsk); by != nil {
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

// shadowedBy returns a rule of list l that matches every command r
// matches.
func shadowedBy(f *File, r *Rule, l List) *Rule {
	for _, s := range f.rules[l] {
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

// dangerousAllow explains why an allow rule allows too much, or "".
func dangerousAllow(r *Rule) string {
	if r.Type != Terminal {
		return ""
	}
	if !r.Content {
		return "Terminal() allows EVERY terminal command: only deny, ask and the caps stand between the agent and the machine"
	}
	v := r.Words[0]
	switch {
	case programs.RunsScripts(v):
		return fmt.Sprintf("%s runs any script: the rule allows whatever it is given", r.Text)
	case programs.BitsOf(v)&programs.Interpreter != 0 && len(r.Words) == 1:
		return fmt.Sprintf("%s is an interpreter: the rule allows any code it is given", r.Text)
	case programs.ExecArgument(r.Words, programs.BitsOf(v)) != "":
		return fmt.Sprintf("%s: %s; the cap asks for it, but the rule should not allow it", r.Text, programs.ExecArgument(r.Words, programs.BitsOf(v)))
	case programs.BitsOf(v)&programs.Wrapper != 0:
		return fmt.Sprintf("%s is a wrapper that runs another program; the wrapped program still needs its own allow rule, but the wrapper's own options may do more", r.Text)
	case v == "find" && len(r.Words) == 1:
		return fmt.Sprintf("%s: find can run programs (-exec) and delete files (-delete); those are capped, but prefer a narrower rule", r.Text)
	case v == "git" && len(r.Words) == 1:
		return fmt.Sprintf("%s allows every git subcommand, including ones that rewrite history or configuration; allow subcommands one by one", r.Text)
	}
	return ""
}
