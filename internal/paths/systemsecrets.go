package paths

import (
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/pathtext"
)

// systemSecrets are the files of the system, outside every home, that
// hold secrets. Their names have no component that starts with '.', so
// the protected patterns, each of which names one, do not reach them. A
// tree row counts every path under it.
var systemSecrets = []struct {
	path string
	tree bool
	why  string
}{
	{"/etc/shadow", false, "the system's password hashes"},
	{"/etc/gshadow", false, "the system's group password hashes"},
	{"/etc/security/opasswd", false, "the system's old password hashes"},
	{"/run/secrets", true, "the secrets a container runtime or an orchestrator gives the container (docker's secrets, a Kubernetes service account's token)"},
	{"/var/run/secrets", true, "the secrets a container runtime or an orchestrator gives the container (docker's secrets, a Kubernetes service account's token)"},
	{"/etc/kubernetes", true, "a Kubernetes node's credentials (admin.conf, kubelet.conf, the cluster's keys)"},
}

// sshHostKeyPrefix begins the paths of the SSH server's host keys
// (/etc/ssh/ssh_host_ed25519_key; the .pub files are public), and
// sshHostKeyName their names.
const (
	sshHostKeyPrefix = "/etc/ssh/ssh_host_"
	sshHostKeyName   = "ssh_host_"
)

// sshHostKey reports the private host keys of the SSH server.
func sshHostKey(c string) bool {
	return strings.HasPrefix(c, sshHostKeyPrefix) && !strings.HasSuffix(c, ".pub")
}

// secretNames are the last names of the paths of systemSecrets, each
// once: a word that names one of them, or a file under one of their
// trees, holds one of these names or sshHostKeyName.
var secretNames = func() []string {
	var ns []string
	for _, s := range systemSecrets {
		if n := path.Base(s.path); !slices.Contains(ns, n) {
			ns = append(ns, n)
		}
	}
	return ns
}()

// MayNameSystemSecret reports a word that may name one of the system's
// files that hold secrets (systemSecrets, the SSH host keys), read from
// an unknown directory or one of dirs: a cheap test before
// SystemSecret, for words with no '.' that the protected patterns skip.
func MayNameSystemSecret(w string, dirs []string) bool {
	if strings.IndexByte(w, '/') >= 0 || w != "" && (w[0] == '~' || w[0] == '$' || w[0] == '`') {
		if secretKeyword(w) {
			return true
		}
		if w[0] == '/' {
			return wildChars.Any(w) && secretPrefix(w)
		}
	}
	climbs := strings.Contains(w, "..") && wildChars.Any(w)
	for _, d := range dirs {
		switch {
		case d == "":
			if secretBase(w) || climbs {
				return true // cd "$d" && cat shadow; cd "$d" && cat ../../etc/sha*
			}
		case d == "/":
			return true
		case nearSecrets(d) && (secretDir(d) != "" || secretKeyword(w) || secretBase(w) || wildChars.Any(w) && secretPrefix(pathtext.Join(d, w))):
			return true
		case climbs && secretPrefix(pathtext.Join(d, w)):
			return true // cat ../../etc/sha*: a climb out of d, then a glob
		}
	}
	return false
}

// secretKeyword reports a word that holds the name of a system secret,
// or of a tree of them: a part of its path that no everyday word holds.
func secretKeyword(w string) bool {
	if strings.Contains(w, sshHostKeyName) {
		return true
	}
	for _, n := range secretNames {
		if strings.Contains(w, n) {
			return true
		}
	}
	return false
}

// nearSecrets reports a directory from which a relative glob may reach a
// system secret: one under the top directories that hold them.
func nearSecrets(d string) bool {
	return strings.HasPrefix(d, "/etc") || strings.HasPrefix(d, "/run") || strings.HasPrefix(d, "/var")
}

// SystemSecret returns why word w, read from any of dirs, may name one
// of the system's files that hold secrets, or "". A word the shell still
// expands (a glob, a brace, a variable) counts when the text before the
// first such character may begin one (cat /etc/sha*, cat /run/*/*).
func SystemSecret(w string, dirs []string) string {
	if w == "" || !MayNameSystemSecret(w, dirs) {
		return ""
	}
	if strings.HasPrefix(w, "/") {
		return secretPath(w)
	}
	if w[0] == '~' || w[0] == '$' || w[0] == '`' || strings.Contains(w, "..") {
		// ~/../etc/shadow, $HOME/../../etc/shadow, "${PWD:0:0}/etc/shadow":
		// a start known only at run time, or a climb, may reach the root.
		if why := climbedSecret(w); why != "" {
			return why
		}
	}
	for _, d := range dirs {
		switch {
		case d != "":
			if why := secretPath(pathtext.Join(d, w)); why != "" {
				return why
			}
		case secretBase(w):
			// cd "$d" && cat shadow: the directory is known only at run
			// time, and the name is one of the secrets'.
			return "a file in a directory known only at run time whose name (" + w + ") is one of " + systemSecrets[0].why + " or the SSH server's keys"
		}
	}
	return ""
}

