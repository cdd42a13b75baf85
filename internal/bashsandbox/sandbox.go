// Package bashsandbox runs shell commands with the real bash in a
// throw-away sandbox and reports what they did, so that the engine's
// decisions can be measured against what the shell really runs.
//
// Each run gets its own copy of a small project (a git repository whose
// "origin" is a local bare repository, with hooks that record that they
// ran), used as working directory and HOME, and runs under
//
//	unshare --mount --net --map-root-user
//
// in an empty environment (like env -i; only PATH, HOME, LANG, TERM,
// TMPDIR and npm's switch for its update check are set): no network (but
// for a run whose effect is a connection, which gets the loopback and
// listeners on 127.0.0.1 that record what reaches them), and a private mount namespace in which the
// whole file system is read-only but the run's own directory. The step
// that prepares the namespace is the calling test binary itself, started
// again under unshare (see MaybeSetup). Two modes:
//
//   - Stubs: real programs, except the ones listed in stubs.txt (curl,
//     sudo, ssh, kubectl, docker, …), which are replaced by a stub that
//     records its name and arguments. The stubs are laid over every
//     directory of programs, so /usr/bin/curl is the stub, and /usr/bin/sudo
//     is one even where no real sudo is installed.
//   - Record: no real program at all. Every file name in /usr/bin,
//     /usr/sbin and /usr/local/bin leads to a recorder, bash records every
//     name it cannot find (command_not_found_handle), and a DEBUG trap
//     records every simple command before it runs, builtins included.
//
// The stub, the recorder, the hooks, the prelude and the script that
// builds the project live in the repository's testdata/sandbox.
package bashsandbox

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
)

// ErrUnavailable says that the machine cannot run the sandbox (no bash,
// no unshare, or user namespaces refused).
var ErrUnavailable = errors.New("bashsandbox: sandbox unavailable")

// Bash is the shell every command runs with.
const Bash = "/usr/bin/bash"

// Mode chooses between real programs with stubs and no programs at all.
type Mode uint8

// The modes of a run.
const (
	Stubs  Mode = iota // real programs; stubs.txt's programs are stubs
	Record             // every program is the recorder
)

func (m Mode) String() string {
	if m == Record {
		return "record"
	}
	return "stubs"
}

// Stub is one program of stubs.txt.
type Stub struct {
	Name string
	// Remote is set for programs whose effect leaves the machine or needs
	// privilege; a benign command never calls one.
	Remote bool
}

// Available reports why the sandbox cannot run here, or nil.
func Available() error {
	if _, err := os.Stat(Bash); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrUnavailable, Bash, err)
	}
	if _, err := exec.LookPath("unshare"); err != nil {
		return fmt.Errorf("%w: unshare: %v", ErrUnavailable, err)
	}
	out, err := exec.Command("unshare", "--mount", "--net", "--map-root-user", "/bin/true").CombinedOutput()
	if err != nil {
		return fmt.Errorf("%w: unshare --mount --net --map-root-user: %v: %s", ErrUnavailable, err, bytes.TrimSpace(out))
	}
	return nil
}

// ReadStubs reads stubs.txt: a name and "remote" or "tool" per line,
// blank lines and "#" comments skipped.
func ReadStubs(path string) ([]Stub, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var out []Stub
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 2 || (f[1] != "remote" && f[1] != "tool") {
			return nil, fmt.Errorf("%s:%d: want a name and \"remote\" or \"tool\", got %q", path, n, line)
		}
		out = append(out, Stub{Name: f[0], Remote: f[1] == "remote"})
	}
	return out, nil
}

// Kit holds what every run shares: the scripts, the stub list and a
// template of the project, built once.
type Kit struct {
	files string // testdata/sandbox
	work  string // where the template lives
	Stubs []Stub
	n     atomic.Int64
}

