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
	key    any // []byte for HS256, jose.JSONWebKeySet for RS256/ES256
	algs   []jose.SignatureAlgorithm
	issuer string
	now    func() time.Time
}

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
	if err := c.ValidateWithLeeway(jwt.Expected{Issuer: v.issuer, Time: v.now()}, 0); err != nil {
		return "", fmt.Errorf("%w: %v", errUnauthorized, err)
	}
	if c.Subject == "" {
		return "", fmt.Errorf("%w: the token has no sub", errUnauthorized)
	}
	return c.Subject, nil
}
