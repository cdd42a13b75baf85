// Package approval is the lifecycle that follows a require_approval
// decision: a pending ask, a person's answer, the rules an "always" answer
// records, and the audit of who decided what.
//
// A Service decides proposals with the current policy (the user's global
// file, the project's permissions.json and, per session, the rules a person
// allowed for that session), raises an ask for every require_approval, and
// records every deny. A person answers an ask once: allow or deny, and for
// an allow how long to remember it (none, session, project, global;
// session only for an ask raised in one). The subject of the answer is an
// identity the host has verified; the package never reads it from the
// answer itself. The same person's allow repeated with the same remember,
// within RetryWindow, succeeds again and writes only the missing rules its
// audit entry shows;
// any other answer to an ask that is no longer pending is a conflict, so
// no rule is written that the audit does not show.
//
// Storage is a Store. NewMemStore keeps everything in memory (tests); the
// packages approval/sqlitestore (one file, no server) and approval/pgstore
// (PostgreSQL, for hosts with several replicas) keep it durably. Every
// store passes the conformance suite in approval/storetest.
//
// What the audit records is narrower than "every decision", on purpose:
// every ask with its answer, and every deny, including denies nobody saw. A
// rule-derived auto-approval is not an entry: it is the host's log. Entries
// are listed in the order the store made them final, by a sequence number;
// a cursor on it never moves.
//
// Importing the root package permengine pulls none of this.
package approval
