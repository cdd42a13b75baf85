package shell

import (
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/hostdirs"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/programs/argmodel"
	"mvdan.cc/sh/v3/syntax"
)

// Code hidden in data. Bash runs text as code in more places than -c and
// eval: variables that programs or the shell itself run or expand, a
// shell's standard input, array subscripts in the names builtins assign.
// Each such text is a nested script when it is literal, and makes the
// command's program computed (the integrity cap) when it is not.

// envKind says what a variable does to the shell or the programs that read
// it.
type envKind uint8

const (
	envNone     envKind = iota
	envScript           // its value is a command line that a program runs
	envExpanded         // the shell expands its value: substitutions in it run
	envSourced          // the shell expands its value and runs the file it names
	envHidden           // it makes a program load or run code the engine cannot see
	envArith            // assigning it evaluates arithmetic
	envAlias            // an alias definition: code run later, with words appended
	envCdpath           // it changes where cd goes
	envPath             // it says where programs are found
	// envBuild: a variable build tools of every kind read as a program
	// or as the compiler's flags (CC, CFLAGS: argmodel.BuildVariable).
	envBuild
	// envLocation: a variable named like a location (JAVA_HOME,
	// GROFF_COMMAND_PREFIX) that no table lists: it may tell a program
	// where its programs or configuration are, so a value the command
	// controls (a relative path, one outside the system's directories,
	// one known only at run time) fails closed.
	envLocation
)

// jvmOptionVars are the variables whose value a program hands the JVM as
// its options (-XX:OnOutOfMemoryError=CMD, -javaagent:): hidden code,
// inert when they only size memory (inertValue).
var jvmOptionVars = map[string]bool{
	"JAVA_TOOL_OPTIONS": true, "_JAVA_OPTIONS": true, "JDK_JAVA_OPTIONS": true, "MAVEN_OPTS": true,
	"MAVEN_DEBUG_OPTS": true, "GRADLE_OPTS": true, "JAVA_OPTS": true, "SBT_OPTS": true, "ANT_OPTS": true,
}

func init() {
	for name := range jvmOptionVars {
		envVars[name] = envHidden
	}
}

// envVars are the variables of each kind, by name.
var envVars = map[string]envKind{
	"GIT_SSH_COMMAND": envScript, "GIT_SSH": envScript, "GIT_EDITOR": envScript,
	"GIT_SEQUENCE_EDITOR": envScript, "GIT_PAGER": envScript, "GIT_EXTERNAL_DIFF": envScript,
	"GIT_ASKPASS": envScript, "SSH_ASKPASS": envScript, "GIT_PROXY_COMMAND": envScript,
	"EDITOR": envScript, "VISUAL": envScript, "PAGER": envScript, "MANPAGER": envScript,
	"SYSTEMD_PAGER": envScript, "SYSTEMD_EDITOR": envScript, "GH_PAGER": envScript,
	"GH_EDITOR": envScript, "GH_BROWSER": envScript, "BROWSER": envScript, "KUBE_EDITOR": envScript,
	"SUDO_EDITOR": envScript, "SUDO_ASKPASS": envScript, "FCEDIT": envScript,
	"PROMPT_COMMAND": envScript, "RSYNC_RSH": envScript, "RSYNC_CONNECT_PROG": envScript,
	"CVS_RSH": envScript, "SVN_SSH": envScript, "HGEDITOR": envScript, "LESSOPEN": envScript,
	"LESSCLOSE": envScript, "KUBECTL_EXTERNAL_DIFF": envScript,
	"PS0": envExpanded, "PS1": envExpanded, "PS2": envExpanded, "PS3": envExpanded,
	"PS4": envExpanded, "MAILPATH": envExpanded,
	"BASH_ENV": envSourced, "ENV": envSourced,
	"GIT_CONFIG": envHidden, "GIT_CONFIG_GLOBAL": envHidden, "GIT_CONFIG_SYSTEM": envHidden,
	"GIT_CONFIG_PARAMETERS": envHidden, "GIT_CONFIG_COUNT": envHidden, "GIT_EXEC_PATH": envHidden,
	"GIT_TEMPLATE_DIR": envHidden, "GIT_DIR": envHidden, "XDG_CONFIG_HOME": envHidden,
	"NODE_OPTIONS": envHidden, "PERL5OPT": envHidden, "RUBYOPT": envHidden,
	"ZIPOPT": envHidden, "ZIP": envHidden, "UNZIP": envHidden, "UNZIPOPT": envHidden, // zip's options from the environment: -TT CMD
	// javac's options from the environment (-processorpath, -J), and
	// the class path java and javac load classes and annotation
	// processors from.
	"JDK_JAVAC_OPTIONS": envHidden, "CLASSPATH": envHidden,
	"PIP_PYTHON":       envHidden,                              // the interpreter pip runs
	"LESSKEYIN_SYSTEM": envHidden, "LESSKEY_SYSTEM": envHidden, // less's system-wide key file, which may set LESSOPEN
	"LESSGLOBALTAGS": envScript,                                                                                                                 // the program less -t runs to find tags
	"PYTEST_ADDOPTS": envHidden,                                                                                                                 // pytest's options: --trace, --basetemp, -p PLUGIN
	"VIM":            envHidden,                                                                                                                 // vim's runtime directory, whose plugins it loads
	"GZIP":           envHidden, "XZ_OPT": envHidden, "XZ_DEFAULTS": envHidden, "BZIP2": envHidden, "BZIP": envHidden, "ZSTD_CLEVEL": envHidden, // a compressor's options (-S SUFFIX names what it writes)
	"SSH_SK_PROVIDER": envHidden, "SSH_SK_HELPER": envHidden, "SSH_PKCS11_HELPER": envHidden, // ssh's helper programs
	"MAKE":               envHidden,                                                             // the make a build tool runs (gcc -flto=auto's lto-wrapper)                                                             // a shared object ssh-keygen loads
	"GIT_TEST_FSMONITOR": envHidden,                                                             // a program git runs as its file-system monitor
	"OPENSSL_CONF":       envHidden, "OPENSSL_MODULES": envHidden, "OPENSSL_ENGINES": envHidden, // openssl's configuration and the shared objects it loads
	"APT_CONFIG": envHidden, "MANROFFOPT": envHidden, "GROFF_BIN_PATH": envHidden, // apt's configuration (Pre-Invoke); groff's options through man (-U), its programs
	"GOWORK":       envHidden, // the go.work file go reads in its place: one written first brings modules from anywhere
	"COMPOSE_FILE": envHidden, // compose's files, which may be fetched (oci://, a git URL)
	"TAR_OPTIONS":  envHidden, "GOFLAGS": envHidden, "RUSTC_WRAPPER": envHidden, "RUSTC": envHidden,
	"CARGO_BUILD_RUSTC_WRAPPER": envHidden, "MAKEFLAGS": envHidden, "MAKESHELL": envHidden,
	"MAKEFILES": envHidden, "PERL5DB": envHidden, "GCONV_PATH": envHidden, // makefiles make reads first; perl -d's debugger code; iconv's modules
	// Directories a library loads modules (shared objects) from, by
	// pattern: a file the command writes there is code that runs.
	"GIO_EXTRA_MODULES": envHidden, "GIO_MODULE_DIR": envHidden, "GTK_PATH": envHidden, "GTK_MODULES": envHidden,
	"GST_PLUGIN_PATH": envHidden, "GST_PLUGIN_SYSTEM_PATH": envHidden, "QT_PLUGIN_PATH": envHidden,
	"GST_PLUGIN_PATH_1_0": envHidden, "GST_PLUGIN_SYSTEM_PATH_1_0": envHidden, "QT_QPA_PLATFORM_PLUGIN_PATH": envHidden,
	"GDK_PIXBUF_MODULE_FILE": envHidden, "GTK_IM_MODULE_FILE": envHidden,
	"GROFF_FONT_PATH": envHidden,                                                        // groff's devices' descriptions, whose postpro and prepro lines name programs
	"RAKEOPT":         envHidden, "JUST_JUSTFILE": envHidden, "JUST_CHOOSER": envHidden, // rake's options (-e CODE); just's justfile and chooser program
	"SHELLOPTS": envHidden, "BASHOPTS": envHidden, "BASH_LOADABLES_PATH": envHidden,
	"POSIXLY_CORRECT": envHidden, // bash enters POSIX mode, which reads some text as other commands
	"GNUMAKEFLAGS":    envHidden, // make reads it as it reads MAKEFLAGS (--eval=TEXT)
	// The message catalog a $"…" string is translated from: bash expands
	// the translation as it would a double-quoted string, so a catalog of
	// the command's choosing runs its substitutions.
	"TEXTDOMAIN": envHidden, "TEXTDOMAINDIR": envHidden,
	// A warning filter's category may name a module python imports;
	// breakpoint() imports and calls the function PYTHONBREAKPOINT names.
	"PYTHONWARNINGS": envHidden, "PYTHONBREAKPOINT": envHidden,
	"PYTHONPYCACHEPREFIX": envHidden, // where python loads every module's bytecode from
	// The file bash writes its history to when it exits (with set -o
	// history), and the size it truncates that file to when assigned.
	"HISTFILE": envHidden, "HISTFILESIZE": envHidden,
	// Where gawk finds -f and -i programs and -l extensions, and m4 its
	// input files: a directory the command writes.
	"AWKPATH": envHidden, "AWKLIBPATH": envHidden, "M4PATH": envHidden,
	"PYTHONSTARTUP": envHidden, "GLOBIGNORE": envHidden, "BASH_CMDS": envHidden, "PATH": envPath,
	// Where programs find their configuration, hooks and libraries: a
	// directory the agent writes makes them run its code (HOME's
	// .config/git/config with core.fsmonitor, a .pth file under
	// PYTHONUSERBASE).
	"HOME": envHidden, "ZDOTDIR": envHidden, "INPUTRC": envHidden, "GIT_COMMON_DIR": envHidden,
	"GIT_WORK_TREE": envHidden, "GIT_INDEX_FILE": envHidden, "GIT_OBJECT_DIRECTORY": envHidden,
	"GIT_ALTERNATE_OBJECT_DIRECTORIES": envHidden, "PYTHONPATH": envHidden, "PYTHONUSERBASE": envHidden,
	"PYTHONHOME": envHidden, "NODE_PATH": envHidden, "PERL5LIB": envHidden, "PERLLIB": envHidden,
	"RUBYLIB": envHidden, "GEM_HOME": envHidden, "GEM_PATH": envHidden, "BUNDLE_GEMFILE": envHidden,
	"RIPGREP_CONFIG_PATH": envHidden, "LESSKEY": envHidden, "LESSKEYIN": envHidden,
	"LESSKEY_SRC": envHidden, "LESSKEY_CONTENT": envHidden, // less 643 and later
	"KUBECONFIG":      envHidden, // its users' exec credential plugins are programs kubectl runs
	"AWS_CONFIG_FILE": envHidden, "AWS_SHARED_CREDENTIALS_FILE": envHidden, "DOCKER_CONFIG": envHidden,
	"GNUPGHOME": envHidden, "CARGO_HOME": envHidden, "RUSTUP_HOME": envHidden,
	// Where curl and wget read their configuration, which may send a
	// request to localhost elsewhere.
	"CURL_HOME": envHidden, "WGETRC": envHidden,
	// Options a program reads from the environment that may run a command:
	// less's +!cmd, man's -P pager; and which transports git may use
	// (ext:: runs a command).
	"LESS": envHidden, "MORE": envHidden, "MANOPT": envHidden, "GIT_ALLOW_PROTOCOL": envHidden,
	"BAT_PAGER": envScript, "DELTA_PAGER": envScript,
	"BAT_OPTS": envHidden, "BAT_CONFIG_PATH": envHidden, "BAT_CONFIG_DIR": envHidden, // bat's options (--pager=CMD) and its config file
	// The shell that script, flock, su and others start (SHELL=sudo script
	// -qc id runs sudo -c id); the go toolchain's own tree and settings
	// (GOROOT/go.env may set GOFLAGS=-toolexec=…); rustdoc and rustc's
	// flags (-C linker=PROG).
	"SHELL": envHidden, "GOROOT": envHidden, "GOTOOLDIR": envHidden, "GOTOOLCHAIN": envHidden,
	"RUSTDOC": envHidden, "RUSTFLAGS": envHidden, "RUSTDOCFLAGS": envHidden, "CARGO_ENCODED_RUSTFLAGS": envHidden,
	"CARGO_BUILD_RUSTC": envHidden, "CARGO_BUILD_RUSTDOC": envHidden, "RUSTC_WORKSPACE_WRAPPER": envHidden,
	"CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER": envHidden, "CARGO_BUILD_RUSTFLAGS": envHidden,
	// cargo's credential providers are programs it runs; rustup's
	// toolchain may be a directory of programs (RUSTUP_TOOLCHAIN=$PWD/tc
	// cargo build runs tc/bin/cargo); go runs GOAUTH's command to
	// authenticate a fetch.
	"CARGO_REGISTRY_CREDENTIAL_PROVIDER": envHidden, "CARGO_REGISTRY_GLOBAL_CREDENTIAL_PROVIDERS": envHidden,
	"RUSTUP_TOOLCHAIN": envHidden, "GOAUTH": envHidden,
	// The version a version manager's shim runs: a name it installed
	// (3.12.4, system), or a path of the command's choosing
	// (PYENV_VERSION=../../ws/proj/ev runs ev/bin/python3; asdf's
	// path:DIR). Judged by the value (toolchainName).
	"PYENV_VERSION": envHidden, "RBENV_VERSION": envHidden, "NODENV_VERSION": envHidden, "GOENV_VERSION": envHidden,
	"PLENV_VERSION": envHidden, "JENV_VERSION": envHidden, "PHPENV_VERSION": envHidden,
	// Where python finds its own standard library (encodings is imported
	// from it at start-up) and the interpreter it says it is; where
	// IPython and Jupyter read their configuration and start-up scripts.
	"PYTHONPLATLIBDIR": envHidden, "PYTHONEXECUTABLE": envHidden, "IPYTHONDIR": envHidden, "JUPYTER_CONFIG_DIR": envHidden,
	// The characters less quotes in a file name it pastes into LESSOPEN's
	// command, and how: changed, a name becomes shell code there.
	"LESSMETACHARS": envHidden, "LESSMETAESCAPE": envHidden,
	// Clients' own places for code and configuration that no suffix
	// tells (ownLocation reads those named after the program): the
	// plug-ins MariaDB's and MySQL's client libraries load, botocore's
	// service models (a read verb sent as DELETE), gsutil's and az's
	// configuration.
	"MARIADB_PLUGIN_DIR": envHidden, "LIBMYSQL_PLUGIN_DIR": envHidden, "AWS_DATA_PATH": envHidden,
	"BOTO_CONFIG": envHidden, "BOTO_PATH": envHidden, "AZURE_CONFIG_DIR": envHidden,
	// git reads replacements from another ref namespace, and the graft
	// file's parents (what .git/info/grafts says); with redaction off, its
	// traces print the Authorization headers of its requests.
	"GIT_REPLACE_REF_BASE": envHidden, "GIT_GRAFT_FILE": envHidden, "GIT_TRACE_REDACT": envHidden,
	"GIT_CURL_VERBOSE": envHidden,
	// go checks what it downloads, a toolchain it switches to and runs
	// (GOTOOLCHAIN=go1.99.0) among them, against the checksum database:
	// these turn the check off for some or all modules, so a GOPROXY of
	// the command's choosing serves the toolchain.
	"GOSUMDB": envHidden, "GONOSUMDB": envHidden, "GONOSUMCHECK": envHidden, "GOINSECURE": envHidden,
	"GOPRIVATE": envHidden, "GONOSUMCHECKS": envHidden,
	// go runs GOCACHEPROG as its build cache; pyenv's, rbenv's and
	// nodenv's shims source every hook script under their hook paths and
	// run the versions under their roots.
	"GOCACHEPROG": envHidden, "PYENV_HOOK_PATH": envHidden, "PYENV_ROOT": envHidden,
	"RBENV_HOOK_PATH": envHidden, "RBENV_ROOT": envHidden, "NODENV_HOOK_PATH": envHidden, "NODENV_ROOT": envHidden,
	// Editors' and interpreters' start-up commands.
	"VIMINIT": envHidden, "EXINIT": envHidden, "GVIMINIT": envHidden, "VIMRUNTIME": envHidden, "MYVIMRC": envHidden,
	"LUA_INIT": envHidden, "EMACSLOADPATH": envHidden, "R_PROFILE_USER": envHidden, "R_ENVIRON_USER": envHidden,
	"PIP_CONFIG_FILE": envHidden, "CLOUDSDK_CONFIG": envHidden, "GOENV": envHidden,
	// The gcloud launcher runs "$CLOUDSDK_PYTHON" $CLOUDSDK_PYTHON_ARGS:
	// a program and its options (-c CODE).
	"CLOUDSDK_PYTHON": envHidden, "CLOUDSDK_PYTHON_ARGS": envHidden,
	// terraform's CLI configuration (provider_installation dev_overrides
	// run a provider binary of the file's choosing), the directory its
	// providers are installed in and cached, and its options from the
	// environment (TF_CLI_ARGS_init="-migrate-state -force-copy").
	"TF_CLI_CONFIG_FILE": envHidden, "TERRAFORM_CONFIG": envHidden, "TF_DATA_DIR": envHidden, "TF_PLUGIN_CACHE_DIR": envHidden,
	// Maven 3.9 reads more goals and options from MAVEN_ARGS (deploy).
	"MAVEN_ARGS": envHidden,
	// Start-up files and options of clients from the environment: psql's
	// rc (\! runs a shell command), valgrind's options (--log-file,
	// --log-socket), perl -d's options (a pipe, a remote port).
	"PSQLRC": envHidden, "VALGRIND_OPTS": envHidden, "PERLDB_OPTS": envHidden,
	// GNU tar's default archive: a HOST:FILE one is reached through the
	// remote shell (TAPE=host:/x.tar tar -c f runs rsh host /etc/rmt).
	"TAPE": envHidden,
	// git difftool and mergetool source their tool's script from
	// MERGE_TOOLS_DIR, by the name GIT_DIFF_TOOL or GIT_MERGE_TOOL gives
	// (a path with a slash is a file of the command's choosing), and eval
	// GIT_DIFFTOOL_EXTCMD; git's shell scripts eval what git rev-parse
	// --parseopt makes of OPTIONS_SPEC.
	"MERGE_TOOLS_DIR": envHidden, "GIT_DIFF_TOOL": envHidden, "GIT_MERGE_TOOL": envHidden,
	"GIT_DIFFTOOL_EXTCMD": envHidden, "OPTIONS_SPEC": envHidden,
	// Where go install puts the programs it builds: a system directory
	// on PATH (GOBIN=/usr/local/bin) puts them before the system's own;
	// GOPATH's bin is that directory when GOBIN is unset, and its
	// pkg/mod the module cache builds take code from.
	"GOBIN": envHidden, "GOPATH": envHidden,
	// What every request git makes over HTTP carries: a user agent of the
	// command's choosing may hold its output (a literal one is the
	// command's own text).
	"GIT_HTTP_USER_AGENT": envHidden,
	// The suffix cp, mv, ln and install give backups: DEST plus a suffix
	// of the command's choosing may be a protected name (.bash + rc).
	"SIMPLE_BACKUP_SUFFIX": envHidden,
	// wget's system-wide configuration (use_askpass = PROG, output_document
	// = FILE), man-db's prompt text that it pastes into LESS unescaped
	// (x$ +!cmd), systemd's pager options and its switch for a pager that
	// may run commands.
	"GIT_SSL_NO_VERIFY": envHidden, // git's requests stop checking who the server is
	"SYSTEM_WGETRC":     envHidden, "MANLESS": envHidden, "SYSTEMD_LESS": envHidden, "SYSTEMD_PAGERSECURE": envHidden,
	// Tools' configuration files and directories named from the
	// environment, whose settings load plug-ins or run commands (coverage's
	// plugins, tox's commands, uv's indexes and build settings, gh's
	// aliases with "!"; COVERAGE_PROCESS_START starts coverage, and its
	// configuration, in every Python process).
	"COVERAGE_RCFILE": envHidden, "COVERAGE_PROCESS_START": envHidden, "TOX_CONFIG_FILE": envHidden,
	"UV_CONFIG_FILE": envHidden, "GH_CONFIG_DIR": envHidden,
	// podman's and buildah's configuration (the runtime, conmon and the
	// OCI hooks they run on the host), from a file the command names.
	"CONTAINERS_CONF": envHidden, "CONTAINERS_CONF_OVERRIDE": envHidden,
	// The file a C compiler appends a make rule to, and the rule's target
	// after a space ("FILE TARGET"): text of the command's choosing added
	// to a file of its choosing (.git/config, ~/.bashrc).
	"DEPENDENCIES_OUTPUT": envHidden, "SUNPRO_DEPENDENCIES": envHidden,
	// Where a C compiler driver finds the programs it runs (its
	// assembler, linker and passes), like its -B option.
	"COMPILER_PATH": envHidden, "GCC_EXEC_PREFIX": envHidden,
	"RANDOM": envArith, "SRANDOM": envArith, "OPTIND": envArith, "HISTCMD": envArith,
	"BASH_ALIASES": envAlias,
	"CDPATH":       envCdpath,
	"PWD":          envCdpath, // ~+ is $PWD: cd ~+/x goes wherever it says
}

