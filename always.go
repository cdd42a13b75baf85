package permengine

import (
	"errors"
	"fmt"
	"strings"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/shell"
	"mvdan.cc/sh/v3/syntax"
)

// ErrAlwaysAllowRefused is the sentinel of every refusal of "always allow".
var ErrAlwaysAllowRefused = errors.New("always allow refused")

// RefusedError says why "always allow" records nothing for an action: the
// person approves this instance only.
type RefusedError struct {
	Type    ActionType
	Segment string // the segment that caused it, for terminal commands
	Code    Code   // the cap behind the refusal
	Reason  string
}

func (e *RefusedError) Error() string {
	if e.Segment != "" {
		return fmt.Sprintf("always allow refused for %s: segment %q: %s", e.Type, e.Segment, e.Reason)
	}
	return fmt.Sprintf("always allow refused for %s: %s", e.Type, e.Reason)
}

// Is makes errors.Is(err, ErrAlwaysAllowRefused) true.
func (e *RefusedError) Is(target error) bool { return target == ErrAlwaysAllowRefused }

// alwaysRefusedTypes can never be recorded: their caps would be
// decorative if one click could allow them forever.
var alwaysRefusedTypes = map[ActionType]Code{
	GitPush: CodeTypedPush, PrOpen: CodeTypedPush, GitMerge: CodeProtectedMerge,
	ContainerRemove: CodeContainerRemove, InstructionPatch: CodeInstructionPatch,
	Parallelize: CodeParallelism, RaiseMaxParallel: CodeParallelism,
}

// AlwaysAllow returns the rules that "always allow" records for an approved
// action (SPEC §10), or a *RefusedError. It is pure, like Decide.
//
// A terminal command gives one rule per segment: the verb and its
// subcommand when the second word is a word ("npm test"), the verb alone
// when the second word is an argument that is not a word ("cat src/x.ts"
// gives Terminal(cat)), and the exact segment when the second word is a flag
// ("ls -la src") or when the shorter rule would be a prefix of a cap ("git
// remote -v", "gh pr list"). A segment that is a cap prefix even exact
// ("git" alone) records nothing. Shells, interpreters and wrappers are
// always recorded exactly: Terminal(bash) would allow every script. Every
// rule is quoted so that it parses back to the segment's words, and matches
// the segment it came from.
func AlwaysAllow(a Action) ([]string, error) {
	if !a.Type.valid() {
		return nil, &RefusedError{Type: a.Type, Code: CodeInvalidAction, Reason: "unknown action type"}
	}
	if code, ok := alwaysRefusedTypes[a.Type]; ok {
		return nil, &RefusedError{Type: a.Type, Code: code, Reason: a.Type.String() + " is capped: a person approves every one"}
	}
	if a.Type != Terminal {
		return []string{a.Type.Label() + "()"}, nil
	}
	if strings.TrimSpace(a.Command) == "" {
		return nil, &RefusedError{Type: a.Type, Code: CodeInvalidAction, Reason: "empty command"}
	}
	refuse := func(seg string, code Code, why string) ([]string, error) {
		return nil, &RefusedError{Type: Terminal, Segment: seg, Code: code, Reason: why}
	}
	if why := shell.IntegrityProblem(a.Command); why != "" {
		return refuse("", CodeIntegrity, why)
	}
	cmd := shell.Read(a.Command, a.Cwd)
	switch {
	case cmd.ParseErr != "":
		return refuse("", CodeIntegrity, "the command does not parse ("+cmd.ParseErr+")")
	case cmd.Control != "":
		return refuse("", CodeIntegrity, "the command uses "+cmd.Control)
	case cmd.Dynamic != "":
		return refuse("", CodeIntegrity, cmd.Dynamic)
	case cmd.TooDeep || cmd.TooMany || cmd.Bound != "":
		return refuse("", CodeIntegrity, "the command is nested too deep or too long")
	}
	var out []string
	seen := map[string]bool{}
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		if hit, ok := segEffect(s, nil); ok {
			return refuse(s.Text, reachCode(hit), hit.Why)
		}
		for _, v := range s.Views {
			if len(v) > 0 && shell.ComputedVerb(v[0]) {
				return refuse(s.Text, CodeIntegrity, "the program is computed at run time")
			}
		}
		rule, ok := segmentRule(s.Words)
		if !ok || seen[rule] {
			continue
		}
		seen[rule] = true
		out = append(out, rule)
	}
	return out, nil
}

// segmentRule returns the rule recorded for one segment, or false when the
// segment records nothing.
func segmentRule(words []string) (string, bool) {
	if len(words) == 0 {
		return "", false
	}
	unit := words
	switch {
	case programs.IsAssignment(words[0]) || programs.RunsCode(words[0]):
		unit = words // exact
	case len(words) == 1:
		unit = words[:1]
	case strings.HasPrefix(words[1], "-"):
		unit = words // a flag: exact
	case isSubcommandWord(words[1]):
		unit = words[:2]
	default:
		unit = words[:1]
	}
	if len(unit) < len(words) && programs.CapPrefix(unit) {
		unit = words
	}
	if programs.CapPrefix(unit) {
		return "", false
	}
	if strings.HasSuffix(unit[len(unit)-1], ":*") {
		// It would read back as a wildcard; record nothing rather than
		// something wider than what was approved.
		return "", false
	}
	quoted := make([]string, len(unit))
	for i, w := range unit {
		q, err := quoteWord(w)
		if err != nil {
			return "", false
		}
		quoted[i] = q
	}
	return "Terminal(" + strings.Join(quoted, " ") + ")", true
}

// isSubcommandWord reports a second word that names a subcommand: letters,
// digits, '-', '_' and ':', starting with a letter (test, status, vitest,
// test:unit) — not a path, a file name or a value.
func isSubcommandWord(w string) bool {
	if w == "" || !(w[0] >= 'a' && w[0] <= 'z' || w[0] >= 'A' && w[0] <= 'Z') {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == ':') {
			return false
		}
	}
	return true
}

// quoteWord quotes a word so that the shell lexer reads it back unchanged.
func quoteWord(w string) (string, error) {
	if w != "" && isPlainWord(w) {
		return w, nil
	}
	return syntax.Quote(w, syntax.LangBash)
}

// isPlainWord reports a word that needs no quoting.
func isPlainWord(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./:=,+@%", c) >= 0) {
			return false
		}
	}
	return true
}
