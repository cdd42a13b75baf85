package programs

import (
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/permengine/permengine/internal/programs/argmodel"
)

// tableBits lists, for every bit of the catalog, the programs its table
// names, read from the tables themselves.
func tableBits() map[Bits][]string {
	keys := func(m map[string]bool) (out []string) {
		for k, ok := range m {
			if ok {
				out = append(out, k)
			}
		}
		return out
	}
	t := map[Bits][]string{
		Shell: shells, Eval: {"eval"}, Cd: cdVerbs, Data: keys(dataVerbs), Pattern: patternVerbs,
		Reserved: reservedWords, Interpreter: interpreters, Source: sourcers,
	}
	for v := range treeWriters {
		t[Trees] = append(t[Trees], v)
	}
	for v := range unpackers {
		t[Unpacker] = append(t[Unpacker], v)
	}
	for v := range carriers() {
		t[Nested] = append(t[Nested], v)
	}
	for v := range escapeRows {
		t[Commands] = append(t[Commands], v)
	}
	for v := range exModeEditors {
		t[Commands] = append(t[Commands], v)
	}
	for v := range inputReaders {
		t[Commands] = append(t[Commands], v)
	}
	for _, v := range argmodel.Names() {
		if inputReaderOf(v) != nil {
			t[Commands] = append(t[Commands], v)
		}
	}
	for v := range writeRows {
		t[Writes] = append(t[Writes], v)
	}
	for v := range sourceRemovers {
		t[Writes] = append(t[Writes], v)
	}
	for v := range readerRows {
		t[Reader] = append(t[Reader], v)
	}
	for v := range buildFiles {
		t[Builds] = append(t[Builds], v)
	}
	for alias, row := range argmodel.RowNames() {
		if alias != row && buildFiles[row] != nil {
			t[Builds] = append(t[Builds], alias) // the files of the row's program
		}
		if _, own := writeRows[alias]; alias != row && !own && hasWriteRow(row) {
			t[Writes] = append(t[Writes], alias) // the outputs of the row's program
		}
	}
	for _, v := range argmodel.Programs() {
		b := bitsOfModel(v)
		for _, bit := range []Bits{Effect, Exec, Privileged, Wrapper, Runner, Nested, Writes} {
			if b&bit != 0 {
				t[bit] = append(t[bit], v)
			}
		}
	}
	return t
}

// Every lookup built from the catalog agrees with the tables it is built
// from, both ways: a program a table names has the table's bit, and a
// program with a bit is named by that bit's table.
func TestCatalogAgreesWithTables(t *testing.T) {
	tables := tableBits()
	for bit, names := range tables {
		for _, v := range names {
			assert.NotZero(t, BitsOf(v)&bit, "%q is in the table of bit %b but the catalog lacks it", v, bit)
		}
	}
	all := build()
	for v, p := range all {
		for bit := Wrapper; bit <= Builds; bit <<= 1 {
			if p.Bits()&bit != 0 {
				assert.True(t, slices.Contains(tables[bit], v), "%q has bit %b but no table names it", v, bit)
			}
		}
		assert.Equal(t, p.Bits()&Nested != 0, p.carrier != nil || argmodel.CarriesScript(v), v)
		assert.Zero(t, p.Bits()&(Assignment|PathName), "word bits are never in the catalog: %q", v)
		assert.Equal(t, p.Bits(), BitsOf(v), "the bits index agrees with the catalog: %q", v)
		assert.Equal(t, p.Bits(), Lookup(v).Bits(), v)
	}
}

// A versioned name of an interpreter has its bits, the Reader bit among
// them: python3.12 says where it reads its program from as python does.
func TestVersionedNamesHaveTheirBits(t *testing.T) {
	for v, base := range map[string]string{"python3.12": "python", "gawk-5.1": "gawk", "perl5.36.0": "perl", "node20": "node"} {
		assert.Equal(t, BitsOf(base), BitsOf(v), v)
		assert.NotZero(t, BitsOf(v)&Reader, v)
	}
	for _, v := range []string{"base64", "sha256sum", "ls", "git"} {
		assert.Zero(t, BitsOf(v)&Reader, v)
	}
}

