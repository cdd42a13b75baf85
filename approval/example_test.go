package approval_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/approval"
)

// A command nobody allowed raises an ask; a person allows it for the
// project; the same command then runs without asking.
func ExampleService() {
	ctx := context.Background()
	root, _ := os.MkdirTemp("", "project")
	defer os.RemoveAll(root)
	svc, err := approval.New(ctx, approval.Config{Store: approval.NewMemStore(), ProjectFile: filepath.Join(root, "permissions.json")})
	if err != nil {
		panic(err)
	}
	p := approval.Proposal{Request: permengine.Request{
		Action: permengine.Action{Type: permengine.Terminal, Command: "npm run lint -- --fix", Cwd: root},
		Role:   permengine.Developer, Env: permengine.Env{ScopeRoot: root}}, Session: "s1", Owner: "ana"}

	r, _ := svc.Submit(ctx, p)
	fmt.Println(r.Decision.Outcome, r.Ask.Card.Risk, r.Ask.Card.Always[0].Rule)

	// The subject is who the host verified answered, never the body's claim.
	res, _ := svc.Answer(ctx, r.Ask.ID, approval.Answer{Decision: approval.Allow, Remember: approval.RememberProject}, "ana@example.com")
	fmt.Println(res.Entry.Outcome, res.Entry.DecidedBy, res.Entry.Subject, res.Entry.Rules)

	r, _ = svc.Submit(ctx, p)
	fmt.Println(r.Decision.Outcome)
	// Output:
	// require_approval medium Terminal(npm run lint)
	// allow user ana@example.com [Terminal(npm run lint)]
	// auto_approve
}
