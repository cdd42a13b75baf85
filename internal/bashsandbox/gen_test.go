package bashsandbox_test

import (
	"math/rand/v2"
	"sort"
	"strings"
	"testing"
)

// gen builds random shell commands from bash's grammar: simple commands
// from an option vocabulary, put in the places where bash runs text as
// code (substitutions, traps, eval, arithmetic subscripts, prompt
// expansion, aliases, extended globs, callbacks, hashed paths, computed
// program words, and text the parser keeps literal where bash runs it: a
// regular expression's groups, a here-document's ${x:-'…'}, quotes and
// here-documents inside backquotes), joined by the shell's operators. It
// is deterministic for a seed.
type gen struct{ r *rand.Rand }

func newGen(seed uint64) *gen { return &gen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))} }

func (g *gen) pick(xs []string) string { return xs[g.r.IntN(len(xs))] }

// programs and their argument vocabulary: programs with an effect, and
// everyday ones, so that both approvals and caps are exercised.
var vocabulary = map[string][]string{
	"curl":    {"-s", "-o", "out.txt", "http://example.invalid/x", "-X", "POST", "--data", "@notes.txt"},
	"sudo":    {"id", "-n", "true", "-u", "root", "ls"},
	"wget":    {"-q", "http://example.invalid/y", "-O", "-"},
	"kubectl": {"apply", "-f", "x.yaml", "-n", "prod", "exec", "pod", "--", "id", "get", "pods"},
	"ssh":     {"prod", "id", "-p", "22", "uptime"},
	"git":     {"push", "origin", "HEAD", "status", "log", "-1", "config", "alias.x", "--get", "-C", "."},
	"rm":      {"-rf", "build", "-f", "notes.txt", "/tmp/q", "--"},
	"ls":      {"-la", "src", "-1", "docs", "*.go"},
	"cat":     {"notes.txt", "-n", "README.md"},
	"grep":    {"-rn", "TODO", "src", "-e", "x", "-F", "notes.txt"},
	"sed":     {"-n", "1p", "-e", "'s/a/b/'", "notes.txt", "-i"},
	"find":    {".", "-name", "'*.go'", "-type", "f", "-maxdepth", "1"},
	"make":    {"build", "-s", "test"},
	"npm":     {"test", "run", "lint", "exec", "publish"},
	"docker":  {"push", "app", "run", "--rm", "exec", "ps"},
	"nc":      {"prod", "22", "-l"},
	"tar":     {"-cf", "x.tar", "notes.txt", "-xf"},
	"env":     {"X=1", "curl", "-i", "sudo"},
	"xargs":   {"-I{}", "curl", "{}", "-0"},
	"echo":    {"hi", "-n", "$HOME", "'$(x)'", "done"},
	"printf":  {"'%s\\n'", "a", "b"},
	"true":    {},
}

var programNames = func() []string {
	var out []string
	for p := range vocabulary {
		out = append(out, p)
	}
	sort.Strings(out) // map order is random; the generator must not be
	return out
}()

// simple returns one simple command: a program and up to three words of
// its vocabulary. It never contains a single quote, so that it can be
// put inside one.
func (g *gen) simple() string {
	p := g.pick(programNames)
	words := []string{p}
	if voc := vocabulary[p]; len(voc) > 0 {
		for n := g.r.IntN(4); n > 0; n-- {
			w := g.pick(voc)
			if !strings.Contains(w, "'") {
				words = append(words, w)
			}
		}
	}
	return strings.Join(words, " ")
}

