package permengine_test

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/permengine/permengine/casefile"
)

// caseDirs hold the shared case corpus (SPEC §13). Every .json and .jsonl
// file below them is a case file.
var caseDirs = []string{"testdata/cases"}

func corpusFiles(t testing.TB) []string {
	var files []string
	for _, dir := range caseDirs {
		err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".jsonl")) && !strings.Contains(p, "/policies/") {
				files = append(files, p)
			}
			return nil
		})
		require.NoError(t, err)
	}
	require.NotEmpty(t, files, "no case files found")
	return files
}

// TestCorpus runs every case of the shared corpus.
func TestCorpus(t *testing.T) {
	total := 0
	names := map[string]string{}
	for _, file := range corpusFiles(t) {
		cases, err := casefile.ReadFile(file)
		require.NoError(t, err)
		for _, c := range cases {
			total++
			require.NotEmpty(t, c.Name, "%s: a case needs a name", c.Where())
			require.NotNil(t, c.Want, "%s: a corpus case needs want", c.Where())
			if prev, dup := names[c.Name]; dup {
				t.Errorf("%s: case name %q already used at %s", c.Where(), c.Name, prev)
			}
			names[c.Name] = c.Where()
			t.Run(c.Name, func(t *testing.T) {
				d, err := c.Run()
				require.NoError(t, err, c.Where())
				if err := c.Check(d); err != nil {
					t.Errorf("%s: %v\ntrace:", c.Where(), err)
					for _, s := range d.Trace {
						t.Logf("  %-11s %-20s %-16s %s %s", s.Stage, s.Rule, s.Outcome, s.Effect, s.Detail)
					}
				}
			})
		}
	}
	t.Logf("%d cases", total)
}
