package permengine

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Generators of adversarial commands: shapes that made one decision's cost
// grow faster than the command's length, and the chains, nestings and long
// words around them. Each generator makes a command of at most n bytes,
// close to n, so that a shape can be measured at several lengths.

// shape is one generator of adversarial commands.
type shape struct {
	name string
	gen  func(n int) string
}

// overBudget are the shapes whose work is linear but with more units per
// byte than the budget grants: they follow up to nine working directories
// of up to 256 bytes per statement or word, or read a segment through
// every later word of an unknown wrapper option. The budget runs out and
// the integrity cap fires; every other shape is decided within it. (Words
// that are globs, searched against every protected pattern, may spend a
// third of the budget, and a word past it is held to name a protected
// path: glob-words stays within the budget.)
var overBudget = map[string]bool{
	"or-cd-chain": true, "cd-up-chain": true, "dirs-dot-words": true,
	"env-unknown-opt": true, "xargs-chain": true, "pnpm-exec": true,
	"cd-readers": true,
}

// repeatTo repeats unit after prefix, and ends with suffix, as often as the
// whole stays within n bytes (at least once).
func repeatTo(prefix, unit, suffix string, n int) string {
	k := max(1, (n-len(prefix)-len(suffix))/len(unit))
	return prefix + strings.Repeat(unit, k) + suffix
}

// nestTo nests mid in open…close as deep as the whole stays within n bytes
// (at least once), after prefix and before suffix.
func nestTo(prefix, open, mid, close, suffix string, n int) string {
	k := max(1, (n-len(prefix)-len(mid)-len(suffix))/(len(open)+len(close)))
	return prefix + strings.Repeat(open, k) + mid + strings.Repeat(close, k) + suffix
}

// sixtyWords are the words of the env shape before its braces.
var sixtyWords = func() string {
	var b strings.Builder
	for i := range 60 {
		fmt.Fprintf(&b, " w%d", i)
	}
	return b.String()
}()

