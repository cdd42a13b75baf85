package argmodel

import "strings"

// compilerModel is a C compiler driver (gcc, clang and their other
// names). Its options are too many to list and are read as data, except
// the ones that choose the programs or code the driver runs: -wrapper
// runs every pass under a command given as comma-separated words;
// -B and --prefix, --gcc-toolchain, --ld-path and -fuse-ld with a path
// choose where the driver finds the assembler, the linker and its own
// passes; -fplugin, -fpass-plugin, -specs, -Xclang -load and the linker's
// -plugin load code from a file; @FILE reads more options from a file.
// The engine reads none of those programs or files, so each makes the
// program computed (judgeCompiler). A word known only at run time may be
// any of these options, and counts as one.
func compilerModel(name string) *Spec {
	return &Spec{Name: name, Syntax: Syntax{SingleDash: true, DoubleDash: true, EqValue: true, Permute: true},
		Open: true, Judge: judgeCompiler}
}

// judgeProviders finds keytool's and jarsigner's options that load code:
// a provider's class and the path it is loaded from (their names match
// in any case). Their -J options are the JVM's (programs.ResponseFile).
func judgeProviders(r *Result, words []string) {
	var why string
	for i := 1; i < len(words); i++ {
		w := strings.ToLower(words[i])
		switch {
		case strings.HasPrefix(w, "-providerpath"), strings.HasPrefix(w, "-providerclass"), strings.HasPrefix(w, "-addprovider"),
			strings.HasPrefix(w, "-altsigner"):
			why = words[i] + " loads a security provider's code, from a path the command may have written"
		case Computed(w) && (w[0] == '$' || w[0] == '`' || w[0] == '-') || r.splits(i) && strings.ContainsAny(w, "$`"):
			why = "a word known only at run time may be an option that loads code (-providerpath): " + words[i]
		default:
			continue
		}
		r.Effects |= EffExec | EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: why})
		return
	}
}

// compilerLongs are the driver's double-dash names that choose programs
// or code; the driver accepts any unambiguous prefix of its long names
// (--pref for --prefix), so a word that is a prefix of one counts.
var compilerLongs = []string{"prefix", "specs", "gcc-toolchain", "ld-path", "for-linker", "plugin", "wrapper"}

// judgeCompiler finds the first word that makes the driver run a program
// or load code the engine does not read.
func judgeCompiler(r *Result, words []string) {
	for i := 1; i < len(words); i++ {
		w := words[i]
		why := compilerRuns(w)
		if why == "" && (w == "-Xlinker" || w == "-Xclang" || w == "--for-linker") && i+1 < len(words) {
			if v := words[i+1]; strings.Contains(v, "plugin") || v == "-load" || Computed(v) || strings.HasPrefix(v, "@") {
				why = w + " " + words[i+1] + " loads code from a file the engine does not read"
			}
		}
		if why != "" {
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i, Why: why})
			return
		}
	}
}

// compilerRuns returns why one word of a compiler's command line makes it
// run a program or load code that the engine does not read, or "".
func compilerRuns(w string) string {
	switch {
	case w == "--":
		return ""
	case Computed(w) && (w[0] == '$' || w[0] == '`' || w[0] == '-' || w[0] == '@'):
		return "a word known only at run time may be an option that runs a program (-wrapper, -B): " + w
	case len(w) > 1 && w[0] == '@':
		return "@" + w[1:] + " reads more options from a file the engine does not read"
	case w == "-wrapper":
		return "-wrapper runs every pass of the compiler under a command the engine does not read"
	case strings.HasPrefix(w, "-B"):
		return "-B makes the compiler run its assembler, linker and passes from a directory the engine does not read"
	case strings.HasPrefix(w, "-fplugin"), strings.HasPrefix(w, "-fpass-plugin"), strings.HasPrefix(w, "-specs"),
		strings.HasPrefix(w, "-iplugindir"):
		return w + " loads code or commands from a file the engine does not read"
	case strings.HasPrefix(w, "-fuse-ld=") && strings.ContainsRune(w, '/'):
		return w + " runs a linker named by its path"
	case strings.HasPrefix(w, "-Wl,") && strings.Contains(w, "plugin"):
		return w + " makes the linker load a plugin the engine does not read"
	case (strings.HasPrefix(w, "-Wl,") || strings.HasPrefix(w, "-Wa,") || strings.HasPrefix(w, "-Wp,")) && strings.Contains(w, ",@"):
		return w + " makes a pass read more options (a plugin among them) from a file the engine does not read"
	case strings.HasPrefix(w, "--") && len(w) > 2:
		name, _, _ := strings.Cut(w[2:], "=")
		for _, l := range compilerLongs {
			if strings.HasPrefix(l, name) && len(name) >= 3 {
				return w + " (--" + l + ") chooses a program or code that the compiler runs"
			}
		}
	}
	return ""
}
