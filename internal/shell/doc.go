// Package shell reads a terminal command the way bash would, into the
// segments the engine judges: every simple command anywhere in the tree
// (joined by operators, inside substitutions, nested scripts and control
// structures), each with its words after quote removal (expansions kept as
// typed), its redirections, the directories it may run in, and its
// looked-through views (assignments, wrappers and the program's directory
// dropped, braces expanded).
//
// Plain commands, most of what agents propose, are read by a fast path
// that must give exactly what the parser (mvdan.cc/sh, bash dialect)
// gives; FuzzFastSplit checks that. Pooled readings keep their storage in
// an arena across decisions, so that reading a plain command allocates
// next to nothing. Anything the engine cannot read faithfully is reported
// (ParseErr, Control, Dynamic, TooDeep, TooMany, IntegrityProblem), never
// guessed at.
package shell
