package programs

import "strings"

// Build and test runners read files of the project as their program: a
// Makefile's recipes, package.json's scripts, a Go package's tests. A
// command that writes such a file and then runs the runner (printf …
// > Makefile && make) runs what it wrote, which no word of it shows:
// like bash x.sh after cat > x.sh, it is not approved unread.

// buildFiles are, per runner, the files it reads from its working
// directory that name commands it runs: a name, or "*" and an ending
// (*.go). Each row says what the file holds that runs. Source files that
// a test run only executes (a test file, a module) are not rows: running
// the project's code is what a test is, and an earlier command may have
// written it as well; what a row adds is a command line the file names.
var buildFiles = map[string][]string{
	"make":     {"Makefile", "makefile", "GNUmakefile"},                                         // recipes
	"gmake":    {"Makefile", "makefile", "GNUmakefile"},                                         //
	"npm":      {"package.json"},                                                                // scripts, run by run, test, start, install and their lifecycle
	"pnpm":     {"package.json", "pnpm-workspace.yaml"},                                         //
	"yarn":     {"package.json"},                                                                //
	"bun":      {"package.json", "bunfig.toml"},                                                 // scripts; bunfig's preload
	"go":       {"*.go"},                                                                        // go test, go run and go generate run the package's code (goRuns)
	"cargo":    {"build.rs", "Cargo.toml"},                                                      // the build script; the manifest names it
	"pytest":   {"conftest.py", "pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini", "*.py"}, // tests, plugins, addopts
	"tox":      {"tox.ini", "pyproject.toml", "setup.cfg"},                                      // commands
	"just":     {"justfile", "Justfile", ".justfile"},                                           // recipes
	"rake":     {"Rakefile", "rakefile"},                                                        // tasks
	"gradle":   {"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"},  // build scripts
	"gradlew":  {"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts"},  //
	"mvn":      {"pom.xml"},                                                                     // plugins the build runs
	"mvnw":     {"pom.xml"},                                                                     //
	"cmake":    {"CMakeLists.txt"},                                                              // execute_process
	"task":     {"Taskfile.yml", "Taskfile.yaml"},                                               // tasks
	"deno":     {"deno.json", "deno.jsonc"},                                                     // deno task
	"composer": {"composer.json"},
	"pip":      {"setup.py", "setup.cfg", "pyproject.toml"}, // pip install . runs the build backend and setup.py
	"pip3":     {"setup.py", "setup.cfg", "pyproject.toml"},
	"uv":       {"setup.py", "setup.cfg", "pyproject.toml"}, // scripts
}

// goRuns are the go subcommands that run command lines the package's
// files name.
var goRuns = map[string]bool{"generate": true}

// BuildFiles returns the files the runner of view v (its program first)
// reads as commands from its working directory, and the ones make -f
// FILE (--file, --makefile) names: nil for a program that is no runner. A
// pattern "*.go" stands for every file with that ending.
func BuildFiles(v []string) (names, files []string) {
	if len(v) == 0 {
		return nil, nil
	}
	name := BaseName(v[0])
	names = buildFiles[name]
	switch {
	case names == nil && BitsOf(name)&Interpreter != 0 && len(v) > 2 && v[1] == "-m":
		names = buildFiles[v[2]] // python3 -m pytest
	case name == "go" && !goRuns[gitSubcommand(v)]:
		names = nil // go build and go vet compile, and run none of it
	}
	if name == "make" || name == "gmake" {
		files = makeFiles(v)
	}
	return names, files
}

// makeValues are make's short options that take a value (the next word,
// or the rest of their cluster).
const makeValues = "CfIjloW"

// makeFiles returns the makefiles a make command names: every -f FILE,
// -fFILE, -sf FILE, --file=FILE and --makefile FILE (make reads them all).
func makeFiles(v []string) []string {
	var out []string
	for i := 1; i < len(v); i++ {
		w := v[i]
		switch {
		case w == "--":
			return out
		case strings.HasPrefix(w, "--"):
			n, val, attached := strings.Cut(w[2:], "=")
			if len(n) < 3 || !strings.HasPrefix("file", n) && !strings.HasPrefix("makefile", n) {
				continue
			}
			if !attached && i+1 < len(v) {
				i++
				val = v[i]
			}
			out = append(out, val)
		case len(w) > 1 && w[0] == '-':
			for k := 1; k < len(w); k++ {
				if strings.IndexByte(makeValues, w[k]) < 0 {
					continue
				}
				val := w[k+1:]
				if val == "" && i+1 < len(v) {
					i++
					val = v[i]
				}
				if w[k] == 'f' {
					out = append(out, val)
				}
				break
			}
		}
	}
	return out
}

// MatchesBuildFile reports whether path p (a path the command writes)
// is one of names, by its last component.
func MatchesBuildFile(p string, names []string) bool {
	base := p[strings.LastIndexByte(p, '/')+1:]
	for _, n := range names {
		if end, ok := strings.CutPrefix(n, "*"); ok && strings.HasSuffix(base, end) || base == n {
			return true
		}
	}
	return false
}
