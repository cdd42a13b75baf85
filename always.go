package permengine

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
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

// AlwaysAllow returns the rules that "always allow" records for an approved
// action, or a *RefusedError. It is AlwaysAllowFor with no policy, keeping
// only the rules. It is pure, like Decide.
func AlwaysAllow(a Action) ([]string, error) {
	grants, err := alwaysAllow(a, nil)
	if err != nil || len(grants) == 0 {
		return nil, err
	}
	out := make([]string, len(grants))
	for i, g := range grants {
		out[i] = g.Rule
	}
	return out, nil
}

// Grant is one rule that "always allow" would record, with what it would
// also allow besides the approved command, in words, for the host to show
// before the person answers.
type Grant struct {
	Rule       string `json:"rule"`
	AlsoAllows string `json:"also_allows"`
}

// AlwaysAllowFor returns the rules that "always allow" records for an
// approved request under a policy, each with what it would also allow, or
// a *RefusedError. The policy's extensions count: a command they give
// external effect is refused like a built-in one. A nil policy is an empty
// one. It is pure, like Decide.
//
// Capped action types are refused; any other non-terminal type records
// Label(). A terminal command is refused when a segment has external
// effect, privilege or runs a command on another machine (ssh host cmd,
// kubectl exec), or when the command has the integrity cap. Otherwise each
// segment gives at most one rule, its unit, cut so that it grants no more
// than the person saw:
//
//   - the program and its subcommand (npm test, git status), or the program
//     alone when the second word is an argument (cat src/x.ts → cat);
//   - the script, file or package when the subcommand runs one (npm run
//     lint, go run ./cmd/x, python x.py, npx vitest), with its own
//     subcommand when one follows (npx hardhat test, python manage.py
//     migrate);
//   - a cloud CLI's command down to its verb when the verb only reads (aws
//     s3 ls);
//   - for families that mix reading and destroying (git checkout, git
//     branch, git stash, git clean, kubectl), the subcommand with the mode
//     that reads (or creates a branch); another mode, and the bare
//     subcommand, record nothing, since a rule matches by word prefix and a
//     flag added after the segment changes its mode (git checkout main -f);
//   - nothing for a program that removes the files it names (rm, chmod),
//     signals processes (kill, pkill) or moves the branch (git reset,
//     git restore), or whose rule would be too broad; when no segment
//     records a rule for such a reason, the answer is refused with it;
//   - the exact segment when the second word is a flag, when the program
//     runs a command in a container, when the verb changes something, and
//     when the unit would be a prefix of a cap or too broad (see TooBroad);
//   - nothing when even the exact segment is a cap prefix or too broad.
//
// Duplicates are dropped, order is kept, and every rule is quoted so that
// it parses back to the segment's words and matches the segment.
func AlwaysAllowFor(p *Policy, req Request) ([]Grant, error) {
	var extra [][]string
	if p != nil {
		extra = p.ext.ExternalEffect
	}
	return alwaysAllow(req.Action, extra)
}

func alwaysAllow(a Action, extra [][]string) ([]Grant, error) {
	if !a.Type.valid() {
		return nil, &RefusedError{Type: a.Type, Code: CodeInvalidAction, Reason: "unknown action type"}
	}
	if code := a.Type.capCode(); code != CodeUnset {
		// The type's cap would be decorative if one click could allow it
		// forever.
		return nil, &RefusedError{Type: a.Type, Code: code, Reason: a.Type.String() + " is capped: a person approves every one"}
	}
	if a.Type != Terminal {
		return []Grant{{Rule: a.Type.Label() + "()", AlsoAllows: "every " + a.Type.String() + " action, whatever its target"}}, nil
	}
	if strings.TrimSpace(a.Command) == "" {
		return nil, &RefusedError{Type: a.Type, Code: CodeInvalidAction, Reason: "empty command"}
	}
	cmd, err := readForAlways(a)
	if err != nil {
		return nil, err
	}
	var out []Grant
	var held *RefusedError // the first segment held back for this answer only
	seen := map[string]bool{}
	inner := innerSegments(cmd)
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		if err := refuseSegment(s, extra); err != nil {
			return nil, err
		}
		if s.Carried || s.WrapperSeg != 0 {
			// The package runner's or the wrapper's rule, recorded for
			// its segment, allows it; a rule of its own would allow it
			// outside (pytest -x on the host, not in the container).
			continue
		}
		unit, says := wrappedUnit(cmd, inner, i, extra)
		g, ok := segmentGrant(s.Words, unit, says, extra)
		if !ok {
			if why := heldBack(innermost(cmd, inner, i)); why != "" && held == nil {
				held = &RefusedError{Type: Terminal, Segment: s.Text, Reason: why}
			}
			continue
		}
		if seen[g.Rule] {
			continue
		}
		seen[g.Rule] = true
		out = append(out, g)
	}
	if len(out) == 0 && held != nil {
		return nil, held
	}
	return out, nil
}

