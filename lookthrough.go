package permengine

import (
	"slices"
	"strconv"
	"strings"
)

// This file builds the looked-through views of a segment (SPEC §8). Allow
// rules see only the literal words; deny and ask rules and every cap also
// see each view, so that a denied program cannot hide behind a wrapper, an
// assignment, a directory or a brace expansion.

// wrapperSpec describes a program that runs another program given as its
// arguments.
type wrapperSpec struct {
	shortArg   string   // short options that take an argument ("u" for -u USER)
	longArg    []string // long options that take an argument when not written --opt=value
	positional int      // arguments before the command (timeout's DURATION)
	notWith    string   // short options that make it not run a command (command -v)
}

// wrappers are the transparent wrappers: they run the rest of their words
// as a command. The table errs on the generous side; an option it does not
// know makes the engine also try every later word as the program.
var wrappers = map[string]wrapperSpec{
	"env":              {shortArg: "uCS", longArg: []string{"--unset", "--chdir", "--split-string"}},
	"command":          {notWith: "vV"},
	"builtin":          {},
	"exec":             {shortArg: "a"},
	"nice":             {shortArg: "n", longArg: []string{"--adjustment"}},
	"nohup":            {},
	"time":             {shortArg: "fo", longArg: []string{"--format", "--output"}},
	"timeout":          {shortArg: "sk", longArg: []string{"--signal", "--kill-after"}, positional: 1},
	"stdbuf":           {shortArg: "ioe", longArg: []string{"--input", "--output", "--error"}},
	"ionice":           {shortArg: "cnp", longArg: []string{"--class", "--classdata", "--pid"}},
	"setsid":           {},
	"xargs":            {shortArg: "IinLlPdEesa", longArg: []string{"--max-args", "--max-lines", "--max-procs", "--delimiter", "--eof", "--max-chars", "--arg-file", "--replace", "--process-slot-var"}},
	"sudo":             {shortArg: "ugCDhprtTU", longArg: []string{"--user", "--group", "--close-from", "--chdir", "--host", "--prompt", "--role", "--type", "--command-timeout", "--other-user"}},
	"doas":             {shortArg: "uC"},
	"run0":             {shortArg: "uDg", longArg: []string{"--user", "--chdir", "--group", "--unit", "--property", "--description", "--slice", "--nice", "--setenv", "--background"}},
	"pkexec":           {longArg: []string{"--user"}},
	"chroot":           {longArg: []string{"--userspec", "--groups"}, positional: 1},
	"unbuffer":         {},
	"taskset":          {positional: 1},
	"chrt":             {positional: 1},
	"caffeinate":       {shortArg: "tw"},
	"strace":           {shortArg: "oeEpPsuSXIab", longArg: []string{"--output", "--trace", "--signal"}},
	"ltrace":           {shortArg: "oeEpPsuSXIab"},
	"flock":            {shortArg: "wEc", longArg: []string{"--timeout", "--conflict-exit-code", "--command"}, positional: 1},
	"unshare":          {longArg: []string{"--setgroups", "--propagation", "--root", "--wd"}},
	"nsenter":          {shortArg: "tSGrw", longArg: []string{"--target", "--setuid", "--setgid", "--root", "--wd"}},
	"firejail":         {},
	"torsocks":         {},
	"proxychains":      {shortArg: "f"},
	"proxychains4":     {shortArg: "f"},
	"busybox":          {},
	"dbus-run-session": {},
	"catchsegv":        {},
	"faketime":         {positional: 1},
	"systemd-run":      {shortArg: "pEu", longArg: []string{"--unit", "--property", "--setenv", "--uid", "--gid", "--working-directory", "--description", "--slice"}},
	"doppler":          {},
	"dotenv":           {shortArg: "ecv"},
}

// runnerPrefixes are two-word forms that run an arbitrary program from
// PATH or a project's bin folder: "pnpm exec rm -rf x" runs rm.
var runnerPrefixes = map[string]map[string]bool{
	"npm":    {"exec": true},
	"pnpm":   {"exec": true, "dlx": false},
	"yarn":   {"exec": true},
	"bun":    {"x": false},
	"bundle": {"exec": true},
	"poetry": {"run": true},
	"uv":     {"run": true},
	"pipenv": {"run": true},
	"conda":  {"run": true},
	"mise":   {"exec": true, "x": true},
	"asdf":   {"exec": true},
	"direnv": {"exec": true},
	"devbox": {"run": true},
	"rtx":    {"exec": true},
	"pixi":   {"run": true},
	"hatch":  {"run": true},
	"rye":    {"run": true},
}

