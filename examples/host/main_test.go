package main

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"encoding/json"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var secret = []byte("0123456789abcdef0123456789abcdef-test")

// host starts the host over real HTTP with the given extra flags.
type host struct {
	t       *testing.T
	url     string
	project string
}

func startHost(t *testing.T, extra ...string) *host {
	t.Helper()
	return startHostStore(t, "sqlite:"+filepath.Join(t.TempDir(), "approval.db"), extra...)
}

// startHostStore is startHost with the store given.
func startHostStore(t *testing.T, store string, extra ...string) *host {
	t.Helper()
	project := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(project, "permissions.json"), []byte(`{"allow": ["Terminal(ls)"]}`), 0o644))
	state := t.TempDir()
	args := append([]string{"-project", project, "-global", filepath.Join(state, "global.json"),
		"-store", store}, extra...)
	o, err := parseFlags(args)
	require.NoError(t, err)
	s, closeAll, err := setup(context.Background(), o, log.New(io.Discard, "", 0))
	require.NoError(t, err)
	srv := httptest.NewServer(s.routes())
	t.Cleanup(func() { srv.Close(); closeAll() })
	return &host{t: t, url: srv.URL, project: project}
}

func secretFlag(t *testing.T) []string {
	path := filepath.Join(t.TempDir(), "jwt.secret")
	require.NoError(t, os.WriteFile(path, append(secret, '\n'), 0o600))
	return []string{"-jwt-secret-file", path}
}

// call sends a request and decodes the JSON answer.
func (h *host) call(method, path, token string, body any) (int, map[string]any) {
	h.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		require.NoError(h.t, err)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, h.url+path, rd)
	require.NoError(h.t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(h.t, err)
	defer resp.Body.Close()
	var out map[string]any
	require.NoError(h.t, json.NewDecoder(resp.Body).Decode(&out))
	return resp.StatusCode, out
}

func (h *host) decide(cmd string) map[string]any {
	h.t.Helper()
	code, out := h.call("POST", "/decide", "", map[string]any{"role": "developer", "session": "s1", "agent": "dev",
		"action": map[string]any{"type": "terminal", "command": cmd, "cwd": h.project}})
	require.Equal(h.t, http.StatusOK, code, out)
	return out
}

func sign(t *testing.T, key any, alg jose.SignatureAlgorithm, claims jwt.Claims) string {
	t.Helper()
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: alg, Key: key}, (&jose.SignerOptions{}).WithType("JWT"))
	require.NoError(t, err)
	tok, err := jwt.Signed(signer).Claims(claims).Serialize()
	require.NoError(t, err)
	return tok
}

func claims(sub string, exp time.Duration) jwt.Claims {
	return jwt.Claims{Subject: sub, Issuer: "idp", Expiry: jwt.NewNumericDate(time.Now().Add(exp))}
}

func TestHostAskAnswerAudit(t *testing.T) {
	h := startHost(t, secretFlag(t)...)
	d := h.decide("npm test -- --coverage")
	require.Equal(t, "require_approval", d["outcome"])
	id, _ := d["ask_id"].(string)
	require.NotEmpty(t, id)
	_, asks := h.call("GET", "/asks", "", nil)
	assert.Len(t, asks["asks"], 1)

	answer := "/asks/" + id + "/answer"
	allowProject := map[string]any{"decision": "allow", "remember": "project"}
	forged := sign(t, []byte("another secret of at least 32 bytes!!"), jose.HS256, claims("mallory", time.Hour))
	for name, tok := range map[string]string{"no token": "", "forged": forged, "expired": sign(t, secret, jose.HS256, claims("ana", -time.Hour)),
		"no exp": sign(t, secret, jose.HS256, jwt.Claims{Subject: "ana"}), "no sub": sign(t, secret, jose.HS256, claims("", time.Hour)), "garbage": "a.b.c"} {
		code, out := h.call("POST", answer, tok, allowProject)
		assert.Equal(t, http.StatusUnauthorized, code, "%s: %v", name, out)
	}
	_, audit := h.call("GET", "/audit", "", nil)
	assert.Empty(t, audit["entries"], "a refused token recorded something")

	ana := sign(t, secret, jose.HS256, claims("ana", time.Hour))
	code, out := h.call("POST", answer, ana, map[string]any{"decision": "deny", "remember": "project"})
	assert.Equal(t, http.StatusBadRequest, code, out)
	code, out = h.call("POST", answer, ana, map[string]any{"decision": "allow", "subject": "someone else"})
	assert.Equal(t, http.StatusBadRequest, code, "an unknown field: %v", out)
	code, _ = h.call("POST", "/asks/nope/answer", ana, allowProject)
	assert.Equal(t, http.StatusNotFound, code)

	code, entry := h.call("POST", answer, ana, allowProject)
	require.Equal(t, http.StatusOK, code, entry)
	assert.Equal(t, "ana", entry["subject"])
	assert.Equal(t, "user", entry["decided_by"])
	assert.Equal(t, []any{"Terminal(npm test)"}, entry["rules"])
	file, err := os.ReadFile(filepath.Join(h.project, "permissions.json"))
	require.NoError(t, err)
	assert.Contains(t, string(file), `"Terminal(npm test)"`)
	assert.Equal(t, "auto_approve", h.decide("npm test -- --coverage")["outcome"])

	code, _ = h.call("POST", answer, ana, map[string]any{"decision": "deny"})
	assert.Equal(t, http.StatusConflict, code)

	h.decide("rm -rf /")
	code, page := h.call("GET", "/audit?after=0&limit=1", "", nil)
	require.Equal(t, http.StatusOK, code)
	require.Len(t, page["entries"], 1)
	_, rest := h.call("GET", "/audit?after="+page["next"].(string), "", nil)
	require.Len(t, rest["entries"], 1, "the deny of rm -rf / is in the audit")
	assert.Equal(t, "deny", rest["entries"].([]any)[0].(map[string]any)["outcome"])
	code, _ = h.call("GET", "/audit?after=x", "", nil)
	assert.Equal(t, http.StatusBadRequest, code)
}

