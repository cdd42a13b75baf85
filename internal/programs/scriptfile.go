package programs

// ScriptFile returns the index in view v of the file that v runs as a
// program: the script operand of a shell (bash x.sh) or an interpreter
// (python3 x.py), the file a sourcer reads (. x.sh), or the program
// itself when it is named by a path (./x.sh). It returns -1 when v runs
// no file: code given with -c or -e, a program found on PATH. Options
// before the file are skipped; one that takes a value may make the value
// look like the file, which only ever names one more file. bits are
// WordBits(v[0]).
func ScriptFile(v []string, bits Bits) int {
	if len(v) == 0 {
		return -1
	}
	if bits&PathName != 0 && bits&(Shell|Interpreter|Source) == 0 {
		return 0
	}
	if bits&(Shell|Interpreter|Source) == 0 {
		return -1
	}
	for i := 1; i < len(v); i++ {
		w := v[i]
		switch {
		case w == "--":
			if i+1 < len(v) {
				return i + 1
			}
			return -1
		case w == "-c" || w == "-e" || w == "-E" || w == "-m" || w == "-r" || w == "--eval" || w == "--command":
			return -1 // code on the command line
		case len(w) > 1 && w[0] == '-':
			continue
		}
		return i
	}
	return -1
}
