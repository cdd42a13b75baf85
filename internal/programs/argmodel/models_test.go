package argmodel

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// gitWorst is everything a git subcommand can do.
const gitWorst = EffExternal | EffExec | EffConfig | EffComputed

func TestGit(t *testing.T) {
	runRows(t, []parseRow{
		{"git status", 0, "PS", "a plain subcommand"},
		{"git push origin HEAD", EffExternal, "PSAA", "push has an effect outside"},
		{"git -C /tmp push", EffExternal, "POVS", "-C takes a value before the subcommand"},
		{"git --git-dir .git --work-tree . push", EffExternal | EffComputed, "POVOVS", "long global options with separate values; any work tree is computed (-C may make . another directory)"},
		{"git --no-pager log --oneline", 0, "POSO", "a flag global option"},
		{"git pu?h", gitWorst, "PU", "a globbed subcommand may be push, or anything git can do"},
		{"git send-pack remote HEAD", EffExternal, "PSAA", "git plumbing pushes"},
		{"git http-push url ref", EffExternal, "PSAA", "http-push pushes"},
		{"git remote add x url", EffExternal, "PSSAA", "remote add"},
		{"git remote -v", 0, "PSO", "remote -v lists"},
		{"git remote show origin", 0, "PSSA", "remote show reads"},
		{"git fetch -u origin", 0, "PSOA", "fetch -u is --update-head-ok, not --upload-pack"},
		{"git fetch --upload-pack=evil origin", EffExec | EffExternal, "PSOA", "fetch --upload-pack runs a program"},
		{"git fetch --upl evil origin", EffExec | EffExternal, "PSOVA", "an abbreviation of --upload-pack"},
		{"git clone -u evil url", EffExec | EffExternal, "PSOVA", "clone -u is --upload-pack"},
		{"git clone -uevil url", EffExec | EffExternal, "PSOA", "attached value"},
		{"git clone --template=/tmp/t url", EffExternal, "PSOA", "a template brings hooks, which git runs: like core.hooksPath"},
		{"git clone -c core.sshCommand=x url", EffExternal, "PSOVA", "clone -c is used by the clone itself, like git -c"},
		{"git filter-branch --tree-filter 'sudo id' HEAD", EffExec, "PSOVA", "the filter is a shell script, read as a nested one"},
		{"git ls-remote --upload-pack=x origin", EffExec | EffExternal, "PSOA", "ls-remote --upload-pack"},
		{"git archive --remote=r --exec=x HEAD", EffExec | EffExternal, "PSOOA", "archive --exec, on another host (--remote)"},
		{"git archive -o x.tar HEAD", 0, "", "a local archive"},
		{"git grep -Oless foo", EffExec, "PSOA", "grep -O with attached pager"},
		{"git grep -O foo", EffExec, "PSOA", "grep -O with no value still opens a pager"},
		{"git grep --open-files foo", EffExec, "PSOA", "abbreviation of --open-files-in-pager"},
		{"git grep -e foo -- src", 0, "PSOVEA", "grep -e takes the pattern"},
		{"git rebase -x 'make test' main", EffExec, "PSOVA", "rebase -x runs a command"},
		{"git rebase --exe=x main", EffExec, "PSOA", "abbreviation of --exec"},
		{"git rebase -i main", 0, "PSOA", "interactive rebase is not exec by itself"},
		{"git difftool HEAD", EffExec, "PSA", "difftool runs a diff program"},
		{"git diff --ext-diff", EffExec, "PSO", "--ext-diff runs the external diff"},
		{"git log --ext HEAD", EffExec, "PSOA", "abbreviation of --ext-diff"},
		{"git diff --no-ext-diff", 0, "PSO", "the negation runs nothing"},
		{"git bisect run make test", 0, "PSSAA", "bisect run runs a command: a segment of its own"},
		{"git bisect good", 0, "PSS", "bisect good"},
		{"git submodule foreach 'rm -rf x'", EffExec, "PSSA", "submodule foreach runs a command"},
		{"git submodule update --init", 0, "PSSO", "submodule update"},
		{"git -c alias.x=!sh status", EffExternal, "POVS", "-c sets configuration"},
		{"git --config-env=core.pager=X log", EffExternal, "POS", "--config-env"},
		{"git --exec-path", 0, "PO", "--exec-path alone prints the path"},
		{"git --exec-path=/tmp log", EffExternal, "POS", "--exec-path= runs helpers from elsewhere"},
		{"git \"$(echo push)\"", gitWorst, "PU", "a computed subcommand"},
		{"git p", gitWorst &^ EffComputed, "PU", "an unknown subcommand may be an alias of anything (written out, so not computed)"},
		{"git config user.name", 0, "PSA", "reading a key"},
		{"git config user.name Me", EffConfig, "PSAA", "writing a harmless key"},
		{"git config alias.p push", EffExternal, "PSAA", "an alias runs anything"},
		{"git config remote.origin.url evil", EffExternal, "PSAA", "changes where pushes go"},
		{"git config core.hooksPath /tmp/h", EffExternal, "PSAA", "changes which hooks run"},
		{"git config --global core.sshCommand x", EffExternal, "PSOAA", "changes the ssh program"},
		{"git config Core.Pager less", EffExternal, "PSAA", "section and name are case-insensitive"},
		{"git config --get remote.origin.url", 0, "PSOA", "--get reads"},
		{"git config --unset alias.x", EffExternal, "PSOA", "unset writes"},
		{"git config set core.editor vim", EffExternal, "PSSAA", "the set subcommand"},
		{"git config get core.editor", 0, "PSSA", "the get subcommand"},
		{"git config \"$K\" v", EffExternal | EffExec, "PSUA", "a computed key may be anything"},
		{"git config -l", EffExternal, "PSO", "listing prints the token checkout keeps in http.*.extraheader"},
		{"git config --get-regexp extraheader", EffExternal, "PSOA", "so does a pattern of keys"},
		{"git config --get http.https://github.com/.extraheader", EffExternal, "PSOA", "and a key named for a secret"},
		{"git config user.name", 0, "PSA", "a plain key reads"},
		{"git config --edit", EffExec, "PSO", "runs an editor"},
		{"git merge feature", EffExternal, "PSA", "merge is a typed action"},
		{"git svn dcommit", EffExternal, "PSS", "svn dcommit"},
		{"git lfs push origin", EffExternal, "PSSA", "lfs push"},
		{"git lfs ls-files", 0, "PSA", "lfs ls-files is an operand of an open list"},
	})
}

