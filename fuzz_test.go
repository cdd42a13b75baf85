package permengine

import (
	"fmt"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// Fuzz targets. Their seed corpora live in testdata/fuzz/<Target>/ and run
// with every "go test"; "go test -fuzz=FuzzX" explores further.

func FuzzParseRule(f *testing.F) {
	for _, s := range []string{"Terminal(ls)", "Terminal(pnpm test:*)", "Terminal()", "GitPush(algo)", "Termnal(x)", "Terminal(a:*b)", "Terminal(ls; rm)", "Terminal(':*')"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := ParseRule(s)
		if err != nil {
			if r != nil {
				t.Fatalf("%q: a rule and an error", s)
			}
			return
		}
		if r.Text != s {
			t.Fatalf("%q: text %q", s, r.Text)
		}
		if r.Type == Terminal && r.Content {
			if len(r.Words) == 0 {
				t.Fatalf("%q: terminal content with no words", s)
			}
			// A rule matches the command made of its own words.
			if !r.matches(r.Words) {
				t.Fatalf("%q does not match its own words %q", s, r.Words)
			}
		}
	})
}

var fuzzPolicy = MustCompile(Lists{
	File:  "permissions.json",
	Allow: []string{"Terminal(ls)", "Terminal(cat)", "Terminal(git status)", "Terminal(npm test:*)", "Terminal(cd)", "Terminal(echo)", "GitCommit()"},
	Deny:  []string{"Terminal(curl:*)", "Terminal(rm -rf:*)"},
	Ask:   []string{"Terminal(npm install:*)"},
})

var fuzzStricter = MustCompile(Lists{
	File:  "permissions.json",
	Allow: []string{"Terminal(ls)", "Terminal(git status)", "Terminal(npm test:*)", "Terminal(cd)", "GitCommit()"},
	Deny:  []string{"Terminal(curl:*)", "Terminal(rm -rf:*)", "Terminal(cat)", "Terminal(echo:*)"},
	Ask:   []string{"Terminal(npm install:*)"},
})

