package permengine

import (
	"strconv"
	"strings"

	"github.com/permengine/permengine/internal/shell"
)

// The reasons and trace details of decisions, made once where they can
// be, so that a decision allocates little.

// ruleText is the text of a matched rule, or "".
func ruleText(r *CompiledRule) string {
	if r == nil {
		return ""
	}
	return r.Text
}

// ruleSource is where a matched rule came from, or "".
func ruleSource(r *CompiledRule) string {
	if r == nil {
		return ""
	}
	return r.sourceString()
}

// allAllowReasons are the reasons of compound commands whose every segment
// is allowed, made once for the usual sizes.
var allAllowReasons = func() (r [33]string) {
	for n := 2; n < len(r); n++ {
		r[n] = "every one of the " + strconv.Itoa(n) + " segments matches allow"
	}
	return r
}()

func allAllowReason(n int) string {
	if n >= 2 && n < len(allAllowReasons) {
		return allAllowReasons[n]
	}
	return "every one of the " + strconv.Itoa(n) + " segments matches allow"
}

// ruleReason is the reason of a segment's classification in a command of
// n segments. When the command is that one segment, read as written, the
// rule's own description is the reason (Decision.Segment still names the
// segment); otherwise the reason names the segment first, and how it was
// read when a looked-through view matched. r is nil for the built-in rm
// floor, whose why says it all.
func ruleReason(n int, text, why string, r *CompiledRule) string {
	switch {
	case r == nil:
		return segmentReason(text, " matches ", why, "")
	case n == 1 && why == "":
		return r.describe()
	}
	return segmentReason(text, why, " matches ", r.describe())
}

// segmentReason renders `segment "TEXT"` followed by a, b and c, in one
// allocation when the text needs no escaping (the common case).
func segmentReason(text, a, b, c string) string {
	for i := 0; i < len(text); i++ {
		if ch := text[i]; ch < 0x20 || ch >= 0x7f || ch == '"' || ch == '\\' {
			return "segment " + shell.Quote(text) + a + b + c
		}
	}
	return "segment \"" + text + "\"" + a + b + c
}

// readAs describes a looked-through view for reasons; "" for the literal
// words.
func readAs(vi int, v []string) string {
	if vi == 0 {
		return ""
	}
	return " (read as " + shell.QuoteExcerpt(joinExcerpt(v[0], v[1:])) + ")"
}

// joinExcerpt joins first and words by spaces, stopping once the text is
// longer than an excerpt shows: a reason never copies the rest of a long
// command.
func joinExcerpt(first string, words []string) string {
	var b strings.Builder
	b.WriteString(first)
	for _, w := range words {
		if b.Len() > shell.MaxExcerpt {
			break
		}
		b.WriteByte(' ')
		b.WriteString(w)
	}
	return b.String()
}

// keepsDetail is the trace detail of a silent autonomy stage;
// silentDetail and autoSilentDetail are those of a silent file stage. They
// are made once, per outcome kept, so that a silent stage allocates nothing.
var (
	keepsDetail      = keepsDetails("no opinion: keeps ")
	silentDetail     = keepsDetails("no rule: silent, keeps ")
	autoSilentDetail = keepsDetails("auto mode: segments with no rule are silent, keeps ")
)

func keepsDetails(prefix string) (t [AutoApprove + 1]string) {
	for o := range t {
		t[o] = prefix + Outcome(o).String()
	}
	return t
}
