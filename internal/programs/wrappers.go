package programs

import (
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/programs/argmodel"
)

// Wrappers and runners: programs that run a command made of their
// remaining words (timeout 5 npm test, sudo rm x, pnpm exec vitest, docker
// exec app npm test). Where that command starts is read through the
// program's model.

// Wrapped returns the index in v of the program that v[0] runs as a
// command made of its remaining words, and whether every word before it
// was accounted for. It returns -1 when v runs no such command (command
// -v, or a program that is neither a wrapper nor a runner). When a word
// could not be accounted for and no command was found, it returns len(v)
// and false, so that a caller tries every later word as the program.
func Wrapped(v []string) (int, bool) {
	cmd, sure, _ := WrappedView(v)
	return cmd, sure
}

// WrappedView is Wrapped, and also reports whether the command is a
// package runner's (npx git push): a segment that deny and ask rules and
// every cap judge, but that the runner's allow rule (npx vitest) allows.
func WrappedView(v []string) (cmd int, sure, view bool) {
	if len(v) == 0 || BitsOf(v[0])&(Wrapper|Runner) == 0 {
		return -1, true, false
	}
	m := argmodel.WrapCarrier(v)
	if m == nil {
		return -1, true, false
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, nil, 0)
	cmd, sure = -1, len(r.Unknown) == 0
	for _, sp := range r.Commands {
		if sp.End == len(v) {
			cmd, view = sp.Start, sp.ViewOnly
			break
		}
	}
	readings.Put(r)
	if cmd < 0 && !sure {
		cmd = len(v)
	}
	return cmd, sure, view
}

// AppendsInput reports whether the program of words (after assignments)
// runs a command with words read from its input appended: xargs cp x runs
// cp x and the input's words.
func AppendsInput(words []string) bool {
	i := programAt(words)
	return i < len(words) && argmodel.AppendsInput(BaseName(words[i]))
}

// WrappedCommand returns the command a wrapper or runner runs: "timeout 5
// npm test" runs "npm test". It returns nil when the words do not start
// with one (after assignments and the verb's directory) or it runs
// nothing.
func WrappedCommand(words []string) []string {
	inner, _ := wrappedCommand(words)
	return inner
}

// WrappedCommandView is WrappedCommand, and also reports whether the
// command is a package runner's (see WrappedView).
func WrappedCommandView(words []string) (inner []string, view bool) {
	return wrappedCommand(words)
}

// XargsInput is how an xargs view reads its input into words: the
// replace string of -I R, -i or --replace (each line of the input, its
// leading blanks dropped, takes its place in the command's words), and
// the delimiter of -d or -0, which splits the input where blanks and
// quotes do not.
type XargsInput struct {
	Replace   string
	Delimiter string // as written: \n, \t, \x2e, \056 and \0 are escapes
	Delimited bool   // -d or -0 (Delimiter "\0")
}

// XargsReading returns how the xargs of words (its program after
// assignments) reads its input, read through xargs's model (-tI{},
// --rep=%, -d '\n'), and ok when words are an xargs.
func XargsReading(words []string) (in XargsInput, ok bool) {
	i := programAt(words)
	if i >= len(words) {
		return in, false
	}
	if m := argmodel.Lookup(BaseName(words[i])); m == nil || m.Name != "xargs" {
		return in, false
	}
	findItem(words[i:], func(it argmodel.Item) bool {
		switch {
		case it.Opt == nil:
		case it.Kind == argmodel.KindOption && it.Opt.Placeholder:
			in.Replace = it.Opt.Default // -i alone is -i{}; a value, if any, comes next
		case it.Kind == argmodel.KindValue && it.Opt.Placeholder:
			in.Replace = it.Text
		case it.Kind == argmodel.KindValue && it.Opt.Short == "d":
			in.Delimiter, in.Delimited = it.Text, true
		case it.Kind == argmodel.KindOption && it.Opt.Short == "0":
			in.Delimiter, in.Delimited = `\0`, true
		}
		return false
	})
	return in, true
}

// XargsReplace returns the replace string of an xargs among words (its
// program after assignments): -I R, -i ({} or -iR), --replace[=R]; or "".
func XargsReplace(words []string) string {
	in, _ := XargsReading(words)
	return in.Replace
}

