package argmodel

import (
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/hostdirs"
)

// Models of docker and podman. Running a container locally is a wrapper:
// the command inside is a segment of its own. A remote engine is an
// external effect; access to the host (--privileged, mounting / or the
// engine's socket, host namespaces) is a privilege.

const (
	whyEngine = "talks to a docker engine chosen on the command line, which may be another machine"
	whyHost   = "gives the container access to the host"
)

// hostPath reports whether a mount source reaches the host: the root, a
// system directory of the host (internal/hostdirs), or an engine socket. A computed source
// counts, except the working directory ($PWD, $(pwd)), which is inside the
// project.
func hostPath(src string, computed bool) bool {
	if throughGit(src) {
		return true // git's hooks and configuration, for the container to write
	}
	if computed {
		for _, p := range []string{"$PWD", "${PWD}", "$(pwd)", "`pwd`"} {
			if rest, ok := strings.CutPrefix(src, p); ok && !strings.ContainsAny(rest, specialChars) && !strings.Contains(rest, "..") {
				return false
			}
		}
		return true
	}
	if strings.Contains(src, ".sock") {
		return true
	}
	if home, rest, _ := strings.Cut(src, "/"); strings.HasPrefix(home, "~") {
		// A home directory itself, or a dot entry in it (~/.ssh, ~/.aws,
		// ~/.config: keys, credentials, start-up files), except the
		// caches a build mounts (~/.cache/pip).
		rest = strings.TrimPrefix(path.Clean("/"+rest), "/")
		return rest == "" || strings.HasPrefix(rest, ".") && rest != ".cache" && !strings.HasPrefix(rest, ".cache/") || strings.Contains(rest, "..")
	}
	if !strings.HasPrefix(src, "/") {
		return strings.HasPrefix(path.Clean(src), "..") // a named volume, or a path in the project; not above it
	}
	c := path.Clean(src)
	if c == "/" || c == "/home" || strings.Count(c, "/") == 2 && strings.HasPrefix(c, "/home/") {
		return true // the root, or the homes, or one home
	}
	return hostdirs.Mounted(c)
}

// HostMount reports an absolute, clean mount source that gives a container
// the host: the root, the homes or one home, a dot entry of a home, a
// socket, git's own directory, a system directory.
func HostMount(p string) bool { return hostPath(p, false) }

// throughGit reports a mount source with a .git component, in any case
// (Docker Desktop's file systems ignore it).
func throughGit(src string) bool {
	for _, c := range strings.Split(src, "/") {
		if strings.EqualFold(c, ".git") {
			return true
		}
	}
	return false
}

// volumeHost is the Check of -v SRC:DST[:OPTS].
func volumeHost(v string, computed bool) bool {
	src, _, _ := strings.Cut(v, ":")
	return hostPath(src, computed)
}

// CSVFields splits a docker or buildx option value at its commas, as the
// CLIs read it, as CSV: a field in double quotes keeps its commas, and
// loses its quotes ("dest=a,b").
func CSVFields(v string) []string {
	var out []string
	var b strings.Builder
	quoted := false
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '"' && quoted && i+1 < len(v) && v[i+1] == '"':
			b.WriteByte('"')
			i++
		case c == '"':
			quoted = !quoted
		case c == ',' && !quoted:
			out = append(out, b.String())
			b.Reset()
		default:
			b.WriteByte(c)
		}
	}
	return append(out, b.String())
}

// mountHost is the Check of --mount type=bind,source=SRC,…; a volume's
// driver options may bind a host directory too (volume-opt=device=/).
func mountHost(v string, computed bool) bool {
	for _, kv := range CSVFields(v) {
		k, val, _ := strings.Cut(kv, "=")
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "source", "src":
			if hostPath(val, computed) {
				return true
			}
		case "volume-opt":
			if o, dev, ok := strings.Cut(val, "="); ok && strings.EqualFold(strings.TrimSpace(o), "device") && hostPath(dev, computed) {
				return true
			}
		}
	}
	return computed && !strings.Contains(v, "source") && !strings.Contains(v, "src")
}

