package argmodel

import "strings"

// git config: which invocations write, and which keys, when written,
// change where pushes go or what git runs.

// gitConfigModel is "git config" with the old option syntax and the
// subcommands of newer versions (get, set, unset, …).
func gitConfigModel() *Spec {
	s := &Spec{
		Name:   "config",
		Syntax: GitOpts,
		Options: join(list(
			val("f", RolePath, "file"), val("", RoleData, "blob"), val("t", RoleData, "type"),
			val("", RoleData, "default", "comment", "value", "url"),
			flag("e", "edit").does(EffExec, "git config --edit runs an editor on the configuration"),
			flag("l", "list"), flag("z", "null"),
		), longs("global", "system", "local", "worktree", "get", "get-all", "get-regexp", "get-urlmatch",
			"replace-all", "add", "unset", "unset-all", "rename-section", "remove-section", "fixed-value",
			"get-color", "get-colorbool", "bool", "int", "bool-or-int", "path", "expiry-date", "no-type",
			"name-only", "includes", "show-origin", "show-scope", "all", "regexp")),
		OpenSubs: true,
		Judge:    judgeGitConfig,
	}
	for _, n := range []string{"get", "set", "unset", "list", "rename-section", "remove-section"} {
		s.Subs = append(s.Subs, &Spec{Name: n, Syntax: GitOpts, Inherit: true})
	}
	s.Subs = append(s.Subs, &Spec{Name: "edit", Syntax: GitOpts, Inherit: true, Effect: EffExec,
		Why: "git config edit runs an editor on the configuration"})
	return s
}

// gitConfigReads are the options and subcommands that only read.
var gitConfigReads = map[string]bool{
	"get": true, "get-all": true, "get-regexp": true, "get-urlmatch": true, "get-color": true,
	"get-colorbool": true, "list": true, "l": true,
}

// gitConfigWrites are the options and subcommands that write without a
// value operand.
var gitConfigWrites = map[string]bool{
	"unset": true, "unset-all": true, "rename-section": true, "remove-section": true,
	"replace-all": true, "add": true, "set": true,
}

// judgeGitConfig decides whether a "git config" command line writes, and
// what the key it writes can do.
func judgeGitConfig(r *Result, words []string) {
	var config *Spec
	write, section, unset := false, false, false
	readBy := ""
	var operands []Item
	for _, it := range r.Items {
		if it.Spec == nil {
			continue
		}
		if it.Spec.Name != "config" && (it.Spec.parent == nil || it.Spec.parent.Name != "config") {
			continue
		}
		config = it.Spec
		switch it.Kind {
		case KindSubcommand:
			if gitConfigReads[it.Text] {
				readBy = it.Text
				continue
			}
			write = write || gitConfigWrites[it.Text]
			unset = unset || it.Text == "unset"
			section = section || strings.HasSuffix(it.Text, "-section")
		case KindOption:
			n := it.Opt.Name()
			n = strings.TrimLeft(n, "-")
			if gitConfigReads[n] {
				readBy = n
				continue
			}
			write = write || gitConfigWrites[n]
			unset = unset || n == "unset" || n == "unset-all"
			section = section || strings.HasSuffix(n, "-section")
		case KindOperand:
			operands = append(operands, it)
		}
	}
	if config == nil {
		return
	}
	if readBy != "" || !write && len(operands) == 1 && !operands[0].Computed {
		// git config KEY reads too; a computed KEY may split into KEY
		// VALUE ($x="core.pager sudo"), read below.
		gitConfigSecretRead(r, readBy, operands)
		return
	}
	if len(operands) == 0 {
		return
	}
	key := operands[0]
	if section {
		// --remove-section remote.origin, --rename-section alias x: a
		// whole section, and every key of it.
		for _, op := range operands {
			why, e := gitConfigSection(op.Text, op.Computed)
			r.Effects |= e
			r.Findings = append(r.Findings, Finding{Effect: e, Word: op.Word, Why: why})
		}
		return
	}
	why, e := gitConfigKey(key.Text, key.Computed)
	if e == EffExternal && !key.Computed && httpRestored(key.Text, operands, unset) {
		// git config --unset-all http.<url>.extraheader (the cleanup
		// after actions/checkout), http.sslVerify true: what every
		// request carries is taken away, or the check put back.
		why, e = "git config restores "+key.Text, EffConfig
	}
	r.Effects |= e
	r.Findings = append(r.Findings, Finding{Effect: e, Word: key.Word, Why: why})
}

// httpRestored reports a change of an http.* key that only takes away
// what requests carry (unsetting extraheader, cookiefile, the client
// certificate) or turns the server's check back on (sslVerify true).
func httpRestored(key string, operands []Item, unset bool) bool {
	k := strings.ToLower(key)
	if !strings.HasPrefix(k, "http.") {
		return false
	}
	name := k[strings.LastIndexByte(k, '.')+1:]
	switch {
	case unset:
		return name == "extraheader" || name == "cookiefile" || name == "sslcert" || name == "sslkey" || name == "curloptresolve"
	case name == "sslverify" && len(operands) == 2 && !operands[1].Computed:
		return strings.EqualFold(operands[1].Text, "true")
	}
	return false
}

