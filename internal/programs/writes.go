package programs

import (
	"path"
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/programs/argmodel"
)

// Files a program writes to or removes. A word that names a file only
// read is judged by its literal text; a word a program writes to that
// holds an expansion is a path known only at run time, and reaches a
// protected path when some value of it may make it one (sort -o
// "$G/config" with G=.git). The copies, moves and links of treeWriters
// and the extractions of unpackers are judged on their own.

// writeRow says which words of a program name files it writes to or
// removes.
type writeRow struct {
	operands bool     // its operands: rm FILE…, touch FILE…, tee FILE…
	at       int      // with operands: only the at-th operand (uniq IN OUT: 2), 0 for every one
	skip     int      // with operands: the first skip operands are not files (chown OWNER FILE…: 1)
	values   string   // short options whose value is no file, skipped (touch -d DATE)
	short    string   // short options whose value it writes (sort -o FILE, -oFILE, -uo FILE)
	single   bool     // its options are single-dash names (go -ldflags): short ones only as -o FILE or -oFILE
	long     []string // long options whose value it writes, without the dashes, in any unambiguous abbreviation (--output FILE, --output=FILE, --out=FILE)
	keys     []string // KEY=FILE operands it writes (dd of=FILE)
	// inPlace and inPlaceLong are the options that make it write the path
	// operands its model finds (sed -i FILE…, but not sed's script); with
	// inPlaceValue, only when their value is that (gawk -i inplace).
	inPlace      string
	inPlaceLong  []string
	inPlaceValue string
	// removes: it removes its operands or changes who may use them, so an
	// operand that is a directory holding protected paths (.git, ~, the
	// project itself) reaches them.
	removes bool
	// metadata: it changes a file's mode, owner or times and writes none
	// of its content (chmod +x x.sh): what later runs the file runs what
	// was there before the command.
	metadata bool
	// deletes: find's starting points, removed with all they hold when
	// its expression deletes without a test of names (findDeleted).
	deletes bool
	// prefix: what it writes is a prefix of the names it writes (split
	// FILE x writes xaa, xab, …).
	prefix bool
	// field: the value of its output options is a list of KEY=VALUE
	// pairs, and the one of this key is what it writes (docker build
	// --output type=local,dest=DIR).
	field string
}

// pythonWrites reports a Python command line (v[0] the interpreter)
// that runs a module writing a file its words name: json.tool.
func pythonWrites(v []string) bool {
	m, _ := PythonModule(v)
	return m == "json.tool"
}

// ComputedOutputs calls fn with every word of a writer's command line
// (words: a segment's literal words; flags and mask as Judge's; splits
// the flag of a word bash may split) that the shell computes where it may
// become an output option, a KEY=FILE operand or, split, the operand that
// is written: git log ${y}t/config with
// y=--output=.gi, dd $x with x="if=a of=.git/config", xxd $x. Through
// the program's model where it has one, only a word in an option's place
// counts (git commit -m "$(cat m)" gives -m its value); without one, a
// word after an option may be its value and is passed over.
func ComputedOutputs(words []string, flags []uint8, mask, splits uint8, fn func(j int, text string)) {
	if len(flags) != len(words) {
		return
	}
	any := false
	for _, f := range flags {
		any = any || f&mask != 0
	}
	if !any {
		return // most command lines compute nothing
	}
	name, i := rowProgram(words)
	if i >= len(words) {
		return
	}
	row, ok := writeRows[name]
	if !ok || row.short == "" && row.long == nil && row.keys == nil && row.field == "" && row.at == 0 ||
		name == "git" && !gitOutputSubs[gitSubcommand(words[i:])] {
		return
	}
	var r *argmodel.Result
	if m := argmodel.Lookup(name); m != nil && len(words)-i <= MaxModelWords {
		r = readings.Get().(*argmodel.Result)
		defer readings.Put(r)
		argmodel.ParseFlags(r, m, words[i:], flags[i:], mask)
	}
	options := row.short != "" || row.long != nil || row.field != "" || row.keys != nil
	for j := i + 1; j < len(words); j++ {
		w := words[j]
		if name == "git" && (w == "--" || w == "--end-of-options") {
			return // operands from here on: pathspecs, revisions
		}
		split := flags[j]&splits != 0
		if flags[j]&mask == 0 || !MayBecomeOutput(w, row.keys, split) {
			continue
		}
		// An operand may become a KEY=FILE (dd "o$y"), or, split, shift
		// the operands so that one is the written (xxd $x): for those
		// rows an operand the model placed still counts.
		operandsCount := row.keys != nil || row.at > 0 && split
		switch {
		case !options && !split:
			continue // uniq "$IN": one word, and no option of its writes
		case split:
			// --format=$x, --author $x: split, a value may end and an
			// output option follow (x='a --output=.git/config').
		case r != nil && placed(r, words[i:], j-i, operandsCount):
			continue // an option's value, or an operand the model placed
		case r == nil && row.takesValue(words[j-1]):
			continue // the value of the option before it
		}
		fn(j, w)
	}
}

// takesValue reports an option word of the row's program, spelled whole,
// whose value is the next word: a short option of values or short
// (xxd -c COLS, sort -o FILE), a long option of long (--output FILE).
// Others are taken to take none (xxd -r -p $x: $x may be the operands).
func (row writeRow) takesValue(w string) bool {
	switch {
	case len(w) == 2 && w[0] == '-' && w[1] != '-':
		return strings.IndexByte(row.values+row.short, w[1]) >= 0
	case strings.HasPrefix(w, "--") && !strings.Contains(w, "="):
		return slices.Contains(row.long, w[2:])
	}
	return false
}

// placed reports a word the model read as an option's value, as an
// option, or (unless operands count) as an operand: not a computed word
// standing where an option may. A value counts only after its option
// spelled whole: the model reads an abbreviation of an option it knows
// (git log --deco $y as --decorate-refs), but the program may know a
// longer option that takes none (--decorate).
func placed(r *argmodel.Result, v []string, k int, operandsCount bool) bool {
	for _, it := range r.Items {
		if it.Word == k && it.Kind == argmodel.KindValue {
			return k > 0 && it.Opt != nil && spelledWhole(v[k-1], it.Opt)
		}
	}
	if k >= len(r.Words) {
		return false
	}
	switch r.Words[k] {
	case argmodel.KindUnknown:
		return false
	case argmodel.KindOperand:
		return !operandsCount
	}
	return true
}

// spelledWhole reports an option word that names o exactly (-m, --message),
// not by an abbreviation.
func spelledWhole(w string, o *argmodel.Option) bool {
	if o.Short != "" && w == "-"+o.Short {
		return true
	}
	for _, l := range o.Long {
		if w == "--"+l || w == "-"+l {
			return true
		}
	}
	return false
}

// gitOutputSubs are git's subcommands that take --output (the diff
// options) or write an operand or -o directory: a computed word in their
// command line may be one.
var gitOutputSubs = map[string]bool{"diff": true, "log": true, "show": true, "format-patch": true, "range-diff": true,
	"whatchanged": true, "diff-tree": true, "diff-files": true, "diff-index": true, "merge-file": true, "bundle": true,
	"archive": true, "reflog": true, "shortlog": true}

// MayBecomeOutput reports a word whose expansion may make it an option
// (its text before the first expansion is empty, or starts with '-' and
// names no option whole with its '=', unless split may end it there), or
// one of keys' KEY=FILE operands (that text is the start of KEY=), or,
// split, several operands: unless it is a whole $(git …) of a subcommand
// that prints only object names or refs (git diff $(git merge-base a b)),
// which no option starts. A word that starts with $PWD/ or $HOME/ stays
// a path.
func MayBecomeOutput(w string, keys []string, split bool) bool {
	k := strings.IndexAny(w, "$`")
	if k < 0 || argmodel.AbsoluteStart(w) && !split {
		return false
	}
	if split && !namesOnlySubstitution(w) {
		// HEAD$x, x=' --output=.git/config': split, a word after the
		// literal text may be any option (past $HOME/ or $PWD/, which
		// bash keeps as they are set).
		return strings.ContainsAny(argmodel.PastAbsoluteStart(w), "$`")
	}
	lit := w[:k]
	switch {
	case lit == "":
		return !namesOnlySubstitution(w)
	case lit[0] == '-':
		// --out$y or -$y: the option's name is computed; --grep="$x",
		// quoted, is --grep's value, which split may end (--grep=$x).
		return split || strings.IndexByte(lit, '=') < 0
	}
	for _, key := range keys {
		if strings.HasPrefix(key+"=", lit) {
			return true
		}
	}
	return false
}

