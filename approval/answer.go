package approval

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/permengine/permengine"
)

// Answered is the outcome of an answer.
type Answered struct {
	// Entry is the ask's audit entry.
	Entry Entry `json:"entry"`
	// Again is true when the ask was already allowed and the answer was
	// an allow: nothing new was decided, and only missing rules were
	// written.
	Again bool `json:"again,omitempty"`
	// Added are the rules this answer wrote that were not there before.
	Added []string `json:"added,omitempty"`
}

// Answer applies a person's answer to an ask. subject is the person's
// identity as the host verified it (never taken from the answer). A second
// answer is a conflict (ErrConflict), except an allow on an allowed ask,
// which succeeds again and writes the rules only if they are missing.
// Before any rule is written the request is decided again with the
// current policy: the caps and "always allow"'s refusals apply (a refused
// "always" is answered for this instance only), and a request the policy
// now denies is not allowed. The answer and the rules are written together:
// the file is appended inside the store's transaction, and a file that
// cannot be written leaves the ask pending. A file cannot join the
// transaction, so a commit that fails after the file was written leaves the
// rule without its answer; a second allow then records the answer.
func (s *Service) Answer(ctx context.Context, id string, ans Answer, subject string) (Answered, error) {
	if err := ans.Validate(); err != nil {
		return Answered{}, err
	}
	if subject == "" || len(subject) > MaxSubject {
		return Answered{}, fmt.Errorf("%w: the subject must be 1 to %d bytes of a verified identity", ErrInvalidAnswer, MaxSubject)
	}
	ans.Remember, _ = ans.Remember.normal()
	a, err := s.store.Get(ctx, id)
	if err != nil {
		return Answered{}, err
	}
	if a.Status == Pending && !a.Deadline.IsZero() && !s.now().Before(a.Deadline) {
		if _, err := s.store.Finish(ctx, id, Final{Status: Expired}, nil); err != nil && !errors.Is(err, ErrConflict) {
			return Answered{}, err
		}
		return Answered{}, fmt.Errorf("%w: %q expired at %s", ErrConflict, id, a.Deadline.UTC().Format("2006-01-02T15:04:05Z"))
	}
	if a.Status != Pending {
		return s.again(ctx, a, ans, subject)
	}
	if ans.Decision == Allow && ans.Remember == RememberSession && a.Session == "" {
		return Answered{}, fmt.Errorf("%w: the ask was raised outside a session, so there is no session to remember the answer in", ErrInvalidAnswer)
	}
	f := Final{Status: Denied, DecidedBy: ByUser, Subject: subject, Reason: ans.Message, Remember: ans.Remember, DecidedAt: s.now()}
	var apply func() error
	var added []string
	if ans.Decision == Allow {
		f.Status = Allowed
		pl, err := s.plan(ctx, a, ans.Remember)
		if err != nil {
			return Answered{}, err
		}
		f.Rules, f.NotRemembered = pl.rules, pl.refused
		if ans.Remember == RememberSession {
			have, err := s.store.SessionRules(ctx, a.Session)
			if err != nil {
				return Answered{}, err
			}
			f.SessionRules, added = pl.rules, MergeRules(slices.Clone(have), pl.rules)[len(have):]
		} else {
			apply = func() error { added, err = s.write(ans.Remember, pl.rules); return err }
		}
	}
	e, err := s.store.Finish(ctx, id, f, apply)
	if errors.Is(err, ErrConflict) {
		if a, gerr := s.store.Get(ctx, id); gerr == nil {
			return s.again(ctx, a, ans, subject)
		}
	}
	if err != nil {
		return Answered{}, err
	}
	return Answered{Entry: e, Added: added}, s.after(ctx, ans.Remember, len(added) > 0)
}

// after reloads the policy when an answer changed a file, and decides the
// pending asks the new rules cover.
func (s *Service) after(ctx context.Context, r Remember, changed bool) error {
	switch {
	case !changed:
		return nil
	case r == RememberSession:
		_, err := s.Resolve(ctx)
		return err
	}
	_, err := s.Reload(ctx)
	return err
}

// RetryWindow is how long after an answer the same answer, repeated, is
// accepted again (a retry after a file that could not be written).
const RetryWindow = 10 * time.Minute

