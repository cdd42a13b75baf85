package permengine

import (
	"bufio"
	"os"
	"strings"
	"testing"
)

func loadCmds(b *testing.B) []string {
	f, _ := os.Open("testdata/bench/commands.txt")
	defer f.Close()
	var cmds []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		cmds = append(cmds, sc.Text())
	}
	return cmds
}

func BenchmarkMicroFastSplit(b *testing.B) {
	cmds := loadCmds(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		fastSplit(cmds[i%len(cmds)], []string{"/ws/proj"}, 0, "")
	}
}

func BenchmarkMicroReadCommand(b *testing.B) {
	cmds := loadCmds(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		readCommand(cmds[i%len(cmds)], "/ws/proj")
	}
}

func BenchmarkMicroFields(b *testing.B) {
	cmds := loadCmds(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		strings.Fields(cmds[i%len(cmds)])
	}
}

func BenchmarkMicroReadPooled(b *testing.B) {
	cmds := loadCmds(b)
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		c := readPooled(cmds[i%len(cmds)], "/ws/proj")
		c.release()
	}
}

func BenchmarkMicroTokens(b *testing.B) {
	cmds := loadCmds(b)
	var toks []fastToken
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		toks, _ = fastTokens(cmds[i%len(cmds)], toks[:0])
	}
}