// namesOnlySubstitution reports a word that is one command substitution
// of git printing object names only, followed by literal text at most: git
// merge-base, rev-parse and rev-list with options of namesOnlyOptions (no
// nested substitution).
func namesOnlySubstitution(w string) bool {
	if strings.HasPrefix(w, "$(") {
		// $(git merge-base a b)..HEAD, …^: a revision range or suffix
		// after it, with no expansion of its own, still starts with a name.
		if end := strings.IndexByte(w, ')'); end > 0 && !strings.ContainsAny(w[end+1:], "$`") {
			w = w[:end+1]
		}
	}
	f := substitutionFields(w)
	if len(f) < 2 || f[0] != "git" {
		return false
	}
	safe := namesOnlyOptions[f[1]]
	if safe == nil {
		return false
	}
	for _, a := range f[2:] {
		// An option outside the list may print text of its own
		// (rev-list --format=…); rev-parse prints back the options it
		// does not know.
		if strings.HasPrefix(a, "-") && !safe[a] {
			return false
		}
	}
	return true
}

// namesOnlyOptions are, per git subcommand that prints object names only,
// the options that keep it so.
var namesOnlyOptions = map[string]map[string]bool{
	"merge-base": {"--fork-point": true, "--octopus": true, "--independent": true},
	"rev-parse":  {"--short": true, "--verify": true, "-q": true, "--quiet": true},
	"rev-list":   {"--first-parent": true, "--no-merges": true, "--reverse": true, "--all": true, "-1": true},
}

// jsonToolOutput calls fn with the file python -m json.tool writes: its
// second operand (IN OUT), after its options (--indent N takes the next
// word). words[at] is the module's name.
func jsonToolOutput(words []string, at int, fn func(j int, text string)) {
	n := 0
	for j := at + 1; j < len(words); j++ {
		w := words[j]
		switch {
		case w == "--indent":
			j++
			continue
		case len(w) > 1 && w[0] == '-':
			continue
		}
		if n++; n == 2 || strings.Contains(w, "$@") {
			fn(j, w) // ("$@": the files git grep -O gives, the second among them)
			return
		}
	}
}

// MayWriteFiles reports, cheaply and generously, whether a segment's
// program (bits: its catalog bits) may write a file its words name: a
// writer, a copy, an unpacker, a download; git only with an output option
// or mv (git status writes nothing its words name).
func MayWriteFiles(words []string, bits Bits) bool {
	if bits&(Wrapper|Reserved|Privileged) != 0 && HasOutputAssignment(words) {
		return true // env GIT_TRACE=FILE git status, export HISTFILE=FILE
	}
	switch {
	case bits&Interpreter != 0:
		// python3 -m json.tool IN OUT
		i := programAt(words)
		if i < len(words) && argmodel.IsPython(BaseName(words[i])) && pythonWrites(words[i:]) {
			return true
		}
	}
	switch {
	case bits&(Writes|Trees|Unpacker|Effect|Assignment|PathName) == 0:
		return false
	case bits&(Trees|Unpacker|Assignment|PathName) != 0:
		return true
	}
	i := programAt(words)
	if i >= len(words) {
		return false
	}
	switch BaseName(words[i]) {
	case "git":
		for _, w := range words[i+1:] {
			if w == "mv" || strings.HasPrefix(w, "--o") || MayBecomeOutput(w, nil, true) && gitOutputSubs[gitSubcommand(words[i:])] {
				return true
			}
		}
		return false
	case "curl", "wget":
		return true
	case "cargo":
		// cargo writes its own target directory, from which it runs only
		// what it built; a row of sourceRemovers for what it removes.
		return cargoRemoves(words[i:])
	}
	return bits&Writes != 0
}

// DefaultPrefix returns the prefix of the names a splitter writes when
// its words name none: split's x, csplit's xx.
func DefaultPrefix(words []string) string {
	i := programAt(words)
	if i >= len(words) {
		return ""
	}
	switch BaseName(words[i]) {
	case "split":
		return "x"
	case "csplit":
		return "xx"
	}
	return ""
}

// MetadataOnly reports a program that changes its files' mode, owner or
// group and none of their content (chmod, chown, chgrp): running such a
// file afterwards runs what it held before the command.
func MetadataOnly(words []string) bool {
	i := programAt(words)
	return i < len(words) && writeRows[BaseName(words[i])].metadata
}

// WritesPrefixes reports a program whose written words (Written) are
// prefixes of the names it writes: split, csplit.
func WritesPrefixes(words []string) bool {
	i := programAt(words)
	return i < len(words) && writeRows[BaseName(words[i])].prefix
}

