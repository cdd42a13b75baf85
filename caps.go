package permengine

import (
	"strconv"

	"github.com/permengine/permengine/internal/programs"
	"github.com/permengine/permengine/internal/shell"
)

// cap records a cap that fired. It changes auto_approve to
// require_approval unless auto mode lifts it (liftable caps only).
func (x *decider) cap(code Code, segment, why string, liftable bool) {
	s := Step{Stage: StageCap, Rule: code, Segment: segment, Detail: why}
	switch {
	case liftable && x.auto:
		s.Effect = EffectLifted
	case x.cur == AutoApprove:
		s.Effect = EffectApplied
		x.set(RequireApproval, code, "cap: "+why, segment, nil)
	default:
		s.Effect = EffectNone
	}
	x.step(s)
}

// terminalCaps applies every terminal cap, in a fixed order.
func (x *decider) terminalCaps(cmd *shell.Command, integrity, root string, rootErr error) {
	// Integrity: what a person reads must be what runs.
	switch {
	case integrity != "":
		x.cap(CodeIntegrity, "", integrity, false)
	case cmd.ParseErr != "":
		x.cap(CodeIntegrity, "", "the command does not parse ("+cmd.ParseErr+")", false)
	}
	if cmd.Control != "" {
		x.cap(CodeIntegrity, "", "the command uses "+cmd.Control+": control structures are never auto-approved", false)
	}
	if cmd.Dynamic != "" {
		x.cap(CodeIntegrity, "", cmd.Dynamic, false)
	}
	if cmd.TooDeep {
		x.cap(CodeIntegrity, "", "scripts nested more than "+strconv.Itoa(shell.MaxNesting)+" deep", false)
	}
	if cmd.TooMany {
		x.cap(CodeIntegrity, "", "more than "+strconv.Itoa(shell.MaxSegments)+" simple commands", false)
	}
	var extra [][]string
	if x.p != nil {
		extra = x.p.ext.ExternalEffect
	}
	var room [8]segJudge
	judged := room[:0]
	for i := range cmd.Segs {
		judged = append(judged, judgeSegment(&cmd.Segs[i], extra))
	}
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		for _, v := range s.Views {
			if len(v) > 0 && shell.ComputedVerb(v[0]) {
				x.cap(CodeIntegrity, s.Text, "the program to run ("+shell.Quote(v[0])+") is computed at run time", false)
				break
			}
		}
		if judged[i].computed != "" {
			x.cap(CodeIntegrity, s.Text, judged[i].computed, false)
		}
	}

	// External effect and privilege: auto mode does not lift them.
	for i := range cmd.Segs {
		if j := judged[i]; j.reaches {
			why := j.reach.Why
			if j.reach.Instead != "" {
				why += "; propose a typed " + j.reach.Instead + " action instead"
			}
			x.cap(reachCode(j.reach), cmd.Segs[i].Text, why, false)
		}
	}

	// Path scope.
	if rootErr != nil {
		x.cap(CodeNoScope, "", "no scope configured ("+rootErr.Error()+"): nothing terminal is auto-approved", false)
	} else {
		x.scopeCaps(cmd, root)
	}

	// Protected paths: not lifted by auto mode.
	pc := x.protCheck(root)
	for i := range cmd.Segs {
		s := &cmd.Segs[i]
		if why := segProtected(s, &pc); why != "" {
			x.cap(CodeProtectedPath, s.Text, why, false)
		}
	}
	for _, ref := range cmd.Paths {
		if why := pc.Problem(ref.Text, ref.Dirs); why != "" {
			x.cap(CodeProtectedPath, "", "redirection "+ref.Op+" "+shell.Quote(ref.Text)+" reaches "+why, false)
		}
	}

	// Exec-capable arguments: lifted by auto mode, like the path scope.
	for i := range cmd.Segs {
		if why := judged[i].exec; why != "" {
			x.cap(CodeExecArgument, cmd.Segs[i].Text, why, true)
		}
	}
}

// segJudge is what the program models say about one segment, over all its
// views: the first external effect or privilege, exec-capable argument and
// program chosen at run time found.
type segJudge struct {
	reach          programs.Reach
	reaches        bool
	exec, computed string
}

// judgeSegment reads every view of a segment through its program's model
// (the host's extra rows too), and, for an unknown program, every later
// word that names a program with effects.
func judgeSegment(s *shell.Segment, extra [][]string) segJudge {
	var j segJudge
	for vi, v := range s.Views {
		if len(v) == 0 {
			continue
		}
		if s.ViewBits(vi)&(programs.Effect|programs.Exec) != 0 {
			jj, _ := programs.Judge(v, s.ViewFlags(vi), shell.WordExpands|shell.WordGlob|shell.WordBrace)
			if !j.reaches && jj.Reaches {
				j.reach, j.reaches = jj.Reach, true
			}
			if j.exec == "" {
				j.exec = jj.Exec
			}
			if j.computed == "" {
				j.computed = jj.Computed
			}
		}
		if !j.reaches && len(extra) > 0 {
			j.reach, j.reaches = programs.ExtraEffect(v, extra)
		}
		if !j.reaches && vi > 0 && len(v) < len(s.Words) {
			// Assignments before the program (DOCKER_HOST=… docker ps,
			// env DOCKER_HOST=… docker ps) are in the words it drops.
			j.reach, j.reaches = programs.EnvEffect(v, s.Words[:len(s.Words)-len(v)])
		}
	}
	if !j.reaches {
		j.reach, j.reaches = unknownEffect(s, extra)
	}
	return j
}

// unknownEffect checks, for a program the engine does not know, every
// later word that names a program with effects, as if it ran the rest.
func unknownEffect(s *shell.Segment, extra [][]string) (programs.Reach, bool) {
	if len(s.Words) < 2 || !s.UnknownProgram() {
		return programs.Reach{}, false
	}
	for i := 1; i < len(s.Words); i++ {
		b := programs.BaseName(s.Words[i])
		if programs.BitsOf(b)&programs.Effect == 0 && !extraVerb(extra, b) {
			continue
		}
		rest := append([]string{b}, s.Words[i+1:]...)
		if hit, ok := programs.ExternalEffect(rest, programs.BitsOf(b), extra); ok {
			hit.Why += " (" + shell.Quote(s.Words[0]) + " is not a known program and may run it)"
			return hit, true
		}
	}
	return programs.Reach{}, false
}

func extraVerb(extra [][]string, v string) bool {
	for _, e := range extra {
		if len(e) > 0 && e[0] == v {
			return true
		}
	}
	return false
}

// reachCode is the cap code of what a command reaches.
func reachCode(r programs.Reach) Code {
	if r.Privileged {
		return CodePrivileged
	}
	return CodeExternalEffect
}

// capsTerminal reports whether the external-effect and privilege cap
// applies to a command of these words.
func capsTerminal(words []string) bool {
	if len(words) == 0 {
		return false
	}
	_, capped := programs.ExternalEffect(words, programs.BitsOf(words[0]), nil)
	return capped
}
