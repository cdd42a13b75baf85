package programs

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The words a tree-writing command may name a directory with: every
// operand and option value of ln, cp, mv, rsync …; none of other programs.
func TestLinkWords(t *testing.T) {
	for _, tt := range []struct {
		v         []string
		want      []int
		fromInput bool
	}{
		{[]string{"ln", "-s", ".git", "g"}, []int{2, 3}, false},
		{[]string{"/bin/ln", "-sfn", "--", "-x", "g"}, []int{3, 4}, false},
		{[]string{"ln", "-t", "dir", "a"}, []int{2, 3}, false},
		{[]string{"cp", "-r", ".git", "g"}, []int{2, 3}, false},
		{[]string{"mv", "t/hooks", ".git/"}, []int{1, 2}, false},
		{[]string{"rsync", "-a", "t/", ".git/"}, []int{2, 3}, false},
		{[]string{"ln", "-s"}, nil, true},
		{[]string{"cat", "-s", "x"}, nil, false},
		{[]string{"ln"}, nil, true},
	} {
		var got []int
		fromInput := LinkWords(tt.v, WordBits(tt.v[0]), func(i int) { got = append(got, i) })
		assert.Equal(t, tt.want, got, "%q", tt.v)
		assert.Equal(t, tt.fromInput, fromInput, "%q", tt.v)
	}
}

// Which commands unpack names no word shows.
func TestUnpacks(t *testing.T) {
	for v, want := range map[string]bool{
		"tar -xf a.tar":        true,
		"tar xzf a.tgz":        true,
		"tar --extract -f a":   true,
		"tar --ex -f a":        true,
		"tar -czf a.tgz src":   false,
		"tar -tf a.tar":        false,
		"unzip a.zip":          true,
		"unzip -l a.zip":       false,
		"7z x a.7z":            true,
		"7z l a.7z":            false,
		"cpio -idm":            true,
		"patch -p1":            true,
		"git apply x.diff":     true,
		"git -C sub am m":      true,
		"git stash apply":      false,
		"git log --grep=apply": false,
		"ls a.tar":             false,
	} {
		w := splitWords(v)
		assert.Equal(t, want, Unpacks(w, WordBits(w[0])), v)
	}
}

// A plugin's own binary is the command its CLI runs it for.
func TestPlugin(t *testing.T) {
	for v, want := range map[string][]string{
		"git-apply x":                          {"git", "apply", "x"},
		"/usr/lib/git-core/git-quiltimport -n": {"git", "quiltimport", "-n"},
		"git-lfs push origin":                  {"git", "lfs", "push", "origin"},
		"docker-compose up":                    {"docker", "compose", "up"},
		"git- x":                               nil,
		"git--x":                               nil,
		"pre-commit run":                       nil,
		"git":                                  nil,
	} {
		assert.Equal(t, want, Plugin(splitWords(v)), v)
	}
}

func splitWords(s string) []string { return strings.Fields(s) }

// The suffix a copy, move or link gives its backups, however it is
// spelled, and the word that holds it.
func TestBackupSuffix(t *testing.T) {
	for _, tt := range []struct {
		cmd, suffix string
		at          int
		ok          bool
		why         string
	}{
		{"cp -b -S rc e d", "rc", 3, true, "-S and its value"},
		{"cp -bSrc e d", "rc", 1, true, "attached in a cluster"},
		{"cp -bS rc e d", "rc", 2, true, "last in a cluster, the value next"},
		{"cp --suffix=rc e d", "rc", 1, true, "a long option"},
		{"mv --suf .json e d", ".json", 2, true, "an abbreviation"},
		{"cp -t dir -S rc e", "rc", 4, true, "-t's value is no suffix"},
		{"cp -tS e", "", 0, false, "S is -t's value here"},
		{"install -m 644 -S x e d", "x", 4, true, "install's -m takes a value"},
		{"rsync -S e d", "", 0, false, "rsync's -S is --sparse"},
		{"cp -- -S rc", "", 0, false, "after --, operands"},
		{"cat -S x", "", 0, false, "no backups"},
		{"cp -b e d", "", 0, false, "no suffix: ~"},
	} {
		at, suffix, ok := BackupSuffix(strings.Fields(tt.cmd))
		assert.Equal(t, tt.ok, ok, "%s: %s", tt.cmd, tt.why)
		if tt.ok {
			assert.Equal(t, tt.suffix, suffix, "%s: %s", tt.cmd, tt.why)
			assert.Equal(t, tt.at, at, "%s: %s", tt.cmd, tt.why)
		}
	}
}

