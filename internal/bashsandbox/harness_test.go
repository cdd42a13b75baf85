package bashsandbox_test

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/casefile"
	"github.com/permengine/permengine/internal/bashsandbox"
)

var update = flag.Bool("update", false, "rewrite the lists of open cases and of the oracle's known findings from what the engine does today")

// placeholder stands for the sandbox project's directory in cases: it is
// replaced the same way in what bash runs and in what the engine judges.
const placeholder = "$PROJECT"

// runTimeout bounds one command in the sandbox. It only stops a command
// that hangs: a case that compiles (go test in a sandbox with an empty
// build cache takes about 20 s alone) can take three times that while
// the other cases run beside it on a machine of two cores.
const runTimeout = 3 * time.Minute

var (
	kit    *bashsandbox.Kit
	kitErr error
)

func TestMain(m *testing.M) {
	bashsandbox.MaybeSetup()
	flag.Parse()
	// The runs wait on programs starting and stopping, not on this
	// process: unless asked otherwise, run more of them at once.
	if f := flag.Lookup("test.parallel"); f != nil && f.Value.String() == strconv.Itoa(runtime.GOMAXPROCS(0)) {
		_ = f.Value.Set("6")
	}
	dir, err := os.MkdirTemp("", "bashsandbox")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	kit, kitErr = bashsandbox.NewKit(filepath.Join("..", "..", "testdata", "sandbox"), dir)
	code := m.Run()
	_ = os.RemoveAll(dir)
	os.Exit(code)
}

// needKit returns the sandbox kit, or skips the test with the reason the
// machine cannot run it.
func needKit(t *testing.T) *bashsandbox.Kit {
	t.Helper()
	if errors.Is(kitErr, bashsandbox.ErrUnavailable) {
		t.Skipf("skipped: this machine cannot run the bash sandbox (it needs /usr/bin/bash and unshare with user namespaces): %v", kitErr)
	}
	if kitErr != nil {
		t.Fatal(kitErr)
	}
	return kit
}

// readCases reads every *.jsonl case file of dir, in name order, and
// checks that case names are unique.
func readCases(t *testing.T, dir string) []casefile.Case {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(dir, "*.jsonl"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no case files in %s (%v)", dir, err)
	}
	var out []casefile.Case
	seen := map[string]string{}
	for _, f := range files {
		cs, err := casefile.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range cs {
			if prev, dup := seen[c.Name]; dup {
				t.Errorf("%s: case name %q already used at %s", c.Where(), c.Name, prev)
			}
			seen[c.Name] = c.Where()
			out = append(out, c)
		}
	}
	return out
}

// substitute replaces the placeholder with the project's directory in
// every field that bash or the engine reads.
func substitute(c casefile.Case, project string) casefile.Case {
	r := strings.NewReplacer(placeholder, project)
	c.Action.Command = r.Replace(c.Action.Command)
	c.Action.Cwd = r.Replace(c.Action.Cwd)
	c.Action.Path = r.Replace(c.Action.Path)
	c.Env.ScopeRoot = r.Replace(c.Env.ScopeRoot)
	c.Effect = r.Replace(c.Effect)
	if c.Permissions != nil {
		l := *c.Permissions
		l.Allow, l.Deny, l.Ask = replaceAll(r, l.Allow), replaceAll(r, l.Deny), replaceAll(r, l.Ask)
		c.Permissions = &l
	}
	return c
}

func replaceAll(r *strings.Replacer, in []string) []string {
	out := make([]string, len(in))
	for i, s := range in {
		out[i] = r.Replace(s)
	}
	return out
}

// openList is a file of known open cases: "outcome name" per line, "#"
// comments. A case on it is one whose decision is not yet what its want
// says; the test asserts that it still decides exactly that outcome, so
// that a fix forces its removal and the list never goes stale.
type openList struct {
	path   string
	known  map[string]string
	mu     chan struct{}
	seen   map[string]string // the cases judged open in this run
	judged map[string]bool   // the cases judged in this run
}

func readOpenList(t *testing.T, path string) *openList {
	t.Helper()
	l := &openList{path: path, known: map[string]string{}, seen: map[string]string{}, judged: map[string]bool{}, mu: make(chan struct{}, 1)}
	data, err := os.ReadFile(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		outcome, name, ok := strings.Cut(line, " ")
		if _, err := permengine.ParseOutcome(outcome); !ok || err != nil {
			t.Fatalf("%s:%d: want \"outcome name\", got %q", path, n, line)
		}
		l.known[strings.TrimSpace(name)] = outcome
	}
	return l
}

// judge checks a decision against a case's want and the open list: a
// case off the list must hold; a case on it must decide exactly what the
// list says.
func (l *openList) judge(t *testing.T, c casefile.Case, holds bool, got permengine.Decision) {
	t.Helper()
	l.mu <- struct{}{}
	l.judged[c.Name] = true
	if !holds {
		l.seen[c.Name] = got.Outcome.String()
	}
	<-l.mu
	if *update {
		return
	}
	want, open := l.known[c.Name]
	switch {
	case !open && !holds:
		t.Errorf("%s: %s: decided %s (%s: %s), want %s; a new bypass (or add it to %s)",
			c.Where(), c.Name, got.Outcome, got.Rule, got.Reason, c.Want.Outcome, filepath.Base(l.path))
	case open && holds:
		t.Errorf("%s: %s is fixed (decided %s, %s): remove it from %s", c.Where(), c.Name, got.Outcome, got.Rule, l.path)
	case open && got.Outcome.String() != want:
		t.Errorf("%s: %s: decided %s, but %s says %s: update the list", c.Where(), c.Name, got.Outcome, l.path, want)
	}
}

// finish rewrites the list under -update (keeping the lines of existing
// cases this run did not judge, as when -run selects some), and otherwise
// checks that it names only cases that exist.
func (l *openList) finish(t *testing.T, names map[string]bool, header string) {
	t.Helper()
	if *update {
		var lines []string
		for n, o := range l.seen {
			lines = append(lines, o+" "+n)
		}
		for n, o := range l.known {
			if names[n] && !l.judged[n] {
				lines = append(lines, o+" "+n)
			}
		}
		sort.Strings(lines)
		body := header + strings.Join(lines, "\n") + "\n"
		if err := os.WriteFile(l.path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	for n := range l.known {
		if !names[n] {
			t.Errorf("%s names %q, which is no case", l.path, n)
		}
	}
}