// isHost is the Check of the namespace options: --pid=host and the like.
func isHost(v string, computed bool) bool {
	return computed || strings.EqualFold(v, "host")
}

// dangerousCap is the Check of --cap-add.
func dangerousCap(v string, computed bool) bool {
	if computed {
		return true
	}
	for _, c := range strings.Split(strings.ToUpper(v), ",") {
		switch strings.TrimPrefix(strings.TrimSpace(c), "CAP_") {
		case "ALL", "SYS_ADMIN", "SYS_MODULE", "SYS_PTRACE", "SYS_RAWIO", "DAC_READ_SEARCH", "DAC_OVERRIDE", "BPF", "NET_ADMIN", "SYS_BOOT", "MKNOD":
			return true
		}
	}
	return false
}

// unconfined is the Check of --security-opt.
func unconfined(v string, computed bool) bool {
	l := strings.ToLower(v)
	return computed || strings.Contains(l, "unconfined") || strings.Contains(l, "disable")
}

// containerOptions are the options of docker run and docker create.
// hostAccess marks an option that gives the container access to the host
// when check says its value does.
func hostAccess(o Option, check func(string, bool) bool) Option {
	return o.does(EffPrivileged, whyHost).when(check)
}

// publish is a container run's -p [IP:][HOST_PORT:]PORT: without a
// loopback IP, the port is published on every address of this machine,
// as a development server on 0.0.0.0 is.
func publish() Option {
	return val("p", RoleData, "publish").does(EffExternal, "publishes the container's port on every address of this machine: other machines reach it (only a loopback address, 127.0.0.1:PORT:PORT, keeps it on this one)").when(publishedEverywhere)
}

// publishedEverywhere reports a -p value that names no loopback address:
// PORT and HOST_PORT:PORT listen on every address, IP:HOST_PORT:PORT and
// [IPv6]:HOST_PORT:PORT on IP.
func publishedEverywhere(v string, computed bool) bool {
	if computed {
		return true
	}
	if rest, ok := strings.CutPrefix(v, "["); ok {
		ip, _, _ := strings.Cut(rest, "]")
		return !loopback(ip)
	}
	parts := strings.Split(v, ":")
	return len(parts) < 3 || !loopback(parts[0])
}

// hostOptions are the options of a container's run that docker run and
// buildah build (for its RUN steps) share and that may give it the host:
// a host directory mounted, a dangerous capability, confinement turned
// off, a host device, and a runtime that is a program the engine runs on
// the host.
func hostOptions() []Option {
	return list(
		hostAccess(val("v", RoleData, "volume"), volumeHost),
		hostAccess(val("", RoleData, "cap-add"), dangerousCap),
		hostAccess(val("", RoleData, "security-opt"), unconfined),
		val("", RoleData, "device").does(EffPrivileged, whyHost),
		val("", RoleData, "runtime").does(EffPrivileged, whyHost).when(func(v string, computed bool) bool {
			return computed || strings.ContainsAny(v, "/.")
		}))
}

