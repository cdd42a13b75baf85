package programs

import (
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/programs/argmodel"
)

// Build and test runners read files of the project as their program: a
// Makefile's recipes, package.json's scripts, a Go package's tests. A
// command that writes such a file and then runs the runner (printf …
// > Makefile && make) runs what it wrote, which no word of it shows:
// like bash x.sh after cat > x.sh, it is not approved unread.

// buildFiles are, per runner, the files it reads from its working
// directory (or above it) that name commands it runs: a name, or "*" and
// an ending (*.go). Each row says what the file holds that runs. Source
// files that a test run only executes (a test file, a module) are not
// rows: running the project's code is what a test is, and an earlier
// command may have written it as well; what a row adds is a command line
// the file names.
var buildFiles = withJSTools(map[string][]string{
	"make": makeFiles,
	// make-first-existing-target runs make with the first target its
	// makefile has; dpkg-buildpackage and debuild run debian/rules, a
	// makefile; gio launch runs a desktop file's Exec line.
	"make-first-existing-target": makeFiles, "dpkg-buildpackage": {"rules"}, "debuild": {"rules"}, "gio": {"*.desktop"}, // recipes
	"gmake":   makeFiles,                                                                                                 //
	"npm":     []string{"package.json", "binding.gyp", "server.js", "npmrc", "package-lock.json", "npm-shrinkwrap.json"}, // scripts, run by run, test, start, install and their lifecycle; node-gyp's file (install runs its <!(…) commands); start without a script runs server.js; the npmrc of --prefix DIR (DIR/etc/npmrc) names the shell scripts run with
	"pnpm":    []string{"package.json", "pnpm-workspace.yaml", "binding.gyp", "npmrc", "pnpm-lock.yaml"},                 //
	"yarn":    []string{"package.json", "binding.gyp", "npmrc", "yarn.lock"},                                             //
	"bun":     {"package.json", "bunfig.toml", "bun.lock", "bun.lockb"},
	"node":    {"package.json"},                                                                                                                                                           // node --run runs its scripts; its imports map names the code import loads                                                                                                                        // scripts; bunfig's preload
	"go":      {"*.go"},                                                                                                                                                                   // go test, go run and go generate run the package's code (goRuns)
	"cargo":   {"build.rs", "Cargo.toml", "rust-toolchain", "rust-toolchain.toml", "Makefile.toml"},                                                                                       // the build script; the manifest names it; the toolchain file may name a directory of programs
	"pytest":  {"conftest.py", "pytest.ini", ".pytest.ini", "pytest.toml", ".pytest.toml", "pyproject.toml", "setup.cfg", "tox.ini", "sitecustomize.py", "usercustomize.py", "test*.txt"}, // tests, plugins, addopts; test*.txt are doctests it runs by default
	"tox":     {"tox.ini", "tox.toml", "pyproject.toml", "setup.cfg"},                                                                                                                     // commands
	"just":    {"justfile", ".justfile", "*.just"},                                                                                                                                        // recipes; modules and imports (names compared in any case)
	"rake":    {"Rakefile", "rakefile", "Rakefile.rb", "rakefile.rb", "*.rake"},                                                                                                           // tasks; rakelib/*.rake
	"gradle":  {"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradle.properties"},                                                                        // build scripts; the properties' org.gradle.java.home names the java it starts
	"gradlew": {"build.gradle", "build.gradle.kts", "settings.gradle", "settings.gradle.kts", "gradle.properties", "gradle-wrapper.properties", "gradle-wrapper.jar"},                     // the wrapper's properties name the distribution it downloads and runs
	"mvn":     {"pom.xml", "extensions.xml", "maven.config", "jvm.config"},                                                                                                                // plugins the build runs; .mvn's extensions, options and JVM options
	"mvnw":    {"pom.xml", "extensions.xml", "maven.config", "jvm.config", "maven-wrapper.properties", "maven-wrapper.jar", "MavenWrapperDownloader.java"},                                //
	// terraform's configuration runs programs (data "external", a
	// provisioner's local-exec) and names providers, programs it runs,
	// which it finds under any directory of plugins (terraform.d/plugins,
	// .terraform/providers) by their name; a CLI configuration's
	// dev_overrides name a directory of them; variables fill in what the
	// configuration runs.
	"terraform": terraformFiles, "tofu": terraformFiles,
	// cmake runs CMakeLists.txt (execute_process), and cmake --build the
	// build tool its cache names on the build files there; ctest runs the
	// tests its test files add.
	"cmake": {"CMakeLists.txt", "*.cmake", "CMakeCache.txt", "Makefile", "build.ninja"},
	"ctest": {"CTestTestfile.cmake", "DartTestfile.txt", "CTestCustom.cmake", "CMakeCache.txt"},
	// java runs the classes and archives on its class path (the working
	// directory when none is given), javac the annotation processors it
	// finds there by a service file, with no option naming them. (With no
	// model, each also takes any file its words name as one it may run.)
	"java":  {"*.class", "*.jar"},
	"javac": {"*.class", "*.jar", "javax.annotation.processing.Processor"},
	"task":  {"Taskfile.yml", "Taskfile.yaml"}, // tasks
	"mise":  miseFiles, "rtx": miseFiles,       // tasks and hooks; config.toml is mise/config.toml and .config/mise/config.toml, by its base name any config.toml
	// Environment shells run their file's hooks (devbox's init_hook,
	// devenv's enterShell, a Nix shell's shellHook) in every shell they
	// start, and their scripts on run.
	"devbox": {"devbox.json"}, "devenv": {"devenv.nix", "devenv.yaml"}, "nix-shell": {"shell.nix", "default.nix"},
	"nix":      {"flake.nix", "shell.nix", "default.nix"},
	"deno":     {"deno.json", "deno.jsonc"}, // deno task
	"composer": {"composer.json"},
	"pip":      []string{"setup.py", "setup.cfg", "pyproject.toml", "pip.conf", "pip.ini"}, // pip install . runs the build backend and setup.py; a virtualenv's pip.conf sets any option (target = .git)
	"uv":       {"setup.py", "setup.cfg", "pyproject.toml", "uv.lock"},                     // scripts
	// Python application servers and runners import the project's module
	// they are given (flask --app wsgi, uvicorn main:app) or find one by
	// its usual name (app.py, wsgi.py): its code runs at import.
	"flask": {"*.py"}, "uvicorn": {"*.py"}, "gunicorn": {"*.py"}, "hypercorn": {"*.py"},
	"celery": {"*.py"}, "fastapi": {"*.py"}, "streamlit": {"*.py"},
	// pydoc imports the modules and files it documents, from the working
	// directory first.
	"pydoc": {"*"}, // a word with a slash is a file it imports, whatever its ending
	// Ruby's: a gemspec, a Gemfile, a Podfile, a Fastfile and a
	// Vagrantfile are Ruby code the tool evaluates.
	"gem":    {"*.gemspec", "Gemfile", "gems.rb"},
	"bundle": {"Gemfile", "gems.rb", "*.gemspec"}, "bundler": {"Gemfile", "gems.rb", "*.gemspec"},
	"pod": {"Podfile"}, "fastlane": {"Fastfile", "Appfile", "Pluginfile"}, "vagrant": {"Vagrantfile"},
	// Other languages' builds: the build definition is code, or names
	// commands the build runs (MSBuild's Exec, rebar3's hooks, a
	// Package.swift, a build.zig).
	"sbt": {"build.sbt", "*.sbt", "*.scala"}, "lein": {"project.clj"}, "mix": {"mix.exs"},
	"rebar3": {"rebar.config", "rebar.config.script"}, "dotnet": {"*.csproj", "*.fsproj", "*.vbproj", "*.sln", "*.props", "*.targets"},
	"msbuild":  {"*.csproj", "*.fsproj", "*.vbproj", "*.sln", "*.props", "*.targets"},
	"bazel":    {"BUILD", "BUILD.bazel", "WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel", "*.bzl", ".bazelrc"},
	"bazelisk": {"BUILD", "BUILD.bazel", "WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel", "*.bzl", ".bazelrc", ".bazelversion"},
	"meson":    {"meson.build", "meson_options.txt"}, "ninja": {"build.ninja"}, "scons": {"SConstruct", "SConscript"},
	"ant": {"build.xml"}, "nox": {"noxfile.py"}, "invoke": {"tasks.py"}, "inv": {"tasks.py"},
	"hatch": {"pyproject.toml", "hatch.toml"}, "poetry": {"pyproject.toml"}, "pdm": {"pyproject.toml"},
	"swift": {"Package.swift"}, "stack": {"stack.yaml", "*.cabal", "Setup.hs"}, "cabal": {"*.cabal", "Setup.hs", "cabal.project"},
	"zig": {"build.zig"}, "xmake": {"xmake.lua"}, "latexmk": {"latexmkrc", ".latexmkrc"}, // latexmk's rc is Perl
	// Linters, type checkers and documentation builders whose
	// configuration is code or loads it: pylint's init-hook and
	// load-plugins, flake8's local plugins, mypy's and coverage's
	// plugins, sphinx's conf.py (a Python program).
	"pylint":       {".pylintrc", "pylintrc", "pyproject.toml", "setup.cfg", "tox.ini"},
	"flake8":       {".flake8", "setup.cfg", "tox.ini"},
	"mypy":         {"mypy.ini", ".mypy.ini", "pyproject.toml", "setup.cfg"},
	"coverage":     {".coveragerc", "setup.cfg", "tox.ini", "pyproject.toml"},
	"sphinx-build": {"conf.py"}, "sphinx-autobuild": {"conf.py"},
	// Task runners and process managers whose file names the commands
	// they run (Fabric's fabfile, RSpec's options, pm2's ecosystem file,
	// foreman's Procfile, Earthly's Earthfile), and compose files, which
	// may run a container privileged or with the host's / mounted.
	"fab": {"fabfile.py"}, "rspec": {".rspec", "*.rb"}, "prove": {".proverc", "*.t", "*.pl", "*.pm"}, // prove's rc holds options (--exec=CMD); it runs t/*.t, its operands, and the modules they load with perl
	"ctags": {"*.ctags"},           // the option files of ctags.d/ (-o FILE, --_xformat: any file, any text)
	"svn":   {"config", "servers"}, // a --config-dir's helpers (diff-cmd, editor-cmd) and tunnels (ssh)
	"pm2":   {"ecosystem.config.*"}, "foreman": {"Procfile"},
	"honcho": {"Procfile"}, "earthly": {"Earthfile"},
	// git runs its hooks, and hook managers' commands, at commit, merge,
	// checkout and push: a hook file of any directory core.hooksPath may
	// name, and the managers' files without a leading dot (the dotted ones
	// are protected paths).
	"git": gitHookFiles,
	// Hook managers run by hand run what their files say, as the hooks
	// they install do.
	"pre-commit": hookManagerFiles, "prek": hookManagerFiles, "lefthook": hookManagerFiles,
	"docker-compose": composeFiles, "podman-compose": composeFiles, "docker": composeFiles, "podman": composeFiles, // docker compose up
	// (The JavaScript tools join them: see jsTools.)
})

