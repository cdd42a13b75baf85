// Package permengine decides whether an action proposed by an AI coding
// agent — a terminal command, a push, a merge, a spend — may run on its own
// (auto_approve), needs a person (require_approval), or is refused (deny),
// and says why in words a person can audit.
//
// # The decision
//
// [Decide] is one pure function: the action, the IAM role, the agent's
// autonomy opinion, the compiled permissions.json ([Policy]) and the project
// context go in; a [Decision] comes out, with its outcome, a stable rule
// code, a reason that names the rule and its source (file:line or
// "built-in"), the segment of the command that decided, and a trace of every
// stage and cap. It does no I/O and keeps no state, so one Policy can serve
// any number of goroutines; a host reloads policies by swapping a pointer
// (see package watch).
//
// The pipeline, in order; a deny returns at once wherever it appears:
//
//  1. input checks: an unknown action type, an unknown role or an empty
//     command is denied;
//  2. IAM: a role below the type's minimum is denied, before the file is
//     read (the file never grants what IAM denies);
//  3. base: require_approval, or auto_approve for a terminal command while
//     the project's container runs (the container floor);
//  4. agent autonomy: deny denies; auto_approve or require_approval replace
//     the running value; auto mode is auto_approve from the "*" wildcard;
//  5. permissions.json plus the built-in deny floor, deny > ask > allow.
//     A terminal command is split into segments (every simple command,
//     substitutions and nested scripts included) and each is classified;
//     a segment with no rule makes a compound command ask, except in auto
//     mode; a cd inside the scope declares it. A stage with no rule is
//     silent and never downgrades;
//  6. caps, applied last, turn auto_approve into require_approval: merges
//     into protected branches, instruction_patch, parallelism, typed pushes
//     and PRs, container_remove, and for terminal commands (and write_file
//     targets), in this order: command integrity (nothing else can be
//     trusted about a command that cannot be read), external effect and
//     privilege, protected paths, the path scope, exec-capable arguments.
//     The decision names the first cap that fired; the trace lists all,
//     up to 32 steps of one cap that change nothing, then one step with
//     the count of the rest.
//     Auto mode lifts only the path scope and exec-capable arguments.
//     A cap can only turn auto_approve into require_approval, so Decide
//     checks none when the rules already require approval, and none
//     after the first that fired (its trace says so in one step);
//     [Explain] makes the same decision and checks and lists them all,
//     for a person reading the trace (permcheck decide, the approval
//     card's risk).
//
// A segment of a terminal command is classified allow, ask, deny or none.
// The compound rule then decides: any deny denies; any ask asks; a single
// segment decides alone (none is silent); several segments are
// auto-approved only if every one is allowed, and one with no rule makes
// the command ask — except in auto mode, where it is silent. A cd whose
// target is inside the scope counts as allowed. A segment of plain
// assignments only (X=$(git rev-parse HEAD), V=1.0) runs no program and
// is not counted: the substitutions in its values are segments of their
// own, and a command of assignments alone has no rule. An assignment to
// a variable that runs or finds code (PATH, EDITOR, BASH_ENV …), to an
// array element, or with a redirection is a segment like any other.
//
// # Security model
//
// The engine judges the text of a command the way bash would read it
// (parsed with mvdan.cc/sh, never split on spaces), and it fails closed:
// anything it cannot read, anything unknown, anything computed at run time
// is never auto-approved. Deny and ask rules match generously: through
// assignments, wrappers (env, sudo, timeout, xargs …), program directories,
// brace expansion and nested scripts (bash -c, eval), and with their short
// options in any order (a deny of rm -rf:* denies rm -fr x). Allow rules
// match strictly, on the literal words only.
//
// What it does not see, and so cannot guarantee: symbolic links (the path
// scope is lexical — policy, not isolation), aliases and functions defined
// before the command, PATH and CDPATH, the contents of variables set outside
// the command, and what a program does with its own configuration files or
// with code in the project (a Makefile, package.json scripts, tests). A
// policy that allows a program allows whatever that program will do. Run
// agents in a container or sandbox as well; see SECURITY.md.
//
// # Cost
//
// A decision's time and memory grow at most linearly with the request: a
// command up to [MaxCommandBytes] is decided with a few megabytes at most.
// Each decision has a work budget proportional to the request's length,
// counted in deterministic units where the engine loops (text read, views
// built, brace expansion, rule-trie steps, directories followed, path
// checks, the search of a glob or brace word against the protected
// patterns, the trace). What would exceed the budget, or a bound on reading
// (views of a segment, brace expansion, nesting, brackets, segments,
// redirections), fires the integrity cap: never an approval, and nothing
// read is dropped. The searches of glob and brace words (every protected
// pattern at once, find's -name and -path tests too) may spend a third of
// the budget in all: a word past that share is held to name a protected
// path, and the rest of the command is still read and checked. The trace
// repeats at most an excerpt of nested text.
//
// # Zero values
//
// Every zero value is the safe one: the zero [Outcome] is Deny, the zero
// [Role] and [ActionType] are unknown and denied, the zero [Autonomy] has
// no opinion, the zero [Env] has no scope (nothing terminal is
// auto-approved) and a nil *Policy has no rules but the built-in floor.
package permengine
