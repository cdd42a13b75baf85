package zz

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/permengine/permengine/internal/programs/argmodel"
)

func TestPrint(t *testing.T) {
	for _, line := range strings.Split(os.Getenv("CMDS"), "\n") {
		if line == "" {
			continue
		}
		w := strings.Fields(line)
		m := argmodel.Lookup(w[0])
		if m == nil {
			fmt.Println("NO MODEL", line)
			continue
		}
		r := argmodel.Parse(m, w, nil)
		fmt.Println("==", line)
		for _, it := range r.Items {
			o := ""
			if it.Opt != nil {
				o = it.Opt.Short + fmt.Sprint(it.Opt.Long)
			}
			fmt.Printf("   w%d %s role=%d opt=%s text=%q\n", it.Word, it.Kind, it.Role, o, it.Text)
		}
		for _, u := range r.Unknown {
			fmt.Printf("   UNKNOWN w%d %s\n", u.Word, u.Why)
		}
	}
}
