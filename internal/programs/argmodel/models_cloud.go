package argmodel

import (
	"slices"
	"strings"
)

// Models of the cloud clients. Their commands are "service operation" or
// "group … verb" paths too many to list; what decides is the verb: a
// command is taken to change something unless its verb is one that only
// reads.

// awsReads are the prefixes of aws operations that only read.
var awsReads = []string{"describe-", "get-", "list-", "head-", "lookup-", "search-", "batch-get-", "scan",
	"query", "filter-", "estimate-", "validate-", "preview-", "check-", "simulate-", "wait", "help", "ls",
	"presign", "tail", "decode-", "generate-presigned", "select-"}

// awsLocal are aws commands that only touch the local configuration.
var awsLocal = map[string]bool{"configure": true, "help": true, "history": true}

// judgeAWS finds the service and the operation and decides.
func judgeAWS(r *Result, words []string) {
	var ops []Item
	for _, it := range r.Items {
		if it.Kind == KindOperand {
			ops = append(ops, it)
		}
	}
	if len(ops) == 0 {
		return
	}
	svc := ops[0]
	if !svc.Computed && svc.Text == "configure" && len(ops) > 2 && ops[1].Text == "get" && secretKey(ops[2]) {
		cloudFinding(r, ops[2].Word, "aws configure get "+ops[2].Text+" "+whyPrintsSecret)
		return
	}
	if !svc.Computed && svc.Text == "configure" && len(ops) > 1 && !strings.HasPrefix(ops[1].Text, "get") && ops[1].Text != "list" && ops[1].Text != "list-profiles" {
		// configure set, import and sso write ~/.aws/config, whose
		// credential_process names a program aws runs. (The bare prompt,
		// aws configure alone, asks its questions of a person.)
		r.Effects |= EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: ops[1].Word,
			Why: "aws configure writes the configuration (~/.aws, protected), which may name a program aws runs"})
		return
	}
	if !svc.Computed && awsLocal[svc.Text] {
		return
	}
	if len(ops) < 2 {
		return // aws SERVICE alone prints help
	}
	op := ops[1]
	why := "aws " + svc.Text + " " + op.Text + " changes cloud resources"
	if svc.Computed || op.Computed {
		cloudFinding(r, op.Word, "an aws command known only at run time: "+svc.Text+" "+op.Text)
		return
	}
	if w, ok := credentialVerb(op.Text); ok {
		cloudFinding(r, op.Word, "aws "+svc.Text+" "+op.Text+" "+w)
		return
	}
	if k := secretsShown(words); k >= 0 {
		cloudFinding(r, k, "aws "+svc.Text+" "+op.Text+" "+whyPrintsSecret)
		return
	}
	if svc.Text == "s3" {
		if s3Writes(op.Text, ops[2:]) {
			cloudFinding(r, op.Word, why)
		}
		return
	}
	for _, p := range awsReads {
		if strings.HasPrefix(op.Text, p) {
			return
		}
	}
	cloudFinding(r, op.Word, why)
}

// s3Writes decides the aws s3 commands: ls and presign read; cp, mv and
// sync write when their destination is in S3; the rest write.
func s3Writes(op string, args []Item) bool {
	switch op {
	case "ls", "presign":
		return false
	case "cp", "mv", "sync":
		if len(args) == 0 {
			return false
		}
		dst := args[len(args)-1]
		return dst.Computed || strings.HasPrefix(dst.Text, "s3://") || op == "mv"
	}
	return true
}

const whyPrintsSecret = "prints a stored credential: a secret a person must see asked for, as reading ~/.aws/credentials or ~/.netrc is"

// credentialVerbs are the cloud CLIs' verbs (gcloud's, az's and aws's
// operations) that give out a credential they keep or mint from it, or
// write one where a later program runs what it names. Each is checked
// before the verbs that only read: most are spelled get- or print-.
var credentialVerbs = map[string]string{
	"print-access-token": whyPrintsSecret, "print-identity-token": whyPrintsSecret, // gcloud auth
	"config-helper":      whyPrintsSecret,                                             // gcloud config config-helper prints the access token
	"git-helper":         whyPrintsSecret,                                             // gcloud auth git-helper get: git's credential helper, the token
	"get-access-token":   whyPrintsSecret,                                             // az account
	"get-login-password": whyPrintsSecret, "get-authorization-token": whyPrintsSecret, // aws ecr, ecr-public, codeartifact
	"get-session-token": whyPrintsSecret, "get-federation-token": whyPrintsSecret, // aws sts
	"get-token":              whyPrintsSecret, // aws eks
	"get-role-credentials":   whyPrintsSecret, // aws sso
	"get-secret-value":       whyPrintsSecret, // aws secretsmanager
	"batch-get-secret-value": whyPrintsSecret,
	"get-parameter":          whyPrintsSecret, "get-parameters": whyPrintsSecret, "get-parameters-by-path": whyPrintsSecret, // aws ssm (SecureString values)
	"get-credentials-for-identity": whyPrintsSecret, // aws cognito-identity
	"get-login":                    whyPrintsSecret, // aws ecr, version 1
	"show-connection-string":       whyPrintsSecret, // az storage account
	"export-credentials":           whyPrintsSecret, // aws configure
	// gcloud container clusters and az aks get-credentials write
	// ~/.kube/config, whose exec plugin kubectl runs.
	"get-credentials": "writes the cluster's credentials and the program that fetches them into the kubeconfig, a protected file",
}

// secretGroups are the cloud CLIs' command groups whose show, list and
// download print secrets (az keyvault secret show, az acr credential
// show, az storage account keys list, az staticwebapp secrets list); a
// secret group's list (az keyvault secret list) prints names only.
var secretGroups = map[string]bool{"secret": true, "secrets": true, "credential": true, "credentials": true, "keys": true}

// credentialVerb returns why a cloud CLI's verb gives out a credential:
// one of credentialVerbs, or a read (get-, list-, describe-, show-,
// export-, download-, print-) of something named for a secret (aws
// lightsail get-instance-access-details, redshift
// get-cluster-credentials, apigateway get-api-keys, az redis list-keys,
// webapp deployment list-publishing-credentials).
func credentialVerb(op string) (string, bool) {
	if why, ok := credentialVerbs[op]; ok {
		return why, true
	}
	read := false
	for _, p := range []string{"get-", "batch-get-", "list-", "describe-", "show-", "export-", "download-", "print-"} {
		read = read || strings.HasPrefix(op, p)
	}
	if !read {
		return "", false
	}
	for _, n := range []string{"credential", "password", "secret", "token", "api-key", "apikey", "access-key", "-keys", "access-details", "connection-string", "instance-access"} {
		if strings.Contains(op, n) {
			return whyPrintsSecret, true
		}
	}
	return "", false
}

// secretsShown returns the word of an option that tells a cloud CLI to
// print secret values it otherwise hides (--include-values, --show-values,
// --show-secrets, --with-decryption), or -1.
func secretsShown(words []string) int {
	for i, w := range words {
		name, _, _ := strings.Cut(w, "=")
		switch name {
		case "--include-value", "--include-values", "--show-value", "--show-values", "--show-secrets", "--with-decryption", "--reveal":
			return i
		}
	}
	return -1
}

// secretKey reports a key of aws configure get that holds a secret
// (aws_secret_access_key, aws_session_token, a profile's too), or one
// known only at run time.
func secretKey(it Item) bool {
	k := strings.ToLower(it.Text)
	return it.Computed || strings.Contains(k, "secret") || strings.Contains(k, "token")
}

func cloudFinding(r *Result, word int, why string) {
	r.Effects |= EffExternal
	r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: word, Why: why})
}

// verbReads and verbChanges classify the verbs of gcloud and az.
var verbReads = map[string]bool{"list": true, "describe": true, "get": true, "read": true, "tail": true,
	"show": true, "info": true, "help": true, "version": true, "ls": true, "cat": true, "search": true,
	"lookup": true, "browse": true, "explain": true, "wait": true, "status": true, "check": true,
	"validate": true, "exists": true, "list-all": true, "show-all": true, "query": true}

