package permengine

// SeedAllow is the allow list that activating execution writes into a
// project's permissions.json, in three families.
//
//   - reading the worktree itself: ls, pwd, find, cat, head, tail, grep, wc,
//     echo, git status, git diff, git log;
//   - reading git history, remotes and configuration. branch, remote,
//     worktree and config have mutating siblings (git branch -D, git remote
//     add, git worktree add, git config KEY VALUE), so they are anchored by
//     the flag or word that makes the read unambiguous, never bare;
//   - build and test: pnpm install, pnpm test, npm test, npm run build, test
//     and lint (by script: npm run alone would run any script), npx vitest,
//     mix test, pytest, go test, cargo test, and their close kin.
//
// It is data: copy it, never modify it.
var SeedAllow = []string{
	// Reading the worktree.
	"Terminal(ls)", "Terminal(pwd)", "Terminal(find)", "Terminal(cat)", "Terminal(head)",
	"Terminal(tail)", "Terminal(grep)", "Terminal(wc)", "Terminal(echo)",
	"Terminal(git status)", "Terminal(git diff)", "Terminal(git log)",
	// Reading git history, remotes and configuration.
	"Terminal(git branch -a)", "Terminal(git branch -r)", "Terminal(git branch -v)",
	"Terminal(git branch --list)", "Terminal(git branch --show-current)",
	"Terminal(git remote -v)", "Terminal(git remote show)", "Terminal(git worktree list)",
	"Terminal(git show)", "Terminal(git for-each-ref)", "Terminal(git ls-tree)",
	"Terminal(git rev-parse)", "Terminal(git config --get)",
	// Build and test.
	"Terminal(pnpm install)", "Terminal(pnpm test)", "Terminal(npm test)", "Terminal(npm run build)",
	"Terminal(npm run test)", "Terminal(npm run lint)",
	"Terminal(npx vitest)", "Terminal(mix test)", "Terminal(pytest)", "Terminal(go test)",
	"Terminal(go build)", "Terminal(go vet)", "Terminal(cargo test)", "Terminal(cargo build)",
	"Terminal(cargo check)",
}