// jsTools are the JavaScript tools among the runners, with their
// files: a --config (-c) names one more, a module they load
// (configValues).
var jsTools = map[string][]string{
	// JavaScript tools load their configuration as a module: code that
	// runs when the tool starts (npx vite build after writing
	// vite.config.js). A name ending in '*' stands for every ending.
	// Bundlers and frameworks load the configurations of the tools they
	// run in turn: postcss's and tailwind's (cssConfigs), svelte's,
	// babel's.
	"vite":   withCSS("vite.config.*", "svelte.config.*"),
	"vitest": withCSS("vitest.config.*", "vite.config.*", "vitest.workspace.*", "svelte.config.*"),
	// A configuration in JSON or YAML names modules too (a plugin, a
	// parser, setup files, required modules), and so does package.json's
	// key for the tool; jest transforms with babel's.
	"webpack": withCSS("webpack.config.*", "webpackfile.*", "babel.config.*", ".babelrc", ".babelrc.*"), "rollup": {"rollup.config.*"},
	"jest":     {"jest.config.*", "package.json", ".babelrc", ".babelrc.*", "babel.config.*"},
	"eslint":   {"eslint.config.*", ".eslintrc", ".eslintrc.*", "package.json"},
	"prettier": {"prettier.config.*", ".prettierrc", ".prettierrc.*", "package.json"},
	"babel":    {"babel.config.*", ".babelrc", ".babelrc.*", "package.json"}, "next": withCSS("next.config.*", "babel.config.*", ".babelrc"),
	"nuxt": withCSS("nuxt.config.*"), "nuxi": withCSS("nuxt.config.*"), "astro": withCSS("astro.config.*"), "playwright": {"playwright.config.*"},
	"cypress": {"cypress.config.*"}, "mocha": {".mocharc", ".mocharc.*", "package.json"}, "karma": {"karma.conf.*"},
	"tailwindcss": {"tailwind.config.*"}, "postcss": {"postcss.config.*", ".postcssrc", ".postcssrc.*"}, "stylelint": {"stylelint.config.*", ".stylelintrc", ".stylelintrc.*", "package.json"},
	"nyc": {".nycrc", ".nycrc.*", "nyc.config.*", "package.json"}, "c8": {".c8rc", ".c8rc.*", ".nycrc", ".nycrc.*", "package.json"},
	// Task runners whose file is code.
	"grunt": {"Gruntfile.*", "gruntfile.*"}, "gulp": {"gulpfile.*", "Gulpfile.*"}, "jake": {"Jakefile", "Jakefile.*", "jakefile", "jakefile.*"},
	"nodemon": {"nodemon.json", "package.json"}, "turbo": {"turbo.json", "package.json"}, "nx": {"nx.json", "project.json", "package.json"},
	"lerna": {"lerna.json", "package.json"}, "svelte-kit": withCSS("svelte.config.*", "vite.config.*"), "vue-cli-service": withCSS("vue.config.*", "babel.config.*"),
	"ng": {"angular.json"}, "tsup": {"tsup.config.*"}, "parcel": withCSS(".parcelrc", "babel.config.*", ".babelrc"),
	"lint-staged": {".lintstagedrc", ".lintstagedrc.*", "lint-staged.config.*", "package.json"},
}

