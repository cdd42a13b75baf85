package paths

import (
	"strings"

	"github.com/permengine/permengine/internal/ascii"
)

// Windows spellings. On Windows the same file has more names than its
// own: "\" separates components, a trailing dot or space is dropped, a
// ":stream" suffix names a stream of the file (.git::$DATA is .git), an
// 8.3 short name such as GIT~1 may stand for any long name, and a device
// name (CON, AUX, COM1, …) is a device in every directory. A host that
// runs there says so (Extensions.WindowsPaths); its words are read in these
// terms before they are matched.

// windowsDevices are the DOS device names; NUL, like /dev/null, is
// nobody's file.
var windowsDevices = map[string]bool{
	"con": true, "prn": true, "aux": true, "conin$": true, "conout$": true,
	"com1": true, "com2": true, "com3": true, "com4": true, "com5": true, "com6": true, "com7": true, "com8": true, "com9": true,
	"lpt1": true, "lpt2": true, "lpt3": true, "lpt4": true, "lpt5": true, "lpt6": true, "lpt7": true, "lpt8": true, "lpt9": true,
}

// windowsName rewrites a word the way Windows reads it. A component that
// may be any name is replaced by anyComponent; device is true when a
// component names a device.
func windowsName(w string) (out string, wild, device bool) {
	w = strings.ReplaceAll(w, "\\", "/")
	parts := strings.Split(w, "/")
	for i, p := range parts {
		if k := strings.IndexByte(p, ':'); k > 0 && !(i == 0 && k == 1) {
			p = p[:k] // a stream: file::$DATA, file:name
		}
		if p != "." && p != ".." {
			p = strings.TrimRight(p, ". ")
			if p == "" && parts[i] != "" {
				p = "."
			}
		}
		if shortName(p) {
			p = string(rune(anyComponent))
			wild = true
		}
		base := fold(p)
		if k := strings.IndexByte(base, '.'); k > 0 {
			base = base[:k]
		}
		if windowsDevices[base] {
			device = true
		}
		parts[i] = p
	}
	return strings.Join(parts, "/"), wild, device
}

// shortName reports an 8.3 short name: up to six characters, "~", digits,
// and an extension of up to three characters.
func shortName(p string) bool {
	t := strings.IndexByte(p, '~')
	if t < 1 || t > 6 {
		return false
	}
	rest := p[t+1:]
	if k := strings.IndexByte(rest, '.'); k >= 0 {
		if len(rest)-k-1 > 3 {
			return false
		}
		rest = rest[:k]
	}
	return ascii.Digits(rest)
}