var verbChanges = map[string]bool{"create": true, "delete": true, "update": true, "set": true, "add": true,
	"remove": true, "deploy": true, "apply": true, "ssh": true, "scp": true, "start": true, "stop": true,
	"reset": true, "resize": true, "patch": true, "import": true, "export": true, "run": true, "submit": true,
	"execute": true, "rollback": true, "cancel": true, "enable": true, "disable": true, "attach": true,
	"detach": true, "promote": true, "restore": true, "clone": true, "move": true, "rename": true,
	"upload": true, "copy": true, "cp": true, "mv": true, "rm": true, "rsync": true, "publish": true,
	"send": true, "call": true, "invoke": true, "login": true, "logout": true, "activate": true,
	"install": true, "uninstall": true, "suspend": true, "resume": true, "undelete": true, "replace": true,
	"switch": true, "sign": true, "approve": true, "deny": true, "connect": true, "restart": true,
	"purge": true, "swap": true, "scale": true, "assign": true, "grant": true, "revoke": true,
	"exec": true, "tunnel": true, "proxy": true, "invoke-command": true, "run-command": true}

// verbPrefixReads are prefixes of read verbs (get-iam-policy,
// print-access-token).
var verbPrefixReads = []string{"get-", "list-", "describe-", "print-", "show-", "check-"}

// judgeVerb finds the first operand that is a verb and decides on it;
// a command with no verb it knows, or a computed word before the verb,
// changes something.
func judgeVerb(prog string) func(r *Result, words []string) {
	return func(r *Result, words []string) {
		n, prev := 0, ""
		for _, it := range r.Items {
			if it.Kind != KindOperand {
				continue
			}
			n++
			if it.Computed {
				cloudFinding(r, it.Word, "a "+prog+" command known only at run time: "+it.Text)
				return
			}
			w := it.Text
			if why, ok := credentialVerb(w); ok {
				cloudFinding(r, it.Word, prog+" "+w+" "+why)
				return
			}
			// az keyvault secret show and download, az storage account keys
			// list, az acr credential show, az staticwebapp secrets list: a
			// read whose output is the secret.
			if secretGroups[prev] && (w == "show" || w == "download" || w == "export" || w == "list" && prev != "secret") {
				cloudFinding(r, it.Word, prog+" "+prev+" "+w+" "+whyPrintsSecret)
				return
			}
			if k := secretsShown(words); k >= 0 {
				cloudFinding(r, k, prog+" "+w+" "+whyPrintsSecret)
				return
			}
			prev = w
			if verbChanges[w] || strings.HasPrefix(w, "add-") || strings.HasPrefix(w, "remove-") ||
				strings.HasPrefix(w, "set-") || strings.HasPrefix(w, "update-") || strings.HasPrefix(w, "create-") ||
				strings.HasPrefix(w, "delete-") {
				cloudFinding(r, it.Word, prog+" "+w+" changes cloud resources or runs remotely")
				return
			}
			if verbReads[w] {
				return
			}
			for _, p := range verbPrefixReads {
				if strings.HasPrefix(w, p) {
					return
				}
			}
		}
		if n > 0 {
			cloudFinding(r, 0, prog+" command whose verb is not known to only read")
		}
	}
}

func awsModel() *Spec {
	return &Spec{Name: "aws", Syntax: Syntax{Abbrev: true, Permute: true}, Open: true, Judge: judgeAWS, Env: awsEndpointVars(),
		Options: join(list(val("", RoleData, "endpoint-url").does(EffExternal, whyAWSEndpoint).when(elsewhere)),
			vals(RoleData, "output", "query", "profile", "region", "color",
				"cli-read-timeout", "cli-connect-timeout", "cli-binary-format"), list(val("", RolePath, "ca-bundle")),
			longs("debug", "no-verify-ssl", "no-paginate", "version", "no-sign-request", "no-cli-pager",
				"cli-auto-prompt", "no-cli-auto-prompt"))}
}

// whyAWSEndpoint: the CLI signs every request with the credentials it has
// and sends it, with its data, to the endpoint it is given.
const whyAWSEndpoint = "sends the request, its data and the signature of the credentials, to the host this names"

// notLocalHost reports a host name that is not this machine's, or one
// known only at run time.
func notLocalHost(v string, computed bool) bool { return computed || !localHost(v) }

// elsewhere reports an address that is not this machine's, or one known
// only at run time (aws --endpoint-url http://localhost:4566 is a local
// emulator's).
func elsewhere(v string, computed bool) bool { return computed || !localURL(v) }

// awsEndpointVars are the variables that set the AWS CLI's endpoint, for
// every service or one (AWS_ENDPOINT_URL_STS).
func awsEndpointVars() []EnvVar {
	return []EnvVar{{Name: "AWS_ENDPOINT_URL", Effect: EffExternal, Why: "AWS_ENDPOINT_URL " + whyAWSEndpoint},
		{Name: "AWS_ENDPOINT_URL_*", Effect: EffExternal, Why: "AWS_ENDPOINT_URL_* " + whyAWSEndpoint}}
}

func gcloudModel() *Spec {
	return &Spec{Name: "gcloud", Syntax: Syntax{Permute: true}, Open: true, Judge: judgeVerb("gcloud"),
		Options: join(vals(RoleData, "project", "account", "billing-project", "configuration", "flatten",
			"format", "impersonate-service-account", "trace-token", "verbosity", "region", "zone"),
			list(val("", RolePath, "flags-file", "access-token-file"), flag("q", "quiet"), flag("h")),
			longs("log-http", "help", "user-output-enabled"))}
}

func azModel() *Spec {
	return &Spec{Name: "az", Syntax: Syntax{Permute: true}, Open: true, Judge: judgeVerb("az"),
		Options: join(vals(RoleData, "subscription", "query", "resource-group", "name"),
			list(val("o", RoleData, "output"), val("g", RoleData), val("n", RoleData), flag("h", "help")),
			longs("only-show-errors", "debug", "verbose", "yes"))}
}

// publisherModels are the other tools whose listed subcommands publish.
// printsAndExits reports an option that makes a CLI print its version or
// help and do nothing else.
func printsAndExits(w string) bool {
	switch w {
	case "--version", "-v", "-V", "--help", "-h", "help", "version":
		return true
	}
	return false
}

// deploysBare makes a publisher whose bare call deploys (vercel, surge):
// any first operand that is not one of its reading subcommands is the
// deploy's directory.
func deploysBare(s *Spec, readers ...string) *Spec {
	for _, r := range readers {
		s.Subs = append(s.Subs, &Spec{Name: r, Syntax: s.Syntax, Open: true, OpenSubs: true})
	}
	s.Judge = func(r *Result, words []string) {
		if len(r.Subs) == 0 && !slices.ContainsFunc(words[1:], printsAndExits) {
			r.Effects |= EffExternal
			r.Findings = append(r.Findings, Finding{Effect: EffExternal, Why: words[0] + " with no subcommand deploys"})
		}
	}
	return s
}

// colonVerbs makes a CLI whose commands are TOPIC:VERB (firebase
// database:remove, netlify env:set, firebase hosting:channel:deploy) read
// a command whose last part changes what the host holds as its deploy:
// an effect outside. The commands of localTopics work on local files.
func colonVerbs(s *Spec, localTopics ...string) *Spec {
	effect := s.Subs[0].Name
	s.Resolve = func(name string) string {
		k := strings.LastIndexByte(name, ':')
		if k < 0 || slices.Contains(localTopics, name[:strings.IndexByte(name, ':')]) {
			return ""
		}
		switch name[k+1:] {
		case "delete", "remove", "rm", "create", "set", "unset", "import", "clone", "push", "update", "deploy",
			"disable", "enable", "rollback", "distribute", "install", "uninstall", "put", "destroy", "add", "rename",
			"unlink", "link", "upload", "revoke", "grant", "release", "promote", "invoke", "run", "archive":
			return effect
		}
		return ""
	}
	return s
}

