package benchcorpus

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCommands(t *testing.T) {
	cmds, err := Commands("../../testdata/bench")
	require.NoError(t, err)
	assert.Len(t, cmds, Size)
	for _, n := range RuleCounts {
		assert.FileExists(t, RulesFile("../../testdata/bench", n))
	}
}

func TestCommandsRefusesAnotherCorpus(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "commands.txt"), []byte("ls\ngit status\n"), 0o644))
	_, err := Commands(dir)
	assert.ErrorContains(t, err, "2 commands, want 10000")
	_, err = Commands(filepath.Join(dir, "missing"))
	assert.Error(t, err)
}
