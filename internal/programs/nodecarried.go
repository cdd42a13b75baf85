package programs

import (
	"slices"
	"strings"

	"github.com/permengine/permengine/internal/programs/argmodel"
)

// nodeCarry says how a runner of scripts or tests hands options to the
// node it starts.
type nodeCarry struct {
	// short: its short options are node's too (tsx -r, ts-node -e); a
	// runner whose short options are its own (nodemon -e EXTENSIONS)
	// hands node only long ones.
	short bool
	// list names the options whose value is a comma-separated list of
	// node's options without their dashes (mocha -n inspect=0.0.0.0).
	list []string
	// line names the option whose value is node's options, split at
	// spaces (ava --node-arguments='--inspect=0.0.0.0').
	line string
}

// nodeCarriers are the runners that start node with options from their own
// command line, by name. Node's options are judged through node's model
// wherever they stand (an option after the script is the script's, which a
// reading that does not know every runner's grammar cannot tell apart: the
// generous reading, for caps).
var nodeCarriers = map[string]nodeCarry{
	"tsx":            {short: true}, // tsx and tsx watch pass node's flags
	"ts-node":        {short: true},
	"ts-node-esm":    {short: true},
	"ts-node-script": {short: true},
	"nodemon":        {},                                      // unknown long options go to node
	"vitest":         {},                                      // --inspect, --inspect-brk[=host:port]
	"mocha":          {list: []string{"-n", "--node-option"}}, // and --inspect, --require, --import
	"ava":            {line: "--node-arguments"},
}

// NodeCarried judges the options a runner of scripts or tests hands to the
// node it starts (v its words, the runner first) as node's: tsx
// --inspect=0.0.0.0 listens for a debugger where other machines reach it
// as node --inspect=0.0.0.0 does, mocha -n import=data:… loads code the
// engine does not read. ok is false for a program that is not such a
// runner.
func NodeCarried(v []string) (j Judgement, ok bool) {
	if len(v) == 0 {
		return j, false
	}
	c, ok := nodeCarriers[BaseName(v[0])]
	if !ok {
		return j, false
	}
	node := argmodel.Lookup("node")
	for i := 1; i < len(v); i++ {
		w := v[i]
		if len(w) < 2 || w[0] != '-' {
			continue
		}
		name, value, attached := strings.Cut(w, "=")
		if !attached && i+1 < len(v) {
			value = v[i+1]
		}
		switch {
		case slices.Contains(c.list, name):
			for item := range strings.SplitSeq(value, ",") {
				nodeOptions(&j, node, v, i, []string{"node", "--" + strings.TrimLeft(item, "-")})
			}
		case c.line != "" && name == c.line:
			nodeOptions(&j, node, v, i, append([]string{"node"}, strings.Fields(value)...))
		case w[1] == '-' || c.short:
			nw := []string{"node", w}
			if !attached && i+1 < len(v) {
				nw = append(nw, v[i+1])
			}
			nodeOptions(&j, node, v, i, nw)
		}
	}
	return j, true
}

// nodeOptions judges nw, words of node's command line that word i of v
// hands to node, and keeps in j the first finding of each kind.
func nodeOptions(j *Judgement, node *argmodel.Spec, v []string, i int, nw []string) {
	if len(nw) > MaxModelWords {
		if j.Computed == "" {
			j.Computed = BaseName(v[0]) + " hands node more options than are read"
		}
		return
	}
	nj := judgement(argmodel.Parse(node, nw, nil), nw)
	via := BaseName(v[0]) + " " + v[i] + " hands node its options: "
	if !j.Reaches && nj.Reaches {
		j.Reach, j.Reaches = nj.Reach, true
		j.Reach.Why = via + nj.Reach.Why
	}
	if j.Exec == "" && nj.Exec != "" {
		j.Exec, j.Unread = via+nj.Exec, nj.Unread
	}
	if j.Computed == "" && nj.Computed != "" {
		j.Computed = via + nj.Computed
	}
}