// scriptGetsArgs are the envScript variables whose command line the
// program runs with arguments it chooses: the file to edit, the prompt,
// the files to compare, the host and command to connect to, the address
// to open.
var scriptGetsArgs = map[string]bool{
	"GIT_EDITOR": true, "GIT_SEQUENCE_EDITOR": true, "EDITOR": true, "VISUAL": true, "SYSTEMD_EDITOR": true,
	"GH_EDITOR": true, "KUBE_EDITOR": true, "SUDO_EDITOR": true, "FCEDIT": true, "HGEDITOR": true,
	"GIT_EXTERNAL_DIFF": true, "KUBECTL_EXTERNAL_DIFF": true, "GIT_ASKPASS": true, "SSH_ASKPASS": true,
	"SUDO_ASKPASS": true, "GH_BROWSER": true, "BROWSER": true, "GIT_SSH": true, "GIT_SSH_COMMAND": true,
	"RSYNC_RSH": true, "CVS_RSH": true, "SVN_SSH": true, "GIT_PROXY_COMMAND": true,
}

// envPrefixes are families of variables of one kind.
var envPrefixes = []struct {
	prefix string
	kind   envKind
}{
	{"GIT_CONFIG_", envHidden}, {"LD_", envHidden}, {"DYLD_", envHidden}, {"XDG_", envHidden},
	{"npm_config_", envHidden}, {"NPM_CONFIG_", envHidden}, {"CARGO_TARGET_", envHidden}, {"LUA_INIT_", envHidden},
	{"BASH_FUNC_", envScript},
	// cargo's aliases (CARGO_ALIAS_B="run --config=…runner=…" cargo b),
	// registries' credential providers, and credential aliases.
	{"CARGO_ALIAS_", envHidden}, {"CARGO_REGISTRIES_", envHidden}, {"CARGO_CREDENTIAL_ALIAS_", envHidden},
	// pip reads every option from PIP_<OPTION> (PIP_TARGET=.git,
	// PIP_SRC, PIP_INDEX_URL); the ones that only change what it prints
	// or how long it waits are inert (inertPip).
	{"PIP_", envHidden},
	// Other package managers read their settings from the environment
	// the same way: uv (UV_INDEX_URL, UV_PYTHON), yarn (YARN_NPM_REGISTRY_SERVER,
	// YARN_YARN_PATH runs a file), poetry and pdm (repositories), pipenv
	// (PIPENV_PYPI_MIRROR), bun (BUN_CONFIG_REGISTRY), conda (CONDA_CHANNELS),
	// bundler (BUNDLE_GEMFILE, mirrors), composer (COMPOSER_HOME) and
	// hatch: each names where packages or code come from. The ones that
	// only change how they print or wait are inert (inertPackageSettings).
	{"UV_", envHidden}, {"YARN_", envHidden}, {"POETRY_", envHidden}, {"PDM_", envHidden}, {"PIPENV_", envHidden},
	{"BUN_CONFIG_", envHidden}, {"COREPACK_", envHidden}, {"CONDA_", envHidden}, {"BUNDLE_", envHidden}, {"COMPOSER_", envHidden}, {"HATCH_", envHidden},
	// terraform's options from the environment (TF_CLI_ARGS,
	// TF_CLI_ARGS_init); gcloud's endpoint of one API, which gets the
	// account's access token.
	{"TF_CLI_ARGS", envHidden}, {"CLOUDSDK_API_ENDPOINT_OVERRIDES_", envHidden},
	// asdf's and mise's settings: their data and configuration directories
	// and the version of each tool (ASDF_PYTHON_VERSION=path:DIR runs
	// DIR's programs).
	{"ASDF_", envHidden}, {"MISE_", envHidden},
}