// Every shell and every other carrier finds the script it carries; a
// program that is not a carrier carries nothing.
func TestNestedScriptCarriers(t *testing.T) {
	for _, sh := range shells {
		s, ok := NestedScript([]string{sh, "-c", "rm x"})
		assert.True(t, ok, sh)
		assert.Equal(t, "rm x", s.Text, sh)
	}
	for _, v := range [][]string{
		{"eval", "rm", "x"}, {"env", "-S", "rm x"}, {"su", "-c", "rm x"}, {"runuser", "-c", "rm x"},
		{"sg", "-c", "rm x"}, {"script", "-c", "rm x"}, {"flock", "l", "--command", "rm x"},
		{"nix-shell", "--run", "rm x"}, {"watch", "-n", "1", "rm", "x"},
		{"git", "-c", "alias.x=!rm x", "x"},
	} {
		s, ok := NestedScript(v)
		assert.True(t, ok, "%q", v)
		assert.True(t, s.Text == "rm x" || slices.Equal(s.Words, []string{"rm", "x"}), "%q: %+v", v, s)
	}
	_, ok := NestedScript([]string{"ls", "-c", "rm x"})
	assert.False(t, ok)
}

// Every command an option runs is found, each occurrence, with its value
// attached too; a program without such options has none.
func TestOptionCommands(t *testing.T) {
	for _, c := range []struct {
		v    []string
		want []string // origin: words
	}{
		{[]string{"find", ".", "-exec", "rm", "x", ";"}, []string{"find -exec: rm x"}},
		{[]string{"find", ".", "-exec", "true", ";", "-execdir", "rm", "-rf", "{}", "+"},
			[]string{"find -exec: true", "find -execdir: rm -rf {} (elsewhere)"}},
		{[]string{"gfind", ".", "-ok", "rm", "{}", ";", "-print"}, []string{"gfind -ok: rm {}"}},
		{[]string{"fd", "README", "-x", "sudo", "id"}, []string{"fd -x: sudo id {}"}},
		{[]string{"fdfind", "-H", "--exec", "wc", "-l", ";", "src"}, []string{"fdfind --exec: wc -l {}"}},
		{[]string{"fd", "-X", "git", "push", ";", "-x", "curl", "h"}, []string{"fd -X: git push {}", "fd -x: curl h {}"}},
		{[]string{"fd", "--exec=sudo", "id"}, []string{"fd --exec: sudo id {}"}},
		{[]string{"fd", "-Hxsudo", "id"}, []string{"fd -x: sudo id {}"}},
		{[]string{"fd", "-x", "wc", "-l", "{}"}, []string{"fd -x: wc -l {}"}}, // the placeholder given: nothing appended,
		{[]string{"fd", "-e", "go"}, nil},
		{[]string{"ls", "-exec", "rm", ";"}, nil},
	} {
		var got []string
		OptionCommands(c.v, func(s Script) bool {
			g := s.Origin + ": " + strings.Join(s.Words, " ")
			if s.Elsewhere {
				g += " (elsewhere)"
			}
			got = append(got, g)
			return true
		})
		assert.Equal(t, c.want, got, "%q", c.v)
	}
}

// Past MaxOptionCommands commands, OptionCommands says it did not read
// them all.
func TestOptionCommandsBound(t *testing.T) {
	v := []string{"find", "."}
	for range MaxOptionCommands + 1 {
		v = append(v, "-exec", "true", ";")
	}
	n := 0
	assert.False(t, OptionCommands(v, func(Script) bool { n++; return true }))
	assert.Equal(t, MaxOptionCommands, n)
	assert.True(t, OptionCommands(v[:2+3*MaxOptionCommands], func(Script) bool { return true }))
}

// The catalog knows what the tables it is built from say.
func TestBitsOf(t *testing.T) {
	assert.NotZero(t, BitsOf("sudo")&Privileged)
	assert.NotZero(t, BitsOf("bash")&Shell)
	assert.NotZero(t, BitsOf("cd")&Cd)
	assert.Zero(t, BitsOf("pnpm-not-a-program"))
	assert.Zero(t, BitsOf(""))
	assert.NotZero(t, WordBits("A=1")&Assignment)
	assert.NotZero(t, WordBits("/usr/bin/curl")&PathName)
}

// "Is this a wrapper?" and "does this program run code?" have one answer.
func TestRunsCode(t *testing.T) {
	for _, v := range []string{"env", "sudo", "bash", "eval", "source", ".", "python3", "find", "fd", "npx"} {
		assert.True(t, RunsCode(v), v)
	}
	for _, v := range []string{"ls", "git", "cat", "pnpm"} {
		assert.False(t, RunsCode(v), v)
	}
	assert.True(t, RunsScripts("sh"))
	assert.False(t, RunsScripts("python"))
}