// again answers an ask that is no longer pending. The same person's
// allow, repeated with the same remember, on an ask that person allowed
// succeeds again and writes only the rules its audit entry recorded that
// are missing (a retry after a file that could not be written). Anything
// else is a conflict: a second person's allow, another remember, an ask
// the policy or a hook decided, a denied or expired ask. So no rule is
// ever written that the audit does not show.
func (s *Service) again(ctx context.Context, a Ask, ans Answer, subject string) (Answered, error) {
	if a.Status != Allowed || ans.Decision != Allow {
		return Answered{}, fmt.Errorf("%w: %q is %s", ErrConflict, a.ID, a.Status)
	}
	e, err := s.store.Entry(ctx, a.ID)
	if err != nil {
		return Answered{}, err
	}
	switch {
	case e.DecidedBy != ByUser:
		return Answered{}, fmt.Errorf("%w: %q was allowed by the %s, not by a person: there is no answer to repeat", ErrConflict, a.ID, e.DecidedBy)
	case e.Subject != subject:
		return Answered{}, fmt.Errorf("%w: %q was answered by another person", ErrConflict, a.ID)
	case e.Remember != ans.Remember:
		return Answered{}, fmt.Errorf("%w: %q was answered with remember %q, not %q", ErrConflict, a.ID, e.Remember, ans.Remember)
	case s.now().Sub(e.DecidedAt) > RetryWindow:
		// A replay long after would restore rules a person has removed
		// since, with no new entry to show it.
		return Answered{}, fmt.Errorf("%w: %q was answered at %s; a repeat is accepted for %s after it", ErrConflict, a.ID,
			e.DecidedAt.UTC().Format("2006-01-02T15:04:05Z"), RetryWindow)
	}
	pl, err := s.plan(ctx, a, ans.Remember)
	if err != nil {
		return Answered{}, err
	}
	// Only what the audit recorded: the caps are checked again by plan,
	// and a rule it would add now that the entry does not hold is not
	// written.
	rules := slices.DeleteFunc(slices.Clone(pl.rules), func(r string) bool { return !slices.Contains(e.Rules, r) })
	var added []string
	if ans.Remember == RememberSession {
		have, err := s.store.SessionRules(ctx, a.Session)
		if err != nil {
			return Answered{}, err
		}
		added = MergeRules(slices.Clone(have), rules)[len(have):]
		err = s.store.AddSessionRules(ctx, a.Session, added)
		if err != nil {
			return Answered{}, err
		}
	} else if added, err = s.write(ans.Remember, rules); err != nil {
		return Answered{}, err
	}
	return Answered{Entry: e, Again: true, Added: added}, s.after(ctx, ans.Remember, len(added) > 0)
}

// plan is what an allow will record.
type plan struct {
	rules   []string
	refused string
}

// plan decides the ask again with the current policy and computes the
// rules an "always" answer records. A request the policy now denies is a
// conflict: the ask is decided by the policy instead.
func (s *Service) plan(ctx context.Context, a Ask, r Remember) (plan, error) {
	pol, err := s.Policy(ctx, a.Session)
	if err != nil {
		return plan{}, err
	}
	if d := permengine.Decide(pol, a.Request); d.Outcome == permengine.Deny {
		if a.Status == Pending {
			if _, err := s.byPolicy(ctx, a, d); err != nil {
				return plan{}, err
			}
		}
		return plan{}, fmt.Errorf("%w: the current policy denies it: %s", ErrConflict, d.Reason)
	}
	if r == RememberNone {
		return plan{}, nil
	}
	grants, err := permengine.AlwaysAllowFor(pol, a.Request)
	if err != nil {
		return plan{refused: err.Error()}, nil
	}
	var pl plan
	for _, g := range grants {
		pl.rules = append(pl.rules, g.Rule)
	}
	return pl, nil
}

// write appends rules to the file of an "always" scope and returns those
// it added.
func (s *Service) write(r Remember, rules []string) ([]string, error) {
	var path string
	switch r {
	case RememberProject:
		path = s.cfg.ProjectFile
	case RememberGlobal:
		path = s.cfg.GlobalFile
	default:
		return nil, nil
	}
	if len(rules) == 0 {
		return nil, nil
	}
	if path == "" {
		return nil, fmt.Errorf("%w: this host keeps no %s file to remember in", ErrInvalidAnswer, r)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	return permengine.AppendAllow(path, rules...)
}