// The files a decompressor writes: each operand without its suffix, none
// when it writes to its output or compresses.
func TestDecompressed(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		want []string
		why  string
	}{
		{"gunzip .bashrc.gz", []string{".bashrc"}, "the suffix taken off"},
		{"gzip -d a.gz b.tgz", []string{"a", "b.tar"}, "every operand; .tgz is a tar"},
		{"unzstd x.zst", []string{"x"}, "un- names decompress"},
		{"xz --decompress x.xz", []string{"x"}, "the long option"},
		{"gunzip -c x.gz", nil, "to its output"},
		{"gzip x", nil, "compressing"},
		{"gunzip x", nil, "no suffix: nothing written"},
		{"gunzip .gz", nil, "a suffix alone names no file"},
	} {
		var got []string
		Decompressed(strings.Fields(tt.cmd), func(_ int, n string) { got = append(got, n) })
		assert.Equal(t, tt.want, got, "%s: %s", tt.cmd, tt.why)
	}
}

// The files a build or test runner reads as code, and the one make -f
// names.
func TestBuildFiles(t *testing.T) {
	for _, tt := range []struct {
		cmd, file string
		runner    bool
		why       string
	}{
		{"make", "", true, "a Makefile"},
		{"make -s -f build/x.mk all", "build/x.mk", true, "-f's file"},
		{"make -fx.mk", "x.mk", true, "attached"},
		{"make --file=x.mk", "x.mk", true, "the long option"},
		{"make --makef x.mk", "x.mk", true, "an abbreviation"},
		{"make -Ifoo -f evil.mk", "evil.mk", true, "-I's value is no -f"},
		{"make -f b.mk -f evil.mk", "b.mk evil.mk", true, "make reads every -f"},
		{"make -Cf x", "", true, "-C takes f as its directory"},
		{"go generate ./...", "", true, "go generate runs the lines the files name"},
		{"python3 -m pytest -q", "", true, "pytest as a module"},
		{"python3 x.py", "", false, "a script is no runner"},
		{"go test ./...", "", true, "go test runs the project's code, and the modules go.work and go.mod name"},
		{"go build ./...", "", true, "go build runs none of the package's code, but downloads the modules go.mod and go.work name, by their paths"},
		{"go fmt ./...", "", false, "go fmt reads no module file"},
		{"rake -f tasks.rb build", "tasks.rb", true, "rake's -f"},
		{"rake --rakef=tasks.rb", "tasks.rb", true, "an abbreviation of --rakefile"},
		{"rake -r ./x.rb -T", "./x.rb", true, "rake --require loads a Ruby file"},
		{"rake -C sub -j 4 build", "", true, "-C and -j take values"},
		{"just -f j.txt build", "j.txt", true, "just's -f"},
		{"just --justfile=j build", "j", true, "just's --justfile"},
		{"just --set x -f build", "", true, "--set takes two values, -f among them"},
		{"ls", "", false, "no runner"},
	} {
		names, files := BuildFiles(strings.Fields(tt.cmd), nil, 0)
		assert.Equal(t, tt.runner, names != nil, "%s: %s", tt.cmd, tt.why)
		assert.Equal(t, tt.file, strings.Join(files, " "), "%s: %s", tt.cmd, tt.why)
	}
	assert.True(t, MatchesBuildFile("/p/pkg/x_test.go", []string{"*.go"}))
	assert.True(t, MatchesBuildFile("/p/Makefile", buildFiles["make"]))
	assert.True(t, MatchesBuildFile("/p/Makefile.local", buildFiles["make"]), "a Makefile.* may be included")
	assert.True(t, MatchesBuildFile("/p/src/main.d", buildFiles["make"]), "-include $(SRCS:.c=.d)")
	assert.True(t, MatchesBuildFile("/p/.depend", buildFiles["make"]))
	assert.False(t, MatchesBuildFile("/p/main.c", buildFiles["make"]), "a source file is what a recipe compiles")
	assert.True(t, MatchesBuildFile("/p/terraform.d/plugins/x/terraform-provider-evil_v1", buildFiles["terraform"]), "a provider in a plugin directory")
	assert.True(t, MatchesBuildFile("/p/gradle/wrapper/gradle-wrapper.properties", buildFiles["gradlew"]), "names the distribution the wrapper runs")
	assert.True(t, MatchesBuildFile("/p/Makefile.sh", buildFiles["make"]), "make remakes a missing Makefile from Makefile.sh")
	assert.True(t, MatchesBuildFile("/p/Makefil[e]", buildFiles["make"]), "a glob bash expands to the Makefile")
	assert.False(t, MatchesBuildFile("/p/READM[E]", buildFiles["make"]))
	assert.True(t, MatchesBuildFile("/p/JUSTFILE", buildFiles["just"]), "just finds its justfile in any case")
	assert.True(t, MatchesBuildFile("/p/rakelib/x.RAKE", buildFiles["rake"]))
	assert.True(t, MatchesBuildFile("/p/x", []string{"*"}), "a computed name may be any file")
}