func TestHostWithoutKeysRefusesAnswers(t *testing.T) {
	h := startHost(t)
	id := h.decide("npm test")["ask_id"].(string)
	code, out := h.call("POST", "/asks/"+id+"/answer", sign(t, secret, jose.HS256, claims("ana", time.Hour)), map[string]any{"decision": "allow"})
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Contains(t, out["error"], "-jwt-secret-file")
}

func TestHostJWKSAndIssuer(t *testing.T) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	set := jose.JSONWebKeySet{Keys: []jose.JSONWebKey{{Key: &key.PublicKey, KeyID: "k1", Algorithm: "ES256", Use: "sig"}}}
	data, err := json.Marshal(set)
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "jwks.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	h := startHost(t, "-jwks", path, "-jwt-issuer", "idp")
	signKey := jose.JSONWebKey{Key: key, KeyID: "k1"}
	wrongIss := claims("ana", time.Hour)
	wrongIss.Issuer = "elsewhere"
	id := h.decide("npm test")["ask_id"].(string)
	code, _ := h.call("POST", "/asks/"+id+"/answer", sign(t, signKey, jose.ES256, wrongIss), map[string]any{"decision": "allow"})
	assert.Equal(t, http.StatusUnauthorized, code, "a token from another issuer")
	code, _ = h.call("POST", "/asks/"+id+"/answer", sign(t, secret, jose.HS256, claims("ana", time.Hour)), map[string]any{"decision": "allow"})
	assert.Equal(t, http.StatusUnauthorized, code, "an HS256 token where only the JWK set's keys count")
	code, entry := h.call("POST", "/asks/"+id+"/answer", sign(t, signKey, jose.ES256, claims("ana", time.Hour)), map[string]any{"decision": "allow"})
	assert.Equal(t, http.StatusOK, code, entry)
	assert.Equal(t, "ana", entry["subject"])
}

func TestHostRefusesStoreInsideProject(t *testing.T) {
	project := t.TempDir()
	o, err := parseFlags([]string{"-project", project, "-store", "sqlite:" + filepath.Join(project, ".state", "a.db")})
	require.NoError(t, err)
	_, _, err = setup(context.Background(), o, log.New(io.Discard, "", 0))
	require.ErrorContains(t, err, "inside the project")
}

// Two hosts (replicas) on one PostgreSQL schema: an ask raised on one is
// answered on the other, and a second answer on either is a conflict.
func TestHostReplicasOnPostgres(t *testing.T) {
	url := os.Getenv("PERMENGINE_TEST_POSTGRES")
	if url == "" {
		t.Skip("no PostgreSQL server: set PERMENGINE_TEST_POSTGRES (e.g. postgres://postgres@127.0.0.1:5432/test) to run this test")
	}
	schema := "permengine_host_" + strings.ReplaceAll(filepath.Base(t.TempDir()), "-", "_")
	t.Cleanup(func() { dropSchema(t, url, schema) })
	flags := append(secretFlag(t), "-store", url, "-pg-schema", schema)
	a, b := startHost(t, flags...), startHost(t, flags...)
	id := a.decide("npm test")["ask_id"].(string)
	_, asks := b.call("GET", "/asks", "", nil)
	require.Len(t, asks["asks"], 1, "the other replica sees the ask")
	ana := sign(t, secret, jose.HS256, claims("ana", time.Hour))
	code, entry := b.call("POST", "/asks/"+id+"/answer", ana, map[string]any{"decision": "deny", "message": "not now"})
	require.Equal(t, http.StatusOK, code, entry)
	code, _ = a.call("POST", "/asks/"+id+"/answer", ana, map[string]any{"decision": "allow"})
	assert.Equal(t, http.StatusConflict, code)
	_, audit := a.call("GET", "/audit", "", nil)
	assert.Len(t, audit["entries"], 1)
}

