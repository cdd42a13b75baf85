package main

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/watch"
)

func TestHostDecidesAndAudits(t *testing.T) {
	root := t.TempDir()
	path := filepath.Join(root, "permissions.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"allow": ["Terminal(git status)"], "deny": ["Terminal(curl:*)"]}`), 0o644))
	reloaded := make(chan struct{}, 10)
	w, err := watch.New(path, watch.Options{OnReload: func(*permengine.Policy) { reloaded <- struct{}{} }})
	require.NoError(t, err)
	defer w.Close()
	var audit bytes.Buffer
	s := &server{policy: w.Policy, env: permengine.Env{ScopeRoot: root}, audit: &audit,
		now: func() time.Time { return time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC) }}
	srv := httptest.NewServer(s)
	defer srv.Close()

	post := func(body string) (int, permengine.Decision) {
		resp, err := http.Post(srv.URL+"/decide", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		var d permengine.Decision
		if resp.StatusCode == http.StatusOK {
			require.NoError(t, json.NewDecoder(resp.Body).Decode(&d))
		}
		return resp.StatusCode, d
	}
	code, d := post(`{"role":"developer","action":{"type":"terminal","command":"git status","cwd":"` + root + `"}}`)
	require.Equal(t, http.StatusOK, code)
	assert.Equal(t, permengine.AutoApprove, d.Outcome)
	_, d = post(`{"role":"developer","action":{"type":"terminal","command":"git status && curl x","cwd":"` + root + `"}}`)
	assert.Equal(t, permengine.Deny, d.Outcome)
	code, _ = post(`{"role":"intern","action":{"type":"terminal","command":"ls"}}`)
	assert.Equal(t, http.StatusBadRequest, code, "an unknown role is refused")

	lines := strings.Split(strings.TrimSpace(audit.String()), "\n")
	require.Len(t, lines, 2, "one audit line per decision")
	assert.Equal(t, `{"time":"2026-01-02T03:04:05Z","type":"terminal","command":"git status","outcome":"auto_approve","rule":"file_allow","reason":"`+path+`:1: allow Terminal(git status)","segment":"git status"}`, lines[0])

	// The host picks up an edited policy without restarting.
	require.NoError(t, os.WriteFile(path, []byte(`{"deny": ["Terminal(git:*)"]}`), 0o644))
	select {
	case <-reloaded:
	case <-time.After(5 * time.Second):
		t.Fatal("no reload")
	}
	_, d = post(`{"role":"developer","action":{"type":"terminal","command":"git status","cwd":"` + root + `"}}`)
	assert.Equal(t, permengine.Deny, d.Outcome)
}