// holders put a command s where bash will run it; %p is the program word
// of s and %a its arguments.
var holders = []string{
	"%s",
	"echo $(%s)",
	"echo `%s`",
	"x=$(%s)",
	": ${x:-$(%s)}",
	"cat <(%s)",
	"echo >(%s); sleep 0.1",
	"{ %s; }",
	"(%s)",
	"true && %s",
	"false || %s",
	"%s | cat",
	"trap '%s' EXIT",
	"trap '%s' DEBUG; :",
	"trap '%s' ERR; false",
	"eval '%s'",
	"eval \"%s\"",
	"builtin eval '%s'",
	"command %s",
	"source /dev/stdin <<< '%s'",
	". <(echo '%s')",
	"printf -v 'a[$(%s)]' x",
	"read 'a[$(%s)]' <<< x",
	"declare 'a[$(%s)]=1'",
	"test -v 'a[$(%s)]'",
	"[[ -v 'a[$(%s)]' ]]",
	"let 'x=a[$(%s)]'",
	"x='a[$(%s)]'; (( x ))",
	"x='a[$(%s)]'; echo $((x))",
	"x='$(%s)'; echo \"${x@P}\"",
	"mapfile -C '%s #' -c 1 a <<< q",
	"PS4='$(%s)'; set -x; :",
	"shopt -s expand_aliases\nalias k='%s'\nk",
	"shopt -s extglob\necho @(a|$(%s))",
	"shopt -s extglob\nls @(a|<(%s))",
	"[[ x == @(a|<(%s)) ]]",
	"[[ x =~ ($(%s)) ]]",
	"[[ x =~ (a|<(%s)) ]]",
	"[[ x =~ ((>(%s))) ]]",
	"cat <<A\n${x:-'$(%s)'}\nA",
	"cat <<-A\n\t${x-'`%s`'}\n\tA",
	"cat <<A\n$(%s)\nA",
	"echo \"${x:-'$(%s)'}\"",
	"echo $( (%s) )",
	"echo `echo '`;%s;`'`",
	"cat <<'A' $(cat <<B)\n$(%s)\nA\nB",
	"echo `cat <<B`\n%s\nB",
	"f() { %s; }; f",
	"set -- %s; \"$@\"",
	"p=%p; $p %a",
	"$(echo %p) %a",
	"%p $(echo %a)",
	"${P:-%p} %a",
	"IFS=,; c='%p,%a'; $c",
	"hash -p /usr/bin/%p ls; ls %a",
	"a=(%s); \"${a[@]}\"",
	"%p%a",
	"'%p' %a",
	"\\%p %a",
}

// wrap puts s into a random holder.
func (g *gen) wrap(s string) string {
	h := g.pick(holders)
	prog, args, _ := strings.Cut(s, " ")
	if strings.Contains(h, "%a") || h == "%p%a" {
		if h == "%p%a" {
			args = ""
		}
		h = strings.ReplaceAll(h, "%a", strings.ReplaceAll(args, " ", ","))
		if !strings.Contains(h, "IFS=,") {
			h = strings.ReplaceAll(h, ",", " ")
		}
	}
	h = strings.ReplaceAll(h, "%p", prog)
	return strings.ReplaceAll(h, "%s", s)
}

var joiners = []string{"; ", " && ", " || ", " | ", "\n", " & "}

// command returns one random command: one to three held simple commands,
// sometimes held twice over, joined by operators.
func (g *gen) command() string {
	var parts []string
	for n := 1 + g.r.IntN(3); n > 0; n-- {
		s := g.wrap(g.simple())
		if g.r.IntN(4) == 0 && !strings.Contains(s, "'") && !strings.Contains(s, "\n") {
			s = g.wrap(s)
		}
		parts = append(parts, s)
	}
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			j := g.pick(joiners)
			if strings.Contains(parts[i-1], "\n") {
				j = "\n"
			}
			b.WriteString(j)
		}
		b.WriteString(p)
	}
	return b.String()
}

func TestGenIsDeterministic(t *testing.T) {
	a, b := newGen(7), newGen(7)
	other := newGen(8)
	differs := false
	for i := 0; i < 200; i++ {
		x, y, z := a.command(), b.command(), other.command()
		if x != y {
			t.Fatalf("command %d: %q then %q for the same seed", i, x, y)
		}
		if strings.TrimSpace(x) == "" {
			t.Fatalf("command %d is empty", i)
		}
		differs = differs || x != z
		if i < 8 {
			t.Logf("%q", x)
		}
	}
	if !differs {
		t.Error("two seeds gave the same 200 commands")
	}
}