// envKindOf returns the kind of a variable name ("NAME" or "NAME[sub]").
func envKindOf(name string) envKind {
	if i := strings.IndexByte(name, '['); i > 0 {
		name = name[:i]
	}
	if k, ok := envVars[name]; ok {
		return k
	}
	for _, p := range envPrefixes {
		if strings.HasPrefix(name, p.prefix) {
			return p.kind
		}
	}
	if len(name) > len("npm_config_") && strings.EqualFold(name[:len("npm_config_")], "npm_config_") {
		return envHidden // npm reads its configuration from these in any case (Npm_Config_Script_Shell)
	}
	if argmodel.IsBuildVariable(name) {
		return envBuild
	}
	if strings.HasSuffix(name, "ASKPASS") && len(name) > len("ASKPASS") {
		return envScript // WGET_ASKPASS, like SSH_ASKPASS: the program asked for a password
	}
	if locationName(name) {
		return envLocation
	}
	return envNone
}

// scriptArgs reports an envScript variable whose command line the program
// runs with arguments of its own (scriptGetsArgs, and every *ASKPASS: the
// prompt).
func scriptArgs(name string) bool {
	return scriptGetsArgs[name] || strings.HasSuffix(name, "ASKPASS")
}

// locationSuffixes are the endings of variable names that, by
// convention, tell a program where its programs, libraries, plug-ins or
// configuration are (JAVA_HOME for mvn's java, GROFF_COMMAND_PREFIX for
// groff's troff, TCL_LIBRARY for tclsh's init.tcl, SELECTED_EDITOR for
// sensible-editor, ANT_HOME, GRADLE_USER_HOME): a program the table of
// variables does not list reads them as well. (_DIR, _PATH, _ROOT and
// _CONFIG are left out: they name a project's data as often as not,
// OUT_DIR=dist, CONFIG_PATH=app.yaml.)
var locationSuffixes = []string{"_HOME", "_PREFIX", "_BIN", "_EXE", "_CMD", "_COMMAND", "_PROG", "_PROGRAM", "_RC",
	"_PLUGINS", "_HOOKS", "_SHELL", "_EDITOR", "_PAGER", "_LOADER", "_LIB", "_LIBS", "_LIBRARY", "_LIBRARIES", "_LIBPATH",
	"RCFILE"}

// ownLocation reports a variable named after the program of segment s,
// and like a place of its configuration, plug-ins or data (AWS_DATA_PATH
// before aws, MYTOOL_CONFIG_DIR, TERRAFORM_PLUGIN_DIR): the program reads
// its code or settings from there. (The suffixes locationName leaves out
// name a project's data as often as not, and a program's own output
// directories, CARGO_TARGET_DIR=target, are neither.)
func ownLocation(s *Segment, name string) bool {
	k := programs.ProgramAt(s.Words)
	if k >= len(s.Words) {
		return false
	}
	prog := strings.ToUpper(strings.ReplaceAll(argmodel.Versionless(programs.BaseName(s.Words[k])), "-", "_"))
	if prog == "" || !strings.HasPrefix(name, prog+"_") {
		return false
	}
	if !strings.Contains(name, "CONF") && !strings.Contains(name, "PLUGIN") && !strings.Contains(name, "_DATA_") {
		return false
	}
	for _, suf := range []string{"_DIR", "_DIRS", "_PATH", "_CONFIG", "_CONF", "_FILE", "_FILES"} {
		if strings.HasSuffix(name, suf) {
			return true
		}
	}
	return false
}

// programLocations are variables that name no location by their names
// but do for the programs listed: npm takes its global prefix from PREFIX,
// and reads PREFIX/etc/npmrc (script-shell names the shell it runs every
// script with). Before make, PREFIX is where an install goes.
var programLocations = map[string][]string{
	"PREFIX": {"npm", "npx"},
}

// programLocation reports a variable of programLocations before one of
// its programs, in any view (PREFIX=p nice npm test), or exported or
// declared for every later program (export PREFIX=p; npm test).
func (c *Command) programLocation(s *Segment, name string) bool {
	progs, ok := programLocations[name]
	if !ok {
		return false
	}
	if declares(s) && c.mentions(progs) {
		return true // export PREFIX=p; npm test
	}
	for _, v := range s.Views {
		if k := programs.ProgramAt(v); k < len(v) && slices.Contains(progs, programs.BaseName(v[k])) {
			return true
		}
	}
	return false
}

// locationName reports a variable named like a location (locationSuffixes),
// or like a start-up file, NAMERC (PYLINTRC, IRBRC, GEMRC, SYSTEM_WGETRC:
// an rc file is read as settings or run as code; SRC, a source
// directory, is not one).
func locationName(name string) bool {
	for _, suf := range locationSuffixes {
		if strings.HasSuffix(name, suf) && len(name) > len(suf) {
			return true
		}
	}
	return len(name) > len("XRC") && strings.HasSuffix(name, "RC") && !strings.HasSuffix(name, "SRC")
}

// systemLocation reports a value that is an absolute path under the
// host's system directories whose writes are protected (/usr/lib/jvm/
// java-17; not /proc, /dev or /run, which reach anywhere or are
// writable), or no path at all: empty, or a number.
func systemLocation(v string) bool {
	if v == "" || ascii.Digits(v) {
		return true
	}
	if !strings.HasPrefix(v, "/") || strings.Contains(v, "..") || strings.ContainsAny(v, ":") {
		return false
	}
	c := path.Clean(v)
	return hostdirs.Written(c) && !strings.HasPrefix(c, "/proc") && !strings.HasPrefix(c, "/sys")
}

// inertLess reports a LESS value made only of less's flags that change
// the display: no option that takes a value (-k a key file, -o a log file,
// -t a tag), no +command, no long option.
func inertLess(v string) bool {
	for i := 0; i < len(v); i++ {
		if strings.IndexByte("-RFXSNiIMmnqQrsuUwWeEaABcCdfgGJKLV~ ", v[i]) < 0 {
			return false
		}
		if v[i] == '-' && i+1 < len(v) && v[i+1] == '-' {
			return false // a long option
		}
	}
	return true
}

// inertFields reports a value whose every whitespace-separated field ok
// accepts (and at least one field).
func inertFields(value string, ok func(string) bool) bool {
	f := strings.Fields(value)
	for _, w := range f {
		if !ok(w) {
			return false
		}
	}
	return len(f) > 0
}

// inertCompression accepts a compressor's level and thread count: 19,
// -9, -9e, -T0, --threads=4, --fast, --best.
func inertCompression(w string) bool {
	switch {
	case ascii.Digits(w), w == "--fast", w == "--best", w == "-e", w == "--extreme":
		return true
	case strings.HasPrefix(w, "--threads="):
		return ascii.Digits(w[len("--threads="):])
	case strings.HasPrefix(w, "-T"):
		return ascii.Digits(w[2:])
	case len(w) >= 2 && w[0] == '-':
		return ascii.Digits(strings.TrimSuffix(w[1:], "e"))
	}
	return false
}

// inertJavac accepts javac's options that only choose its warnings, what
// it prints and the debugging information it writes: -Xlint, -Xlint:all,
// -g, -g:none, -deprecation, -Werror, -nowarn, -parameters, -verbose.
func inertJavac(w string) bool {
	switch w {
	case "-g", "-deprecation", "-Werror", "-nowarn", "-parameters", "-verbose":
		return true
	}
	return strings.HasPrefix(w, "-Xlint") || strings.HasPrefix(w, "-g:")
}

// inertJVM accepts the JVM's heap and stack sizes: -Xmx2g, -Xms512m,
// -Xss4m.
func inertJVM(w string) bool {
	for _, p := range []string{"-Xmx", "-Xms", "-Xss", "-Xmn"} {
		if rest, ok := strings.CutPrefix(w, p); ok {
			return ascii.Digits(strings.TrimRight(rest, "kKmMgGtT")) && rest != ""
		}
	}
	return false
}

// inertPackageSettings are package managers' settings from the
// environment that change only what they print or ask, how long they
// wait, how many jobs they run, whether they may change the lockfile, or
// where inside the project the environment goes: none names where
// packages or code come from. (BUNDLE_PATH and UV_PYTHON are judged by
// their value.)
var inertPackageSettings = map[string]bool{
	"UV_NO_CACHE": true, "UV_NO_PROGRESS": true, "UV_FROZEN": true, "UV_LOCKED": true, "UV_NO_SYNC": true,
	"UV_OFFLINE": true, "UV_COMPILE_BYTECODE": true, "UV_LINK_MODE": true, "UV_HTTP_TIMEOUT": true,
	"UV_CONCURRENT_DOWNLOADS": true, "UV_CONCURRENT_BUILDS": true, "UV_CONCURRENT_INSTALLS": true, "UV_NO_COLOR": true,
	"UV_THREADPOOL_SIZE":  true, // libuv's (node's) thread pool, not uv's
	"npm_config_loglevel": true, "npm_config_fund": true, "npm_config_audit": true, "npm_config_progress": true,
	"npm_config_update_notifier": true, "npm_config_color": true,
	"YARN_ENABLE_IMMUTABLE_INSTALLS": true, "YARN_ENABLE_TELEMETRY": true, "YARN_ENABLE_PROGRESS_BARS": true,
	"YARN_SILENT": true, "YARN_ENABLE_INLINE_BUILDS": true,
	"COMPOSER_MEMORY_LIMIT": true, "COMPOSER_NO_INTERACTION": true, "COMPOSER_ALLOW_SUPERUSER": true,
	"COMPOSER_PROCESS_TIMEOUT": true, "COMPOSER_NO_AUDIT": true,
	"PIPENV_VENV_IN_PROJECT": true, "PIPENV_IGNORE_VIRTUALENVS": true, "PIPENV_NOSPIN": true, "PIPENV_YES": true,
	"PIPENV_VERBOSITY": true, "PIPENV_QUIET": true,
	"POETRY_VIRTUALENVS_IN_PROJECT": true, "POETRY_VIRTUALENVS_CREATE": true, "POETRY_NO_INTERACTION": true,
	"POETRY_INSTALLER_PARALLEL": true,
	"BUNDLE_DEPLOYMENT":         true, "BUNDLE_FROZEN": true, "BUNDLE_WITHOUT": true, "BUNDLE_JOBS": true, "BUNDLE_RETRY": true,
}

// inertPip are the PIP_ variables that change what pip prints, asks or
// caches, or how long it waits, whatever their value.
var inertPip = map[string]bool{"PIP_NO_CACHE_DIR": true, "PIP_DISABLE_PIP_VERSION_CHECK": true, "PIP_QUIET": true,
	"PIP_VERBOSE": true, "PIP_NO_INPUT": true, "PIP_PROGRESS_BAR": true, "PIP_ROOT_USER_ACTION": true,
	"PIP_DEFAULT_TIMEOUT": true, "PIP_TIMEOUT": true, "PIP_RETRIES": true, "PIP_NO_COLOR": true, "PIP_NO_WARN_SCRIPT_LOCATION": true,
	"PIP_PREFER_BINARY": true, "PIP_ONLY_BINARY": true, "PIP_NO_BINARY": true}

