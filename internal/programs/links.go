package programs

import (
	"slices"
	"strings"
	"sync"

	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/programs/argmodel"
)

// Second names and whole trees. The path checks read names lexically, so
// a command that gives a directory holding a protected path another name
// (ln -s .git g, mv .git g) or writes a tree into one (cp -r t/hooks .git,
// rsync -a t/ .git/) reaches that path by a name its words do not show;
// and an archive or patch creates names that no word shows at all.

// treeWriters are the programs whose operands may name a directory they
// link, rename, or copy a tree into or out of: every operand (and option
// value) is checked as such (paths.Checker.LinkProblem).
var treeWriters = map[string]bool{
	"ln": true, "gln": true, "cp": true, "gcp": true, "mv": true, "gmv": true, "install": true,
	"ginstall": true, "rsync": true, "ditto": true, "cpio": true,
	// scp between two local paths is cp (scp -r hooks .git); gio copy,
	// move and save write their last operand.
	"scp": true, "gio": true,
}

// unpackers create files named by the archive or patch they read, which
// the command's words do not show (a tar entry renamed by --transform, a
// patch that makes a symbolic link): extracting is writing unknown names.
// Each row says how to tell that a view extracts.
var unpackers = withDecompressors(map[string]func(v []string) bool{
	"tar":    tarExtracts,
	"gtar":   tarExtracts,
	"bsdtar": tarExtracts,
	"ptar":   tarExtracts, // Perl's tar
	"gpgtar": func(v []string) bool { return anyShort(v, "d") || anyLong(v, "decrypt", "extract") },
	// LLVM's split-file writes a file for every "#--- NAME" line of its
	// input, ../ included.
	"split-file": always,
	"unzip": func(v []string) bool {
		return !hasShort(v, 'l') && !hasShort(v, 't') && !hasShort(v, 'v') && !hasShort(v, 'Z') && !hasShort(v, 'p')
	},
	"7z":    sevenZipExtracts,
	"7za":   sevenZipExtracts,
	"cpio":  cpioExtracts,
	"patch": always,
	// Codex's patch tool run as a program: it adds, updates, deletes and
	// moves the files its input names.
	"apply_patch": always, "applypatch": always,
	// ptargrep extracts the members whose contents match, under their
	// names in the archive (.. included); -l only lists them.
	"ptargrep": func(v []string) bool { return !hasShort(v, 'l') && !anyLong(v, "list-only") },
	// gpg-zip -d decrypts an archive and extracts it with tar.
	"gpg-zip": func(v []string) bool { return hasShort(v, 'd') || anyLong(v, "decrypt") },
	"pax":     func(v []string) bool { return hasShort(v, 'r') },
	// git apply and git am: git's own (a patch may make a link to .git);
	// and the plumbing that puts into the index, or writes from it, content
	// no word shows (update-index --cacheinfo, read-tree, checkout-index,
	// fast-import): a blob made with hash-object may land on any name.
	// (git-apply and git's other programs run by their own names are
	// read as git apply: shell's plugin segments.)
	"git": gitUnpacks,
	// A tree copied from another machine (scp -r host:dir .) lands under
	// the names the other machine holds, .git/hooks among them.
	"scp": func(v []string) bool { return remoteSource(v) && (anyShort(v, "r") || remoteWildcard(v)) },
	// A container's files copied out (docker cp CTR:/dir DEST) land under
	// the names the container holds: a directory named .git, or a tree's
	// contents copied into the project (CTR:/dir/. .).
	// A build's files exported to a directory (docker build -o DIR,
	// --output type=local,dest=DIR) land under the names the image holds.
	"docker": containerUnpacks, "podman": containerUnpacks, "nerdctl": containerUnpacks,
	// Other archives and packages: each extracts what it names inside.
	"dpkg-deb":    func(v []string) bool { return anyShort(v, "xXR") || anyLong(v, "extract", "vextract", "raw-extract") },
	"dpkg":        func(v []string) bool { return anyShort(v, "xX") || anyLong(v, "extract", "vextract") },
	"ar":          keyLetters("xp"), // ar x ARCHIVE, ar -x: members by their own names
	"llvm-ar":     keyLetters("xp"),
	"gcc-ar":      keyLetters("xp"),
	"dpkg-source": func(v []string) bool { return anyShort(v, "x") || anyLong(v, "extract") },
	"jar":         keyLetters("x"), // jar xf, jar -xf, jar --extract
	"uudecode":    always,          // the name is in the encoded text
	"unshar":      always,          // a shell archive is a script
	"cabextract":  func(v []string) bool { return !anyShort(v, "lt") && !anyLong(v, "list", "test") },
	"unrar":       func(v []string) bool { return len(v) > 1 && (v[1] == "x" || v[1] == "e") },
	"unar":        always,
	"lha":         keyLetters("xe"),
	"lharc":       keyLetters("xe"),
	"aunpack":     always,
	"atool":       func(v []string) bool { return anyShort(v, "xX") || anyLong(v, "extract", "extract-to") },
	"unsquashfs":  func(v []string) bool { return !anyShort(v, "l") && !anyLong(v, "ls", "lls") },
	"bsdcpio":     cpioExtracts,
	"rpm2archive": always,
	"gem":         func(v []string) bool { return len(v) > 1 && v[1] == "unpack" },
	// A batch file replays a transfer of any names; --backup-dir moves
	// every file it replaces there under its own name (.git/config); a
	// tree copied from another machine (rsync -a host:dir/ sub,
	// rsync://…) lands under the names that machine holds; rsync
	// --server (what the other side of a transfer runs) takes the names,
	// contents and modes of the files it writes from its input.
	"rsync": func(v []string) bool {
		return hasLong(v, "read-batch") || hasLong(v, "server") || slices.ContainsFunc(v[1:], func(w string) bool { return strings.HasPrefix(w, "--backup-d") }) ||
			remoteSource(v) && (anyShort(v, "ard") || anyLong(v, "archive", "recursive", "dirs") || remoteWildcard(v))
	},
	// csplit names its pieces with a printf format (-b '.git/config%.0d'
	// is .git/config).
	"csplit": csplitNames,
	// Downloads under names the server chooses: curl -J takes the
	// Content-Disposition name, wget's recursion and lists take the names
	// of the links it follows (a link to .git/config).
	"curl": func(v []string) bool { return hasShort(v, 'J') || hasLong(v, "remote-header-name") },
	"wget": wgetNamesFromServer, "wget2": wgetNamesFromServer,
	// rename builds each new name from an expression (perl's s///, or
	// util-linux's FROM TO): no word shows the names it makes.
	"rename": always, "rename.ul": always, "prename": always, "file-rename": always, "perl-rename": always,
	"mmv": always, "mcp": always, "mln": always, // mmv's patterns: #1 of FROM is pasted into TO
	// (The decompressors join them: see withDecompressors.)
})

// decompressors are the unpackers of Decompressed, each with its
// unpacker row: they write each operand without its suffix, which
// Decompressed reads; gzip -N (and pigz's) names it as the compressed
// data says.
var decompressors = map[string]func(v []string) bool{"gunzip": restoresName, "gzip": restoresName, "pigz": restoresName,
	"unpigz": restoresName, "unxz": namesFromList, "xz": namesFromList, "bunzip2": never, "bzip2": never,
	"unzstd": namesFromList, "zstd": namesFromList, "lz4": never, "unlzma": namesFromList, "lzma": namesFromList,
	"uncompress": restoresName, "brotli": never, "lzip": never, "unlz4": never, "pbzip2": never, "lbzip2": never, "plzip": never,
	"lunzip": never, "lzop": never, "pzstd": namesFromList, "zstdmt": namesFromList}

