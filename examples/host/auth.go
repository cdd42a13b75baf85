package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	"github.com/go-jose/go-jose/v4/jwt"

	"github.com/permengine/permengine"
)

// errUnauthorized is every failure to prove who answers.
var errUnauthorized = errors.New("unauthorized")

// verifier proves who answers: a signed JWT (HS256 with a shared secret,
// or RS256/ES256 with a JWK set), its expiry, and its issuer when one is
// configured. The subject is the token's "sub".
type verifier struct {
	key      any // []byte for HS256, jose.JSONWebKeySet for RS256/ES256
	algs     []jose.SignatureAlgorithm
	issuer   string
	audience string        // required in aud when set
	maxAge   time.Duration // the longest a token may still be valid for
	now      func() time.Time
}

// defaultMaxAge bounds how far ahead a token's exp may be: a token minted
// to last for years answers for years, whoever holds it.
const defaultMaxAge = 24 * time.Hour

// minSecret is the shortest HS256 secret accepted: the hash's size.
const minSecret = 32

// maxKeyFileBytes bounds the secret and JWK set files the host reads.
const maxKeyFileBytes = 1 << 20

// howToConfigure is what the host says when answering is off.
const howToConfigure = "answering is off: start the host with -jwt-secret-file PATH (HS256, a secret of at least 32 bytes) " +
	"or -jwks PATH (a JWK set with RS256 or ES256 public keys), and optionally -jwt-issuer ISS; " +
	"answers need \"Authorization: Bearer <JWT>\" and the token's sub is who answered"

// newVerifier reads the key material. Neither file gives nil: the host
// then refuses every answer.
func newVerifier(secretFile, jwksFile, issuer string, now func() time.Time) (*verifier, error) {
	v, err := readKeys(secretFile, jwksFile, issuer, now)
	if v != nil {
		v.maxAge = defaultMaxAge
	}
	return v, err
}

// readKeys reads the key material of newVerifier.
func readKeys(secretFile, jwksFile, issuer string, now func() time.Time) (*verifier, error) {
	switch {
	case secretFile != "" && jwksFile != "":
		return nil, errors.New("give -jwt-secret-file or -jwks, not both")
	case secretFile != "":
		b, err := permengine.ReadFileBounded(secretFile, maxKeyFileBytes)
		if err != nil {
			return nil, err
		}
		secret := []byte(strings.TrimRight(string(b), "\r\n"))
		if len(secret) < minSecret {
			return nil, fmt.Errorf("%s: an HS256 secret needs at least %d bytes, it has %d", secretFile, minSecret, len(secret))
		}
		return &verifier{key: secret, algs: []jose.SignatureAlgorithm{jose.HS256}, issuer: issuer, now: now}, nil
	case jwksFile != "":
		b, err := permengine.ReadFileBounded(jwksFile, maxKeyFileBytes)
		if err != nil {
			return nil, err
		}
		var set jose.JSONWebKeySet
		if err := json.Unmarshal(b, &set); err != nil {
			return nil, fmt.Errorf("%s: %w", jwksFile, err)
		}
		if len(set.Keys) == 0 {
			return nil, fmt.Errorf("%s: the JWK set has no keys", jwksFile)
		}
		return &verifier{key: set, algs: []jose.SignatureAlgorithm{jose.RS256, jose.ES256}, issuer: issuer, now: now}, nil
	}
	return nil, nil
}

// subject returns the verified subject of the request's bearer token.
func (v *verifier) subject(r *http.Request) (string, error) {
	h := r.Header.Get("Authorization")
	scheme, token, ok := strings.Cut(h, " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return "", fmt.Errorf("%w: no bearer token", errUnauthorized)
	}
	tok, err := jwt.ParseSigned(strings.TrimSpace(token), v.algs)
	if err != nil {
		return "", fmt.Errorf("%w: %v", errUnauthorized, err)
	}
	var c jwt.Claims
	if err := tok.Claims(v.key, &c); err != nil {
		return "", fmt.Errorf("%w: %v", errUnauthorized, err)
	}
	if c.Expiry == nil {
		return "", fmt.Errorf("%w: the token has no exp", errUnauthorized)
	}
	exp := jwt.Expected{Issuer: v.issuer, Time: v.now()}
	if v.audience != "" {
		exp.AnyAudience = jwt.Audience{v.audience}
	}
	if err := c.ValidateWithLeeway(exp, 0); err != nil {
		return "", fmt.Errorf("%w: %v", errUnauthorized, err)
	}
	if maxAge := v.maxAge; maxAge > 0 && c.Expiry.Time().After(v.now().Add(maxAge)) {
		return "", fmt.Errorf("%w: the token is valid for more than %s", errUnauthorized, maxAge)
	}
	if len(tok.Headers) > 0 {
		// A token typed as another kind (a refresh token, a logout
		// token) is not an answerer's access token. An ID token usually
		// says JWT, and only -jwt-audience tells it apart.
		typ, _ := tok.Headers[0].ExtraHeaders[jose.HeaderType].(string)
		if t := strings.TrimPrefix(strings.ToLower(typ), "application/"); t != "" && t != "jwt" && t != "at+jwt" {
			return "", fmt.Errorf("%w: a token of type %q is not an access token", errUnauthorized, typ)
		}
	}
	if strings.TrimSpace(c.Subject) == "" {
		return "", fmt.Errorf("%w: the token has no sub", errUnauthorized)
	}
	return c.Subject, nil
}
