package approval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"sync"
	"sync/atomic"
	"time"

	"github.com/permengine/permengine"
)

// Config configures a Service.
type Config struct {
	// Store keeps asks and the audit. Required.
	Store Store
	// ProjectFile is the project's permissions.json: the project layer,
	// and where a "project" answer appends its rules.
	ProjectFile string
	// GlobalFile is the user's own permissions.json: the lowest
	// layer, and where a "global" answer appends. Empty for none.
	GlobalFile string
	// Extensions are the host's additions to the built-in tables.
	Extensions permengine.Extensions
	// TTL is how long an ask waits for an answer before it expires; zero
	// for never.
	TTL time.Duration
	// Clock gives the time of raises, answers and expiry; nil is
	// time.Now.
	Clock func() time.Time
}

// Service runs the approval lifecycle over a Store. It is safe for
// concurrent use; several Services (host replicas) may share one durable
// store.
type Service struct {
	cfg   Config
	now   func() time.Time
	base  atomic.Pointer[layers]
	mu    sync.Mutex // serializes Reload
	store Store
}

// layers are the files of the current policy and the policy they make.
type layers struct {
	files  []*permengine.File
	policy *permengine.Policy
}

// Proposal is an action proposed by an agent, with who proposed it.
type Proposal struct {
	Request permengine.Request `json:"request"`
	Agent   string             `json:"agent,omitempty"`
	Session string             `json:"session,omitempty"`
	// Owner is whose work the request was raised on.
	Owner string `json:"owner,omitempty"`
}

// New returns a Service and loads its files. A missing file is an empty
// layer; an invalid one is an error.
func New(ctx context.Context, cfg Config) (*Service, error) {
	if cfg.Store == nil {
		return nil, errors.New("approval: Config.Store is required")
	}
	s := &Service{cfg: cfg, now: cfg.Clock, store: cfg.Store}
	if s.now == nil {
		s.now = time.Now
	}
	if err := s.load(); err != nil {
		return nil, err
	}
	return s, nil
}

// load reads the files and compiles the base policy.
func (s *Service) load() error {
	var files []*permengine.File
	for _, path := range []string{s.cfg.GlobalFile, s.cfg.ProjectFile} {
		if path == "" {
			continue
		}
		f, err := permengine.ReadFile(path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return err
		}
		files = append(files, f)
	}
	p, err := s.compile(files)
	if err != nil {
		return err
	}
	s.base.Store(&layers{files: files, policy: p})
	return nil
}

func (s *Service) compile(files []*permengine.File) (*permengine.Policy, error) {
	p, err := permengine.Combine(files...)
	if err != nil {
		return nil, err
	}
	return p.WithExtensions(s.cfg.Extensions)
}

// Policy returns the policy a session's proposals are decided with: the
// files, and the session's own allow layer on top.
func (s *Service) Policy(ctx context.Context, session string) (*permengine.Policy, error) {
	b := s.base.Load()
	if session == "" {
		return b.policy, nil
	}
	rules, err := s.store.SessionRules(ctx, session)
	if err != nil || len(rules) == 0 {
		return b.policy, err
	}
	data, err := json.Marshal(map[string][]string{"allow": rules})
	if err != nil {
		return nil, err
	}
	f, err := permengine.Parse("session "+session, data)
	if err != nil {
		return nil, err
	}
	return s.compile(append(append([]*permengine.File(nil), b.files...), f))
}

// Result is what Submit decided, and the ask it raised or the entry it
// recorded.
type Result struct {
	Decision permengine.Decision `json:"decision"`
	Ask      *Ask                `json:"ask,omitempty"`
	Entry    *Entry              `json:"entry,omitempty"`
}

// Submit decides a proposal with the session's policy. A require_approval
// raises an ask; a deny is recorded in the audit (decided by the policy);
// an auto-approval records nothing.
func (s *Service) Submit(ctx context.Context, p Proposal) (Result, error) {
	pol, err := s.Policy(ctx, p.Session)
	if err != nil {
		return Result{}, err
	}
	d := permengine.Decide(pol, p.Request)
	res := Result{Decision: d}
	switch d.Outcome {
	case permengine.RequireApproval:
		a, err := s.raise(ctx, pol, p, d)
		if err != nil {
			return res, err
		}
		res.Ask = &a
	case permengine.Deny:
		e, err := s.RecordDeny(ctx, p, d, ByPolicy, d.Reason)
		if err != nil {
			return res, err
		}
		res.Entry = &e
	}
	return res, nil
}

// Raise stores a pending ask for a proposal and its require_approval
// decision, with its card.
func (s *Service) Raise(ctx context.Context, p Proposal, d permengine.Decision) (Ask, error) {
	pol, err := s.Policy(ctx, p.Session)
	if err != nil {
		return Ask{}, err
	}
	return s.raise(ctx, pol, p, d)
}

func (s *Service) raise(ctx context.Context, pol *permengine.Policy, p Proposal, d permengine.Decision) (Ask, error) {
	if d.Outcome != permengine.RequireApproval {
		return Ask{}, fmt.Errorf("%w: outcome %s", ErrNotAsk, d.Outcome)
	}
	if err := checkNames(p); err != nil {
		return Ask{}, err
	}
	now := s.now()
	a := Ask{Request: p.Request, Decision: summarize(d), Agent: p.Agent, Session: p.Session, Owner: p.Owner,
		RaisedAt: now, Status: Pending, Card: NewCard(pol, p.Request, d)}
	if s.cfg.TTL > 0 {
		a.Deadline = now.Add(s.cfg.TTL)
	}
	return s.store.Raise(ctx, a)
}

func checkNames(p Proposal) error {
	for _, n := range []string{p.Agent, p.Session, p.Owner} {
		if len(n) > MaxOwner {
			return fmt.Errorf("approval: a name of %d bytes (agent, session and owner are at most %d)", len(n), MaxOwner)
		}
	}
	return nil
}

// RecordDeny writes the audit entry of a deny that no ask preceded: the
// policy's (by ByPolicy, the rule as reason) or a hook's (ByHook, the
// hook's words).
func (s *Service) RecordDeny(ctx context.Context, p Proposal, d permengine.Decision, by DecidedBy, reason string) (Entry, error) {
	if by != ByPolicy && by != ByHook {
		return Entry{}, fmt.Errorf("approval: a deny nobody was asked about is decided by policy or hook, not %q", by)
	}
	if err := checkNames(p); err != nil {
		return Entry{}, err
	}
	now := s.now()
	return s.store.Record(ctx, Entry{Action: p.Request.Action, Role: p.Request.Role, Decision: summarize(d),
		Outcome: OutcomeDeny, DecidedBy: by, Owner: p.Owner, Agent: p.Agent, Session: p.Session,
		Reason: reason, RaisedAt: now, DecidedAt: now})
}

// Get returns an ask.
func (s *Service) Get(ctx context.Context, id string) (Ask, error) { return s.store.Get(ctx, id) }

// Pending returns the pending asks, oldest first.
func (s *Service) Pending(ctx context.Context) ([]Ask, error) { return s.store.Pending(ctx) }

// Audit returns a page of the audit after a cursor (0 for the start), and
// the cursor of the next page (after itself when the page is empty).
func (s *Service) Audit(ctx context.Context, after int64, limit int) ([]Entry, int64, error) {
	es, err := s.store.Audit(ctx, after, limit)
	if err != nil {
		return nil, after, err
	}
	if len(es) > 0 {
		after = es[len(es)-1].Seq
	}
	return es, after, nil
}