func wrappedCommand(words []string) (inner []string, view bool) {
	i := programAt(words)
	if i >= len(words) {
		return nil, false
	}
	v := words[i:]
	if b := BaseName(v[0]); b != v[0] {
		v = append([]string{b}, v[1:]...)
	}
	cmd, _, view := WrappedView(v)
	if cmd < 0 || cmd >= len(v) {
		return nil, false
	}
	inner = words[i+cmd:]
	if bin := PackageCommand(inner[0]); bin != inner[0] && (view || BitsOf(v[0])&Runner != 0) {
		inner = append([]string{bin}, inner[1:]...)
	}
	return inner, view
}

// PackageCommand returns the program a package runner runs for a package
// spec (npx vercel@1.0.0 deploy runs vercel): the spec without its
// @version or @tag. The catalog knows packages whose command has another
// name by the package's name (netlify-cli is netlify, aws-cdk is cdk).
// A scoped package keeps its scope (@cloudflare/wrangler@3).
func PackageCommand(spec string) string {
	if i := strings.LastIndexByte(spec, '@'); i > 0 {
		return spec[:i]
	}
	return spec
}

// OwnDir returns the directory a program starts in, before it reads the
// paths its words name, when an option of its own names it (git -C DIR
// log --output=config writes DIR/config; go -C, make -C, cargo -C): its
// text, whether the shell may still change it (computed), and ok. words
// are a segment's, after assignments.
func OwnDir(words []string) (dir string, computed, ok bool) {
	i := programAt(words)
	if i >= len(words) {
		return "", false, false
	}
	m := argmodel.Lookup(BaseName(words[i]))
	if !m.MayChdir(words[i+1:]) || len(words)-i > MaxModelWords {
		return "", false, false
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, words[i:], nil, 0)
	for _, it := range r.Items {
		if len(r.Commands) > 0 && it.Word >= r.Commands[0].Start {
			break // a wrapped command's options are its own
		}
		if it.Kind == argmodel.KindValue && it.Opt != nil && it.Opt.Chdir {
			dir, computed, ok = it.Text, it.Computed, true
		}
	}
	readings.Put(r)
	return dir, computed, ok
}

// WrapperDir returns the directory a wrapper's command starts in when an
// option of the wrapper names it (env -C DIR, env --chdir=DIR, unshare
// -w DIR, sudo -D DIR): its text, whether the shell may still change it
// (computed), and ok. words are a segment's, after assignments.
func WrapperDir(words []string) (dir string, computed, ok bool) {
	i := programAt(words)
	if i >= len(words) || BitsOf(BaseName(words[i]))&(Wrapper|Runner) == 0 {
		return "", false, false
	}
	v := words[i:]
	if b := BaseName(v[0]); b != v[0] {
		v = append([]string{b}, v[1:]...)
	}
	m := argmodel.WrapCarrier(v)
	if m == nil {
		return "", false, false
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, nil, 0)
	for _, it := range r.Items {
		if it.Kind == argmodel.KindValue && it.Opt != nil && it.Opt.Chdir {
			dir, computed, ok = it.Text, it.Computed, true
		}
		if len(r.Commands) > 0 && it.Word >= r.Commands[0].Start {
			break // the wrapped command's own options are its own
		}
	}
	readings.Put(r)
	return dir, computed, ok
}

// containerRunners are the container engines whose run and create start
// an image's entrypoint with the words after the image.
var containerRunners = map[string]bool{"docker": true, "podman": true, "nerdctl": true}

