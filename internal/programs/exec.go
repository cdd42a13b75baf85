package programs

// ExecArgument checks one view (its program first, with the program's
// catalog bits) through the program's model: an argument that makes an
// allowed program run or delete arbitrary things, or rewrite configuration
// that runs them later. It returns the reason or "".
func ExecArgument(v []string, bits Bits) string {
	if bits&Exec == 0 {
		return ""
	}
	j, _ := Judge(v, nil, 0)
	return j.Exec
}