func containerOptions() []Option {
	return join(hostOptions(), list(
		flag("", "privileged").does(EffPrivileged, whyHost),
		flag("", "use-api-socket").does(EffPrivileged, whyHost),
		hostAccess(val("", RoleData, "mount"), mountHost),
		hostAccess(val("", RoleData, "pid", "ipc", "uts", "userns", "cgroupns", "network", "net"), isHost),
		// A cgroup rule for devices lets the container make and open any
		// host device (b 8:* rmw: the disks); volumes-from inherits
		// another container's host mounts.
		val("", RoleData, "device-cgroup-rule").does(EffPrivileged, whyHost),
		val("", RoleData, "volumes-from").does(EffPrivileged, whyHost),
		// The health check is a shell command the daemon runs in the
		// container at every interval.
		val("", RoleCode, "health-cmd").code(LangShell),
		val("", RoleProgram, "entrypoint"),
		val("a", RoleData, "attach"), val("c", RoleData, "cpu-shares"), val("e", RoleData, "env"),
		val("h", RoleData, "hostname"), val("l", RoleData, "label"), val("m", RoleData, "memory"),
		publish(), val("u", RoleData, "user"), val("w", RoleData, "workdir"),
		val("", RolePath, "env-file", "label-file"), val("", RolePath, "cidfile").output(),
		flag("d", "detach"), flag("i", "interactive"), flag("t", "tty"),
		flag("P", "publish-all").does(EffExternal, "publishes every port the image exposes on every address of this machine: other machines reach the container"),
		flag("q", "quiet"), val("", RoleData, "gpus"),
		// A logging driver other than the host's own files and journal
		// ships the container's output to a server (gelf, syslog,
		// fluentd, splunk, awslogs, …); a log option may name its address.
		val("", RoleData, "log-driver").does(EffExternal, "the container's output goes to the logging driver's server").when(remoteLogDriver),
		val("", RoleData, "log-opt").does(EffExternal, "the log option names a server the container's output goes to").when(logAddress),
	), vals(RoleData, "add-host", "annotation", "blkio-weight", "blkio-weight-device", "cap-drop",
		"cgroup-parent", "cpu-count", "cpu-percent", "cpu-period", "cpu-quota", "cpu-rt-period",
		"cpu-rt-runtime", "cpus", "cpuset-cpus", "cpuset-mems", "detach-keys",
		"device-read-bps", "device-read-iops", "device-write-bps", "device-write-iops", "dns", "dns-option",
		"dns-search", "domainname", "expose", "group-add", "health-interval", "health-retries",
		"health-start-interval", "health-start-period", "health-timeout", "io-maxbandwidth", "io-maxiops",
		"ip", "ip6", "isolation", "kernel-memory", "link", "link-local-ip",
		"mac-address", "memory-reservation", "memory-swap", "memory-swappiness", "name", "network-alias",
		"oom-score-adj", "pids-limit", "platform", "pull", "restart", "shm-size", "stop-signal",
		"stop-timeout", "storage-opt", "sysctl", "tmpfs", "ulimit", "volume-driver"),
		longs("disable-content-trust", "help", "init", "no-healthcheck", "oom-kill-disable", "read-only", "rm",
			"sig-proxy"))
}

// remoteLogDriver reports a logging driver that is not the host's own
// (json-file, local, journald, none), or one known only at run time.
func remoteLogDriver(v string, computed bool) bool {
	switch strings.ToLower(v) {
	case "json-file", "local", "journald", "none", "":
		return computed
	}
	return true
}

// logAddress reports a log option that names a server (gelf-address,
// syslog-address, fluentd-address, splunk-url, awslogs-endpoint, …), or
// one known only at run time.
func logAddress(v string, computed bool) bool {
	key, _, _ := strings.Cut(strings.ToLower(v), "=")
	return computed || strings.Contains(key, "address") || strings.Contains(key, "url") || strings.Contains(key, "endpoint") || strings.Contains(key, "host")
}

// runLike is docker run or create: IMAGE, then the command.
func runLike(name string) *Spec {
	return &Spec{Name: name, Syntax: CobraStop, Options: containerOptions(),
		Operands: []Operand{{Role: RoleData}, {Role: RoleCommand}}}
}

// execLike is docker exec: CONTAINER, then the command.
func execLike() *Spec {
	return &Spec{Name: "exec", Syntax: CobraStop, Options: list(
		flag("", "privileged").does(EffPrivileged, whyHost),
		val("", RoleData, "detach-keys"), val("e", RoleData, "env"), val("", RolePath, "env-file"),
		val("u", RoleData, "user"), val("w", RoleData, "workdir"),
		flag("d", "detach"), flag("i", "interactive"), flag("t", "tty"), flag("", "help")),
		Operands: []Operand{{Role: RoleData}, {Role: RoleCommand}}}
}

// pushesImage is the Check of buildx's --output: a registry output
// pushes.
func pushesImage(v string, computed bool) bool {
	l := strings.ToLower(v)
	return computed || strings.Contains(l, "registry") || strings.Contains(l, "push=true")
}