// toolchainVersion reports a variable that chooses the toolchain a
// version manager runs: rustup's, pyenv's and its kin's, and asdf's and
// mise's version of one tool (ASDF_PYTHON_VERSION, MISE_NODE_VERSION).
func toolchainVersion(name string) bool {
	switch name {
	case "RUSTUP_TOOLCHAIN", "PYENV_VERSION", "RBENV_VERSION", "NODENV_VERSION", "GOENV_VERSION", "PLENV_VERSION",
		"JENV_VERSION", "PHPENV_VERSION":
		return true
	}
	return (strings.HasPrefix(name, "ASDF_") || strings.HasPrefix(name, "MISE_")) && strings.HasSuffix(name, "_VERSION") &&
		name != "ASDF_VERSION" && name != "MISE_VERSION"
}

// toolchainName reports a value that names an installed toolchain (stable,
// 3.12.4, system, 3.11:3.12): no directory (/, ~, . or ..) and no asdf
// path: or ref: form.
func toolchainName(value string) bool {
	return value != "" && !strings.ContainsAny(value, "/~\\") && value != "." && value != ".." &&
		!strings.HasPrefix(value, "path:") && !strings.HasPrefix(value, "ref:")
}

// inertValue reports a value of SHELL, GOTOOLCHAIN or RUSTFLAGS that
// chooses nothing the engine must see: a shell the catalog knows by name
// (SHELL=/bin/bash), the toolchain in use or one go downloads and checks
// (GOTOOLCHAIN=local, auto, go1.22.3), rustc flags that only set lints,
// cfg values and code generation levels (RUSTFLAGS=-Dwarnings).
func inertValue(name, value string) bool {
	if jvmOptionVars[name] {
		return inertFields(value, inertJVM) // MAVEN_OPTS=-Xmx2g: memory sizes only
	}
	if strings.HasPrefix(name, "PIP_") {
		return inertPip[name]
	}
	if inertPackageSettings[name] || len(name) > len("npm_config_") && strings.EqualFold(name[:len("npm_config_")], "npm_config_") &&
		inertPackageSettings["npm_config_"+strings.ToLower(name[len("npm_config_"):])] {
		return true
	}
	switch name {
	case "UV_PYTHON":
		return strings.Trim(value, "0123456789.") == "" // a version (3.12), not an interpreter's path
	case "BUNDLE_PATH":
		return value != "" && value[0] != '/' && value[0] != '~' && !strings.ContainsAny(value, "$`") && !strings.Contains(value, "..")
	}
	switch name {
	case "SYSTEMD_PAGERSECURE":
		return value == "1" || value == "true" || value == "yes" || value == "on" // the pager may run no command
	case "SHELL":
		// A shell by its name or its absolute path; SHELL=./sh is a file
		// of the working tree, one the command may have written.
		return programs.BitsOf(programs.BaseName(value))&programs.Shell != 0 && !strings.ContainsAny(value, " \t") &&
			(strings.IndexByte(value, '/') < 0 || systemLocation(path.Dir(value)))
	case "GIT_HTTP_USER_AGENT":
		return !strings.ContainsAny(value, "$`")
	case "GIT_TRACE_REDACT":
		return value == "1" || strings.EqualFold(value, "true") // redaction on: git's default
	case "GIT_CURL_VERBOSE":
		return value == "0" || value == "" || strings.EqualFold(value, "false")
	case "GOBIN", "GOPATH":
		// A plain directory of the working tree (GOBIN=bin); an absolute
		// one may be a system directory or one a shell puts on PATH
		// (~/.local/bin), and GOBIN=$PWD/bin is computed.
		return plainDir(value)
	case "GOWORK":
		return value == "off" || value == "" // no workspace
	case "COMPOSE_FILE":
		// Local files; a URL or a registry's artifact is fetched.
		return !strings.Contains(value, "://") && !strings.Contains(value, "git@") && !strings.ContainsAny(value, "$`")
	case "CARGO_TARGET_DIR":
		// Where cargo writes what it builds: a plain directory name
		// (target/ci) chooses nothing that runs; CARGO_TARGET_<triple>_
		// RUNNER and _LINKER, the rest of the family, do.
		return plainDir(value)
	case "GOSUMDB":
		return value == "sum.golang.org" || strings.HasPrefix(value, "sum.golang.org+")
	case "GONOSUMDB", "GOINSECURE", "GOPRIVATE":
		// Module path patterns: inert when none may match the toolchain's
		// module, golang.org/toolchain.
		return !strings.ContainsAny(value, "*?[\\") && !strings.Contains(value, "golang.org")
	case "GOTOOLCHAIN":
		v := strings.TrimSuffix(value, "+auto")
		return v == "local" || v == "auto" || strings.HasPrefix(v, "go1.") && strings.Trim(v[len("go1."):], "0123456789.rcbeta") == ""
	case "NODE_OPTIONS":
		return inertNodeOptions(value)
	case "XZ_OPT", "XZ_DEFAULTS", "GZIP", "BZIP2", "BZIP", "ZSTD_CLEVEL":
		return inertFields(value, inertCompression) // XZ_OPT=-9, ZSTD_CLEVEL=19: a level, threads
	case "CLASSPATH":
		// CLASSPATH=. or =build/classes: the project's own classes.
		return value != "" && !strings.ContainsAny(value, "$`:;") && value[0] != '/' && value[0] != '~' && !strings.Contains(value, "..")
	case "JDK_JAVAC_OPTIONS":
		return inertFields(value, inertJavac) // -Xlint, -g: warnings and debugging information only
	case "GIT_CONFIG_GLOBAL", "GIT_CONFIG_SYSTEM", "RIPGREP_CONFIG_PATH":
		return value == "/dev/null" // no file of settings at all
	case "GIT_CONFIG_NOSYSTEM":
		return true // git reads less: not the system's file
	case "RUSTFLAGS", "RUSTDOCFLAGS":
		fields := strings.Fields(value)
		for i := 0; i < len(fields); i++ {
			f := fields[i]
			switch f {
			case "-D", "-W", "-A", "-F", "-C", "--cfg", "--cap-lints", "--edition":
				if i+1 == len(fields) {
					return false
				}
				i++ // a value in the next field: -D warnings, -C opt-level=3
				sep := ""
				if strings.HasPrefix(f, "--") {
					sep = "="
				}
				f += sep + fields[i]
			}
			if !argmodel.InertRustFlag(f) {
				return false
			}
		}
		return true
	}
	return false
}

// inertNodeOptions reports a NODE_OPTIONS value whose every field is an
// option of inertNodeOption, with a plain value attached where it takes
// one (--max-old-space-size=4096): memory limits and warnings, which
// load and start nothing. Node reads '_' in a name as '-'; a quote (node
// splits the value by quoting rules of its own) or any other option is
// not inert.
func inertNodeOptions(v string) bool {
	fields := strings.Fields(v)
	if len(fields) == 0 || len(fields) > 16 || strings.ContainsAny(v, "'\"\\") {
		return false
	}
	for _, f := range fields {
		name, val, hasVal := strings.Cut(f, "=")
		if !strings.HasPrefix(name, "--") {
			return false
		}
		takes, ok := inertNodeOption[strings.ReplaceAll(name[2:], "_", "-")]
		if !ok || hasVal != takes || hasVal && !plainValue(val) {
			return false
		}
	}
	return true
}

// inertNodeOption are the node options a NODE_OPTIONS value may hold and
// still load nothing: whether each takes a value.
var inertNodeOption = map[string]bool{
	"max-old-space-size": true, "max-semi-space-size": true, "stack-size": true, "max-http-header-size": true,
	"unhandled-rejections": true, "dns-result-order": true,
	"enable-source-maps": false, "no-warnings": false, "no-deprecation": false, "trace-warnings": false,
	"trace-deprecation": false, "trace-uncaught": false, "openssl-legacy-provider": false, "use-openssl-ca": false,
	"use-bundled-ca": false, "experimental-vm-modules": false, "no-experimental-fetch": false, "pending-deprecation": false,
}

// plainValue reports an option value of letters, digits, '-' and '.'
// only (4096, strict, ipv4first).
func plainValue(v string) bool {
	if v == "" {
		return false
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.') {
			return false
		}
	}
	return true
}

// inertGoFlags reports a GOFLAGS value whose every field is one of
// inertGoFlag's flags, with its value attached, that go build and go test,
// read through their models, take as running and computing nothing
// (-mod=mod, -count=1, -race, -tags=x): the flags GOFLAGS gives every go
// command. A flag that names a file or directory (-o=, -C=, -overlay=,
// -coverprofile=: a build may write anywhere, a protected path among
// them), runs a program (-toolexec, -exec, -ldflags=-extld=…) or is not
// listed is not.
func inertGoFlags(v string) bool {
	fields := strings.Fields(v)
	if len(fields) > 16 {
		return false
	}
	for _, f := range fields {
		name, _, _ := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if !strings.HasPrefix(f, "-") || !inertGoFlag[name] {
			return false // GOFLAGS holds flags only, each with its value attached
		}
		for _, sub := range []string{"build", "test"} {
			j, ok := programs.Judge([]string{"go", sub, f}, nil, 0)
			if !ok || j.Reaches || j.Exec != "" || j.Computed != "" {
				return false
			}
		}
	}
	return true
}

// inertGoFlag are the go flags a GOFLAGS value may hold and still run
// nothing the engine must see: none names a file or a program.
var inertGoFlag = map[string]bool{
	"mod": true, "modcacherw": true, "count": true, "race": true, "msan": true, "asan": true, "tags": true,
	"trimpath": true, "v": true, "x": true, "n": true, "a": true, "p": true, "buildvcs": true, "json": true,
	"short": true, "failfast": true, "timeout": true, "run": true, "skip": true, "bench": true, "benchtime": true,
	"benchmem": true, "cover": true, "covermode": true, "coverpkg": true, "parallel": true, "cpu": true,
	"shuffle": true, "fullpath": true, "vet": true, "gcflags": true, "asmflags": true, "ldflags": true,
	"buildmode": true,
}

// declarers take NAME=value words as arguments, which set (and for env
// and export, pass on) variables: the exporters, and the wrappers that
// pass theirs to their own command.
func declarers(name string) bool {
	return exporters[name] || name == "env" || name == "sudo" || name == "doas"
}

// assignments calls fn for every word of s in a position where NAME=value
// sets a variable: before the program, after env, export, declare and
// the like (behind wrappers too), and among the operands of a program that
// puts them in its programs' environment (make, rake).
func assignments(s *Segment, fn func(j int, name, value string)) {
	decl, env, wrapper := false, false, false
	lead := true
	for j, w := range s.Words {
		eq := strings.IndexByte(w, '=')
		// env and sudo take any word with a '=' for an assignment, a
		// name no shell takes too (env 'LINK.c=…' make: make's built-in
		// rules run $(LINK.c)).
		isAssign := programs.IsAssignment(w) || decl && strings.HasPrefix(w, "BASH_FUNC_") && eq > 0 || wrapper && eq > 0 && w[0] != '-'
		if wrapper && !isAssign && (w == "" || w[0] != '-') && !optionValue(s.Words[j-1]) {
			wrapper = false // the wrapper's command: its words are its own
		}
		if env && !isAssign && eq > 0 {
			// make's own assignments: X:=v, X::=v, X?=v, X += v, and
			// names no shell takes (LINK.c=…, COMPILE.c=…: the commands of
			// make's built-in rules).
			if name, _, value, ok := argmodel.MakeAssignment(w); ok && name[0] != '-' { // --file=x is an option
				fn(j, name, value)
				continue
			}
		}
		if !isAssign {
			if lead && s.AnyMask&MaskEq != 0 {
				env = programs.EnvOperands(programs.BaseName(w)) // make BASH_ENV=x test
			}
			lead = false
			if declarers(programs.BaseName(w)) {
				decl = true
				wrapper = !exporters[programs.BaseName(w)]
			}
			continue
		}
		if lead || decl || env {
			fn(j, strings.TrimSuffix(w[:eq], "+"), w[eq+1:])
		}
	}
}

