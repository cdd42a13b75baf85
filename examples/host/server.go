package main

import (
	"encoding/json"
	"errors"
	"log"
	"net/http"
	"strconv"

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
	return mux
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

const maxBody = 1 << 20

// read decodes a JSON body, refusing unknown fields and trailing data.
func read(w http.ResponseWriter, r *http.Request, v any) error {
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBody))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if dec.More() {
		return errors.New("more than one JSON value in the body")
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