// buildLike is docker build and buildx build: --push publishes.
func buildLike(name string, aliases ...string) *Spec {
	s := cmd(Cobra, name, aliases...)
	s.Inherit = false
	s.Options = list(flag("", "push").does(EffExternal, "pushes the image it builds to a registry"),
		val("o", RoleData, "output").does(EffExternal, "pushes the image it builds to a registry").when(pushesImage),
		// A cache exported to a registry, a bucket or GitHub's cache holds
		// the layers of what it builds: the project's files, sent out.
		val("", RoleData, "cache-to").does(EffExternal, "exports the build's cache, the project's files among its layers, to a registry or a bucket").when(remoteCache),
		// bake --set TARGET.push=true (or output=type=registry) pushes.
		val("", RoleData, "set").does(EffExternal, "pushes the images it builds to a registry").when(pushesImage),
		val("f", RolePath, "file").does(EffExec|EffComputed, "reads the Dockerfile from its input, whose RUN lines are shell commands the engine does not read").when(isStdin),
		// The host's network, a build context from anywhere on the host,
		// the host's ssh agent, an insecure entitlement (RUN
		// --security=insecure) and a builder the command names (which
		// may be a remote one) give the build what a container must not
		// have.
		val("", RoleData, "network").does(EffPrivileged, whyHost).when(isHost),
		val("", RoleData, "build-context").does(EffPrivileged, whyHost).when(func(v string, computed bool) bool {
			_, src, _ := strings.Cut(v, "=")
			return computed || !strings.Contains(src, "://") && hostPath(src, false)
		}),
		val("", RoleData, "ssh").does(EffPrivileged, "gives the build the host's ssh agent, whose keys reach any host they open"),
		val("", RoleData, "allow").does(EffPrivileged, whyHost),
		val("", RoleData, "builder").does(EffExternal, "builds with a builder the command names, which may be on another host, and sends it the build's context"),
		val("t", RoleData, "tag"), val("", RoleData, "build-arg", "target", "platform",
			"cache-from", "label", "secret", "progress", "iidfile", "metadata-file"))
	s.Operands = []Operand{{Role: RolePath, Effect: EffExec | EffComputed, Why: "reads its context (a Dockerfile with RUN lines, a bake file) from its input, a URL or a git repository, which the engine does not read", Check: func(v string, computed bool) bool {
		return isStdin(v, computed) || remoteContext(v)
	}}}
	return s
}

// remoteContext reports a build context, bake file or compose file that
// a builder fetches: a URL (https://…/x.tar.gz, git://, oci://) or a git
// repository (git@host:o/r, github.com/o/r). Its Dockerfile's RUN lines
// are shell commands the engine never sees.
func remoteContext(v string) bool {
	return strings.Contains(v, "://") || strings.HasPrefix(v, "git@") || strings.HasPrefix(v, "github.com/")
}

// isStdin is the Check of a file operand or option that reads the input
// instead ("-").
func isStdin(v string, computed bool) bool { return computed || v == "-" }

// remoteCache is the Check of --cache-to: any exporter but a local
// directory or the inline one sends the cache elsewhere.
func remoteCache(v string, computed bool) bool {
	if computed {
		return true
	}
	for _, kv := range strings.Split(strings.ToLower(v), ",") {
		if t, ok := strings.CutPrefix(strings.TrimSpace(kv), "type="); ok {
			return t != "local" && t != "inline" // the first type= is the exporter
		}
	}
	return false // no type: a local directory (dest=…)
}