// cssConfigs are the configurations of postcss and tailwind, modules that
// a bundler's CSS step loads: code the bundler runs without a word
// naming it (npx vite build after writing postcss.config.js).
var cssConfigs = []string{"postcss.config.*", ".postcssrc", ".postcssrc.*", "tailwind.config.*"}

// withCSS is a bundler's own files and cssConfigs.
func withCSS(files ...string) []string { return append(files, cssConfigs...) }

// gitHookFiles are the files git runs as hooks by their name, wherever
// core.hooksPath points, and hook managers' files (see buildFiles).
var gitHookFiles = []string{"pre-commit", "prepare-commit-msg", "commit-msg", "post-commit", "pre-merge-commit",
	"pre-push", "post-checkout", "post-merge", "pre-rebase", "post-rewrite", "reference-transaction",
	"pre-applypatch", "applypatch-msg", "post-applypatch", "push-to-checkout", "pre-auto-gc", "post-index-change",
	"fsmonitor-watchman", "sendemail-validate", "lefthook.yml", "lefthook.yaml", "lefthook.toml", "lefthook.json",
	"lefthook-local.yml", "lefthook-local.yaml", "lefthook-local.toml", "lefthook-local.json", "simple-git-hooks.json", "simple-git-hooks.js", "simple-git-hooks.cjs", "lint-staged.config.*"}

// gitScriptHooks are git's subcommands whose hooks hook managers (husky,
// pre-commit, lefthook) install and fill with the project's scripts:
// npm test, make lint. A package.json or Makefile written before them is
// what the hook runs (… > package.json && git commit).
var gitScriptHooks = map[string]bool{"commit": true, "push": true, "merge": true, "rebase": true, "am": true,
	"cherry-pick": true, "checkout": true, "switch": true, "pull": true}

// hookManagerFiles are what pre-commit (and prek, its port) and lefthook
// read as the commands they run: their configurations, and the hook
// definitions of a repository of hooks.
var hookManagerFiles = []string{".pre-commit-config.yaml", ".pre-commit-config.yml", ".pre-commit-hooks.yaml",
	"lefthook.yml", "lefthook.yaml", "lefthook.toml", "lefthook.json", ".lefthook.yml", ".lefthook.yaml",
	"lefthook-local.yml", "lefthook-local.yaml", ".lefthook-local.yml", ".lefthook-local.yaml"}

