package argmodel

import (
	"strings"
	"testing"
)

// TestCatalogLoadsEveryName builds every model through every name it is
// run as: each compiles, carries its row's name, and all the names of one
// row give the same model.
func TestCatalogLoadsEveryName(t *testing.T) {
	for _, r := range rows() {
		s := Lookup(r.name)
		if s == nil || s.Name != r.name {
			t.Fatalf("%s: Lookup gave %v", r.name, s)
		}
		for _, a := range r.aliases {
			if Lookup(a) != s {
				t.Errorf("%s: alias %s gives another model", r.name, a)
			}
		}
	}
	if got, want := len(Names()), len(catalog); got != want {
		t.Errorf("Names: %d names, catalog has %d", got, want)
	}
}

// TestCatalogBuildsNothingUntilAsked pins the point of the lazy catalog:
// a fresh index of every row builds no model until a name is looked up,
// and then only that name's.
func TestCatalogBuildsNothingUntilAsked(t *testing.T) {
	built := map[string]int{}
	var rs []row
	for _, r := range rows() {
		build := r.build
		r.build = func(n string) *Spec { built[n]++; return build(n) }
		rs = append(rs, r)
	}
	m := index(rs)
	if len(built) != 0 {
		t.Fatalf("indexing built %v", built)
	}
	m["gsed"].load()
	m["sed"].load()
	if len(built) != 1 || built["sed"] != 1 {
		t.Fatalf("loading sed twice by two names built %v", built)
	}
}

// TestCatalogRejectsAMisnamedRow: a row whose build makes another
// program's model is a programming error, reported on load.
func TestCatalogRejectsAMisnamedRow(t *testing.T) {
	m := index([]row{{name: "cp", build: fixed(sedModel)}})
	defer func() {
		if r := recover(); r == nil || !strings.Contains(r.(string), `built the model of "sed"`) {
			t.Fatalf("recovered %v", r)
		}
	}()
	m["cp"].load()
}

// TestVersionless: a versioned name of an interpreter or shell, with the
// marks of a build's variant, is the program, and so is a toolchain's
// program under a target's prefix; other names stay whole.
func TestVersionless(t *testing.T) {
	for name, want := range map[string]string{
		"python3.11": "python", "perl5.36.0": "perl", "node18": "node", "bash5.2": "bash",
		"python3.11-dbg": "python", // Debian's debug build
		"python3-dbg":    "python",
		"python3.13t":    "python", // the free-threaded build
		"python3.11d":    "python", // ABI flags of older builds
		"python3.7m":     "python",
		"python":         "python",
		"pythont":        "pythont", // a mark without a version is part of the name
		"base64":         "base64",  // not a versioned program
		"s3":             "s3",
		"md5":            "md5",
		"gcc-12":         "gcc", // the compilers are installed under versioned names too
		"clang-17":       "clang",
		"ld-12":          "ld-12",
		"dd":             "dd",
		// A toolchain's programs under a target's prefix.
		"x86_64-linux-gnu-gcc-12":     "gcc",
		"x86_64-linux-gnu-gcc-ar-12":  "gcc-ar", // the longest tool name, not ar
		"arm-none-eabi-ar":            "ar",
		"avr-gcc":                     "gcc",
		"aarch64-linux-gnu-objcopy":   "objcopy",
		"llvm-ar":                     "llvm-ar", // a program of its own, not ar
		"gcc-ar":                      "gcc-ar",
		"pre-commit":                  "pre-commit", // no tool after a dash
		"x86_64-linux-gnu-python3.11": "x86_64-linux-gnu-python3.11",
	} {
		if got := Versionless(name); got != want {
			t.Errorf("Versionless(%q) = %q, want %q", name, got, want)
		}
	}
}

// ModelName names a program's other names by its model's name, and no
// other program that shares the model.
func TestModelNameIsTheModels(t *testing.T) {
	for _, n := range Names() {
		if got := ModelName(n); got != n && Lookup(n).Name != got {
			t.Errorf("%s: ModelName says %q, the model is %q", n, got, Lookup(n).Name)
		}
	}
	for n, want := range map[string]string{"gawk": "awk", "pager": "less", "cc": "gcc", "vi": "vim", "netcat": "nc",
		"more": "more", "clang": "clang", "socat": "socat", "ping": "ping", "no-such-program": "no-such-program"} {
		if got := ModelName(n); got != want {
			t.Errorf("ModelName(%q) = %q, want %q", n, got, want)
		}
	}
}
