package shell

import "github.com/permengine/permengine/internal/programs"

// UnknownProgram reports whether a segment's later words should also be
// tried as programs: its program (after looking through) is not known to
// take data only, nor to be a shell or eval. An unknown program may run its
// arguments as a command, as a script on PATH that ends in exec "$@" does.
func (s *Segment) UnknownProgram() bool {
	for vi, v := range s.Views {
		if len(v) == 0 {
			return false
		}
		if s.ViewBits(vi)&(programs.Data|programs.Shell|programs.Eval) != 0 {
			return false
		}
	}
	return true
}
