package bashsandbox_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/internal/bashsandbox"
)

// The oracle's fixed run: the seed and how many commands it generates.
// ORACLE_SEED and ORACLE_N choose another run, to explore; such a run
// fails on any finding, since no list of known findings holds for it.
const (
	oracleSeed = 1
	oracleN    = 240
)

var oracleFindings = filepath.Join("..", "..", "testdata", "oracle", "findings.txt")

const oracleHeader = `# Programs bash ran that the engine never saw while it auto-approved the
# command: the dynamic oracle's findings for its fixed seed and count, one
# per line, "index program command" (the command as a JSON string). The
# oracle test asserts this list exactly, so a fix forces its lines out.
# Rewrite with: go test ./internal/bashsandbox -run TestOracle -update
`

// TestOracle is the dynamic oracle. A seeded generator builds commands
// from shell grammar and an option vocabulary; the engine judges each
// under a permissive allow list in auto mode; each command it approves
// runs under bash in the sandbox with no real program at all, where every
// program bash tries to run is recorded with its arguments (and every
// builtin, through a DEBUG trap). The property: every recorded program is
// the program of a segment the engine's trace names. A program bash ran
// that the engine never saw, while it approved, is a bypass found by
// machine.
func TestOracle(t *testing.T) {
	k := needKit(t)
	seed, n, fixed := oracleRun(t)
	g := newGen(seed)
	var findings []string
	approved, recorded := 0, 0
	for i := 0; i < n; i++ {
		cmd := g.command()
		f, rec, ok := oracleOne(t, k, cmd)
		if ok {
			approved++
			recorded += rec
		}
		for _, p := range f {
			findings = append(findings, fmt.Sprintf("%d %s %s", i, p, quoteJSON(cmd)))
		}
	}
	t.Logf("oracle: seed %d, %d commands generated, %d auto-approved and run under bash, %d programs and builtins recorded, %d findings",
		seed, n, approved, recorded, len(findings))
	if !fixed {
		for _, f := range findings {
			t.Errorf("finding: %s", f)
		}
		return
	}
	checkFindings(t, findings)
}

func oracleRun(t *testing.T) (seed uint64, n int, fixed bool) {
	seed, n, fixed = oracleSeed, oracleN, true
	if s := os.Getenv("ORACLE_SEED"); s != "" {
		v, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("ORACLE_SEED: %v", err)
		}
		seed, fixed = v, false
	}
	if s := os.Getenv("ORACLE_N"); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("ORACLE_N: %v", err)
		}
		n, fixed = v, false
	}
	return seed, n, fixed
}

// oraclePolicy is permissive: the everyday programs are allowed, and the
// command is judged in auto mode.
var oraclePolicy = permengine.Lists{Allow: []string{"Terminal(echo)", "Terminal(ls)", "Terminal(cat)", "Terminal(grep)",
	"Terminal(sed -n)", "Terminal(find)", "Terminal(git status)", "Terminal(git log)", "Terminal(make build)", "Terminal(true)", "Terminal(printf)"}}

// oracleOne judges one command and, if the engine approves it, runs it
// and returns the recorded programs the engine did not see, how many were
// recorded, and true.
func oracleOne(t *testing.T, k *bashsandbox.Kit, cmd string) ([]string, int, bool) {
	t.Helper()
	in, err := k.New()
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = in.Remove() }()
	p, err := permengine.Compile(oraclePolicy)
	if err != nil {
		t.Fatal(err)
	}
	var req permengine.Request
	req.Action = permengine.Action{Type: permengine.Terminal, Command: cmd, Cwd: in.Project}
	req.Role = permengine.Developer
	req.Autonomy = permengine.Autonomy{Mode: permengine.AutonomyAutoApprove, Origin: permengine.OriginWildcard}
	req.Env.ScopeRoot = in.Project
	d := permengine.Decide(p, req)
	if d.Outcome != permengine.AutoApprove {
		return nil, 0, false
	}
	r, err := in.Run(bashsandbox.Record, cmd, runTimeout)
	if err != nil {
		t.Fatal(err)
	}
	seen, words := seenPrograms(d)
	var missed []string
	for _, name := range ranPrograms(r) {
		if !seen[name] {
			missed = append(missed, name)
		}
	}
	for _, c := range r.Calls {
		name := path.Base(c.Name)
		if sub := subcommand(name, c.Args); sub != "" && seen[name] && !words[name][sub] {
			missed = append(missed, name+" "+sub)
		}
	}
	return dedupe(missed), len(r.Calls), true
}

// subcommandPrograms are the programs whose subcommand decides their
// effect; for them the oracle also checks that the subcommand bash ran is
// a literal word of a segment of theirs.
var subcommandPrograms = map[string]bool{"git": true, "kubectl": true, "docker": true, "npm": true, "helm": true, "gh": true}

// subcommand is the first argument that is not an option (for git, not
// the value of -C or -c either), for the programs of subcommandPrograms.
func subcommand(name string, args []string) string {
	if !subcommandPrograms[name] {
		return ""
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case name == "git" && (a == "-C" || a == "-c"):
			i++
		case !strings.HasPrefix(a, "-"):
			return a
		}
	}
	return ""
}

// ranPrograms names what bash ran: every recorded program (by the base
// name of the file it ran, or the name it could not find), and every
// builtin the DEBUG trap saw.
func ranPrograms(r *bashsandbox.Result) []string {
	var out []string
	for _, c := range r.Calls {
		if c.Name != "debug" {
			out = append(out, path.Base(c.Name))
			continue
		}
		if len(c.Args) == 0 {
			continue
		}
		first, _, _ := strings.Cut(strings.TrimSpace(c.Args[0]), " ")
		if bashBuiltins[first] {
			out = append(out, first)
		}
	}
	return out
}

