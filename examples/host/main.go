// Command host is a small host service that embeds the engine the way a
// real one does: it loads and watches a project's permissions.json,
// decides each proposed action it receives over HTTP (JSON in, JSON out),
// and writes one audit line per decision.
//
//	go run ./examples/host -project /ws/proj -addr 127.0.0.1:8377
//	curl -s 127.0.0.1:8377/decide -d '{"role":"developer","action":{"type":"terminal","command":"git status","cwd":"/ws/proj"}}'
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/watch"
)

// proposal is the JSON body of POST /decide.
type proposal struct {
	Role     permengine.Role     `json:"role"`
	Action   permengine.Action   `json:"action"`
	Autonomy permengine.Autonomy `json:"autonomy"`
}

// auditLine is what the host records for every decision.
type auditLine struct {
	Time    time.Time          `json:"time"`
	Type    string             `json:"type"`
	Command string             `json:"command,omitempty"`
	Outcome permengine.Outcome `json:"outcome"`
	Rule    permengine.Code    `json:"rule"`
	Reason  string             `json:"reason"`
	Segment string             `json:"segment,omitempty"`
}

// server decides proposals with the watcher's current policy.
type server struct {
	policy func() *permengine.Policy
	env    permengine.Env
	mu     sync.Mutex // serializes audit lines
	audit  io.Writer
	now    func() time.Time
}

func (s *server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/decide" || r.Method != http.MethodPost {
		http.Error(w, "POST /decide", http.StatusNotFound)
		return
	}
	var p proposal
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		// An unknown role or type in the body is a client error, answered
		// as such; a request the host cannot read is never approved.
		http.Error(w, "bad request: "+err.Error(), http.StatusBadRequest)
		return
	}
	d := permengine.Decide(s.policy(), permengine.Request{Action: p.Action, Role: p.Role, Autonomy: p.Autonomy, Env: s.env})
	s.record(p, d)
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(d)
}

func (s *server) record(p proposal, d permengine.Decision) {
	line, _ := json.Marshal(auditLine{Time: s.now().UTC(), Type: p.Action.Type.String(), Command: p.Action.Command,
		Outcome: d.Outcome, Rule: d.Rule, Reason: d.Reason, Segment: d.Segment})
	s.mu.Lock()
	defer s.mu.Unlock()
	s.audit.Write(append(line, '\n'))
}

func main() {
	project := flag.String("project", ".", "the project folder: its permissions.json is watched and it is the scope root")
	addr := flag.String("addr", "127.0.0.1:8377", "address to listen on")
	container := flag.Bool("container", false, "the project's container is running")
	flag.Parse()

	root, err := filepath.Abs(*project)
	if err != nil {
		log.Fatal(err)
	}
	if err := permengine.ValidateScopeRoot(root); err != nil {
		log.Fatal(err)
	}
	w, err := watch.New(filepath.Join(root, "permissions.json"), watch.Options{
		OnReload: func(p *permengine.Policy) { log.Printf("permissions.json reloaded: %d rules", p.Len()) },
		OnError:  func(err error) { log.Printf("permissions.json: %v (keeping the last good policy)", err) },
	})
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	s := &server{policy: w.Policy, env: permengine.Env{ScopeRoot: root, ContainerRunning: *container}, audit: os.Stdout, now: time.Now}
	fmt.Fprintf(os.Stderr, "deciding for %s on http://%s/decide\n", root, *addr)
	if err := http.ListenAndServe(*addr, s); err != nil && !errors.Is(err, http.ErrServerClosed) {
		log.Fatal(err)
	}
}