// writeRows are the programs that write to or remove the files their
// words name, with the words that do. Programs that only create or remove
// empty directories and special files (mkdir, rmdir, mkfifo) put no
// content anywhere and are not rows.
var writeRows = func() map[string]writeRow {
	m := map[string]writeRow{
		// Operands written whole.
		"tee":      {operands: true},                                                // tee FILE…: the copy of its input
		"sponge":   {operands: true},                                                // sponge FILE: its input, once read
		"rm":       {operands: true, removes: true},                                 // removed
		"unlink":   {operands: true, removes: true},                                 // removed
		"shred":    {operands: true, values: "nsx", removes: true},                  // overwritten, and removed with -u
		"truncate": {operands: true, values: "sr"},                                  // cut to a size (truncate -s0 FILE empties it)
		"touch":    {operands: true, values: "dtr"},                                 // created (an empty hook, a marker a tool trusts)
		"chmod":    {operands: true, removes: true, metadata: true},                 // its mode changed (chmod +x a hook); the model knows the mode
		"chown":    {operands: true, skip: 1, removes: true, metadata: true},        // its owner changed
		"chgrp":    {operands: true, skip: 1, removes: true, metadata: true},        // its group changed
		"setfacl":  {operands: true, values: "mMxX", removes: true, metadata: true}, // its access list changed (setfacl -R -m o::rwx . opens the project)
		"chacl":    {operands: true, skip: 1, removes: true, metadata: true},        // chacl ACL FILE…: its access list changed
		"chattr":   {operands: true, skip: 1, removes: true, metadata: true},        // its attributes changed (chattr -R +i .git)
		"zip":      {operands: true, at: 1},                                         // the archive, first of its operands
		"split":    {operands: true, at: 2, values: "abCln", prefix: true},          // split FILE PREFIX: files named PREFIXaa…
		"csplit":   {short: "f", long: []string{"prefix"}, prefix: true},            // csplit -f PREFIX: files named PREFIX00…
		"uniq":     {operands: true, at: 2, values: "fsw"},                          // uniq IN OUT: the second operand is written
		"xxd":      {operands: true, at: 2, values: "cglos"},                        // xxd IN OUT: the second operand is written
		"script":   {operands: true},                                                // script FILE: the typescript (the model knows -c CMD)
		// The value of an output option.
		"sort":  {short: "o", long: []string{"output"}},                    // sort -o FILE
		"gsort": {short: "o", long: []string{"output"}},                    // GNU sort
		"shuf":  {short: "o", long: []string{"output"}},                    // shuf -o FILE
		"tree":  {short: "o"},                                              // tree -o FILE: the listing
		"iconv": {short: "o", long: []string{"output"}},                    // iconv -o FILE
		"cpp":   {short: "o", single: true, operands: true, skip: 1},       // cpp -o FILE, and cpp IN OUT: an operand after its input is written
		"m4":    {short: "o", long: []string{"error-output", "debugfile"}}, // m4 -o FILE, --debugfile=FILE: its diagnostics (dumpdef writes any text)
		// pytest empties its --basetemp directory before the run: named .git,
		// the repository goes (also as python3 -m pytest: rowProgram).
		"pytest":  {long: []string{"basetemp"}, removes: true},
		"py.test": {long: []string{"basetemp"}, removes: true},
		// jest --clearCache empties its --cacheDirectory: named ., the project
		// goes.
		"jest":    {long: []string{"cacheDirectory", "cache-directory"}, removes: true},
		"curl":    {short: "oDc", long: []string{"output", "dump-header", "cookie-jar", "trace", "trace-ascii", "stderr", "libcurl", "etag-save", "output-dir"}},
		"wget":    {short: "OoaP", long: []string{"output-document", "output-file", "append-output", "directory-prefix", "save-cookies", "warc-file"}},
		"dd":      {keys: []string{"of"}},                                // dd of=FILE
		"go":      {short: "o", single: true},                            // go build -o FILE, go test -c -o FILE: a program, written
		"gcc":     {short: "o", single: true},                            // cc -o FILE
		"cc":      {short: "o", single: true},                            //
		"g++":     {short: "o", single: true},                            //
		"c++":     {short: "o", single: true},                            //
		"clang":   {short: "o", single: true},                            //
		"clang++": {short: "o", single: true},                            //
		"rustc":   {short: "o", single: true},                            // rustc -o FILE, --out-dir DIR (singleOut)
		"ctags":   {short: "fo", long: []string{"output"}},               // ctags -f FILE (universal-ctags: -o FILE)
		"openssl": {short: "", single: true},                             // openssl … -out FILE: see singleOut
		"patch":   {short: "o", long: []string{"output"}},                // patch -o FILE
		"docker":  {short: "o", long: []string{"output"}, field: "dest"}, // docker build -o type=local,dest=DIR: the build's files
		"podman":  {short: "o", long: []string{"output"}, field: "dest"}, //
		"sdiff":   {short: "o", long: []string{"output"}},                // sdiff -o FILE: the merged file
		"gpg":     {short: "o", long: []string{"output"}},                // gpg --dearmor -o FILE
		"uconv":   {short: "o"},                                          // uconv -o FILE
		"ftpget":  {operands: true},                                      // ftpget HOST LOCAL REMOTE: LOCAL, its one path operand (the model)
		"git":     {long: []string{"output", "output-directory"}},        // git log --output, git format-patch --output-directory
		// Options that make the path operands written in place.
		"sed":  {inPlace: "i", inPlaceLong: []string{"in-place"}}, // sed -i SCRIPT FILE…
		"gsed": {inPlace: "i", inPlaceLong: []string{"in-place"}}, //
		"perl": {inPlace: "i"},                                    // perl -pi -e CODE FILE…
		// gawk -i inplace PROGRAM FILE… (-f inplace -e PROGRAM FILE…); and the
		// files its --pretty-print, --profile and --dump-variables write
		// (-oFILE, -pFILE, -dFILE; attached only, the next word read as one
		// too: the safe side). awk may be gawk.
		"awk": {inPlace: "if", inPlaceLong: []string{"include", "file"}, inPlaceValue: "inplace",
			short: "opd", long: []string{"pretty-print", "profile", "dump-variables"}},
		"gawk": {inPlace: "if", inPlaceLong: []string{"include", "file"}, inPlaceValue: "inplace",
			short: "opd", long: []string{"pretty-print", "profile", "dump-variables"}},
		"yq": {inPlace: "i", inPlaceLong: []string{"inplace", "in-place"}, skip: 1}, // yq -i EXPR FILE (Python's yq: --in-place)
		// Trees removed.
		"find":  {removes: true, deletes: true}, // find DIR -delete: DIR and all it holds
		"gfind": {removes: true, deletes: true}, //
	}
	for name := range linkers {
		m[name] = writeRow{short: "o", long: []string{"output"}} // ld -o FILE (a.out without: ImplicitOutputs)
	}
	return m
}()

// singleOut are the single-dash output options of the single rows whose
// outputs are named otherwise than -o (openssl -out FILE).
var singleOut = map[string][]string{
	"openssl": {"-out", "-keyout"},
	// A compiler driver's dependency file and its other outputs (-MF
	// FILE, -aux-info FILE, -dumpdir DIR); rustc's directory of outputs.
	"gcc": ccOuts, "cc": ccOuts, "g++": ccOuts, "c++": ccOuts, "clang": ccOuts, "clang++": ccOuts,
	"rustc": {"--out-dir"},
}

// ccOuts are a compiler driver's outputs besides -o: its dependency
// file, its auxiliary outputs, and -o's long spelling.
var ccOuts = []string{"-MF", "-aux-info", "-dumpdir", "--output"}

// Removes reports whether the program of words (after assignments)
// removes the files its operands name, or changes who may use them (rm,
// chmod), or removes them with an option (sourceRemovers): a directory
// among them takes everything it holds along.
func Removes(words []string) bool {
	name, i := rowProgram(words)
	if i >= len(words) {
		return false
	}
	if f := sourceRemovers[name]; f != nil {
		return f(words[i:])
	}
	return writeRows[name].removes
}

// RemovesOperands reports a program (after assignments) that removes the
// files its operands name or changes who may use them, whatever its
// options (rm, unlink, chmod): its row of writeRows says so.
func RemovesOperands(words []string) bool {
	name, i := rowProgram(words)
	r := writeRows[name]
	return i < len(words) && r.removes && r.operands
}

// rowProgram returns the name whose row of writeRows or sourceRemovers
// tells what words (a segment's, assignments first) write, and the index
// of its word: the program's, or, for python -m MODULE, the module's when
// it has a row (python3 -m pytest --basetemp=.git). i is len(words) for
// no program.
func rowProgram(words []string) (name string, i int) {
	i = programAt(words)
	if i >= len(words) {
		return "", i
	}
	name = BaseName(words[i])
	if !strings.HasPrefix(name, "py") {
		if _, ok := writeRows[name]; !ok {
			if row := argmodel.RowNames()[name]; row != "" && hasWriteRow(row) {
				return row, i // gfortran is gcc, wget2 is wget: the row of the model they share
			}
		}
		return name, i // (every Python's name, and pytest's, starts so)
	}
	if !argmodel.IsPython(name) {
		return argmodel.Versionless(name), i // pytest-3
	}
	if m, at := PythonModule(words[i:]); m != "" && (writeRows[m].removes || writeRows[m].long != nil || m == "json.tool") {
		return m, i + at
	}
	return name, i
}

// sourceRemovers are the programs that remove the files (and, given a
// directory, the trees) their operands name when an option says so: an
// archiver that moves them into the archive, a copier that removes what it
// sent, a compressor that replaces each file by its compressed or
// decompressed one (gzip -r . replaces .git/config by .git/config.gz, gzip
// -dr . writes permissions.json from permissions.json.gz). Each row tells
// whether a view removes; every word after the program is then read as a
// removed path (the archive's name included, which costs nothing).
var sourceRemovers = func() map[string]func(v []string) bool {
	m := map[string]func(v []string) bool{
		"tar":    tarRemoves,
		"gtar":   tarRemoves,
		"bsdtar": tarRemoves,
		"zip":    func(v []string) bool { return hasShort(v, 'm') || anyLong(v, "move") },
		"rsync":  func(v []string) bool { return anyLong(v, "remove-source-files", "remove-sent-files") },
		"cargo":  cargoRemoves,
		"go":     goCleansModules,
		"7z":     sevenZipDeletes,
		"7za":    sevenZipDeletes,
		"7zr":    sevenZipDeletes,
	}
	for name := range decompressors {
		m[name] = replacesOperands
	}
	return m
}()