// gitHookScriptFiles are gitHookFiles and the files of the scripts hooks
// usually run.
var gitHookScriptFiles = append(append(append([]string{}, gitHookFiles...), "package.json"), makeFiles...)

// gitHookless are git's subcommands that run no hook (any other, an
// alias among them, may: commit, merge, checkout, push, rebase, am …).
// (A command that writes the index runs post-index-change, add and
// status among them; one that moves a ref runs reference-transaction:
// branch, tag, fetch, notes.)
var gitHookless = map[string]bool{"rev-parse": true, "diff": true, "log": true, "show": true, "config": true,
	"ls-files": true, "ls-tree": true, "grep": true, "blame": true, "describe": true, "version": true, "help": true,
	"shortlog": true, "cat-file": true, "show-ref": true, "for-each-ref": true, "format-patch": true, "archive": true}

// RunsGitConfig reports a git command (git status, git-log): whatever its
// subcommand, git reads the repository's configuration, which may name
// programs it runs (core.fsmonitor, diff.external, core.pager,
// gpg.program, an alias): a file inline code may write under a name the
// engine does not see.
func RunsGitConfig(v []string) bool {
	if len(v) == 0 {
		return false
	}
	name := BaseName(v[0])
	return name == "git" || strings.HasPrefix(name, "git-") && argmodel.Lookup(name) != nil
}

// dockerFiles are what docker build (and buildx, bake) reads as the build:
// a Dockerfile by its usual names, and a bake file.
var dockerFiles = []string{"Dockerfile", "Containerfile", "*.Dockerfile", "*.dockerfile", "Dockerfile.*", "docker-bake.hcl", "docker-bake.json"}

// composeFiles are what docker compose reads by default.
var composeFiles = []string{"compose.yaml", "compose.yml", "docker-compose.yml", "docker-compose.yaml",
	"compose.override.yaml", "compose.override.yml", "docker-compose.override.yml", "docker-compose.override.yaml"}

// makeFiles are what make reads as its makefile, or makes it from: a
// makefile missing, make remakes it by its built-in rules from a file
// of the same name with an ending (Makefile.sh is copied to Makefile,
// Makefile.c compiled) or from RCS or SCCS (Makefile,v, s.Makefile),
// then reads it (Makefile.* covers every such ending); and the fragments
// makefiles include by convention: *.mk, *.make, *.inc, .depend, the
// dependency files compilers write for -include $(SRCS:.c=.d), and
// Makefile.local or Makefile.inc.
var makeFiles = func() []string {
	// Files makefiles include by custom: config.mak (git, ffmpeg),
	// automake's dependency files (.deps/*.Po, *.Plo), *.dep.
	out := []string{"*.mk", "*.d", ".depend", "*.make", "*.inc", "*.mak", "*.Po", "*.Plo", "*.dep"}
	for _, name := range []string{"Makefile", "makefile", "GNUmakefile"} {
		out = append(out, name, name+",v", "s."+name, name+".*")
	}
	return out
}()

// terraformFiles are what terraform and tofu read as their program
// (see buildFiles).
var terraformFiles = []string{"*.tf", "*.tf.json", "*.tfvars", "*.tfvars.json", "*.tfrc", ".terraformrc", "terraform.rc",
	"terraform-provider-*", ".terraform.lock.hcl", "*.tftest.hcl"}

// packageArchives are the endings of the archives a package installer
// builds and installs from (pip wheel ./x.tar.gz, npm install ./x.tgz):
// one the command writes may hold build files (setup.py, package.json)
// under any name the archiver gave them. Such an operand of pip, npm,
// pnpm, yarn or bun is a build file it names.
var packageArchives = []string{".tar.gz", ".tgz", ".tar", ".tar.bz2", ".tbz2", ".tar.xz", ".txz", ".tar.zst", ".zip", ".whl"}

// packageInstallers are the runners whose archive operands are build
// files (packageArchives).
var packageInstallers = map[string]bool{"pip": true, "npm": true, "pnpm": true, "yarn": true, "bun": true}

// archiveOperands returns the words of v that name a package archive.
func archiveOperands(v []string) []string {
	var out []string
	for _, w := range v[1:] {
		for _, end := range packageArchives {
			if len(w) > len(end) && strings.EqualFold(w[len(w)-len(end):], end) {
				out = append(out, w)
				break
			}
		}
	}
	return out
}

// scriptRunners run package.json's scripts, and a script may start any of
// the JavaScript tools: each runner reads the files of every one (… >
// .mocharc.yml && npm test, where the test script runs mocha).
var scriptRunners = []string{"npm", "pnpm", "yarn", "bun"}

// withJSTools adds jsTools' rows to the build files, and their files to
// the rows of scriptRunners.
func withJSTools(m map[string][]string) map[string][]string {
	var all []string
	for name, files := range jsTools {
		m[name] = files
		all = append(all, files...)
	}
	slices.Sort(all)
	all = slices.Compact(all)
	for _, name := range scriptRunners {
		for _, f := range all {
			if !slices.Contains(m[name], f) {
				m[name] = append(m[name], f)
			}
		}
	}
	return m
}

// goRuns are the go subcommands that run command lines the package's
// files name.
var goRuns = map[string]bool{"generate": true}

// goTests are the go subcommands that run the code of the modules their
// goModuleFiles name.
var goTests = map[string]bool{"test": true, "run": true}

