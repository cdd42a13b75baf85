package approval

import (
	"errors"
	"fmt"
	"time"

	"github.com/permengine/permengine"
)

// The sentinel errors. Errors returned by a Service or a Store wrap one of
// them where one applies.
var (
	// ErrNotFound: no ask or entry has that id.
	ErrNotFound = errors.New("approval: no such ask")
	// ErrConflict: the ask is no longer pending (answered, decided by the
	// policy, or expired), and the answer cannot be applied.
	ErrConflict = errors.New("approval: the ask is no longer pending")
	// ErrInvalidAnswer: the answer itself is wrong (a deny with a remember,
	// an unknown decision or scope, a message over MaxMessage, no subject).
	ErrInvalidAnswer = errors.New("approval: invalid answer")
	// ErrNotAsk: an ask was raised for a decision that is not
	// require_approval.
	ErrNotAsk = errors.New("approval: the decision does not ask a person")
)

// Bounds of what an answer and an entry carry.
const (
	MaxMessage = 4096 // bytes of a person's message
	MaxSubject = 256  // bytes of a subject
	MaxOwner   = 256  // bytes of an owner, agent or session name
)

// Verdict is a person's answer: allow or deny.
type Verdict string

// The answers a person gives.
const (
	Allow Verdict = "allow"
	Deny  Verdict = "deny"
)

// Remember is how long an allow is remembered. The zero value is
// RememberNone: this ask only.
type Remember string

// The scopes of an answer.
const (
	RememberNone    Remember = "none"    // this ask only
	RememberSession Remember = "session" // an allow layer kept for the session
	RememberProject Remember = "project" // rules appended to the project's permissions.json
	RememberGlobal  Remember = "global"  // rules appended to the user's own file
)

// normal returns r with "" read as none, and whether it is a known scope.
func (r Remember) normal() (Remember, bool) {
	switch r {
	case "", RememberNone:
		return RememberNone, true
	case RememberSession, RememberProject, RememberGlobal:
		return r, true
	}
	return r, false
}

// Status is where an ask is in its life. Only Pending can change.
type Status string

// The states of an ask.
const (
	Pending Status = "pending"
	Allowed Status = "allowed"
	Denied  Status = "denied"
	Expired Status = "expired"
)

// Outcome is the final word of an audit entry.
type Outcome string

// The outcomes of an audit entry.
const (
	OutcomeAllow   Outcome = "allow"
	OutcomeDeny    Outcome = "deny"
	OutcomeExpired Outcome = "expired"
)

// outcomeOf maps a final status to the entry's outcome.
func outcomeOf(s Status) Outcome {
	switch s {
	case Allowed:
		return OutcomeAllow
	case Expired:
		return OutcomeExpired
	}
	return OutcomeDeny
}

// DecidedBy says what kind of decider made an entry final.
type DecidedBy string

// The deciders. An expired entry has none.
const (
	ByUser   DecidedBy = "user"   // a person answered
	ByPolicy DecidedBy = "policy" // the policy decided without asking
	ByHook   DecidedBy = "hook"   // an executable at the decision point
)

// Answer is a person's answer to an ask, as the host received it. Who
// answered is not part of it: the host passes a verified subject beside it.
type Answer struct {
	Decision Verdict  `json:"decision"`
	Remember Remember `json:"remember,omitempty"`
	// Message reaches the agent verbatim (≤ MaxMessage bytes).
	Message string `json:"message,omitempty"`
}

// Validate checks the answer on its own: a known decision and scope, a deny
// never remembered, a message within bounds. The error wraps
// ErrInvalidAnswer.
func (a Answer) Validate() error {
	r, ok := a.Remember.normal()
	switch {
	case a.Decision != Allow && a.Decision != Deny:
		return fmt.Errorf("%w: decision %q (want allow or deny)", ErrInvalidAnswer, a.Decision)
	case !ok:
		return fmt.Errorf("%w: remember %q (want none, session, project or global)", ErrInvalidAnswer, a.Remember)
	case a.Decision == Deny && r != RememberNone:
		return fmt.Errorf("%w: a deny is never remembered (remember %q with decision deny); answer deny with remember none", ErrInvalidAnswer, a.Remember)
	case len(a.Message) > MaxMessage:
		return fmt.Errorf("%w: message of %d bytes (at most %d)", ErrInvalidAnswer, len(a.Message), MaxMessage)
	}
	return nil
}

// Summary is the engine's decision as an ask and an entry keep it.
type Summary struct {
	Outcome permengine.Outcome `json:"outcome"`
	Rule    permengine.Code    `json:"rule"`
	Reason  string             `json:"reason"`
	Segment string             `json:"segment,omitempty"`
	Pattern string             `json:"pattern,omitempty"`
	Source  string             `json:"source,omitempty"`
}

