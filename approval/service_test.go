package approval_test

import (
	"context"
	"errors"
	"path/filepath"
	"testing"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/approval"
)

func newService(t *testing.T) (*approval.Service, string) {
	t.Helper()
	root := t.TempDir()
	s, err := approval.New(context.Background(), approval.Config{Store: approval.NewMemStore(), ProjectFile: filepath.Join(root, "permissions.json")})
	if err != nil {
		t.Fatal(err)
	}
	return s, root
}

func proposal(root string, a permengine.Action, role permengine.Role) approval.Proposal {
	if a.Cwd == "" && a.Type == permengine.Terminal {
		a.Cwd = root
	}
	return approval.Proposal{Request: permengine.Request{Action: a, Role: role, Env: permengine.Env{ScopeRoot: root}}, Owner: "ana"}
}

// A hook's deny is recorded as the hook's, with its words and no subject;
// a deny nobody was asked about is never a person's.
func TestRecordDenyByHook(t *testing.T) {
	s, root := newService(t)
	ctx := context.Background()
	p := proposal(root, permengine.Action{Type: permengine.Terminal, Command: "curl x"}, permengine.Developer)
	d := permengine.Decide(nil, p.Request)
	e, err := s.RecordDeny(ctx, p, d, approval.ByHook, "pre-tool hook ./guard.sh: network is off")
	if err != nil {
		t.Fatal(err)
	}
	if e.DecidedBy != approval.ByHook || e.Subject != "" || e.Outcome != approval.OutcomeDeny || e.Reason != "pre-tool hook ./guard.sh: network is off" || e.Owner != "ana" {
		t.Fatalf("entry %+v", e)
	}
	if _, err := s.RecordDeny(ctx, p, d, approval.ByUser, "x"); err == nil {
		t.Fatal("a deny recorded as a person's without an ask")
	}
	if _, err := s.Raise(ctx, p, permengine.Decision{Outcome: permengine.AutoApprove}); !errors.Is(err, approval.ErrNotAsk) {
		t.Fatalf("an ask raised for an auto-approval: %v, want ErrNotAsk", err)
	}
}

// The card's risk comes from the decision: external effect, privilege,
// protected paths and integrity are high.
func TestCardRisk(t *testing.T) {
	s, root := newService(t)
	ctx := context.Background()
	tests := []struct {
		action permengine.Action
		role   permengine.Role
		want   approval.Risk
	}{
		{permengine.Action{Type: permengine.Terminal, Command: "npm test"}, permengine.Developer, approval.RiskMedium},
		{permengine.Action{Type: permengine.Terminal, Command: "git push origin main"}, permengine.Developer, approval.RiskHigh},
		{permengine.Action{Type: permengine.Terminal, Command: "sudo make install"}, permengine.Developer, approval.RiskHigh},
		{permengine.Action{Type: permengine.Terminal, Command: "cat /etc/hosts"}, permengine.Developer, approval.RiskMedium},
		{permengine.Action{Type: permengine.WriteFile, Path: "permissions.json"}, permengine.Developer, approval.RiskHigh},
		{permengine.Action{Type: permengine.GitPush}, permengine.Maintainer, approval.RiskHigh},
		{permengine.Action{Type: permengine.OpenAdrPr}, permengine.Maintainer, approval.RiskLow},
	}
	for _, tt := range tests {
		r, err := s.Submit(ctx, proposal(root, tt.action, tt.role))
		if err != nil {
			t.Fatal(err)
		}
		if r.Ask == nil {
			t.Fatalf("%+v: %s (%s), want an ask", tt.action, r.Decision.Outcome, r.Decision.Reason)
		}
		if r.Ask.Card.Risk != tt.want {
			t.Errorf("%+v: risk %s, want %s (caps %+v)", tt.action, r.Ask.Card.Risk, tt.want, r.Ask.Card.Caps)
		}
	}
}
