package argmodel

import (
	"strings"
	"testing"
)

// split is the tests' shell word splitter: spaces separate words,
// '…' is literal text, "…" is text whose $ and ` still expand, and an
// unquoted word may expand when it holds a special character. It returns
// the words and, per word, whether the shell may still change it.
func split(cmd string) ([]string, []bool) {
	var words []string
	var comp []bool
	var b strings.Builder
	in, c, have := byte(0), false, false
	flush := func() {
		if have {
			words = append(words, b.String())
			comp = append(comp, c)
		}
		b.Reset()
		c, have = false, false
	}
	for i := 0; i < len(cmd); i++ {
		ch := cmd[i]
		switch {
		case in == '\'':
			if ch == '\'' {
				in = 0
			} else {
				b.WriteByte(ch)
			}
		case in == '"':
			if ch == '"' {
				in = 0
			} else {
				c = c || ch == '$' || ch == '`'
				b.WriteByte(ch)
			}
		case ch == '\'' || ch == '"':
			in, have = ch, true
		case ch == ' ':
			flush()
		default:
			c = c || strings.IndexByte(specialChars, ch) >= 0 || ch == '}'
			b.WriteByte(ch)
			have = true
		}
	}
	flush()
	return words, comp
}

// kindLetters and roleLetters write a reading compactly.
var kindLetters = map[Kind]byte{KindUnknown: 'U', KindProgram: 'P', KindOption: 'O', KindValue: 'V',
	KindSubcommand: 'S', KindOperand: 'A', KindEnd: 'E', KindOperator: 'X'}

func kindsOf(r *Result) string {
	var b strings.Builder
	for _, k := range r.Words {
		b.WriteByte(kindLetters[k])
	}
	return b.String()
}

type parseRow struct {
	cmd   string
	eff   Effect // the exact effects expected
	kinds string // per word, if not empty: P O V S A E U X
	why   string
}

func runRows(t *testing.T, rows []parseRow) {
	t.Helper()
	for _, row := range rows {
		words, comp := split(row.cmd)
		r := Parse(Lookup(words[0]), words, comp)
		if r.Effects != row.eff {
			t.Errorf("%s: effects %v, want %v (%s)\n  findings %+v\n  unknown %+v", row.cmd, r.Effects, row.eff, row.why, r.Findings, r.Unknown)
		}
		if row.kinds != "" && kindsOf(r) != row.kinds {
			t.Errorf("%s: kinds %s, want %s (%s)", row.cmd, kindsOf(r), row.kinds, row.why)
		}
	}
}

func TestSed(t *testing.T) {
	runRows(t, []parseRow{
		{"sed -n 1p f", 0, "POAA", "a print script runs nothing"},
		{"sed 's/a/b/g' f", 0, "PAA", "a substitution without e or w flags runs nothing"},
		{"sed -l 5 '1e cmd' f", EffExec | EffComputed, "POVAA", "-l takes a value, so the e command is the script"},
		{"sed -l5 '1e cmd'", EffExec | EffComputed, "POA", "attached value of -l"},
		{"sed -nl 5 '1e cmd'", EffExec | EffComputed, "POVA", "a cluster ending in a value-taking letter takes the next word"},
		{"sed --expr='1e cmd' f", EffExec | EffComputed, "POA", "an abbreviation of --expression with = value"},
		{"sed --ex '1e cmd' f", EffExec | EffComputed, "POVA", "an abbreviation of --expression with the next word as value"},
		{"sed -e p -e '1e id' f", EffExec | EffComputed, "POVOVA", "a second script counts too"},
		{"sed -e p '1e id'", 0, "POVA", "with -e given, the operand is a file, not a script"},
		{"sed '1e id' -e p", 0, "PAOV", "GNU permutation: -e after the operand still makes it a file"},
		{"sed -ne 's/x/y/e' f", EffExec | EffComputed, "POVA", "the e flag of s, script in the next word after a cluster"},
		{"sed -i.bak 's/a/b/w out' f", EffExec, "POAA", "the w flag writes a file; -i takes an attached suffix only"},
		{"sed -i 's/a/b/' f", 0, "POAA", "-i with no attached suffix does not take the script as its value"},
		{"sed -f script.sed f", EffExec, "POVA", "a script file cannot be read"},
		{"sed --file=x f", EffExec, "POA", "--file= form"},
		{"sed -s -z -E -r -u --posix --debug --sandbox p", 0, "", "every flag known"},
		{"sed --bogus p", EffExec, "PUA", "an unknown option of a model that has options running programs could be one"},
		{"sed -n \"$S\" f", EffExec | EffComputed, "POUA", "a computed script may hold e or s///e, and may also be an option"},
		{"sed \"$OPT\" f", EffExec | EffComputed, "PUA", "a computed word where an option may stand could be -e 'e cmd'"},
		{"sed -- -e f", EffExec | EffComputed, "PEAA", "after -- the word is the script (a sed e command)"},
		{"sed --e p", 0, "POV", "--e abbreviates --expression, the only long option starting with e"},
		{"sed --s p", 0, "POA", "--s may be --silent, --separate or --sandbox: three flags, read alike"},
		{"sed --f x p", EffExec, "PUAA", "--f may be --file (a value) or --follow-symlinks (a flag): unknown"},
	})
}