// shells run a script given with -c.
var shells = map[string]bool{
	"sh": true, "bash": true, "zsh": true, "dash": true, "ksh": true, "mksh": true,
	"ash": true, "yash": true, "posh": true, "fish": true, "csh": true, "tcsh": true,
	"rbash": true, "oksh": true, "loksh": true, "pdksh": true,
}

// maxViews bounds the views of one segment; brace expansion and nested
// wrappers cannot blow it up.
const maxViews = 64

// isAssignment reports whether w has the form NAME=value or NAME+=value.
func isAssignment(w string) bool {
	// One pass over the name: most words stop at their first byte.
	i := 0
	for i < len(w) {
		c := w[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			break
		}
		i++
	}
	if i == 0 || i == len(w) {
		return false
	}
	switch w[i] {
	case '=':
		return true
	case '+':
		return i+1 < len(w) && w[i+1] == '='
	case '[':
		// NAME[subscript]= or NAME[subscript]+=, up to the first '='.
		k := strings.IndexByte(w, '=')
		if k < 0 {
			return false
		}
		name := strings.TrimSuffix(w[:k], "+")
		return len(name) > i+1 && name[len(name)-1] == ']'
	}
	return false
}

// baseName strips the directory from a program path: /usr/bin/curl → curl.
func baseName(w string) string {
	if i := strings.LastIndexByte(w, '/'); i >= 0 && i < len(w)-1 {
		return w[i+1:]
	}
	return w
}

// needsLook reports, cheaply, whether any view beyond the literal words can
// exist. Most segments have none, and then lookThrough allocates nothing.
func needsLook(words []string) bool {
	if len(words) == 0 {
		return false
	}
	var all wordMask
	for _, w := range words {
		all |= maskOf(w)
	}
	return lookNeeded(wordBits(words[0]), all)
}

// lookBits are the wordBits of a first word that make views possible: a
// wrapper or runner, a program named by its path, an assignment.
const lookBits = vbWrapper | vbRunner | vbPathName | vbAssignment

// lookNeeded is needsLook from what a segment records: the wordBits of its
// first word and the masks of all its words together (a '{' may be a
// brace expansion).
func lookNeeded(first verbBits, all wordMask) bool {
	return first&lookBits != 0 || all&wmBrace != 0
}

// lookThrough returns the views of a segment's words; the first is the
// literal words themselves.
func lookThrough(words []string) [][]string {
	if !needsLook(words) {
		return [][]string{words}
	}
	return lookThroughViews(words, nil)
}

// lookThroughViews is lookThrough for words that needsLook accepts. With
// a command, the views are kept in its arena.
func lookThroughViews(words []string, c *command) [][]string {
	var l looker
	l.add(words)
	l.visit(words, 0)
	if c == nil {
		return append(append([][]string(nil), l.first[:l.n]...), l.more...)
	}
	k := len(c.viewArena)
	c.viewArena = append(append(c.viewArena, l.first[:l.n]...), l.more...)
	return c.viewArena[k:len(c.viewArena):len(c.viewArena)]
}

// looker gathers the views of one segment: the first ones in an array on
// the caller's stack, any further ones in more.
type looker struct {
	first [8][]string
	n     int
	more  [][]string
	steps int // visits so far, bounded by maxLookSteps
}

// count returns the number of views so far.
func (l *looker) count() int { return l.n + len(l.more) }

// maxLookSteps bounds the work of one lookThrough: wrappers that try every
// later word could otherwise branch without end (env env env …).
const maxLookSteps = 256

func (l *looker) add(v []string) bool {
	if l.count() >= maxViews {
		return false
	}
	for _, have := range l.first[:l.n] {
		if slices.Equal(have, v) {
			return false
		}
	}
	for _, have := range l.more {
		if slices.Equal(have, v) {
			return false
		}
	}
	if l.n < len(l.first) {
		l.first[l.n] = v
		l.n++
	} else {
		l.more = append(l.more, v)
	}
	return true
}

