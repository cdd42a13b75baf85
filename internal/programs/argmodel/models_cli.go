package argmodel

import (
	"slices"
	"strings"
)

// Models of the command-line clients whose subcommands act outside the
// machine: cluster and cloud tools, infrastructure tools, package
// managers and build tools that publish, forge clients.

const whyOutside = "has an effect outside the machine"

// cmd is a subcommand that inherits its parent's options (cobra's
// persistent flags), with an open option list.
func cmd(syn Syntax, name string, aliases ...string) *Spec {
	return &Spec{Name: name, Aliases: aliases, Syntax: syn, Open: true, OpenSubs: true, Inherit: true}
}

// ext is cmd with an external effect.
func ext(syn Syntax, name string, aliases ...string) *Spec {
	s := cmd(syn, name, aliases...)
	s.Effect, s.Why = EffExternal, whyOutside
	return s
}

// withSubs gives s subcommands and returns it.
func withSubs(s *Spec, subs ...*Spec) *Spec {
	s.Subs = append(s.Subs, subs...)
	return s
}

// cmds makes plain subcommands, one per name.
func cmds(syn Syntax, names ...string) []*Spec {
	out := make([]*Spec, len(names))
	for i, n := range names {
		out[i] = cmd(syn, n)
	}
	return out
}

// exts makes subcommands with an external effect, one per name.
func exts(syn Syntax, names ...string) []*Spec {
	out := make([]*Spec, len(names))
	for i, n := range names {
		out[i] = ext(syn, n)
	}
	return out
}

// group is a subcommand whose listed children have an external effect;
// any other name under it is an operand.
func group(syn Syntax, name string, mutators ...string) *Spec {
	return withSubs(cmd(syn, name), exts(syn, mutators...)...)
}

// closed marks a spec's subcommand list as complete: an unknown name is
// an unknown word (it may be a plugin or an alias that does anything).
func closed(s *Spec) *Spec {
	s.OpenSubs = false
	return s
}

// kubectlConfig is kubectl config: its setters change which cluster and
// credentials every later kubectl uses; view --raw prints the client keys
// and tokens that plain view redacts.
func kubectlConfig(c Syntax) *Spec {
	g := group(c, "config", "set", "set-cluster", "set-context", "set-credentials", "use-context", "use", "delete-cluster", "delete-context", "delete-user", "rename-context", "unset")
	view := cmd(c, "view")
	// --flatten prints the credentials whole too (no shortening).
	view.Options = list(flag("", "raw", "flatten").does(EffExternal, whyPrintsSecret), flag("", "minify"), val("o", RoleData, "output"))
	g.Subs = append(g.Subs, view)
	return g
}

func kubectlModel() *Spec {
	c := Cobra
	root := &Spec{Name: "kubectl", Syntax: c, Options: join(list(
		val("n", RoleData, "namespace"), val("s", RoleData, "server").does(EffExternal, whyServer), val("v", RoleData, "v"),
		val("", RolePath, "kubeconfig").does(EffComputed, whyConfigFile+" (a credential plugin's exec command)"),
		val("", RolePath, "certificate-authority", "client-certificate", "client-key"),
		val("", RolePath, "cache-dir", "profile-output", "log-dir", "log-file").output(),
	), vals(RoleData, "as", "as-group", "as-uid", "cluster", "context", "log-flush-frequency", "password",
		"profile", "request-timeout", "tls-server-name", "token", "user", "username", "vmodule",
		"log-backtrace-at", "log-file-max-size", "stderrthreshold"),
		longs("disable-compression", "insecure-skip-tls-verify", "match-server-version", "warnings-as-errors",
			"add-dir-header", "alsologtostderr", "logtostderr", "one-output", "skip-headers", "skip-log-headers", "help"),
		list(flag("h")))}
	root.Subs = join2(
		exts(c, "create", "expose", "run", "set", "edit", "delete", "scale", "autoscale", "cordon", "uncordon",
			"drain", "taint", "attach", "exec", "cp", "debug", "apply", "patch", "replace", "label", "annotate", "port-forward"),
		[]*Spec{group(c, "rollout", "pause", "restart", "resume", "undo"),
			group(c, "certificate", "approve", "deny"), group(c, "auth", "reconcile"),
			kubectlConfig(c)},
		[]*Spec{kustomizeModel(c)},
		// kubectl proxy serves the cluster's API, and with -w a directory,
		// on the address it is given.
		exts(c, "proxy"),
		[]*Spec{kubectlGet(c)},
		cmds(c, "explain", "cluster-info", "top", "describe", "logs", "events", "diff", "wait",
			"completion", "alpha", "api-resources", "api-versions", "plugin", "version", "options", "help"))
	return closed(root)
}