func TestGitAliasNames(t *testing.T) {
	for _, c := range []struct {
		name string
		eff  Effect
	}{{"git-push", EffExternal}, {"/usr/lib/git-core/git-send-pack", EffExternal}, {"git-status", 0}} {
		s := Lookup(c.name)
		if s == nil {
			t.Fatalf("%s: no model", c.name)
		}
		r := Parse(s, []string{c.name, "origin"}, nil)
		if r.Effects != c.eff {
			t.Errorf("%s: effects %v, want %v (a git-<sub> name runs the subcommand)", c.name, r.Effects, c.eff)
		}
	}
}

func TestFilesTools(t *testing.T) {
	runRows(t, []parseRow{
		{"find . -name *.go", 0, "PAOV", "a name test"},
		{"find . -exec rm {} ;", EffExec, "PAOAAV", "-exec runs a program"},
		{"find . -execdir {} ;", EffExec | EffComputed, "PAOAV", "{} as the program is chosen at run time"},
		{"find . -delete", EffExec, "PAO", "-delete removes files"},
		{"find . -fprintf out %p", EffExec, "PAOVV", "-fprintf takes a file and a format"},
		{"find -L . -newermt 2020-01-01 -print", 0, "POAOVO", "-newerXY takes a value"},
		{"find . ( -name a -o -name b ) -print", 0, "PAXOVOOVXO", "operators"},
		{"find . -exec echo {} + -print", EffExec, "PAOAAVO", "-exec … {} + ends the command"},
		{"find . -bogus", EffExec, "PAU", "an unknown test of find could be an action"},
		{"xargs rm", 0, "PA", "xargs runs a literal program"},
		{"xargs -0 -n1 rm -f", 0, "POOAA", "options before the program"},
		{"xargs -I{} {} x", EffComputed, "POAA", "the placeholder as the program"},
		{"xargs -I X sh -c X", EffComputed, "POVAAA", "the script of sh -c is the placeholder"},
		{"xargs -I X sh -c 'echo X'", EffComputed, "POVAAA", "the script holds the placeholder"},
		{"xargs -0 sh -c", EffComputed, "POAA", "xargs appends the input: it becomes the script"},
		{"xargs -0 -I% env % id", EffComputed, "POOAAA", "env's program is the placeholder"},
		{"xargs -0 sh -c 'echo $0' x", 0, "POAAAA", "a literal script: appended words are its arguments"},
		{"xargs env", EffComputed, "PA", "a wrapper without a command runs the appended words"},
		{"xargs nice -n 1", EffComputed, "PAAA", "a wrapper with options and no command"},
		{"xargs env nice", EffComputed, "PAA", "the inner of two wrappers has no command"},
		{"xargs xargs", EffComputed, "PA", "the inner xargs runs the appended words"},
		{"xargs env git status", 0, "PAAA", "the wrapper's own command is literal"},
		{"xargs env sh -c", EffComputed, "PAAA", "the script of a wrapped shell is the input"},
		{"xargs env git", EffComputed, "PAA", "the input names a wrapped git's subcommand"},
		{"xargs wc -l", 0, "PAA", "a literal program with arguments"},
		{"xargs -i {} echo", EffComputed, "POAA", "-i's default placeholder is {}"},
		{"xargs \"$P\"", EffComputed | EffExec, "PU", "a computed program, which could also be -a FILE"},
		{"xargs -a args.txt rm", EffExec, "POVA", "-a reads arguments from a file"},
		{"xargs --repl=X echo X", 0, "POAA", "--replace abbreviated"},
		{"tar cIf cmd x.tar .", EffExec, "POVVA", "old-style bundle: I takes cmd, f takes x.tar"},
		{"tar -cIcmd -f x.tar .", EffExec, "POOVA", "-I with attached value in a cluster"},
		{"tar xzf x.tgz", 0, "POV", "a plain extraction"},
		{"tar -cf host:/x.tar .", EffExternal, "POVA", "an archive on another host"},
		{"tar --to-com=cat -xf x.tar", EffExec, "POOV", "abbreviation of --to-command"},
		{"tar --checkpoint-action=exec=id -cf x .", EffComputed, "POOVA", "checkpoint exec action: a command line not read"},
		{"tar --checkpoint-action=dot -cf x .", 0, "POOVA", "a harmless checkpoint action"},
		{"tar -F s.sh -cf x .", EffExec, "POVOVA", "-F runs a script at volume end"},
		{"tar --rsh-command=/bin/sh -cf x .", EffExec, "POOVA", "--rsh-command"},
		{"rsync -a src/ dst/", 0, "POAA", "a local copy"},
		{"rsync -a src/ host:/dst", EffExternal, "POAA", "a copy to another host"},
		{"rsync -e 'sh -c x' a b", EffExec, "POVAA", "-e runs the remote shell"},
		{"rsync -avze ssh a b", EffExec, "POVAA", "-e at the end of a cluster takes the next word"},
		{"rsync --rsh=x a b", EffExec, "POAA", "--rsh="},
		{"rsync -a host:/src ./dst", 0, "POAA", "a copy from another host only reads it"},
		{"rsync -a a \"$DEST\"", EffExternal | EffExec | EffComputed | EffPrivileged, "POAU", "a computed destination may be remote, or the option -e, whose program comes with the word, or --chmod=u+s"},
		{"ssh host", EffExternal, "PA", "ssh connects to another host"},
		{"ssh -o ProxyCommand=x host", EffExternal | EffExec | EffComputed, "POVA", "ProxyCommand runs a local program"},
		{"ssh -oProxyCommand=x host", EffExternal | EffExec | EffComputed, "POA", "attached -o"},
		{"ssh host -o LocalCommand=x", EffExternal | EffExec | EffComputed, "PAOV", "options after the destination"},
		{"ssh -p 22 host ls -la", EffExternal, "POVAAA", "the command runs remotely"},
		{"scp a host:b", EffExternal, "PAA", "scp to a remote"},
		{"scp host:a b", 0, "PAA", "scp from a remote reads it"},
		{"scp -S x a b", EffExec, "POVAA", "-S runs a program"},
		{"scp -o ProxyCommand=x a b", EffExec | EffComputed, "POVAA", "scp shares ssh's -o"},
	})
}