func tarRemoves(v []string) bool { return anyLong(v, "remove-files") }

// cargoRemoves reports cargo clean, which removes its target directory
// whole (--target-dir DIR, an output of cargo's model: cargo clean
// --target-dir .git takes the repository), and cargo vendor without
// --no-delete, which empties the directory it vendors into (cargo vendor
// ~).
func cargoRemoves(v []string) bool {
	if !slices.Contains(v, "clean") && !slices.Contains(v, "vendor") {
		return false // (most cargo commands: no parse)
	}
	switch sub, _ := ModelVerb(v); sub {
	case "clean":
		return true
	case "vendor":
		return !anyLong(v, "no-delete")
	}
	return false
}

// goCleansModules reports go clean -modcache (in any spelling of go's
// flag package), which removes the module cache whole: GOMODCACHE's
// directory, which the command may set (GOMODCACHE=~ go clean -modcache
// takes the home directory).
func goCleansModules(v []string) bool {
	if !slices.Contains(v, "clean") {
		return false // (most go commands)
	}
	if sub, _ := GoSubcommand(v); sub != "clean" {
		return false
	}
	return slices.ContainsFunc(v[1:], func(w string) bool {
		f, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
		return strings.HasPrefix(w, "-") && f == "modcache"
	})
}

// RemovedVariables returns the variables that name a directory the
// command of words (its program after its assignments) removes whole:
// GOMODCACHE for go clean -modcache, cargo's target directory for cargo
// clean. A value the command gives one is a removed directory.
func RemovedVariables(words []string) []string {
	i := programAt(words)
	if i >= len(words) {
		return nil
	}
	switch BaseName(words[i]) {
	case "go":
		if goCleansModules(words[i:]) {
			return goCacheVariables
		}
	case "cargo":
		if slices.Contains(words[i:], "clean") {
			if sub, _ := ModelVerb(words[i:]); sub == "clean" {
				return cargoTargetVariables
			}
		}
	}
	return nil
}

var (
	goCacheVariables     = []string{"GOMODCACHE"}
	cargoTargetVariables = []string{"CARGO_TARGET_DIR", "CARGO_BUILD_TARGET_DIR"}
)

// sevenZipDeletes reports 7-Zip's -sdel, whose switches take any case.
func sevenZipDeletes(v []string) bool {
	return slices.ContainsFunc(v[1:], func(w string) bool { return strings.EqualFold(w, "-sdel") })
}

// replacesOperands reports a compressor or decompressor that replaces the
// files it is given: not one that writes to its output (-c, zcat) or only
// tests or lists them.
func replacesOperands(v []string) bool {
	return !compressorShort(v, "ctl") && !anyLong(v, "stdout", "to-stdout", "test", "list")
}

// tarArchive calls fn for the archive a tar of words (its program at i)
// writes: the -f FILE of one that creates, appends to or updates an
// archive (tar czf x.tgz dir, tar -rf x.tar f). A package installer may
// then build what is in it (pip wheel ./x.tar.gz runs its setup.py).
// ArchivedTrees calls fn with the index in v (its program after its
// assignments) of each word naming a tree that an archiver reads whole
// into the archive it makes: tar's files and the directories its -C
// moves to, when it creates, appends or updates (tar czf x.tgz ~, tar c .
// | base64); zip's files past the archive, when it recurses (zip -r);
// 7-Zip's past the archive of its a command. The archive holds every file
// under them, the protected ones too, and prints them where it goes to the
// output or is read back (tar xOf). So do the other programs that read a
// tree whole into what they print or write: a recursive compressor (gzip
// -rc ~ prints every file of the home), a recursive copy's sources (cp -r
// ~ /tmp/h, whose copy a later reader walks), and git diff --no-index's
// operands (it prints every file of a directory the other lacks).
func ArchivedTrees(v []string, fn func(k int)) {
	at := programAt(v)
	if at >= len(v) || len(v)-at > MaxModelWords {
		return
	}
	switch name := BaseName(v[at]); name {
	case "tar", "gtar", "bsdtar":
		r := readings.Get().(*argmodel.Result)
		defer readings.Put(r)
		argmodel.ParseFlags(r, argmodel.Lookup(name), v[at:], nil, 0)
		if !tarCreates(r) {
			return
		}
		for _, it := range r.Items {
			if it.Kind == argmodel.KindOperand || it.ValueOf("directory") {
				fn(at + it.Word)
			}
		}
	case "zip":
		recursive := slices.ContainsFunc(v[at+1:], func(w string) bool {
			return len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.ContainsAny(w, "rR") || strings.HasPrefix(w, "--recurse")
		})
		if recursive {
			seen := 0
			operands(v, at+1, func(k int) {
				if seen++; seen > 1 {
					fn(k) // (the first is the archive)
				}
			})
		}
	case "gzip", "pigz", "zstd", "pzstd", "lz4", "brotli", "lzop":
		if anyShort(v[at:], "r") || anyLong(v[at:], "recursive") {
			operands(v, at+1, fn)
		}
	case "cp", "gcp", "rsync":
		if CopiesTrees(v[at:]) {
			named, _ := TargetDirectory(v[at:]) // cp -r -t DIR SRC…: every operand is a source
			n := operands(v, at+1, func(int) {})
			seen := 0
			operands(v, at+1, func(k int) {
				if seen++; seen < n || named {
					fn(k) // the sources: every operand but the destination
				}
			})
		}
	case "git":
		if gitSubcommand(v[at:]) == "diff" && anyLong(v[at:], "no-index") {
			operands(v, at+gitSubcommandAt(v[at:])+1, fn)
		}
	case "7z", "7za", "7zr":
		seen := 0
		operands(v, at+1, func(k int) {
			seen++
			switch {
			case seen == 1 && v[k] != "a":
				seen = -len(v) // another command: x, l, t, …
			case seen > 2:
				fn(k) // 7z a ARCHIVE TREE…
			}
		})
	}
}

// tarCreates reports a reading of tar that creates, appends to or
// updates an archive (-c, -r, -u, -A and their long spellings).
func tarCreates(r *argmodel.Result) bool {
	for _, it := range r.Items {
		if o := it.Opt; o != nil && it.Kind == argmodel.KindOption && (strings.ContainsAny(o.Short, "cruA") && o.Short != "" ||
			slices.ContainsFunc(o.Long, func(l string) bool {
				return l == "create" || l == "append" || l == "update" || l == "catenate" || l == "concatenate"
			})) {
			return true
		}
	}
	return false
}

func tarArchive(words []string, i int, fn func(j int, text string)) {
	m := argmodel.Lookup(words[i])
	if m == nil || len(words)-i > MaxModelWords {
		return
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, words[i:], nil, 0)
	file, at := "", -1
	for _, it := range r.Items {
		if it.ValueOf("file") {
			file, at = it.Text, i+it.Word
		}
	}
	if at >= 0 && file != "-" && tarCreates(r) {
		fn(at, file)
	}
}

// NamesFromList reports an archiver or copier (words are a segment's,
// assignments first) that takes the names of the files it works on from a
// file or its input (tar -T l, rsync --files-from=l, zip -@), which the
// engine cannot see: what it removes (Removes), or what it writes into its
// destination under those names.
func NamesFromList(words []string) bool {
	i := programAt(words)
	if i >= len(words) {
		return false
	}
	v := words[i:]
	switch BaseName(v[0]) {
	case "tar", "gtar", "bsdtar":
		// A directory option makes the names relative to it (-C .git
		// config), which the operands' words do not show either; an
		// old-style bundle (tar cfT x.tar l) holds its letters without a
		// dash.
		bundle := len(v) > 1 && !strings.HasPrefix(v[1], "-") && strings.ContainsAny(v[1], "TC")
		return bundle || hasShort(v, 'T') || hasShort(v, 'C') || anyLong(v, "files-from", "directory")
	case "rsync":
		return anyLong(v, "files-from")
	case "zip":
		return hasShort(v, '@') || anyLong(v, "names-stdin")
	case "setfacl":
		// setfacl --restore=FILE sets the lists a getfacl dump names, on
		// the files it names (# file: .env).
		return anyLong(v, "restore")
	}
	return false
}