// namesFromList reports an xz or zstd that reads the names of the files
// it compresses (and removes) or decompresses from a file or its input
// (xz --files=LIST, --files0, zstd --filelist LIST): names no word shows.
func namesFromList(v []string) bool { return anyLong(v, "files", "files0", "filelist") }

// withDecompressors adds the decompressors' rows to the unpackers.
// A decompressor told to recurse (gunzip -r DIR, zstd -d -r DIR)
// decompresses every file under DIR to its own name less the suffix,
// names no word shows (DIR/.npmrc.gz the command wrote is DIR/.npmrc).
func withDecompressors(m map[string]func(v []string) bool) map[string]func(v []string) bool {
	for name, f := range decompressors {
		only := onlyDecompress[name]
		m[name] = func(v []string) bool {
			recursive := hasShort(v, 'r') || hasLong(v, "recursive")
			return f(v) || recursive && (only || hasShort(v, 'd') || anyLong(v, "decompress", "uncompress"))
		}
	}
	return m
}

// onlyDecompress are the decompressors' names that decompress without
// being asked to (bunzip2 is bzip2 -d).
var onlyDecompress = map[string]bool{"gunzip": true, "unpigz": true, "unxz": true, "bunzip2": true, "unzstd": true,
	"unlzma": true, "uncompress": true, "unlz4": true, "lunzip": true}

// never is an unpacker row for a program that writes only names its
// words show (Decompressed reads them).
func never([]string) bool { return false }

// restoresName reports a gzip that names what it decompresses as the
// compressed data says (-N, --name).
func restoresName(v []string) bool { return hasShort(v, 'N') || hasLong(v, "name") }

// suffixOption returns the suffix a decompressor is told to take off
// (gzip -S SUF, --suffix=SUF, a cluster ending in S).
func suffixOption(v []string) (string, bool) {
	for i := 1; i < len(v); i++ {
		w := v[i]
		switch {
		case w == "--":
			return "", false
		case strings.HasPrefix(w, "--"):
			n, val, attached := strings.Cut(w[2:], "=")
			if len(n) >= 2 && strings.HasPrefix("suffix", n) {
				if !attached && i+1 < len(v) {
					val = v[i+1]
				}
				return val, val != ""
			}
		case len(w) > 1 && w[0] == '-':
			if k := strings.IndexByte(w, 'S'); k > 0 {
				if k+1 < len(w) {
					return w[k+1:], true
				}
				if i+1 < len(v) {
					return v[i+1], true
				}
			}
		}
	}
	return "", false
}

// decompressSuffixes are the endings a decompressor takes off the names
// it writes; .tgz and .taz become .tar.
var decompressSuffixes = []string{".gz", ".z", ".Z", "-gz", "-z", "_z", ".xz", ".lzma", ".bz2", ".bz", ".zst", ".lz4", ".br", ".lz"}

// Decompressed calls fn with every operand of view v (its program first)
// that a decompressor writes the file of, and that file's name: the
// operand without its suffix (gunzip .bashrc.gz writes .bashrc), or, for
// a compressor given a suffix, the operand with it (gzip -S rc .npm writes
// .npmrc). A program writing to its output (-c, --stdout, zcat) writes
// none.
func Decompressed(v []string, fn func(j int, name string)) {
	if len(v) < 2 {
		return
	}
	name := BaseName(v[0])
	if _, ok := decompressors[name]; !ok {
		return
	}
	compressing := !onlyDecompress[name] && !compressorShort(v, "d") && !anyLong(v, "decompress", "uncompress")
	switch {
	case compressorShort(v, "ct") || anyLong(v, "stdout", "to-stdout", "test", "list"):
		return
	case compressing:
		// The name gains the suffix: one of the command's choosing may
		// build a protected name (gzip -S rc .npm writes .npmrc).
		if suf, ok := suffixOption(v); ok {
			operands(v, 1, func(j int) {
				if p := v[j-1]; len(p) > 1 && p[0] == '-' && p[1] != '-' && strings.HasSuffix(p, "S") || p == "--suffix" {
					return // the suffix itself
				}
				fn(j, v[j]+suf)
			})
		}
		return
	}
	suffixes := decompressSuffixes
	if s, ok := suffixOption(v); ok {
		suffixes = []string{s} // gzip -S SUF, xz --suffix=SUF
	}
	operands(v, 1, func(j int) {
		w := v[j]
		if p := v[j-1]; len(p) > 1 && p[0] == '-' && p[1] != '-' && strings.HasSuffix(p, "S") || p == "--suffix" {
			return // the suffix itself, -S's value
		}
		for _, s := range suffixes {
			// gzip takes its suffixes off in any letter case (.GZ).
			if len(w) > len(s) && strings.EqualFold(w[len(w)-len(s):], s) && !strings.HasSuffix(w[:len(w)-len(s)], "/") {
				fn(j, w[:len(w)-len(s)])
				return
			}
		}
		if len(w) > 4 && strings.EqualFold(w[len(w)-4:], ".tgz") {
			fn(j, w[:len(w)-4]+".tar")
		}
	})
}

// compressorShort is anyShort for a compressor's options: the letters of
// a cluster up to -S, whose value the rest of the word is (gzip -Src is
// -S rc, not -c).
func compressorShort(v []string, letters string) bool {
	for _, w := range v[1:] {
		if w == "--" {
			return false
		}
		if len(w) < 2 || w[0] != '-' || w[1] == '-' {
			continue
		}
		cluster := w[1:]
		if k := strings.IndexByte(cluster, 'S'); k >= 0 {
			cluster = cluster[:k]
		}
		if strings.ContainsAny(cluster, letters) {
			return true
		}
	}
	return false
}

// always is an unpacker row for a program whose every use extracts.
func always([]string) bool { return true }

// csplitNames reports a csplit whose piece names no word shows: a suffix
// format holding a '/' (-b '/../x%d'), or an empty prefix, with which the
// format is the whole name (-f ” -b '.git/config%.0d'). The prefix itself
// is a written name, checked with the names split and csplit write.
func csplitNames(v []string) bool {
	prefix, format := "xx", ""
	for i := 1; i < len(v); i++ {
		w := v[i]
		name, value, attached := strings.Cut(w, "=")
		var target *string
		switch {
		case w == "--":
			i = len(v)
			continue
		case name == "-f" || len(name) > 3 && strings.HasPrefix("--prefix", name):
			target = &prefix
		case name == "-b" || len(name) > 3 && strings.HasPrefix("--suffix-format", name):
			target = &format
		case len(w) > 2 && w[0] == '-' && w[1] != '-' && (w[1] == 'f' || w[1] == 'b'):
			if w[1] == 'f' {
				prefix = w[2:]
			} else {
				format = w[2:]
			}
			continue
		default:
			continue
		}
		if !attached {
			if i+1 >= len(v) {
				return true
			}
			i++
			value = v[i]
		}
		*target = value
	}
	return strings.IndexByte(format, '/') >= 0 || prefix == "" && format != ""
}

// keyLetters is the row of a program whose first word after its name is
// a key of letters, with or without a dash (ar x, jar -xf, lha e): it
// extracts when the key holds one of letters, or a long option says so.
func keyLetters(letters string) func(v []string) bool {
	return func(v []string) bool {
		for _, w := range v[1:] {
			if strings.HasPrefix(w, "--") {
				continue // llvm-ar --format=gnu x: the key after long options
			}
			return strings.ContainsAny(strings.TrimPrefix(w, "-"), letters) || anyLong(v, "extract")
		}
		return anyLong(v, "extract")
	}
}

func anyShort(v []string, letters string) bool {
	for i := 0; i < len(letters); i++ {
		if hasShort(v, letters[i]) {
			return true
		}
	}
	return false
}

func anyLong(v []string, names ...string) bool {
	for _, n := range names {
		if hasLong(v, n) {
			return true
		}
	}
	return false
}

