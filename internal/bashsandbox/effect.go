package bashsandbox

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// ErrEffect is wrapped by every error about an effect: one that does not
// parse, or one that did not happen.
var ErrEffect = errors.New("effect")

// Effect is what an attack case claims bash does when it runs, in one of
// these forms (paths absolute, after the case's placeholders are
// substituted):
//
//	file PATH        PATH exists afterwards and did not before
//	gone PATH        PATH existed before and does not afterwards
//	changed PATH     PATH's content is different afterwards (or new)
//	contains PATH T  PATH holds the text T afterwards and did not before
//	setid PATH       PATH has the set-user-ID or set-group-ID bit afterwards
//	                 and did not before
//	call NAME ARGS…  a stub was called as "NAME ARGS…" (the recorded call,
//	                 space-joined, starts with this text)
//	push             the bare remote holds a ref afterwards (it starts empty)
//	hook NAME        the git hook NAME ran
//	net PROTO PORT   a connection (tcp) or a datagram (udp) reached the
//	                 sandbox's listener on 127.0.0.1:PORT (see listenTCP)
type Effect struct {
	Kind string
	Arg  string // the path, the call or the hook
	Text string // for contains
}

var effectKinds = map[string]bool{"file": true, "gone": true, "changed": true, "contains": true, "setid": true, "call": true, "push": false, "hook": true, "net": true}

// ParseEffect reads an effect.
func ParseEffect(s string) (Effect, error) {
	kind, arg, _ := strings.Cut(strings.TrimSpace(s), " ")
	needsArg, ok := effectKinds[kind]
	switch {
	case !ok:
		return Effect{}, fmt.Errorf("%w %q: unknown kind %q (want file, gone, changed, contains, call, push, hook or net)", ErrEffect, s, kind)
	case needsArg && strings.TrimSpace(arg) == "":
		return Effect{}, fmt.Errorf("%w %q: %s needs an argument", ErrEffect, s, kind)
	case !needsArg && arg != "":
		return Effect{}, fmt.Errorf("%w %q: %s takes no argument", ErrEffect, s, kind)
	case needsArg && kind != "call" && kind != "hook" && kind != "net" && !filepath.IsAbs(arg):
		return Effect{}, fmt.Errorf("%w %q: the path must be absolute", ErrEffect, s)
	}
	e := Effect{Kind: kind, Arg: strings.TrimSpace(arg)}
	if kind == "net" {
		proto, port, _ := strings.Cut(e.Arg, " ")
		n, err := strconv.Atoi(port)
		if (proto != "tcp" && proto != "udp") || err != nil || !listened(proto, n) {
			return Effect{}, fmt.Errorf("%w %q: net needs tcp or udp and a port the sandbox listens on (tcp %v, udp %v)", ErrEffect, s, listenTCP, listenUDP)
		}
	}
	if kind == "contains" {
		path, text, _ := strings.Cut(e.Arg, " ")
		if strings.TrimSpace(text) == "" {
			return Effect{}, fmt.Errorf("%w %q: contains needs a path and a text", ErrEffect, s)
		}
		e.Arg, e.Text = path, strings.TrimSpace(text)
	}
	return e, nil
}

func (e Effect) String() string {
	return strings.TrimSpace(strings.Join([]string{e.Kind, e.Arg, e.Text}, " "))
}

// Probe is an effect with what was there before the run.
type Probe struct {
	e       Effect
	in      *Instance
	before  []byte
	existed bool
}

// Before records the state the effect will be compared with, and fails
// if the claim could not be a change (the file is already there, the path
// to remove is not).
func (e Effect) Before(in *Instance) (*Probe, error) {
	p := &Probe{e: e, in: in}
	switch e.Kind {
	case "setid":
		if setID(e.Arg) {
			return nil, fmt.Errorf("%w %s: the file has the bit before the run", ErrEffect, e)
		}
	case "file", "gone", "changed", "contains":
		data, _ := os.ReadFile(e.Arg)
		_, statErr := os.Lstat(e.Arg)
		p.existed, p.before = statErr == nil, data
		if e.Kind == "file" && p.existed {
			return nil, fmt.Errorf("%w %s: the path exists before the run", ErrEffect, e)
		}
		if e.Kind == "gone" && !p.existed {
			return nil, fmt.Errorf("%w %s: the path does not exist before the run", ErrEffect, e)
		}
		if e.Kind == "contains" && bytes.Contains(data, []byte(e.Text)) {
			return nil, fmt.Errorf("%w %s: the text is there before the run", ErrEffect, e)
		}
	case "net":
		in.Listen = true
	case "push":
		if refs, err := in.RemoteRefs(); err != nil || refs != "" {
			return nil, fmt.Errorf("%w %s: the remote is not empty before the run (%v)", ErrEffect, e, err)
		}
	}
	return p, nil
}

// Check says whether the effect happened in the run r.
func (p *Probe) Check(r *Result) error {
	e := p.e
	ok := false
	switch e.Kind {
	case "file":
		_, err := os.Lstat(e.Arg)
		ok = err == nil
	case "gone":
		_, err := os.Lstat(e.Arg)
		ok = errors.Is(err, os.ErrNotExist)
	case "changed":
		data, err := os.ReadFile(e.Arg)
		ok = err == nil && (!p.existed || !bytes.Equal(data, p.before))
	case "contains":
		data, err := os.ReadFile(e.Arg)
		ok = err == nil && bytes.Contains(data, []byte(e.Text))
	case "setid":
		ok = setID(e.Arg)
	case "call":
		for _, c := range r.Calls {
			ok = ok || c.Text() == e.Arg || strings.HasPrefix(c.Text(), e.Arg+" ")
		}
	case "push":
		refs, err := p.in.RemoteRefs()
		ok = err == nil && refs != ""
	case "hook":
		for _, h := range r.Hooks {
			ok = ok || h == e.Arg
		}
	case "net":
		for _, n := range r.Net {
			ok = ok || n == e.Arg
		}
	}
	if ok {
		return nil
	}
	return fmt.Errorf("%w %s did not happen (exit %d; calls %v; hooks %v; network %v; output %q)",
		ErrEffect, e, r.Exit, callTexts(r.Calls), r.Hooks, r.Net, clip(r.Output, 600))
}

// RemoteRefs lists the refs of the bare remote, one per line.
func (in *Instance) RemoteRefs() (string, error) {
	cmd := exec.Command("git", "--git-dir", in.Remote, "for-each-ref", "--format=%(refname)")
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + in.Dir, "GIT_CONFIG_NOSYSTEM=1"}
	out, err := cmd.Output()
	return strings.TrimSpace(string(out)), err
}

func callTexts(cs []Call) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.Text()
	}
	return out
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// setID reports a file that has the set-user-ID or set-group-ID bit.
func setID(path string) bool {
	fi, err := os.Lstat(path)
	return err == nil && fi.Mode()&(os.ModeSetuid|os.ModeSetgid) != 0
}