// stdinFiles are file names that are the standard input itself.
var stdinFiles = map[string]bool{"/dev/stdin": true, "/dev/fd/0": true, "/proc/self/fd/0": true, "-": true}

// IsStdinFile reports a file name that is the standard input itself
// (/dev/stdin, /dev/fd/0, -).
// A name is read as the kernel resolves it: /dev//stdin and /dev/./stdin
// are /dev/stdin.
func IsStdinFile(name string) bool { return stdinFiles[name] || stdinFiles[path.Clean(name)] }

// NamesFromInput reports a program (words are a segment's, assignments
// first) that reads the names of files or of git objects from its
// standard input and then reads, archives or stores those files: git
// hash-object --stdin-paths, git update-index --stdin, git cat-file
// --batch (HEAD:.env), zip -@, tar -T -, rsync --files-from=-, cpio -o,
// pax -w, sort, wc and du --files0-from=-, find -files0-from -; and the
// processors of text whose directives name the files they read (cpp and a
// compiler given - as its source, roff's soelim and groff, the assembler,
// TeX, docutils' rst2*).
// A here-string's or here-document's names are then words of it.
func NamesFromInput(words []string) bool {
	i := programAt(words)
	if i >= len(words) {
		return false
	}
	v := words[i:]
	stdinList := func(short byte, long string) bool {
		for k, w := range v[1:] {
			next := k+2 < len(v) && (v[k+2] == "-" || v[k+2] == "/dev/stdin")
			switch {
			case w == "--"+long+"=-" || w == "--"+long+"=/dev/stdin":
				return true
			case w == "--"+long && next, short != 0 && w == "-"+string(short) && next:
				return true
			case short != 0 && (w == "-"+string(short)+"-" || w == "-"+string(short)+"/dev/stdin"):
				return true
			}
		}
		return false
	}
	name := argmodel.Versionless(BaseName(v[0])) // gcc-12, x86_64-linux-gnu-gcc
	if strings.HasPrefix(name, "rst2") {
		return true // .. include:: .env
	}
	switch name {
	case "git":
		switch gitSubcommand(v) {
		case "hash-object":
			return slices.Contains(v, "--stdin-paths")
		case "update-index", "check-attr", "check-ignore", "checkout-index":
			return slices.Contains(v, "--stdin")
		case "cat-file":
			return slices.ContainsFunc(v, func(w string) bool { return strings.HasPrefix(w, "--batch") })
		}
	case "zip":
		return hasShort(v, '@') || anyLong(v, "names-stdin")
	case "tar", "gtar", "bsdtar":
		return stdinList('T', "files-from")
	case "rsync":
		return stdinList(0, "files-from")
	case "cpio":
		return hasShort(v, 'o') || hasShort(v, 'p') || anyLong(v, "create", "pass-through")
	case "cpp", "soelim", "groff", "nroff", "troff", "pic", "gpic", "dpic", "as", "gas", "tex", "latex", "pdflatex", "xelatex", "lualatex":
		// Text whose directives name files the program reads into its
		// output: #include ".env", roff's .so, pic's copy ".env", the
		// assembler's .incbin, TeX's \input.
		return true
	}
	if ccDriver(name) {
		return slices.ContainsFunc(v[1:], IsStdinFile) // the source from the input: gcc -E -x c -
	}
	switch name {
	case "sort", "gsort", "wc", "gwc", "du", "gdu":
		// GNU's --files0-from=- reads the names of the files to read,
		// each ending in a NUL, from the input (or from a process
		// substitution's).
		return stdinList(0, "files0-from") || slices.ContainsFunc(v, func(w string) bool {
			return strings.HasPrefix(w, "--files0-from=<(")
		})
	case "find", "gfind":
		// find -files0-from - (findutils 4.9) reads its starting points so.
		for k := 1; k+1 < len(v); k++ {
			if v[k] == "-files0-from" && (v[k+1] == "-" || v[k+1] == "/dev/stdin") {
				return true
			}
		}
	case "pax":
		// pax -w with no file operand archives the names its input lists
		// (pax -rw copies them), as cpio -o does.
		if !hasShort(v, 'w') {
			return false
		}
		for k := 1; k < len(v); k++ {
			w := v[k]
			if len(w) < 2 || w[0] != '-' {
				return false // a file operand: the names are the words'
			}
			if strings.ContainsAny(w[len(w)-1:], "bfopsxTUG") {
				k++ // -f ARCHIVE, -x FORMAT, …: the next word is its value
			}
		}
		return true
	}
	return false
}

// WritesOperands reports a view whose program writes to, removes, copies
// or links the files its operands name, so that operands appended from
// input (xargs rm) may name a protected one: a row of treeWriters, a
// writeRows row that writes its operands, or one that writes them in
// place with its in-place option given (xargs sed -i, not xargs sed -n).
func WritesOperands(v []string) bool {
	if len(v) == 0 {
		return false
	}
	name := BaseName(v[0])
	if treeWriters[name] {
		return true
	}
	if f := sourceRemovers[name]; f != nil {
		return f(v) // xargs gzip, find -exec gzip {} +
	}
	if name == "git" {
		// git rm, restore, checkout, mv, clean and stash push remove or
		// rewrite the paths their operands name (xargs git rm); log, diff,
		// show and format-patch write the file an --output or -o among
		// their words names (xargs git log <<< '--output=.git/config').
		switch gitSubcommand(v) {
		case "rm", "restore", "checkout", "mv", "clean", "stash", "reset", "log", "diff", "show", "format-patch", "whatchanged":
			return true
		}
	}
	row, ok := writeRows[name]
	if !ok || row.operands {
		return ok
	}
	inPlace := false
	for j := 1; j < len(v) && !inPlace; j++ {
		w := v[j]
		switch {
		case w == "--":
			return false
		case strings.HasPrefix(w, "--"):
			long, _, _ := strings.Cut(w[2:], "=")
			inPlace = abbreviates(long, row.inPlaceLong)
		case len(w) > 1 && w[0] == '-':
			j = row.cluster(v, j, func(int, string) {}, &inPlace)
		}
	}
	return inPlace
}