// gitUnpacks reports a git command that writes names no word shows.
func gitUnpacks(v []string) bool {
	switch gitSubcommand(v) {
	case "apply":
		return !applyOnlyReads(v)
	case "am":
		// --abort and --quit stop an am in progress, restoring the branch
		// it started on; --show-current-patch prints.
		return !slices.ContainsFunc(beforeEnd(v), func(w string) bool {
			return w == "--abort" || w == "--quit" || strings.HasPrefix(w, "--show-current-patch")
		})
	case "read-tree", "checkout-index", "fast-import", "quiltimport": // quiltimport applies a series of patches
		return true
	case "update-index":
		for _, w := range v {
			if strings.HasPrefix(w, "--cacheinfo") || strings.HasPrefix(w, "--index-info") {
				return true
			}
		}
	}
	return false
}

// applyOnlyReads reports a git apply that applies nothing: --check,
// --stat, --numstat or --summary turn applying off, unless --apply (any
// abbreviation of it, the safe side) turns it on again.
func applyOnlyReads(v []string) bool {
	report := false
	for _, w := range beforeEnd(v) {
		switch {
		case w == "--check" || w == "--stat" || w == "--numstat" || w == "--summary":
			report = true
		case len(w) >= 4 && strings.HasPrefix("--apply", w):
			return false
		}
	}
	return report
}

// beforeEnd returns the words of v before "--": after it, git reads
// names of files (git am -- --abort applies the mbox named --abort).
func beforeEnd(v []string) []string {
	if i := slices.Index(v, "--"); i >= 0 {
		return v[:i]
	}
	return v
}

// tarExtracts reports a tar command that extracts: -x, --extract, --get,
// or an old-style bundle holding x (tar xf a.tar).
func tarExtracts(v []string) bool {
	if len(v) > 1 && v[1] != "" && v[1][0] != '-' && strings.IndexByte(v[1], 'x') >= 0 {
		return true
	}
	for _, w := range v[1:] {
		if w == "--" {
			return false
		}
		if strings.HasPrefix(w, "--") {
			name, _, _ := strings.Cut(w[2:], "=")
			if len(name) >= 2 && (strings.HasPrefix("extract", name) || strings.HasPrefix("get", name)) {
				return true
			}
			continue
		}
		if len(w) > 1 && w[0] == '-' && strings.IndexByte(w[1:], 'x') >= 0 {
			return true
		}
	}
	return false
}

func sevenZipExtracts(v []string) bool { return len(v) > 1 && (v[1] == "x" || v[1] == "e") }

func cpioExtracts(v []string) bool {
	return hasShort(v, 'i') || hasShort(v, 'p') || hasLong(v, "extract") || hasLong(v, "pass-through")
}

func hasShort(v []string, c byte) bool {
	for _, w := range v[1:] {
		if len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.IndexByte(w[1:], c) >= 0 {
			return true
		}
	}
	return false
}

func hasLong(v []string, name string) bool {
	for _, w := range v[1:] {
		if n, ok := strings.CutPrefix(w, "--"); ok && len(n) >= 2 && strings.HasPrefix(name, strings.SplitN(n, "=", 2)[0]) {
			return true
		}
	}
	return false
}

// Unpacks reports whether view v extracts an archive or applies a patch:
// it creates files whose names no word of the command shows. bits are the
// catalog bits of v[0] (WordBits): a view whose program has neither the
// Unpacker bit nor a directory in its name is passed over unread.
func Unpacks(v []string, bits Bits) bool {
	if len(v) == 0 || bits&(Unpacker|PathName) == 0 { // patch alone reads its patch from input
		return false
	}
	f := unpackers[argmodel.Versionless(BaseName(v[0]))] // split-file-14, llvm-ar-14
	return f != nil && f(v)
}

// gitSubcommand returns the first word of a git command that is not a
// global option or the value of -C or -c.
func gitSubcommand(v []string) string {
	if k := gitSubcommandAt(v); k < len(v) {
		return v[k]
	}
	return ""
}

// gitSubcommandAt returns the index of the subcommand of git's view v:
// the first word that is not an option or the value of -C or -c, or
// len(v).
func gitSubcommandAt(v []string) int {
	k := 1
	for ; k < len(v); k++ {
		w := v[k]
		if w == "-C" || w == "-c" || strings.HasPrefix(w, "--") && !strings.Contains(w, "=") && gitGlobalValues()[w] {
			k++
		} else if !strings.HasPrefix(w, "-") {
			break
		}
	}
	return min(k, len(v))
}

// gitGlobalValues are git's long global options whose value may be the
// next word (git --git-dir .git rm -r .), from its model (git reads its
// global options itself, whole: no abbreviations).
var gitGlobalValues = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, o := range argmodel.Lookup("git").Options {
		if o.Arg == argmodel.ArgRequired {
			for _, l := range o.Long {
				m["--"+l] = true
			}
		}
	}
	return m
})

// LinkWords calls fn with the index of every word of v, a segment's
// literal words (bits: WordBits of v[0]), that names a directory the command may link, rename or
// copy a tree into or out of: the words after the program that are not
// options (an option's separate value included, which costs nothing to
// check). It reports whether v is such a command with no operand at all:
// its operands then come from input (xargs ln -s), which may name any
// directory.
func LinkWords(v []string, bits Bits, fn func(i int)) (fromInput bool) {
	if len(v) < 1 {
		return false
	}
	if BaseName(v[0]) == "git" {
		// git mv d e moves as mv does: e/x is d/x after it.
		if k := gitSubcommandAt(v); k < len(v) && v[k] == "mv" {
			operands(v, k+1, fn)
		}
		return false
	}
	if bits&(Trees|PathName) == 0 || !treeWriters[BaseName(v[0])] {
		return false
	}
	return operands(v, 1, fn) == 0
}

// operands calls fn with the index of every word of v from the one at
// from on that is not an option (after "--", every word is one), and
// returns how many there were.
func operands(v []string, from int, fn func(i int)) int {
	opts := true
	n := 0
	for i := from; i < len(v); i++ {
		w := v[i]
		if opts && w == "--" {
			opts = false
			continue
		}
		if opts && len(w) > 1 && w[0] == '-' {
			continue
		}
		n++
		fn(i)
	}
	return n
}

// containerCopyOut reports docker cp (podman cp, nerdctl cp, and
// container cp) whose source is in a container: an operand before the
// last that holds ':' before its first '/'.
func containerCopyOut(v []string) bool {
	cp := -1
	for i := 1; i < len(v); i++ {
		if v[i] == "cp" && (i == 1 || v[i-1] == "container" || !strings.HasPrefix(v[i-1], "-")) {
			cp = i
			break
		}
	}
	if cp < 0 {
		return false
	}
	last := -1
	for i := cp + 1; i < len(v); i++ {
		if !strings.HasPrefix(v[i], "-") || v[i] == "-" {
			last = i
		}
	}
	for i := cp + 1; i < last; i++ {
		w := v[i]
		if strings.HasPrefix(w, "-") {
			continue
		}
		if c := strings.IndexByte(w, ':'); c > 0 && (strings.IndexByte(w, '/') < 0 || c < strings.IndexByte(w, '/')) {
			return true
		}
	}
	return false
}

// containerUnpacks reports a container engine's command that writes
// files under names no word shows: docker cp out of a container, or a
// build whose output is a directory.
func containerUnpacks(v []string) bool {
	return containerCopyOut(v) || buildOutputTree(v)
}