// heldBack says why a segment records no rule although nothing in it is
// refused: a family whose mode a flag added after it changes (git reset,
// git checkout main), a program that signals processes, one that removes
// the files it names, or a rule that would be too broad (TooBroad: sqlite3
// db .tables, bash x.sh); "" for a cap prefix (git alone).
func heldBack(words []string) string {
	if len(words) == 0 {
		return ""
	}
	if argmodel.InstallsPackages(words) {
		return words[0] + " installs the packages its words name, and their install scripts run: a rule of it would allow any other package after them (npm i lodash evil); the answer holds for this command only"
	}
	if row, ok := programs.Unit(words); ok {
		switch {
		case row.Kind == programs.UnitOnce:
			return row.Says + ": a rule of it would allow that too; the answer holds for this command only"
		case row.Kind == programs.UnitModes && len(words) > 1+len(row.Sub):
			return "a rule of this command would also allow it with a flag added after it, which may change what it does (only " +
				strings.Join(row.Modes, ", ") + " are remembered); the answer holds for this command only"
		}
		return ""
	}
	if defaultGoal(words) {
		return words[0] + " with no goal runs its default one: a rule of it would allow any goal added after it (make -j4 deploy); the answer holds for this command only"
	}
	if programs.RemovesOperands(words) {
		return words[0] + " removes or changes the files its words name: a rule of it would allow it with more of them (rm x -rf src); the answer holds for this command only"
	}
	if why := TooBroad(words); why != "" && !programs.CapPrefix(words) {
		return "a rule of it would be too broad (" + why + "); the answer holds for this command only"
	}
	return ""
}

// readForAlways reads a terminal command, refusing one with the integrity
// cap.
func readForAlways(a Action) (*shell.Command, error) {
	refuse := func(why string) error {
		return &RefusedError{Type: Terminal, Code: CodeIntegrity, Reason: why}
	}
	if why := shell.IntegrityProblem(a.Command); why != "" {
		return nil, refuse(why)
	}
	cmd := shell.Read(a.Command, a.Cwd)
	switch {
	case cmd.ParseErr != "":
		return nil, refuse("the command does not parse (" + cmd.ParseErr + ")")
	case cmd.Control != "":
		return nil, refuse("the command uses " + cmd.Control)
	case cmd.Dynamic != "":
		return nil, refuse(cmd.Dynamic)
	case cmd.TooDeep || cmd.TooMany || cmd.Bound != "":
		return nil, refuse("the command is nested too deep or too long")
	}
	return cmd, nil
}

// refuseSegment refuses a segment with external effect, privilege, remote
// execution or a computed program, in any of its views.
func refuseSegment(s *shell.Segment, extra [][]string) error {
	refuse := func(code Code, why string) error {
		return &RefusedError{Type: Terminal, Segment: s.Text, Code: code, Reason: why}
	}
	j := judgeSegment(s, extra, unlimitedWork())
	if j.reaches {
		return refuse(reachCode(j.reach), j.reach.Why)
	}
	if j.computed != "" {
		return refuse(CodeIntegrity, j.computed)
	}
	if s.ComputedProgram() != "" {
		return refuse(CodeIntegrity, "the program is computed at run time")
	}
	for _, v := range s.Views {
		if len(v) == 0 {
			continue
		}
		if row, ok := programs.Unit(v); ok && row.Kind == programs.UnitRemote {
			return refuse(CodeExternalEffect, row.Says+": remote execution has external effect; approve each one")
		}
	}
	return nil
}

// innerSegments returns, for each segment that is a wrapper or runner,
// the segment it runs (nice npm test runs npm test), -2 where it runs
// more than one, and -1 for the others.
func innerSegments(cmd *shell.Command) []int {
	inner := make([]int, len(cmd.Segs))
	for i := range inner {
		inner[i] = -1
	}
	for j := range cmd.Segs {
		if w := cmd.Segs[j].WrapperSeg - 1; w >= 0 && w < len(inner) {
			if inner[w] == -1 {
				inner[w] = j
			} else {
				inner[w] = -2
			}
		}
	}
	return inner
}