func composeModel() *Spec {
	c := Cobra
	run := &Spec{Name: "run", Syntax: CobraStop, Options: join(list(
		flag("", "privileged").does(EffPrivileged, whyHost),
		hostAccess(val("v", RoleData, "volume"), volumeHost), hostAccess(val("", RoleData, "cap-add"), dangerousCap),
		val("", RoleProgram, "entrypoint"), val("e", RoleData, "env"), val("", RolePath, "env-from-file"),
		val("l", RoleData, "label"), val("", RoleData, "name", "pull", "cap-drop"), publish(),
		val("u", RoleData, "user"), val("w", RoleData, "workdir"),
	), shorts("diTqPt"), longs("detach", "interactive", "no-TTY", "no-deps", "quiet", "quiet-build", "quiet-pull",
		"remove-orphans", "rm", "service-ports", "use-aliases", "build", "tty", "help", "dry-run")),
		Operands: []Operand{{Role: RoleData}, {Role: RoleCommand}}}
	exec := &Spec{Name: "exec", Syntax: CobraStop, Options: list(
		flag("", "privileged").does(EffPrivileged, whyHost),
		val("e", RoleData, "env"), val("", RoleData, "index"), val("u", RoleData, "user"), val("w", RoleData, "workdir"),
		flag("d", "detach"), flag("T", "no-TTY"), flag("i", "interactive"), flag("t", "tty"), flag("", "dry-run"), flag("", "help")),
		Operands: []Operand{{Role: RoleData}, {Role: RoleCommand}}}
	root := &Spec{Name: "compose", Syntax: c, Options: join(list(
		val("f", RolePath, "file").does(EffExec|EffComputed, "reads a compose file from a URL or a registry (oci://), which may run any image with the host's privileges: the engine does not read it").when(func(v string, computed bool) bool { return computed || remoteContext(v) }),
		val("p", RoleData, "project-name"), val("", RolePath, "env-file", "project-directory"),
	), vals(RoleData, "profile", "ansi", "progress", "parallel"), longs("dry-run", "all-resources", "compatibility", "help")),
		Subs: join2([]*Spec{run, exec, buildLike("build"), group(c, "alpha", "publish")}, exts(c, "push", "publish"), []*Spec{composeConfig(c)}, cmds(c, "cp", "create", "down",
			"events", "images", "kill", "logs", "ls", "pause", "port", "ps", "pull", "restart", "rm", "scale", "start",
			"stats", "stop", "top", "unpause", "up", "version", "wait", "watch", "attach", "commit", "export",
			"bridge", "volumes", "viz"))}
	return closed(root)
}

// composeConfig is docker compose config: it prints the compose file with
// every variable in its place, and the values come from the environment
// and from .env, a protected file that holds secrets (--environment
// prints them all). Its options that print names only, or the file as
// written, do not.
func composeConfig(c Syntax) *Spec {
	s := cmd(c, "config")
	names := []string{"no-interpolate", "services", "volumes", "profiles", "images", "networks", "models", "hash"}
	s.Options = list(flag("", names...), flag("q", "quiet"), flag("", "environment", "resolve-image-digests", "no-normalize",
		"no-path-resolution", "no-consistency", "variables", "lock-image-digests"), val("o", RolePath, "output").output(),
		val("", RoleData, "format"))
	s.Judge = func(r *Result, _ []string) {
		at, namesOnly, printsAll := 0, false, false
		for _, it := range r.Items {
			switch {
			case it.Kind == KindSubcommand && it.Text == "config":
				at = it.Word
			case it.Kind != KindOption || it.Opt == nil:
			case it.Named("environment", "variables"):
				// --environment prints every variable, .env's among
				// them, whatever else is asked (--no-interpolate too).
				printsAll = true
			case it.Named(names...) || it.Named("quiet"):
				namesOnly = true
			}
		}
		if namesOnly && !printsAll {
			return
		}
		r.Effects |= EffExternal
		r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: at,
			Why: "compose config prints the compose file with the values of its variables, which may come from .env, a protected file that holds secrets: a person must see it asked for, as reading .env is"})
	}
	return s
}

