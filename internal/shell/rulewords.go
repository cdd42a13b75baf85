package shell

import (
	"errors"
	"fmt"
	"strings"

	"github.com/permengine/permengine/internal/programs"
	"mvdan.cc/sh/v3/syntax"
)

// RuleWords splits rule content with the same shell lexer as commands and
// refuses anything that is not one plain command.
func RuleWords(content string) ([]string, error) {
	if len(content) > MaxCommandBytes {
		return nil, fmt.Errorf("content is longer than %d bytes, the longest command the engine reads", MaxCommandBytes)
	}
	if words, ok := fastRuleWords(content); ok {
		return words, nil
	}
	return ruleWordsParsed(content)
}

// ruleWordsParsed is ruleWords with the parser only.
func ruleWordsParsed(content string) ([]string, error) {
	if why := tooNested(content); why != "" {
		return nil, errors.New("content has " + why + ": it is not one plain command")
	}
	p := parserPool.Get().(*syntax.Parser)
	f, err := p.Parse(strings.NewReader(content), "")
	parserPool.Put(p)
	if err != nil {
		var pe syntax.ParseError
		if errors.As(err, &pe) {
			return nil, fmt.Errorf("content does not parse as a shell command: %s", pe.Text)
		}
		return nil, fmt.Errorf("content does not parse as a shell command: %v", err)
	}
	if len(f.Stmts) != 1 {
		return nil, errors.New("content must be one command, without ; & && || | or newlines (write one rule per command)")
	}
	st := f.Stmts[0]
	if st.Negated || st.Background || st.Coprocess {
		return nil, errors.New("content must be one plain command, without operators, groups or control structures")
	}
	var call syntax.Node
	var words []string
	w := &walker{src: content}
	switch x := st.Cmd.(type) {
	case *syntax.CallExpr:
		call = x
		for _, a := range x.Assigns {
			t, _ := w.assignText(a)
			words = append(words, t)
		}
		for _, arg := range x.Args {
			t, _ := wordText(content, arg)
			words = append(words, t)
		}
	case *syntax.DeclClause:
		// export, declare, local, readonly: read like commands.
		call = x
		words = append(words, x.Variant.Value)
		for _, a := range x.Args {
			t, _ := w.assignText(a)
			words = append(words, t)
		}
	default:
		return nil, errors.New("content must be one plain command, without operators, groups or control structures")
	}
	if len(st.Redirs) > 0 {
		return nil, errors.New("content must not contain redirections (< > >>): they are not part of a command's words")
	}
	bad := ""
	syntax.Walk(call, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst, *syntax.ArithmExp:
			bad = "content must not contain command, process or arithmetic substitutions"
		}
		return bad == ""
	})
	if bad != "" {
		return nil, errors.New(bad)
	}
	if len(words) == 0 {
		return nil, errors.New("content has no command words")
	}
	return words, nil
}

// fastRuleWords splits plain rule content (words and quotes only) without
// the parser; anything else goes to the parser, which also explains what
// is wrong.
func fastRuleWords(content string) ([]string, bool) {
	if tooNested(content) != "" {
		return nil, false // the parser's path refuses it, as it does a command's
	}
	toks, ok := fastTokens(content, nil)
	if !ok || len(toks) == 0 {
		return nil, false
	}
	words := make([]string, 0, len(toks))
	for i, t := range toks {
		if t.op != opWord {
			return nil, false
		}
		if i == 0 && t.flags&fastQuoted == 0 && programs.BitsOf(t.text)&programs.Reserved != 0 {
			return nil, false
		}
		if t.flags&fastQuoted != 0 && programs.IsAssignment(t.text) {
			return nil, false
		}
		words = append(words, t.text)
	}
	return words, true
}