// optionValue reports an option word of env or sudo that the next word
// may be the value of (env -C DIR, -u NAME, sudo -u USER, --chdir DIR):
// the assignments may go on after it. Any short option counts whose last
// letter takes a value in either, and any long option without '='.
func optionValue(prev string) bool {
	switch {
	case strings.HasPrefix(prev, "--"):
		return len(prev) > 2 && strings.IndexByte(prev, '=') < 0
	case len(prev) > 1 && prev[0] == '-':
		return strings.IndexByte("uCPSgphUDrtTc", prev[len(prev)-1]) >= 0
	}
	return false
}

// exporters are the declaration builtins whose NAME=value arguments may
// reach the environment of the command's later programs (export, and the
// others with -x or under set -a); env, sudo and doas pass theirs to their
// own command only, which is a view of the segment already.
var exporters = map[string]bool{"export": true, "declare": true, "typeset": true, "local": true, "readonly": true}

// Declares reports a declaration builtin, whose NAME=value words set
// variables (export, declare, typeset, local, readonly).
func Declares(name string) bool { return exporters[name] }

// Exports calls fn for every assignment of s that may reach the
// environment of the command's other programs; computed says the value
// is known only at run time. They are
//
//   - the NAME=value arguments of export, declare and the like, and the
//     assignments before such a builtin (CC=sudo export CC; make);
//   - the assignments of a segment made of assignments alone, which
//     export NAME or set -a pass on (CC=sudo; export CC; make);
//   - the names a builtin sets from data, as computed values (read CC,
//     printf -v CC …, mapfile; then export CC);
//   - the names a ${NAME:=value} or ${NAME=value} expansion assigns, as
//     computed values;
//   - with inherited, every assignment the segment makes, before its
//     program or as an argument of a wrapper: the shells the command
//     starts inherit them (env CC=sudo bash -c make).
//
// Any of them may be exported later by a bare export NAME or set -a, so
// none waits for one to be seen.
func (s *Segment) Exports(inherited bool, fn func(assign string, computed bool)) {
	expands := func(j int) bool { return j < len(s.Flags) && s.Flags[j]&WordExpands != 0 }
	for vi, v := range s.Views {
		if len(v) == 0 {
			continue
		}
		if setsFromData[v[0]] {
			for _, n := range nameArgs(v) {
				fn(nameBase(n)+"=", true)
			}
		}
		if s.AnyMask&MaskEq == 0 || !exporters[programs.BaseName(v[0])] {
			continue
		}
		flags := s.ViewFlags(vi)
		for j, w := range v {
			if j > 0 && programs.IsAssignment(w) {
				fn(w, j < len(flags) && flags[j]&WordExpands != 0)
			}
		}
		for j, w := range s.Words {
			if !programs.IsAssignment(w) {
				break
			}
			fn(w, expands(j)) // CC=sudo export CC
		}
	}
	if s.AnyMask&MaskEq == 0 {
		return
	}
	for j, w := range s.Words {
		if expands(j) {
			defaultAssigns(w, func(name string) { fn(name+"=", true) })
		}
	}
	for j, w := range s.Words {
		if programs.IsAssignment(w) {
			if inherited {
				fn(w, expands(j))
			}
		} else if !inherited {
			return // not a segment of assignments alone
		}
	}
	if !inherited {
		for j, w := range s.Words {
			fn(w, expands(j))
		}
	}
}

// defaultAssigns calls fn for the name of every ${NAME:=value} and
// ${NAME=value} in word w (${NAME[i]=value} too): the expansion assigns
// NAME when it is unset (or empty). An indirect one (${!x=value}) assigns
// the variable x names, which is known only at run time: fn gets "".
func defaultAssigns(w string, fn func(name string)) {
	closeAt := -1 // the next ']' at or after closeAt's search start: one scan for all subscripts
	for i := 0; ; {
		k := strings.Index(w[i:], "${")
		if k < 0 {
			return
		}
		i += k + 2
		indirect := i < len(w) && w[i] == '!'
		if indirect {
			i++
		}
		j := i
		for j < len(w) && ascii.NameByte(w[j]) {
			j++
		}
		if j == i {
			continue
		}
		rest := w[j:]
		if strings.HasPrefix(rest, "[") {
			if closeAt < j && closeAt != len(w) {
				closeAt = len(w)
				if k := strings.IndexByte(w[j:], ']'); k >= 0 {
					closeAt = j + k
				}
			}
			if closeAt < len(w) {
				rest = w[closeAt+1:]
			}
		}
		if strings.HasPrefix(rest, ":=") || strings.HasPrefix(rest, "=") {
			if indirect {
				fn("")
			} else {
				fn(w[i:j])
			}
		}
	}
}

// defaultsIn fails closed on a ${NAME=value} or ${NAME:=value} anywhere
// in the text of a script (a word, a redirection's target, a here-string,
// [[ … ]], an arithmetic context) that assigns a variable that runs code or
// changes what runs (: ${PS4='$(cmd)'}; set -x, set -a; [[
// ${GIT_EXTERNAL_DIFF:=sudo} ]]; git diff), or one whose name is known only
// at run time (${!x=…}): its value is a word the engine does not read as
// an assignment's. The text is read as bash would see it before quoting,
// so a default inside single quotes counts too: the safe side.
func (c *Command) defaultsIn(src string) {
	if !strings.Contains(src, "${") && !strings.Contains(src, "$\\\n") {
		return
	}
	if strings.Contains(src, "\\\n") {
		// A line continuation is no text to bash: ${PS\⏎4=…} is ${PS4=…}.
		src = strings.ReplaceAll(src, "\\\n", "")
	}
	defaultAssigns(src, func(name string) {
		switch {
		case name == "":
			c.dyn("an indirect ${!name=…} assigns a variable chosen at run time, one that runs code among them")
		case envKindOf(name) != envNone:
			c.dyn("${" + name + "=…} assigns " + name + ", which runs code or changes what runs, with a value the engine does not read")
		}
	})
}

// declares reports a segment that is a declaration (export, declare):
// what it exports is judged where a later program reads it.
func declares(s *Segment) bool {
	k := programs.ProgramAt(s.Words)
	return k < len(s.Words) && declarers(programs.BaseName(s.Words[k]))
}

// programReads reports a segment whose program's model judges the
// variable name itself (DOCKER_HOST for docker, a proxy for curl).
func programReads(s *Segment, name string) bool {
	k := programs.ProgramAt(s.Words)
	if k >= len(s.Words) {
		return false
	}
	m := argmodel.Lookup(s.Words[k])
	if m == nil {
		return false
	}
	_, ok := m.EnvEffect(name)
	return ok
}

// hiddenEnv reads the variables a segment sets that run code.
func (c *Command) hiddenEnv(idx int) {
	s := &c.Segs[idx]
	judge := func(j int, name, value string) {
		if k := strings.IndexByte(name, '['); k > 0 && envKindOf(name[:k]) == envPath {
			c.dyn(pathArray) // PATH[0]=/usr/bin
			return
		}
		kind := envKindOf(name)
		computed := j < len(s.Flags) && s.Flags[j]&WordExpands != 0
		if name == "IFS" && (programs.ProgramAt(s.Words) >= len(s.Words) || declares(s)) {
			// IFS=, read a b sets it for read alone; set for the rest of
			// the command (by a segment with no program, redirections or
			// not: 2>/dev/null IFS=x), it splits every later unquoted
			// expansion (IFS=x; v=.envxREADME; cat $v reads .env).
			c.dyn("IFS set for the rest of the command changes how later expansions split into words: the words that run are not the ones the engine reads")
			return
		}
		if why, ok := argmodel.ReachVar(name); ok && !programReads(s, name) && !declares(s) {
			c.dyn(why + ", for every program the command runs (make DOCKER_HOST=… up)")
			return
		}
		if kind == envNone && (ownLocation(s, name) || c.programLocation(s, name)) {
			kind = envLocation // GH_CONFIG_DIR-like: a place the program it precedes reads
		}
		if kind == envNone {
			c.unlistedVariable(name, value, computed)
			return
		}
		switch kind {
		case envScript:
			if strings.HasPrefix(name, "BASH_FUNC_") {
				value = strings.TrimPrefix(strings.TrimSpace(value), "()")
			}
			if name == "LESSOPEN" || name == "LESSCLOSE" {
				value = strings.TrimLeft(value, "|-")
			}
			if scriptArgs(name) {
				// The program gives the command line arguments of its own
				// (GIT_EDITOR=cp… git config -e copies onto .git/config):
				// they are read as words known only at run time.
				value += ` "$@"`
			}
			if !computed {
				c.viaSh(name+"=", name, value)
			}
			if strings.HasSuffix(name, "PAGER") || strings.HasPrefix(name, "LESS") {
				// A pager reads the program's output on its input: vim
				// as a pager reads it as keys.
				defer func(was bool) { c.inPipe = was }(c.inPipe)
				c.inPipe = true
			}
			c.nestedText(idx, value, computed, name+"=")
		case envExpanded, envSourced:
			if computed {
				c.dyn("the value of " + name + " is built at run time, and the shell expands it as code")
			} else if promptDecoded[name] && promptEscapesRun(value) {
				// \s becomes "bash", \044 a "$", \u the user's name:
				// what the expansion then runs is not the text.
				c.dyn("the value of " + name + " is decoded as a prompt before the shell expands it (\\s, \\u, \\w, \\044 … become other text): what it runs cannot be read")
			} else if strings.ContainsAny(value, "$`") {
				c.readExpanded(s.Dirs, s.Depth, value, name+"=")
			}
			if kind == envSourced {
				c.dyn(name + " names a file that the shell runs before the command: code the engine cannot see")
			}
		case envHidden:
			if (name == "LESS" || name == "SYSTEMD_LESS") && !computed && inertLess(value) {
				return // LESS=-R, LESS=-FRX: display flags only
			}
			if name == "GOFLAGS" && !computed && inertGoFlags(value) {
				return // GOFLAGS=-mod=mod: flags the go model reads as running nothing
			}
			if toolchainVersion(name) && !computed && toolchainName(value) {
				return // RUSTUP_TOOLCHAIN=stable, PYENV_VERSION=3.12: an installed toolchain's name, not a directory of programs
			}
			if !computed && inertValue(name, value) {
				return
			}
			c.dyn(name + " chooses or loads code that the engine cannot see")
		case envBuild:
			if why := argmodel.BuildVariable(name, value, computed); why != "" {
				c.dyn(why)
			}
		case envLocation:
			if !computed && systemLocation(value) {
				return // JAVA_HOME=/usr/lib/jvm/java-17: the system's
			}
			// A bare assignment counts too: the variable may be in the
			// environment already (JAVA_HOME often is), and bash passes
			// the new value on to every program after it.
			c.dyn(name + " may tell the program where its programs or configuration are, and names a place the command controls")
		case envArith:
			if !ascii.Digits(value) {
				c.dyn("assigning " + name + " evaluates its value as arithmetic, which may run commands")
			}
		case envAlias:
			c.nestedText(idx, value, computed, "alias")
			c.dyn("an alias is code that runs later, with words the engine cannot see")
		case envCdpath:
			c.dyn(name + " changes where cd goes: the working directory cannot be followed")
		case envPath:
			if relativeSearch(value) {
				c.dyn("PATH searches a relative directory: a program name may then be any file of the project")
			}
		}
	}
	assignments(s, judge)
	if why := containerEnv(s, judge); why != "" {
		c.dyn(why)
	}
}