// gitConfigKey says what writing key does.
func gitConfigKey(key string, computed bool) (string, Effect) {
	if computed {
		return "git config writes a key known only at run time: " + key, EffExternal
	}
	if k, ok := dangerousGitKey(key); ok {
		return "git config " + key + " changes " + k, EffExternal
	}
	return "git config writes configuration: " + key, EffConfig
}

// gitConfigSection is gitConfigKey for a whole section (section or
// section.subsection): dangerous when a key of it may be.
func gitConfigSection(name string, computed bool) (string, Effect) {
	if computed {
		return "git config changes a section known only at run time: " + name, EffExternal
	}
	section, sub, _ := strings.Cut(name, ".")
	section = strings.ToLower(section)
	for _, k := range gitDangerousKeys {
		if k.section == section && (k.sub == "") == (sub == "") {
			return "git config changes the section " + name + ", which holds " + k.what, EffExternal
		}
	}
	return "git config changes the section " + name, EffConfig
}

// gitKeyRule is a configuration key pattern: section, subsection ("*"
// for any, "" for none) and name ("*" for any), and what it changes.
type gitKeyRule struct {
	section, sub, name string
	what               string
}

var gitDangerousKeys = []gitKeyRule{
	{"remote", "*", "url", "where pushes and fetches go"},
	{"remote", "*", "pushurl", "where pushes go"},
	{"remote", "*", "push", "what pushes send"},
	{"remote", "*", "mirror", "what pushes send"},
	{"remote", "*", "receivepack", "the program run for pushes"},
	{"remote", "*", "uploadpack", "the program run for fetches"},
	{"remote", "*", "proxy", "how the remote is reached"},
	{"remote", "*", "vcs", "the remote helper git runs"},
	{"remote", "", "pushdefault", "where pushes go"},
	{"branch", "*", "remote", "where pushes go"},
	{"branch", "*", "pushremote", "where pushes go"},
	{"url", "*", "*", "where pushes and fetches go"},
	{"alias", "", "*", "what a git command runs"},
	{"alias", "*", "*", "what a git command runs"},
	{"core", "", "hookspath", "which hooks run"},
	{"core", "", "sshcommand", "the program run for ssh"},
	{"core", "", "pager", "the program run as pager"},
	{"core", "", "editor", "the program run as editor"},
	{"core", "", "fsmonitor", "a program git runs"},
	{"core", "", "gitproxy", "a program git runs"},
	{"core", "", "askpass", "a program git runs"},
	{"core", "", "attributesfile", "which filters run"},
	{"core", "", "worktree", "where git writes"},
	{"diff", "", "external", "the program run for diffs"},
	{"diff", "*", "*", "programs run for diffs"},
	{"filter", "*", "*", "programs run on checkout and commit"},
	{"merge", "*", "driver", "the program run for merges"},
	{"credential", "", "*", "the credential helper git runs"},
	{"credential", "*", "*", "the credential helper git runs"},
	{"sequence", "", "editor", "the program run as editor"},
	{"pager", "", "*", "the program run as pager"},
	{"gpg", "", "program", "the program run for signing"},
	{"gpg", "*", "program", "the program run for signing"},
	{"uploadpack", "", "packobjectshook", "a program git runs"},
	{"include", "", "path", "which configuration is read"},
	{"includeif", "*", "path", "which configuration is read"},
	{"http", "", "proxy", "how remotes are reached"},
	{"http", "*", "proxy", "how remotes are reached"},
	// What every later request over HTTP carries or where it goes: a
	// header of the command's choosing ("X: $(cat secret)"), the cookies
	// of a file, a host's address, the client's certificate, or whether
	// the server's is checked.
	{"http", "", "extraheader", "what every request to a remote carries"},
	{"http", "", "useragent", "what every request to a remote carries"},
	{"http", "*", "useragent", "what every request to a remote carries"},
	{"http", "*", "extraheader", "what every request to a remote carries"},
	{"http", "", "cookiefile", "what every request to a remote carries"},
	{"http", "*", "cookiefile", "what every request to a remote carries"},
	{"http", "", "curloptresolve", "where remotes' names lead"},
	{"http", "*", "curloptresolve", "where remotes' names lead"},
	{"http", "", "sslcert", "what every request to a remote carries"},
	{"http", "*", "sslcert", "what every request to a remote carries"},
	{"http", "", "sslkey", "what every request to a remote carries"},
	{"http", "*", "sslkey", "what every request to a remote carries"},
	{"http", "", "sslverify", "whether remotes are who they say"},
	{"http", "*", "sslverify", "whether remotes are who they say"},
	{"http", "", "sslcainfo", "whether remotes are who they say"},
	{"http", "*", "sslcainfo", "whether remotes are who they say"},
	{"http", "", "sslcapath", "whether remotes are who they say"},
	{"http", "*", "sslcapath", "whether remotes are who they say"},
	{"http", "", "followredirects", "where requests to remotes go"},
	{"http", "*", "followredirects", "where requests to remotes go"},
	{"http", "", "sslversion", "whether remotes are who they say"},
	{"http", "*", "sslversion", "whether remotes are who they say"},
	{"http", "", "sslcipherlist", "whether remotes are who they say"},
	{"http", "*", "sslcipherlist", "whether remotes are who they say"},
	{"http", "", "pinnedpubkey", "whether remotes are who they say"},
	{"http", "*", "pinnedpubkey", "whether remotes are who they say"},
	{"http", "", "proxysslcert", "what every request to a remote carries"},
	{"http", "*", "proxysslcert", "what every request to a remote carries"},
	{"instaweb", "", "httpd", "a program git runs"},
	{"sendemail", "", "*", "how mail is sent"},
	{"web", "", "browser", "a program git runs"},
	{"browser", "*", "*", "a program git runs"},
	{"man", "*", "*", "a program git runs"},
	{"difftool", "*", "*", "a program git runs"},
	{"mergetool", "*", "*", "a program git runs"},
	// The tool's name is a script git difftool and mergetool source from
	// their directory of tools, a path with a slash from anywhere.
	{"diff", "", "tool", "the script git difftool runs"},
	{"diff", "", "guitool", "the script git difftool runs"},
	{"merge", "", "tool", "the script git mergetool runs"},
	{"merge", "", "guitool", "the script git mergetool runs"},
	// Lines of the rebase todo list (%n starts one: exec CMD).
	{"rebase", "", "instructionformat", "the commands git rebase runs"},
	{"submodule", "*", "update", "a command git runs"},
	{"protocol", "*", "allow", "which transports, ext:: included, may run"},
	{"protocol", "", "allow", "which transports may run"},
	{"hook", "*", "*", "which hooks run"},
	{"safe", "", "directory", "which repositories' configuration is trusted"},
	{"init", "", "templatedir", "which hooks new repositories get"},
	// trace2's targets are files every later git command appends to
	// (a path of the key's choosing, /etc/profile.d among them).
	{"trace2", "", "*", "a file every git command writes"},
	{"interactive", "", "difffilter", "a program git runs"},
	{"ssh", "", "variant", "how ssh is run"},
	{"push", "", "*", "what pushes do"},
	{"tar", "*", "command", "the program git archive runs for a format"},
	{"trailer", "*", "cmd", "a command git interpret-trailers runs"},
	{"trailer", "*", "command", "a command git interpret-trailers runs"},
	{"core", "", "alternaterefscommand", "a program git runs"},
	{"guitool", "*", "*", "a command git gui runs"},
	{"lfs", "*", "*", "a program git lfs runs"},
	{"lfs", "", "standalonetransferagent", "a program git lfs runs"},
	{"man", "", "viewer", "a program git help runs"},
	{"help", "", "browser", "a program git help runs"},
	{"help", "", "format", "the way git help shows a page: web opens a browser"},
	{"instaweb", "", "*", "a program git instaweb runs"},
	{"imap", "", "tunnel", "a command git imap-send runs"},
	{"gpg", "*", "*", "a program git runs for signing"},
}