var adversarialShapes = []shape{
	// The reproduced findings.
	{"colons", func(n int) string { return strings.Repeat(":", n) }},
	{"nohup-colons", func(n int) string { return repeatTo(strings.Repeat("nohup ", 64), ":", "", n) }},
	{"env-braces", func(n int) string {
		return nestTo("env --zz"+sixtyWords+" "+strings.Repeat("{a,b}", 8), "{", "", "}", "", n)
	}},
	{"env-brace-words", func(n int) string {
		return nestTo("env --zz"+sixtyWords+strings.Repeat(" {a,b}", 8)+" ", "{", "", "}", "", n)
	}},
	{"echo-braces", func(n int) string { return nestTo("echo ", "{", "", "}", ",", n) }},
	{"foo-git", func(n int) string { return repeatTo("foo", " git", "", n) }},
	{"cd-chain", func(n int) string { return repeatTo("", "cd src && ", "ls", n) }},
	// Defaults of parameter expansions, which the path checks read again
	// as the words they name: many words, and one nested deep.
	{"param-defaults", func(n int) string { return repeatTo("cat", " ${u:-.e}", "", n) }},
	{"nested-defaults", func(n int) string { return nestTo("cat ", `${u:-"`, ".env", `"}`, "", n) }},
	{"nested-replacements", func(n int) string { return nestTo(`echo "`, `${u/x/`, "a", `}`, `"`, n) }},
	// The command's own variables: many names read from one here-string,
	// and many words using one.
	{"read-names", func(n int) string { return repeatTo("read", " a", " <<< x; cat $a", n) }},
	{"var-uses", func(n int) string { return repeatTo("x=.e; cat", " $x/", "", n) }},
	// Programs' files read by a command that writes: each word is looked
	// at once, what the segment writes read once (not once per word).
	{"program-files", func(n int) string { return repeatTo("touch", " /bin/git", " > g", n) }},
	{"set-positionals", func(n int) string { return repeatTo("set --", " a", "; cat $1", n) }},
	// An array's elements, each a value of the variable, and a declared
	// one: the value's words were split again for every element.
	{"array-elements", func(n int) string { return repeatTo("a=(", " x", "); cat ${a}", n) }},
	{"declared-array", func(n int) string { return repeatTo("declare -a a=(", " .e", "); cat ${a[1]}", n) }},
	{"quoted-array", func(n int) string { return repeatTo("a=(", " 'x'", "); cat ${a[1]}", n) }},
	{"named-escapes", func(n int) string { return repeatTo(`python3 -c 'x="<\N{`, "a b ", `}/"'`, n) }},
	{"braced-escapes", func(n int) string { return repeatTo(`perl -e 'open F, ">", "`, `\x{2e}\N{`, `"'`, n) }},
	{"unquoted-heredoc-escapes", func(n int) string { return repeatTo("python3 <<EOF\nopen(\"", `\\x2e`, "\")\nEOF", n) }},
	// Words xargs takes from a here-string: a replacer was made for each.
	{"xargs-input", func(n int) string { return repeatTo("xargs cat <<< '", " .e", "'", n) }},
	// Defaults that name the command's own variable, read in both ways.
	{"default-vars", func(n int) string { return repeatTo("x=.e; cat", " ${u:-$x}", "", n) }},
	// find's literal names, each read against the hidden files the
	// protected patterns name.
	{"find-literal-names", func(n int) string { return repeatTo("find .", " -name x -o", " -name y", n) }},
	// Names set by OLDPWD for ~-, once per segment.
	{"oldpwd-tilde", func(n int) string { return repeatTo("", "OLDPWD=.git; cat ~-/config; ", "", n) }},
	{"subst-nest", func(n int) string { return nestTo("", "$(echo ", "x", ")", "", n) }},
	{"long-word", func(n int) string { return repeatTo("echo ", "a", "", n) }},
	{"long-dot-word", func(n int) string { return repeatTo("cat ", "./.a", "", n) }},
	// Chains of segments.
	{"and-chain", func(n int) string { return repeatTo("", "ls && ", "ls", n) }},
	{"pipe-chain", func(n int) string { return repeatTo("", "cat x | ", "ls", n) }},
	{"newline-chain", func(n int) string { return repeatTo("", "ls\n", "ls", n) }},
	{"or-cd-chain", func(n int) string { return repeatTo("", "cd a || cd b; ", "ls", n) }},
	{"cd-abs-chain", func(n int) string { return repeatTo("", "cd /ws/proj/src && ", "cat x", n) }},
	{"dirs-dot-words", func(n int) string {
		return repeatTo(strings.Repeat("cd a || cd b; ", 8)+"cat", " .a", "", n)
	}},
	{"cd-up-chain", func(n int) string { return repeatTo("", "cd src/a || cd .. && ", "cat x", n) }},
	// Many arguments and long words.
	{"many-args", func(n int) string { return repeatTo("ls", " x", "", n) }},
	{"many-paths", func(n int) string { return repeatTo("cat", " ../x/./y", "", n) }},
	{"many-redirs", func(n int) string { return repeatTo("ls", " >x", "", n) }},
	{"quoted-word", func(n int) string { return repeatTo("echo '", "a b", "'", n) }},
	{"colon-word", func(n int) string { return repeatTo("npm test", ":", "", n) }},
	{"assign-chain", func(n int) string { return repeatTo("", "A=1 ", "ls", n) }},
	{"unknown-verbs", func(n int) string { return repeatTo("foo", " curl git rm", "", n) }},
	// Nested braces and substitutions.
	{"brace-commas", func(n int) string { return nestTo("echo ", "{a,", "b", "}", "", n) }},
	{"brace-list", func(n int) string { return repeatTo("echo ", "{a,b}", "", n) }},
	{"brace-seq", func(n int) string { return repeatTo("echo ", "{1..99}", "", n) }},
	{"glob-words", func(n int) string { return repeatTo("echo", " x."+strings.Repeat("*a", 100), "", n) }},
	{"cp-t-many", func(n int) string { return repeatTo("cp -t d", " a", " && d/x", n) }},
	{"find-name-globs", func(n int) string {
		return repeatTo("find .", " -name 'x"+strings.Repeat("*a", 100)+".pyc' -o", " -delete", n)
	}},
	{"brace-verb", func(n int) string { return nestTo("", "{", "r,m", "}", " -rf x", n) }},
	{"subst-bare", func(n int) string { return nestTo("", "$(", "ls", ")", "", n) }},
	{"subst-list", func(n int) string { return repeatTo("echo", " $(ls)", "", n) }},
	{"dquote-subst", func(n int) string { return repeatTo(`echo "`, "$(ls)", `"`, n) }},
	{"param-nest", func(n int) string { return nestTo("echo ", "${x:-", "y", "}", "", n) }},
	{"subshell-nest", func(n int) string { return nestTo("", "(", "ls", ")", "", n) }},
	{"block-nest", func(n int) string { return nestTo("", "{ ", "ls", "; }", "", n) }},
	{"arith-nest", func(n int) string { return nestTo("echo $((", "(", "1", ")", "))", n) }},
	{"procsubst-nest", func(n int) string { return nestTo("", "cat <(", "ls", ")", "", n) }},
	{"backtick-list", func(n int) string { return repeatTo("echo", " `ls`", "", n) }},
	// Wrapper chains and nested scripts.
	{"env-chain", func(n int) string { return repeatTo("", "env ", "ls", n) }},
	{"env-unknown-opt", func(n int) string { return repeatTo("", "env -Z ", "ls", n) }},
	{"sudo-chain", func(n int) string { return repeatTo("", "sudo -u x nice -n 1 ", "ls", n) }},
	{"nohup-chain", func(n int) string { return repeatTo("", "nohup ", "ls", n) }},
	{"xargs-chain", func(n int) string { return repeatTo("", "xargs -Q ", "ls", n) }},
	{"eval-chain", func(n int) string { return repeatTo("", "eval ", "ls", n) }},
	{"bash-c-chain", func(n int) string { return repeatTo("", "bash -c ", "ls", n) }},
	{"sh-c-script", func(n int) string { return repeatTo("sh -c '", `echo "${x:-a}" >o 2>&1; `, "'", n) }},
	{"sh-c-nest", func(n int) string { return nestTo("", "sh -c \"", "ls", "\"", "", n) }},
	{"heredoc-lines", func(n int) string { return repeatTo("cat <<EOF\n", "a\\\nb\n", "EOF", n) }},
	{"find-exec", func(n int) string { return repeatTo("find .", " -exec ls", " ;", n) }},
	// Writers and the scripts that run what they wrote: each run is
	// compared with what every earlier segment writes.
	{"writes-then-runs", func(n int) string {
		half := repeatTo("sed -i s/a/b/", " -e1", " x", n/2)
		return repeatTo(half, "; sh x", "", n)
	}},
	{"many-writers-runs", func(n int) string { return repeatTo("", "sed -i -e1 x; sh x; ", "", n) }},
	{"pnpm-exec", func(n int) string { return repeatTo("", "pnpm exec ", "ls", n) }},
	// Text the parser refuses: read by the plain split.
	{"unparsable", func(n int) string { return repeatTo("", "ls ( ", "", n) }},
	// Glob elements that never close, each read again from every opening
	// (a word of them was read in time quadratic in its length), and
	// arithmetic the parser reads by recursion.
	{"dot-brackets", func(n int) string { return repeatTo("rm ", ".[", "", n) }},
	{"write-brackets", func(n int) string { return repeatTo("echo >", "[.", "", n) }},
	{"bracket-dot-runs", func(n int) string { return repeatTo("rm ", "[[.", "", n) }},
	{"open-extglobs", func(n int) string { return repeatTo("rm ", "@(", "", n) }},
	{"subscript-nest", func(n int) string { return nestTo("(( ", "a[", "1", "]", " ))", n) }},
	{"arith-sum", func(n int) string { return repeatTo("echo $((", "x+", "x))", n) }},
	// Nesting made of operators, not brackets: the parser reads each by
	// recursion, and the bracket bound did not count them.
	{"arith-nots", func(n int) string { return repeatTo("echo $((", "!", "1))", n) }},
	{"arith-ones", func(n int) string { return repeatTo("echo $((", "1+", "1))", n) }},
	{"test-nots", func(n int) string { return repeatTo("[[ ", "! ", "a ]]", n) }},
	{"test-ors", func(n int) string { return repeatTo("[[ ", "a || ", "a ]]", n) }},
	{"time-chain", func(n int) string { return repeatTo("", "time ", "ls", n) }},
	{"offset-ones", func(n int) string { return repeatTo("echo ${a:1", "+1", "}", n) }},
	// A program word of dashes: a name was read again from every dash.
	{"dash-program", func(n int) string { return repeatTo("x", "-", "", n) }},
	{"env-dashes", func(n int) string { return repeatTo("env ", "-", "", n) }},
	// Chains of operators between commands, and nested compound commands.
	{"short-pipes", func(n int) string { return repeatTo("", "a|", "a", n) }},
	{"or-chain", func(n int) string { return repeatTo("", "a||", "a", n) }},
	{"if-nest", func(n int) string { return nestTo("", "if a; then ", ":", "; fi", "", n) }},
	// The command-wide readings, over many segments: $_ and the variables
	// read sets, text piped to xargs, recursive readers of the working
	// directory, archivers, and a written script run after many
	// substitutions (each looked at for running before the write).
	{"underscore-uses", func(n int) string { return repeatTo("", "ls x; cat $_; ", "", n) }},
	{"xargs-echoes", func(n int) string { return repeatTo("", `echo -e '\x2e' | xargs cat; `, "", n) }},
	{"recursive-readers", func(n int) string { return repeatTo("", "cd /ws/proj/.git; grep -r x; rg -l x; ", "", n) }},
	// The same in directories the reading follows several of, .git
	// inside .git inside .git: every protected pattern under .git was
	// gathered again for each (11 MB at 16 KiB).
	{"cd-readers", func(n int) string { return repeatTo("", "cd /ws/proj/src && grep -r x; cd .git; rg -l x; ", "", n) }},
	{"read-ifs", func(n int) string { return repeatTo("", "IFS=: read a b <<< x:y; cat $a; ", "", n) }},
	{"archivers", func(n int) string { return repeatTo("", "tar cf x.tar .; ", "", n) }},
	{"subst-owners", func(n int) string {
		return repeatTo("sed -i s/a/b/ x;", " git diff $(git merge-base $(a) b)", "; sh x", n)
	}},
}