// summarize keeps what an ask needs of a decision (not its trace).
func summarize(d permengine.Decision) Summary {
	return Summary{Outcome: d.Outcome, Rule: d.Rule, Reason: d.Reason, Segment: d.Segment, Pattern: d.Pattern, Source: d.Source}
}

// Ask is a pending question to a person, and what became of it.
type Ask struct {
	ID       string             `json:"id"`
	Request  permengine.Request `json:"request"`
	Decision Summary            `json:"decision"`
	Agent    string             `json:"agent,omitempty"`
	Session  string             `json:"session,omitempty"`
	Owner    string             `json:"owner,omitempty"`
	RaisedAt time.Time          `json:"raised_at"`
	// Deadline is when the ask expires if nobody answered; zero for never.
	Deadline time.Time `json:"deadline,omitzero"`
	Status   Status    `json:"status"`
	Card     Card      `json:"card"`
}

// Entry is one line of the audit.
type Entry struct {
	// Seq is the store's sequence number, given when the entry became
	// final: the audit's order and its cursor.
	Seq int64 `json:"seq"`
	// ID is the ask's id (an entry of a deny nobody saw has its own).
	ID       string            `json:"id"`
	Action   permengine.Action `json:"action"`
	Role     permengine.Role   `json:"role"`
	Decision Summary           `json:"decision"`
	Outcome  Outcome           `json:"outcome"`
	// DecidedBy is absent on an expired entry.
	DecidedBy DecidedBy `json:"decided_by,omitempty"`
	// Subject is the person who decided; absent when no person did. It
	// is never guessed as the owner.
	Subject string `json:"subject,omitempty"`
	Owner   string `json:"owner,omitempty"`
	Agent   string `json:"agent,omitempty"`
	Session string `json:"session,omitempty"`
	// Reason in the decider's words: a person's message, the rule of a
	// policy decision, the hook that decided.
	Reason   string   `json:"reason,omitempty"`
	Remember Remember `json:"remember,omitempty"`
	// Rules are the rules the answer recorded.
	Rules []string `json:"rules,omitempty"`
	// NotRemembered says why an "always" answer recorded nothing: it was
	// answered for this instance only.
	NotRemembered string    `json:"not_remembered,omitempty"`
	RaisedAt      time.Time `json:"raised_at"`
	// DecidedAt is absent on an expired entry.
	DecidedAt time.Time `json:"decided_at,omitzero"`
}

// Final is how an ask leaves Pending: the store turns it into the entry.
type Final struct {
	Status        Status
	DecidedBy     DecidedBy
	Subject       string
	Reason        string
	Remember      Remember
	Rules         []string
	NotRemembered string
	DecidedAt     time.Time
	// SessionRules are added to the ask's session layer in the same
	// transaction (remember session).
	SessionRules []string
}

// EntryFor builds the audit entry of an ask made final. Stores use it so
// that every store writes the same entry.
func EntryFor(a Ask, f Final) Entry {
	e := Entry{ID: a.ID, Action: a.Request.Action, Role: a.Request.Role, Decision: a.Decision,
		Outcome: outcomeOf(f.Status), DecidedBy: f.DecidedBy, Owner: a.Owner, Agent: a.Agent, Session: a.Session,
		Reason: f.Reason, Remember: f.Remember, Rules: f.Rules, NotRemembered: f.NotRemembered,
		RaisedAt: a.RaisedAt, DecidedAt: f.DecidedAt}
	if f.DecidedBy == ByUser {
		e.Subject = f.Subject
	}
	if f.Status == Expired {
		e.DecidedBy, e.DecidedAt, e.Remember = "", time.Time{}, ""
	}
	return e
}

// CheckFinal reports a Final no store may apply: only allowed, denied or
// expired, a decider unless expired, a subject exactly when a person
// decided.
func CheckFinal(f Final) error {
	switch {
	case f.Status != Allowed && f.Status != Denied && f.Status != Expired:
		return fmt.Errorf("approval: final status %q (want allowed, denied or expired)", f.Status)
	case f.Status != Expired && f.DecidedBy != ByUser && f.DecidedBy != ByPolicy && f.DecidedBy != ByHook:
		return fmt.Errorf("approval: decided_by %q (want user, policy or hook)", f.DecidedBy)
	case f.DecidedBy == ByUser && f.Status != Expired && f.Subject == "":
		return fmt.Errorf("%w: a person's answer needs the person's verified subject", ErrInvalidAnswer)
	}
	return nil
}