// flyModel is flyctl (fly): deploy, launch, ssh and console, and the
// groups whose verbs change the apps, machines, volumes, secrets,
// certificates, addresses and databases on Fly.io.
func flyModel(n string) *Spec {
	c := Cobra
	s := publisher(n, c, "deploy", "launch", "ssh", "console", "destroy", "sftp", "proxy")
	machine := []string{"run", "destroy", "remove", "rm", "exec", "start", "stop", "restart", "update", "clone", "kill",
		"cordon", "uncordon", "suspend", "create", "egress-ip", "leases"}
	s.Subs = append(s.Subs, group(c, "apps", "create", "destroy", "move", "restart", "suspend", "resume"),
		group(c, "secrets", "set", "unset", "import", "deploy"), group(c, "machine", machine...),
		group(c, "machines", machine...), group(c, "m", machine...),
		group(c, "volumes", "create", "destroy", "delete", "extend", "fork", "update"),
		group(c, "vol", "create", "destroy", "delete", "extend", "fork", "update"),
		group(c, "scale", "count", "vm", "memory"), group(c, "certs", "add", "create", "remove", "delete", "rm"),
		group(c, "ips", "allocate-v4", "allocate-v6", "release", "private"),
		group(c, "postgres", "create", "destroy", "attach", "detach", "connect", "restart", "import"),
		group(c, "pg", "create", "destroy", "attach", "detach", "connect", "restart", "import"),
		group(c, "redis", "create", "destroy", "update", "connect"), group(c, "tokens", "create", "revoke"),
		group(c, "wireguard", "create", "remove", "reset"), group(c, "image", "update"),
		group(c, "storage", "create", "destroy", "update"))
	return s
}

// registryRef reports an image name with the transport of a registry
// (docker://), or one known only at run time.
func registryRef(v string, computed bool) bool {
	return computed || strings.HasPrefix(strings.ToLower(v), "docker://")
}

// cargoCommands are cargo's own subcommands and the plug-ins that build,
// test, lint, format or report without an effect outside; publish, yank,
// owner and install are rows of their own.
// cargoAliases are cargo's built-in short names of its commands.
var cargoAliases = map[string][]string{"build": {"b"}, "check": {"c"}, "doc": {"d"}, "remove": {"rm"}, "run": {"r"}, "test": {"t"}}

var cargoCommands = []string{"build", "check", "clean", "doc", "new", "init", "add", "remove",
	"run", "test", "bench", "update", "search", "uninstall", "fmt", "clippy", "fix", "tree", "vendor",
	"metadata", "locate-project", "pkgid", "verify-project", "version", "help", "package", "generate-lockfile",
	"fetch", "report", "config", "info", "rustc", "rustdoc", "logout", "nextest", "audit",
	"outdated", "expand", "llvm-cov", "deny", "udeps", "machete", "tarpaulin", "bloat", "miri", "sweep", "sort",
	"semver-checks", "msrv", "about", "cyclonedx", "zigbuild", "insta", "criterion", "flamegraph",
	"asm", "show-asm", "modules", "geiger", "upgrade", "set-version", "make", "xtask", "tauri", "leptos", "lambda",
	"component", "ndk", "apk", "sqlx", "fuzz", "mutants", "deb", "rpm", "vet", "hakari", "cache", "pgrx",
	"careful", "public-api", "script", "edit", "features", "generate", "llvm-lines", "wasi", "bench-cmp"}

// (cargo watch -s CMD and cargo hack run commands of their own choosing,
// and cargo binstall, cargo dist and cargo install-update install or
// release: they are not in the list, and count as the worst.)

// taskLists makes a build tool whose operands are lists of its tasks read
// every task of them: mix do compile, hex.publish; lein do test, deploy;
// lein with-profile prod deploy; sbt +publish, sbt ';test;publish', sbt
// 'project x' publish. A task of the list that is one of the tool's
// subcommands with an effect has that effect.
func taskLists(s *Spec) *Spec {
	s.Judge = func(r *Result, words []string) {
		for _, cmd := range taskCommands(s.Name, words) {
			// A command's first word is its task; a scoped one
			// (core/publish, Docker/publish, docker:publish) is the task
			// after its scope.
			task := strings.TrimLeft(strings.Fields(cmd + " x")[0], "+~") // sbt ~publish runs it on every change
			task = task[strings.LastIndexAny(task, "/:")+1:]
			if sub := s.Lookup(task); sub != nil && sub.Effect != 0 && !slices.Contains(r.Subs, sub) {
				r.Effects |= sub.Effect
				r.Findings = append(r.Findings, Finding{Effect: sub.Effect, Why: s.Name + " runs the task " + task + " of " + strings.TrimSpace(cmd) + ": " + sub.Why})
				return
			}
		}
	}
	return s
}

// taskCommands returns the commands a task runner's words hold: each of
// sbt's operands, and the parts of a ;-list (sbt ';test;publish'); the
// comma- or plus-separated list after mix do and lein do; the task after
// lein with-profile PROFILES. Words after a task that are its own
// arguments (lein run deploy, sbt "run release") are not tasks.
func taskCommands(name string, words []string) []string {
	var out []string
	if name == "sbt" {
		for _, w := range words[1:] {
			if w != "" && w[0] != '-' {
				out = append(out, strings.Split(w, ";")...)
			}
		}
		return out
	}
	for i := 1; i < len(words); i++ {
		switch words[i] {
		case "do":
			rest := strings.Join(words[i+1:], " ")
			return strings.FieldsFunc(rest, func(c rune) bool { return c == ',' || c == '+' })
		case "with-profile", "with-profiles":
			if i+2 < len(words) {
				return []string{strings.Join(words[i+2:], " ")}
			}
			return nil
		}
		if words[i] != "" && words[i][0] != '-' {
			return nil // the task, read as the subcommand
		}
	}
	return nil
}

// namesOnRegistry gives a registry client (skopeo, crane, oras) the check
// that what it names is written out: every operand and value names an
// image, a repository or a tag it asks a registry about, so a variable's
// value or a command's output in one leaves the machine with the request
// (skopeo inspect "docker://h/x:$TOKEN").
func namesOnRegistry(s *Spec) *Spec {
	s.Judge = computedRequest
	return s
}

// computedRequest finds an operand or an option's value known only at run
// time in a command whose words are requests to a server.
func computedRequest(r *Result, _ []string) {
	for _, it := range r.Items {
		if (it.Kind == KindOperand || it.Kind == KindValue) && it.computedText() {
			r.Effects |= EffExternal
			r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word,
				Why: whyComputedRequest})
			return
		}
	}
}

// secretManager is the client of a secret manager: every use asks, as
// reading ~/.aws/credentials does (op read, pass show, sops -d, op item
// get --reveal); its subcommands in runs (op run -- CMD, chamber exec)
// run a command with the secrets in its environment, read as a segment of
// its own.
func secretManager(name string, runs ...string) *Spec {
	s := &Spec{Name: name, Syntax: GNU, Open: true, OpenSubs: true, Effect: EffExternal, Why: whySecretManager}
	for _, r := range runs {
		s.Subs = append(s.Subs, &Spec{Name: r, Syntax: GNUStop, Open: true, Operands: runsOnly})
	}
	return s
}

const whySecretManager = "is a secret manager's client: what it prints, writes or gives the command it runs is the secrets it keeps, which a person must see asked for, as reading ~/.aws/credentials is"

const whyComputedRequest = "a computed address or option value: what a variable or a command puts in it leaves the machine with the request"

