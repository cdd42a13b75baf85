package shell

// ViewFlags returns the word flags of view vi of the segment: the
// segment's own when the view is its words or a tail of them (a wrapper's
// command, the program's directory dropped). A view the engine made up
// (brace expansion) gets nil, which the program models read as "judge by
// the text", the safe reading.
func (s *Segment) ViewFlags(vi int) []uint8 {
	if vi < 0 || vi >= len(s.Views) {
		return nil
	}
	v := s.Views[vi]
	off := len(s.Words) - len(v)
	if off < 0 || len(s.Flags) != len(s.Words) {
		return nil
	}
	for k := 1; k < len(v); k++ {
		if v[k] != s.Words[off+k] {
			return nil
		}
	}
	return s.Flags[off:]
}