// climbedSecret returns why a word whose start is known only at run time
// or that climbs (~/../etc/shadow) may name a system secret, or "": the
// end of the word, from some '/' on, is the path of one.
func climbedSecret(w string) string {
	// One pass over the cleaned word per row (not one per '/', which
	// would cost the square of a long word).
	cc := "/" + path.Clean(w)
	why := ""
	switch {
	case wildChars.Any(w):
		why = "one of the system's files that hold secrets (/etc/shadow, /run/secrets, the SSH server's keys)"
	case strings.Contains(cc, sshHostKeyPrefix) && !strings.HasSuffix(cc, ".pub"):
		why = "a private key of the SSH server"
	default:
		for _, s := range systemSecrets {
			if strings.Contains(cc, s.path) {
				why = s.path + ", " + s.why
				break
			}
		}
	}
	if why == "" {
		return ""
	}
	return "a path whose start is known only at run time or climbs, and that may be " + why
}

// secretPath returns why absolute path p names a system secret, or "".
func secretPath(p string) string {
	if i := strings.IndexAny(p, "*?[{$`"); i >= 0 {
		if !secretPrefix(p) {
			return ""
		}
		return "a path the shell expands, which may name one of the system's files that hold secrets (/etc/shadow, /run/secrets, the SSH server's keys)"
	}
	c := path.Clean(p)
	if sshHostKey(c) {
		return c + ", a private key of the SSH server"
	}
	if why := secretDir(c); why != "" {
		return c + ", " + why
	}
	return ""
}

// secretDir returns why clean absolute path c is one of systemSecrets, a
// backup of one (/etc/shadow-, /etc/shadow.bak) or under a tree of them,
// or "".
func secretDir(c string) string {
	for _, s := range systemSecrets {
		if strings.HasPrefix(c, s.path) && (len(c) == len(s.path) || !s.tree || c[len(s.path)] == '/') {
			return s.why
		}
	}
	return ""
}

// sshHostKeys are the names of the SSH server's private keys a glob is
// matched against.
var sshHostKeys = []string{"ssh_host_rsa_key", "ssh_host_ed25519_key", "ssh_host_ecdsa_key", "ssh_host_dsa_key"}

// secretPrefix reports an absolute word with a glob, brace or expansion
// that may name a system secret or a path under one of their trees. A
// glob alone is matched component by component (/e*/passwd is none);
// with a brace or an expansion, the text before the first such character
// decides (/etc/{shadow,x}, /run/$d).
func secretPrefix(w string) bool {
	i := strings.IndexAny(w, "*?[{$`")
	if i < 0 {
		return false
	}
	if !strings.ContainsAny(w, "{$`\\") {
		return globNamesSecret(w)
	}
	pre := w[:i]
	if strings.Contains(pre, "//") || strings.Contains(pre, "/.") {
		pre = path.Clean(pre) + "/" // a climb or a doubled slash: judged by the clean directory
	}
	if strings.HasPrefix(sshHostKeyPrefix, pre) || strings.HasPrefix(pre, sshHostKeyPrefix) {
		return true
	}
	for _, s := range systemSecrets {
		if strings.HasPrefix(s.path, pre) || s.tree && strings.HasPrefix(pre, s.path+"/") {
			return true
		}
	}
	return false
}

// globNamesSecret reports an absolute glob whose components may match
// those of a system secret's path, or of a path under one of their trees
// (cat /etc/sha*, cat /run/*/*, cat /etc/ssh/*key). A malformed pattern
// counts as one that may.
func globNamesSecret(g string) bool {
	comps := strings.Split(strings.Trim(path.Clean(g), "/"), "/")
	matches := func(target []string, under bool) bool {
		if len(comps) < len(target) || len(comps) > len(target) && !under {
			return false
		}
		for k, t := range target {
			if ok, err := path.Match(comps[k], t); err != nil || !ok {
				return err != nil
			}
		}
		return true
	}
	for _, s := range systemSecrets {
		if matches(strings.Split(strings.Trim(s.path, "/"), "/"), s.tree) {
			return true
		}
	}
	for _, k := range sshHostKeys {
		if matches([]string{"etc", "ssh", k}, false) {
			return true
		}
	}
	return false
}

// secretBase reports a name that is the base name of a system secret
// that is a file (not a tree), or of its backup (shadow-), or of one of
// the SSH server's private keys.
func secretBase(w string) bool {
	b := strings.TrimSuffix(w, "-")
	for _, s := range systemSecrets {
		if !s.tree && path.Base(s.path) == b {
			return true
		}
	}
	return strings.HasPrefix(w, sshHostKeyName) && !strings.HasSuffix(w, ".pub")
}

// HoldsSystemSecret returns why clean absolute directory t holds one of
// the system's files that hold secrets, for a program that reads a tree
// whole (grep -r KEY /etc), or "".
func HoldsSystemSecret(t string) string {
	if t == "/etc/ssh" || strings.HasPrefix("/etc/ssh/", t+"/") {
		return "a directory that holds the system's files that hold secrets (/etc/shadow, the SSH server's keys)"
	}
	for _, s := range systemSecrets {
		if strings.HasPrefix(s.path, t+"/") || t == s.path || s.tree && strings.HasPrefix(t, s.path+"/") {
			return "a directory that holds " + s.why
		}
	}
	return ""
}