// Written calls fn with every word of a segment (after assignments before
// the program) that its program writes to or removes, and the text of the
// word that names the file (the value of -oFILE, of=FILE, --output=FILE).
// It calls nothing for a program that writes no file its words name.
func Written(words []string, fn func(j int, text string)) {
	outputAssignments(words, fn)
	name, i := rowProgram(words)
	if i >= len(words) {
		return
	}
	modelOutputs(words, i, fn)
	if name == "tar" || name == "gtar" || name == "bsdtar" {
		tarArchive(words, i, fn)
	}
	if name == "json.tool" {
		jsonToolOutput(words, i, fn)
		return
	}
	if f := sourceRemovers[name]; f != nil && f(words[i:]) {
		operands(words, i+1, func(j int) { fn(j, words[j]) })
		for j := i + 1; j < len(words); j++ {
			if _, v, ok := strings.Cut(words[j], "="); ok && strings.HasPrefix(words[j], "--") && v != "" {
				fn(j, v) // cargo clean --target-dir=.git: an attached value, read as removed too
			}
		}
		return
	}
	row, ok := writeRows[name] // (go build -o FILE, zip ARCHIVE …: what they write when they remove nothing)
	if !ok {
		return
	}
	if row.field != "" {
		out := fn
		fn = func(j int, list string) {
			if !strings.Contains(list, "=") {
				out(j, list) // a plain path: docker build -o DIR, docker save -o FILE
				return
			}
			for _, kv := range strings.Split(list, ",") {
				if k, v, ok := strings.Cut(kv, "="); ok && strings.TrimSpace(k) == row.field {
					out(j, v)
				}
			}
		}
	}
	if row.deletes {
		findDeleted(words, i, fn)
		return
	}
	if name == "git" && gitSubcommand(words[i:]) == "bundle" {
		// git bundle create FILE REV…: the bundle, the operand after
		// create.
		seen := 0
		operands(words, i+1, func(j int) {
			if words[j-1] == "--version" {
				return // bundle create --version 2 FILE: the version's value
			}
			if seen == 2 {
				fn(j, words[j])
			}
			if seen > 0 || words[j] == "bundle" {
				seen++
			}
			if seen == 2 && words[j] != "create" {
				seen = 3 // another of its commands: verify, list-heads, unbundle
			}
		})
	}
	if name == "git" && gitSubcommand(words[i:]) == "mv" {
		// git mv SRC… DST: every operand is written (removed or made).
		mv := false
		operands(words, i+1, func(j int) {
			if mv {
				fn(j, words[j])
			}
			mv = mv || words[j] == "mv"
		})
		return
	}
	if row.single {
		passedLists(name, words, i+1, fn)
	}
	inPlace := false
	opts := true
	for j := i + 1; j < len(words); j++ {
		w := words[j]
		switch {
		case opts && w == "--":
			opts = false
		case opts && row.single && strings.HasPrefix(w, "--"):
			j = row.singleDash(name, words, j, fn) // go accepts --ldflags as -ldflags
		case opts && strings.HasPrefix(w, "--"):
			long, val, attached := strings.Cut(w[2:], "=")
			switch {
			case abbreviates(long, row.inPlaceLong):
				if row.inPlaceValue != "" && !attached && j+1 < len(words) {
					j++
					val = words[j]
				}
				inPlace = inPlace || row.inPlaceBy(val)
			case !abbreviates(long, row.long):
			case attached:
				fn(j, val)
			case j+1 < len(words):
				j++
				fn(j, words[j])
			}
		case opts && row.single && len(w) > 1 && w[0] == '-':
			j = row.singleDash(name, words, j, fn)
		case opts && len(w) > 1 && w[0] == '-':
			j = row.cluster(words, j, fn, &inPlace)
		default:
			for _, k := range row.keys {
				if v, ok := strings.CutPrefix(w, k+"="); ok {
					fn(j, v)
				}
			}
		}
	}
	if row.operands || inPlace {
		k := 0
		pathOperands(words[i:], i, row.values, func(j int, text string) {
			k++
			if k > row.skip && (row.at == 0 || k == row.at) {
				fn(j, text)
			}
		})
	}
}

// outputAssignments calls fn with the value of every NAME=value word of
// words (before the program, after env or sudo, in export) whose variable
// names a file a program writes: git's traces (GIT_TRACE=/p/.git/HEAD
// git status appends to the ref), TLS key logs, histories, coverage data.
// An echo of one is judged so too, the safe side.
func outputAssignments(words []string, fn func(j int, text string)) {
	for j, w := range words {
		name, value, ok := strings.Cut(w, "=")
		if ok && value != "" && outputVariable(name) {
			fn(j, value)
		}
	}
}

// HasOutputAssignment reports a NAME=value word of words whose variable
// names a file a program writes (outputAssignments).
func HasOutputAssignment(words []string) bool {
	found := false
	outputAssignments(words, func(int, string) { found = true })
	return found
}

// outputVariable reports a variable whose value names a file or a
// directory a program writes. (Git's traces also take 1, 2 or a
// descriptor's number, which is no path: judged as one, the name of a
// file in the working directory, it reaches nothing.)
func outputVariable(name string) bool {
	switch {
	case strings.HasPrefix(name, "GIT_TRACE"):
		return true // GIT_TRACE, GIT_TRACE_PACKET, GIT_TRACE2_EVENT, …
	}
	return outputVariables[name]
}

// outputVariables name the files (or directories) a program writes.
var outputVariables = map[string]bool{
	"SSLKEYLOGFILE": true, "HISTFILE": true, "LESSHISTFILE": true, "NODE_REPL_HISTORY": true,
	"PYTHON_HISTORY": true, "SQLITE_HISTORY": true, "MYSQL_HISTFILE": true, "PSQL_HISTORY": true,
	"REDISCLI_HISTFILE": true, "LLVM_PROFILE_FILE": true, "GCOV_PREFIX": true, "GOCOVERDIR": true,
	"COVERAGE_FILE": true, "NODE_V8_COVERAGE": true,
	"GOMODCACHE": true, // go's module cache, which go clean -modcache removes whole
	// cargo's target directory (CARGO_TARGET_DIR is also a variable that
	// chooses code: shell's hidden environment)
	"CARGO_BUILD_TARGET_DIR": true,
}

// modelOutputs calls fn with the value of every Output option of the
// model of the program at words[i] (find -fprint FILE, tar --index-file
// FILE, time -o FILE): its model reads the options, clusters, attached
// values and abbreviations as the program does.
func modelOutputs(words []string, i int, fn func(j int, text string)) {
	m := argmodel.Lookup(words[i])
	if m == nil || !m.WritesOutputs() || len(words)-i > MaxModelWords {
		return
	}
	bundle := i+1 < len(words) && !strings.HasPrefix(words[i+1], "-") && m.MayNameOutput("-"+words[i+1])
	if !bundle && !slices.ContainsFunc(words[i+1:], m.MayNameOutput) {
		return // no word spells one of its outputs (git status, docker ps); tar cgf's letters may
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, words[i:], nil, 0)
	var last *argmodel.Option // an option's first value is its Output
	for _, it := range r.Items {
		if it.Kind == argmodel.KindOption {
			last = nil
		}
		if it.Kind == argmodel.KindValue && it.Opt != nil && it.Opt.Output && it.Opt != last {
			fn(i+it.Word, it.Text)
			last = it.Opt
		}
	}
}

// findDeleted calls fn with the starting points of the find at words[i]
// when its expression deletes (-delete) and tests no names: find DIR
// -delete, find DIR -type f -delete and find DIR -mindepth 1 -delete
// remove all DIR holds, .git and .env among it. A test of names (-name,
// -path, -regex) picks the files it deletes (DeletedNames reads them),
// unless an operator (-o, !, ",") may turn the test around (find . -name
// x -o -delete). The words are read through find's model: a value such
// as -printf's is no test.
func findDeleted(words []string, i int, fn func(j int, text string)) {
	r, ok := readFind(words[i:])
	if !ok {
		return
	}
	defer readings.Put(r)
	deletes, names, turned := findExpression(r, words[i:])
	if !deletes || names && !turned {
		return
	}
	found := false
	for _, it := range r.Items {
		if it.Kind == argmodel.KindOperand {
			fn(i+it.Word, it.Text)
			found = true
		}
	}
	if !found {
		fn(i, ".") // no starting point: find starts at "."
	}
}

// readFind reads a find command's words (words[0] is find) through its
// model; the caller puts the result back in readings.
func readFind(words []string) (*argmodel.Result, bool) {
	m := argmodel.Lookup("find")
	if m == nil || len(words) > MaxModelWords {
		return nil, false
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, words, nil, 0)
	return r, true
}

// findExpression reports whether the expression of a find (words, read
// into r) deletes, tests
// names, and holds an operator that may turn a test around.
func findExpression(r *argmodel.Result, words []string) (deletes, names, turned bool) {
	for _, it := range r.Items {
		if it.Kind != argmodel.KindOption || it.Opt == nil {
			continue
		}
		switch n := primary(it.Opt); {
		case n == "delete":
			deletes = true
		case findNameTests[n] != 0:
			names = true
		case n == "o" || n == "or" || n == "not":
			turned = true
		}
	}
	for j, k := range r.Words {
		if k == argmodel.KindOperator && (words[j] == "!" || words[j] == ",") {
			turned = true
		}
	}
	return deletes, names, turned
}

// primary is the name of a find primary, without its dash.
func primary(o *argmodel.Option) string {
	if len(o.Long) > 0 {
		return o.Long[0]
	}
	return ""
}

