package permengine

import "strings"

// verbBits says, in one map lookup, what the engine knows about a program
// name. The tables it is built from (wrappers, shells, the external-effect
// and exec-capable tables, …) stay the place to read and extend; this only
// makes a decision look a program up once instead of once per table.
type verbBits uint32

const (
	vbWrapper    verbBits = 1 << iota // runs its arguments as a command (wrappers)
	vbRunner                          // "pnpm exec" and the like (runnerPrefixes)
	vbShell                           // runs a script given with -c
	vbEval                            // eval
	vbCd                              // changes directory
	vbData                            // its arguments are data (dataVerbs)
	vbPrivileged                      // runs as another user
	vbEffect                          // starts a row of the external-effect tables
	vbExec                            // has rows in the exec-capable argument table
	vbPattern                         // takes a pattern that is not a path
	vbReserved                        // a shell keyword or declaration builtin
	vbNested                          // may carry a nested script or command

	// Bits of the word itself, set by wordBits, never in the table.
	vbAssignment // NAME=value
	vbPathName   // holds a '/': a program named by its path
)

var verbTable = newStrTable(func() map[string]verbBits {
	m := map[string]verbBits{}
	set := func(v string, b verbBits) { m[v] |= b }
	for v := range wrappers {
		set(v, vbWrapper)
	}
	for v := range runnerPrefixes {
		set(v, vbRunner)
	}
	for v := range shells {
		set(v, vbShell|vbNested)
	}
	set("eval", vbEval|vbNested)
	for v := range cdVerbs {
		set(v, vbCd)
	}
	for v, ok := range dataVerbs {
		if ok {
			set(v, vbData)
		}
	}
	for v := range privileged {
		set(v, vbPrivileged)
	}
	for v := range effectVerbs {
		set(v, vbEffect)
	}
	for v := range execByVerb {
		set(v, vbExec)
	}
	for v := range patternVerbs {
		set(v, vbPattern)
	}
	for v := range reservedWords {
		set(v, vbReserved)
	}
	for _, v := range []string{"git", "env", "su", "runuser", "sg", "script", "flock", "nix-shell", "watch", "find"} {
		set(v, vbNested)
	}
	return m
}())

// wordBits is bitsOf with the bits of the word itself: what a segment
// records about its first word.
func wordBits(w string) verbBits {
	b := bitsOf(w)
	if isAssignment(w) {
		b |= vbAssignment
	}
	if strings.IndexByte(w, '/') >= 0 {
		b |= vbPathName
	}
	return b
}

func bitsOf(v string) verbBits {
	b, _ := verbTable.get(v)
	return b
}