// unlistedVariable judges an assignment to a variable no table lists by
// what its value says: build tools of every kind (make and go, and
// setuptools, pip's builds, cargo's cc crate, node-gyp, cmake, meson,
// configure scripts) run the compiler CC names and take CFLAGS as the
// compiler's flags (argmodel.BuildVariable); and a value whose first word
// names a program that runs others as another user (sudo, doas) is a
// program of that variable's reader, whoever it is (RUNNER=sudo npm test,
// WGET_ASKPASS-like variables no list has yet).
func (c *Command) unlistedVariable(name, value string, computed bool) {
	// Every word of the value counts (RUNNER="env sudo", "timeout 9
	// sudo"), and a computed value's text too (RUNNER=${X:-sudo}).
	for f := range strings.FieldsFuncSeq(value, func(r rune) bool { return !programNameRune(r) }) {
		if f = strings.TrimLeft(f, "-+"); programs.BitsOf(programs.BaseName(f))&programs.Privileged != 0 { // ${X:-sudo}
			c.dyn(name + "=" + QuoteExcerpt(value) + " names " + programs.BaseName(f) + ", which runs programs as another user: a program that reads " + name + " may run it")
			return
		}
	}
}

// programNameRune reports a character a program's name or path may hold.
func programNameRune(r rune) bool {
	return r == '/' || r == '.' || r == '-' || r == '_' || r == '+' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'
}

// containerValueOption reports an option of docker exec (and compose
// exec) whose value is the next word.
func containerValueOption(w string) bool {
	switch w {
	case "-e", "--env", "--env-file", "-u", "--user", "-w", "--workdir", "--detach-keys", "--index":
		return true
	}
	return false
}

// containerEngines run a command in a container with variables their
// -e and --env options give it.
var containerEngines = map[string]bool{"docker": true, "podman": true, "nerdctl": true, "docker-compose": true}

// containerEnv calls fn with each NAME=VALUE that a container engine's
// -e or --env gives the command it runs in the container (docker exec -e
// GIT_EXTERNAL_DIFF=… app git diff): a variable of that command's
// environment, judged as an assignment before it would be. It returns
// why that environment cannot be read: --env-file (or compose's
// --env-from-file) names a file of variables. Every word after the
// program is read, the container command's own too: a word there that
// only looks like one asks, the safe side.
func containerEnv(s *Segment, fn func(j int, name, value string)) string {
	i := programs.ProgramAt(s.Words)
	if i >= len(s.Words) || !containerEngines[programs.BaseName(s.Words[i])] {
		return ""
	}
	exec, sub := false, ""
	for j := i + 1; j < len(s.Words); j++ {
		w, a, k := s.Words[j], "", j
		if sub == "" && w != "" && w[0] != '-' {
			sub = w // exec, run, compose … (compose exec: the next one)
			exec = w == "exec"
			if w == "compose" {
				sub = ""
			}
			continue
		}
		if exec && w != "" && w[0] != '-' && !containerValueOption(s.Words[j-1]) {
			return "" // the container: what follows is its command, with options of its own
		}
		switch {
		case w == "-e" || w == "--env":
			if j+1 < len(s.Words) {
				j++
				a, k = s.Words[j], j
			}
		case strings.HasPrefix(w, "--env="):
			a = w[len("--env="):]
		case strings.HasPrefix(w, "--env-file") || strings.HasPrefix(w, "--env-from-file"):
			return "the container command's variables come from a file the engine does not read (" + w + "), which may set ones that make it run code"
		case len(w) > 2 && w[0] == '-' && w[1] != '-' && strings.IndexByte(w, 'e') > 0:
			// A cluster ending in e takes the next word (-ite X=1), or
			// e's value is the rest (-eX=1, -ieX=1).
			e := strings.IndexByte(w, 'e')
			if e == len(w)-1 && j+1 < len(s.Words) {
				j++
				a, k = s.Words[j], j
			} else {
				a = w[e+1:]
			}
		}
		if eq := strings.IndexByte(a, '='); eq > 0 {
			fn(k, a[:eq], a[eq+1:])
		}
	}
	return ""
}

// promptDecoded are the prompt strings whose backslash escapes bash
// replaces before it expands them (PS3, select's prompt, is printed as
// it is expanded).
var promptDecoded = map[string]bool{"PS0": true, "PS1": true, "PS2": true, "PS4": true}

// promptEscapesRun reports a prompt string whose backslash escapes may
// change what its expansion runs: an expansion in a prompt that holds
// escapes ($(\s -c …) runs bash), or an escape that makes a "$" (\044,
// or \$ before anything but a space: "\w\$ " is the common prompt).
func promptEscapesRun(v string) bool {
	if strings.IndexByte(v, '\\') < 0 {
		return false
	}
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '\\' && i+1 < len(v):
			n := v[i+1]
			if n >= '0' && n <= '7' || n == '$' && i+2 < len(v) && v[i+2] != ' ' {
				return true
			}
			i++ // the escape's letter
		case c == '$' || c == '`':
			return true
		}
	}
	return false
}

// nestedText reads text as a nested script of segment idx, or records
// that the command's program is computed when the text is.
func (c *Command) nestedText(idx int, text string, computed bool, origin string) {
	if computed {
		c.dyn("the script run by " + origin + " is built at run time")
		return
	}
	s := &c.Segs[idx]
	if c.countNested(s.Depth) {
		c.read(text, s.Dirs, s.Depth+1, origin)
	}
}

// readExpanded reads text that the shell expands as if it were in double
// quotes: the substitutions in it run. It is read as the body of an
// unquoted here-document, whose expansions are exactly those.
func (c *Command) readExpanded(dirs []string, depth int, text, origin string) {
	if !c.countNested(depth) {
		return
	}
	delim := "PERMENGINE_EXPANDED"
	for strings.Contains(text, delim) {
		delim += "_"
	}
	c.read(": <<"+delim+"\n"+text+"\n"+delim+"\n", dirs, depth+1, origin)
}

// countNested counts one more nested read under a segment at depth;
// false when a bound is passed (the integrity cap then fires).
func (c *Command) countNested(depth int) bool {
	c.nestedReads++
	if c.nestedReads > maxNestedReads || depth >= MaxNesting {
		c.TooDeep = true
		return false
	}
	return true
}

// hiddenCode reads the code that segment idx hides in data.
func (c *Command) hiddenCode(idx int) {
	s := &c.Segs[idx]
	if s.AnyMask&MaskEq != 0 || len(s.Words) > 0 && containerEngines[programs.BaseName(s.Words[0])] {
		c.hiddenEnv(idx) // (docker exec --env-file F: no '=' anywhere)
	}
	c.hiddenStdin(idx)
	c.hiddenNames(idx)
	c.hiddenAlias(idx)
	c.shellOptions(idx)
	c.hiddenBuiltins(idx)
	c.hiddenEscapes(idx)
}

// hiddenEscapes reads the commands given to programs whose commands may
// run a shell or write files (ed, sqlite3, psql, mysql): on the command
// line, in a here-document or here-string, or written into the pipe by
// echo or printf. Commands from elsewhere in the input cannot be read; a
// file named by < is the project's, like a script file.
func (c *Command) hiddenEscapes(idx int) {
	for vi, v := range c.Segs[idx].Views {
		if len(v) == 0 || c.Segs[idx].ViewBits(vi)&programs.Commands == 0 {
			continue
		}
		why, readsInput := programs.CommandEscapes(v, c.Segs[idx].ViewFlags(vi), WordExpands)
		if why != "" {
			c.dyn(why)
			return
		}
		if !readsInput {
			continue
		}
		in := c.Segs[idx].stdin()
		switch {
		case in.Kind == StdinText && in.Computed:
			c.dyn(programs.BaseName(v[0]) + " reads commands built at run time from its input")
		case in.Kind == StdinText:
			if why := programs.ScanEscapes(v, in.Text); why != "" {
				c.dyn(why)
			}
		case in.Kind == StdinFile && !argmodel.ReadsInput(in.Text, in.Computed) && !strings.HasPrefix(in.Text, "<("):
			// A file of the project, like a script file.
		case in.Kind == StdinInherited && c.piped != "":
			if why := programs.ScanEscapes(v, c.piped); why != "" {
				c.dyn(why)
			}
		case in.Kind == StdinInherited && programs.ReadsGivenInputOnly(v) && !c.inPipe:
			// vim with the agent's own input: a terminal, or none.
		default:
			c.dyn(programs.BaseName(v[0]) + " reads commands from its input, which the engine cannot see")
		}
		return
	}
}

// cbLetters are the option letters of compgen, complete and bind whose
// value is code (bind -x: a key's command).
func cbLetters(builtin string) string {
	if builtin == "bind" {
		return "xf"
	}
	return "CFW"
}

// hiddenBuiltins reads the builtins that run text given to them as
// options: compgen -C runs a command and expands its -W word list; complete
// -C/-F and bind -x keep code for later; fc runs history entries; history
// -w and -a write them to a file; enable loads code; hash -p makes a
// program name run another file.
func (c *Command) hiddenBuiltins(idx int) {
	if s := &c.Segs[idx]; len(s.Words) == 1 && s.Words[0] == "exec" && s.Stdin.Kind != StdinInherited {
		// exec with redirections alone applies them to the shell: a
		// shell that reads its commands from its input (bash <<<
		// 'exec < f', bash -s) goes on to read and run the file.
		c.dyn("exec redirects the shell's own input: a shell that reads its commands from its input runs what the new input holds")
	}
	for _, v := range c.Segs[idx].Views {
		if len(v) > 0 && v[0] == "fc" && !fcLists(v[1:]) {
			// fc alone edits the last history entry with FCEDIT and runs
			// the result; fc -s runs an entry again.
			c.dyn("fc runs a command from the history, which the engine cannot see")
		}
		if len(v) < 2 {
			continue
		}
		switch v[0] {
		case "let":
			// let after an assignment or builtin (X=1 let …, builtin let
			// …) is the let keyword's builtin: its words are arithmetic,
			// where an array subscript runs commands (a[$(cmd)]).
			c.dyn("let evaluates its words as arithmetic, where an array subscript runs commands: as the let keyword, never auto-approved")
		case "compgen", "complete", "bind":
			for j := 1; j < len(v); j++ {
				opt := v[j]
				switch {
				case v[0] == "compgen" && opt == "-C" && j+1 < len(v):
					c.nestedText(idx, v[j+1]+programs.CallbackArgs, strings.ContainsAny(v[j+1], "$`"), "compgen -C")
				case v[0] == "compgen" && opt == "-W" && j+1 < len(v) && strings.ContainsAny(v[j+1], "$`"):
					s := &c.Segs[idx]
					c.readExpanded(s.Dirs, s.Depth, v[j+1], "compgen -W")
					if j+1 < len(s.Flags) && s.Flags[j+1]&WordExpands != 0 {
						// compgen expands the list once more: a $(…) in
						// what the shell's expansion gives runs too.
						c.dyn("compgen -W expands its word list again after the shell has: text the shell's expansion gives (a file's, a commit's) runs as code")
					}
				case v[0] == "bind" && opt == "-f":
					// bind -f FILE reads key bindings, whose macros type
					// commands into the shell (.inputrc by another name).
					c.dyn("bind -f reads key bindings from a file, whose macros type commands into the shell later")
				case opt == "-F" || opt == "-C" || v[0] == "bind" && opt == "-x":
					c.dyn(v[0] + " " + opt + " keeps code that runs later, which the engine cannot see")
				case len(opt) > 2 && opt[0] == '-' && opt[1] != '-' && strings.ContainsAny(opt[1:], cbLetters(v[0])):
					// -Ceval, -oC…, -Fname: a value attached or a cluster.
					c.dyn(v[0] + " " + QuoteExcerpt(opt) + ": an option with its value attached or in a cluster that may run code, which the engine does not read")
				}
			}
		case "trap":
			// A trap's action runs in the shell itself, at a time the
			// reading cannot place: a cd in it moves every command after.
			for _, f := range strings.Fields(strings.Join(v[1:], " ")) {
				if programs.BitsOf(strings.Trim(f, `'"\;&|(){}`))&programs.Cd != 0 {
					c.dyn("a trap action changes the shell's directory (" + QuoteExcerpt(f) + ") when it runs, which the engine cannot place: later paths may be read from the wrong directory")
					break
				}
			}
		case "history":
			for _, w := range v[1:] {
				if len(w) > 1 && w[0] == '-' && strings.ContainsAny(w[1:], "aw") {
					c.dyn("history " + QuoteExcerpt(w) + " writes the shell's history, text the command chooses, to a file (its operand or HISTFILE) that the engine does not follow")
					break
				}
			}
		case "enable":
			for _, w := range v[1:] {
				switch {
				case len(w) > 1 && w[0] == '-' && strings.IndexByte(w, 'f') > 0:
					c.dyn("enable -f loads a builtin from a shared object, whose code the engine cannot see")
				case w != "" && w[0] != '-' && !bashBuiltins[w]:
					// bash 5.2 loads a name that is no builtin of its own as
					// enable -f NAME NAME would (enable ./x, enable x).
					c.dyn("enable " + QuoteExcerpt(w) + " loads a builtin from a shared object, whose code the engine cannot see: bash has no builtin by that name")
				}
			}
		case "hash":
			for _, w := range v[1:] {
				if strings.HasPrefix(w, "-") && strings.IndexByte(w, 'p') > 0 {
					c.dyn("hash -p chooses the file a program name runs: the program is chosen at run time")
				}
			}
		}
	}
}