func publisherRows() []row {
	g := GNU
	return []row{
		{name: "cargo", build: func(n string) *Spec {
			s := withPlus(publisher(n, Syntax{Permute: true}, "publish", "yank", "owner", "login"))
			// --config KEY=VALUE or FILE sets configuration, which names
			// the programs cargo runs (target.*.runner, build.rustc-wrapper).
			s.Options = join(list(val("", RoleData, "config").does(EffComputed, "cargo --config sets configuration, which may name programs cargo runs"),
				val("Z", RoleData), val("C", RolePath).chdir(), val("", RoleData, "color"), flag("v", "verbose"), flag("q", "quiet"), flag("V", "version"),
				// The build's files go under --target-dir, which cargo
				// clean removes whole (programs' sourceRemovers read it).
				val("", RolePath, "target-dir")),
				longs("frozen", "locked", "offline", "list", "help"))
			names := packageNames("cargo", words("add", "install", "search", "info", "fetch"), nil, words("--index", "--registry"), nil)
			s.Judge = func(r *Result, ws []string) {
				judgeCargoRustc(r, ws)
				names(r, ws)
			}
			// cargo install writes the programs it builds into
			// ~/.cargo/bin, a directory on PATH that every later command
			// searches first: a crate named git is the next git.
			s.Subs = append(s.Subs, &Spec{Name: "install", Syntax: Syntax{Permute: true}, Open: true, Effect: EffExternal,
				Why: "cargo install puts programs into ~/.cargo/bin, a directory on PATH that later commands search first"})
			// Any other name runs cargo-NAME from PATH, a plug-in that may
			// do anything (cargo release, cargo workspaces publish): the
			// subcommands are closed, with cargo's own and the plug-ins
			// that only build, test, lint or report.
			s.Subs = append(s.Subs, cmds(Syntax{Permute: true}, cargoCommands...)...)
			for _, sub := range s.Subs {
				sub.Aliases = append(sub.Aliases, cargoAliases[sub.Name]...) // cargo b is cargo build
			}
			s.OpenSubs = false
			return s
		}},
		{name: "rustc", aliases: []string{"rustdoc"}, build: func(n string) *Spec {
			s := withPlus(&Spec{Name: n, Syntax: GNU, Open: true, Operands: operands(RolePath)})
			s.Judge = func(r *Result, words []string) { judgeCodegen(r, words, 1) }
			return s
		}},
		{name: "rustup", build: fixed(rustupModel)},
		{name: "gpg", aliases: []string{"gpg2"}, build: gpgModel},
		// gpgconf --change-options COMPONENT writes the component's
		// configuration in gpg's home (~/.gnupg: the keyserver, the
		// programs the agent runs) from its input, which no word names;
		// --apply-defaults and --apply-profile write it too.
		{name: "gpgconf", build: func(n string) *Spec {
			why := "gpgconf writes gpg's configuration files in its home, which name the programs gpg and its agent run and the servers they ask"
			return &Spec{Name: n, Syntax: GNU, Open: true, Options: list(
				val("", RoleData, "change-options").does(EffComputed, why),
				flag("", "apply-defaults").does(EffComputed, why), val("", RolePath, "apply-profile").does(EffComputed, why),
				val("", RolePath, "homedir"))}
		}},
		// my_print_defaults prints the options MySQL's and MariaDB's
		// clients read from their option files, ~/.my.cnf's password too.
		{name: "my_print_defaults", aliases: []string{"mysql_print_defaults"}, build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNU, Open: true, Effect: EffExternal,
				Why: n + " prints the options of MySQL's option files, a password among them: " + whyPrintsSecret}
		}},
		// activate-global-python-argcomplete writes a completion script
		// that every shell sources (~/.bash_completion.d, or the system's).
		{name: "activate-global-python-argcomplete", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNU, Open: true, Effect: EffComputed,
				Why: "writes a shell completion script that every shell sources at its start"}
		}},
		// logger -n sends the message, or a file's lines, to a syslog
		// server; lpr and lp send files to a print server, which may be
		// another machine.
		{name: "logger", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNU, Open: true, Options: list(
				val("n", RoleData, "server").does(EffExternal, "sends the message, or the lines of its file or input, to the syslog server this names").when(notLocalHost),
				val("P", RoleData, "port"), val("f", RolePath, "file"), val("t", RoleData, "tag"), val("p", RoleData, "priority"),
				val("u", RolePath, "socket"), val("", RoleData, "id", "msgid", "sd-id", "sd-param", "size", "socket-errors")),
				Operands: operands(RoleData)}
		}},
		{name: "lpr", aliases: []string{"lp"}, build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNU, Open: true, Effect: EffExternal,
				Why: "sends files or its input to a print server, which may be another machine", Operands: operands(RolePath)}
		}},
		// gpg-wks-client looks up the web key directory of the addresses
		// it is given: each is a request to their domain.
		{name: "gpg-wks-client", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNU, Open: true, Operands: operands(RoleData), Judge: computedRequest}
		}},
		{name: "twine", build: func(n string) *Spec {
			return publisher(n, g, "upload", "register")
		}},
		{name: "gem", build: func(n string) *Spec {
			// RubyGems runs the one command a prefix starts (gem pus is
			// gem push); a prefix of an effect is read as that effect.
			// signin stores an API key in ~/.gem/credentials; exec, like npx,
			// downloads a gem and runs its command.
			s := publisher(n, g, "push", "yank", "owner", "signin", "signout")
			s.Subs = append(s.Subs, &Spec{Name: "exec", Syntax: GNUStop, Open: true, Operands: packageCommand})
			// gem sources --add/--remove/--clear-all rewrites gem's user
			// configuration (~/.gemrc or ~/.config/gem/gemrc), which names
			// the index every later gem install downloads and runs code from.
			s.Subs = append(s.Subs, &Spec{Name: "sources", Syntax: g, Open: true, Options: list(
				val("a", RoleData, "add").does(EffComputed, whyGemSources), val("r", RoleData, "remove").does(EffComputed, whyGemSources),
				flag("c", "clear-all").does(EffComputed, whyGemSources), flag("u", "update").does(EffComputed, whyGemSources))})
			s.Resolve = func(c string) string { return subPrefix(s.Subs, c) }
			s.Judge = packageNames("gem", words("install", "fetch", "search", "specification", "exec", "list", "query", "info"), nil, words("--source", "-s"), nil)
			return s
		}},
		{name: "poetry", build: func(n string) *Spec {
			// poetry config KEY VALUE writes ~/.config/pypoetry (protected):
			// the repositories publish uploads to, the installer's
			// settings. poetry config KEY and --list only read.
			s := publisher(n, g, "publish")
			// -C/--directory runs poetry, and what poetry run runs, there.
			s.Options = list(val("C", RolePath, "directory").chdir(), val("P", RolePath, "project"))
			s.Subs = append(s.Subs, &Spec{Name: "config", Syntax: g, Open: true, Judge: judgePoetryConfig})
			// poetry add URL (or git+URL, NAME@git+URL) builds and installs
			// what it fetches, as pip install URL does; poetry source add
			// writes an index into pyproject.toml that the next install or
			// add takes packages from.
			names := packageNames("poetry", words("add", "search", "show"), words("add"), nil, pyRemoteSpec)
			s.Judge = func(r *Result, ws []string) {
				names(r, ws)
				for i := 1; i+1 < len(ws); i++ {
					if ws[i] == "source" && ws[i+1] == "add" {
						r.Effects |= EffExec | EffComputed
						r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: "poetry source add names an index in pyproject.toml, which the next install or add fetches packages from, and their build or install scripts run: code the engine cannot see"})
						return
					}
				}
			}
			return s
		}},
		{name: "uv", build: func(n string) *Spec {
			// uv tool run (uvx) runs a package's command, read as that
			// command (uvx pre-commit install).
			s := publisher(n, g, "publish")
			s.Options = uvGlobal
			s.Subs = append(s.Subs, withSubs(cmd(g, "tool"), pyRunner("run")))
			s.Judge = packageNames("uv", words("add", "pip"), words("add", "pip"), uvIndexes, pyRemoteSpec)
			return s
		}},
		{name: "uvx", build: pyRunner},
		{name: "pipx", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: g, Open: true, OpenSubs: true, Subs: []*Spec{pyRunner("run")},
				Judge: computedNames("pipx", words("install", "inject"))}
		}},
		{name: "flyctl", aliases: []string{"fly"}, build: flyModel},
		{name: "vercel", aliases: []string{"vc"}, build: func(n string) *Spec {
			s := deploysBare(publisher(n, g, "deploy", "promote", "rollback", "remove", "rm"),
				"build", "dev", "help", "inspect", "link", "list", "ls", "login", "logout", "logs", "pull", "whoami", "teams", "switch", "init", "git", "bisect")
			// The project's settings on the host: its variables, domains,
			// DNS records and certificates.
			s.Subs = append(s.Subs, group(g, "env", "add", "rm", "remove", "update"), group(g, "project", "add", "rm", "remove"),
				group(g, "domains", "add", "rm", "remove", "move", "buy", "transfer-in"), group(g, "dns", "add", "rm", "remove", "import"),
				group(g, "certs", "add", "issue", "rm", "remove"), group(g, "alias", "set", "rm", "remove"))
			return s
		}},
		{name: "surge", build: func(n string) *Spec {
			return deploysBare(publisher(n, g, "teardown"), "list", "login", "logout", "whoami", "token", "help")
		}},
		{name: "terragrunt", build: func(n string) *Spec {
			return publisher(n, g, "apply", "destroy", "run-all", "run", "import", "force-unlock", "state", "taint", "untaint", "refresh", "stack")
		}},
		{name: "railway", build: func(n string) *Spec {
			return publisher(n, g, "up", "deploy", "redeploy", "down", "delete", "variables", "domain", "volume", "add", "scale")
		}},
		{name: "eb", build: func(n string) *Spec {
			return publisher(n, g, "deploy", "terminate", "create", "setenv", "scale", "swap", "restore", "upgrade", "abort", "config")
		}},
		{name: "lein", build: func(n string) *Spec {
			return taskLists(publisher(n, g, "deploy"))
		}},
		{name: "mix", build: func(n string) *Spec {
			return taskLists(publisher(n, g, "hex.publish", "hex.retire", "hex.owner", "hex.user"))
		}},
		{name: "netlify", aliases: []string{"netlify-cli", "ntl"}, build: func(n string) *Spec {
			// api calls any method of the host's API; init creates a site.
			return colonVerbs(publisher(n, g, "deploy", "api", "init"), "functions") // functions:create scaffolds a local file, functions:invoke calls the local server
		}},
		{name: "firebase", aliases: []string{"firebase-tools"}, build: func(n string) *Spec {
			return colonVerbs(publisher(n, g, "deploy"))
		}},
		{name: "serverless", build: func(n string) *Spec {
			return publisher(n, g, "deploy")
		}},
		{name: "sls", build: func(n string) *Spec {
			return publisher(n, g, "deploy")
		}},
		{name: "buildah", build: func(n string) *Spec {
			s := publisher(n, g, "push", "rmi")
			// manifest push publishes a list; commit to a docker:// name
			// pushes the image it makes.
			// unshare runs its command on the host, in buildah's user
			// namespace; run runs one in a working container.
			s.Subs = append(s.Subs, &Spec{Name: "unshare", Syntax: GNUStop, Open: true, Operands: runsOnly},
				&Spec{Name: "run", Syntax: GNUStop, Open: true, Operands: []Operand{{Role: RoleData}, {Role: RoleCommand}}})
			s.Subs = append(s.Subs, buildahBuild(), group(g, "manifest", "push"), &Spec{Name: "commit", Syntax: g, Open: true,
				Operands: []Operand{{Role: RoleData}, {Role: RoleData, Effect: EffExternal, Check: registryRef,
					Why: "buildah commit to a registry's name pushes the image it makes"}}})
			return s
		}},
		{name: "skopeo", build: func(n string) *Spec {
			return namesOnRegistry(publisher(n, g, "copy", "delete", "sync"))
		}},
		{name: "crane", build: func(n string) *Spec {
			return namesOnRegistry(publisher(n, Cobra, "push", "copy", "cp", "delete", "tag", "mutate", "append", "rebase", "flatten"))
		}},
		{name: "oras", build: func(n string) *Spec {
			return namesOnRegistry(publisher(n, Cobra, "push", "attach", "copy", "cp", "tag"))
		}},
		{name: "ko", build: func(n string) *Spec {
			return publisher(n, Cobra, "publish", "apply", "create", "resolve", "build")
		}},
		{name: "gsutil", build: func(n string) *Spec {
			return publisher(n, g, "cp", "mv", "rm", "rsync", "mb", "rb", "acl", "setmeta", "iam", "defacl", "label", "lifecycle", "cors", "retention", "web", "versioning", "notification", "compose")
		}},
		{name: "rclone", build: func(n string) *Spec {
			// serve and rcd serve files or the remote control API to the
			// network; rcat uploads its input; link makes a public link.
			return publisher(n, Cobra, "copy", "move", "sync", "delete", "purge", "deletefile", "rmdir", "rmdirs", "mkdir", "copyto", "moveto", "copyurl", "bisync", "dedupe", "touch", "settier",
				"serve", "rcd", "rcat", "link", "rc", "backend", "config")
		}},
		{name: "s3cmd", build: func(n string) *Spec {
			return publisher(n, g, "put", "del", "rm", "sync", "mb", "rb", "cp", "mv", "setacl", "setpolicy", "delpolicy", "modify", "restore", "expire", "setcors", "delcors", "setlifecycle", "dellifecycle")
		}},
		{name: "mc", build: func(n string) *Spec {
			return publisher(n, g, "cp", "mv", "rm", "mirror", "mb", "rb", "pipe", "retention", "legalhold", "tag", "anonymous", "admin", "ilm", "replicate", "put")
		}},
		{name: "cdk", aliases: []string{"aws-cdk"}, build: func(n string) *Spec {
			return publisher(n, g, "deploy", "destroy", "bootstrap", "import", "migrate", "watch")
		}},
		{name: "sam", build: func(n string) *Spec {
			return publisher(n, g, "deploy", "delete", "sync", "publish")
		}},
		{name: "wrangler", build: func(n string) *Spec {
			return publisher(n, g, "deploy", "publish", "delete", "secret", "kv", "r2", "d1", "rollback", "versions", "triggers", "queues", "pages",
				"vectorize", "hyperdrive", "workflows", "dispatch-namespace", "containers", "mtls-certificate", "cert", "pipelines", "secrets-store")
		}},
		{name: "eksctl", build: func(n string) *Spec {
			return publisher(n, Cobra, "create", "delete", "upgrade", "scale", "set", "unset", "drain", "enable", "disable", "update", "utils")
		}},
		{name: "vault", build: func(n string) *Spec {
			// print token prints the token the CLI keeps; read reads a
			// secret.
			v := publisher(n, g, "write", "delete", "kv", "secrets", "policy", "auth", "token", "operator", "audit", "lease", "plugin", "namespace", "patch", "print", "read")
			child(v, "print").Why, child(v, "read").Why = whyPrintsSecret, whyPrintsSecret
			return v
		}},
		// Secret managers' clients: what they print or put in the
		// environment of the command they run is the secrets they keep.
		{name: "op", build: func(n string) *Spec { return secretManager(n, "run") }},
		{name: "ansible-vault", build: func(n string) *Spec { return secretManager(n) }}, // view, decrypt, edit: the vault's secrets
		{name: "infisical", build: func(n string) *Spec { return secretManager(n, "run") }},
		{name: "bws", build: func(n string) *Spec { return secretManager(n, "run") }},
		{name: "bw", build: func(n string) *Spec { return secretManager(n) }},
		{name: "lpass", build: func(n string) *Spec { return secretManager(n) }},
		{name: "pass", aliases: []string{"gopass"}, build: func(n string) *Spec { return secretManager(n) }},
		{name: "chamber", build: func(n string) *Spec { return secretManager(n, "exec") }},
		{name: "teller", build: func(n string) *Spec { return secretManager(n, "run") }},
		{name: "berglas", build: func(n string) *Spec { return secretManager(n, "exec") }},
		{name: "aws-vault", build: func(n string) *Spec { return secretManager(n, "exec") }},
		{name: "sops", build: func(n string) *Spec { return secretManager(n, "exec-env", "exec-file") }},
		{name: "secret-tool", build: func(n string) *Spec { return secretManager(n) }},
		{name: "keepassxc-cli", build: func(n string) *Spec { return secretManager(n) }},
		{name: "rbw", build: func(n string) *Spec { return secretManager(n) }},
		{name: "akeyless", build: func(n string) *Spec { return secretManager(n) }},
		{name: "conjur", build: func(n string) *Spec { return secretManager(n) }},
		{name: "ejson", build: func(n string) *Spec { return secretManager(n) }},
		// macOS's keychain (security find-generic-password -w prints one).
		{name: "security", build: func(n string) *Spec { return secretManager(n) }},
		// Site and package publishers: each listed verb sends the build
		// to a host or an index, or pushes a branch (mkdocs gh-deploy,
		// ghp-import -p, mike deploy --push and gh-pages push gh-pages).
		{name: "mkdocs", build: func(n string) *Spec {
			s := publisher(n, g, "gh-deploy")
			s.Subs = append(s.Subs, devServer("serve", val("a", RoleData, "dev-addr")))
			return s
		}},
		{name: "mike", build: func(n string) *Spec {
			s := publisher(n, g, "delete", "alias", "retitle", "set-default")
			deploy := cmd(g, "deploy")
			deploy.Options = list(flag("p", "push").does(EffExternal, whyOutside), val("r", RoleData, "remote"), val("b", RoleData, "branch"))
			s.Subs = append(s.Subs, deploy)
			return s
		}},
		{name: "ghp-import", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNU, Open: true, Options: list(flag("p", "push").does(EffExternal, "ghp-import -p pushes the branch it commits the site to"),
				val("r", RoleData, "remote"), val("b", RoleData, "branch"), val("m", RoleData, "message"), val("c", RoleData, "cname"), val("x", RoleData, "prefix")),
				Operands: operands(RolePath)}
		}},
		{name: "gh-pages", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNU, Open: true, Effect: EffExternal, Why: "gh-pages commits the directory it is given and pushes it to a branch of the remote"}
		}},
		{name: "np", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: GNU, Open: true, Effect: EffExternal, Why: "np publishes the package to the registry and pushes its tag"}
		}},
		{name: "huggingface-cli", aliases: []string{"hf"}, build: func(n string) *Spec {
			return publisher(n, g, "upload", "upload-large-folder", "delete-cache", "repo", "login", "lfs-enable-largefiles")
		}},
		{name: "dvc", build: func(n string) *Spec { return publisher(n, g, "push", "remote", "exp") }},
		{name: "goreleaser", build: func(n string) *Spec {
			// goreleaser with no subcommand runs release.
			return deploysBare(publisher(n, Cobra, "release", "publish", "announce"),
				"build", "check", "init", "healthcheck", "jsonschema", "completion", "help", "man", "changelog", "continue")
		}},
		{name: "stack", build: func(n string) *Spec { return publisher(n, g, "upload") }},
		{name: "luarocks", build: func(n string) *Spec { return publisher(n, g, "upload") }},
		{name: "quarto", build: func(n string) *Spec { return publisher(n, g, "publish") }},
		{name: "hugo", build: func(n string) *Spec {
			s := publisher(n, Cobra, "deploy")
			server := devServer("server", val("", RoleData, "bind"))
			server.Syntax = Cobra
			s.Subs = append(s.Subs, server)
			return s
		}},
		{name: "eas", aliases: []string{"eas-cli"}, build: func(n string) *Spec {
			// build uploads the project to Expo's builders.
			return colonVerbs(publisher(n, g, "build", "update", "submit", "deploy", "secret", "env", "channel", "branch", "webhook"))
		}},
		{name: "prisma", build: func(n string) *Spec {
			// migrate deploy and db push change the database the schema's
			// URL names, which may be another machine's.
			s := publisher(n, g)
			s.Subs = append(s.Subs, group(g, "migrate", "deploy", "reset", "resolve"), group(g, "db", "push", "execute", "seed"))
			return s
		}},
		{name: "lerna", build: func(n string) *Spec {
			return publisher(n, g, "publish", "version")
		}},
		// nix run INSTALLABLE -- ARGS runs the installable's program with
		// ARGS (programs.NixRun reads which program: nixpkgs#git is git);
		// as a runner, its views are looked for.
		{name: "nix", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: g, Open: true, OpenSubs: true, Subs: []*Spec{
				{Name: "run", Syntax: g, Open: true, Operands: []Operand{{Role: RoleData}, {Role: RoleCommand}}}}}
		}},
		// More languages' and tools' publishers.
		{name: "dart", build: func(n string) *Spec { return withSubs(publisher(n, g), group(g, "pub", "publish", "lish", "uploader")) }},
		{name: "flutter", build: func(n string) *Spec { return withSubs(publisher(n, g), group(g, "pub", "publish", "lish", "uploader")) }},
		{name: "gleam", build: func(n string) *Spec { return publisher(n, g, "publish") }},
		// Subversion runs the programs its options and configuration name
		// (diff-cmd, diff3-cmd, editor-cmd; a tunnel's ssh); commit and
		// copy to a URL write the server.
		{name: "svn", build: func(n string) *Spec {
			s := publisher(n, g, "commit", "ci", "import", "lock", "unlock", "propset", "ps", "propdel", "pdel", "mkdir", "delete", "del", "rm", "remove", "move", "mv", "copy", "cp")
			s.Options = list(val("", RoleProgram, "diff-cmd", "diff3-cmd", "editor-cmd").does(EffExec, "svn runs this program"),
				val("", RoleData, "config-option").does(EffComputed, "svn --config-option sets configuration, which names the programs svn runs (helpers, tunnels)"),
				val("", RolePath, "config-dir"))
			return s
		}},
		// prove runs every test with --exec's command line.
		{name: "prove", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: g, Open: true, Options: list(
				val("e", RoleCode, "exec").code(LangShell).does(EffExec, "prove runs each test with this command line"),
				val("", RolePath, "rc").runsFile()), Operands: operands(RolePath)} // --rc FILE: more options, --exec among them
		}},
		// rpcgen runs the C preprocessor on its input: -Y names the
		// directory it runs cpp from.
		{name: "rpcgen", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: POSIX, Open: true, Options: list(
				val("Y", RolePath).does(EffExec|EffComputed, "rpcgen runs the program named cpp in this directory, which the engine does not read"),
				val("o", RolePath), val("D", RoleData)), Operands: operands(RolePath)}
		}},
		// keytool and jarsigner load security providers' classes from a
		// path an option names.
		{name: "keytool", aliases: []string{"jarsigner"}, build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: Syntax{SingleDash: true}, Open: true, Judge: judgeProviders}
		}},
		// pylint runs --init-hook's Python when it starts.
		{name: "pylint", build: func(n string) *Spec {
			return &Spec{Name: n, Syntax: g, Open: true, Options: list(
				val("", RoleCode, "init-hook").code(LangPython).does(EffExec, "pylint runs this Python code when it starts"),
				val("", RolePath, "rcfile")), Operands: operands(RolePath)}
		}},
		{name: "cabal", build: func(n string) *Spec { return publisher(n, g, "upload") }},
		{name: "maturin", build: func(n string) *Spec { return publisher(n, g, "publish", "upload") }},
		{name: "pdm", build: func(n string) *Spec { return publisher(n, g, "publish") }},
		{name: "changeset", build: func(n string) *Spec { return publisher(n, g, "publish") }},
		{name: "vsce", build: func(n string) *Spec { return publisher(n, g, "publish", "unpublish") }},
		{name: "ovsx", build: func(n string) *Spec { return publisher(n, g, "publish") }},
		{name: "nx", build: func(n string) *Spec { return withSubs(publisher(n, g), withSubs(cmd(g, "release"), ext(g, "publish"))) }},
		{name: "flit", build: func(n string) *Spec {
			return publisher(n, g, "publish")
		}},
		{name: "hatch", build: func(n string) *Spec {
			return publisher(n, g, "publish")
		}},
		{name: "sbt", build: func(n string) *Spec {
			return taskLists(publisher(n, g, "publish", "publishSigned", "release", "sonatypeRelease", "sonatypeBundleRelease"))
		}},
		{name: "nuget", build: func(n string) *Spec {
			return publisher(n, g, "push", "delete")
		}},
		{name: "pod", build: func(n string) *Spec {
			return publisher(n, g, "trunk")
		}},
		{name: "conan", build: func(n string) *Spec {
			return publisher(n, g, "upload")
		}},
		{name: "dotnet", build: func(n string) *Spec {
			return withSubs(&Spec{Name: n, Syntax: g, Open: true, OpenSubs: true}, group(g, "nuget", "push", "delete"))
		}},
	}
}