// kubectlGet is kubectl get: a secret printed in any output format but
// the table, wide and name ones shows its data (base64 is no cover), and
// so may the resources a file or a kustomization names (-f, -k); --raw
// prints what the path it names holds, a secret's too (a percent escape
// may spell one).
func kubectlGet(c Syntax) *Spec {
	s := cmd(c, "get")
	s.Options = list(val("o", RoleData, "output"), val("l", RoleData, "selector"),
		// (Each its own option: one option with several names is one
		// option to Named, and --template read as --raw printed a secret.)
		val("", RoleData, "raw"), val("", RoleData, "template"),
		val("", RoleData, "field-selector", "sort-by", "label-columns", "chunk-size", "subresource"),
		val("f", RolePath, "filename"), val("k", RolePath, "kustomize"), flag("A", "all-namespaces"), flag("w", "watch"))
	s.Judge = func(r *Result, _ []string) {
		printed, secret := false, -1
		for _, it := range r.Items {
			switch {
			case it.ValueOf("raw"):
				if it.computedText() || strings.Contains(strings.ToLower(it.Text), "secret") || strings.IndexByte(it.Text, '%') >= 0 {
					r.Effects |= EffExternal
					r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word,
						Why: "kubectl get --raw " + it.Text + " may print a secret's data: " + whyPrintsSecret})
					return
				}
			case it.ValueOf("output", "template"):
				printed = printed || it.computedText() || !slices.Contains([]string{"name", "wide"}, strings.ToLower(it.Text))
			case it.Kind == KindOperand && it.Spec == s:
				if secret < 0 && (it.computedText() || kubectlSecretKind(it.Text)) {
					secret = it.Word
				}
			case it.ValueOf("filename", "kustomize"):
				if secret < 0 {
					secret = it.Word // the resources a file names (-f secret.yaml, -k .) may be secrets
				}
			}
		}
		if printed && secret >= 0 {
			r.Effects |= EffExternal
			r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: secret,
				Why: "kubectl get prints a secret's data in the output format it is given: " + whyPrintsSecret})
		}
	}
	return s
}

// kubectlSecretKind reports a resource word of kubectl get that names the
// secrets: secret, secrets, secret/NAME, a list with one (pods,secrets),
// or a fully qualified name (secrets.v1.).
func kubectlSecretKind(w string) bool {
	for part := range strings.SplitSeq(strings.ToLower(w), ",") {
		kind, _, _ := strings.Cut(part, "/")
		kind, _, _ = strings.Cut(kind, ".")
		if kind == "secret" || kind == "secrets" {
			return true
		}
	}
	return false
}

// whyServer: a cluster client sends the credentials of its current
// context to whatever server the command names.
const whyServer = "sends the credentials of the current context to the server this names"

// kustomizeModel is kubectl kustomize: it builds manifests, and with the
// options that let it, runs programs the kustomization names (exec
// functions, plugins, the helm it runs).
func kustomizeModel(c Syntax) *Spec {
	s := cmd(c, "kustomize")
	s.Options = list(
		val("", RoleProgram, "helm-command").does(EffExec|EffComputed, "kubectl kustomize runs this program as helm"),
		flag("", "enable-exec", "enable-alpha-plugins", "enable-star").does(EffExec|EffComputed, "kubectl kustomize runs the programs and plugins the kustomization names, which the engine does not read"),
		flag("", "enable-helm").does(EffExternal, "kubectl kustomize runs helm, which fetches the charts the kustomization names"),
	)
	return s
}

// kustomizeStandalone is the kustomize program: its build is kubectl
// kustomize's, with the same options that run programs; a kustomization
// fetched from a URL (kustomize build https://…) is read from elsewhere.
func kustomizeStandalone(name string) *Spec {
	k := kustomizeModel(Cobra)
	build := &Spec{Name: "build", Syntax: Cobra, Open: true, Inherit: true, Options: k.Options,
		Operands: []Operand{{Role: RolePath, Effect: EffExec | EffComputed, Check: func(v string, computed bool) bool { return computed || remoteContext(v) },
			Why: "builds a kustomization fetched from a URL or a repository, whose generators and plugins the engine does not read"}}}
	return &Spec{Name: name, Syntax: Cobra, Open: true, OpenSubs: true, Subs: []*Spec{build}}
}