// goFetches are the go subcommands that download the modules their
// goModuleFiles name, whose paths go to the module proxy and, by their
// host, to DNS and that host: a go.mod written first may carry data out
// in them (require example.com/$SECRET v1.0.0), and bring code go build
// compiles.
var goFetches = map[string]bool{"build": true, "vet": true, "install": true, "get": true, "mod": true, "list": true, "work": true}

// goModuleFiles name the modules go builds: a workspace's and a module's.
var goModuleFiles = []string{"go.work", "go.mod"}

// GoTestsModules reports go test or go run, which run the code of the
// modules go.mod and go.work name (a module go get or go mod edit
// -replace brings in among them).
func GoTestsModules(v []string) bool {
	return len(v) > 1 && BaseName(v[0]) == "go" && goTests[goSubcommand(v)]
}

// GoReadsModules reports GoTestsModules, or a go command that fetches
// modules (goFetches), whose build files are only the module files: a
// work tree a command rewrites first (git checkout -- a.go, git pull) is
// the project's code and its go.mod, which a test runs and a build
// fetches written or not.
func GoReadsModules(v []string) bool {
	return len(v) > 1 && BaseName(v[0]) == "go" && goReadsModules(goSubcommand(v))
}

func goReadsModules(sub string) bool { return goTests[sub] || goFetches[sub] }

// GoSubcommand returns the subcommand of go's view v and the word after
// it (go -C DIR mod edit: mod, edit), as go's model reads them: past -C
// DIR, --C DIR, -C=DIR and go's other flags. Both are "" where there is
// none.
func GoSubcommand(v []string) (sub, next string) {
	if len(v) < 2 || BaseName(v[0]) != "go" {
		return "", ""
	}
	if w := v[1]; w != "" && w[0] != '-' {
		// go test …: no flag before it, so the first word is the
		// subcommand, as the model reads it (most go commands: no parse).
		if len(v) > 2 {
			return w, v[2]
		}
		return w, ""
	}
	return ModelVerb(v)
}

// EditsManifest calls fn with the manifest that a package manager's
// command among words rewrites in place, which a later command of the
// same manager reads: npm pkg set, delete and fix (and bun pm pkg …)
// rewrite package.json in the working directory, in --prefix DIR (-C DIR)
// and in each workspace -w names, as the model reads the words (npm pkg
// --silent set …). A set or delete of keys that only describe the package
// (name, version, license, …) changes nothing a command runs, and writes
// nothing here.
func EditsManifest(words []string, fn func(name string)) {
	i := programAt(words)
	if i >= len(words) || !slices.Contains(words[i+1:], "pkg") || len(words)-i > MaxModelWords {
		return // (most commands: no model read)
	}
	name := BaseName(words[i])
	at := 0 // where pkg is among the subcommands: npm pkg, bun pm pkg
	switch name {
	case "npm":
	case "bun":
		at = 1
	default:
		return
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, argmodel.Lookup(name), words[i:], nil, 0)
	if len(r.Subs) < at+2 || r.Subs[at].Name != "pkg" || at == 1 && r.Subs[0].Name != "pm" {
		return
	}
	verb := r.Subs[at+1].Name
	if verb != "set" && verb != "delete" && verb != "fix" {
		return
	}
	inert := verb != "fix"
	for _, it := range r.Items {
		if it.Kind == argmodel.KindOperand && it.Spec == r.Subs[at+1] {
			key, _, _ := strings.Cut(it.Text, "=")
			key = strings.TrimSpace(key)
			if end := strings.IndexAny(key, ".["); end >= 0 {
				key = key[:end]
			}
			inert = inert && !it.Computed && manifestDescriptions[key]
		}
	}
	if inert {
		return
	}
	fn("package.json")
	for _, it := range r.Items {
		if it.ValueOf("prefix", "workspace") {
			fn(strings.TrimSuffix(it.Text, "/") + "/package.json")
		}
	}
}

// manifestDescriptions are the keys of package.json that describe the
// package and choose nothing that runs or is installed.
var manifestDescriptions = map[string]bool{"name": true, "version": true, "description": true, "keywords": true,
	"author": true, "contributors": true, "maintainers": true, "license": true, "homepage": true,
	"repository": true, "bugs": true, "funding": true, "private": true}

// ModelVerb returns the verb of view v, its program first, as the
// program's model reads it (Result.Verb: its first subcommand or operand,
// past its options and their values), and the word after it; both are ""
// where there is none or no model.
func ModelVerb(v []string) (sub, next string) {
	if len(v) < 2 || len(v) > MaxModelWords {
		return "", ""
	}
	m := argmodel.Lookup(v[0])
	if m == nil {
		return "", ""
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, v, nil, 0)
	switch k := r.Verb(); {
	case k < 0:
		return "", ""
	case k+1 < len(v):
		return v[k], v[k+1]
	default:
		return v[k], ""
	}
}

func goSubcommand(v []string) string {
	sub, _ := GoSubcommand(v)
	return sub
}