// buildOutputTree reports docker build (buildx build, podman build …)
// with an --output that exports the built image's files to a directory:
// a bare path or "-"-less type=local, read through the engine's model so
// that -oDIR, -qo DIR and --output=DIR count alike. A tar written to
// standard output (-o -) or an image output does not; a computed value
// may be either.
func buildOutputTree(v []string) bool {
	if len(v) < 3 {
		return false
	}
	return findItem(v, func(it argmodel.Item) bool {
		if it.Kind != argmodel.KindValue || it.Opt == nil {
			return false
		}
		text := it.Text
		switch {
		case it.Named("set"):
			// bake --set TARGET.output=…
			_, after, ok := strings.Cut(text, ".output=")
			if !ok {
				return false
			}
			text = after
		case !it.Named("output"):
			return false
		}
		return localExport(text)
	})
}

// localExport reports a build output value that writes files: a path
// (the local exporter's short form), or a CSV list with a dest other than
// standard output (type=local,dest=DIR; type=tar,dest=FILE, which may
// name a protected file), or without a type. An image or registry output
// writes none here. Keys are read as buildx reads them, in any case and
// as CSV fields that may be quoted ("dest=."). A value with an expansion
// may be any.
func localExport(v string) bool {
	if v == "-" {
		return false
	}
	if strings.ContainsAny(v, "$`") || !strings.Contains(v, "=") {
		return true
	}
	typed := false
	for _, f := range argmodel.CSVFields(v) {
		k, val, _ := strings.Cut(f, "=")
		switch strings.ToLower(strings.TrimSpace(k)) {
		case "dest":
			if strings.TrimSpace(val) != "-" {
				return true
			}
		case "type":
			typed = true
		}
	}
	return !typed
}

// secretSource returns the file a build's --secret value reads: its src
// or source, or, with neither and no env, its id (buildx looks for a file
// of that name too); "" for a secret read from a variable.
func secretSource(v string) string {
	id, src, env := "", "", false
	for _, kv := range argmodel.CSVFields(v) {
		k, val, ok := strings.Cut(kv, "=")
		switch k = strings.ToLower(strings.TrimSpace(k)); {
		case !ok:
			id = kv
		case k == "src" || k == "source":
			src = val
		case k == "id":
			id = val
		case k == "env":
			env = true
		}
	}
	if src != "" || env {
		return src
	}
	return id
}

// ProgramAt returns the index of the program of a segment's words: the
// first word that is not a NAME=value assignment (len(words) for none).
func ProgramAt(words []string) int { return programAt(words) }

// programAt is ProgramAt.
func programAt(words []string) int {
	i := 0
	for i < len(words) && IsAssignment(words[i]) {
		i++
	}
	return i
}

// CopiesTrees reports a copy, move or link of whole directories
// (cp -r, -R, -a, --recursive, --archive; rsync -r, -a; mv and install
// -D may move trees too): the files inside them take the backup suffix
// as well.
func CopiesTrees(words []string) bool {
	i := programAt(words)
	if i >= len(words) {
		return false
	}
	v := words[i:]
	switch BaseName(v[0]) {
	case "mv", "gmv":
		return true // a directory moved over another backs up what it replaces
	case "git":
		if gitSubcommand(v) == "mv" {
			return true // git mv d e: d's files are e's
		}
	case "ln", "gln":
		return false
	}
	return anyShort(v, "rRa") || anyLong(v, "recursive", "archive")
}

// backupShortValues are, per program that makes backups of the files it
// replaces, its short options that take a value; -S is the suffix.
var backupShortValues = map[string]string{
	"cp": "St", "gcp": "St", "mv": "St", "gmv": "St", "ln": "St", "gln": "St",
	"install": "Stgmo", "ginstall": "Stgmo", "rsync": "",
}

// BackupSuffix finds the suffix that a copy, move or link (cp, mv, ln,
// install, rsync; v is the view, its program first) gives the backups of
// the files it replaces: -S SUFFIX, -SSUFFIX in a cluster, --suffix=SUFFIX
// or any abbreviation of it. The backup of DEST is DEST+SUFFIX, a name no
// word shows (cp -b -S rc e ~/.bash makes ~/.bashrc). It returns the
// index of the word that holds the suffix and the suffix; ok is false
// when none is given.
func BackupSuffix(v []string) (j int, suffix string, ok bool) {
	if len(v) < 2 {
		return 0, "", false
	}
	values, known := backupShortValues[BaseName(v[0])]
	if !known {
		return 0, "", false
	}
	for i := 1; i < len(v); i++ {
		w := v[i]
		switch {
		case w == "--":
			return j, suffix, ok
		case strings.HasPrefix(w, "--"):
			name, val, attached := strings.Cut(w[2:], "=")
			if len(name) < 2 || !strings.HasPrefix("suffix", name) {
				continue
			}
			if !attached {
				if i+1 >= len(v) {
					return j, suffix, ok
				}
				i++
				val = v[i]
			}
			j, suffix, ok = i, val, true
		case len(w) > 1 && w[0] == '-':
			for k := 1; k < len(w); k++ {
				if !strings.ContainsRune(values, rune(w[k])) {
					continue
				}
				val, at := w[k+1:], i
				if val == "" && i+1 < len(v) {
					i++
					val, at = v[i], i
				}
				if w[k] == 'S' {
					j, suffix, ok = at, val, true
				}
				break
			}
		}
	}
	return j, suffix, ok
}

// InPlaceBackups returns the suffix under which a program that edits files
// in place keeps each original (sed -i.bak, sed --in-place=SUFFIX, perl
// -pi.orig: its model's Backup option), the words it may edit (every
// operand that is not code), and whether the suffix is known only at run
// time (dynamic). ok is false when no suffix is given. flags are v's word
// flags and computed the flags that make a word computed.
func InPlaceBackups(v []string, flags []uint8, computed uint8) (suffix string, files []int, dynamic, ok bool) {
	at := programAt(v) // LC_ALL=C sed -ifig …
	if len(v)-at >= 2 && awkBackups(v[at:], TailFlags(flags, len(v)-at), computed) {
		return "", nil, true, true
	}
	if len(v)-at < 2 || len(v) > MaxModelWords || !mayGiveSuffix(v[at:]) {
		return "", nil, false, false
	}
	m := argmodel.Lookup(BaseName(v[at]))
	if m == nil || !m.KeepsBackups() {
		return "", nil, false, false
	}
	if len(flags) == len(v) {
		flags = flags[at:]
	} else {
		flags = nil
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v[at:], flags, computed)
	for _, it := range r.Items {
		if it.Kind == argmodel.KindValue && it.Opt != nil && it.Opt.Backup && (it.Text != "" || it.Computed) {
			suffix, dynamic, ok = it.Text, it.Computed, true
		}
	}
	for _, it := range r.Items {
		if ok && it.Kind == argmodel.KindOperand && it.Role != argmodel.RoleCode {
			files = append(files, at+it.Word) // only an edit that keeps a backup has files to name
		}
	}
	readings.Put(r)
	return suffix, files, dynamic, ok
}

// awkBackups reports an in-place edit by awk (gawk -i inplace) that may
// keep backups. Its suffix is a variable (inplace::suffix, or
// INPLACE_SUFFIX) that a -v option, an operand assignment or the program
// itself may set, and the program may build the name (SYMTAB): a word that
// mentions either, in any case, or a word known only at run time makes the
// suffix one known only at run time. flags are v's word flags (nil when
// not known) and computed the flags that make a word computed.
func awkBackups(v []string, flags []uint8, computed uint8) bool {
	row, ok := writeRows[BaseName(v[0])]
	if !ok || row.inPlaceValue == "" || !WritesOperands(v) {
		return false
	}
	for j, w := range v {
		if j < len(flags) && flags[j]&computed != 0 {
			return true
		}
		if lw := strings.ToLower(w); j > 0 && (strings.Contains(lw, "suffix") || strings.Contains(lw, "symtab")) {
			return true
		}
	}
	return false
}

// TailFlags returns the flags of the last n words, or nil when flags do
// not cover them.
func TailFlags(flags []uint8, n int) []uint8 {
	if n > len(flags) {
		return nil
	}
	return flags[len(flags)-n:]
}