// withPlus gives a program rustup's +toolchain first argument.
func withPlus(s *Spec) *Spec {
	o := Option{Arg: ArgRequired, Role: RoleData}.does(EffComputed,
		"+TOOLCHAIN names a directory of programs that rustup runs in place of the installed ones").when(toolchainPath)
	s.Plus = &o
	return s
}

// toolchainPath reports a rustup toolchain given as a directory (cargo
// +$PWD/tc build runs tc/bin/cargo) or known only at run time; a name
// (+nightly, +1.80) is an installed toolchain.
func toolchainPath(v string, computed bool) bool {
	return computed || strings.ContainsAny(v, "/~") || v == "." || v == ".."
}

// rustupModel is rustup: toolchain link registers a directory of programs
// as a toolchain, which later cargo and rustc commands (+NAME, an
// override, the default) run; run TOOLCHAIN CMD runs a command.
func rustupModel() *Spec {
	link := &Spec{Name: "link", Syntax: Syntax{Permute: true}, Open: true, Effect: EffComputed,
		Why: "registers a directory's programs as a toolchain, which later cargo and rustc commands run"}
	toolchain := &Spec{Name: "toolchain", Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Subs: []*Spec{link}}
	// A toolchain named by a directory is its programs (run, override
	// set, default, as +TOOLCHAIN is).
	named := Operand{Role: RoleData, Effect: EffComputed, Why: "names a directory of programs as the toolchain that runs", Check: toolchainPath}
	run := &Spec{Name: "run", Syntax: GNUStop, Open: true, Operands: []Operand{named, {Role: RoleCommand}}}
	override := &Spec{Name: "override", Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true,
		Subs: []*Spec{{Name: "set", Syntax: Syntax{Permute: true}, Open: true, Operands: []Operand{named}}}}
	def := &Spec{Name: "default", Syntax: Syntax{Permute: true}, Open: true, Operands: []Operand{named}}
	// self uninstall removes rustup's and cargo's homes, the programs on
	// PATH in ~/.cargo/bin and cargo's configuration with them.
	self := &Spec{Name: "self", Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Subs: []*Spec{{Name: "uninstall",
		Syntax: Syntax{Permute: true}, Open: true, Effect: EffExternal,
		Why: "rustup self uninstall deletes ~/.rustup and ~/.cargo: the toolchains, the programs on PATH in ~/.cargo/bin and cargo's configuration"}}}
	// rustup +stable self uninstall: rustup takes a toolchain first too.
	return withPlus(&Spec{Name: "rustup", Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Subs: []*Spec{toolchain, run, override, def, self}})
}