// NewKit builds the template project under work from the scripts in
// files (testdata/sandbox). It returns ErrUnavailable where the sandbox
// cannot run.
func NewKit(files, work string) (*Kit, error) {
	if err := Available(); err != nil {
		return nil, err
	}
	files, err := filepath.Abs(files)
	if err != nil {
		return nil, err
	}
	stubs, err := ReadStubs(filepath.Join(files, "stubs.txt"))
	if err != nil {
		return nil, err
	}
	k := &Kit{files: files, work: work, Stubs: stubs}
	tpl := filepath.Join(work, "template")
	if err := os.MkdirAll(tpl, 0o755); err != nil {
		return nil, err
	}
	cmd := exec.Command(Bash, filepath.Join(files, "project.sh"), tpl, filepath.Join(files, "hook"))
	cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + tpl, "GIT_CONFIG_NOSYSTEM=1", "LANG=C.UTF-8"}
	if out, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("bashsandbox: building the project: %v: %s", err, out)
	}
	if err := k.buildFakebin(); err != nil {
		return nil, err
	}
	return k, k.trial()
}

// trial runs one command, to find out whether this machine lets the setup
// step mount (it fails with ErrUnavailable where it cannot).
func (k *Kit) trial() error {
	in, err := k.New()
	if err != nil {
		return err
	}
	defer func() { _ = in.Remove() }()
	r, err := in.Run(Stubs, "curl -s x", 30*time.Second)
	if err != nil {
		return err
	}
	if r.Exit != 0 || len(r.Calls) != 1 || r.Calls[0].Text() != "curl -s x" {
		return fmt.Errorf("%w: a trial run did not reach the stub (exit %d, calls %v): %s", ErrUnavailable, r.Exit, r.Calls, r.Output)
	}
	return nil
}

// buildFakebin makes work/fakebin: one symbolic link to the recorder for
// every name in the directories of programs, for Record runs.
func (k *Kit) buildFakebin() error {
	fake := filepath.Join(k.work, "fakebin")
	if err := os.MkdirAll(fake, 0o755); err != nil {
		return err
	}
	for _, d := range []string{"/usr/bin", "/usr/sbin", "/usr/local/bin"} {
		ents, _ := os.ReadDir(d)
		for _, e := range ents {
			link := filepath.Join(fake, e.Name())
			if _, err := os.Lstat(link); err == nil {
				continue
			}
			if err := os.Symlink("/srv/recorder", link); err != nil {
				return err
			}
		}
	}
	return nil
}

// Instance is one fresh copy of the project, for one run.
type Instance struct {
	kit *Kit
	// Dir holds project/, remote.git/ and rec/ (the logs).
	Dir string
	// Project is the project's directory: the working directory and HOME.
	Project string
	// Remote is the bare repository that "origin" names.
	Remote string
	// Listen brings up the loopback with listeners that record
	// connections (see listenTCP); an effect of kind net sets it.
	Listen bool
}

// New makes a fresh copy of the template under the kit's work directory.
func (k *Kit) New() (*Instance, error) {
	dir := filepath.Join(k.work, fmt.Sprintf("run%05d", k.n.Add(1)))
	for _, d := range []string{"rec/stubs", "tmp"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			return nil, err
		}
	}
	tpl := filepath.Join(k.work, "template")
	for _, d := range []string{"project", "remote.git"} {
		if err := copyTree(filepath.Join(tpl, d), filepath.Join(dir, d)); err != nil {
			return nil, fmt.Errorf("bashsandbox: copying the project: %w", err)
		}
	}
	in := &Instance{kit: k, Dir: dir, Project: filepath.Join(dir, "project"), Remote: filepath.Join(dir, "remote.git")}
	return in, in.fillRec()
}

// fillRec puts the stubs, the recorder, bash and the prelude in rec/.
func (in *Instance) fillRec() error {
	rec := filepath.Join(in.Dir, "rec")
	stub, err := os.ReadFile(filepath.Join(in.kit.files, "stub"))
	if err != nil {
		return err
	}
	for _, s := range in.kit.Stubs {
		if err := os.WriteFile(filepath.Join(rec, "stubs", s.Name), stub, 0o755); err != nil {
			return err
		}
	}
	for _, f := range []string{"recorder", "prelude.sh"} {
		data, err := os.ReadFile(filepath.Join(in.kit.files, f))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(rec, f), data, 0o755); err != nil {
			return err
		}
	}
	if err := os.Symlink(filepath.Join(in.kit.work, "fakebin"), filepath.Join(rec, "fakebin")); err != nil {
		return err
	}
	bash, err := os.ReadFile(Bash)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(rec, "bash"), bash, 0o755)
}