// ContainerEntrypoint returns the command a container engine's run or
// create (docker run, podman create, docker compose run) starts when the
// program is not the first word after the image: --entrypoint PROG with
// those words as its arguments (docker run --entrypoint git alpine/git
// push runs git push), or, without the option, the program an image is
// named for (alpine/git, bitnami/kubectl, hashicorp/terraform: images
// built to run that program on their arguments). computed reports an
// --entrypoint the shell computes. ok is false when neither applies.
func ContainerEntrypoint(v []string) (cmd []string, computed, ok bool) {
	if len(v) < 2 || !containerRunners[BaseName(v[0])] || len(v) > MaxModelWords {
		return nil, false, false
	}
	m := argmodel.Lookup(BaseName(v[0]))
	if m == nil {
		return nil, false, false
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, v, nil, 0)
	start := len(v) // where the words after the image start
	if n := len(r.Commands); n > 0 && r.Commands[n-1].End == len(v) {
		start = r.Commands[n-1].Start
	}
	entry, image := "", ""
	for _, it := range r.Items {
		switch {
		case it.Word >= start:
		case it.ValueOf("entrypoint"):
			entry, computed = it.Text, it.Computed
		case it.Kind == argmodel.KindOperand && it.Spec != nil && (it.Spec.Name == "run" || it.Spec.Name == "create"):
			// The last operand before the command: the image (or compose's
			// service). Only run and create start it: docker pull node:20
			// runs no node.
			image = it.Text
		}
	}
	switch {
	case computed:
		return nil, true, true
	case entry != "":
		return append([]string{entry}, v[start:]...), false, true
	}
	name := image[strings.LastIndexByte(image, '/')+1:]
	if k := strings.IndexAny(name, ":@"); k >= 0 {
		name = name[:k] // alpine/git:2.43, …@sha256:…
	}
	name = strings.TrimSuffix(name, "-cli") // amazon/aws-cli
	if name == "" || start == len(v) && image == "" || BitsOf(name)&(Effect|Privileged) == 0 {
		return nil, false, false
	}
	return append([]string{name}, v[start:]...), false, true
}

// NixRun calls fn with the commands nix run may start: the program of an
// installable (nixpkgs#git runs git, nixpkgs#python3Packages.black runs
// black) with the words after "--". Every word before "--" that is not an
// option is tried as the installable, since an option may take values.
func NixRun(v []string, fn func(cmd []string)) {
	if len(v) < 3 || BaseName(v[0]) != "nix" || v[1] != "run" {
		return
	}
	end, rest := len(v), []string(nil)
	if k := slices.Index(v, "--"); k >= 0 {
		end, rest = k, v[k+1:]
	}
	for _, w := range v[2:end] {
		if w == "" || w[0] == '-' {
			continue
		}
		name := w[strings.LastIndexAny(w, "#.:/")+1:]
		if name != "" {
			fn(append([]string{name}, rest...))
		}
	}
}

// entryScripts are the files that package managers' commands run under
// their interpreter by another name than the command's (npm is node
// …/npm/bin/npm-cli.js).
var entryScripts = map[string]string{
	"npm-cli.js": "npm", "npx-cli.js": "npx", "yarn.js": "yarn", "yarn.cjs": "yarn",
	"pnpm.cjs": "pnpm", "pnpm.mjs": "pnpm", "pnpx.cjs": "pnpx", "corepack.cjs": "corepack",
}

// ScriptProgram calls fn with the command an interpreter's script is
// when the script is a program the catalog models, by its entry file's
// name, its own, or its package's (node …/npm-cli.js publish and node
// /usr/bin/npm publish are npm publish; python3 /usr/bin/pip install x is
// pip install x; node node_modules/vercel/dist/index.js deploy is vercel
// deploy): the script's words are that program's, which deny rules and
// caps read as a view of its own.
func ScriptProgram(v []string, fn func(cmd []string)) {
	if name, i := scriptProgram(v); i > 0 {
		if mod, ok := strings.CutPrefix(name, "-m "); ok {
			// python3 /usr/lib/python3.11/timeit.py CODE is python3 -m timeit CODE.
			fn(append([]string{v[0], "-m", mod}, v[i+1:]...))
			return
		}
		fn(append([]string{name}, v[i+1:]...))
	}
}

// IsScriptProgram reports whether view v is an interpreter running a
// program the catalog models (ScriptProgram).
func IsScriptProgram(v []string) bool {
	_, i := scriptProgram(v)
	return i > 0
}

// pythonModule returns the module python's -m names in v and the place
// of the word that holds it (-m pip, -mpip, -Im pip), or 0.
func pythonModule(v []string) (string, int) {
	if !argmodel.IsPython(v[0]) || !slices.ContainsFunc(v[1:], mayNameModule) {
		return "", 0
	}
	mod, at := "", 0
	findItem(v, func(it argmodel.Item) bool {
		if it.Kind == argmodel.KindValue && it.Opt != nil && it.Opt.Short == "m" {
			mod, at = it.Text, it.Word
			return true
		}
		return false
	})
	return mod, at
}

