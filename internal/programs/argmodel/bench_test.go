package argmodel

import "testing"

// BenchmarkParse reads everyday command lines with their models.
func BenchmarkParse(b *testing.B) {
	lines := [][]string{
		{"git", "status"}, {"git", "log", "--oneline", "-5"}, {"npm", "test"}, {"npm", "run", "build"},
		{"kubectl", "get", "pods", "-n", "prod"}, {"docker", "exec", "app", "npm", "test"},
		{"sed", "-n", "1,5p", "notes.txt"}, {"tar", "-czf", "out.tgz", "src"},
	}
	specs := make([]*Spec, len(lines))
	flags := make([][]uint8, len(lines))
	for i, l := range lines {
		specs[i] = Lookup(l[0])
		flags[i] = make([]uint8, len(l))
	}
	var r Result
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		k := i % len(lines)
		ParseFlags(&r, specs[k], lines[k], flags[k], 1)
	}
}