// engineSubs are the subcommands docker and podman share.
func engineSubs() []*Spec {
	c := Cobra
	container := withSubs(cmd(c, "container"), runLike("run"), runLike("create"), execLike())
	image := withSubs(cmd(c, "image"), ext(c, "push"), buildLike("build"))
	buildx := closed(withSubs(cmd(c, "buildx"), buildLike("build", "b"), buildLike("bake"),
		group(c, "imagetools", "create"), withSubs(cmd(c, "dap"), buildLike("build"))))
	buildx.Subs = append(buildx.Subs, buildxCreate(), ext(c, "use"))
	buildx.Subs = append(buildx.Subs, cmds(c, "ls", "rm", "inspect", "prune", "du", "stop", "version", "history", "dial-stdio", "debug")...)
	return join2([]*Spec{runLike("run"), runLike("create"), execLike(), container, image, buildx, composeModel(),
		buildLike("build"), withSubs(cmd(c, "builder"), buildLike("build")), ext(c, "push"), group(c, "manifest", "push", "create", "annotate"),
		group(c, "trust", "sign", "revoke"), group(c, "context", "use", "create", "update", "import"),
		group(c, "plugin", "install", "enable", "upgrade", "push", "set"), group(c, "system", "dial-stdio")},
		// login contacts a registry and stores its credential in
		// ~/.docker/config.json, which every later push and pull reads.
		exts(c, "swarm", "service", "stack", "node", "secret", "config", "login"),
		cmds(c, "attach", "checkpoint", "commit", "cp", "diff", "events", "export", "history", "images", "import",
			"info", "init", "inspect", "kill", "load", "logout", "logs", "network", "pause", "port", "ps",
			"pull", "rename", "restart", "rm", "rmi", "save", "scout", "search", "start", "stats", "stop", "tag",
			"top", "unpause", "update", "version", "wait", "sbom", "debug", "help"),
		[]*Spec{volumeModel()})
}

// whyBuilder is why a builder another machine runs is an effect outside:
// every later build sends it the build context, the project's files.
const whyBuilder = "makes builds run on a builder the command names, which may be another machine: every build sends it the project's files"

// buildxCreate is docker buildx create: a builder on an endpoint or a
// context the command names, or with a driver that runs elsewhere (remote,
// kubernetes), is another machine's; one on the local engine
// (docker buildx create --use) is not. buildx use switches to a builder
// created before, which may be either (ext).
func buildxCreate() *Spec {
	s := cmd(Cobra, "create")
	s.Options = list(val("", RoleData, "driver").does(EffExternal, whyBuilder).when(func(v string, computed bool) bool {
		return computed || v != "docker-container" && v != "docker"
	}), val("", RoleData, "name", "node", "platform", "buildkitd-flags", "buildkitd-config", "driver-opt", "bootstrap", "config"),
		flag("", "use"), flag("", "append"), flag("", "leave"))
	s.Operands = []Operand{{Role: RoleData, Effect: EffExternal, Why: whyBuilder}}
	return s
}

// volumeModel is docker volume: create's driver options may bind a host
// directory (--opt type=none --opt o=bind --opt device=/), which a later
// docker run -v NAME:/h mounts.
func volumeModel() *Spec {
	create := cmd(Cobra, "create")
	create.Options = list(hostAccess(val("o", RoleData, "opt"), volumeOptHost), val("d", RoleData, "driver"),
		val("", RoleData, "label", "name", "scope", "sharing", "availability", "group", "limit-bytes", "required-bytes", "type"))
	return withSubs(cmd(Cobra, "volume"), create)
}

// volumeOptHost is the Check of docker volume create --opt KEY=VALUE.
func volumeOptHost(v string, computed bool) bool {
	k, dev, ok := strings.Cut(v, "=")
	return computed || ok && strings.EqualFold(strings.TrimSpace(k), "device") && hostPath(dev, false)
}