// bashBuiltins are the builtins of bash that the DEBUG trap may report.
var bashBuiltins = func() map[string]bool {
	m := map[string]bool{}
	for _, b := range strings.Fields(`alias bg bind break builtin caller cd command compgen complete compopt continue
		declare dirs disown echo enable eval exec exit export false fc fg getopts hash help history jobs kill let
		local logout mapfile popd printf pushd pwd read readarray readonly return set shift shopt source suspend
		test times trap true type typeset ulimit umask unalias unset wait`) {
		m[b] = true
	}
	return m
}()

// seenPrograms names the programs of the segments the decision's trace
// names: the first word that is not an assignment, when it is literal,
// and its base name; and, for each, the literal words of its segments.
// The trace lists segments but not the views the engine looks through;
// bash's own wrappers (command, builtin, exec) are looked through here so
// that what they run counts as seen.
func seenPrograms(d permengine.Decision) (map[string]bool, map[string]map[string]bool) {
	seen := map[string]bool{}
	words := map[string]map[string]bool{}
	for _, s := range d.Trace {
		if s.Segment == "" {
			continue
		}
		progs, ws := segmentPrograms(s.Segment)
		for _, p := range progs {
			for _, name := range []string{p, path.Base(p)} {
				seen[name] = true
				if words[name] == nil {
					words[name] = map[string]bool{}
				}
				for _, w := range ws {
					words[name][w] = true
				}
			}
		}
	}
	return seen, words
}

// segmentPrograms reads a segment's literal program words (its first
// word, and the word after each of bash's wrapper builtins) and all its
// literal words.
func segmentPrograms(segment string) (progs, words []string) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(segment), "")
	if err != nil || len(f.Stmts) == 0 {
		return nil, nil
	}
	return stmtPrograms(f.Stmts[0])
}

func stmtPrograms(st *syntax.Stmt) (progs, words []string) {
	var call *syntax.CallExpr
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		call = c
	case *syntax.DeclClause: // declare, export, local, readonly, typeset
		return []string{c.Variant.Value}, nil
	case *syntax.LetClause:
		return []string{"let"}, nil
	case *syntax.TimeClause:
		if c.Stmt != nil {
			return stmtPrograms(c.Stmt)
		}
		return nil, nil
	default:
		return nil, nil
	}
	wrapped := true
	for _, w := range call.Args {
		v, ok := literal(w)
		if !ok {
			wrapped = false
			continue
		}
		words = append(words, v)
		if wrapped {
			progs = append(progs, v)
			wrapped = v == "command" || v == "builtin" || v == "exec" || strings.HasPrefix(v, "-")
		}
	}
	return progs, words
}

// literal is a word's value after quote removal, if it has no expansion.
func literal(w *syntax.Word) (string, bool) {
	var b strings.Builder
	for _, part := range w.Parts {
		switch p := part.(type) {
		case *syntax.Lit:
			unescape(&b, p.Value, "")
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				l, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				unescape(&b, l.Value, "$`\"\\")
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

// unescape writes text as bash removes its backslashes: a backslash
// quotes the character after it (\\ is one backslash) and a
// backslash-newline is removed. Inside double quotes (only non-empty) it
// quotes only those characters and a newline, and stays before any other.
func unescape(b *strings.Builder, text, only string) {
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c != '\\' || i+1 == len(text) {
			b.WriteByte(c)
			continue
		}
		next := text[i+1]
		switch {
		case next == '\n':
			i++
		case only == "" || strings.IndexByte(only, next) >= 0:
			b.WriteByte(next)
			i++
		default:
			b.WriteByte(c)
		}
	}
}

func dedupe(xs []string) []string {
	sort.Strings(xs)
	var out []string
	for i, x := range xs {
		if i == 0 || x != xs[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// checkFindings compares the findings with the known list, or rewrites
// the list under -update.
func checkFindings(t *testing.T, findings []string) {
	t.Helper()
	if *update {
		body := oracleHeader + strings.Join(findings, "\n") + "\n"
		if len(findings) == 0 {
			body = oracleHeader
		}
		if err := os.MkdirAll(filepath.Dir(oracleFindings), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(oracleFindings, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	data, err := os.ReadFile(oracleFindings)
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, l := range strings.Split(string(data), "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			known[l] = true
		}
	}
	got := map[string]bool{}
	for _, f := range findings {
		got[f] = true
		if !known[f] {
			t.Errorf("new finding (a bypass, or rewrite %s with -update): %s", oracleFindings, f)
		}
	}
	for f := range known {
		if !got[f] {
			t.Errorf("known finding no longer found (fixed? remove it from %s): %s", oracleFindings, f)
		}
	}
}

// The oracle's reading of a literal word is bash's quote removal: a
// wrong one names programs bash never ran (\\ls runs a program named \ls).
func TestOracleLiteral(t *testing.T) {
	for _, tt := range []struct{ word, want string }{
		{`\\ls`, `\ls`},
		{`l\s`, `ls`},
		{`a\ b`, `a b`},
		{`"a\$b"`, `a$b`},
		{`"a\b"`, `a\b`},
		{`"a\\b"`, `a\b`},
		{`'a\b'`, `a\b`},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(tt.word), "")
		if err != nil {
			t.Fatal(err)
		}
		call := f.Stmts[0].Cmd.(*syntax.CallExpr)
		got, ok := literal(call.Args[0])
		if !ok || got != tt.want {
			t.Errorf("literal(%s) = %q, %v; want %q", tt.word, got, ok, tt.want)
		}
	}
}