func FuzzDecide(f *testing.F) {
	f.Add("ls && cat x", "/ws/proj", uint8(0))
	f.Add("echo $(curl x)", "/ws/proj/src", uint8(3))
	f.Add("cd .. && cat ../../etc/passwd", "/ws/proj", uint8(7))
	f.Add("git -c alias.x='!sh' x", "", uint8(9))
	// A git global option that takes a value, with nothing after it.
	for _, s := range []string{"git -C", "git --git-dir", "git --work-tree", "git -c", "git --config-env", "sudo git -C", "git -C x"} {
		f.Add(s, "/ws/proj", uint8(9))
	}
	f.Fuzz(func(t *testing.T, cmd, cwd string, knobs uint8) {
		req := Request{
			Action:   Action{Type: Terminal, Command: cmd, Cwd: cwd},
			Role:     Role(1 + knobs%3),
			Autonomy: Autonomy{Mode: AutonomyMode(knobs / 3 % 4), Origin: Origin(knobs / 12 % 2)},
			Env:      Env{ScopeRoot: "/ws/proj", ContainerRunning: knobs&0x80 != 0},
		}
		d := Decide(fuzzPolicy, req)
		// Decide turns its own panics into internal_error; for the fuzzer
		// that is a failure to find, not a decision.
		if d.Rule == CodeInternalError {
			t.Fatalf("%q: the engine failed: %s", cmd, d.Reason)
		}
		if d.Outcome > AutoApprove || d.Rule == CodeUnset || d.Reason == "" {
			t.Fatalf("%q: malformed decision %+v", cmd, d)
		}
		if !reflect.DeepEqual(d, Decide(fuzzPolicy, req)) {
			t.Fatalf("%q: two different decisions", cmd)
		}
		// Explain checks the caps Decide leaves unchecked on an ask, and
		// decides the same.
		if e := Explain(fuzzPolicy, req); e.Rule == CodeInternalError {
			t.Fatalf("%q: the engine failed in Explain: %s", cmd, e.Reason)
		} else if why := explainDiffers(d, e); why != "" {
			t.Fatalf("%q: %s", cmd, why)
		}
		// A stricter policy (more deny, less allow) never raises.
		if s := Decide(fuzzStricter, req); s.Outcome > d.Outcome {
			t.Fatalf("%q: stricter policy gave %s, looser %s", cmd, s.Outcome, d.Outcome)
		}
		// A higher role never lowers.
		if req.Role < Owner {
			hi := req
			hi.Role++
			if h := Decide(fuzzPolicy, hi); h.Outcome < d.Outcome {
				t.Fatalf("%q: higher role gave %s, lower %s", cmd, h.Outcome, d.Outcome)
			}
		}
		// What a person cannot read faithfully is never auto-approved.
		if d.Outcome == AutoApprove && (!utf8.ValidString(cmd) || strings.ContainsAny(cmd, "\r\x00\x1b\u202e\u200b")) {
			t.Fatalf("%q: auto-approved with hidden characters", cmd)
		}
	})
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(`{"allow": ["Terminal(ls)"], "deny": ["Terminal(curl:*)"], "ask": ["GitPush()"]}`))
	f.Add([]byte(`{"$schema": "x", "allow": []}`))
	f.Add([]byte(`{"allow": [1], "allow": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Parse("permissions.json", data)
		if (file == nil) == (err == nil) {
			t.Fatalf("%q: want exactly one of a file and an error, got %v and %v", data, file, err)
		}
		if err != nil {
			if !strings.HasPrefix(err.Error(), "permissions.json") {
				t.Fatalf("%q: error does not name the file: %v", data, err)
			}
			return
		}
		p, err := Combine(file)
		if err != nil {
			t.Fatalf("%q: parsed but does not compile: %v", data, err)
		}
		// What loads, renders and loads back to the same rules.
		out, err := file.Render()
		if err != nil {
			t.Fatalf("%q: render: %v", data, err)
		}
		again, err := Parse("permissions.json", out)
		if err != nil {
			t.Fatalf("%q: rendered file does not load: %v\n%s", data, err, out)
		}
		q, _ := Combine(again)
		for l := ListDeny; l <= ListAllow; l++ {
			a, b := p.Rules(l), q.Rules(l)
			if len(a) != len(b) {
				t.Fatalf("%q: %s has %d rules, %d after a round trip", data, l, len(a), len(b))
			}
			for i := range a {
				if a[i].Text != b[i].Text {
					t.Fatalf("%q: %s[%d] %q became %q", data, l, i, a[i].Text, b[i].Text)
				}
			}
		}
	})
}

// explainDiffers says how Explain's decision e differs from Decide's d
// beyond what Explain adds (the caps of a decision the rules already sent
// to a person), or "" when it does not.
func explainDiffers(d, e Decision) string {
	if d.Outcome != e.Outcome || d.Rule != e.Rule || d.Reason != e.Reason || d.Segment != e.Segment ||
		d.Pattern != e.Pattern || d.Source != e.Source {
		return fmt.Sprintf("Decide says %s (%s: %s), Explain %s (%s: %s)", d.Outcome, d.Rule, d.Reason, e.Outcome, e.Rule, e.Reason)
	}
	i, j := capStage(d.Trace), capStage(e.Trace)
	if i != j || !reflect.DeepEqual(d.Trace[:i], e.Trace[:j]) {
		return "the traces differ before the caps"
	}
	if i < len(d.Trace) && d.Trace[i].Detail == capsUnchecked {
		if d.Outcome != RequireApproval || i+1 != len(d.Trace) {
			return "Decide left the caps unchecked on " + d.Outcome.String()
		}
		return ""
	}
	if k := len(d.Trace) - 1; k >= 0 && d.Trace[k].Detail == capsAfterFirst {
		// Decide stopped after the first cap that fired: Explain's trace
		// goes on from there, and the count of a cap's unlisted steps may
		// be larger in it.
		if d.Outcome != RequireApproval || k > len(e.Trace) {
			return "Decide stopped checking the caps on " + d.Outcome.String()
		}
		for n := range k {
			a, b := d.Trace[n], e.Trace[n]
			if strings.HasSuffix(a.Detail, notListed) && strings.HasSuffix(b.Detail, notListed) {
				a.Detail, b.Detail = "", ""
			}
			if !reflect.DeepEqual(a, b) {
				return fmt.Sprintf("the traces differ at step %d, before Decide stopped checking the caps", n)
			}
		}
		return ""
	}
	if !reflect.DeepEqual(d.Trace, e.Trace) {
		return "Decide checked the caps, and its trace differs from Explain's"
	}
	return ""
}

// capStage is the index of the first cap step of trace t, or len(t).
func capStage(t []Step) int {
	for i, s := range t {
		if s.Stage == StageCap {
			return i
		}
	}
	return len(t)
}