// BuildFiles returns the files the runner of view v (its program first)
// reads as commands from its working directory, and the ones an option of
// its model names (make -f FILE, rake --rakefile FILE, just --justfile
// FILE): nil for a program that is no runner. A pattern "*.go" stands for
// every file with that ending, "vite.config.*" for every file with that
// start, "test*.txt" for both; a named file the shell computes is "*", every file. flags are v's word flags (nil for none) and computed the
// flags that make a word computed.
func BuildFiles(v []string, flags []uint8, computed uint8) (names, files []string) {
	if len(v) == 0 {
		return nil, nil
	}
	name := BaseName(v[0])
	names = buildFiles[name]
	if names == nil {
		name = argmodel.Versionless(name) // pip3.11 is pip
		names = buildFiles[name]
	}
	if names == nil {
		if row := argmodel.RowNames()[name]; buildFiles[row] != nil {
			name, names = row, buildFiles[row] // ctags-universal is ctags, gmake is make
		}
	}
	goSub := ""
	if name == "go" {
		goSub = goSubcommand(v) // (go's model read once)
	}
	switch {
	case names == nil && BitsOf(name)&Interpreter != 0 && len(v) > 2 && v[1] == "-m":
		names = buildFiles[v[2]] // python3 -m pytest, python3 -m pip wheel ./x.tar.gz
		if names != nil {
			name, v = v[2], v[2:]
		}
	case name == "go" && goReadsModules(goSub):
		// go test and go run run the project's code, written or not; a
		// go.work or go.mod written first may bring code from elsewhere
		// (use /tmp/m, replace m => /tmp/m), and the commands that fetch
		// modules send their paths out (goFetches).
		names = goModuleFiles
	case name == "go" && !goRuns[goSub]:
		names = nil // go build and go vet compile, and run none of it
	case name == "git" && gitHookless[gitSubcommand(v)]:
		names = nil // git rev-parse, git diff: no hook runs
	case name == "git" && gitScriptHooks[gitSubcommand(v)]:
		names = gitHookScriptFiles
	case (name == "docker" || name == "podman") && !slices.Contains(v, "compose"):
		// compose files are compose's; a Dockerfile's RUN lines are
		// shell commands the build runs (with the network); docker ps
		// reads neither.
		names = nil
		if slices.Contains(v, "build") || slices.Contains(v, "buildx") || slices.Contains(v, "bake") {
			names = dockerFiles
		}
	case packageRunners[name] && len(v) > 1 && buildFiles[v[1]] != nil:
		// pnpm vite build, yarn jest: the runner runs the tool of
		// node_modules/.bin, which reads its own files too.
		names = append(names[:len(names):len(names)], buildFiles[v[1]]...)
		name, v = v[1], v[1:]
	}
	if names != nil {
		files = namedBuildFiles(name, v, flags, computed)
		files = append(files, configValues(name, v)...)
		if packageInstallers[name] {
			files = append(files, archiveOperands(v)...)
		}
	}
	return names, files
}

// miseFiles are mise's (and rtx's, its old name) configuration files,
// whose tasks and hooks it runs.
var miseFiles = []string{"mise.toml", "mise.local.toml", ".mise.toml", ".mise.local.toml", "config.toml", ".rtx.toml"}

// packageRunners run a tool of node_modules/.bin named as their first
// word (pnpm vite, yarn jest, bun vitest).
var packageRunners = map[string]bool{"pnpm": true, "yarn": true, "bun": true}

// configOptions are, per runner, the options whose value names the
// configuration file it reads in place of (or besides) the ones its row
// lists: a JavaScript tool's --config (-c) names a module it loads as code
// (vite --config evil.js); pytest -c ci.ini reads addopts, tox -c its
// commands, pylint --rcfile its init-hook. A trailing "/" marks an
// option that names the directory of the files its row lists
// (sphinx-build -c DIR reads DIR/conf.py, svn --config-dir DIR reads
// DIR/config).
var configOptions = func() map[string][]string {
	m := map[string][]string{
		"pytest": {"-c", "--config-file"}, "tox": {"-c", "--conf"}, "pylint": {"--rcfile"},
		// A requirements or constraints file names where packages come
		// from (x @ https://…, --index-url), as a lockfile does.
		"pip":    {"-r", "--requirement", "-c", "--constraint"},
		"flake8": {"--config", "--append-config"}, "mypy": {"--config-file"}, "coverage": {"--rcfile"},
		"sphinx-build": {"-c/", "--conf-dir/"}, "sphinx-autobuild": {"-c/", "--conf-dir/"}, "svn": {"--config-dir/"},
		"docker-compose": {"-f", "--file"}, "podman-compose": {"-f", "--file"}, "docker": {"-f", "--file"}, "podman": {"-f", "--file"},
	}
	for name := range jsTools {
		m[name] = []string{"--config", "-c"}
	}
	// prettier's -c is --check and mocha's --colors: only --config names
	// their configuration.
	m["prettier"], m["mocha"] = []string{"--config"}, []string{"--config"}
	// Options that name a module the tool loads, as its configuration is
	// (prettier --plugin=./p.cjs after writing p.cjs).
	m["prettier"] = append(m["prettier"], "--plugin")
	m["jest"] = append(m["jest"], "--setupFiles", "--setup-files", "--setupFilesAfterEnv", "--setup-files-after-env",
		"--globalSetup", "--global-setup", "--globalTeardown", "--global-teardown", "--reporters", "--transform",
		"--resolver", "--testSequencer", "--test-sequencer", "--testEnvironment", "--env", "--snapshotResolver", "--testRunner",
		"--testResultsProcessor", "--test-results-processor")
	m["mocha"] = append(m["mocha"], "-r", "--require", "--import", "--file", "--reporter", "--ui", "--spec")
	m["nyc"] = append(m["nyc"], "-i", "--require")
	m["eslint"] = append(m["eslint"], "-f", "--format", "--rulesdir", "--plugin", "--parser")
	m["vitest"] = append(m["vitest"], "--reporter", "--setupFiles", "--globalSetup", "--environment", "--dir")
	m["stylelint"] = append(m["stylelint"], "--custom-formatter", "--custom-syntax", "-f", "--formatter")
	return m
}()