func TestTextTools(t *testing.T) {
	runRows(t, []parseRow{
		{"grep -F root /etc/passwd", 0, "POAA", "-F takes no value: root is the pattern, the file a path"},
		{"grep -e root -f pats /etc/passwd", 0, "POVOVA", "-e and -f take values"},
		{"grep -5 x f", 0, "POAA", "-NUM is context"},
		{"grep --colo=auto x f", 0, "POAA", "abbreviation of --color"},
		{"rg --pre ./x foo", EffExec, "POVA", "--pre runs a program"},
		{"rg --hostname-bin=./x foo", EffExec, "POA", "--hostname-bin runs a program"},
		{"rg -z foo", EffExec, "POA", "--search-zip runs decompressors"},
		{"rg -nz foo", EffExec, "POA", "-z in a cluster"},
		{"rg -n foo src", 0, "POAA", "a plain search"},
		{"rg --type go foo", 0, "POVA", "--type takes a value"},
		{"rg \"$X\" foo", EffExec | EffComputed, "PUA", "a computed first word could be --pre, with the program it runs"},
		{"rg -qz foo", EffExec, "POA", "z after a known letter"},
		{"rg -%z foo", EffExec, "PUA", "an unknown letter followed by z in an open model"},
		{"sort --compress-program=x f", EffExec, "POA", "--compress-program runs a program"},
		{"sort --compress=x f", EffExec, "POA", "abbreviation"},
		{"sort -o out -k2 f", 0, "POVOA", "-o takes a path, -k2 attached"},
		{"awk '{print $1}' f", 0, "PAA", "a print program"},
		{"awk '$1 > 5' f", 0, "PAA", "a comparison is not a redirection"},
		{"awk '$1 > \"b\" {print}' f", 0, "PAA", "a string comparison is not a redirection"},
		{"awk '{print > \"out\"}' f", EffExec, "PAA", "a print redirection writes a file"},
		{"awk '{system(\"id\")}'", EffExec | EffComputed, "PA", "system runs a command"},
		{"awk '{print | \"sh\"}'", EffExec | EffComputed, "PA", "a pipe to a command"},
		{"awk '{ if (a || b) print }'", 0, "PA", "|| is not a pipe"},
		{"awk '/system/ {print}' f", 0, "PAA", "a regex holding system"},
		{"awk '{print \"system(x)\"}' f", 0, "PAA", "a string holding system("},
		{"awk -F: -v x=1 '{print x}' f", 0, "POOVAA", "-F attached, -v with a value"},
		{"awk -f prog.awk f", EffExec, "POVA", "a program file cannot be read"},
		{"awk -e 'BEGIN{system(\"id\")}'", EffExec | EffComputed, "POV", "gawk -e"},
		{"awk '@load \"x\"'", EffExec | EffComputed, "PA", "an extension"},
		{"awk '{f=\"system\"; @f(\"id\")}'", EffExec | EffComputed, "PA", "an indirect call"},
		{"awk '{n = $1 / 2; print n}' f", 0, "PAA", "division is not a regex"},
		{"awk '{getline line < \"/etc/passwd\"}'", EffExec, "PA", "getline from a file"},
		{"less +!id f", EffExec | EffComputed, "POA", "+command runs pager commands"},
		{"less -R f", 0, "POA", "a plain pager"},
		{"man -P 'sh -c id' ls", EffExec, "POVA", "-P runs a pager"},
		{"man ls", 0, "PA", "a manual page"},
		{"vim -c '!id' f", EffExec | EffComputed, "POVA", "vim -c"},
		{"vim +!id f", EffExec | EffComputed, "POA", "vim +cmd"},
	})
}