// dockerEnv and podmanEnv are the variables that point the engine's
// client elsewhere.
var (
	dockerEnv = []EnvVar{
		{Name: "DOCKER_HOST", Effect: EffExternal, Why: "DOCKER_HOST " + whyEngine},
		{Name: "DOCKER_CONTEXT", Effect: EffExternal, Why: "DOCKER_CONTEXT " + whyEngine},
		// buildx's builder, as --builder names it: one on another host
		// gets the build's context.
		{Name: "BUILDX_BUILDER", Effect: EffExternal, Why: "BUILDX_BUILDER names the builder docker builds with, which may be on another host, and sends it the build's context"},
	}
	podmanEnv = []EnvVar{
		{Name: "CONTAINER_HOST", Effect: EffExternal, Why: "CONTAINER_HOST " + whyEngine},
		{Name: "CONTAINER_CONNECTION", Effect: EffExternal, Why: "CONTAINER_CONNECTION " + whyEngine},
	}
)

// ReachVar returns why setting name sends a program that reads it
// elsewhere (an engine's client, any HTTP client through a proxy), for
// the variables the models of docker, podman and curl list: set for a
// program without such a model (make DOCKER_HOST=… up, a script), it
// reaches every program that one runs.
func ReachVar(name string) (string, bool) {
	why, ok := reachVars[name]
	return why, ok
}

// reachVars is ReachVar's table, made once: it is asked for every
// assignment of every command.
var reachVars = func() map[string]string {
	m := map[string]string{}
	for _, l := range [][]EnvVar{dockerEnv, podmanEnv, proxyVars()} {
		for _, e := range l {
			m[e.Name] = e.Why
		}
	}
	return m
}()

func dockerModel() *Spec {
	root := &Spec{Name: "docker", Syntax: Cobra, Options: list(
		val("c", RoleData, "context").does(EffExternal, whyEngine),
		val("H", RoleData, "host").does(EffExternal, whyEngine),
		val("", RolePath, "config").does(EffComputed, whyConfigFile+" (credential helpers, CLI plugins)"),
		val("", RolePath, "tlscacert", "tlscert", "tlskey"), val("l", RoleData, "log-level"),
		flag("D", "debug"), flag("", "tls"), flag("", "tlsverify"), flag("v", "version"), flag("", "help"),
	), Subs: engineSubs(), Env: dockerEnv, Judge: judgeComputedImage}
	noInherit(root)
	return closed(root)
}

func podmanModel() *Spec {
	root := &Spec{Name: "podman", Syntax: Cobra, Options: join(list(
		flag("r", "remote").does(EffExternal, whyEngine),
		val("", RoleData, "url", "connection", "host").does(EffExternal, whyEngine),
		val("c", RoleData).does(EffExternal, whyEngine),
		val("", RoleProgram, "runtime", "conmon", "network-cmd-path").does(EffPrivileged, "runs a program of its own choosing as the container runtime"),
		val("", RolePath, "hooks-dir").does(EffPrivileged, "runs the OCI hooks found in this directory"),
		val("", RolePath, "identity", "root", "runroot", "tmpdir", "volumepath", "imagestore", "registries-conf",
			"cdi-spec-dir", "network-config-dir", "config"),
	), vals(RoleData, "log-level", "storage-driver", "cgroup-manager", "events-backend",
		"ssh", "db-backend", "runtime-flag", "out"), longs("syslog", "transient-store", "noout", "help", "version", "debug"),
		podmanPersistent()[2:]),
		Subs:  podmanSubs(),
		Env:   podmanEnv,
		Judge: judgeComputedImage}
	noInherit(root)
	persist(root.Subs, podmanPersistent())
	return closed(root)
}

// podmanPersistent are podman's persistent options that choose a program
// it runs: valid after any subcommand too (podman stop --runtime ./x web
// runs ./x as the runtime), unlike the connection options (--url, -c,
// --remote), which only the root takes.
// imageNames are the engines' subcommands whose operand names an image
// or a search the engine asks a registry for: its name, host, path and
// tag are the request's. A group's own verb is its first operand.
var imageNames = words("pull", "run", "create", "search")

// registryVerbs are the verbs of the engines' groups that ask a registry
// for the image their next operand names (docker image pull, docker
// manifest inspect, docker buildx imagetools inspect); the groups' other
// verbs are local (docker image inspect) or are effects of their own.
var registryVerbs = map[string]string{"image": "pull", "manifest": "inspect", "imagetools": "inspect"}