// whyGemSources is why gem sources changing the sources is judged.
const whyGemSources = "gem sources writes gem's configuration (gemrc, protected), which names the index later installs download and run code from"

// gpgModel is gpg: the commands that give out the secret keys kept in
// ~/.gnupg (a protected directory no word of the command names) or
// delete keys from it; the options that take a value, so that none is
// read as a command. Its other commands read and write the files they
// are given.
func gpgModel(n string) *Spec {
	return &Spec{Name: n, Syntax: GNU, Open: true, Options: list(
		flag("", "export-secret-keys", "export-secret-subkeys").does(EffExternal,
			"gives out the secret keys kept in ~/.gnupg, a protected directory no word of the command names"),
		flag("", "delete-secret-keys", "delete-secret-and-public-keys", "delete-keys", "delete-secret-and-public-key").does(EffExternal,
			"deletes keys from the keyring in ~/.gnupg, a protected directory no word of the command names"),
		flag("", "send-keys").does(EffExternal, "sends keys to a keyserver"),
		// Their commands (delkey, deluid, passwd) may come from the input
		// or --command-fd, which the engine does not read.
		flag("", "edit-key", "card-edit", "edit-card").does(EffExternal,
			"runs the commands it reads on a key kept in ~/.gnupg (delkey, deluid), which the engine does not read"),
		// gpg takes an unambiguous prefix of a long option: its other
		// commands are listed so that none reads as a prefix of the ones
		// above (--export is not --export-secret-keys).
		flag("", "export", "export-ssh-key", "import", "list-keys", "list-public-keys", "list-secret-keys",
			"list-signatures", "check-signatures", "fingerprint", "list-packets", "recv-keys", "receive-keys",
			"search-keys", "refresh-keys", "fetch-keys", "decrypt", "encrypt", "sign", "clear-sign", "clearsign",
			"detach-sign", "verify", "verify-files", "symmetric", "store", "dearmor", "enarmor", "gen-key",
			"generate-key", "full-generate-key", "full-gen-key", "quick-generate-key", "quick-gen-key", "gen-revoke",
			"generate-revocation", "sign-key", "lsign-key", "quick-sign-key", "card-status",
			"change-passphrase", "version", "help", "with-colons", "with-fingerprint", "with-keygrip",
			"show-keys", "import-ownertrust", "export-ownertrust", "update-trustdb", "check-trustdb", "no-tty"),
		flag("d"), flag("e"), flag("s"), flag("b"), flag("c"), flag("k"), flag("K"),
		val("o", RolePath, "output"), val("r", RoleData, "recipient"), val("u", RoleData, "local-user"),
		// The programs gpg starts when none runs (the agent, the
		// directory manager, keyboxd) and the files that may name them
		// (gpg.conf in the home directory, an options file).
		val("", RoleProgram, "agent-program", "dirmngr-program", "keyboxd-program").does(EffExec, "gpg starts this program when none runs"),
		// The shell command that shows a photo ID (--list-options
		// show-photos), and the directory of the keyserver helpers.
		val("", RoleCode, "photo-viewer").code(LangShell).does(EffExec, "gpg runs this shell command to show a key's photo"),
		val("", RolePath, "exec-path").does(EffExec, "gpg runs its keyserver helpers from this directory"),
		val("", RolePath, "homedir", "options").does(EffComputed, "gpg reads its configuration from here (gpg.conf), which may name the programs it starts"),
		flag("", "use-embedded-filename").does(EffComputed, "gpg writes to the file name stored in the data, which no word shows"),
		val("", RoleData, "default-key", "passphrase", "pinentry-mode", "keyserver", "auto-key-locate"),
		flag("", "locate-keys", "locate-external-keys", "auto-key-retrieve"),
		flag("a", "armor"), flag("", "batch", "yes"), flag("q", "quiet"), flag("v", "verbose"),
	), Operands: operands(RolePath), Judge: func(r *Result, words []string) {
		gpgLookups(r)
		gpgDefaultOutput(r, words)
	}}
}

