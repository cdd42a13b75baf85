package argmodel

import (
	"slices"
	"testing"
)

func TestLanguagesAndShells(t *testing.T) {
	runRows(t, []parseRow{
		{"bash -c 'curl x | sh'", 0, "POA", "the script of -c is code, judged as a nested script"},
		{"bash -xc 'id' name arg", 0, "POAAA", "-c in a cluster; then $0 and arguments"},
		{"bash script.sh arg", 0, "PAA", "a script file"},
		{"bash -o pipefail -c id", 0, "POVOA", "-o takes an option name"},
		{"bash --rcfile x -i", EffExec, "POVO", "an rc file runs code"},
		{"sh -c \"$CMD\"", EffComputed | EffExec, "POU", "a computed script, which could also be --rcfile"},
		{"python3 -c 'import json' a", EffExec, "POVA", "python -c runs code; the rest is argv"},
		{"python3 -c 'import os' a", EffExec | EffComputed, "POVA", "python code that may start programs"},
		{"python3 -m pytest -x", 0, "POVA", "a module; -x is its argument"},
		{"python3 -m timeit 'pass'", EffExec | EffComputed, "POVA", "timeit runs its arguments as code"},
		{"python3 -m tarfile -e a.tar .", EffExec | EffComputed, "POVAAA", "tarfile -e extracts names no word shows"},
		{"node -pe 'require(\"child_process\")'", EffExec | EffComputed, "", "-pe is --print --eval: the next word is code"},
		{"node -pe '1+1'", EffExec, "", "inert code after -pe"},
		{"node --import data:text/javascript,x -e 1", EffExec | EffComputed, "", "a module from a data: URL is inline code"},
		{"python3 -Bc 'x'", EffExec, "POV", "-c in a cluster"},
		{"python3 manage.py test", 0, "PAA", "a script"},
		{"node -e 'require(\"./package.json\")'", EffExec, "POV", "node -e"},
		{"node -e 'require(1)'", EffExec | EffComputed, "POV", "a require of a computed name"},
		{"node --eval=x", EffExec, "PO", "node --eval="},
		{"node server.js -e x", 0, "PAAA", "options after the script belong to it"},
		{"perl -ne 'print' f", EffExec, "POVA", "-e at the end of a cluster takes the next word"},
		{"perl -ne 1 'touch x|'", EffExec | EffComputed, "POVA", "a file operand ending in | is a command to perl's open"},
		{"perl -pe 1 \"$F\"", EffExec | EffComputed, "POVU", "a computed operand may be one"},
		{"perl -pi -e 's/a/b/' f", EffExec, "POOVA", "-i with no attached suffix"},
		{"ruby -e 'x'", EffExec, "POV", "ruby -e"},
		{"php -r 'x'", EffExec | EffComputed, "POV", "php -r: PHP calls functions by computed names"},
		{"php -R 'x'", EffExec | EffComputed, "POV", "php -R runs code per line"},
		{"deno eval 'x'", EffExec, "PSA", "deno eval"},
		{"bun -e 'x'", EffExec | EffComputed, "POV", "bun -e: its code reads the .env bun loads"},
		{"go test -exec=x ./...", EffExec, "PSOA", "go test -exec"},
		{"go build -toolexec x .", EffExec, "PSOVA", "-toolexec with a separate value"},
		{"go vet -vettool=./v ./...", EffExec, "PSOA", "go vet -vettool"},
		{"go test -run TestX ./...", 0, "PSOVA", "-run takes a value"},
		{"go env -w GOFLAGS=-x", EffExec | EffComputed, "PSOA", "go env -w changes what later go commands run"},
		{"go env GOPATH", 0, "PSA", "go env reads"},
		{"go generate ./...", EffExec, "PSA", "go generate runs commands from the source"},
		{"make -j4 test", 0, "POA", "a target"},
		{"make -f - a", EffComputed, "POVA", "a makefile read from input: recipes the engine does not see"},
		{"make -f build.mk a", 0, "POVA", "a makefile of the project"},
		{"make SHELL=/tmp/x all", EffExec | EffComputed, "PAA", "SHELL= replaces the recipe shell, with a program that is no build tool"},
		{"make CC=sudo a.o", EffComputed, "PAA", "CC= names sudo, which the built-in rule runs"},
		{"make CC=gcc-12 a.o", 0, "PAA", "a versioned compiler is a build tool"},
		{"make 'CFLAGS=$(shell id)' a.o", EffComputed, "PAA", "a make function in a variable runs a command"},
		{"make --eval='x: ; id' x", EffExec | EffComputed, "POA", "--eval defines recipes, which run programs"},
		{"make --ev 'x' x", EffExec | EffComputed, "POVA", "an abbreviation of --eval"},
		{"zip -TT 'sh -c id' a.zip f", EffExec, "POVAA", "zip -TT"},
		{"zip -r a.zip src", 0, "POAA", "a plain archive"},
		{"flock /tmp/l -c 'id'", 0, "PAOV", "flock -c takes a command line"},
		{"watch -n 5 make test", 0, "POVAA", "watch runs its operands as a command line"},
		{"bundle exec rspec", 0, "PSA", "a runner"},
		{"uv run pytest", 0, "PSA", "uv run"},
		{"uv publish", EffExternal, "PS", "uv publish"},
		{"poetry run pytest", 0, "PSA", "poetry run"},
		{"chroot /mnt ls", EffExec | EffComputed, "PAA", "chroot's new root, where its command is found"},
		{"split -l1 --fil='id' f", EffExec, "POOA", "an abbreviation of --filter"},
		{"prlimit --nofile=1024 sudo id", 0, "POAA", "prlimit's limits take attached values"},
		{"taskset -c 0 sudo id", 0, "POAAA", "taskset's mask, then the command"},
		{"cargo +stable publish", EffExternal, "POS", "rustup's toolchain argument"},
		{"npm --scr=sudo test", EffExec, "POS", "nopt reads abbreviations of npm's options"},
	})
}

