package programs

import "github.com/permengine/permengine/internal/programs/argmodel"

// Wrappers and runners: programs that run a command made of their
// remaining words (timeout 5 npm test, sudo rm x, pnpm exec vitest, docker
// exec app npm test). Where that command starts is read through the
// program's model.

// Wrapped returns the index in v of the program that v[0] runs as a
// command made of its remaining words, and whether every word before it
// was accounted for. It returns -1 when v runs no such command (command
// -v, or a program that is neither a wrapper nor a runner). When a word
// could not be accounted for and no command was found, it returns len(v)
// and false, so that a caller tries every later word as the program.
func Wrapped(v []string) (int, bool) {
	if len(v) == 0 || BitsOf(v[0])&(Wrapper|Runner) == 0 {
		return -1, true
	}
	m := argmodel.WrapCarrier(v)
	if m == nil {
		return -1, true
	}
	r := readings.Get().(*argmodel.Result)
	argmodel.ParseFlags(r, m, v, nil, 0)
	cmd, sure := -1, len(r.Unknown) == 0
	for _, sp := range r.Commands {
		if sp.End == len(v) {
			cmd = sp.Start
			break
		}
	}
	readings.Put(r)
	if cmd < 0 && !sure {
		cmd = len(v)
	}
	return cmd, sure
}

// AppendsInput reports whether the program of words (after assignments)
// runs a command with words read from its input appended: xargs cp x runs
// cp x and the input's words.
func AppendsInput(words []string) bool {
	i := programAt(words)
	return i < len(words) && argmodel.AppendsInput(BaseName(words[i]))
}

// WrappedCommand returns the command a wrapper or runner runs: "timeout 5
// npm test" runs "npm test". It returns nil when the words do not start
// with one (after assignments and the verb's directory) or it runs
// nothing.
func WrappedCommand(words []string) []string {
	i := programAt(words)
	if i >= len(words) {
		return nil
	}
	v := words[i:]
	if b := BaseName(v[0]); b != v[0] {
		v = append([]string{b}, v[1:]...)
	}
	cmd, _ := Wrapped(v)
	if cmd < 0 || cmd >= len(v) {
		return nil
	}
	return words[i+cmd:]
}