// judgeComputedImage finds an image name known only at run time given to
// a command that asks a registry for it (docker pull h/x:"$(…)", docker
// manifest inspect "h/x:$T"): the name carries data out, as a computed
// URL does, and a computed image runs code chosen at run time.
func judgeComputedImage(r *Result, _ []string) {
	verb := "" // a group's first operand
	for _, it := range r.Items {
		if it.Kind != KindOperand || it.Spec == nil {
			continue
		}
		if _, group := registryVerbs[it.Spec.Name]; group && verb == "" {
			verb = it.Text
			continue
		}
		if it.Computed && it.Role == RoleData && (imageNames[it.Spec.Name] || registryVerbs[it.Spec.Name] != "" && verb == registryVerbs[it.Spec.Name]) {
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: it.Word,
				Why: it.Spec.Name + " names an image known only at run time: its name is part of a request to a registry, data the engine does not see, and what runs is chosen at run time"})
			return
		}
	}
}

func podmanPersistent() []Option {
	return list(val("", RoleProgram, "runtime", "conmon", "network-cmd-path").does(EffPrivileged, "runs a program of its own choosing as the container runtime"),
		val("", RolePath, "hooks-dir").does(EffPrivileged, "runs the OCI hooks found in this directory"),
		// A containers.conf module may name the runtime, conmon and the
		// hooks; a storage option's mount_program is a program too.
		val("", RolePath, "module").does(EffPrivileged, "loads a containers.conf module, which may name the runtime, conmon and hooks podman runs"),
		val("", RoleData, "storage-opt").does(EffPrivileged, "a storage option's mount_program names a program podman runs").when(func(v string, computed bool) bool {
			return computed || strings.Contains(strings.ToLower(v), "mount_program")
		}))
}

// persist gives every subcommand under subs the options opts, where it
// does not spell one of their names itself.
func persist(subs []*Spec, opts []Option) {
	for _, sub := range subs {
		for _, o := range opts {
			if !slices.ContainsFunc(sub.Options, func(have Option) bool {
				return slices.ContainsFunc(o.Long, func(n string) bool { return slices.Contains(have.Long, n) })
			}) {
				sub.Options = append(sub.Options, o)
			}
		}
		persist(sub.Subs, opts)
	}
}

// podmanSubs are docker's subcommands and podman's own: kube apply
// deploys to a cluster, farm build builds on remote nodes and pushes,
// artifact push publishes, image scp copies over ssh, system service
// serves the engine's API and system connection add, default and rename
// name a remote engine (list and ls only show them).
func podmanSubs() []*Spec {
	subs := engineSubs()
	for _, s := range subs {
		switch s.Name {
		case "system":
			s.Subs = append(s.Subs, ext(Cobra, "service"), group(Cobra, "connection", "add", "default", "remove", "rm", "rename"))
		case "image":
			s.Subs = append(s.Subs, ext(Cobra, "scp"))
		}
	}
	// unshare runs its command on the host, in podman's user namespace
	// (with none, a shell); machine ssh runs one in the VM.
	unshare := &Spec{Name: "unshare", Syntax: CobraStop, Open: true, Operands: runsOnly}
	machine := withSubs(cmd(Cobra, "machine"), &Spec{Name: "ssh", Syntax: CobraStop, Open: true,
		// [NAME] [COMMAND…]: each word is read as a command line, the
		// machine's name among them (a name runs nothing).
		Operands: []Operand{{Role: RoleCode, Lang: LangShell}}})
	return append(subs, append(cmds(Cobra, "pod", "generate", "healthcheck", "mount",
		"play", "auto-update", "quadlet"), unshare, machine,
		group(Cobra, "kube", "apply"), group(Cobra, "farm", "build", "create", "update"),
		group(Cobra, "artifact", "push"))...)
}

// noInherit makes every subcommand of s read only its own options: the
// engine's options (-H, -c) are valid before the subcommand only.
func noInherit(s *Spec) {
	for _, sub := range s.Subs {
		sub.Inherit = false
		noInherit(sub)
	}
}