// adversarialPolicy has rules in every list, wildcards among them, so that
// the rule trie is walked at every level.
var adversarialPolicy = MustCompile(Lists{
	File:  "permissions.json",
	Allow: []string{"Terminal(ls)", "Terminal(cat)", "Terminal(echo)", "Terminal(cd)", "Terminal(git status)", "Terminal(npm test:*)", "Terminal(find)", "Terminal(foo)"},
	Deny:  []string{"Terminal(curl:*)", "Terminal(rm -rf:*)", "Terminal(git push:*)"},
	Ask:   []string{"Terminal(npm install:*)", "Terminal(git commit:*)"},
})

// adversarialRequest is the request for an adversarial command: a scope, a
// working directory inside it, a developer, no autonomy opinion.
func adversarialRequest(cmd string) Request {
	return Request{
		Action: Action{Type: Terminal, Command: cmd, Cwd: "/ws/proj"},
		Role:   Developer,
		Env:    Env{ScopeRoot: "/ws/proj"},
	}
}

// adversarialSizes are the lengths the benchmark measures.
var adversarialSizes = []int{4 << 10, 64 << 10}

func sizeName(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%dMiB", n>>20)
	}
	return fmt.Sprintf("%dKiB", n>>10)
}

// BenchmarkAdversarial decides each adversarial shape at 4 KiB and 64 KiB;
// one op is one decision. The 1 MiB word is past the integrity bound: it
// is cut, and must cost no more than the bound's length.
func BenchmarkAdversarial(b *testing.B) {
	for _, s := range adversarialShapes {
		for _, n := range adversarialSizes {
			req := adversarialRequest(s.gen(n))
			b.Run(s.name+"/"+sizeName(n), func(b *testing.B) { benchDecide(b, req) })
		}
	}
	for _, s := range []shape{adversarialShapes[0], {"long-word", func(n int) string { return repeatTo("echo ", "a", "", n) }}} {
		req := adversarialRequest(s.gen(1 << 20))
		b.Run(s.name+"/1MiB", func(b *testing.B) { benchDecide(b, req) })
	}
}

// benchDecide decides req once per op, and reports the length of the
// decision's JSON.
func benchDecide(b *testing.B, req Request) {
	b.ReportAllocs()
	var d Decision
	for b.Loop() {
		d = Decide(adversarialPolicy, req)
	}
	j, err := json.Marshal(d)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(j)), "json-B")
}
