// Package benchcorpus reads the fixed benchmark inputs of testdata/bench:
// the command corpus and the rule files. The package's benchmarks and the
// separate bench/ module use it, so that both read the same inputs the
// same way.
package benchcorpus

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
)

// Size is the number of commands in the corpus.
const Size = 10000

// RuleCounts are the sizes of the rule files.
var RuleCounts = []int{10, 100, 1000, 10000}

// The context of every benchmark decision, as the corpus README says: scope
// root and working directory /ws/proj, role developer, no autonomy opinion,
// no container.
const (
	ScopeRoot = "/ws/proj"
	Cwd       = "/ws/proj"
)

// Commands reads the corpus from dir (testdata/bench) and checks its size.
func Commands(dir string) ([]string, error) {
	f, err := os.Open(filepath.Join(dir, "commands.txt"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var cmds []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cmds = append(cmds, sc.Text())
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	if len(cmds) != Size {
		return nil, fmt.Errorf("%s: %d commands, want %d", f.Name(), len(cmds), Size)
	}
	return cmds, nil
}

// RulesFile is the path of the rule file of n rules in dir.
func RulesFile(dir string, n int) string {
	return filepath.Join(dir, fmt.Sprintf("rules-%d.json", n))
}