// mayNameModule reports an option word that may be or hold python's -m
// (-m, -Im, -mpip): most python commands have none, and need no reading.
func mayNameModule(w string) bool {
	return len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.IndexByte(w, 'm') > 0
}

// scriptProgram returns the program an interpreter's script is, and the
// script's place in v, or -1.
func scriptProgram(v []string) (string, int) {
	if len(v) < 2 {
		return "", -1
	}
	bits := BitsOf(v[0])
	if bits&(Interpreter|Shell) == 0 {
		return "", -1
	}
	if mod, k := pythonModule(v); k > 0 {
		// python3 -m pip install x, -Im pip, -mpip, -m pip.__main__.
		mod = strings.TrimSuffix(mod, ".__main__")
		if argmodel.ModeledModule(mod) && argmodel.Lookup(mod) != nil {
			return mod, k
		}
		return "", -1
	}
	i := ScriptFile(v, bits)
	if i <= 0 || i >= len(v) {
		return "", -1
	}
	if mod := stdlibModule(v[0], v[i]); mod != "" {
		return "-m " + mod, i
	}
	if name := ProgramFile(v[i]); name != "" {
		return name, i
	}
	if name := BaseName(v[i]); strings.IndexByte(name, '.') < 0 && argmodel.Lookup(name) != nil {
		return name, i // node /usr/bin/npm, sh /usr/bin/ssh-copy-id
	}
	return "", -1 // the project's script (build.js; manage.py has a model of its own)
}

// ProgramFile returns the program the catalog models whose own file
// path p is, by its entry file's name (npm-cli.js) or its package's
// directory (node_modules/vercel/…, site-packages/pip/…), or "". A
// link to one, or an interpreter running it, runs that program.
func ProgramFile(p string) string {
	if strings.Contains(p, "//") || strings.Contains(p, "./") {
		p = path.Clean(p) // node_modules/./vercel, node_modules//vercel
	}
	if n, ok := entryScripts[BaseName(p)]; ok {
		return n
	}
	for _, dir := range []string{"node_modules/", "site-packages/", "dist-packages/"} {
		if _, rest, ok := strings.Cut(p, dir); ok && !strings.HasPrefix(rest, ".bin/") {
			// node node_modules/vercel/dist/index.js deploy, python3
			// …/site-packages/pip/__main__.py install x: the package's own
			// file is its command.
			pkg, _, _ := strings.Cut(rest, "/")
			if argmodel.Lookup(pkg) != nil {
				return pkg
			}
		}
	}
	return ""
}

// stdlibModule returns the module of Python's own library that a script
// python runs by its path is (…/lib/python3.11/http/server.py is
// http.server), or "": Python's modules that run code or serve files
// are judged as python -m runs them.
func stdlibModule(interp, script string) string {
	if !argmodel.IsPython(interp) || !strings.HasSuffix(script, ".py") {
		return ""
	}
	k := strings.Index(script, "/lib/python")
	if k < 0 {
		return ""
	}
	version, rest, ok := strings.Cut(script[k+len("/lib/python"):], "/") // past 3.11/
	if !ok || version == "" || strings.Trim(version, "0123456789.") != "" || strings.Contains(rest, "-packages/") || strings.HasPrefix(rest, "site-packages") || strings.HasPrefix(rest, "dist-packages") {
		return ""
	}
	mod := strings.ReplaceAll(strings.TrimSuffix(rest, ".py"), "/", ".")
	mod = strings.TrimSuffix(strings.TrimSuffix(mod, ".__main__"), ".__init__")
	if mod == "" || strings.Contains(mod, "..") {
		return ""
	}
	return mod
}

// PluginCommand calls fn with the command a CLI plugin's own binary is
// when it is run by its file name: docker-compose and docker-buildx are
// docker compose and docker buildx (docker runs its plugins so), and
// git-<sub> (git's own programs in /usr/lib/git-core, and the git-lfs
// kind on PATH) is git <sub>, which git runs it for: each is judged as
// that command.
func PluginCommand(v []string, fn func(cmd []string)) {
	if cmd := Plugin(v); cmd != nil {
		fn(cmd)
	}
}

