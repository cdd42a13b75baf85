package argmodel

import (
	"fmt"
	"testing"
)

func TestZZSpans(t *testing.T) {
	for _, v := range [][]string{{"find", ".", "-exec", "true", ";", "-exec", "sudo", "id", ";"}, {"find", ".", "-execdir", "rm", "{}", "+"}, {"find", ".", "-exec", "echo", "{}", "x", "+", "-print"}} {
		r := Parse(Lookup(v[0]), v, make([]bool, len(v)))
		fmt.Println(v, r.Commands, len(r.Unknown))
		for _, it := range r.Items {
			fmt.Printf("  %d %v %v %q\n", it.Word, it.Kind, it.Role, it.Text)
		}
	}
}
