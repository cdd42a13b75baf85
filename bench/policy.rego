package perm

import rego.v1

# The reference semantics of permissions.json for terminal commands:
# token-prefix rules, a last word ending in ":*" as a wildcard, deny > ask >
# allow per segment, and a compound command auto-approved only when every
# segment is allowed. data.rules.<list> holds the rules indexed by their
# first word: {"git": [{"words": ["git", "status"], "wild": true}, ...]}.

last_ok(rule, w) if {
	not rule.wild
	w == rule.words[count(rule.words) - 1]
}

last_ok(rule, w) if {
	rule.wild
	w == rule.words[count(rule.words) - 1]
}

last_ok(rule, w) if {
	rule.wild
	startswith(w, concat("", [rule.words[count(rule.words) - 1], ":"]))
}

prefix_ok(rule, words) if {
	n := count(rule.words)
	n <= count(words)
	array.slice(words, 0, n - 1) == array.slice(rule.words, 0, n - 1)
	last_ok(rule, words[n - 1])
}

seg_class(words) := "deny" if {
	some r in data.rules.deny[words[0]]
	prefix_ok(r, words)
} else := "ask" if {
	some r in data.rules.ask[words[0]]
	prefix_ok(r, words)
} else := "allow" if {
	some r in data.rules.allow[words[0]]
	prefix_ok(r, words)
} else := "none"

classes := [seg_class(s) | some s in input.segments]

decision := "deny" if {
	"deny" in classes
} else := "require_approval" if {
	"ask" in classes
} else := "auto_approve" if {
	count(classes) > 0
	every c in classes {
		c == "allow"
	}
} else := "require_approval"
