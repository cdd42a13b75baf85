package programs

import (
	"slices"
	"strings"
	"testing"
)

// The files a view runs as code through an option of its model, however
// the option is spelled; data operands and options that read data are
// none of them.
func TestCodeFiles(t *testing.T) {
	for _, c := range []struct {
		v    []string
		want []string
		why  string
	}{
		{[]string{"sed", "-f", "s.sed", "x"}, []string{"s.sed"}, "the option and its value in two words"},
		{[]string{"sed", "-nf", "s.sed", "x"}, []string{"s.sed"}, "the option last in a cluster, its value the next word"},
		{[]string{"sed", "-fs.sed", "x"}, []string{"s.sed"}, "the value attached to the option"},
		{[]string{"sed", "--file=s.sed", "x"}, []string{"s.sed"}, "the long option with its value attached"},
		{[]string{"sed", "--fil", "s.sed", "x"}, []string{"s.sed"}, "an abbreviation of the long option"},
		{[]string{"/usr/bin/awk", "-fa.awk", "in"}, []string{"a.awk"}, "a program named by its path"},
		{[]string{"gawk", "-i", "lib.awk", "-E", "main.awk"}, []string{"lib.awk", "main.awk"}, "every such option counts"},
		{[]string{"bash", "--rcfile", "rc", "-i"}, []string{"rc"}, "a shell's start-up file"},
		{[]string{"node", "-r", "./x", "t.js"}, []string{"./x"}, "a module node preloads"},
		{[]string{"node", "--import=./x.mjs", "t.js"}, []string{"./x.mjs"}, "an ES module node imports first"},
		{[]string{"python3", "-mpkg.run"}, []string{"pkg.run"}, "the module python runs, attached to -m"},
		{[]string{"ruby", "-r", "./lib", "-e", "1"}, []string{"./lib"}, "a library ruby requires"},
		{[]string{"sed", "-n", "p", "in.txt"}, nil, "the script is text and in.txt is data"},
		{[]string{"grep", "-f", "patterns", "x"}, nil, "grep's pattern file is data"},
		{[]string{"xargs", "-a", "list", "wc", "-l"}, nil, "xargs's argument file is data to the command"},
		{[]string{"find", ".", "-fprint", "out"}, nil, "a file find writes is no code it runs"},
		{[]string{"sed", "-e", "p", "-f"}, nil, "an option without its value names no file"},
		{[]string{"nosuchprogram", "-f", "x"}, nil, "a program without a model"},
	} {
		var got []string
		CodeFiles(c.v, nil, 0, func(text string, computed, module bool) {
			got = append(got, text)
			// gawk's -f, -E, -i and -l add an ending to a name without one
			// (-f report runs report.awk, -l ./ext loads ext.so): read as
			// modules, a file of that name with any ending.
			if module != (c.v[0] == "node" || c.v[0] == "python3" || c.v[0] == "ruby" || strings.HasSuffix(c.v[0], "awk")) {
				t.Errorf("%q: %q read with module %v", c.v, text, module)
			}
		})
		if !slices.Equal(got, c.want) {
			t.Errorf("%q: got %q, want %q: %s", c.v, got, c.want, c.why)
		}
	}
}
