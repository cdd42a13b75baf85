package permengine

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
	"pwd": true, "git": true, "npm": true, "pnpm": true, "yarn": true, "npx": true, "pip": true, "pip3": true,
	"go": true, "cargo": true, "rustc": true, "make": true, "cmake": true, "pytest": true, "tsc": true,
	"eslint": true, "prettier": true, "jest": true, "vitest": true, "mix": true, "docker": true, "podman": true,
	"kubectl": true, "helm": true, "terraform": true, "tofu": true, "gh": true, "glab": true, "apt": true,
	"apt-get": true, "brew": true, "export": true, "declare": true, "local": true, "readonly": true,
	"unset": true, "set": true, "shopt": true, "alias": true, "unalias": true, "source": false, "read": true,
	"true": true, "false": true, "sleep": true, "date": true, "env": false, "curl": true, "wget": true,
	"tar": true, "zip": true, "unzip": true, "gzip": true, "gunzip": true, "xz": true, "sha256sum": true,
	"md5sum": true, "base64": true, "xxd": true, "od": true, "hexdump": true, "du": true, "df": true,
	"ps": true, "kill": true, "pkill": true, "uname": true, "whoami": true, "id": true, "hostname": true,
	"tree": true, "fd": true, "bat": true, "column": true, "paste": true, "join": true, "seq": true,
	"yes": true, "nl": true, "fold": true, "fmt": true, "rev": true, "tac": true, "shuf": true, "split": true,
	"csplit": true, "expand": true, "unexpand": true, "iconv": true, "sed": true, "awk": true,
}

// scanUnknown reports whether a segment's later words should also be tried
// as programs: its program (after looking through) is not known.
func scanUnknown(s *segment) bool {
	for vi, v := range s.views {
		if len(v) == 0 {
			return false
		}
		if s.viewBits(vi)&(vbData|vbShell|vbEval) != 0 {
			return false
		}
	}
	return true
}