func (l *looker) visit(v []string, depth int) {
	l.steps++
	if depth > 16 || l.count() >= maxViews || l.steps > maxLookSteps {
		return
	}
	// Leading assignments do not change which program runs.
	i := 0
	for i < len(v) && isAssignment(v[i]) {
		i++
	}
	v = v[i:]
	if len(v) == 0 {
		return
	}
	// Brace expansion happens before the program is found.
	if hasBrace(v) {
		if ex := expandBraces(v); ex != nil && !slices.Equal(ex, v) {
			l.visit(ex, depth+1)
		}
	}
	// The program's directory does not change which program it is.
	if b := baseName(v[0]); b != v[0] {
		nv := make([]string, len(v))
		copy(nv, v)
		nv[0] = b
		v = nv
	}
	l.add(v)
	if p, ok := runnerPrefixes[v[0]]; ok && len(v) > 2 && p[v[1]] {
		rest := v[2:]
		if len(rest) > 0 && rest[0] == "--" {
			rest = rest[1:]
		}
		l.visit(rest, depth+1)
	}
	spec, ok := wrappers[v[0]]
	if !ok {
		return
	}
	cmd, sure := wrapped(v, spec)
	if cmd < 0 {
		return
	}
	if cmd < len(v) {
		l.visit(v[cmd:], depth+1)
	}
	if !sure {
		// An option the table does not know may take an argument: try
		// every later word as the program too.
		for j := 1; j < len(v); j++ {
			if j != cmd {
				l.visit(v[j:], depth+1)
			}
		}
	}
}

// wrappedCommand returns the command a wrapper runs, read with the
// wrapper table: "timeout 5 npm test" runs "npm test". It returns nil when
// the words do not start with a wrapper (after assignments and the verb's
// directory) or the wrapper runs nothing.
func wrappedCommand(words []string) []string {
	i := 0
	for i < len(words) && isAssignment(words[i]) {
		i++
	}
	if i >= len(words) {
		return nil
	}
	v := words[i:]
	verb := baseName(v[0])
	bits := bitsOf(verb)
	if bits&(vbWrapper|vbRunner) == 0 {
		return nil
	}
	if p, ok := runnerPrefixes[verb]; ok && len(v) > 2 && p[v[1]] {
		rest := v[2:]
		if len(rest) > 0 && rest[0] == "--" {
			rest = rest[1:]
		}
		if len(rest) > 0 {
			return rest
		}
		return nil
	}
	spec, ok := wrappers[verb]
	if !ok {
		return nil
	}
	cmd, _ := wrapped(v, spec)
	if cmd < 0 || cmd >= len(v) {
		return nil
	}
	return v[cmd:]
}

// wrapped returns the index of the wrapped program in v, and whether the
// options were all understood. It returns -1 when the wrapper runs nothing
// (command -v).
func wrapped(v []string, spec wrapperSpec) (int, bool) {
	sure := true
	pos := spec.positional
	j := 1
	for j < len(v) {
		w := v[j]
		if w == "--" {
			j++
			break
		}
		if isAssignment(w) && v[0] == "env" {
			j++
			continue
		}
		if len(w) > 1 && w[0] == '-' {
			if strings.HasPrefix(w, "--") {
				name := w
				if k := strings.IndexByte(w, '='); k >= 0 {
					name = w[:k]
				} else if slices.Contains(spec.longArg, name) {
					j++
				}
				if !slices.Contains(spec.longArg, name) && !isKnownLongFlag(name) {
					sure = false
				}
				j++
				continue
			}
			// A cluster of short options: the first one that takes an
			// argument consumes the rest of the cluster or the next word.
			for k := 1; k < len(w); k++ {
				c := w[k]
				if strings.IndexByte(spec.notWith, c) >= 0 {
					return -1, true
				}
				if strings.IndexByte(spec.shortArg, c) >= 0 {
					if k == len(w)-1 {
						j++
					}
					break
				}
				if !(c >= '0' && c <= '9') && !strings.ContainsRune("iEHnkKsSlPbpqrtvxfwcmL0", rune(c)) {
					sure = false
				}
			}
			j++
			continue
		}
		if pos > 0 {
			pos--
			j++
			continue
		}
		break
	}
	return j, sure
}