// Code in a language the engine does not read, given on the command line.
func TestUnreadCode(t *testing.T) {
	for _, tt := range []struct {
		cmd  string
		code bool
		why  string
	}{
		{"lua -e x", true, "-e is code"},
		{"lua5.4 -e x", true, "a versioned name"},
		{"lua -l m x.lua", false, "-l's value, then a script"},
		{"julia --eval=x", true, "attached to a long option"},
		{"erl -noshell -eval x", true, "single-dash long options"},
		{"Rscript plot.R -e x", false, "after the script, its arguments"},
		{"dc -V", false, "it prints and exits"},
		{"python3 -c x", false, "a language with a model, read by it"},
		{"ls -e x", false, "no interpreter"},
	} {
		assert.Equal(t, tt.code, UnreadCode(strings.Fields(tt.cmd)) != "", "%s: %s", tt.cmd, tt.why)
	}
}

func TestTargetDirectory(t *testing.T) {
	for _, c := range []struct {
		words    []string
		named    bool
		attached string
		why      string
	}{
		{[]string{"cp", "a", "b"}, false, "", "the last operand is the destination"},
		{[]string{"cp", "-t", "d", "a"}, true, "", "the directory is the next word, an operand to the link reader"},
		{[]string{"cp", "-tdir", "a"}, true, "dir", "attached to the option"},
		{[]string{"cp", "-vtdir", "a"}, true, "dir", "attached at the end of a cluster"},
		{[]string{"mv", "--target-directory=d", "a"}, true, "d", "the long option"},
		{[]string{"mv", "--targ=d", "a"}, true, "d", "an abbreviation of it"},
		{[]string{"cp", "a", "-t", "d"}, true, "", "GNU programs take options after operands"},
		{[]string{"sudo", "cp", "-tx", "a"}, true, "x", "read after a wrapper"},
		{[]string{"cp", "--", "a", "-tfile"}, false, "", "after -- a word is a file: here the destination"},
		{[]string{"cp", "-r", "--", "-t", "b"}, false, "", "after -- even a bare -t is a file"},
	} {
		named, attached := TargetDirectory(c.words)
		if named != c.named || attached != c.attached {
			t.Errorf("%q: got (%v, %q), want (%v, %q): %s", c.words, named, attached, c.named, c.attached, c.why)
		}
	}
}

// Moves tells programs apart by their Trees bit first: every mover must
// be a tree writer, or a mover added later would never be seen.
func TestMoversWriteTrees(t *testing.T) {
	for name := range movers {
		if BitsOf(name)&Trees == 0 {
			t.Errorf("%s moves its operands but has no Trees bit: Moves would never see it", name)
		}
		if !Moves([]string{name, "a", "b"}, WordBits(name)) {
			t.Errorf("Moves(%s a b) = false", name)
		}
		if !Moves([]string{"X=1", name, "a", "b"}, WordBits("X=1")) {
			t.Errorf("Moves(X=1 %s a b) = false", name)
		}
		if !Moves([]string{"/bin/" + name, "a", "b"}, WordBits("/bin/"+name)) {
			t.Errorf("Moves(/bin/%s a b) = false", name)
		}
	}
}
