package programs

import (
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
	operands bool     // every operand: rm FILE…, touch FILE…, tee FILE…
	short    string   // short options whose value it writes (sort -o FILE, -oFILE, -uo FILE)
	long     []string // long options whose value it writes, without the dashes, in any unambiguous abbreviation (--output FILE, --output=FILE, --out=FILE)
	single   []string // options of one dash and a name whose value it writes (openssl -out FILE)
	keys     []string // KEY=FILE operands it writes (dd of=FILE)
	// inPlace and inPlaceLong are the options that make it write the path
	// operands its model finds (sed -i FILE…, but not sed's script).
	inPlace     string
	inPlaceLong []string
}

// writeRows are the programs that write to or remove the files their
// words name, with the words that do. Programs that only create or remove
// empty directories and special files (mkdir, rmdir, mkfifo) put no
// content anywhere and are not rows.
var writeRows = map[string]writeRow{
	// Operands written whole.
	"tee":      {operands: true},                                       // tee FILE…: the copy of its input
	"sponge":   {operands: true},                                       // sponge FILE: its input, once read
	"rm":       {operands: true},                                       // removed
	"unlink":   {operands: true},                                       // removed
	"shred":    {operands: true},                                       // overwritten, and removed with -u
	"truncate": {operands: true},                                       // cut to a size (truncate -s0 FILE empties it)
	"touch":    {operands: true},                                       // created (an empty hook, a marker a tool trusts)
	"chmod":    {operands: true},                                       // its mode changed (chmod +x a hook)
	"chown":    {operands: true},                                       // its owner changed
	"chgrp":    {operands: true},                                       // its group changed
	"setfacl":  {operands: true},                                       // its access list changed
	"chattr":   {operands: true},                                       // its attributes changed
	"zip":      {operands: true},                                       // the archive, first of its operands
	"split":    {operands: true},                                       // split FILE PREFIX: files named PREFIXaa…
	"csplit":   {operands: true, short: "f", long: []string{"prefix"}}, // csplit -f PREFIX: files named PREFIX00…
	"uniq":     {operands: true},                                       // uniq IN OUT: the second operand is written
	"xxd":      {operands: true},                                       // xxd IN OUT: the second operand is written
	"script":   {operands: true},                                       // script FILE: the typescript
	// The value of an output option.
	"sort":       {short: "o", long: []string{"output"}}, // sort -o FILE
	"gsort":      {short: "o", long: []string{"output"}}, // GNU sort
	"shuf":       {short: "o", long: []string{"output"}}, // shuf -o FILE
	"curl":       {short: "oDc", long: []string{"output", "dump-header", "cookie-jar", "trace", "trace-ascii", "stderr", "libcurl", "etag-save", "output-dir"}},
	"wget":       {short: "OoaP", long: []string{"output-document", "output-file", "append-output", "directory-prefix", "save-cookies", "warc-file"}},
	"dd":         {keys: []string{"of"}},                                     // dd of=FILE
	"go":         {short: "o"},                                               // go build -o FILE, go test -c -o FILE: a program, written
	"gcc":        {short: "o"},                                               // cc -o FILE
	"cc":         {short: "o"},                                               //
	"g++":        {short: "o"},                                               //
	"c++":        {short: "o"},                                               //
	"clang":      {short: "o"},                                               //
	"clang++":    {short: "o"},                                               //
	"rustc":      {short: "o", long: []string{"out-dir"}},                    // rustc -o FILE
	"openssl":    {single: []string{"-out"}},                                 // openssl … -out FILE
	"ssh-keygen": {short: "f"},                                               // ssh-keygen -f FILE: the key, and FILE.pub
	"patch":      {short: "o", long: []string{"output"}},                     // patch -o FILE
	"git":        {short: "o", long: []string{"output", "output-directory"}}, // git archive -o, git format-patch -o, git log --output
	// Options that make the path operands written in place.
	"sed":  {inPlace: "i", inPlaceLong: []string{"in-place"}}, // sed -i SCRIPT FILE…
	"gsed": {inPlace: "i", inPlaceLong: []string{"in-place"}}, //
	"perl": {inPlace: "i"},                                    // perl -pi -e CODE FILE…
	"awk":  {inPlace: "i", inPlaceLong: []string{"include"}},  // gawk -i inplace PROGRAM FILE…
	"gawk": {inPlace: "i", inPlaceLong: []string{"include"}},  //
	"yq":   {inPlace: "i", inPlaceLong: []string{"inplace"}},  // yq -i EXPR FILE
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
	i := programAt(words)
	if i >= len(words) {
		return
	}
	name := BaseName(words[i])
	row, ok := writeRows[name]
	if !ok {
		return
	}
	inPlace := false
	opts := true
	for j := i + 1; j < len(words); j++ {
		w := words[j]
		switch {
		case opts && w == "--":
			opts = false
		case opts && strings.HasPrefix(w, "--"):
			long, val, attached := strings.Cut(w[2:], "=")
			switch {
			case abbreviates(long, row.inPlaceLong):
				inPlace = true
			case !abbreviates(long, row.long):
			case attached:
				fn(j, val)
			case j+1 < len(words):
				j++
				fn(j, words[j])
			}
		case opts && len(w) > 1 && w[0] == '-' && slices.Contains(row.single, w):
			if j+1 < len(words) {
				j++
				fn(j, words[j])
			}
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
		pathOperands(words[i:], i, fn)
	}
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
			*inPlace = true
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
func pathOperands(v []string, off int, fn func(int, string)) {
	m := argmodel.Lookup(v[0])
	if m == nil || len(v) > MaxModelWords {
		// Without a model, or past what a model reads: every word that
		// is not an option (a script among them, checked all the same).
		operands(v, 1, func(j int) { fn(off+j, v[j]) })
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