// isKnownLongFlag lists long flags without arguments that wrappers commonly
// take, so that they do not make the reading unsure.
func isKnownLongFlag(name string) bool {
	switch name {
	case "--ignore-environment", "--null", "--preserve-status", "--foreground", "--verbose",
		"--login", "--shell", "--preserve-env", "--non-interactive", "--reset-timestamp",
		"--no-run-if-empty", "--interactive", "--exit", "--fork", "--wait", "--version", "--help",
		"--debug", "--pty", "--quiet", "--setsid":
		return true
	}
	return false
}

// nested describes a script or command found inside a segment: the script
// of sh -c or eval, or the command of find -exec.
type nested struct {
	origin  string
	script  string   // shell text to parse
	words   []string // or a command given as words (find -exec … ;)
	dynamic bool
}

// nestedScript finds a script that a view runs: sh -c SCRIPT, eval WORDS,
// env -S STRING, su -c, watch CMD, find -exec CMD ;.
func nestedScript(v []string) (nested, bool) {
	if len(v) == 0 {
		return nested{}, false
	}
	verb := v[0]
	if bitsOf(verb)&vbNested == 0 {
		return nested{}, false
	}
	switch {
	case shells[verb]:
		return shellScript(v)
	case verb == "git":
		return gitConfigScript(v)
	case verb == "eval":
		if len(v) < 2 {
			return nested{}, false
		}
		return nested{origin: "eval", script: strings.Join(v[1:], " ")}, true
	case verb == "env":
		for j := 1; j < len(v); j++ {
			w := v[j]
			if (w == "-S" || w == "--split-string") && j+1 < len(v) {
				return nested{origin: "env -S", script: strings.Join(v[j+1:], " ")}, true
			}
			if rest, ok := strings.CutPrefix(w, "--split-string="); ok {
				return nested{origin: "env -S", script: strings.Join(append([]string{rest}, v[j+1:]...), " ")}, true
			}
			if strings.HasPrefix(w, "-S") && len(w) > 2 {
				return nested{origin: "env -S", script: strings.Join(append([]string{w[2:]}, v[j+1:]...), " ")}, true
			}
		}
	case verb == "su" || verb == "runuser" || verb == "sg" || verb == "script" || verb == "flock" || verb == "nix-shell":
		for j := 1; j+1 < len(v); j++ {
			switch v[j] {
			case "-c", "--command", "--run":
				return nested{origin: verb + " " + v[j], script: v[j+1]}, true
			}
		}
	case verb == "watch":
		j := 1
		for j < len(v) && strings.HasPrefix(v[j], "-") {
			if v[j] == "-n" || v[j] == "-d" || v[j] == "--interval" || v[j] == "-q" {
				j++
			}
			j++
		}
		if j < len(v) {
			return nested{origin: "watch", script: strings.Join(v[j:], " ")}, true
		}
	case verb == "find":
		for j := 1; j < len(v); j++ {
			switch v[j] {
			case "-exec", "-execdir", "-ok", "-okdir":
				k := j + 1
				for k < len(v) && v[k] != ";" && v[k] != "+" {
					k++
				}
				if k > j+1 {
					return nested{origin: "find " + v[j], words: v[j+1 : k]}, true
				}
			}
		}
	}
	return nested{}, false
}

// gitCommandKeys are git configuration keys whose value is a command.
var gitCommandKeys = map[string]bool{
	"core.sshcommand": true, "core.pager": true, "core.editor": true, "core.fsmonitor": true,
	"diff.external": true, "gpg.program": true, "sequence.editor": true, "credential.helper": true,
	"uploadpack.packobjectshook": true, "core.askpass": true,
}

// gitConfigScript finds a command set with git -c: an alias starting with
// "!" or a key whose value is a command.
func gitConfigScript(v []string) (nested, bool) {
	for j := 1; j < len(v); j++ {
		w := v[j]
		var kv string
		switch {
		case w == "-c" && j+1 < len(v):
			kv = v[j+1]
			j++
		case strings.HasPrefix(w, "-c") && len(w) > 2:
			kv = w[2:]
		case !strings.HasPrefix(w, "-"):
			return nested{}, false
		default:
			continue
		}
		key, val, ok := strings.Cut(kv, "=")
		if !ok {
			continue
		}
		key = strings.ToLower(key)
		switch {
		case strings.HasPrefix(key, "alias.") && strings.HasPrefix(val, "!"):
			return nested{origin: "git -c " + key, script: val[1:]}, true
		case gitCommandKeys[key] || strings.HasPrefix(key, "pager."):
			return nested{origin: "git -c " + key, script: strings.TrimPrefix(val, "!")}, true
		}
	}
	return nested{}, false
}