func TestCompilers(t *testing.T) {
	runs := EffExec | EffComputed
	runRows(t, []parseRow{
		{"gcc -O2 -Wall -o app main.c", 0, "POOOAA", "everyday options are data"},
		{"clang++ -std=c++20 -I include x.cpp", 0, "POOAA", "clang's C++ name"},
		{"gcc -wrapper sudo,id x.c", runs, "POAA", "-wrapper runs every pass under a command"},
		{"gcc -B ./evil x.c", runs, "POAA", "-B chooses where the passes come from"},
		{"gcc -Bevil/ x.c", runs, "POA", "-B with its value attached"},
		{"gcc --prefix=evil/ x.c", runs, "POA", "--prefix is -B"},
		{"gcc --pref evil/ x.c", runs, "POAA", "a prefix of --prefix counts"},
		{"gcc -fplugin=./p.so x.c", runs, "POA", "a plugin is code"},
		{"gcc -specs=./s x.c", runs, "POA", "a specs file names commands"},
		{"clang -Xclang -load -Xclang ./p.so x.c", runs, "POOOAA", "clang loading a plugin"},
		{"gcc -Wl,-plugin,x.so x.c", runs, "POA", "the linker's plugin"},
		{"gcc -Xlinker -plugin x.c", runs, "POOA", "the linker's plugin, -Xlinker spelled"},
		{"cc -fuse-ld=/tmp/ld x.c", runs, "POA", "a linker named by its path"},
		{"cc -fuse-ld=lld x.c", 0, "POA", "a linker named by its name"},
		{"gcc @opts x.c", runs, "PAA", "a response file holds options"},
		{"gcc $CFLAGS x.c", runs, "PUA", "a computed word may be -wrapper"},
		{"gcc -- x.c", 0, "PEA", "the end of the options"},
	})
}