// NameTest is how a test of find reads its pattern.
type NameTest uint8

const (
	NameTestNone  NameTest = iota
	NameTestBase           // -name, -iname: a glob of the last component
	NameTestPath           // -path, -wholename: a glob of the whole path
	NameTestRegex          // -regex: a regular expression of the whole path
)

// findNameTests are find's tests of a file's name or path. -lname tests
// a link's target, not the name of what it deletes: no name test.
var findNameTests = map[string]NameTest{"name": NameTestBase, "iname": NameTestBase,
	"path": NameTestPath, "ipath": NameTestPath, "wholename": NameTestPath, "iwholename": NameTestPath,
	"regex": NameTestRegex, "iregex": NameTestRegex}

// DeletedNames calls fn with every name test of a find (words after
// assignments) whose expression deletes the files that pass it: j is the
// pattern's word. A test that an operator may turn around deletes trees,
// which Written reports.
func DeletedNames(words []string, fn func(j int, pattern string, t NameTest)) {
	i := programAt(words)
	if i >= len(words) || !writeRows[BaseName(words[i])].deletes {
		return
	}
	r, ok := readFind(words[i:])
	if !ok {
		return
	}
	defer readings.Put(r)
	if deletes, names, turned := findExpression(r, words[i:]); !deletes || !names || turned {
		return
	}
	for _, it := range r.Items {
		if it.Kind == argmodel.KindValue && it.Opt != nil {
			if t := findNameTests[primary(it.Opt)]; t != NameTestNone {
				fn(i+it.Word, it.Text, t)
			}
		}
	}
}

// singleDash reads the single-dash option at words[j] of a program whose
// options are names (go -ldflags, gcc -Wall): -o FILE and -oFILE write
// FILE (or singleOut's name and its value); any other option is passed
// over, with no value read into it. It returns the index of the last word
// read.
func (row writeRow) singleDash(name string, words []string, j int, fn func(int, string)) int {
	w := words[j]
	outs := singleOut[name]
	if _, next := passedOn(name, w); next {
		return min(j+1, len(words)-1) // its list is passedLists's
	} else if list, _ := passedOn(name, w); list != "" {
		return j // its list is passedLists's
	}
	goFlag := name == "go" // the flag package: --o is -o, and -o=FILE
	if (goFlag || name == "openssl") && strings.HasPrefix(w, "--") {
		w = w[1:] // OpenSSL 3 reads --out as -out, and --out=FILE
	}
	if k := strings.IndexByte(w, '='); k > 1 && (goFlag || slices.Contains(outs, w[:k])) || k > 1 && name == "openssl" && slices.Contains(outs, w[:k]) {
		// go's flag package: -o=FILE, --o=FILE; rustc --out-dir=DIR
		if opt := w[:k]; slices.Contains(outs, opt) || row.short != "" && len(opt) == 2 && strings.IndexByte(row.short, opt[1]) >= 0 {
			fn(j, w[k+1:])
		}
		return j
	}
	switch {
	case slices.Contains(outs, w) || row.short != "" && len(w) == 2 && strings.IndexByte(row.short, w[1]) >= 0:
		if j+1 < len(words) {
			j++
			fn(j, words[j])
		}
	case attachedOut(outs, w) != "":
		fn(j, attachedOut(outs, w)) // cc -MFFILE
	case row.short != "" && len(w) > 2 && strings.IndexByte(row.short, w[1]) >= 0 && name != "go" && name != "rustc" && name != "openssl":
		fn(j, w[2:]) // cc -oFILE
	}
	return j
}

// attachedOut returns the value attached to one of a compiler driver's
// two-letter outputs (-MFdeps.d), or "".
func attachedOut(outs []string, w string) string {
	for _, o := range outs {
		if len(o) == 3 && len(w) > 3 && strings.HasPrefix(w, o) {
			return w[3:]
		}
	}
	return ""
}

// PassesOptions reports a compiler driver's or go's words that hand a
// list of options to another tool (cc -Wl,-o,FILE, go build -ldflags),
// or a program whose output options hold KEY=VALUE lists (docker build
// -o type=local,dest=DIR): Written names files no word names whole.
func PassesOptions(words []string) bool {
	i := programAt(words)
	if i >= len(words) {
		return false
	}
	name := BaseName(words[i])
	if row := writeRows[name]; row.field != "" {
		return true // docker build -o type=local,dest=DIR
	} else if !row.single {
		return false
	}
	for _, w := range words[i+1:] {
		if list, next := passedOn(name, w); next || list != "" {
			return true
		}
	}
	return false
}

// passedOn reports an option of a compiler driver or of go that hands a
// list of options to another tool (the linker, assembler, preprocessor,
// compiler): the list, when the option's word holds it, or next, when
// the next word is the list.
func passedOn(name, w string) (list string, next bool) {
	if name == "go" {
		for _, o := range goToolFlags {
			switch {
			case w == o || w == "-"+o:
				return "", true
			case strings.HasPrefix(w, o+"=") || strings.HasPrefix(w, "-"+o+"="):
				return w[strings.IndexByte(w, '=')+1:], false
			}
		}
		return "", false
	}
	switch {
	case strings.HasPrefix(w, "-Wl,") || strings.HasPrefix(w, "-Wa,") || strings.HasPrefix(w, "-Wp,"):
		return strings.ReplaceAll(w[4:], ",", " "), false
	case w == "-Xlinker" || w == "-Xassembler" || w == "-Xpreprocessor":
		return "", true
	}
	return "", false
}

// goToolFlags are go's build flags whose values are the options of the
// tool they are handed to.
var goToolFlags = []string{"-ldflags", "-gcflags", "-asmflags", "-gccgoflags"}

// passedLists calls fn with every file that the lists of options a
// compiler driver or go hands to another tool (-Wl,…, -Xlinker WORD,
// -ldflags …) name as ones the tool writes. The lists of one tool are
// read as one, in order: cc -Xlinker -o -Xlinker FILE and -Wl,-o -Wl,FILE
// hand the linker "-o FILE". j is the word each name came from.
func passedLists(name string, words []string, from int, fn func(j int, file string)) {
	var fields []string
	var at []int
	for j := from; j < len(words); j++ {
		list, next := passedOn(name, words[j])
		if next {
			if j+1 >= len(words) {
				break
			}
			j++
			list = words[j]
		}
		for _, f := range strings.Fields(list) {
			fields, at = append(fields, f), append(at, j)
		}
	}
	passedNames(fields, name == "go", func(k int, file string) { fn(at[k], file) })
}

// passedNames calls fn with every file that a list of options handed to
// another tool names as one the tool writes, and the field it is in: the
// value of an option of passedWriters, in the next field, after '='
// (-o FILE, -Map=FILE) or attached to -o (-o/FILE). For go, "PATTERN="
// before an option is the packages it applies to (all=-o=FILE).
func passedNames(fields []string, goFlags bool, fn func(k int, file string)) {
	for k := 0; k < len(fields); k++ {
		f := strings.Trim(fields[k], "'\"")
		if i := strings.IndexByte(f, '='); goFlags && i > 0 && f[0] != '-' && i+1 < len(f) && f[i+1] == '-' {
			f = f[i+1:] // all=-N
		}
		name, val, attached := strings.Cut(strings.TrimLeft(f, "-"), "=")
		if len(f) > 2 && f[0] == '-' && f[1] == 'o' && !attached {
			fn(k, f[2:]) // -oFILE
			continue
		}
		if f == "" || f[0] != '-' || !passedWriters[name] {
			continue
		}
		if !attached && k+1 < len(fields) {
			k++
			val = strings.Trim(fields[k], "'\"")
		}
		if val != "" {
			fn(k, val)
		}
	}
}

