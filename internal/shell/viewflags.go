package shell

// ViewComputed returns, for view vi of the segment, per word whether the
// shell may still change it (an expansion, a glob, a brace), appended to
// buf. A view that is the segment's words, or a tail of them (a wrapper's
// command), takes their flags; a view the engine made up (brace expansion)
// returns nil, which the program models read as "judge by the text".
func (s *Segment) ViewComputed(vi int, buf []bool) []bool {
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
	for k := range v {
		buf = append(buf, s.Flags[off+k]&(WordExpands|WordGlob|WordBrace) != 0)
	}
	return buf
}