func join2(lists ...[]*Spec) []*Spec {
	var out []*Spec
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

func helmModel() *Spec {
	c := Cobra
	root := &Spec{Name: "helm", Syntax: c, Options: join(list(
		val("n", RoleData, "namespace"),
		val("", RolePath, "kubeconfig").does(EffComputed, whyConfigFile+" (a credential plugin's exec command)"),
		val("", RolePath, "registry-config", "repository-config", "kube-ca-file"),
		val("", RolePath, "repository-cache", "content-cache").output(),
		val("", RoleData, "kube-apiserver").does(EffExternal, whyServer),
		// install, upgrade and template run the post-renderer with the
		// rendered manifests on its input.
		val("", RoleProgram, "post-renderer").does(EffExec, "helm runs the post-renderer named, with the rendered manifests on its input"),
		val("", RoleData, "post-renderer-args"),
	), vals(RoleData, "burst-limit", "kube-as-group", "kube-as-user", "kube-context",
		"kube-tls-server-name", "kube-token", "qps"), longs("debug", "kube-insecure-skip-tls-verify", "help"), list(flag("h")))}
	root.Subs = join2(
		[]*Spec{ext(c, "install"), ext(c, "upgrade"), ext(c, "uninstall", "del", "delete", "un"), ext(c, "rollback"),
			ext(c, "test"), ext(c, "push"), group(c, "plugin", "install", "update"), group(c, "repo", "add"),
			cmd(c, "list", "ls"), namesOnRegistry(cmd(c, "pull", "fetch")), namesOnRegistry(cmd(c, "show", "inspect")), cmd(c, "history", "hist"),
			cmd(c, "dependency", "dep", "dependencies")},
		[]*Spec{group(c, "registry", "login", "logout")},
		cmds(c, "completion", "create", "env", "get", "help", "lint", "package", "search",
			"status", "template", "verify", "version"))
	return closed(root)
}

func terraformModel(name string) *Spec {
	g := GoFlag
	root := &Spec{Name: name, Syntax: g, Options: list(val("", RolePath, "chdir"), flag("", "help", "h"), flag("", "version", "v"))}
	state := group(g, "state", "mv", "push", "replace-provider", "rm")
	state.Subs = append(state.Subs, secretPrinter(g, "pull", "prints the state whole, the secrets it holds among it (sensitive values too)"))
	root.Subs = join2(
		exts(g, "apply", "destroy", "force-unlock", "import", "refresh", "taint", "untaint", "test"),
		[]*Spec{state, group(g, "workspace", "delete", "new"), terraformInit(g),
			// console evaluates what it reads: file(".env"), any file.
			{Name: "console", Syntax: g, Open: true, Inherit: true, Effect: EffExec | EffComputed,
				Why: "evaluates the expressions it reads from its input, which read any file (file(\".env\")) and call the providers' functions: the engine does not read them"},
			terraformOutput(g, "output"), terraformOutput(g, "show")},
		cmds(g, "validate", "plan", "fmt", "get", "graph", "login", "logout", "metadata",
			"providers", "version", "modules", "query", "stacks"))
	return closed(root)
}

// terraformOutput is terraform output and show: -raw and -json print
// sensitive values as they are (plain output shows <sensitive>), and show
// of the state prints them under -json.
func terraformOutput(g Syntax, name string) *Spec {
	s := cmd(g, name)
	why := "terraform " + name + " with -raw or -json prints the state's sensitive values, secrets among them, as they are"
	s.Options = list(flag("", "raw").does(EffExternal, why), flag("", "json").does(EffExternal, why))
	return s
}

// secretPrinter is a subcommand whose output is secrets a person must see
// asked for, as reading ~/.aws/credentials is.
func secretPrinter(g Syntax, name, why string) *Spec {
	s := cmd(g, name)
	s.Effect, s.Why = EffExternal, why
	return s
}

// terraformInit is terraform init: -migrate-state and -force-copy copy
// the state to the backend the configuration names (state push by
// another road); -plugin-dir installs providers, programs terraform
// runs, from a directory.
func terraformInit(g Syntax) *Spec {
	s := cmd(g, "init")
	const why = "terraform init -migrate-state copies the state, secrets among it, to the backend the configuration names"
	s.Options = list(flag("", "migrate-state").does(EffExternal, why), flag("", "force-copy").does(EffExternal, why),
		val("", RolePath, "plugin-dir").does(EffExec, "terraform init -plugin-dir installs providers, programs terraform runs, from this directory"))
	return s
}

// scalarModel is git's scalar: register, clone and reconfigure schedule
// git maintenance (crontab, systemd timers) and write the global git
// configuration, as git maintenance start does; delete removes the
// enlistment's whole tree.
func scalarModel() *Spec {
	g := GitOpts
	del := cmd(g, "delete")
	del.Effect, del.Why = EffExternal|EffComputed, "removes the repository's whole directory tree"
	root := &Spec{Name: "scalar", Syntax: g, Options: list(val("C", RolePath).chdir(), val("c", RoleData).does(EffExternal, "scalar -c sets git configuration, which may run programs"))}
	root.Subs = join2(exts(g, "register", "clone", "reconfigure"), []*Spec{del},
		cmds(g, "unregister", "run", "list", "diagnose", "help", "version"))
	return closed(root)
}

func pulumiModel() *Spec {
	c := Cobra
	root := &Spec{Name: "pulumi", Syntax: c, Options: join(list(
		val("C", RolePath, "cwd"), val("v", RoleData, "verbose"),
	), vals(RoleData, "color", "memprofilerate", "tracing", "tracing-header", "profiling", "otel-traces"),
		longs("emoji", "logflow", "logtostderr", "non-interactive", "disable-integrity-checking", "help"),
		list(flag("e"), flag("h")))}
	// --show-secrets prints a stack's secrets in the clear, and config
	// get decrypts the secret value it is asked for.
	const whyShown = "prints the stack's secrets in the clear"
	stack := group(c, "stack", "rm", "remove", "import", "rename")
	for _, n := range []string{"output", "export"} {
		sub := cmd(c, n)
		sub.Options = list(flag("", "show-secrets").does(EffExternal, whyShown))
		stack.Subs = append(stack.Subs, sub)
	}
	config := cmd(c, "config")
	config.Options = list(flag("", "show-secrets").does(EffExternal, whyShown))
	config.Subs = []*Spec{secretPrinter(c, "get", "prints the configuration value it names, decrypted where it is a secret")}
	root.Subs = join2(
		[]*Spec{ext(c, "up", "update"), ext(c, "destroy", "down", "dn"), ext(c, "refresh"), ext(c, "import"),
			ext(c, "watch"), ext(c, "cancel"), stack, config,
			group(c, "state", "delete", "edit", "move", "rename", "unprotect", "repair", "upgrade", "protect"),
			group(c, "deployment", "run")},
		cmds(c, "about", "ai", "console", "convert", "env", "gen-completion", "completion", "help",
			"install", "login", "logout", "logs", "new", "org", "package", "plugin", "policy", "preview",
			"schema", "template", "version", "view-trace", "whoami"))
	return closed(root)
}

// mvnPublishes reports a Maven goal or phase that publishes or runs a
// program: deploy, site-deploy, release:*, scm:*, jib:build, exec:*.
// clusterPlugin reports a Maven plugin prefix whose apply may work on a
// cluster or a cloud (k8s:apply, oc:apply): any but the formatters',
// whose apply rewrites the sources here.
func clusterPlugin(prefix string) bool {
	switch prefix[strings.LastIndexByte(prefix, ':')+1:] {
	case "spotless", "fmt", "formatter", "sortpom", "tidy", "license", "rewrite", "impsort", "prettier":
		return false
	}
	return true
}

func mvnPublishes(goal string, computed bool) bool {
	if computed {
		return true
	}
	g := strings.ToLower(goal)
	if strings.Count(g, ":") >= 2 {
		// GROUP:ARTIFACT[:VERSION]:GOAL runs the plugin those
		// coordinates name, which the engine does not know.
		return true
	}
	if g == "deploy" || g == "site-deploy" || strings.HasSuffix(g, ":deploy") || strings.HasSuffix(g, ":deploy-file") {
		return true
	}
	if k := strings.LastIndexByte(g, ':'); k >= 0 {
		// A plugin's goal that pushes an image, applies to a cluster or
		// publishes (docker:push, dockerfile:push, k8s:apply, helm:push,
		// k8s:undeploy).
		for _, verb := range []string{"push", "deploy", "publish", "release", "upload", "delete"} {
			if strings.Contains(g[k+1:], verb) {
				return true
			}
		}
		// apply is a cluster's (k8s:apply, oc:apply, helm:apply);
		// a formatter's apply (spotless:apply) rewrites the sources here.
		if strings.Contains(g[k+1:], "apply") && clusterPlugin(g[:k]) {
			return true
		}
	}
	for _, p := range []string{"release:", "scm:", "jib:build", "nexus-staging:", "wagon:upload", "gpg:sign-and-deploy",
		"deploy:", "site:deploy", "site:stage-deploy", "exec:", "antrun:", "gitflow:", "versions:commit", "central-publishing:"} {
		if strings.HasPrefix(g, p) || strings.Contains(g, ":"+p) {
			return true
		}
	}
	return false
}

// mavenRepoLocal reports a -D value that sets where Maven loads code from:
// its local repository (plugins), maven.ext.class.path (the jars of core
// extensions) or maven.multiModuleProjectDirectory (where .mvn is read).
func mavenRepoLocal(v string, computed bool) bool {
	v = strings.TrimLeft(v, " ")
	if computed || strings.HasPrefix(v, "maven.repo.local") || strings.HasPrefix(v, "maven.ext.class.path") ||
		strings.HasPrefix(v, "maven.multiModuleProjectDirectory") {
		return true
	}
	// The program a plugin runs: surefire's and failsafe's jvm (the java
	// the tests run with), exec's executable, and agents the test JVM
	// loads through argLine.
	name, value, _ := strings.Cut(v, "=")
	switch name {
	case "jvm", "exec.executable", "maven.surefire.debug", "maven.failsafe.debug":
		return true
	case "argLine":
		if strings.Contains(value, "@") || strings.Contains(value, "-XX:OnError") || strings.Contains(value, "-XX:OnOutOfMemoryError") {
			return true
		}
		for f := range strings.FieldsSeq(value) {
			if JVMOption(strings.Trim(f, `"'`)) != "" {
				return true
			}
		}
	}
	return false
}

// jvmCode are the JVM options that load code, read more options from a
// file, or open a port through which anyone who reaches it runs code,
// each with why.
var jvmCode = []struct{ prefix, why string }{
	{"-javaagent:", whyJVMLoads}, {"-agentpath:", whyJVMLoads}, {"-agentlib:", whyJVMLoads},
	// -Xrun is the old spelling of -agentlib (-Xrunjdwp:…,server=y
	// opens the debugger's port).
	{"-Xrun", whyJVMLoads}, {"-XX:VMOptionsFile=", whyJVMLoads}, {"-XX:Flags=", whyJVMLoads},
	// Classes and native code from a directory or path the option names:
	// the JVMCI compiler's library, the boot class path, a patched
	// module, the class loader and security manager by a class's name.
	{"-XX:JVMCILibPath=", whyJVMLoads}, {"-XX:+UseJVMCINativeLibrary", whyJVMLoads}, {"-Xbootclasspath", whyJVMLoads},
	{"--patch-module", whyJVMLoads}, {"-Djava.system.class.loader=", whyJVMLoads}, {"-Djava.security.manager=", whyJVMLoads},
	// Remote JMX: an MBean server on a port, which loads classes (MLet)
	// for whoever reaches it, with no password when told so.
	{"-Dcom.sun.management.jmxremote", "opens a JMX port on the network, through which whoever reaches it may load and run code"},
}

const whyJVMLoads = "loads code or options from a file the engine does not read"

// JVMOption returns why the JVM option w loads code or opens a port that
// runs it, or "".
func JVMOption(w string) string {
	for _, c := range jvmCode {
		if strings.HasPrefix(w, c.prefix) {
			return c.why
		}
	}
	return ""
}

// whyMavenInput: a POM or settings file read from the input (-f
// /dev/stdin) names the plugins the build runs and where they come from.
const whyMavenInput = "mvn reads this POM or settings file from its input (or one known only at run time), which names the plugins the build runs and where they are fetched from: the engine does not read it"

func mvnModel() *Spec {
	return &Spec{Name: "mvn", Syntax: Syntax{SingleDash: true, DoubleDash: true, Permute: true}, Open: true,
		// The settings and toolchains files name the repositories plugins
		// come from and the JDKs the build runs: build files too.
		Options: join(list(val("", RolePath, "f", "file").buildFile().does(EffExec|EffComputed, whyMavenInput).when(readsInput),
			val("", RolePath, "s", "settings", "gs", "global-settings", "t",
				"toolchains", "gt", "global-toolchains").buildFile().does(EffExec|EffComputed, whyMavenInput).when(readsInput),
			val("", RolePath, "l", "log-file"),
			// maven.repo.local is the repository plugins are loaded
			// from: one the command writes holds any plugin it likes.
			val("", RoleData, "D", "define").does(EffComputed, "mvn -D names where its plugins and extensions are loaded from (maven.repo.local, maven.ext.class.path), or a program or JVM agent a plugin runs (jvm, exec.executable, argLine=-javaagent)").when(mavenRepoLocal)),
			vals(RoleData, "P", "activate-profiles", "pl", "projects", "rf", "resume-from", "T", "threads",
				"b", "builder", "color", "emp", "encrypt-master-password", "ep", "encrypt-password")),
		Operands: []Operand{{Role: RoleData, Effect: EffExternal, Check: mvnPublishes,
			Why: "this Maven goal or phase publishes, changes the source repository or runs a program"}},
		Judge: judgeMvnPasswords,
	}
}

// judgeMvnPasswords finds help:effective-settings with -DshowPasswords:
// it prints the passwords of the settings files (~/.m2/settings.xml, a
// protected file of credentials) in the clear; without it they are
// masked.
func judgeMvnPasswords(r *Result, _ []string) {
	settings, shown := -1, false
	for _, it := range r.Items {
		switch {
		case it.Kind == KindOperand && strings.HasSuffix(strings.ToLower(it.Text), ":effective-settings"):
			settings = it.Word
		case it.ValueOf("D"):
			name, value, _ := strings.Cut(strings.TrimLeft(it.Text, " "), "=")
			shown = shown || it.Computed || name == "showPasswords" && !strings.EqualFold(value, "false")
		}
	}
	if settings >= 0 && shown {
		cloudFinding(r, settings, "mvn help:effective-settings -DshowPasswords prints the passwords of Maven's settings (~/.m2/settings.xml, a protected file of credentials) in the clear")
	}
}

// gradlePublishes reports a Gradle task (or an abbreviation of one) that
// publishes or deploys.
func gradlePublishes(task string, computed bool) bool {
	if computed {
		return true
	}
	t := task[strings.LastIndexByte(task, ':')+1:]
	l := strings.ToLower(t)
	for _, w := range []string{"publish", "upload", "deploy", "release", "push", "jib"} {
		if w == "release" && localVariantTask(l) {
			continue // assembleRelease, bundleRelease: Android's release build variant, built here
		}
		if strings.Contains(l, w) || strings.HasPrefix(w, firstHump(l, t)) {
			return true
		}
	}
	return false
}

// localVariantTask reports a Gradle task (lower case) that builds,
// checks or packages a build variant here: Android's tasks are a verb and
// the variant's name (assembleRelease, bundleRelease, lintRelease,
// testReleaseUnitTest, compileReleaseKotlin, minifyReleaseWithR8).
func localVariantTask(l string) bool {
	for _, verb := range []string{"assemble", "bundle", "lint", "test", "compile", "minify", "shrink", "package", "merge",
		"process", "generate", "check", "build", "sign", "extract", "map", "strip", "javadoc", "dex", "validate"} {
		if strings.HasPrefix(l, verb) && strings.Contains(l[len(verb):], "release") && !strings.Contains(l, "publish") &&
			!strings.Contains(l, "upload") && !strings.Contains(l, "deploy") && !strings.Contains(l, "push") {
			return true
		}
	}
	return false
}

// firstHump is the first camel-case part of a task name, lower-cased:
// Gradle matches each part of an abbreviation as a prefix (pTML is
// publishToMavenLocal).
func firstHump(lower, t string) string {
	for i := 1; i < len(t); i++ {
		if t[i] >= 'A' && t[i] <= 'Z' || t[i] == '-' {
			return lower[:i]
		}
	}
	return lower
}

func gradleModel(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true,
		Options: join(list(val("x", RoleData, "exclude-task"), val("p", RolePath, "project-dir"),
			val("g", RolePath, "gradle-user-home").output(), val("c", RolePath, "settings-file"), val("b", RolePath, "build-file"),
			val("I", RolePath, "init-script").runsFile().does(EffExec, "gradle -I runs an init script, Groovy or Kotlin code, before the build"), val("D", RoleData, "system-prop"), val("P", RoleData, "project-prop"),
			val("", RoleData, "console", "warning-mode", "tests", "max-workers", "priority", "include-build",
				"dependency-verification", "configuration-cache-problems", "update-locks", "write-verification-metadata"),
			// Spring Boot's bootBuildImage pushes the image it builds.
			flag("", "publishImage").does(EffExternal, "gradle --publishImage pushes the image it builds to a registry"))),
		Operands: []Operand{{Role: RoleData, Effect: EffExternal, Check: gradlePublishes,
			Why: "this Gradle task publishes or deploys"}},
	}
}
