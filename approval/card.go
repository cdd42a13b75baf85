package approval

import "github.com/permengine/permengine"

// Risk grades an ask for the approval card: what a person should look at
// twice. It is derived from the decision, never from the agent's words.
type Risk string

// The grades of the card.
const (
	RiskLow    Risk = "low"
	RiskMedium Risk = "medium"
	RiskHigh   Risk = "high"
)

// CapFired is one cap that fired on the command (Explain's trace).
type CapFired struct {
	Code    permengine.Code `json:"code"`
	Segment string          `json:"segment,omitempty"`
	Detail  string          `json:"detail"`
}

// Card is what a person needs to answer an ask: why it asks, which part of
// the command, the caps that fired, how risky it is, and what an "always"
// answer would record — with what each rule would also allow — or why it
// would record nothing.
type Card struct {
	Reason  string     `json:"reason"`
	Segment string     `json:"segment,omitempty"`
	Caps    []CapFired `json:"caps,omitempty"`
	Risk    Risk       `json:"risk"`
	// Always are the rules an "always" answer (session, project, global)
	// would record.
	Always []permengine.Grant `json:"always,omitempty"`
	// AlwaysRefused says why an "always" answer would record nothing (the
	// ask is then answered for this instance only).
	AlwaysRefused string `json:"always_refused,omitempty"`
}

// highRisk are the caps that make an ask high risk: what runs reaches
// outside the machine or above the user (external effect, typed pushes,
// privilege), touches the files that govern the agent (protected paths),
// or cannot be read as it will run (integrity).
var highRisk = map[permengine.Code]bool{
	permengine.CodeExternalEffect: true, permengine.CodeTypedPush: true, permengine.CodePrivileged: true,
	permengine.CodeProtectedPath: true, permengine.CodeIntegrity: true,
}

// NewCard builds the card of an ask from the request, its decision, and
// the policy it was decided with. The caps come from permengine.Explain:
// Decide does not check the caps of a command the rules already send to a
// person, and the card grades the ask by them.
func NewCard(p *permengine.Policy, req permengine.Request, d permengine.Decision) Card {
	c := Card{Reason: d.Reason, Segment: d.Segment}
	for _, s := range permengine.Explain(p, req).Trace {
		if s.Stage == permengine.StageCap && s.Rule.IsCap() {
			c.Caps = append(c.Caps, CapFired{Code: s.Rule, Segment: s.Segment, Detail: s.Detail})
		}
	}
	c.Risk = riskOf(req, c.Caps)
	grants, err := permengine.AlwaysAllowFor(p, req)
	if err != nil {
		c.AlwaysRefused = err.Error()
	} else {
		c.Always = grants
	}
	return c
}

// riskOf grades the caps that fired: high for the caps of highRisk,
// medium for any other cap and for commands and file writes, low for the
// rest.
func riskOf(req permengine.Request, caps []CapFired) Risk {
	r := RiskLow
	if t := req.Action.Type; t == permengine.Terminal || t == permengine.WriteFile {
		r = RiskMedium
	}
	for _, c := range caps {
		if highRisk[c.Code] {
			return RiskHigh
		}
		r = RiskMedium
	}
	return r
}
