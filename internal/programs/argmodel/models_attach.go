package argmodel

import "strings"

// Profilers, dumpers and tracers that read or change another, running
// process: its memory and its environment hold the secrets it was
// started with (the agent's host among them), and a tracer sees the
// strings it writes. Each attaches by an option (-p PID) or by what it
// is; the command a profiler runs instead (perf stat CMD, py-spy record
// -- CMD) is read as an unknown program's words are (Behind).

// attachPID is the option of a profiler or tracer that names the
// running processes it attaches to.
func attachPID(short string, long ...string) Option {
	return val(short, RoleData, long...).does(EffExec|EffComputed, whyAttach)
}

// perfModel is Linux perf. record, stat, trace and top run the command
// after their options (a command of its own, as a wrapper's), or attach to running processes with -p/--pid and
// -t/--tid (perf trace prints the strings they write; record's
// --call-graph dwarf copies their stacks); perf script -s runs a Python
// or Perl script; annotate, report, top and script run the program
// --objdump names; --exec-path is where perf finds its helper programs.
// perf's other commands (mem record CMD, sched record CMD, …) are read as
// an unknown program's words are.
func perfModel() *Spec {
	syn := Syntax{Abbrev: true, Negate: true} // parse-options, stopping at the command
	attaching := func(name string) *Spec {
		c := cmd(syn, name)
		c.Options = list(attachPID("p", "pid"), attachPID("t", "tid"), attachPID("u", "uid"),
			val("o", RolePath, "output").output(), val("e", RoleData, "event"), val("F", RoleData, "freq"), val("c", RoleData, "count"),
			val("C", RoleData, "cpu"), val("G", RoleData, "cgroup"), opt("", RoleData, "call-graph"),
			// perf stat --pre/--post run a shell command line before and
			// after the one measured; record's --clang-path names the
			// compiler it runs for BPF programs.
			val("", RoleCode, "pre", "post").code(LangShell),
			val("", RoleProgram, "clang-path").does(EffExec|EffComputed, "perf runs this program as clang"))
		c.Operands = []Operand{{Role: RoleCommand}}
		return c
	}
	// The commands that disassemble or resolve addresses run the program
	// --objdump (--addr2line) names in place of the system's.
	helpers := func(c *Spec) *Spec {
		c.Options = append(c.Options, val("", RoleProgram, "objdump").does(EffExec, "perf runs this program in place of objdump"),
			val("", RoleProgram, "addr2line").does(EffExec, "perf runs this program in place of addr2line"))
		return c
	}
	script := helpers(cmd(syn, "script"))
	script.Options = append(script.Options, val("s", RolePath, "script").runsFile(), val("i", RolePath, "input"))
	return &Spec{Name: "perf", Syntax: syn, Open: true, OpenSubs: true, Behind: true,
		Options: list(val("", RolePath, "exec-path").does(EffComputed, "perf runs its helper programs from this directory")),
		Subs: []*Spec{attaching("record"), attaching("stat"), attaching("trace"), helpers(attaching("top")), script,
			helpers(cmd(syn, "annotate")), helpers(cmd(syn, "report"))}}
}

// samplerModel is a sampling profiler of an interpreter (py-spy, rbspy):
// record, top and dump attach with -p/--pid, reading the process's
// memory (py-spy dump --locals prints its variables); record and top
// run the command after "--" instead, a command of its own.
func samplerModel(name string) *Spec {
	syn := Syntax{Permute: true}
	running := func(n string) *Spec {
		c := cmd(syn, n)
		c.Operands = []Operand{{Role: RoleCommand}}
		return c
	}
	return &Spec{Name: name, Syntax: syn, Open: true, OpenSubs: true, Behind: true,
		Options: list(attachPID("p", "pid"), val("o", RolePath, "output").output(), val("f", RoleData, "format"),
			val("r", RoleData, "rate"), val("d", RoleData, "duration")),
		Subs: []*Spec{running("record"), running("top")}}
}

// memrayModel is memray: attach loads its tracker into a running Python
// process (through gdb or lldb), code run inside it.
func memrayModel() *Spec {
	attach := cmd(Syntax{Permute: true}, "attach")
	attach.Effect, attach.Why = EffExec|EffComputed, whyAttach
	return &Spec{Name: "memray", Syntax: Syntax{Permute: true}, Open: true, OpenSubs: true, Behind: true, Subs: []*Spec{attach}}
}

// jmapModel is the JDK's jmap: -dump writes a running JVM's heap, the
// secrets it holds among it, to a file; -histo and -clstats count its
// classes.
func jmapModel() *Spec {
	return &Spec{Name: "jmap", Syntax: POSIX, Open: true, Behind: true,
		Judge: func(r *Result, words []string) {
			for i, w := range words[1:] {
				if Computed(w) || strings.HasPrefix(w, "-dump") {
					r.Effects |= EffExec | EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i + 1,
						Why: "jmap -dump writes a running JVM's heap to a file: " + whyAttach})
					return
				}
			}
		}}
}

// psModel is procps' ps: its BSD-style options (a word of letters with
// no dash: aux, eww) with e print the environment of every process ps
// lists, the agent host's keys among them (ps eww -p $PPID).
func psModel() *Spec {
	opts := []Option{}
	for _, c := range "oOCpqsuUgGt" {
		opts = append(opts, val(string(c), RoleData))
	}
	opts = append(opts, vals(RoleData, "format", "sort", "pid", "ppid", "user", "group", "tty", "cols", "columns",
		"rows", "lines", "width", "sid", "quick-pid", "Group", "User")...)
	return &Spec{Name: "ps", Syntax: Syntax{Permute: true}, Open: true, Options: opts, Operands: operands(RoleData),
		Judge: func(r *Result, words []string) {
			for _, it := range r.Items {
				if it.Kind != KindOperand {
					continue
				}
				if w := it.Text; it.Computed || strings.IndexByte(w, 'e') >= 0 && lettersOnly(w) {
					r.Effects |= EffComputed
					r.Findings = append(r.Findings, Finding{Effect: EffComputed, Word: it.Word,
						Why: "ps e prints the environment of the processes it lists, which holds the secrets they were started with (the agent's host among them)"})
					return
				}
			}
		}}
}

// lettersOnly reports a word of ASCII letters alone.
func lettersOnly(w string) bool {
	for i := 0; i < len(w); i++ {
		if c := w[i] | 0x20; c < 'a' || c > 'z' {
			return false
		}
	}
	return w != ""
}
