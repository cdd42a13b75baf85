package argmodel

import "strings"

// The catalog: every model, by every name its program is run as.

// catalog maps a program name to its compiled model.
var catalog = buildCatalog()

func buildCatalog() map[string]*Spec {
	m := map[string]*Spec{}
	add := func(s *Spec, names ...string) {
		MustCompile(s)
		m[s.Name] = s
		for _, n := range names {
			m[n] = s
		}
	}
	add(Git)
	add(sedSpec, "gsed")
	add(awkSpec, "gawk", "mawk", "nawk", "busybox-awk")
	add(grepSpec, "egrep", "fgrep", "ggrep")
	add(rgSpec)
	add(sortSpec, "gsort")
	add(lessSpec)
	add(manSpec)
	add(vimSpec, "vi", "nvim", "view", "ex", "gvim", "vimdiff", "rvim")
	add(findSpec, "gfind")
	add(xargsSpec, "gxargs")
	add(tarSpec, "gtar")
	add(rsyncSpec)
	add(sshSpec)
	add(scpSpec)
	add(sftpSpec)
	for _, s := range wrapperModels() {
		add(s)
	}
	add(kubectlModel(), "oc")
	add(helmModel())
	add(terraformModel("terraform"))
	add(terraformModel("tofu"))
	add(pulumiModel())
	add(dockerModel())
	add(podmanModel())
	add(mvnModel(), "mvnw")
	add(gradleModel("gradle"), "gradlew")
	add(npmModel())
	add(npxModel())
	add(runnerModel("pnpm", "publish"))
	add(runnerModel("yarn", "publish"))
	add(runnerModel("bun", "publish"))
	add(awsModel())
	add(gcloudModel())
	add(azModel())
	add(ghModel())
	add(glabModel())
	for _, s := range publisherModels() {
		add(s)
	}
	return m
}

// Lookup returns the model of the program run by the name name (its
// directory ignored), or nil when there is none. The git-<sub> names of
// git's subcommands (git-push, git-send-pack) are git's subcommands.
func Lookup(name string) *Spec {
	if i := strings.LastIndexByte(name, '/'); i >= 0 && i < len(name)-1 {
		name = name[i+1:]
	}
	if s := catalog[name]; s != nil {
		return s
	}
	if sub, ok := strings.CutPrefix(name, "git-"); ok {
		return Git.Lookup(sub)
	}
	return nil
}

// Programs returns the names the catalog knows, in no fixed order.
func Programs() []string {
	out := make([]string, 0, len(catalog))
	for n := range catalog {
		out = append(out, n)
	}
	return out
}