// fcLists reports fc arguments that only list the history: an option
// cluster with l (-l, -ln, -rl) and none with s or e.
func fcLists(args []string) bool {
	list := false
	for _, a := range args {
		if a == "--" || len(a) < 2 || a[0] != '-' || ascii.Digits(a[1:]) {
			break // an operand: a history number (-5 is one) or a prefix
		}
		if strings.ContainsAny(a[1:], "se") {
			return false
		}
		list = list || strings.IndexByte(a[1:], 'l') >= 0
	}
	return list
}

// pathArray says why a PATH made an array asks: bash 5.2 then finds no
// program through it and looks in the working directory, as without PATH.
const pathArray = "PATH made an array (PATH[0]=…, declare -a PATH) makes bash look programs up in the working directory: a program name may then be any file of the project"

// IsBuiltin reports a builtin of bash 5.2 by its name.
func IsBuiltin(name string) bool { return bashBuiltins[name] }

// bashBuiltins are the builtins of bash 5.2 (enable -a): enable turns
// any other name into a builtin loaded from a shared object.
var bashBuiltins = map[string]bool{
	".": true, ":": true, "[": true, "alias": true, "bg": true, "bind": true, "break": true,
	"builtin": true, "caller": true, "cd": true, "command": true, "compgen": true, "complete": true,
	"compopt": true, "continue": true, "declare": true, "dirs": true, "disown": true, "echo": true,
	"enable": true, "eval": true, "exec": true, "exit": true, "export": true, "false": true, "fc": true,
	"fg": true, "getopts": true, "hash": true, "help": true, "history": true, "jobs": true, "kill": true,
	"let": true, "local": true, "logout": true, "mapfile": true, "popd": true, "printf": true,
	"pushd": true, "pwd": true, "read": true, "readarray": true, "readonly": true, "return": true,
	"set": true, "shift": true, "shopt": true, "source": true, "suspend": true, "test": true,
	"times": true, "trap": true, "true": true, "type": true, "typeset": true, "ulimit": true,
	"umask": true, "unalias": true, "unset": true, "wait": true,
}

// readingOptions are shell options that change what the engine reads,
// each with how.
var readingOptions = map[string]string{
	"cdable_vars": "makes a cd target a variable's value",
	"dotglob":     "lets globs match hidden names (.git, .env)",
	"lastpipe":    "runs a pipeline's last command in the shell itself, so a cd there stays (echo | cd .git)",
}

// shellOptions: shopt -s of an option the reading depends on makes the
// command computed.
func (c *Command) shellOptions(idx int) {
	for vi, v := range c.Segs[idx].Views {
		on, computed, reading := keywordOption(v, c.Segs[idx].ViewFlags(vi), c.Segs[idx].ViewBits(vi))
		switch {
		case reading != "":
			c.dyn(QuoteExcerpt(v[0]) + " -O " + reading + " " + readingOptions[reading] + ": the command cannot be followed")
			return
		case on != "":
			c.dyn("the shell's " + on + " option (" + setSpelling(on) + ") " + setOptions[on].why)
			return
		case computed != "":
			c.dyn("a shell option known only at run time (" + QuoteExcerpt(computed) + ") may be the keyword option (set -k), which makes every NAME=value argument of a later command an assignment of its environment, or history expansion (set -H), which makes later words text of earlier commands")
			return
		}
		if len(v) < 3 || v[0] != "shopt" {
			continue
		}
		flags := c.Segs[idx].ViewFlags(vi)
		for k, w := range v[1:] {
			if how, ok := readingOptions[w]; ok {
				c.dyn("shopt " + w + " " + how + ": the command cannot be followed")
				return
			}
			if runTimeWord(v, flags, k+1) {
				c.dyn("shopt " + QuoteExcerpt(w) + " names a shell option known only at run time, which may change how the shell reads cd targets or globs")
				return
			}
		}
	}
}

// runTimeWord reports whether word i of view v is known only at run time:
// its flags say it expands or globs, or, for a view without flags of its
// own, its text holds an expansion or a glob character.
func runTimeWord(v []string, flags []uint8, i int) bool {
	if flags != nil {
		return flags[i]&(WordExpands|WordGlob) != 0
	}
	return strings.ContainsAny(v[i], "$`*?[")
}

// notOption reports a word known only at run time that cannot expand to
// an option: it starts with a plain character that is not '-' or '+'
// (scripts/*.sh), or with $PWD or $HOME and a slash, which bash keeps
// absolute (a command that sets them is judged for that).
func notOption(w string) bool {
	if w == "" {
		return false
	}
	if c := w[0]; c != '-' && c != '+' && strings.IndexByte("$`*?[{~\\'\"!@(", c) < 0 {
		return true
	}
	return argmodel.AbsoluteStart(w)
}

// keywordOption returns the option of setOptions a view turns on: the
// keyword option, under which NAME=value anywhere among a command's words
// sets its environment (set -k; git status GIT_CONFIG_COUNT=1 …), or
// history expansion (set -H; !:1-2 is words of the command before): set
// -k, set -o keyword, shopt -s -o keyword, or a shell started with -k
// (bash -k -c …), and the same for -H. computed is the first word where an option stands that is known
// only at run time (set "$x", set -o "$o"), which may be that option.
// reading is a shell option of readingOptions that a shell is started
// with (bash -O lastpipe -c …). flags are the view's word flags (nil when it has none), bits its
// catalog bits.
func keywordOption(v []string, flags []uint8, bits programs.Bits) (on, computed, reading string) {
	if len(v) < 2 || v[0] != "set" && v[0] != "shopt" && bits&programs.Shell == 0 {
		return "", "", ""
	}
	shopt := v[0] == "shopt"
	for i := 1; i < len(v); i++ {
		w := v[i]
		switch {
		case w == "--" || w == "-":
			return "", "", ""
		case runTimeWord(v, flags, i) && !notOption(w):
			return "", w, ""
		case shopt && setOptions[w].why != "":
			return w, "", "" // shopt -s -o keyword (a shopt name of its own is no option to turn on)
		case len(w) < 2 || w[0] != '-' && w[0] != '+':
			return "", "", "" // a shell's script or command string, set's operands
		case w == "--rcfile" || w == "--init-file":
			i++ // its value is a file, not the script
			continue
		case w == "--posix" && !shopt && v[0] != "set":
			return "posix", "", ""
		case w[1] == '-':
			continue // --norc, --login
		}
		// A cluster: a letter of setOptions turns its option on; o and O
		// take the next word.
		for k := 1; k < len(w); k++ {
			switch name := setLetters[w[k]&0x7f]; {
			case w[k] >= 0x80:
			case name != "":
				if w[0] == '-' && !shopt {
					return name, "", ""
				}
			case w[k] == 'o' || w[k] == 'O':
				if i+1 < len(v) {
					i++
					if runTimeWord(v, flags, i) {
						return "", v[i], ""
					}
					if w[k] == 'o' && w[0] == '-' && setOptions[v[i]].why != "" {
						return v[i], "", ""
					}
					if _, ok := readingOptions[v[i]]; ok && w[k] == 'O' && w[0] == '-' && !shopt && v[0] != "set" {
						return "", "", v[i] // bash -O lastpipe -c …
					}
				}
			}
		}
	}
	return "", "", ""
}

// setOptions are the options of set (and of a shell's command line) that
// change how bash reads the words of later commands, by name, each with
// its letter and why.
var setOptions = map[string]struct {
	letter byte
	why    string
}{
	"keyword":    {'k', "makes every NAME=value argument of a later command an assignment of its environment, which may run code"},
	"histexpand": {'H', "makes a later word such as !:1-2 the text of an earlier command, which runs as the words the engine read did not say"},
	// bash -i: an interactive shell reads its input through readline
	// (whose keys and bind macros edit the line), expands history, may
	// correct cd targets (cdspell) and may not read # as a comment.
	"interactive": {'i', "reads its input through readline and history expansion, which change the text before it runs: what runs is not the text the engine read"},
	// bash --posix, set -o posix: a ' inside "${x:-…}" is a character,
	// and the text after it is other commands.
	"posix": {0, "reads the script as POSIX sh does, in which some text reads as other commands than in bash"},
}

// setSpelling is how an option of setOptions is turned on.
func setSpelling(name string) string {
	if l := setOptions[name].letter; l != 0 {
		return "-" + string(l)
	}
	return "-o " + name
}

// setLetters are setOptions by letter.
var setLetters = func() (m [128]string) {
	for name, o := range setOptions {
		if o.letter != 0 {
			m[o.letter] = name
		}
	}
	return m
}()

// hiddenAlias: an alias definition is code that runs later, with the
// words that follow the alias where it is used, which the engine cannot
// see (its value is also read as a nested script, for deny rules).
func (c *Command) hiddenAlias(idx int) {
	for _, v := range c.Segs[idx].Views {
		if len(v) < 2 || v[0] != "alias" {
			continue
		}
		for _, w := range v[1:] {
			if strings.IndexByte(w, '=') > 0 {
				c.dyn("an alias is code that runs later, with words the engine cannot see")
				return
			}
		}
	}
}

func (c *Command) dyn(why string) {
	if c.Dynamic == "" {
		c.Dynamic = why
	}
}

// scriptComputed reports whether the words a nested script was made of
// hold an expansion: bash -c "echo $x" runs whatever text x holds, as code.
// A view is the segment's words with a prefix dropped (and its program's
// directory); a view that is not (a brace expansion) is judged by every
// word of the segment that went into the script.
func scriptComputed(s *Segment, v []string, ns programs.Script) bool {
	if ns.To <= ns.From {
		return false
	}
	off := len(s.Words) - len(v)
	if off >= 0 && len(v) > 0 && slices.Equal(v[1:], s.Words[off+1:]) {
		for k := ns.From; k < ns.To && off+k < len(s.Flags); k++ {
			if s.Flags[off+k]&WordExpands != 0 {
				return true
			}
		}
		return false
	}
	for j, w := range s.Words {
		if j < len(s.Flags) && s.Flags[j]&WordExpands != 0 && strings.Contains(ns.Text, w) {
			return true
		}
	}
	return false
}