// gpgNetwork are gpg's options that look keys up on the network: on a
// keyserver, in DNS or by web key directory, where the names they are
// given are the request (gpg --locate-keys x@"$(…)".evil.example).
var gpgNetwork = words("--recv-keys", "--receive-keys", "--search-keys", "--refresh-keys", "--fetch-keys",
	"--locate-keys", "--locate-external-keys", "--auto-key-locate", "--auto-key-retrieve", "--keyserver")

// gpgLookups finds a word known only at run time in a gpg command that
// looks keys up on the network.
func gpgLookups(r *Result) {
	network := false
	for _, it := range r.Items {
		if it.Kind == KindOption && it.Opt != nil && slices.ContainsFunc(it.Opt.Long, func(l string) bool { return gpgNetwork["--"+l] }) {
			network = true
		}
		if it.ValueOf("recipient") && it.computedText() {
			// gpg -e -r "x@$X.evil": a key gpg does not have is looked up
			// by the address (auto-key-locate's default is local,wkd).
			network = true
		}
	}
	if network {
		computedRequest(r, nil)
	}
}

// gpgQuiet are the gpg options that leave it doing what it does with a
// file and no command: decrypt or verify it and write its data beside it.
var gpgQuiet = map[string]bool{"-q": true, "--quiet": true, "--batch": true, "--yes": true, "-v": true,
	"--verbose": true, "--no-tty": true, "--decrypt-files": true, "--use-embedded-filename": true}