// configValues returns the files a runner's configuration options name
// (configOptions).
func configValues(name string, v []string) []string {
	var out []string
	for _, opt := range configOptions[name] {
		o, dir := strings.CutSuffix(opt, "/")
		add := func(val string) {
			if strings.HasPrefix(strings.TrimSpace(val), "{") {
				// jest --config='{"globalSetup":"./s.js"}', --transform
				// '{…}': an inline configuration may name any file.
				out = append(out, "*")
				return
			}
			if !dir {
				out = append(out, val)
				return
			}
			for _, f := range buildFiles[name] {
				if !strings.Contains(f, "*") {
					out = append(out, strings.TrimSuffix(val, "/")+"/"+f)
				}
			}
		}
		for i := 1; i < len(v); i++ {
			w := v[i]
			long, val, eq := strings.Cut(w, "=")
			switch {
			case strings.HasPrefix(o, "--"):
				// Any abbreviation: argparse and optparse take a prefix
				// (--rc=…, --appen=…); pylint reads --rc… even after "--".
				if len(long) > 3 && strings.HasPrefix(long, "--") && strings.HasPrefix(o, long) {
					if eq {
						add(val)
					} else if i+1 < len(v) {
						add(v[i+1])
					}
				}
			case len(w) > 1 && w[0] == '-' && w[1] != '-':
				// -c FILE, -cFILE, -c=FILE, and a cluster (-vc FILE, tox -rc
				// FILE): the letter's value is the rest of the word or the
				// next one.
				if k := strings.IndexByte(w[1:], o[1]); k >= 0 {
					if rest := strings.TrimPrefix(w[k+2:], "="); rest != "" {
						add(rest)
					} else if i+1 < len(v) {
						add(v[i+1])
					}
				}
			}
		}
	}
	return out
}

// namedBuildFiles returns the values of the options of the runner's model
// that name a file of its commands (argmodel's BuildFile), "*" for one the
// shell computes.
func namedBuildFiles(name string, v []string, flags []uint8, computed uint8) []string {
	m := argmodel.Lookup(name)
	if m == nil || len(v) > MaxModelWords {
		return nil
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, flags, computed)
	var out []string
	for _, it := range r.Items {
		if it.Kind != argmodel.KindValue || it.Opt == nil || !it.Opt.BuildFile {
			continue
		}
		switch {
		case it.Computed:
			out = append(out, "*")
		case name == "rake" && !strings.HasSuffix(it.Text, ".rb"):
			out = append(out, it.Text, it.Text+".rb") // rake -r ./x loads x.rb
		default:
			out = append(out, it.Text)
		}
	}
	readings.Put(r)
	return out
}

// CompletesBuildFile reports whether a prefix of the names a command
// writes (split's and csplit's output prefix) may be completed to one of
// the build files names lists: Makefil is completed to Makefile. A pattern
// that starts with a wildcard (*.mk) is not completed so: a splitter's
// suffixes are letters and digits.
func CompletesBuildFile(prefix string, names []string) bool {
	lp := strings.ToLower(prefix)
	for _, n := range names {
		if strings.HasPrefix(n, "*") {
			continue // *.mk: a splitter's suffixes are letters and digits
		}
		ln := strings.ToLower(n)
		if start, open := strings.CutSuffix(ln, "*"); open {
			if strings.HasPrefix(start, lp) || strings.HasPrefix(lp, start) {
				return true
			}
		} else if strings.HasPrefix(ln, lp) {
			return true
		}
	}
	return false
}

// MatchesBuildFile reports whether path p (a path the command writes)
// is one of names, by its last component, in any case: a file system that
// ignores case finds "MAKEFILE" as the Makefile, and just finds its
// justfile by any case of its name.
func MatchesBuildFile(p string, names []string) bool {
	base := p[strings.LastIndexByte(p, '/')+1:]
	if strings.ContainsAny(base, ascii.GlobChars) {
		// A glob bash expands to the name (> Makefil[e]): any name it
		// may match counts; against a pattern (*.mk), a glob with * or ?
		// may match, or one whose literal end is the pattern's.
		lb, open := strings.ToLower(base), strings.ContainsAny(base, "*?")
		for _, n := range names {
			ln := strings.ToLower(n)
			if end, ok := strings.CutPrefix(ln, "*"); ok {
				if open || strings.HasSuffix(lb, end) {
					return true
				}
			} else if start, ok := strings.CutSuffix(ln, "*"); ok {
				if open || strings.HasPrefix(lb, start) {
					return true
				}
			} else if strings.IndexByte(ln, '*') > 0 {
				if open || strings.HasPrefix(lb, ln[:strings.IndexByte(ln, '*')]) {
					return true // test*.txt and test_[a].txt
				}
			} else if ok, _ := path.Match(lb, ln); ok {
				return true
			}
		}
		return false
	}
	for _, n := range names {
		if start, ok := strings.CutSuffix(n, "*"); ok && start != "" {
			if len(base) > len(start) && strings.EqualFold(base[:len(start)], start) {
				return true
			}
		} else if end, ok := strings.CutPrefix(n, "*"); ok {
			if len(base) >= len(end) && strings.EqualFold(base[len(base)-len(end):], end) {
				return true
			}
		} else if strings.IndexByte(n, '*') > 0 {
			// test*.txt: a start and an end
			if ok, _ := path.Match(strings.ToLower(n), strings.ToLower(base)); ok {
				return true
			}
		} else if strings.EqualFold(base, n) {
			return true
		}
	}
	return false
}

// RunsNodeBin reports a program that runs the programs of a project's
// node_modules/.bin by their names: a package manager that runs
// package.json's scripts (it puts node_modules/.bin first on their PATH)
// and the package runners (npx jest runs node_modules/.bin/jest).
func RunsNodeBin(name string) bool {
	return slices.Contains(buildFiles[name], "package.json") || nodeRunners[name]
}

