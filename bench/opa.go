package bench

import (
	"context"
	_ "embed"
	"fmt"

	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"

	"github.com/permengine/permengine"
)

//go:embed policy.rego
var regoPolicy string

// OPA is the Rego side: a prepared query over the rules, indexed by first
// word.
type OPA struct {
	query rego.PreparedEvalQuery
}

// NewOPA prepares the Rego policy with the Terminal rules of p.
func NewOPA(ctx context.Context, p *permengine.Policy) (*OPA, error) {
	rules := map[string]any{}
	for _, l := range []permengine.List{permengine.ListAllow, permengine.ListAsk, permengine.ListDeny} {
		byVerb := map[string][]any{}
		for _, r := range p.Rules(l) {
			if r.Type != permengine.Terminal || len(r.Words) == 0 {
				continue
			}
			words := make([]any, len(r.Words))
			for i, w := range r.Words {
				words[i] = w
			}
			byVerb[r.Words[0]] = append(byVerb[r.Words[0]], map[string]any{"words": words, "wild": r.Wildcard})
		}
		m := map[string]any{}
		for k, v := range byVerb {
			m[k] = v
		}
		rules[l.String()] = m
	}
	store := inmem.NewFromObject(map[string]any{"rules": rules})
	q, err := rego.New(
		rego.Query("data.perm.decision"),
		rego.Module("policy.rego", regoPolicy),
		rego.Store(store),
	).PrepareForEval(ctx)
	if err != nil {
		return nil, err
	}
	return &OPA{query: q}, nil
}

// Decide splits the command and evaluates the prepared query.
func (o *OPA) Decide(ctx context.Context, cmd string) (string, error) {
	segs := splitSegments(cmd)
	in := make([]any, len(segs))
	for i, s := range segs {
		words := make([]any, len(s))
		for j, w := range s {
			words[j] = w
		}
		in[i] = words
	}
	rs, err := o.query.Eval(ctx, rego.EvalInput(map[string]any{"segments": in}))
	if err != nil {
		return "", err
	}
	if len(rs) != 1 || len(rs[0].Expressions) != 1 {
		return "", fmt.Errorf("unexpected result %v", rs)
	}
	s, _ := rs[0].Expressions[0].Value.(string)
	return s, nil
}
