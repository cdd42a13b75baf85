package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/casefile"
)

// jsonlResult is one line of decide --jsonl output. A line that is not a
// case gets a result with only its error.
type jsonlResult struct {
	Name    string `json:"name"`
	Outcome string `json:"outcome,omitempty"`
	Rule    string `json:"rule,omitempty"`
	Reason  string `json:"reason,omitempty"`
	Segment string `json:"segment"`
	Pattern string `json:"pattern"`
	Error   string `json:"error,omitempty"`
}

// jsonlPolicies keeps the policy of the last case that carried its own,
// and the layers given with -p for the cases that carry none. Memory stays
// flat: one case at a time, one inline policy kept.
type jsonlPolicies struct {
	fallback *permengine.Policy
	lastKey  string
	last     *permengine.Policy
	lastErr  error
}

// of returns the policy a case decides with, its extensions applied.
func (ps *jsonlPolicies) of(c *casefile.Case) (*permengine.Policy, error) {
	if c.Permissions == nil && c.PermissionsFile == "" {
		return c.WithExtensions(ps.fallback)
	}
	b, _ := json.Marshal(struct {
		P *casefile.Lists
		F string
		E *casefile.Extensions
	}{c.Permissions, c.PermissionsFile, c.Extensions})
	if key := string(b); key != ps.lastKey {
		ps.lastKey = key
		ps.last, ps.lastErr = c.Policy()
	}
	return ps.last, ps.lastErr
}

// decideJSONL streams cases from stdin to decisions on stdout. A line that
// is not a case, or whose policy does not load, gets an error line and
// the stream goes on; the exit code is then 2.
func decideJSONL(f decideFlags, stdin io.Reader, stdout, stderr io.Writer) int {
	ps := &jsonlPolicies{}
	var err error
	if f.policy.layers.set {
		ps.fallback, err = f.policy.loadLayers()
	} else {
		ps.fallback, err = permengine.Compile()
	}
	if err != nil {
		fmt.Fprintf(stderr, "permcheck decide: %v\n", err)
		return exitUsage
	}
	out := bufio.NewWriter(stdout)
	enc := json.NewEncoder(out)
	dec := casefile.NewDecoder("stdin", stdin)
	failed := 0
	for {
		res, ok, err := decideNext(dec, f, ps)
		if err == io.EOF {
			break
		}
		if !ok {
			failed++
		}
		if err := enc.Encode(res); err != nil {
			fmt.Fprintf(stderr, "permcheck decide: writing: %v\n", err)
			return exitUsage
		}
	}
	if err := out.Flush(); err != nil {
		fmt.Fprintf(stderr, "permcheck decide: writing: %v\n", err)
		return exitUsage
	}
	if failed > 0 {
		fmt.Fprintf(stderr, "permcheck decide: %d %s could not be decided (see their \"error\")\n", failed, plural(failed, "line", "lines"))
		return exitUsage
	}
	return exitOK
}

// decideNext decides the next case; ok is false when the result is an
// error line. io.EOF ends the stream.
func decideNext(dec *casefile.Decoder, f decideFlags, ps *jsonlPolicies) (jsonlResult, bool, error) {
	c, err := dec.Next()
	if err == io.EOF {
		return jsonlResult{}, false, io.EOF
	}
	if err != nil {
		return jsonlResult{Error: err.Error()}, false, nil
	}
	f.applyTo(&c)
	res := jsonlResult{Name: c.Name}
	policy, err := ps.of(&c)
	if err == nil {
		var req permengine.Request
		if req, err = c.Request(); err == nil {
			d := permengine.Decide(policy, req)
			res.Outcome, res.Rule, res.Reason, res.Segment, res.Pattern = d.Outcome.String(), d.Rule.String(), d.Reason, d.Segment, d.Pattern
			return res, true, nil
		}
	}
	res.Error = fmt.Sprintf("%s: %v", c.Where(), err)
	return res, false, nil
}

// applyTo gives a case the role, cwd, scope, additional directories and
// extensions the user set
// with flags, where the case has none of its own.
func (f decideFlags) applyTo(c *casefile.Case) {
	if f.given["role"] && c.Role == "" {
		c.Role = f.role
	}
	if f.given["cwd"] && c.Action.Cwd == "" {
		c.Action.Cwd = f.cwd
	}
	if f.given["scope"] && c.Env.ScopeRoot == "" {
		c.Env.ScopeRoot = f.scope
	}
	if f.given["add-dir"] && c.Env.AdditionalDirs == nil {
		c.Env.AdditionalDirs = f.addDirs.values
	}
	if c.Extensions == nil {
		c.Extensions = f.policy.caseExtensions()
	}
}

// plural picks the word for n.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