// mayGiveSuffix is InPlaceBackups' cheap look first: a word that may be
// an option holding i (-i.bak, -pi.orig, --in-place=…).
func mayGiveSuffix(v []string) bool {
	for _, w := range v[1:] {
		if len(w) > 2 && w[0] == '-' && strings.IndexByte(w, 'i') > 0 {
			return true
		}
	}
	return false
}

// BackupNames are the names under which an in-place edit of file may
// keep its original with suffix: file+suffix or, where the suffix holds
// "*", the suffix with each "*" replaced by the file's name, beside the
// file, and by the file as written.
func BackupNames(file, suffix string) []string {
	if !strings.Contains(suffix, "*") {
		return []string{file + suffix}
	}
	dir, base := "", file
	if i := strings.LastIndexByte(file, '/'); i >= 0 {
		dir, base = file[:i+1], file[i+1:]
	}
	return []string{dir + strings.ReplaceAll(suffix, "*", base), strings.ReplaceAll(suffix, "*", file)}
}

// movers are the programs that take their operands away from where they
// were: what they move is removed from its place.
var movers = map[string]bool{"mv": true, "gmv": true}

// Moves reports whether the program of words (after assignments; bits:
// WordBits of words[0]) moves its operands away (mv). Every mover writes
// trees (treeWriters), so other programs are told by their bits alone.
func Moves(words []string, bits Bits) bool {
	if bits&(Trees|Assignment|PathName) == 0 {
		return false
	}
	i := programAt(words)
	return i < len(words) && movers[BaseName(words[i])]
}

// wgetNamesFromServer reports a wget command that saves files under names
// the server or a list chooses: recursion, mirrors, page requisites, URL
// lists and metalinks, and Content-Disposition names.
func wgetNamesFromServer(v []string) bool {
	return anyShort(v, "rmpi") || anyLong(v, "recursive", "mirror", "page-requisites", "input-file", "content-disposition",
		"trust-server-names", "input-metalink", "metalink-over-http")
}

// remoteWildcard reports a source operand with a wildcard, which the
// other machine expands (scp 'h:payload/.*' .): names no word shows.
func remoteWildcard(v []string) bool {
	found := false
	operands(v, 1, func(i int) { found = found || strings.ContainsAny(v[i], ascii.GlobBraceChars) })
	return found
}

// RemoteCopies calls fn with the names an scp or rsync from another
// machine writes here: the last operand, and under it each remote
// source's last component (scp h:run.sh . writes ./run.sh).
func RemoteCopies(v []string, fn func(name string)) {
	at := programAt(v)
	if at >= len(v) {
		return
	}
	if b := BaseName(v[at]); b != "scp" && b != "rsync" || !remoteSource(v[at:]) {
		return
	}
	last := -1
	operands(v, at+1, func(i int) { last = i })
	dest := v[last]
	fn(dest)
	operands(v, at+1, func(i int) {
		if i == last {
			return
		}
		src := v[i]
		if c := strings.IndexByte(src, ':'); c >= 0 {
			src = strings.TrimRight(src[c+1:], "/")
		}
		if base := src[strings.LastIndexByte(src, '/')+1:]; base != "" {
			fn(strings.TrimSuffix(dest, "/") + "/" + base)
		}
	})
}

// remoteSource reports an operand of a copy other than its last (a
// source) that names another machine: rsync://… or HOST:PATH, a colon
// before any slash.
func remoteSource(v []string) bool {
	last := -1
	operands(v, 1, func(i int) { last = i })
	found := false
	operands(v, 1, func(i int) {
		w := v[i]
		if i == last || found {
			return
		}
		c := strings.IndexByte(w, ':')
		found = strings.HasPrefix(w, "rsync://") || c > 0 && !strings.ContainsRune(w[:c], '/')
	})
	return found
}

// TargetDirectory reports a copy or move that names its target directory
// by an option (mv -t DIR, -vtDIR, --target-directory=DIR and its
// abbreviations), so that every operand is a source; attached is the
// directory when the option word holds it. Options end at "--".
func TargetDirectory(words []string) (named bool, attached string) {
	at := programAt(words)
	if at >= len(words) {
		return false, ""
	}
	for _, w := range words[at+1:] {
		switch {
		case w == "--":
			return named, attached
		case strings.HasPrefix(w, "--t") || strings.HasPrefix(w, "--output-dir-"):
			// (zstd's --output-dir-flat=DIR and --output-dir-mirror=DIR
			// put every output there.)
			named = true
			if i := strings.IndexByte(w, '='); i > 0 {
				attached = w[i+1:]
			}
		case len(w) > 1 && w[0] == '-' && w[1] != '-':
			if i := strings.IndexByte(w, 't'); i > 0 {
				named, attached = true, w[i+1:]
			}
		}
	}
	return named, attached
}

// targetDirPrograms are the programs whose -t and --target-directory
// (zstd's --output-dir-*) name the directory every operand goes to; for
// others -t is another option (rsync's --times).
var targetDirPrograms = map[string]bool{"cp": true, "mv": true, "ln": true, "install": true, "gcp": true, "gmv": true,
	"gln": true, "ginstall": true, "zstd": true, "unzstd": true, "pzstd": true}

// TargetDirectoryAt returns the index in words of the directory a copy
// or move names by an option given its value as the next word (mv -t DIR,
// -vt DIR, --target-directory DIR), or -1: the last such option counts,
// as for getopt. known is false for a program whose -t names no target
// directory (targetDirPrograms): its last operand is its destination.
func TargetDirectoryAt(words []string) (idx int, known bool) {
	at := programAt(words)
	if at >= len(words) || !targetDirPrograms[BaseName(words[at])] {
		return -1, false
	}
	idx = -1
	for i := at + 1; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--":
			return idx, true
		case strings.HasPrefix(w, "--t") || strings.HasPrefix(w, "--output-dir-"):
			if strings.IndexByte(w, '=') < 0 && i+1 < len(words) {
				idx = i + 1
			}
		case len(w) > 1 && w[0] == '-' && w[1] != '-':
			if t := strings.IndexByte(w, 't'); t > 0 && t == len(w)-1 && i+1 < len(words) {
				idx = i + 1
			}
		}
	}
	return idx, true
}

// fillers are git's subcommands that fill a directory with a tree from
// elsewhere: the files of a repository, whose names no word shows. The
// directory is written as a whole, as a tree writer's target is: named
// .github/workflows or .github, the tree puts workflows there. Each row
// gives, by the subcommand's path of names, the place of the directory
// among its operands and the operand its name is derived from when the
// directory is not given (-1: none). git init is not one: it writes
// DIR/.git, not DIR, and its template (the hooks) is an effect of its
// own.
var fillers = map[string]struct{ dir, from int }{
	"clone":         {1, 0},  // git clone REPO [DIR]: DIR, or REPO's last part
	"submodule add": {1, 0},  // git submodule add REPO [PATH]
	"worktree":      {1, -1}, // git worktree add PATH [COMMIT]: the commit's files
}

// fillWords are the words that name a row of fillers, for a look that
// needs no model parse.
var fillWords = map[string]bool{"clone": true, "submodule": true, "worktree": true}

// VenvDirs calls fn with the directories a command that makes a Python
// virtual environment (python3 -m venv DIR, virtualenv DIR, uv venv DIR)
// fills, and VenvFiles are the files it puts there: named ~/.local, it
// fills ~/.local/bin, where PATH finds programs first.
func VenvDirs(v []string, fn func(word int)) {
	at := programAt(v)
	if at >= len(v) {
		return
	}
	from := venvAt(v, at, BaseName(v[at]))
	if from == 0 {
		return
	}
	for k := from; k < len(v); k++ {
		switch w := v[k]; {
		case w == "--prompt" || w == "-p" || w == "--python" || w == "--activators":
			k++ // a value, not a directory
		case len(w) > 1 && w[0] == '-':
		default:
			fn(k)
		}
	}
}