// innermost returns the words of the command a chain of wrappers from
// segment i runs at last (nice timeout 5 npm: npm), or segment i's own.
func innermost(cmd *shell.Command, inner []int, i int) []string {
	for n := 0; inner[i] >= 0 && n < len(inner); n++ {
		i = inner[i]
	}
	return cmd.Segs[i].Words
}

// wrappedUnit returns the unit of segment i: for a wrapper, its words
// before the command it runs and that command's own unit (nice npm test,
// timeout 60 make test; the wrapper's name and npm alone would allow nice
// npm i URL), the whole segment when it runs several commands; for another
// segment, cutUnit's. A nil unit records nothing.
func wrappedUnit(cmd *shell.Command, inner []int, i int, extra [][]string) ([]string, string) {
	s := &cmd.Segs[i]
	j := inner[i]
	switch {
	case len(s.Words) == 0:
		return nil, "" // a segment of no words (redirections alone) records nothing
	case j == -1:
		if defaultGoal(s.Words) {
			return nil, ""
		}
		return cutUnit(s.Words)
	case j < 0:
		return s.Words, exactSays
	}
	in := cmd.Segs[j].Words
	unit, says := wrappedUnit(cmd, inner, j, extra)
	if unit != nil && len(unit) < len(in) && (capPrefix(unit, extra) || TooBroad(unit) != "" || execVerbAlone(unit)) {
		unit, says = in, exactSays // the command inside is judged as a segment of its own would be
	}
	k := cmd.Segs[j].WrapperWords
	if unit == nil || capPrefix(unit, extra) || TooBroad(unit) != "" || k < 1 || k > len(s.Words) {
		return nil, "" // nothing of the wrapper's own: its rule would allow the command inside anywhere
	}
	return append(slices.Clip(s.Words[:k]), unit...), says
}

// segmentGrant returns the rule one segment records, or false: unit is the
// segment's unit and says what a rule of it allows (wrappedUnit).
func segmentGrant(words, unit []string, says string, extra [][]string) (Grant, bool) {
	if len(words) == 0 {
		return Grant{}, false
	}
	if unit == nil {
		return Grant{}, false
	}
	if len(unit) < len(words) && (capPrefix(unit, extra) || TooBroad(unit) != "" || execVerbAlone(unit)) {
		unit, says = words, exactSays
	}
	if capPrefix(unit, extra) || TooBroad(unit) != "" {
		return Grant{}, false
	}
	if slices.ContainsFunc(unit, func(w string) bool { return strings.Contains(w, ":*") }) {
		// At the end it would read back as a wildcard, and anywhere else
		// a rule cannot say it (aws s3 ls 's3:*x'): record nothing rather
		// than something wider than what was approved, or a rule that
		// does not load.
		return Grant{}, false
	}
	quoted := make([]string, len(unit))
	for i, w := range unit {
		q, err := quoteWord(w)
		if err != nil {
			return Grant{}, false
		}
		quoted[i] = q
	}
	rule := strings.Join(quoted, " ")
	return Grant{Rule: "Terminal(" + rule + ")", AlsoAllows: rule + ": " + says}, true
}

// capPrefix reports a unit that is a prefix of a cap: a built-in row of
// external effect or privilege, or one of the host's extensions.
func capPrefix(unit []string, extra [][]string) bool {
	if programs.CapPrefix(unit) {
		return true
	}
	for _, row := range extra {
		if len(unit) <= len(row) && slices.Equal(unit, row[:len(unit)]) {
			return true
		}
	}
	return false
}

// execVerbAlone reports a unit of a program alone that has exec-capable
// arguments (find, sed, tar): it would also allow them, so the segment is
// kept whole.
func execVerbAlone(unit []string) bool {
	return len(unit) == 1 && programs.BitsOf(unit[0])&programs.Exec != 0
}

// exactSays is what an exact rule allows besides the segment: a rule
// matches by word prefix.
const exactSays = "this command, and the same command with more arguments after it"