// gpgDefaultOutput finds gpg given files with no command and no -o: it
// writes each one's data to its name without .gpg, .asc, .pgp or .sig
// (gpg .git/config.gpg writes .git/config), a name no word shows.
func gpgDefaultOutput(r *Result, words []string) {
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "-") && !gpgQuiet[w] {
			return
		}
	}
	for i, w := range words[1:] {
		for _, end := range []string{".gpg", ".asc", ".pgp", ".sig"} {
			if !strings.HasPrefix(w, "-") && len(w) > len(end) && strings.EqualFold(w[len(w)-len(end):], end) {
				r.Effects |= EffComputed
				r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: i + 1,
					Why: "gpg writes the data of " + w + " to its name without " + end + ", which no word shows"})
				return
			}
		}
	}
}

// judgeCargoRustc reads the words cargo rustc and cargo rustdoc give
// rustc after "--" as rustc's own (cargo rustc -- -C linker=PROG).
func judgeCargoRustc(r *Result, words []string) {
	sub := false
	for i, w := range words[1:] {
		switch {
		case w == "rustc" || w == "rustdoc":
			sub = true
		case w == "--" && sub:
			judgeCodegen(r, words, i+2)
			return
		}
	}
}

// judgeCodegen finds, from word from on, a rustc option that may name a
// program rustc runs or code it loads: a code generation option (-C
// KEY=VALUE, -CKEY=VALUE, in a cluster -gClinker=…, --codegen KEY=VALUE)
// other than the inert ones of InertRustFlag (linker=, link-arg=,
// llvm-args=, …), an unstable option (-Z codegen-backend=LIB), an
// argument file (@FILE), or a word known only at run time, which may be
// any of them.
func judgeCodegen(r *Result, words []string, from int) {
	for i := from; i < len(words); i++ {
		why := codegenProblem(words, i)
		if why == "" {
			continue
		}
		r.Effects |= EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: i, Why: why})
		return
	}
}

// rustValueLetters are rustc's short options that take a value.
const rustValueLetters = "CLlowADFZ"

func codegenProblem(words []string, i int) string {
	w := words[i]
	value := func(rest string) string {
		if rest == "" && i+1 < len(words) {
			return words[i+1]
		}
		return rest
	}
	switch {
	case Computed(w):
		return "rustc is given " + w + ", known only at run time, which may be -C linker=PROG"
	case strings.HasPrefix(w, "@"):
		return "rustc reads options from " + w + ", which may name the linker it runs"
	case w == "--codegen" || strings.HasPrefix(w, "--codegen="):
		if v := value(strings.TrimPrefix(strings.TrimPrefix(w, "--codegen"), "=")); !InertRustFlag("-C" + v) {
			return "rustc -C " + v + " may name a program rustc runs (linker=) or a file it loads"
		}
	case len(w) > 1 && w[0] == '-' && w[1] != '-':
		for k := 1; k < len(w); k++ {
			c := w[k]
			if strings.IndexByte(rustValueLetters, c) < 0 {
				continue // -g, -O, -v: flags, clustered
			}
			v := value(w[k+1:])
			switch {
			case c == 'Z':
				return "rustc -Z " + v + " sets an unstable option, which may load a library (codegen-backend=)"
			case c == 'C' && !InertRustFlag("-C"+v):
				return "rustc -C " + v + " may name a program rustc runs (linker=) or a file it loads"
			}
			break
		}
	}
	return ""
}

// InertRustFlag reports a rustc flag that sets a lint, a cfg value, the
// edition or a code generation level: no program, file or plugin.
func InertRustFlag(f string) bool {
	for _, p := range []string{"-D", "-W", "-A", "-F", "--cfg=", "--cap-lints=", "--edition="} {
		if strings.HasPrefix(f, p) && len(f) > len(p) {
			return true
		}
	}
	for _, c := range []string{"opt-level=", "debuginfo=", "target-cpu=", "codegen-units=", "debug-assertions=",
		"overflow-checks=", "panic=", "strip=", "incremental=", "force-frame-pointers=", "lto="} {
		if strings.HasPrefix(f, "-C"+c) {
			return true
		}
	}
	return false
}

// judgePoetryConfig finds poetry config KEY VALUE and --unset KEY (or a
// computed word, which may split into both): a write of poetry's
// configuration.
func judgePoetryConfig(r *Result, words []string) {
	n, computed := 0, false
	for _, it := range r.Items {
		if it.Kind == KindOperand {
			n++
			computed = computed || it.Computed
		}
	}
	if n >= 2 || n >= 1 && (computed || slices.Contains(words, "--unset")) {
		r.Effects |= EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: len(words) - 1,
			Why: "poetry config writes poetry's configuration (~/.config/pypoetry, protected): where it publishes, how it installs"})
	}
}

// buildahBuild is buildah build (bud): it reads a context or a
// Containerfile as docker build does, and its RUN steps may mount host
// directories, gain capabilities or run with a runtime the command names,
// as a container's run does.
func buildahBuild() *Spec {
	s := buildLike("build", "bud")
	s.Options = join(s.Options, hostOptions(), list(
		hostAccess(val("", RoleData, "pid", "ipc", "uts", "userns", "cgroupns"), isHost),
		val("", RoleData, "runtime-flag").does(EffPrivileged, whyHost),
		val("", RolePath, "authfile", "cert-dir", "build-arg-file"), val("", RolePath, "logfile").output(),
	), vals(RoleData, "format", "isolation", "creds", "jobs", "timestamp", "os", "arch", "variant",
		"layer-label", "manifest", "env", "unsetenv", "annotation", "ulimit", "shm-size", "memory",
		"cpu-shares", "cpu-period", "cpu-quota", "cpuset-cpus", "cpuset-mems", "sign-by", "signature-policy",
		"decryption-key", "from", "add-host", "dns", "dns-option", "dns-search", "retry", "retry-delay",
		"cap-drop", "cgroup-parent", "hooks-dir", "ignorefile", "sbom"),
		longs("layers", "squash", "squash-all", "no-cache", "rm", "force-rm", "omit-history", "compress",
			"disable-compression", "identity-label", "skip-unused-stages", "stdin", "all-platforms", "no-hosts", "no-hostname"),
		shorts("q"))
	s.Open = true // the rest of its options are its own (--pull=always)
	return s
}