// Remove deletes the instance's files.
func (in *Instance) Remove() error { return os.RemoveAll(in.Dir) }

// Result is what a run did.
type Result struct {
	// Exit is bash's exit status (-1 if it was killed).
	Exit int
	// Output is stdout and stderr together.
	Output string
	// Calls are the stubs' (Stubs) or the recorder's (Record) records.
	Calls []Call
	// Hooks names the git hooks that ran, in order.
	Hooks []string
	// TimedOut is set when the run was killed at its deadline.
	TimedOut bool
	// Net lists the connections and datagrams the listeners received
	// ("tcp 80", "udp 53"), when the instance listens.
	Net []string
}

// Call is one recorded call: a program's name and its arguments. In Record
// mode, a call named "debug" is a simple command bash was about to run,
// its text in Args[0].
type Call struct {
	Name string
	Args []string
}

// Text is the call as one line: the name and the arguments, space-joined.
func (c Call) Text() string {
	return strings.Join(append([]string{c.Name}, c.Args...), " ")
}

// Run runs command with bash in the instance, in the given mode, killing
// it after timeout. The setup step is the running binary itself (see
// MaybeSetup), started under unshare.
func (in *Instance) Run(mode Mode, command string, timeout time.Duration) (*Result, error) {
	rec := filepath.Join(in.Dir, "rec")
	if err := os.WriteFile(filepath.Join(rec, "cmd"), []byte(command), 0o644); err != nil {
		return nil, err
	}
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "unshare", "--mount", "--net", "--map-root-user", "--kill-child", self)
	cmd.Env = []string{"PATH=/usr/bin:/bin", setupDirEnv + "=" + in.Dir, setupModeEnv + "=" + mode.String()}
	if in.Listen && mode == Stubs {
		cmd.Env = append(cmd.Env, setupNetEnv+"=1")
	}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	// Background jobs and process substitutions may outlive bash; they
	// hold its output open, so the run waits for them, within reason.
	cmd.WaitDelay = 10 * time.Second
	err = cmd.Run()
	r := &Result{Output: out.String(), TimedOut: ctx.Err() != nil}
	var ee *exec.ExitError
	switch {
	case err == nil, errors.Is(err, exec.ErrWaitDelay): // bash succeeded; a straggler was cut off
	case errors.As(err, &ee):
		r.Exit = ee.ExitCode()
	default:
		return nil, err
	}
	if r.Exit == 125 && strings.Contains(r.Output, "bashsandbox setup:") {
		return r, fmt.Errorf("%w: %s", ErrUnavailable, strings.TrimSpace(r.Output))
	}
	r.Calls = readCalls(filepath.Join(rec, "calls.log"))
	r.Hooks = readLines(filepath.Join(rec, "hooks.log"))
	r.Net = readNet(filepath.Join(rec, "net.log"))
	return r, nil
}

// readCalls reads the records of a calls log: fields separated by US,
// each record ended by RS.
func readCalls(path string) []Call {
	data, _ := os.ReadFile(path)
	var out []Call
	for _, rec := range strings.Split(string(data), "\x1e") {
		if rec == "" {
			continue
		}
		f := strings.Split(rec, "\x1f")
		out = append(out, Call{Name: f[0], Args: f[1:]})
	}
	return out
}

// readNet reads the listeners' log: one "PROTO PORT" per line.
func readNet(path string) []string {
	data, _ := os.ReadFile(path)
	return strings.FieldsFunc(string(data), func(r rune) bool { return r == '\n' })
}

func readLines(path string) []string {
	data, _ := os.ReadFile(path)
	return strings.Fields(string(data))
}

// copyTree copies the directory src to dst: files with their mode,
// directories, symbolic links as links.
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, path)
		target := filepath.Join(dst, rel)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.IsDir():
			return os.MkdirAll(target, info.Mode().Perm())
		case info.Mode()&os.ModeSymlink != 0:
			link, err := os.Readlink(path)
			if err != nil {
				return err
			}
			return os.Symlink(link, target)
		default:
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			return os.WriteFile(target, data, info.Mode().Perm())
		}
	})
}