// The host's store and the key that verifies answerers' tokens are
// protected paths of every decision it makes, even in auto mode: with
// either, an agent could rewrite its own asks and audit, or answer them.
// Their paths may hold characters a glob reads as syntax.
func TestHostProtectsItsOwnFiles(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "st[ate]{x}")
	require.NoError(t, os.MkdirAll(dir, 0o700))
	key := filepath.Join(dir, "jwt*secret")
	require.NoError(t, os.WriteFile(key, append(secret, '\n'), 0o600))
	db := filepath.Join(dir, "approval.db")
	h := startHostStore(t, "sqlite:"+db, "-jwt-secret-file", key)
	for _, cmd := range []string{
		"cat '" + key + "'",
		"sqlite3 '" + db + "' \"DELETE FROM audit\"",
		"rm -f '" + db + "-wal'",
	} {
		code, out := h.call("POST", "/decide", "", map[string]any{"role": "developer", "session": "s1", "agent": "dev",
			"autonomy": map[string]any{"mode": "auto_approve", "origin": "wildcard"},
			"action":   map[string]any{"type": "terminal", "command": cmd, "cwd": h.project}})
		require.Equal(t, http.StatusOK, code, out)
		assert.Equal(t, "cap_protected_path", out["rule"], "%s: %v", cmd, out)
	}
	code, out := h.call("POST", "/decide", "", map[string]any{"role": "developer", "session": "s1", "agent": "dev",
		"autonomy": map[string]any{"mode": "auto_approve", "origin": "wildcard"},
		"action":   map[string]any{"type": "terminal", "command": "cat '" + filepath.Join(filepath.Dir(dir), "other") + "'", "cwd": h.project}})
	require.Equal(t, http.StatusOK, code, out)
	assert.Equal(t, "auto_approve", out["outcome"], "a file beside the store's directory is not the host's: %v", out)
}

// Tokens minted for something else do not answer: one valid for longer
// than -jwt-max-age, one whose sub is blank, one whose typ is not an
// access token's, one without the audience -jwt-audience names.
func TestHostRefusesTokensForSomethingElse(t *testing.T) {
	h := startHost(t, append(secretFlag(t), "-jwt-audience", "permengine-host")...)
	id, _ := h.decide("make lint")["ask_id"].(string)
	require.NotEmpty(t, id)
	answer := "/asks/" + id + "/answer"
	allow := map[string]any{"decision": "allow"}
	withAud := func(c jwt.Claims, aud ...string) jwt.Claims { c.Audience = aud; return c }
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: jose.HS256, Key: secret}, (&jose.SignerOptions{}).WithType("refresh+jwt"))
	require.NoError(t, err)
	refresh, err := jwt.Signed(signer).Claims(withAud(claims("ana", time.Hour), "permengine-host")).Serialize()
	require.NoError(t, err)
	for name, tok := range map[string]string{
		"valid for a year": sign(t, secret, jose.HS256, withAud(claims("ana", 365*24*time.Hour), "permengine-host")),
		"blank sub":        sign(t, secret, jose.HS256, withAud(claims(" ", time.Hour), "permengine-host")),
		"refresh token":    refresh,
		"another audience": sign(t, secret, jose.HS256, withAud(claims("ana", time.Hour), "some-other-app")),
		"no audience":      sign(t, secret, jose.HS256, claims("ana", time.Hour)),
	} {
		code, out := h.call("POST", answer, tok, allow)
		assert.Equal(t, http.StatusUnauthorized, code, "%s: %v", name, out)
	}
	code, out := h.call("POST", answer, sign(t, secret, jose.HS256, withAud(claims("ana", time.Hour), "permengine-host")), allow)
	assert.Equal(t, http.StatusOK, code, out)
}

// What a web page could send is refused: a cross-origin request, a Host
// that is not this machine's loopback (DNS rebinding), and a body whose
// keys another JSON reader would read otherwise.
func TestHostRefusesWhatAPageCouldSend(t *testing.T) {
	h := startHost(t, secretFlag(t)...)
	post := func(body string, hdr map[string]string) int {
		req, err := http.NewRequest("POST", h.url+"/decide", strings.NewReader(body))
		require.NoError(t, err)
		for k, v := range hdr {
			if k == "Host" {
				req.Host = v
			} else {
				req.Header.Set(k, v)
			}
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		resp.Body.Close()
		return resp.StatusCode
	}
	ok := `{"role": "developer", "action": {"type": "terminal", "command": "ls", "cwd": "` + h.project + `"}}`
	assert.Equal(t, http.StatusOK, post(ok, nil))
	assert.Equal(t, http.StatusForbidden, post(ok, map[string]string{"Origin": "https://attacker.example"}))
	assert.Equal(t, http.StatusMisdirectedRequest, post(ok, map[string]string{"Host": "attacker.example"}))
	dup := `{"role": "developer", "role": "owner", "action": {"type": "terminal", "command": "ls", "cwd": "` + h.project + `"}}`
	assert.Equal(t, http.StatusBadRequest, post(dup, nil), "a key given twice")
	upper := `{"ROLE": "owner", "role": "developer", "action": {"type": "terminal", "command": "ls", "cwd": "` + h.project + `"}}`
	assert.Equal(t, http.StatusBadRequest, post(upper, nil), "a key in upper case")
}