// dangerousGitKey matches key (section[.subsection].name; section and
// name are case-insensitive) against gitDangerousKeys.
func dangerousGitKey(key string) (string, bool) {
	first := strings.IndexByte(key, '.')
	last := strings.LastIndexByte(key, '.')
	if first <= 0 || last == len(key)-1 {
		return "configuration that cannot be read as a key", true
	}
	section := strings.ToLower(key[:first])
	name := strings.ToLower(key[last+1:])
	subsection := ""
	if last > first {
		subsection = key[first+1 : last]
	}
	for _, k := range gitDangerousKeys {
		if k.section != section || (k.sub == "") != (subsection == "") {
			continue
		}
		if k.name == "*" || k.name == name {
			return k.what, true
		}
	}
	return "", false
}

// gitConfigSecretRead judges a read of git's configuration, which holds
// what actions/checkout keeps there (http.<url>.extraheader with the CI
// token) and other credentials: listing every key (--list,
// --get-regexp), or a key named for a secret, prints them.
func gitConfigSecretRead(r *Result, readBy string, operands []Item) {
	word := 0
	if len(operands) > 0 {
		word = operands[0].Word
	}
	switch readBy {
	case "list", "l", "get-regexp", "get-urlmatch": // --get-urlmatch http URL prints the whole section
		r.Effects |= EffExternal
		r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: word,
			Why: "git config --" + readBy + " prints keys of the configuration, the token actions/checkout keeps in http.*.extraheader and other credentials among them: " + whyPrintsSecret})
		return
	}
	for _, op := range operands {
		k := strings.ToLower(op.Text)
		for _, secret := range []string{"extraheader", "token", "password", "secret", "credential"} {
			if strings.Contains(k, secret) {
				r.Effects |= EffExternal
				r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: op.Word, Why: "git config reads " + op.Text + ": " + whyPrintsSecret})
				return
			}
		}
	}
}
