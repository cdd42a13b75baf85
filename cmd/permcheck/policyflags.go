package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/permengine/permengine"
	"github.com/permengine/permengine/casefile"
)

// listFlag is a flag that may be given several times; set says whether
// it was given at all.
type listFlag struct {
	values []string
	set    bool
}

func (l *listFlag) String() string { return strings.Join(l.values, ",") }

func (l *listFlag) Set(v string) error {
	l.values, l.set = append(l.values, v), true
	return nil
}

// policyFlags are the flags that say which policy to decide with and what
// the host adds to the engine's tables.
type policyFlags struct {
	layers            listFlag
	protectedBranches listFlag
	protectedPaths    listFlag
}

func (p *policyFlags) register(fs *flag.FlagSet) {
	fs.Var(&p.layers, "p", "a permissions.json layer; repeat for layers, lowest (global) first (default: the global file, then ./permissions.json, either may be absent)")
	fs.Var(&p.protectedBranches, "protected-branch", "a host's extra protected merge destination, a name or glob (repeatable)")
	fs.Var(&p.protectedPaths, "protected-path", "a host's extra protected path glob (repeatable)")
}

// extensions are the host's additions given by flags, or nil.
func (p *policyFlags) extensions() *permengine.Extensions {
	if !p.protectedBranches.set && !p.protectedPaths.set {
		return nil
	}
	return &permengine.Extensions{ProtectedBranches: p.protectedBranches.values, ProtectedPaths: p.protectedPaths.values}
}

// load reads the layers with the host's extensions.
func (p *policyFlags) load() (*permengine.Policy, error) {
	policy, err := p.loadLayers()
	if err != nil {
		return nil, err
	}
	if ext := p.extensions(); ext != nil {
		return policy.WithExtensions(*ext)
	}
	return policy, nil
}

// caseExtensions are the flags' extensions in the case format, or nil.
func (p *policyFlags) caseExtensions() *casefile.Extensions {
	ext := p.extensions()
	if ext == nil {
		return nil
	}
	return &casefile.Extensions{ProtectedBranches: ext.ProtectedBranches, ProtectedPaths: ext.ProtectedPaths}
}

// loadLayers reads the layers: the ones given with -p, each of which must
// exist (a mistyped path must not silently become an empty policy), or the
// defaults, which may be absent.
func (p *policyFlags) loadLayers() (*permengine.Policy, error) {
	paths := p.layers.values
	if !p.layers.set {
		global, err := permengine.GlobalPolicyPath()
		if err != nil {
			return nil, err
		}
		paths = []string{global, "permissions.json"}
	}
	for _, path := range p.layers.values {
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("-p %s: no such file (only the default layers may be absent)", path)
		}
	}
	return permengine.LoadLayers(paths...)
}

// absDir makes a directory flag absolute and clean; "" stays "".
func absDir(dir string) (string, error) {
	if dir == "" {
		return dir, nil
	}
	return filepath.Abs(dir)
}