// hiddenNode judges the parts of words that hide code: ${x@P}, an
// extended glob holding an expansion, a compound array assignment's
// subscripts.
func (r *walker) hiddenNode(n syntax.Node, dirs []string) {
	switch y := n.(type) {
	case *syntax.ParamExp:
		r.promptExpansion(y, dirs)
	case *syntax.ExtGlob:
		if !r.inTest || strings.HasPrefix(y.Pattern.Value, "#") {
			// bash reads *(…) and ?(…) only after shopt -s extglob, and
			// fails on them otherwise; zsh, the shell agents run commands
			// with on macOS, reads (…) after a glob as glob qualifiers, in
			// which e'…' and +cmd run code and P'…' adds words. In a test
			// it globs no files, but where (#q…) makes it (with
			// extendedglob).
			r.dyn("zsh reads (…) after a glob as glob qualifiers, which may run code (e'…', +cmd) or add words, where bash reads an extended glob")
		}
		if strings.ContainsAny(y.Pattern.Value, "$`") {
			r.dyn("an extended glob pattern holds an expansion, which runs when the pattern is used")
			r.c.readExpanded(dirs, r.depth, y.Pattern.Value, "an extended glob")
		}
		r.procSubstInText(y.Pattern.Value, dirs, "an extended glob pattern holds a process substitution, which runs when the pattern is used", "a process substitution in an extended glob")
	case *syntax.ArrayElem:
		if y.Index != nil && arithDynamic(y.Index) {
			r.dyn("an array index evaluates variable contents as arithmetic")
		}
	case *syntax.DblQuoted:
		r.paramsInDouble(y.Parts, dirs, "inside double quotes")
	case *syntax.Redirect:
		if y.Hdoc != nil {
			// An unquoted here-document's body is read as if in double
			// quotes (a quoted one's is a single literal, with no parts to
			// judge).
			r.paramsInDouble(y.Hdoc.Parts, dirs, "in a here-document")
		}
	case *syntax.BinaryTest:
		if w, ok := y.Y.(*syntax.Word); ok && y.Op == syntax.TsReMatch {
			// The parser keeps the text between a regular expression's
			// parentheses as literal text; bash runs the process
			// substitutions in it ([[ x =~ (<(cmd)) ]]).
			for _, part := range w.Parts {
				if l, ok := part.(*syntax.Lit); ok {
					r.procSubstInText(l.Value, dirs, "a regular expression holds a process substitution, which runs when the test does", "a process substitution in a regular expression")
				}
			}
		}
	}
}

// paramsInDouble judges the parameter expansions among parts, which bash
// expands as if in double quotes (where says where: "inside double
// quotes", "in a here-document"): single quotes in their words are
// characters there, so the substitutions between them run (each is read
// as a nested script, so that rules and caps judge its commands), and a
// $'…' in them is decoded.
func (r *walker) paramsInDouble(parts []syntax.WordPart, dirs []string, where string) {
	for _, part := range parts {
		pe, ok := part.(*syntax.ParamExp)
		if !ok {
			continue
		}
		found := false
		quotedInDouble(pe, func(text string) {
			found = true
			r.c.readExpanded(dirs, r.depth, text, "single quotes in ${x:-'…'} "+where)
		})
		if found {
			r.dyn(where + ", the single quotes of ${x:-'…'} are characters: the substitution between them runs")
		}
		if ansiInDouble(pe) {
			r.dyn(where + ", bash decodes $'…' in ${x:-$'…'} ($'\\x2e' is a dot): the word is not the text the command shows")
		}
	}
}

// ansiInDouble reports a parameter expansion, in double quotes, whose word
// holds $'…': bash decodes it there ("${u:-$'\x2essh'}" is .ssh), where a
// double-quoted $'…' elsewhere is its own characters.
func ansiInDouble(pe *syntax.ParamExp) bool {
	for _, w := range paramWords(pe) {
		for _, part := range w.Parts {
			// Only the word's own parts and the words of expansions in it:
			// inside nested double quotes $'…' is its own characters again,
			// and hiddenNode visits each double-quoted part itself, so the
			// walk stays linear.
			switch q := part.(type) {
			case *syntax.SglQuoted:
				if q.Dollar {
					return true
				}
			case *syntax.ParamExp:
				if ansiInDouble(q) {
					return true
				}
			}
		}
	}
	return false
}

// paramWords are the words of a parameter expansion's operation: ${x:-w},
// ${x/p/w}.
func paramWords(pe *syntax.ParamExp) []*syntax.Word {
	var words []*syntax.Word
	if pe.Exp != nil && pe.Exp.Word != nil {
		words = append(words, pe.Exp.Word)
	}
	if pe.Repl != nil {
		for _, w := range []*syntax.Word{pe.Repl.Orig, pe.Repl.With} {
			if w != nil {
				words = append(words, w)
			}
		}
	}
	return words
}

// quotedInDouble calls fn with the text of each single-quoted string,
// holding an expansion, in the words (${x:-w}, ${x/p/w}) of a parameter
// expansion in double quotes: bash keeps such quotes as characters there
// and runs the expansion, where the parser reads a single-quoted string.
func quotedInDouble(pe *syntax.ParamExp, fn func(text string)) {
	for _, w := range paramWords(pe) {
		for _, part := range w.Parts {
			switch q := part.(type) {
			case *syntax.SglQuoted:
				// A $'…' is decoded first (ansiInDouble): its text is the
				// code where it holds no escape.
				if strings.ContainsAny(q.Value, "$`") && (!q.Dollar || !strings.Contains(q.Value, "\\")) {
					fn(q.Value)
				}
			case *syntax.ParamExp:
				quotedInDouble(q, fn)
			}
		}
	}
}

// promptExpansion reads ${x@P}: the value of x is expanded like a prompt,
// and the substitutions in it run. What x holds is only known at run
// time; where the command gave x a literal value, that value is also read
// as a nested script, so that deny rules see it.
func (r *walker) promptExpansion(pe *syntax.ParamExp, dirs []string) {
	if pe.Exp == nil || pe.Exp.Op != syntax.OtherParamOps || pe.Exp.Word == nil || pe.Exp.Word.Lit() != "P" || pe.Param == nil {
		return
	}
	r.dyn("${" + pe.Param.Value + "@P} expands the variable's text as a prompt, running the substitutions in it")
	if v, ok := r.c.literals[pe.Param.Value]; ok {
		r.c.readExpanded(dirs, r.depth, v, "${"+pe.Param.Value+"@P}")
	}
}

// noteLiteral remembers a literal value given to a variable that holds an
// expansion: a later ${x@P} runs it.
func (r *walker) noteLiteral(a *syntax.Assign) {
	if a.Name == nil || a.Value == nil || a.Index != nil || a.Array != nil {
		return
	}
	v, f := wordText(r.src, a.Value)
	if f&WordExpands != 0 || !strings.ContainsAny(v, "$`") {
		return
	}
	if r.c.literals == nil {
		r.c.literals = map[string]string{}
	}
	r.c.literals[a.Name.Value] = v
}

// pipedText returns the literal text that an echo or printf statement
// writes, or "": a shell reading it from the pipe runs it. It is only read
// so that deny rules see it; the pipe still makes the program computed.
// The program word is read as bash runs it ('echo', \echo and /bin/echo
// print the same). Printf's text is its format, then each argument on a
// line of its own: what printf '%s\n' 'curl x' prints. A format that
// joins its arguments (printf '%s%s' cu rl) is not worked out; the pipe
// still asks.
func (r *walker) pipedText(st *syntax.Stmt) string {
	call, ok := st.Cmd.(*syntax.CallExpr)
	if !ok || len(call.Args) < 2 { // (LC_ALL=C echo …: assignments in front change nothing it prints)
		return ""
	}
	if first, f := wordText(r.src, call.Args[0]); f&WordExpands != 0 || !pipedPrinter(first) {
		return "" // (the words are worked out only for a stage that may print them)
	}
	words := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		t, f := wordText(r.src, w)
		if f&WordExpands != 0 {
			return ""
		}
		words = append(words, t)
	}
unwrap:
	for range 8 { // (wrappers in front of a wrapper: nice timeout 9 echo …)
		switch inner := programs.WrappedCommand(words); {
		case len(words) > 2 && (words[0] == "command" || words[0] == "builtin"):
			words = words[1:] // command echo …, builtin printf …: the builtin itself
			for len(words) > 2 && (words[0] == "-p" || words[0] == "--") {
				words = words[1:] // command -p echo …: the default search path's
			}
		case len(inner) >= 2:
			words = inner // nice echo …, env echo …: the echo program prints the same
		default:
			break unwrap
		}
	}
	if len(words) < 2 {
		return ""
	}
	switch programs.BaseName(words[0]) {
	case "echo":
		args := words[1:]
		for len(args) > 0 && strings.HasPrefix(args[0], "-") {
			args = args[1:]
		}
		return strings.Join(args, " ")
	case "printf":
		args := words[1:]
		if args[0] == "--" && len(args) > 1 {
			args = args[1:]
		}
		return strings.ReplaceAll(args[0], "\\n", "\n") + "\n" + strings.Join(args[1:], "\n")
	}
	return ""
}

// pipedPrinter reports a first word that may stand before an echo or a
// printf whose text pipedText reads: the builtin itself, command or
// builtin, or a wrapper.
func pipedPrinter(w string) bool {
	switch programs.BaseName(w) {
	case "echo", "printf", "command", "builtin":
		return true
	}
	return programs.BitsOf(programs.BaseName(w))&(programs.Wrapper|programs.Runner) != 0
}

// relativeSearch reports a PATH value with a relative or empty entry (the
// working directory): a program word then names a file of the project,
// not the program the engine knows by that name.
func relativeSearch(path string) bool {
	for dir := range strings.SplitSeq(path, ":") {
		switch {
		case dir == "" || dir[0] != '/' && dir[0] != '$' && dir[0] != '~':
			return true
		case strings.HasPrefix(dir, "~+") || strings.HasPrefix(dir, "~-"):
			return true // the working directory, or the previous one
		case dir[0] == '$' && !homeOrPath(dir):
			// $PWD/bin, $(pwd)/bin, $D/bin: the working directory or a
			// value the command chose, which may be one it just wrote.
			return true
		}
	}
	return false
}

// homeOrPath reports a PATH entry made of the inherited search path or a
// directory under home: $PATH, ${PATH}, $HOME/…, ${HOME}/….
func homeOrPath(dir string) bool {
	switch dir {
	case "$PATH", "${PATH}", "$HOME", "${HOME}":
		return true
	}
	return strings.HasPrefix(dir, "$HOME/") || strings.HasPrefix(dir, "${HOME}/")
}

// AssignsOnly reports a segment made only of NAME=value words, with no
// redirection and no input of its own, whose every name is a plain
// variable: none that a program or the shell reads as code or as a place
// to find programs or directories (see envVars), no array element (whose
// subscript is arithmetic). Such a segment runs no program; the
// substitutions in its values are segments of their own.
func (s *Segment) AssignsOnly() bool {
	if len(s.Words) == 0 || len(s.Redirs) > 0 || s.Stdin.Kind != StdinInherited {
		return false
	}
	for _, w := range s.Words {
		if !programs.IsAssignment(w) {
			return false
		}
		eq := strings.IndexByte(w, '=')
		name := strings.TrimSuffix(w[:eq], "+")
		if strings.IndexByte(name, '[') >= 0 || envKindOf(name) != envNone || !unquotedAssign(s.Text, w[:eq+1]) {
			return false
		}
	}
	return true
}

// unquotedAssign reports whether text holds prefix (NAME= or NAME+=) at the
// start of a word, as typed: 'X=1', "X"=1 and X\=1 are words bash runs as
// a program, not assignments, and their text never holds X= there.
func unquotedAssign(text, prefix string) bool {
	for i := 0; ; {
		k := strings.Index(text[i:], prefix)
		if k < 0 {
			return false
		}
		at := i + k
		if at == 0 || strings.IndexByte(" \t\n;&|(", text[at-1]) >= 0 {
			return true
		}
		i = at + 1
	}
}

// plainDir reports a relative directory name of letters, digits, '-',
// '_' and '/' whose components do not start with a dot: no protected
// directory (.git), no parent, no home, nothing expanded.
func plainDir(v string) bool {
	if v == "" || v[0] == '/' {
		return false
	}
	for _, c := range v {
		if !(c == '-' || c == '_' || c == '/' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	for _, part := range strings.Split(v, "/") {
		if part == "" || part[0] == '-' {
			return false
		}
	}
	return true
}