// Plugin returns the command a plugin's own binary is (PluginCommand):
// v with its program's name split into the CLI and its subcommand, or
// nil.
func Plugin(v []string) []string {
	if len(v) == 0 || !strings.Contains(v[0], "-") {
		return nil
	}
	if sub := dockerPlugin(v); sub != "" {
		return append([]string{"docker", sub}, v[1:]...)
	}
	if sub := gitProgram(v); sub != "" {
		return append([]string{"git", sub}, v[1:]...)
	}
	return nil
}

// gitProgram returns the git subcommand that v's program is by its name
// (git-quiltimport is quiltimport, git-lfs is lfs), or "": only one git's
// model knows, as for docker's plug-ins (git-cliff or git-crypt is a
// program of its own, which git would run for git cliff, but not the
// other way round).
func gitProgram(v []string) string {
	if len(v) == 0 {
		return ""
	}
	sub, ok := strings.CutPrefix(BaseName(v[0]), "git-")
	if !ok || sub == "" || sub[0] == '-' {
		return ""
	}
	if m := argmodel.Lookup("git"); m == nil || m.Lookup(sub) == nil {
		return ""
	}
	return sub
}

// dockerPlugin returns the docker subcommand that v's program is by its
// name (docker-compose is compose), or "".
func dockerPlugin(v []string) string {
	if len(v) == 0 {
		return ""
	}
	sub, ok := strings.CutPrefix(BaseName(v[0]), "docker-")
	if !ok || sub == "" {
		return ""
	}
	if m := argmodel.Lookup("docker"); m != nil && m.Lookup(sub) != nil {
		return sub
	}
	return ""
}

// EnvScript returns the command npm's built-in env script runs, env and
// the words after it, or nil: npm run env -- git push runs env git push,
// which runs git push. The run command is read as npm reads it (run-s,
// run-script, rum), and its script is the first word after run that is
// not an option (npm run -- env CMD too); an option's value before it
// may be taken for the script, so env anywhere before a "--" that
// follows the script counts as well.
func EnvScript(v []string) []string {
	if len(v) < 3 || BaseName(v[0]) != "npm" {
		return nil
	}
	run := -1
	for i := 1; i < len(v) && run < 0; i++ {
		if w := v[i]; w != "" && w[0] != '-' {
			if argmodel.NpmCommand(w) != "run" {
				return nil
			}
			run = i
		}
	}
	for i := run + 1; run > 0 && i < len(v); i++ {
		switch w := v[i]; {
		case w == "env":
			rest := v[i+1:]
			if len(rest) > 0 && rest[0] == "--" {
				rest = rest[1:]
			}
			return append([]string{"env"}, rest...)
		case w == "--" || w == "" || w[0] == '-':
			continue
		default:
			if i > run+1 && v[i-1] != "--" && v[i-1][0] == '-' && !strings.Contains(v[i-1], "=") {
				continue // perhaps an option's value (npm run -w pkg env)
			}
			return nil // another script: its words are its own
		}
	}
	return nil
}

// OtherName reports a view whose program is another program under a
// name of its own: an interpreter's script that a modelled program is
// (ScriptProgram), or a plugin's binary (PluginCommand). (npm's env
// script, EnvScript, is npm's: npm's segments are looked through
// always, as a runner's.) bits are WordBits(v[0]).
func OtherName(v []string, bits Bits) bool {
	return bits&(Interpreter|Shell) != 0 && IsScriptProgram(v) || len(v) > 0 && (strings.Contains(v[0], "docker-") && dockerPlugin(v) != "" ||
		strings.Contains(v[0], "git-") && gitProgram(v) != "")
}

// Forks reports a wrapper (v its words, the wrapper first) that runs its
// command in the background and returns at once: setsid -f, screen -d -m,
// tmux new-session -d, daemonize, start-stop-daemon --background. What it
// runs may come after what follows it in the command.
func Forks(v []string) bool {
	if len(v) == 0 {
		return false
	}
	short := func(letters string) bool {
		for _, w := range v[1:] {
			if len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.ContainsAny(w[1:], letters) {
				return true
			}
		}
		return false
	}
	switch BaseName(v[0]) {
	case "setsid":
		return short("f") || slices.Contains(v[1:], "--fork")
	case "screen":
		return short("dD") && short("m")
	case "tmux":
		return short("d")
	case "daemonize":
		return true
	case "start-stop-daemon":
		return short("b") || slices.Contains(v[1:], "--background")
	}
	return false
}
