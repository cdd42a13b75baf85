package programs

import (
	"maps"
	"slices"
	"strings"
)

// An unknown program may run its arguments as a command: a shell script on
// PATH that ends in exec "$@" is a wrapper the engine's table cannot know.
// So for a segment whose program is neither a known wrapper nor a program
// whose arguments are data, deny and ask rules and the external-effect and
// privilege caps are also tried on every later word that could be a program.
// A deny rule found that way makes the segment ask, not deny: the engine
// cannot tell that the program really runs it, and refusing "grep curl"
// because curl is denied would be wrong.

// dataVerbs are programs whose arguments are data, never a command to run.
// Keep it to programs that cannot exec their arguments.
var dataVerbs = map[string]bool{
	"echo": true, "printf": true, "grep": true, "egrep": true, "fgrep": true, "rg": true, "ag": true, "ack": true,
	"man": true, "which": true, "whereis": true, "type": true, "whatis": true, "apropos": true, "info": true,
	"tldr": true, "help": true, "cat": true, "less": true, "more": true, "head": true, "tail": true, "wc": true,
	"sort": true, "uniq": true, "cut": true, "tr": true, "jq": true, "yq": true, "diff": true, "comm": true,
	"ls": true, "file": true, "stat": true, "test": true, "[": true, "basename": true, "dirname": true,
	"realpath": true, "readlink": true, "touch": true, "mkdir": true, "rmdir": true, "rm": true, "cp": true,
	"mv": true, "ln": true, "chmod": true, "chown": true, "tee": true, "cd": true, "pushd": true, "popd": true,
	"pwd": true, "git": true, "npm": true, "pnpm": true, "yarn": true, "npx": true, "pip": true,
	"go": true, "cargo": true, "rustc": true, "make": true, "cmake": true, "pytest": true, "tsc": true,
	"eslint": true, "prettier": true, "jest": true, "vitest": true, "mix": true, "docker": true, "podman": true,
	"kubectl": true, "helm": true, "terraform": true, "tofu": true, "gh": true, "glab": true, "apt": true,
	"apt-get": true, "brew": true, "export": true, "declare": true, "local": true, "readonly": true,
	"unset": true, "set": true, "shopt": true, "alias": true, "unalias": true, "source": false, "read": true,
	"true": true, "false": true, "sleep": true, "date": true, "env": false, "curl": true, "wget": true,
	"tar": true, "zip": true, "unzip": true, "gzip": true, "gunzip": true, "xz": true, "sha256sum": true,
	"md5sum": true, "base64": true, "xxd": true, "od": true, "hexdump": true, "du": true, "df": true,
	"ps": true, "kill": true, "pkill": true, "uname": true, "whoami": true, "id": true, "hostname": true,
	"tree": true, "column": true, "paste": true, "join": true, "seq": true,
	"yes": true, "nl": true, "fold": true, "fmt": true, "rev": true, "tac": true, "shuf": true, "split": true,
	"csplit": true, "expand": true, "unexpand": true, "iconv": true, "sed": true, "awk": true,
	"dig": true, "host": true, "nslookup": true, "ping": true, "whois": true, "getent": true,
	// Binary inspectors: they read the files they are given and print
	// what is in them (ldd is not among them: it may run the program).
	"readelf": true, "objdump": true, "nm": true, "size": true, "strings": true,
	// Linters and type checkers: they read the files they are given (a
	// program the catalog does not know may write any file its words
	// name, which a later segment that runs it would then run unread).
	"ruff": true, "mypy": true, "pylint": true, "flake8": true, "pyright": true, "shellcheck": true,
	"golangci-lint": true, "staticcheck": true, "hadolint": true, "yamllint": true,
}

// valueVerbs are programs whose arguments are values, never paths they
// open: a bare expansion given to them ("echo $HOME") is not an unknown
// path.
var valueVerbs = map[string]bool{
	"echo": true, "printf": true, "true": true, "false": true, "sleep": true, "date": true, "seq": true,
	"yes": true, "export": true, "declare": true, "typeset": true, "local": true, "readonly": true,
	"unset": true, "set": true, "shopt": true, "alias": true, "unalias": true, "read": true, "test": true,
	"[": true, "[[": true, "basename": true, "dirname": true, "kill": true, "id": true, "whoami": true,
	"uname": true, "hostname": true, "expr": true, "let": true, "return": true, "exit": true, "shift": true,
	"which": true, "type": true, "command": true, "hash": true, "wait": true, "trap": true, "getopts": true,
	"printenv": true, "tput": true, "logger": true, "notify-send": true, "pkill": true, "pgrep": true,
}

// cdVerbs change the shell's directory.
var cdVerbs = []string{"cd", "pushd", "popd", "chdir"}

// patternVerbs take a pattern or program as an argument that is data for
// the path scope, not a path: sed's script, awk's program, grep's pattern.
var patternVerbs = []string{"sed", "gsed", "awk", "gawk", "mawk", "nawk", "grep", "egrep", "fgrep", "rg", "jq"}

// reservedWords are shell keywords and declaration builtins that the parser
// reads as something other than a simple command.
var reservedWords = []string{
	"if", "then", "else", "elif", "fi", "do", "done", "case", "esac", "while", "until", "for", "in",
	"function", "select", "time", "coproc", "{", "}", "[[", "]]", "!", "export", "declare", "local",
	"readonly", "typeset", "nameref", "let",
}

// interpreters run code from their arguments or files.
// The interpreters of unreadLangs are interpreters too.
var interpreters = append(slices.Sorted(maps.Keys(unreadLangs)), []string{
	"python", "python2", "python3", "pypy", "pypy3", "node", "nodejs", "deno", "bun", "ruby", "perl", "php",
	"lua", "luajit", "tclsh", "Rscript", "osascript", "npx", "pnpx", "bunx", "awk", "gawk",
	"pwsh", "powershell", "nu", "xonsh", "elvish",
}...)

// sourcers run a script file in the shell itself.
var sourcers = []string{"source", "."}

// DataArgs returns a bit set of the word indexes (below 63) that hold a
// pattern or script rather than a path. Files named after the pattern are
// still checked.
func DataArgs(words []string) uint64 {
	i := programAt(words)
	if i >= len(words) || BitsOf(BaseName(words[i]))&Pattern == 0 {
		return 0
	}
	if set, ok := modelData(words[i:], i); ok {
		return set
	}
	var set uint64
	explicit := false
	for j := i + 1; j < len(words) && j < 63; j++ {
		w := words[j]
		switch {
		case w == "-e" || w == "--expression" || w == "--regexp":
			explicit = true
			if j+1 < 63 {
				set |= 1 << uint(j+1)
			}
			j++
		case w == "--":
			if !explicit && j+1 < 63 {
				set |= 1 << uint(j+1)
			}
			return set
		case strings.HasPrefix(w, "-"):
			if w == "-f" || w == "-F" || w == "-v" || w == "-m" || w == "-A" || w == "-B" || w == "-C" {
				j++ // an option with a value that is not the pattern
			}
		default:
			if !explicit {
				set |= 1 << uint(j)
			}
			return set
		}
	}
	return set
}