// nodeRunners are the package runners of Node.js's package managers.
var nodeRunners = map[string]bool{"npx": true, "pnpx": true, "bunx": true}

// InlineNode reports a view that runs Node.js code given on its command
// line (node -e, node -p) or read from standard input, which may load any
// file of the project by a relative name (require("./x")).
func InlineNode(v []string) bool {
	if len(v) == 0 || !argmodel.IsNode(v[0]) {
		return false
	}
	from, _ := ProgramOf(v)
	return from != FromOperand
}

// worktreeRewriters are git's subcommands that may rewrite any tracked
// file of the work tree from a commit, a stash or a patch, by names no
// word shows (git switch evil && make runs the Makefile of evil), or make
// a tree of files from elsewhere (clone, worktree add, submodule update),
// or write the files their operands name with content no word shows
// (merge-file, mailinfo). am and apply are judged elsewhere as writers
// of names no word shows; a restore from the index or HEAD is one only
// after the command moved them (RestoresFromIndex).
var worktreeRewriters = map[string]bool{"switch": true, "checkout": true, "stash": true, "cherry-pick": true,
	"revert": true, "reset": true, "merge": true, "rebase": true, "pull": true, "read-tree": true, "bisect": true,
	"clone": true, "submodule": true, "sparse-checkout": true, "checkout-index": true,
	"merge-recursive": true, "merge-resolve": true, "merge-subtree": true, "merge-octopus": true,
	"merge-one-file": true, "merge-recursive-ours": true, "merge-recursive-theirs": true, "merge-index": true,
	"merge-file": true, "mailinfo": true}

// stashKeeps are git stash's subcommands that leave the work tree as it
// is; every other (a plain git stash, push, pop, apply) rewrites it.
var stashKeeps = map[string]bool{"list": true, "show": true, "drop": true, "clear": true, "create": true, "store": true}

// RestoresFromIndex reports a git view v that makes work-tree files what
// the index or HEAD holds: a stash saved (the work tree goes back to
// HEAD), a restore without a source (from the index). What they write is
// the repository's own unless an earlier command of the same line moved
// HEAD or the index (MovesHeadOrIndex): git reset --soft evil && git
// stash && make runs evil's Makefile.
func RestoresFromIndex(v []string) bool {
	if len(v) < 2 || BaseName(v[0]) != "git" && BaseName(v[0]) != "hub" {
		return false
	}
	switch gitSubcommand(v) {
	case "stash":
		for _, w := range v[gitSubcommandAt(v)+1:] {
			if stashKeeps[w] {
				return false
			}
			if !strings.HasPrefix(w, "-") {
				break
			}
		}
		return true
	case "restore":
		return !slices.ContainsFunc(v, func(w string) bool { return w == "--staged" || w == "-S" }) ||
			slices.ContainsFunc(v, func(w string) bool {
				return w == "--worktree" || w == "-W" || strings.HasPrefix(w, "-") && !strings.HasPrefix(w, "--") && strings.ContainsRune(w, 'W')
			})
	}
	return false
}

// MovesHeadOrIndex reports a git view v that points HEAD at another
// commit or puts other content in the index without touching the work
// tree: reset (--soft, --mixed, with paths), update-ref, symbolic-ref,
// read-tree, update-index.
func MovesHeadOrIndex(v []string) bool {
	if len(v) < 2 || BaseName(v[0]) != "git" && BaseName(v[0]) != "hub" {
		return false
	}
	switch gitSubcommand(v) {
	case "reset", "update-ref", "symbolic-ref", "read-tree", "update-index":
		return true
	}
	return false
}

// RewritesWorkTree reports a view v that may rewrite the work tree's
// tracked files (a branch switch, a stash, a commit picked, a reset, a
// restore from an index an earlier command set) or bring in a tree of
// another repository's files (a clone, a pull request checked out): a
// build file a later runner reads may be among them.
func RewritesWorkTree(v []string) bool {
	if len(v) < 2 {
		return false
	}
	switch BaseName(v[0]) {
	case "git", "hub":
	case "gh", "glab":
		// gh pr checkout, gh repo clone, glab mr checkout: another's
		// branch or repository, whose files a runner then reads.
		return len(v) > 2 && (v[1] == "pr" || v[1] == "mr") && (v[2] == "checkout" || v[2] == "co") ||
			len(v) > 2 && v[1] == "repo" && (v[2] == "clone" || v[2] == "sync" || v[2] == "fork")
	default:
		return false
	}
	sub := gitSubcommand(v)
	switch sub {
	case "stash":
		for _, w := range v {
			if w == "pop" || w == "apply" || w == "branch" {
				return true
			}
		}
		return false
	case "worktree":
		return slices.Contains(v, "add")
	case "interpret-trailers":
		return slices.ContainsFunc(v, func(w string) bool { return w == "--in-place" || w == "-i" })
	case "reset":
		return slices.Contains(v, "--hard") || slices.Contains(v, "--merge") || slices.Contains(v, "--keep")
	case "switch", "checkout":
		// A new branch from HEAD (git checkout -b x, git switch -c x)
		// keeps the work tree; one from a start point may not.
		create, operands := false, 0
		for _, w := range v[gitSubcommandAt(v)+1:] {
			switch {
			case w == "-b" || w == "-B" || w == "-c" || w == "-C" || w == "--create" || w == "--force-create":
				create = true
			case !strings.HasPrefix(w, "-"):
				operands++
			}
		}
		return !create || operands > 1
	}
	return worktreeRewriters[sub]
}