// cutUnit returns the unit of a segment's words, and what it allows in
// words; a nil unit records nothing.
func cutUnit(words []string) ([]string, string) {
	if programs.IsAssignment(words[0]) {
		return words, exactSays
	}
	if argmodel.InstallsPackages(words) || familyAlone(words) {
		return nil, "" // npm i lodash would allow npm i lodash evil, npm any npm command (heldBack)
	}
	if programs.HasGoals(words[0]) && len(words) > 1 {
		// make test release: every goal is the person's; a rule of the
		// first alone would not allow the second (each goal is read
		// alone), nor would a rule of both allow a third.
		return words, exactSays
	}
	row, ok := programs.Unit(words)
	if !ok {
		if programs.RemovesOperands(words) {
			// rm x.txt: a rule of it allows rm x.txt -rf src.
			return nil, ""
		}
		return defaultUnit(words)
	}
	at := 1 + len(row.Sub) // the first word after the program and subcommand
	switch row.Kind {
	case programs.UnitTarget:
		return targetUnit(words, at, row.Says)
	case programs.UnitVerb:
		end := at
		for end < len(words) && isSubcommandWord(words[end]) {
			end++
		}
		if end == at || !readVerb(words[end-1], row.Modes) {
			return words, exactSays
		}
		return words[:end], row.Says
	case programs.UnitModes:
		if at >= len(words) {
			return nil, "" // the bare subcommand is a prefix of every mode
		}
		mode, _, _ := strings.Cut(words[at], "=")
		if slices.Contains(row.Modes, mode) {
			return words[:at+1], row.Says
		}
		return nil, "" // another mode: a flag added after it may change it again
	case programs.UnitOnce:
		return nil, ""
	}
	return words, exactSays
}

// targetUnit cuts at the script, file or package named at words[at]
// (python -m MODULE counts as one); a flag before it keeps the segment.
func targetUnit(words []string, at int, says string) ([]string, string) {
	switch {
	case at >= len(words):
		return words, exactSays
	case words[at] == "-m" && at+1 < len(words) && programs.BitsOf(words[0])&programs.Interpreter != 0:
		return words[:at+2], says
	case strings.HasPrefix(words[at], "-") || programs.RunsCode(programs.BaseName(words[at])):
		return words, exactSays
	case at+1 < len(words) && isSubcommandWord(words[at+1]):
		// The target's own subcommand is part of what the person saw:
		// npx hardhat test must not allow npx hardhat run deploy.js,
		// nor python manage.py migrate allow python manage.py shell.
		return words[:at+2], "this command of " + words[at] + ", with any arguments after it; no other command of it"
	}
	return words[:at+1], says
}

// readVerb reports a cloud CLI verb that only reads.
func readVerb(v string, read []string) bool {
	if slices.Contains(read, v) {
		return true
	}
	for _, p := range []string{"describe-", "get-", "list-"} {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

// defaultUnit is the program and its subcommand when the second word is
// a word, the program alone when it is another argument, the exact
// segment when it is a flag.
func defaultUnit(words []string) ([]string, string) {
	switch {
	case len(words) == 1:
		return words, exactSays
	case strings.HasPrefix(words[1], "-"):
		return words, exactSays
	case programs.BitsOf(words[0])&(programs.Writes|programs.Trees) != 0:
		// cp a b, mv a b: its words are files it writes, not a subcommand;
		// a rule of cp a would allow cp a Makefile.
		return words, exactSays
	case isSubcommandWord(words[1]):
		return words[:2], "every " + words[0] + " " + words[1] + " command, with any arguments after it"
	}
	return words[:1], "every " + words[0] + " command, with any arguments (paths outside the project still ask)"
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
	if w != "" && isPlainWord(w) && !syntax.IsKeyword(w) {
		return w, nil
	}
	return syntax.Quote(w, syntax.LangBash)
}

// isPlainWord reports a word of characters that need no quoting; a
// reserved word (do, time) needs quoting all the same, or the rule would
// read back as shell grammar.
func isPlainWord(w string) bool {
	for i := 0; i < len(w); i++ {
		c := w[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("-_./:=,+@%", c) >= 0) {
			return false
		}
	}
	return true
}

// familyAlone reports a program with subcommands or goals given alone
// (npm, git, make): a rule of it would allow every command of the family.
func familyAlone(words []string) bool {
	if len(words) != 1 {
		return false
	}
	if programs.HasGoals(words[0]) {
		return true
	}
	m := argmodel.Lookup(programs.BaseName(words[0]))
	return m != nil && (len(m.Subs) > 0 || m.OpenSubs)
}

// defaultGoal reports a segment of a goal program (make, rake, just) with
// options but no goal: it runs the default goal, and a rule of its words
// would allow any goal after them.
func defaultGoal(words []string) bool {
	if len(words) < 2 {
		return false
	}
	goals, ok := programs.GoalIndexes(words, make([]uint8, len(words)), shell.WordExpands)
	return ok && len(goals) == 0
}