// VenvClears reports a command that makes a Python virtual environment
// and first removes what its directories hold: venv's and virtualenv's
// --clear (argparse takes any unambiguous prefix, --cl to --clear), uv
// venv's --clear and --force.
func VenvClears(v []string) bool {
	at := programAt(v)
	if at >= len(v) {
		return false
	}
	from := venvAt(v, at, BaseName(v[at]))
	if from == 0 {
		return false
	}
	uv := BaseName(v[at]) == "uv"
	for _, w := range v[from:] {
		if w == "--" {
			break
		}
		name, _, _ := strings.Cut(w, "=")
		if name == "--clear" || uv && name == "--force" || !uv && len(name) >= len("--cl") && strings.HasPrefix("--clear", name) {
			return true
		}
	}
	return false
}

// VenvFiles are, under a virtual environment's directory, a file of
// each place it writes.
var VenvFiles = []string{"bin/python", "bin/activate", "lib/python3/site-packages/_virtualenv.pth", "pyvenv.cfg", "include/x"}

// venvAt returns the index of the first word after the program (or its
// venv word) of a command that makes a Python virtual environment
// (python3 -m venv, virtualenv, uv venv), or 0.
func venvAt(v []string, at int, base string) int {
	switch {
	case base == "virtualenv":
		return at + 1
	case base == "uv" && at+1 < len(v) && v[at+1] == "venv":
		return at + 2
	case argmodel.IsPython(base):
		for k := at + 1; k+1 < len(v); k++ {
			if v[k] == "-m" && v[k+1] == "venv" {
				return k + 2
			}
			if v[k] == "-m" || v[k] == "-c" || len(v[k]) > 0 && v[k][0] != '-' {
				return 0 // another module, code, or a script
			}
		}
	}
	return 0
}

// FilledDirs calls fn with the directories a git command in v (a
// segment's literal words, assignments first) fills with a tree: the word
// that names one (name is that word), or, where git derives the name from
// the repository (git clone URL), the derived name and the repository's
// word.
func FilledDirs(v []string, fn func(word int, name string)) {
	at := programAt(v)
	if at >= len(v) || len(v) > MaxModelWords {
		return
	}
	base := BaseName(v[at])
	if base != "git" && !strings.HasPrefix(base, "git-") {
		return
	}
	named := strings.HasPrefix(base, "git-") && fillWords[base[len("git-"):]]
	for _, w := range v[at+1:] {
		named = named || fillWords[w]
	}
	if !named {
		return // (before the lookup: git commands seldom fill a directory)
	}
	m := argmodel.Lookup(base)
	if m == nil {
		return
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, v[at:], nil, 0)
	var sub *argmodel.Spec
	var ops []int // the words of sub's operands
	for _, it := range r.Items {
		if it.Kind != argmodel.KindOperand || it.Spec == nil || it.Spec.Parent() == nil {
			continue
		}
		if it.Spec != sub {
			sub, ops = it.Spec, ops[:0]
		}
		ops = append(ops, at+it.Word)
	}
	if sub == nil {
		return
	}
	key := sub.Name
	if p := sub.Parent(); p.Parent() != nil {
		key = p.Name + " " + sub.Name
	}
	row, ok := fillers[key]
	if key == "worktree" && (len(ops) == 0 || v[ops[0]] != "add") {
		ok = false
	}
	switch {
	case !ok:
	case row.dir < len(ops):
		fn(ops[row.dir], v[ops[row.dir]])
	case row.from >= 0 && row.from < len(ops):
		if name := humanish(v[ops[row.from]]); name != "" {
			fn(ops[row.from], name)
		}
	}
}

// humanish is the directory name git clone derives from a repository's
// address: its last part, without a trailing "/", "/.git" or ".git"
// (git clone https://h/x/.github.git makes .github).
func humanish(repo string) string {
	repo = strings.TrimSpace(strings.TrimRight(strings.TrimSpace(repo), "/"))
	repo = strings.TrimSuffix(repo, "/.git")
	repo = strings.TrimRight(repo, "/")
	if i := strings.LastIndexAny(repo, "/:"); i >= 0 {
		repo = repo[i+1:]
	}
	for _, suffix := range []string{".git", ".bundle"} {
		if s := strings.TrimSuffix(repo, suffix); s != "" && s != repo {
			repo = s
			break
		}
	}
	return strings.TrimSpace(repo)
}

// GitPathspecs calls fn with every pathspec of a git command in words (a
// segment's words, assignments first) that writes work-tree files from
// another tree or removes them: git rm (not --cached), git checkout
// TREE-ISH [--] PATHSPEC…, git restore --source=TREE-ISH. pattern says
// that git reads the pathspec as a pattern of its own: magic
// (':(top).env', ':/') or wildcards, which git matches even where the
// shell did not ('.c?aude/*' in quotes). fromFile reports pathspecs read
// from a file or the input (--pathspec-from-file), which no word shows.
// flags, when not nil, are the words' shell flags: an operand that word
// splitting may make several words (git checkout $x, x='HEAD --
// permissions.json') may be a tree and pathspecs, and counts as a
// pattern.
func GitPathspecs(words []string, flags []uint8, fn func(j int, pattern bool)) (fromFile bool) {
	at := programAt(words)
	if at >= len(words) || BaseName(words[at]) != "git" {
		return false
	}
	v := words[at:]
	k := gitSubcommandAt(v)
	if k >= len(v) {
		return false
	}
	sub := v[k]
	if sub != "rm" && sub != "checkout" && sub != "restore" {
		return false
	}
	var ops []int
	before := -1 // operands before "--"
	source, cached, staged, worktree := false, false, false, false
	for i := k + 1; i < len(v); i++ {
		w := v[i]
		switch {
		case before >= 0:
			ops = append(ops, i)
		case w == "--":
			before = len(ops)
		case strings.HasPrefix(w, "--pathspec-f"):
			fromFile = true
			if !strings.Contains(w, "=") {
				i++
			}
		case strings.HasPrefix(w, "--"):
			name, _, attached := strings.Cut(w[2:], "=")
			switch {
			case sub == "restore" && len(name) >= 2 && strings.HasPrefix("source", name):
				source = true
				if !attached {
					i++
				}
			case sub == "rm" && len(name) >= 2 && strings.HasPrefix("cached", name):
				cached = true
			case sub == "restore" && len(name) >= 2 && strings.HasPrefix("staged", name):
				staged = true
			case sub == "restore" && len(name) >= 1 && strings.HasPrefix("worktree", name):
				worktree = true
			}
		case strings.HasPrefix(w, "-") && len(w) > 1:
			if sub == "restore" {
				if j := strings.IndexByte(w, 's'); j > 0 {
					source = true
					if j == len(w)-1 {
						i++ // -s TREE
					}
				}
				staged = staged || strings.IndexByte(w, 'S') > 0
				worktree = worktree || strings.IndexByte(w, 'W') > 0
			}
		default:
			ops = append(ops, i)
		}
	}
	if len(flags) == len(words) && sub != "rm" {
		for _, j := range ops {
			if flags[at+j]&argmodel.Splits != 0 && strings.ContainsAny(v[j], "$`") {
				fn(at+j, true)
				return fromFile
			}
		}
	}
	var specs []int
	switch sub {
	case "rm":
		if cached {
			return false
		}
		specs = ops
	case "checkout":
		// The first operand is the tree to take the files from when
		// pathspecs follow it (after "--", or without one) or come from
		// a file; a lone operand is a branch to switch to.
		switch {
		case before > 0, before < 0 && (len(ops) >= 2 || fromFile && len(ops) >= 1):
			specs = ops[1:]
		default:
			return false
		}
	case "restore":
		if !source || staged && !worktree {
			return false
		}
		specs = ops
	}
	for _, j := range specs {
		fn(at+j, strings.HasPrefix(v[j], ":") || strings.ContainsAny(v[j], ascii.GlobChars))
	}
	return fromFile
}

