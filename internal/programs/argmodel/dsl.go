package argmodel

// Small constructors that keep the models readable as tables.

// flag is an option without a value.
func flag(short string, long ...string) Option {
	return Option{Short: short, Long: long}
}

// val is an option with a required value of role ro.
func val(short string, ro Role, long ...string) Option {
	return Option{Short: short, Long: long, Arg: ArgRequired, Role: ro}
}

// opt is an option with an optional, attached-only value of role ro.
func opt(short string, ro Role, long ...string) Option {
	return Option{Short: short, Long: long, Arg: ArgOptional, Role: ro}
}

// does gives an option an effect and its reason.
func (o Option) does(e Effect, why string) Option {
	o.Effect, o.Why = e, why
	return o
}

// chdir marks a wrapper's option that names the directory its command
// starts in.
func (o Option) chdir() Option {
	o.Chdir = true
	return o
}

// buildFile marks an option whose value is a file of commands the
// program runs (make -f).
func (o Option) buildFile() Option {
	o.BuildFile = true
	return o
}

// backup marks an option whose value is an in-place edit's backup
// suffix.
func (o Option) backup() Option {
	o.Backup = true
	return o
}

// outDir marks an option whose value is the directory of the files that
// the outName options name.
func (o Option) outDir() Option {
	o.OutDir = true
	return o
}

// outName marks an option whose value names a file written in the
// directory of the outDir options, when one is given.
func (o Option) outName() Option {
	o.OutName = true
	return o
}

// output marks an option whose value is a file the program writes.
func (o Option) output() Option {
	o.Output = true
	return o
}

// appends marks a program option whose program gets words of the
// program's own choosing appended (see Option.Appends).
func (o Option) appends() Option {
	o.Appends = true
	return o
}

// stops makes the option end the options: the words after it are
// operands.
func (o Option) stops() Option {
	o.Stops = true
	return o
}

// when limits the option's effect to the values check accepts.
func (o Option) when(check func(string, bool) bool) Option {
	o.Check = check
	return o
}

// code makes the value code in language l.
func (o Option) code(l Lang) Option {
	o.Role, o.Lang = RoleCode, l
	return o
}

// script marks the option as giving the script or pattern.
// runsFile marks an option whose value is a file the program runs or
// loads as code.
func (o Option) runsFile() Option {
	o.RunsFile = true
	return o
}

// module marks an option whose value names a module the program runs.
func (o Option) module() Option {
	o.Module = true
	return o
}

func (o Option) script() Option {
	o.Script = true
	return o
}

// shorts makes one flag per letter.
func shorts(letters string) []Option {
	out := make([]Option, len(letters))
	for i := range letters {
		out[i] = Option{Short: letters[i : i+1]}
	}
	return out
}

// longs makes one flag per long name.
func longs(names ...string) []Option {
	out := make([]Option, len(names))
	for i, n := range names {
		out[i] = Option{Long: []string{n}}
	}
	return out
}

// vals makes one value option per long name, all of role ro.
func vals(ro Role, names ...string) []Option {
	out := make([]Option, len(names))
	for i, n := range names {
		out[i] = Option{Long: []string{n}, Arg: ArgRequired, Role: ro}
	}
	return out
}

// join concatenates option lists.
func join(lists ...[]Option) []Option {
	n := 0
	for _, l := range lists {
		n += len(l)
	}
	out := make([]Option, 0, n)
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// list is a literal option list, for join.
func list(o ...Option) []Option { return o }

// operands is a list of operand roles.
func operands(roles ...Role) []Operand {
	out := make([]Operand, len(roles))
	for i, r := range roles {
		out[i] = Operand{Role: r}
	}
	return out
}