// passedWriters are the options of linkers, assemblers, preprocessors and
// go's tools whose value is a file they write.
var passedWriters = map[string]bool{"o": true, "output": true, "Map": true, "MF": true, "MD": true, "MMD": true,
	"out-implib": true, "dependency-file": true, "cpuprofile": true, "memprofile": true, "blockprofile": true,
	"mutexprofile": true, "trace": true, "linkobj": true, "asmhdr": true, "benchprofile": true, "tmpdir": true,
	"bench": true, "traceprofile": true, "benchmarkprofile": true} // go tool compile -bench=FILE appends to FILE

// inPlaceBy reports whether an in-place option with value val turns
// in-place editing on: any value without inPlaceValue; with it, a value
// that names it as the program finds it (gawk loads inplace, inplace.awk
// or a path to either, from AWKPATH), or one known only at run time.
func (row writeRow) inPlaceBy(val string) bool {
	if row.inPlaceValue == "" || strings.ContainsAny(val, "$`*?[") {
		return true
	}
	return strings.TrimSuffix(BaseName(val), ".awk") == row.inPlaceValue
}

// cluster reads the short-option cluster at words[j]: a letter of an
// output option takes the rest of the word or the next word; a letter that
// writes in place ends the cluster (the rest may be a suffix: sed -i.bak,
// perl -pie). It returns the index of the last word read.
func (row writeRow) cluster(words []string, j int, fn func(int, string), inPlace *bool) int {
	w := words[j]
	for k := 1; k < len(w); k++ {
		c := w[k]
		if strings.IndexByte(row.inPlace, c) >= 0 {
			if row.inPlaceValue == "" {
				*inPlace = true
				return j
			}
			val := w[k+1:]
			if val == "" && j+1 < len(words) {
				j++
				val = words[j]
			}
			*inPlace = *inPlace || row.inPlaceBy(val)
			return j
		}
		if strings.IndexByte(row.values, c) >= 0 {
			if k+1 == len(w) && j+1 < len(words) {
				j++ // its value is the next word, no file
			}
			return j
		}
		if strings.IndexByte(row.short, c) < 0 {
			continue
		}
		if k+1 < len(w) {
			fn(j, w[k+1:])
		} else if j+1 < len(words) {
			j++
			fn(j, words[j])
		}
		return j
	}
	return j
}

// abbreviates reports whether long is one of names or a prefix of one
// (GNU programs take any unambiguous prefix; every prefix is taken).
func abbreviates(long string, names []string) bool {
	if long == "" {
		return false
	}
	for _, n := range names {
		if strings.HasPrefix(n, long) {
			return true
		}
	}
	return false
}

// pathOperands calls fn with the path operands of view v (at offset off
// in the segment) that its model finds: sed -i's files, not its script;
// not the command of script -c CMD. Without a model, every word that is
// not an option is one.
func pathOperands(v []string, off int, values string, fn func(int, string)) {
	m := argmodel.Lookup(v[0])
	if m == nil || len(v) > MaxModelWords {
		// Without a model, or past what a model reads: every word that
		// is neither an option nor the value of one of values (a script
		// among them, checked all the same).
		opts := true
		for j := 1; j < len(v); j++ {
			w := v[j]
			switch {
			case opts && w == "--":
				opts = false
			case opts && len(w) > 1 && w[0] == '-':
				if w[1] != '-' && strings.IndexByte(values, w[len(w)-1]) >= 0 {
					j++ // touch -d DATE: the value is no file
				}
			default:
				fn(off+j, w)
			}
		}
		return
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, v, nil, 0)
	for _, it := range r.Items {
		if it.Kind == argmodel.KindOperand && (it.Role == argmodel.RolePath || it.Role == argmodel.RoleNone) && it.Word > 0 {
			fn(off+it.Word, v[it.Word])
		}
	}
}

// SedFiles calls fn with every file that the sed scripts of view v (its
// -e values and its script operand) write or read by name, with the index
// of the word that holds the script: sed 'w.git/config' names
// .git/config, though no word does.
func SedFiles(v []string, fn func(j int, name string)) {
	if len(v) < 2 || len(v) > MaxModelWords || !strings.HasSuffix(v[0], "sed") {
		return // sed, gsed, /usr/bin/sed: grep, awk and jq take no sed script
	}
	if !slices.ContainsFunc(v[1:], func(w string) bool { return strings.ContainsAny(w, "wWrR") }) {
		return // no script names a file: most are s/a/b/ and 1,20p
	}
	m := argmodel.Lookup(v[0])
	if m == nil || m.Name != "sed" {
		return
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, nil, 0)
	type found struct {
		j    int
		name string
	}
	var names []found
	for _, it := range r.Items {
		if it.Lang == argmodel.LangSed && (it.Kind == argmodel.KindValue || it.Kind == argmodel.KindOperand) {
			argmodel.SedFiles(it.Text, func(name string) { names = append(names, found{it.Word, name}) })
		}
	}
	readings.Put(r)
	for _, f := range names {
		fn(f.j, f.name)
	}
}

// ccDriver reports a compiler driver by any of its names (gcc-12,
// x86_64-linux-gnu-gcc, cc, clang, g++, gfortran): the catalog's row of
// gcc, whose model they share.
func ccDriver(name string) bool {
	return argmodel.RowNames()[name] == "gcc" // (the row's names, no model built)
}

// linkers are the linkers run alone, which write a.out with no -o.
// Each writes the file -o or --output names (writeRows).
var linkers = map[string]bool{"ld": true, "ld.bfd": true, "ld.gold": true, "ld.lld": true, "mold": true}

// ccStops are the options after which a compiler driver links nothing:
// it compiles, assembles, preprocesses, lists dependencies or reports
// (-v alone reports, but gcc -v x.c still links).
var ccStops = map[string]bool{"-c": true, "-S": true, "-E": true, "-M": true, "-MM": true, "-fsyntax-only": true,
	"--version": true, "--help": true, "-dumpversion": true, "-dumpmachine": true, "-###": true}

// ImplicitOutputs calls fn with the files a program writes that no word of
// it names: a compiler driver that links with no -o writes a.out (gcc
// x.c && ./a.out); make writes each goal, which its built-in rules build
// from a file of the goal's name with an ending (make x from x.c), so a
// goal is reported as derived, a file whose source decides what it is.
func ImplicitOutputs(words []string, fn func(j int, name string, derived bool)) {
	i := programAt(words)
	if i >= len(words) || len(words)-i > MaxModelWords {
		return
	}
	name := argmodel.Versionless(BaseName(words[i]))
	if ccDriver(name) || linkers[name] {
		for _, w := range words[i+1:] {
			if w == "-o" || strings.HasPrefix(w, "-o") || strings.HasPrefix(w, "--output") || ccStops[w] {
				return // (-oFILE: the writes table names it)
			}
		}
		fn(i, "a.out", false)
		return
	}
	if name == "go" || name == "rustc" {
		// go build x.go and rustc x.rs with no -o write the program under
		// the first source's name without its ending.
		if sub, _ := GoSubcommand(words[i:]); name == "go" && sub != "build" {
			return
		}
		stem := ""
		for _, w := range words[i+1:] {
			if w == "-o" || strings.HasPrefix(w, "-o=") || strings.HasPrefix(w, "--out-dir") || strings.HasPrefix(w, "--emit") {
				return
			}
			if e := path.Ext(w); stem == "" && (name == "go" && e == ".go" || name == "rustc" && e == ".rs") && !strings.HasPrefix(w, "-") {
				stem = strings.TrimSuffix(path.Base(w), e)
			}
		}
		if stem != "" {
			fn(i, stem, false)
		}
		return
	}
	if !HasGoals(name) {
		return
	}
	findItem(words[i:], func(it argmodel.Item) bool {
		if it.Kind == argmodel.KindOperand && !IsAssignment(it.Text) && !it.Computed {
			fn(i+it.Word, it.Text, true)
		}
		return false
	})
}

// hasWriteRow reports a program with a row in writeRows.
func hasWriteRow(name string) bool {
	_, ok := writeRows[name]
	return ok
}