// JoinedOutputs calls fn with each file a program writes in a directory
// one option names under a name another option gives (go test
// -outputdir=.git -cpuprofile=config writes .git/config), with the index
// of the word that names the directory. v is a segment's words,
// assignments first; bits are its program's (OutDirs says a model may).
func JoinedOutputs(v []string, bits Bits, fn func(j int, file string)) {
	at := programAt(v)
	if bits&(OutDirs|Assignment|PathName) == 0 || at >= len(v) || len(v) > MaxModelWords {
		return
	}
	m := argmodel.Lookup(BaseName(v[at]))
	if m == nil || !m.MayJoinOutputs(v[at:]) {
		return
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, v[at:], nil, 0)
	for _, d := range r.Items {
		if d.Kind != argmodel.KindValue || d.Opt == nil || !d.Opt.OutDir {
			continue
		}
		for _, n := range r.Items {
			if n.Kind == argmodel.KindValue && n.Opt != nil && n.Opt.OutName && n.Text != "" && !strings.HasPrefix(n.Text, "/") {
				fn(at+d.Word, strings.TrimSuffix(d.Text, "/")+"/"+n.Text)
			}
		}
	}
}

// codeReads says how a program without a model that reads them takes
// code or options the engine does not see.
type codeReads uint8

const (
	// readsResponse: more options from a file an argument names after
	// '@' (java @argfile, ld @rsp, objcopy @opts), which may run a
	// program (java's -XX:OnError=, ld's --plugin, javac's
	// -processorpath). The C compilers' models and rustc's read @
	// themselves.
	readsResponse codeReads = 1 << iota
	// loadsPlugin: --plugin NAME (-plugin NAME, --plugin=NAME, an
	// abbreviation) loads a shared object.
	loadsPlugin
	// startsJVM: it starts a JVM and takes its options (a JDK tool takes
	// them after -J), which may load an agent or an options file.
	startsJVM
)

// codeReaders are the programs without a model that read code or options
// the engine does not see, and how (one table: ld is a response-file
// reader and a plugin loader both).
var codeReaders = map[string]codeReads{
	"java": readsResponse | startsJVM, "javac": readsResponse | startsJVM, "javadoc": readsResponse | startsJVM,
	"javap": readsResponse | startsJVM, "jlink": readsResponse | startsJVM, "jpackage": readsResponse | startsJVM,
	"jdeps": readsResponse | startsJVM, "jdeprscan": readsResponse | startsJVM, "jar": readsResponse | startsJVM,
	"kotlinc": readsResponse | startsJVM, "kotlinc-jvm": readsResponse | startsJVM, "scalac": readsResponse | startsJVM,
	"jshell": startsJVM, "jarsigner": startsJVM, "keytool": startsJVM, "jcmd": startsJVM,
	// The JDK's other launchers: each hands -J<option> to its JVM.
	"jps": startsJVM, "jdb": startsJVM, "jfr": startsJVM, "jmod": startsJVM, "jimage": startsJVM,
	"jstack": startsJVM, "jmap": startsJVM, "jstat": startsJVM, "jstatd": startsJVM, "serialver": startsJVM,
	"rmiregistry": startsJVM, "jconsole": startsJVM, "jwebserver": startsJVM, "jinfo": startsJVM,
	"jhsdb": startsJVM, "jrunscript": startsJVM,
	"ld": readsResponse | loadsPlugin, "ld.bfd": readsResponse | loadsPlugin, "ld.gold": readsResponse | loadsPlugin,
	"gold": readsResponse | loadsPlugin, "ar": readsResponse | loadsPlugin, "ranlib": readsResponse | loadsPlugin,
	"nm": readsResponse | loadsPlugin, "gcc-ar": readsResponse | loadsPlugin, "gcc-nm": readsResponse | loadsPlugin, "gcc-ranlib": readsResponse | loadsPlugin,
	"ld.lld": readsResponse, "lld": readsResponse, "llvm-ar": readsResponse, "objcopy": readsResponse,
	"objdump": readsResponse, "strip": readsResponse, "as": readsResponse, "size": readsResponse,
	"readelf": readsResponse, "csc": readsResponse, "msbuild": readsResponse, "dotnet": readsResponse,
}

// llvmTools are the tools built on LLVM's command-line library whose names
// do not begin with llvm- or clang-: every one of them reads @FILE as
// more options (opt @o.rsp may name -o .bashrc, lli @r the file it runs)
// and many load plugins (-load=x.so).
var llvmTools = map[string]bool{"opt": true, "llc": true, "lli": true, "bugpoint": true, "dsymutil": true,
	"yaml2obj": true, "obj2yaml": true, "FileCheck": true, "split-file": true, "sancov": true, "sanstats": true,
	"verify-uselistorder": true, "diagtool": true}

// llvmTool reports an LLVM tool by its name (with or without a version:
// opt-14, llvm-link-14, clang-tidy-15).
func llvmTool(name string) bool {
	if strings.HasPrefix(name, "llvm-") || strings.HasPrefix(name, "clang-") {
		return true
	}
	if k := strings.LastIndexByte(name, '-'); k > 0 && k < len(name)-1 && strings.Trim(name[k+1:], "0123456789.") == "" {
		name = name[:k]
	}
	return llvmTools[name]
}

// llvmPlugin returns why a view of an LLVM tool loads a plugin (-load,
// --load-pass-plugin, -fpass-plugin, attached or not), or "".
func llvmPlugin(v []string) string {
	for _, w := range v[1:] {
		if w == "--" {
			return ""
		}
		name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
		if w != "" && w[0] == '-' && (name == "load" || strings.Contains(name, "plugin")) {
			return v[0] + " " + w + " loads a plugin, a shared object whose code the engine does not read"
		}
	}
	return ""
}

// jvmLoads returns why a view of a JVM launcher loads an agent or an
// options file, or opens a port that runs code (argmodel.JVMOption), or
// "".
func jvmLoads(v []string) string {
	for _, w := range v[1:] {
		if why := argmodel.JVMOption(strings.TrimPrefix(w, "-J")); why != "" {
			return v[0] + " " + w + " " + why
		}
	}
	return ""
}

// pluginOption returns why a view of a plugin loader loads a plugin, or
// "".
func pluginOption(v []string) string {
	for _, w := range v[1:] {
		if w == "--" {
			return ""
		}
		name, _, _ := strings.Cut(strings.TrimLeft(w, "-"), "=")
		if w != "" && w[0] == '-' && len(name) >= 3 && strings.HasPrefix("plugin", name) {
			return v[0] + " " + w + " loads a plugin, a shared object whose code the engine does not read"
		}
	}
	return ""
}

// ResponseFile returns why view v loads a plugin or a JVM agent or
// options file, or reads options from a response file, or may: a word
// that starts with an expansion (x=@opts; java $x) may start with '@'
// (codeReaders). Or "".
func ResponseFile(v []string) string {
	reads := codeReaders[argmodel.Versionless(BaseName(v[0]))]
	if reads == 0 && llvmTool(BaseName(v[0])) {
		reads = readsResponse
		if why := llvmPlugin(v); why != "" {
			return why
		}
	}
	if reads&loadsPlugin != 0 {
		if why := pluginOption(v); why != "" {
			return why
		}
	}
	if reads&startsJVM != 0 {
		if why := jvmLoads(v); why != "" {
			return why
		}
	}
	if reads&readsResponse == 0 {
		return ""
	}
	for i := 1; i < len(v); i++ {
		if len(v[i]) > 1 && (v[i][0] == '@' || v[i][0] == '$' || v[i][0] == '`') {
			return v[0] + " " + v[i] + ": reads more options from a file the engine does not read (a response file)"
		}
	}
	return ""
}