// shellScript reads "sh [options] -c SCRIPT [name args…]".
func shellScript(v []string) (nested, bool) {
	hasC := false
	for j := 1; j < len(v); j++ {
		w := v[j]
		if w == "--" || w == "-" {
			if hasC && j+1 < len(v) {
				return nested{origin: v[0] + " -c", script: v[j+1]}, true
			}
			return nested{}, false
		}
		if len(w) > 1 && (w[0] == '-' || w[0] == '+') {
			if strings.HasPrefix(w, "--") {
				if w == "--rcfile" || w == "--init-file" {
					j++
				}
				continue
			}
			if strings.IndexByte(w, 'c') > 0 && w[0] == '-' {
				hasC = true
			}
			if strings.ContainsAny(w[1:], "oO") {
				j++
			}
			continue
		}
		if hasC {
			return nested{origin: v[0] + " -c", script: w}, true
		}
		return nested{}, false
	}
	return nested{}, false
}

func hasBrace(v []string) bool {
	for _, w := range v {
		if strings.IndexByte(w, '{') >= 0 && (strings.IndexByte(w, ',') >= 0 || strings.Contains(w, "..")) {
			return true
		}
	}
	return false
}

// expandBraces applies bash brace expansion ({a,b} and {1..3}) to each word,
// splicing the results in place. It returns nil if the result would be too
// large.
func expandBraces(v []string) []string {
	out := make([]string, 0, len(v)+2)
	for _, w := range v {
		ex := braceWord(w, 0)
		if ex == nil {
			return nil
		}
		out = append(out, ex...)
		if len(out) > 256 {
			return nil
		}
	}
	return out
}

func braceWord(w string, depth int) []string {
	if depth > 8 {
		return []string{w}
	}
	open := -1
	for i := 0; i < len(w); i++ {
		if w[i] == '{' {
			// Find the matching close and whether it has a top-level comma
			// or a sequence.
			d, comma, end := 0, false, -1
			for k := i; k < len(w); k++ {
				switch w[k] {
				case '{':
					d++
				case '}':
					d--
				case ',':
					if d == 1 {
						comma = true
					}
				}
				if d == 0 {
					end = k
					break
				}
			}
			if end < 0 {
				return []string{w}
			}
			body := w[i+1 : end]
			var alts []string
			if comma {
				alts = splitTopComma(body)
			} else if seq := braceSeq(body); seq != nil {
				alts = seq
			} else {
				continue
			}
			open = i
			var out []string
			pre, post := w[:open], w[end+1:]
			for _, a := range alts {
				sub := braceWord(pre+a+post, depth+1)
				if sub == nil {
					return nil // too large below: give up on the whole word
				}
				out = append(out, sub...)
				if len(out) > 256 {
					return nil
				}
			}
			return out
		}
	}
	return []string{w}
}

func splitTopComma(s string) []string {
	var out []string
	d, last := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			d++
		case '}':
			d--
		case ',':
			if d == 0 {
				out = append(out, s[last:i])
				last = i + 1
			}
		}
	}
	return append(out, s[last:])
}

// braceSeq expands a single-letter or small numeric sequence {a..e},
// {1..5}; it returns nil for anything else.
func braceSeq(s string) []string {
	a, b, ok := strings.Cut(s, "..")
	if !ok || a == "" || b == "" || strings.Contains(b, "..") {
		return nil
	}
	if len(a) == 1 && len(b) == 1 && !isDigits(a) && !isDigits(b) {
		var out []string
		step := 1
		if a[0] > b[0] {
			step = -1
		}
		for c := int(a[0]); ; c += step {
			out = append(out, string(rune(c)))
			if c == int(b[0]) || len(out) > 64 {
				break
			}
		}
		return out
	}
	if isDigits(a) && isDigits(b) && len(a) < 4 && len(b) < 4 {
		x, _ := strconv.Atoi(a) // at most three digits
		y, _ := strconv.Atoi(b)
		step := 1
		if x > y {
			step = -1
		}
		var out []string
		for n := x; ; n += step {
			out = append(out, strconv.Itoa(n))
			if n == y || len(out) > 64 {
				break
			}
		}
		return out
	}
	return nil
}
