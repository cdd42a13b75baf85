package approval

import (
	"context"
	"errors"

	"github.com/permengine/permengine"
)

// Reload reads the files again and decides the pending asks the new policy
// covers (see Resolve). On an invalid file it keeps the last good policy
// and returns the error. It returns how many asks the policy decided.
func (s *Service) Reload(ctx context.Context) (int, error) {
	s.mu.Lock()
	err := s.load()
	s.mu.Unlock()
	if err != nil {
		return 0, err
	}
	return s.Resolve(ctx)
}

// Resolve decides every pending ask again with the current policy (with
// its session's layer): one the policy now auto-approves or denies is
// made final by the policy, with the rule as reason. It returns how many.
func (s *Service) Resolve(ctx context.Context) (int, error) {
	pending, err := s.store.Pending(ctx)
	if err != nil {
		return 0, err
	}
	policies := map[string]*permengine.Policy{}
	n := 0
	for _, a := range pending {
		pol, ok := policies[a.Session]
		if !ok {
			if pol, err = s.Policy(ctx, a.Session); err != nil {
				return n, err
			}
			policies[a.Session] = pol
		}
		d := permengine.Decide(pol, a.Request)
		if d.Outcome == permengine.RequireApproval {
			continue
		}
		done, err := s.byPolicy(ctx, a, d)
		if err != nil {
			return n, err
		}
		if done {
			n++
		}
	}
	return n, nil
}

// byPolicy makes an ask final as the policy decided it. An ask someone
// else made final first is left as it is.
func (s *Service) byPolicy(ctx context.Context, a Ask, d permengine.Decision) (bool, error) {
	st := Denied
	if d.Outcome == permengine.AutoApprove {
		st = Allowed
	}
	_, err := s.store.Finish(ctx, a.ID, Final{Status: st, DecidedBy: ByPolicy, Reason: d.Reason, DecidedAt: s.now()}, nil)
	if errors.Is(err, ErrConflict) {
		return false, nil
	}
	return err == nil, err
}

// Expire makes every pending ask whose deadline has passed expired: no
// decider, no decision time. It returns how many.
func (s *Service) Expire(ctx context.Context) (int, error) {
	pending, err := s.store.Pending(ctx)
	if err != nil {
		return 0, err
	}
	now := s.now()
	n := 0
	for _, a := range pending {
		if a.Deadline.IsZero() || now.Before(a.Deadline) {
			continue
		}
		_, err := s.store.Finish(ctx, a.ID, Final{Status: Expired}, nil)
		switch {
		case err == nil:
			n++
		case !errors.Is(err, ErrConflict):
			return n, err
		}
	}
	return n, nil
}