// InstallTrees calls fn for each directory a pip of words (pip, pip3.11,
// python3 -m pip, uv pip) installs into under names of the package's
// choosing: -t/--target DIR, --prefix DIR, --root DIR (a wheel may hold
// hooks/pre-commit or config: pip install --target=.git), --src DIR
// (an editable VCS requirement is cloned into DIR/EGG, #egg=hooks).
func InstallTrees(words []string, fn func(j int, dir string)) {
	pip := false
	for i, w := range words {
		if !pip {
			pip = argmodel.Versionless(BaseName(w)) == "pip"
			continue
		}
		name, val, attached := strings.Cut(w, "=")
		switch {
		case w == "--":
			return
		case installTreeOption(name) || w == "-t":
			if attached {
				fn(i, val)
			} else if i+1 < len(words) {
				fn(i+1, words[i+1])
			}
		case strings.HasPrefix(w, "-t") && len(w) > 2 && w[1] != '-':
			fn(i, w[2:])
		}
	}
}

// installTreeOption reports pip's --target, --prefix, --root or --src,
// or a prefix of one (pip takes an unambiguous prefix: --tar, --ro; an
// ambiguous one such as --pre is read as one too, the safe side).
func installTreeOption(name string) bool {
	long, ok := strings.CutPrefix(name, "--")
	if !ok || len(long) < 2 {
		return false
	}
	for _, o := range []string{"target", "prefix", "root", "src"} {
		if strings.HasPrefix(o, long) {
			return true
		}
	}
	return false
}

// MountSources calls fn with the host side of every bind mount a
// container engine's command line gives a container (docker, podman,
// nerdctl: -v SRC:DST, --volume=SRC:DST, -itv SRC:DST, --mount
// type=bind,src=SRC), and the file a build's secret reads (--secret
// id=k,src=FILE), read through the program's model, so that every
// spelling its options have counts: a path, not a named volume (a name
// without '/', '.', '~' or an expansion). The caller judges it from the
// directory the command runs in.
func MountSources(v []string, fn func(src string)) {
	if len(v) < 2 || len(v) > MaxModelWords {
		return
	}
	switch BaseName(v[0]) {
	case "docker", "podman", "nerdctl":
	default:
		return
	}
	m := argmodel.Lookup(v[0])
	if m == nil {
		return
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, nil, 0)
	var found []string
	for _, it := range r.Items {
		if it.Kind != argmodel.KindValue || it.Opt == nil {
			continue
		}
		spec := it.Text
		switch {
		case it.Named("mount"):
			// read as docker reads it: CSV fields, keys in any case
			for _, kv := range argmodel.CSVFields(spec) {
				if k, val, ok := strings.Cut(kv, "="); ok && (strings.EqualFold(k, "source") || strings.EqualFold(k, "src")) {
					spec = val
				}
			}
		case it.Named("volume"):
			spec, _, _ = strings.Cut(spec, ":")
		case it.Named("secret"):
			// A build secret's file (--secret id=k,src=.env) is read and
			// handed to the build's RUN steps; env=NAME reads a variable.
			spec = secretSource(spec)
		default:
			continue
		}
		if strings.ContainsAny(spec, "/.~$`") {
			found = append(found, spec)
		}
	}
	readings.Put(r)
	for _, f := range found {
		fn(f)
	}
}

// recursiveReaders are the programs that read every file under a directory
// operand, hidden ones too, and print what they find: grep with -r or -R
// (or -d recurse), ripgrep, which searches hidden files under a directory
// it is given by name (rg x .git), and find and fd when they run a command
// on every file they find.
var recursiveReaders = map[string]bool{"grep": true, "egrep": true, "fgrep": true, "rg": true, "find": true, "gfind": true, "fd": true, "fdfind": true}

// searchers are the search tools that walk the trees they name, or the
// working directory, and print the lines that match, with no model of
// their options here: the silver searcher, ack, ugrep, ripgrep-all,
// sift, the platinum searcher, ast-grep, and rgrep (grep -r).
var searchers = map[string]bool{"ag": true, "ack": true, "ack-grep": true, "ugrep": true, "ug": true, "rga": true,
	"sift": true, "pt": true, "ast-grep": true, "sg": true, "rgrep": true}

// treeRunners are the recursive readers that read a tree whole only when
// they run a command on what they find (find -exec cat {} +, fd -x cat):
// the options that do.
var treeRunners = map[string][]string{"find": findRuns, "gfind": findRuns, "fd": fdRuns, "fdfind": fdRuns}

var (
	findRuns = []string{"exec", "execdir", "ok", "okdir"}
	fdRuns   = []string{"exec", "exec-batch"}
)

// RecursiveReadOperands calls fn with the index in v of each path operand
// that a recursive reader walks (grep -r url .git prints .git/config's
// remote URL): a directory there is read whole. A reader that names none
// walks the working directory: fn is called with -1. A reader with more words
// than a model reads (MaxModelWords) is not read: tooLong says so, and
// any of its words may be such a directory.
//
// feeds says the command hands what a walker finds to another program
// (find .git -type f | xargs cat): find and fd then read their trees
// whole as with -exec.
func RecursiveReadOperands(v []string, feeds bool, fn func(k int)) (tooLong bool) {
	at := programAt(v)
	if at >= len(v) {
		return false
	}
	if name := BaseName(v[at]); searchers[name] || name == "git" && gitSubcommand(v[at:]) == "grep" && anyLong(v[at:], "no-index") {
		// ag KEY, ack KEY ~/.aws, git grep --no-index KEY: a search tool
		// without a model, which walks every tree it names, or the
		// working directory: each word that is no option may be one (the
		// pattern too, the safe side), and so may the working directory.
		operands(v, at+1, fn)
		fn(-1)
		return false
	}
	if name := BaseName(v[at]); name == "diff" || name == "colordiff" {
		// diff -r A B prints every file that differs, and with -N every
		// file that is only on one side, whole. (An attached value with
		// an r, -Ierror, is read as -r too: the safe side.)
		if slices.ContainsFunc(v[at+1:], func(w string) bool {
			return len(w) > 1 && w[0] == '-' && w[1] != '-' && strings.ContainsAny(w, "r") || w == "--recursive"
		}) {
			operands(v, at+1, fn)
		}
		return false
	}
	if !recursiveReaders[BaseName(v[at])] {
		return false
	}
	if len(v) > MaxModelWords {
		return true
	}
	m := argmodel.Lookup(BaseName(v[at]))
	if m == nil {
		return
	}
	r := readings.Get().(*argmodel.Result)
	defer readings.Put(r)
	argmodel.ParseFlags(r, m, v[at:], nil, 0)
	recursive := m.Name == "rg"
	runs := treeRunners[BaseName(v[at])]
	recursive = recursive || runs != nil && feeds
	for _, it := range r.Items {
		if it.Opt == nil {
			continue
		}
		switch {
		case runs != nil:
			// find DIR -exec CMD {} +: every file under DIR is handed to a
			// command, which may print it.
			recursive = recursive || it.OptionOf(runs...)
		case it.Kind == argmodel.KindOption && (strings.ContainsAny(it.Opt.Short, "rR") || it.Named("recursive")):
			recursive = true
		case it.ValueOf("directories") && it.Text == "recurse":
			recursive = true
		}
	}
	if !recursive {
		return false
	}
	named := false
	for _, it := range r.Items {
		if it.Kind == argmodel.KindOperand && it.Role == argmodel.RolePath {
			fn(at + it.Word)
			named = true
		}
	}
	if !named {
		fn(-1) // grep -r KEY, rg KEY, find -exec cat {} +: the working directory
	}
	return false
}