func TestDatabaseClients(t *testing.T) {
	runRows(t, []parseRow{
		{"psql -h prod -c x", EffExternal, "", "a host option"},
		{"psql -qhprod -c x", EffExternal, "", "the host in a cluster, attached"},
		{"psql -Uhank -c x", 0, "", "U takes the rest of the word: hank is a user"},
		{"psql --ho=prod", EffExternal, "", "an abbreviation of --host"},
		{"psql -d postgres://prod/app", EffExternal, "", "a URI as the database"},
		{"psql -d app", 0, "", "a database name"},
		{"psql 'host=prod dbname=app'", EffExternal, "", "a connection string"},
		{"psql -h localhost -p 5433 app", 0, "", "this machine"},
		{"psql -h /var/run/postgresql app", 0, "", "a socket's directory"},
		{"psql -h $H app", EffExternal, "", "a host known at run time"},
		{"psql -c $Q app", 0, "", "a computed command is no host (its escapes are judged elsewhere)"},
		{"mysql -hdb.prod -e x", EffExternal, "", "mysql's attached host"},
		{"mysql -uroot app", 0, "", "u takes a value"},
		{"redis-cli -h cache.prod get k", EffExternal, "", "redis-cli's host"},
		{"redis-cli -u redis://localhost:6379 get k", 0, "", "a local URL"},
		{"mongosh mongodb://prod/app", EffExternal, "", "a URI operand"},
		{"mongosh --eval db.x.find()", EffExec | EffComputed, "", "--eval is code, which the JavaScript reader judges (a query passes), and its value no URI"},
		{"cqlsh prod.example.com", EffExternal, "", "cqlsh's host operand"},
		{"sqlcmd -S prod -Q x", EffExternal, "", "sqlcmd's server"},
		{"sqlcmd -Sprod -Q x", EffExternal, "", "sqlcmd's server attached"},
		{"sqlcmd -Slocalhost -Q x", 0, "", "sqlcmd's server on this machine"},
		{"psql 'host = prod dbname=app'", EffExternal, "", "libpq allows spaces around ="},
		{"psql \"dbname=app host = 'prod'\" -c x", EffExternal, "", "a quoted value"},
		{"psql 'dbname=app host=localhost'", 0, "", "a connection string to this machine"},
		{"mongosh prod.example.com/app --eval x", EffExternal, "", "HOST/DB"},
		{"mongosh prod.example.com:27017/app", EffExternal, "", "HOST:PORT/DB"},
		{"mongosh 127.0.0.1:27017/app", 0, "", "a local HOST:PORT/DB"},
		{"mongosh app seed.js", 0, "", "a database on this machine and a script"},
		{"mongosh scripts/seed.js", 0, "", "a script is no address"},
		{"mysql --login-path=prod -e x", EffExternal, "", "a login path's server is in a file"},
		{"mysql --defaults-extra-file x.cnf -e x", EffExternal, "", "so is a defaults file's"},
	})
}

// connKeywords reads libpq's keyword = value syntax.
func TestConnKeywords(t *testing.T) {
	assert.Equal(t, [][2]string{{"host", "h"}, {"dbname", "a b"}}, connKeywords(" host = h dbname='a b'"))
	assert.Equal(t, [][2]string{{"host", "it's"}}, connKeywords(`HOST='it\'s'`))
	assert.Empty(t, connKeywords("app"))
	assert.Equal(t, [][2]string{{"a", ""}}, connKeywords("a= "))
}

// The options a database client's commands reader passes over are its
// model's: psql's and mysql's value options, and mysql's -p, whose
// password is only ever attached.
func TestClientValueOptions(t *testing.T) {
	psql := ClientValueOptions("psql")
	for _, o := range strings.Fields("-d --dbname -h --host -p --port -U --username -f --file -v --set --variable -o --output -P --pset -F -R -T -L --log-file") {
		assert.Contains(t, psql, o)
	}
	mysql := ClientValueOptions("mysql")
	for _, o := range strings.Fields("-h --host -P --port -u --user -D --database -S --socket --default-character-set") {
		assert.Contains(t, mysql, o)
	}
	assert.NotContains(t, mysql, "-p")
	assert.Nil(t, ClientValueOptions("ls"))
}