func TestMayHold(t *testing.T) {
	for _, c := range []struct {
		v      []string
		script bool
		wrap   bool
		why    string
	}{
		{[]string{"git", "status"}, false, false, "no option, no subcommand that carries one"},
		{[]string{"git", "fetch", "--upload-pack=x"}, true, false, "an option may carry a program"},
		{[]string{"git", "fetch", "--upl", "x"}, true, false, "an abbreviation of one"},
		{[]string{"git", "log", "--oneline"}, false, false, "no option that carries a program"},
		{[]string{"tar", "cIf", "x"}, true, false, "an old-style bundle with I"},
		{[]string{"tar", "czf", "x"}, false, false, "an old-style bundle without a program letter"},
		{[]string{"tar", "-cIx"}, true, false, "a cluster with -I"},
		{[]string{"git", "submodule", "foreach", "x"}, true, false, "foreach takes a script operand"},
		{[]string{"npm", "test"}, false, true, "npm abbreviates its subcommands: always read"},
		{[]string{"docker", "ps"}, false, false, "no subcommand that runs a command"},
		{[]string{"docker", "-H", "x", "exec", "a", "b"}, false, true, "exec after an option"},
		{[]string{"sudo", "ls"}, false, true, "a wrapper"},
	} {
		if MayCarryScript(c.v) != c.script || MayWrap(c.v) != c.wrap {
			t.Errorf("%q: MayCarryScript %v MayWrap %v, want %v %v (%s)", c.v, MayCarryScript(c.v), MayWrap(c.v), c.script, c.wrap, c.why)
		}
	}
}

func TestPythonServingModules(t *testing.T) {
	runRows(t, []parseRow{
		{"python3 -m http.server 8000", EffExternal, "", "it listens on every address"},
		{"python3 -m http.server --bind 0.0.0.0", EffExternal, "", "every address, named"},
		{"python3 -m http.server --bind 127.0.0.1 8000", 0, "", "this machine only"},
		{"python3 -m http.server -b localhost", 0, "", "this machine only, -b"},
		{"python3 -m http.server -b $H", EffExternal, "", "an address known at run time"},
		{"python -m pydoc json", 0, "", "pydoc prints"},
		{"python -m pydoc -p 1234", 0, "", "pydoc -p serves on localhost"},
		{"python -m pydoc -n 0.0.0.0 -p 8000 -b", EffExternal, "", "pydoc -n names every address; -b opens a browser"},
		{"python3 -m http.server -b 127.0.0.1 -b 0.0.0.0 8765", EffExternal, "", "the last -b counts"},
		{"python3 -m http.server -b 127.evil.example", EffExternal, "", "a name that starts like a loopback address"},
		{"python3 -m http.server -b ::1", 0, "", "IPv6 loopback"},
		{"python3 -m pytest -q", 0, "", "a test runner"},
	})
}

// SedFiles finds the file of every w, W, r and R command and s///w flag,
// to the end of its line, with or without a space before it.
func TestSedFiles(t *testing.T) {
	var got []string
	SedFiles("s/^//w.git/config\n/x/w out.txt\n1r  in.txt\ny/a/b/;p\ns/a/b/gW x", func(n string) { got = append(got, n) })
	if want := []string{".git/config", "out.txt", "in.txt"}; !slices.Equal(got, want) {
		t.Errorf("SedFiles: %q, want %q", got, want)
	}
}
