package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/approval"
)

// server is the host's HTTP API over an approval.Service.
type server struct {
	svc  *approval.Service
	env  permengine.Env
	auth *verifier // nil: answering is off
	log  *log.Logger
}

func (s *server) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /decide", s.decide)
	mux.HandleFunc("GET /asks", s.asks)
	mux.HandleFunc("POST /asks/{id}/answer", s.answer)
	mux.HandleFunc("GET /audit", s.audit)
	return localOnly(mux)
}

// localOnly refuses what a web page could send: a request a browser made
// for another site (an Origin header that is not the host's own), and a
// request whose Host is not this machine's loopback (a name an attacker's
// DNS points here, to read the asks and the audit).
func localOnly(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			fail(w, http.StatusMisdirectedRequest, errors.New("the host answers requests to localhost, 127.0.0.1 or [::1] only"))
			return
		}
		if o := r.Header.Get("Origin"); o != "" {
			u, err := url.Parse(o)
			if err != nil || u.Host != r.Host {
				fail(w, http.StatusForbidden, errors.New("cross-origin requests are refused"))
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}

// loopbackHost reports a Host header that names this machine's loopback.
func loopbackHost(h string) bool {
	host, _, err := net.SplitHostPort(h)
	if err != nil {
		host = h
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// proposal is the body of POST /decide.
type proposal struct {
	Role     permengine.Role     `json:"role"`
	Action   permengine.Action   `json:"action"`
	Autonomy permengine.Autonomy `json:"autonomy"`
	Session  string              `json:"session"`
	Agent    string              `json:"agent"`
	Owner    string              `json:"owner"`
}

// decided is the answer of POST /decide: the decision, and the ask it
// raised with its card.
type decided struct {
	permengine.Decision
	AskID string         `json:"ask_id,omitempty"`
	Card  *approval.Card `json:"card,omitempty"`
}

// maxBody bounds a request's body: twice the longest command the engine
// reads, with room for the rest of the request.
const maxBody = 2*permengine.MaxCommandBytes + 16<<10

// read decodes a JSON body, refusing unknown fields, trailing data, and
// keys a reader other than Go's would read otherwise: a key given twice
// (Go keeps the last, another reader the first) or in another case (Go
// matches "REMEMBER" to remember). Every key of the API is lower case.
func read(w http.ResponseWriter, r *http.Request, v any) error {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return err
	}
	if err := exactKeys(json.NewDecoder(bytes.NewReader(data)), 0); err != nil {
		return err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value in the body")
	}
	return nil
}

// lowerASCII reports a key of lower-case ASCII letters, digits and '_'.
func lowerASCII(k string) bool {
	for i := 0; i < len(k); i++ {
		if c := k[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// maxDepth bounds the nesting exactKeys follows; the API nests two deep.
const maxDepth = 8

// exactKeys reads one JSON value and refuses an object key given twice
// or spelled with an upper-case letter, at any depth.
func exactKeys(dec *json.Decoder, depth int) error {
	if depth > maxDepth {
		return errors.New("the body nests too deep")
	}
	t, err := dec.Token()
	if err != nil {
		return err
	}
	switch t {
	case json.Delim('{'):
		seen := map[string]bool{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return err
			}
			k, _ := kt.(string)
			if seen[k] {
				return fmt.Errorf("the key %q is given twice", k)
			}
			if !lowerASCII(k) {
				// Go's decoder folds case by Unicode rules too: "deciſion"
				// (a long s) fills decision.
				return fmt.Errorf("the key %q: keys are lower-case ASCII", k)
			}
			seen[k] = true
			if err := exactKeys(dec, depth+1); err != nil {
				return err
			}
		}
		_, err = dec.Token() // '}'
		return err
	case json.Delim('['):
		for dec.More() {
			if err := exactKeys(dec, depth+1); err != nil {
				return err
			}
		}
		_, err = dec.Token() // ']'
		return err
	}
	return nil
}

func (s *server) decide(w http.ResponseWriter, r *http.Request) {
	var p proposal
	if err := read(w, r, &p); err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	res, err := s.svc.Submit(r.Context(), approval.Proposal{
		Request: permengine.Request{Action: p.Action, Role: p.Role, Autonomy: p.Autonomy, Env: s.env},
		Agent:   p.Agent, Session: p.Session, Owner: p.Owner})
	if err != nil {
		s.log.Printf("decide: %v", err)
		fail(w, http.StatusInternalServerError, errors.New("the decision could not be recorded"))
		return
	}
	out := decided{Decision: res.Decision}
	if res.Ask != nil {
		out.AskID, out.Card = res.Ask.ID, &res.Ask.Card
	}
	send(w, http.StatusOK, out)
}

func (s *server) asks(w http.ResponseWriter, r *http.Request) {
	asks, err := s.svc.Pending(r.Context())
	if err != nil {
		s.log.Printf("asks: %v", err)
		fail(w, http.StatusInternalServerError, errors.New("the asks could not be read"))
		return
	}
	if asks == nil {
		asks = []approval.Ask{}
	}
	send(w, http.StatusOK, map[string]any{"asks": asks})
}

// answer applies a person's answer. Who answered comes from the verified
// token only; a request without one changes nothing.
func (s *server) answer(w http.ResponseWriter, r *http.Request) {
	if s.auth == nil {
		fail(w, http.StatusServiceUnavailable, errors.New(howToConfigure))
		return
	}
	subject, err := s.auth.subject(r)
	if err != nil {
		w.Header().Set("WWW-Authenticate", `Bearer realm="permengine"`)
		fail(w, http.StatusUnauthorized, err)
		return
	}
	var a approval.Answer
	if err := read(w, r, &a); err != nil {
		fail(w, http.StatusBadRequest, err)
		return
	}
	res, err := s.svc.Answer(r.Context(), r.PathValue("id"), a, subject)
	switch {
	case errors.Is(err, approval.ErrInvalidAnswer):
		fail(w, http.StatusBadRequest, err)
	case errors.Is(err, approval.ErrNotFound):
		fail(w, http.StatusNotFound, err)
	case errors.Is(err, approval.ErrConflict):
		fail(w, http.StatusConflict, err)
	case err != nil:
		s.log.Printf("answer %s: %v", r.PathValue("id"), err)
		fail(w, http.StatusInternalServerError, errors.New("the answer could not be recorded"))
	default:
		send(w, http.StatusOK, res.Entry)
	}
}

func (s *server) audit(w http.ResponseWriter, r *http.Request) {
	var after int64
	limit := approval.DefaultPage
	var err error
	if v := r.URL.Query().Get("after"); v != "" {
		if after, err = strconv.ParseInt(v, 10, 64); err != nil || after < 0 {
			fail(w, http.StatusBadRequest, errors.New("after: want a cursor from a previous page"))
			return
		}
	}
	if v := r.URL.Query().Get("limit"); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > approval.MaxPage {
			fail(w, http.StatusBadRequest, errors.New("limit: want 1 to "+strconv.Itoa(approval.MaxPage)))
			return
		}
	}
	es, next, err := s.svc.Audit(r.Context(), after, limit)
	if err != nil {
		s.log.Printf("audit: %v", err)
		fail(w, http.StatusInternalServerError, errors.New("the audit could not be read"))
		return
	}
	if es == nil {
		es = []approval.Entry{}
	}
	send(w, http.StatusOK, map[string]any{"entries": es, "next": strconv.FormatInt(next, 10)})
}

func send(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

func fail(w http.ResponseWriter, code int, err error) {
	send(w, code, map[string]string{"error": err.Error()})
}
