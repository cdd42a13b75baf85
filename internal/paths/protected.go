package paths

import (
	"fmt"
	"path"
	"slices"
	"strings"
	"sync"

	"github.com/gobwas/glob"
	"github.com/permengine/permengine/internal/ascii"
	"github.com/permengine/permengine/internal/pathtext"
	"github.com/permengine/permengine/internal/shell"
	"github.com/permengine/permengine/internal/work"
)

// defaultProtected are the built-in protected paths, as glob patterns.
// The policy file itself is added per decision (it depends on the root).
// Every pattern names a component that starts with '.': a word without one
// is then passed over unread (see protectedSet.dotOnly); a pattern without
// one would make every word of every command checked.
var defaultProtected = []string{
	"**/.git/hooks", "**/.git/hooks/**", "**/.git/config",
	"**/.bashrc", "**/.zshrc", "**/.profile", "**/.bash_profile", "**/.bash_login",
	"**/.zshenv", "**/.zprofile", "**/.zlogin", "**/.envrc",
	"**/.ssh", "**/.ssh/**", "**/.gnupg", "**/.gnupg/**",
	"**/.claude", "**/.claude/**", "**/.codex", "**/.codex/**", "**/.gemini", "**/.gemini/**",
	"**/.cursor", "**/.cursor/**", "**/.vscode", "**/.vscode/**", "**/.idea", "**/.idea/**",
	"**/.gitconfig", "**/.config/git/config", "**/.config/git/attributes", "**/.gitmodules", "**/.git-credentials", "**/.npmrc", "**/.pypirc", "**/.netrc",
	"**/.mcp.json", "**/.claude.json", "**/.env", "**/.env.*",
	// Other files of variables a tool loads into its environment without a
	// word naming them (flask run reads .flaskenv: FLASK_RUN_HOST=0.0.0.0).
	"**/.flaskenv",
	"**/.env/**", // a virtualenv named .env: its bin/ is on PATH once activated
	// Editors' backups of the files that hold secrets
	// (.env~, .npmrc.bak) hold the same secrets.
	"**/.env~", "**/.git-credentials~", "**/.git-credentials.*", "**/.npmrc~", "**/.npmrc.*",
	"**/.pypirc~", "**/.pypirc.*", "**/.netrc~", "**/.netrc.*",
	"**/.git/config~", "**/.git/config.*", "**/.docker/config.json~", "**/.docker/config.json.*", "**/.kube/config~", "**/.kube/config.*",
	// More stores of tokens and keys: GitLab's and DigitalOcean's CLIs,
	// age's keys, browsers' profiles (saved passwords and cookies).
	"**/.config/glab-cli/**", "**/.config/doctl/**", "**/.config/age/**", "**/.mozilla/**",
	"**/.config/google-chrome/**", "**/.config/chromium/**", "**/.config/BraveSoftware/**",
	"**/.hg", "**/.hg/**", "**/.svn", "**/.svn/**",
	"**/.git/info", "**/.git/info/**", "**/.git/remotes", "**/.git/remotes/**", "**/.git/branches", "**/.git/branches/**",
	"**/.git/objects/info/alternates", "**/.git/objects/info/http-alternates", "**/.git/modules/**/hooks", "**/.git/modules/**/hooks/**", "**/.git/modules/**/config",
	"**/.git/config.worktree", "**/.git/commondir", "**/.git/worktrees/**",
	// A submodule's git directory holds the same files as the
	// repository's: its info/attributes names filters, its alternates
	// other object stores, its worktrees' configuration their own.
	"**/.git/modules/**/info", "**/.git/modules/**/info/**", "**/.git/modules/**/config.worktree", "**/.git/modules/**/commondir",
	"**/.git/modules/**/worktrees/**", "**/.git/modules/**/objects/info/alternates", "**/.git/modules/**/objects/info/http-alternates",
	// Start-up files a default .bashrc or a login shell reads, and
	// configuration that makes a tool run code later: package managers'
	// hooks and shells, git hook managers, cargo's runners.
	"**/.bash_aliases", "**/.bash_logout", "**/.zlogout", "**/.yarnrc", "**/.yarnrc.yml", "**/.pnpmfile.cjs",
	"**/.cargo/config", "**/.cargo/config.toml", "**/.husky", "**/.husky/**", "**/.pre-commit-config.yaml",
	// Other git hook managers' files (lefthook, overcommit,
	// simple-git-hooks, lint-staged's commands, which a hook runs), and
	// the directories core.hooksPath usually names. (Their names without
	// a dot, lefthook.yml or githooks/, are files git runs after the
	// command writes them: programs.BuildFiles.)
	"**/.lefthook.yml", "**/.lefthook.yaml", "**/.lefthook.toml", "**/.lefthook.json", "**/.lefthook-local.yml",
	"**/.lefthook-local.yaml", "**/.lefthook-local.toml", "**/.lefthook-local.json", "**/.lefthook", "**/.lefthook/**",
	"**/.config/lefthook.yml", "**/.config/lefthook.yaml", "**/.config/lefthook.toml", "**/.config/lefthook.json",
	"**/.overcommit.yml", "**/.simple-git-hooks.json", "**/.simple-git-hooks.js", "**/.simple-git-hooks.cjs",
	"**/.lintstagedrc", "**/.lintstagedrc.*", "**/.githooks", "**/.githooks/**", "**/.git-hooks", "**/.git-hooks/**",
	"**/.hooks", "**/.hooks/**",
	// Other agents' rules and settings, and credentials of cloud and
	// container tools.
	"**/.roo", "**/.roo/**", "**/.clinerules", "**/.clinerules/**", "**/.continue", "**/.continue/**",
	"**/.windsurfrules", "**/.docker/config.json", "**/.config/containers/auth.json", "**/.kube/config", "**/.aws", "**/.aws/**",
	// Code that runs later: programs found first on PATH, Python's user
	// site-packages (a .pth file runs at every start), editors' and
	// desktop sessions' start-up files, user services, dev containers,
	// and more agents' and editors' settings.
	"**/.local/bin", "**/.local/bin/**", "**/.local/lib/**/site-packages/**", "**/.config/fish/**",
	"**/.config/systemd/**", "**/.config/autostart/**", "**/.config/nvim/**", "**/.xprofile", "**/.xsessionrc",
	"**/.vimrc", "**/.exrc", "**/.gvimrc", "**/.emacs", "**/.emacs.d/**", "**/.devcontainer", "**/.devcontainer/**",
	"**/.devcontainer.json", "**/.config/vim/**", "**/.sqliterc", "**/.config/sqlite3/**",
	"**/.zed/**", "**/.windsurf/**", "**/.aider.conf.yml", "**/.cursorrules",
	"**/.kiro", "**/.kiro/**", "**/.amazonq", "**/.amazonq/**", "**/.opencode", "**/.opencode/**",
	// Configuration that sends a download tool's requests elsewhere (url,
	// proxy, data to post): a request to localhost would leave the machine.
	"**/.curlrc", "**/.config/curlrc", "**/.wgetrc",
	// ctags's option files, read at every start, which may name any
	// output file and the text written there (a .gitconfig's fsmonitor).
	// (ctags.d/ without the dot, read from the working directory, is a
	// file ctags runs after the command writes it: programs.BuildFiles.)
	"**/.ctags", "**/.ctags.d", "**/.ctags.d/**", "**/.config/ctags", "**/.config/ctags/**",
	// Readline's key bindings, which may type and run a command in the
	// person's shell.
	"**/.inputrc",
	// Tools' configuration that names programs or package indexes
	// (Mercurial's hooks, pip's index, Bundler's, gh's hosts, go env -w's
	// file, less's key bindings), and CI workflows.
	"**/.hgrc", "**/.config/pip/**", "**/.pip/**", "**/.bundle/config", "**/.config/gh/**",
	"**/.config/go/env", "**/.lesskey", "**/.less", "**/.config/lesskey", "**/.github/workflows/**", "**/.github/actions/**",
	"**/.gitlab-ci.yml", "**/.circleci/**",
	// Start-up files of editors, debuggers, terminal multiplexers, other
	// shells and database clients, and docker's CLI plugins: each runs
	// what it says when the program starts.
	"**/.vim/**", "**/.gdbinit", "**/.gdbearlyinit", "**/.config/gdb/**", "**/.tmux.conf", "**/.config/tmux/**",
	"**/.kshrc", "**/.cshrc", "**/.tcshrc", "**/.psqlrc", "**/.postgresqlrc", "**/.my.cnf", "**/.config/emacs/**",
	"**/.theia/**", "**/.fleet/**", "**/.docker/cli-plugins/**",
	// More start-up files: mksh's, direnv's own rc (it runs before every
	// .envrc), gradle's init scripts and properties (JVM options),
	// bun's, terraform's CLI configuration (provider binaries), screen's,
	// maven's settings, the PAM session's environment and conda's. (A
	// .gitattributes only picks among the filters and diff drivers git's
	// configuration defines, and that configuration is protected.)
	"**/.mkshrc", "**/.config/direnv", "**/.config/direnv/**", "**/.gradle/init.d/**", "**/.gradle/init.gradle",
	"**/.gradle/init.gradle.kts", "**/.gradle/gradle.properties", "**/.bunfig.toml", "**/.terraformrc",
	"**/.screenrc", "**/.m2/settings.xml", "**/.pam_environment", "**/.condarc",
	// The state of a rebase, am, cherry-pick or revert in progress: its
	// todo list holds exec lines that git rebase --continue runs.
	"**/.git/rebase-merge", "**/.git/rebase-merge/**", "**/.git/rebase-apply", "**/.git/rebase-apply/**",
	"**/.git/sequencer", "**/.git/sequencer/**",
	// Start-up files of interpreters' and debuggers' interactive
	// sessions, which run what they say when the program starts (sqlite3's
	// .shell, R's, Ruby's, Erlang's and Elixir's code, pdb's and lldb's
	// commands), some of them from the working directory too.
	"**/.sqliterc", "**/.Rprofile", "**/.irbrc", "**/.pryrc", "**/.erlang", "**/.iex.exs", "**/.ghci",
	"**/.pdbrc", "**/.lldbinit", "**/.lldbinit-*", "**/.popt", "**/.ocamlinit", "**/.octaverc", "**/.guile", "**/.sbclrc",
	"**/.tclshrc", "**/.wishrc", "**/.mongoshrc.js", "**/.mongorc.js", "**/.xonshrc",
	"**/.config/powershell/**", "**/.config/nushell/**", "**/.config/elvish/**",
	// Programs found on PATH before the system's, in the directories of
	// version managers and cargo; completion scripts bash sources; and
	// one more agent's settings.
	"**/.cargo/bin", "**/.cargo/bin/**", "**/.pyenv/shims", "**/.pyenv/shims/**", "**/.rbenv/shims", "**/.rbenv/shims/**",
	"**/.nodenv/shims", "**/.nodenv/shims/**", "**/.asdf/shims", "**/.asdf/shims/**",
	"**/.bash_completion", "**/.bash_completion.d/**", "**/.local/share/bash-completion/**",
	// What a distribution's .bashrc or bash-completion sources in every
	// interactive bash (Fedora's ~/.bashrc.d, the XDG bash_completion).
	"**/.bashrc.d", "**/.bashrc.d/**", "**/.config/bash_completion", "**/.config/bash_completion.d/**",
	// More clients' start-up files: psql's versioned rc (.psqlrc-15),
	// valgrind's options (--log-file), latexmk's Perl (a latexmkrc without
	// the dot is the project's, like a Makefile), and duckdb's,
	// gnuplot's, julia's, R's environment, mailcap's commands, lftp's and
	// pandoc's defaults (filters).
	"**/.psqlrc-*", "**/.valgrindrc", "**/.latexmkrc", "**/.duckdbrc", "**/.gnuplot",
	"**/.julia/config/**", "**/.Renviron", "**/.mailcap", "**/.lftprc", "**/.lftp/**", "**/.pandoc/**",
	"**/.qwen", "**/.qwen/**",
	// npm init runs ~/.npm-init.js, its default init-module; maven reads
	// JVM options (-XX:OnOutOfMemoryError=CMD) and its own from .mvn/.
	"**/.npm-init.js", "**/.mvn/jvm.config", "**/.mvn/maven.config", "**/.mvn/extensions.xml",
	// This engine's own global directory: the global policy file, its
	// lock, and what a host keeps beside them.
	"**/.config/permengine", "**/.config/permengine/**",
	// What chooses the programs a later command runs without a word of it:
	// rustup's toolchains and overrides (a linked toolchain is a
	// directory of programs cargo then runs), a virtualenv's pip
	// configuration (the index pip installs from), IPython's start-up
	// scripts and profiles, perl -d's .perldb, and X sessions' start-up
	// scripts.
	"**/.rustup", "**/.rustup/**", "**/.venv/pip.conf", "**/.venv/pip.ini", "**/.virtualenvs/*/pip.conf",
	"**/.ipython", "**/.ipython/**", "**/.perldb", "**/.xsession", "**/.xinitrc",
	// More files that run code later: the editor Debian's sensible-editor
	// sources, man-db's user configuration (DEFINE nroff CMD replaces the
	// formatter every man runs), lesspipe's filter (run for every file less opens), the
	// hooks and plugins version managers source at every shim's start
	// (the interpreters they install, and the shell tools a .bashrc
	// sources, are writeOnly: running and sourcing them is everyday).
	"**/.selected_editor", "**/.manpath", "**/.config/gem/gemrc", "**/.lessfilter", "**/.config/lesspipe", "**/.config/lesspipe/**",
	"**/.pyenv/pyenv.d", "**/.pyenv/pyenv.d/**", "**/.pyenv/plugins", "**/.pyenv/plugins/**",
	"**/.rbenv/rbenv.d", "**/.rbenv/rbenv.d/**", "**/.rbenv/plugins", "**/.rbenv/plugins/**",
	"**/.nodenv/nodenv.d", "**/.nodenv/nodenv.d/**", "**/.nodenv/plugins", "**/.nodenv/plugins/**",
	"**/.asdf/plugins", "**/.asdf/plugins/**",
	// Files launchers and loaders read as code: maven's and ant's launch
	// scripts source ~/.mavenrc and ~/.antrc, node loads modules from
	// ~/.node_modules and ~/.node_libraries, rake loads ~/.rake/*.rake,
	// xdg-user-dir sources user-dirs.dirs, systemd's user manager reads
	// environment.d (PATH for every service) and direnv sources its own
	// rc (rustup's ~/.cargo/env, which every shell sources, is writeOnly).
	"**/.mavenrc", "**/.antrc", "**/.node_modules", "**/.node_modules/**", "**/.node_libraries",
	"**/.node_libraries/**", "**/.rake", "**/.rake/**", "**/.config/user-dirs.dirs", "**/.config/environment.d",
	"**/.config/environment.d/**", "**/.direnvrc",
	// Package managers' configuration that names the index they install
	// from (RubyGems', Composer's), and credentials: registries' and
	// clouds' tokens, database and vault passwords, password stores.
	"**/.gemrc", "**/.gem/credentials", "**/.cargo/credentials", "**/.cargo/credentials.toml",
	"**/.pgpass", "**/.vault-token", "**/.terraform.d/credentials.tfrc.json", "**/.config/gcloud", "**/.config/gcloud/**",
	"**/.azure", "**/.azure/**", "**/.boto", "**/.s3cfg", "**/.config/rclone", "**/.config/rclone/**", "**/.composer/auth.json",
	"**/.config/composer", "**/.config/composer/**", "**/.m2/settings-security.xml", "**/.ivy2/.credentials", "**/.authinfo",
	"**/.authinfo.gpg", "**/.password-store", "**/.password-store/**", "**/.local/share/keyrings", "**/.local/share/keyrings/**", "**/.dockercfg",
	"**/.config/hub", "**/.config/gh-copilot", "**/.config/gh-copilot/**", "**/.config/op", "**/.config/op/**",
	// More tokens and keys at their tools' default places: git's XDG
	// credential store, sops' age keys, Hugging Face's token, Copilot's,
	// Pulumi's, fly's, and the configstore of Node.js CLIs (firebase-tools).
	"**/.config/git/credentials", "**/.config/sops", "**/.config/sops/**", "**/.cache/huggingface/token",
	"**/.huggingface/token", "**/.config/github-copilot", "**/.config/github-copilot/**", "**/.pulumi/credentials.json",
	"**/.fly/config.yml", "**/.config/configstore", "**/.config/configstore/**",
	// And more of them: Kaggle's, Databricks', ngrok's, Sentry's, Oracle
	// Cloud's, Snowflake's, dbt's profiles, Stripe's, Cloudflare's,
	// Netlify's, Supabase's, Hetzner's, Linode's, Vercel's, Expo's,
	// MinIO's, Twilio's; and the histories of shells and REPLs, which keep
	// the tokens typed into them.
	"**/.kaggle", "**/.kaggle/**", "**/.databrickscfg", "**/.config/ngrok", "**/.config/ngrok/**", "**/.ngrok2", "**/.ngrok2/**",
	"**/.sentryclirc", "**/.oci", "**/.oci/**", "**/.snowflake", "**/.snowflake/**", "**/.dbt/profiles.yml",
	"**/.config/stripe", "**/.config/stripe/**", "**/.cloudflared", "**/.cloudflared/**", "**/.wrangler", "**/.wrangler/**",
	"**/.config/netlify", "**/.config/netlify/**", "**/.supabase", "**/.supabase/**", "**/.config/hcloud", "**/.config/hcloud/**",
	"**/.config/linode-cli", "**/.local/share/com.vercel.cli", "**/.local/share/com.vercel.cli/**", "**/.expo", "**/.expo/**",
	"**/.mc", "**/.mc/**", "**/.twilio-cli", "**/.twilio-cli/**",
	// sbt's, Railway's, Snyk's, JFrog's, Travis CI's, NuGet's and
	// WakaTime's tokens and keys, at their tools' default places.
	"**/.sbt/credentials", "**/.sbt/.credentials", "**/.railway/config.json", "**/.config/snyk", "**/.config/snyk/**",
	"**/.jfrog/jfrog-cli.conf", "**/.jfrog/jfrog-cli.conf.*", "**/.travis/config.yml", "**/.nuget/NuGet/NuGet.Config", "**/.config/NuGet/NuGet.Config",
	"**/.wakatime.cfg",
	"**/.bash_history", "**/.zsh_history", "**/.histfile", "**/.python_history", "**/.node_repl_history", "**/.psql_history",
	"**/.mysql_history", "**/.sqlite_history", "**/.local/share/fish/fish_history", "**/.rediscli_history", "**/.irb_history",
	// Where a host keeps its asks and audit by default: the agent must not
	// rewrite or remove them.
	"**/.local/state/permengine", "**/.local/state/permengine/**",
	// More agents' settings and MCP servers (commands they start at the
	// next session), in the home and in a project: Copilot CLI's,
	// Windsurf's, Factory's, Augment's, goose's, Amp's, Crush's,
	// OpenCode's, Claude Desktop's, Kilo Code's, OpenHands' (its
	// setup.sh runs at every session's start).
	"**/.copilot", "**/.copilot/**", "**/.codeium", "**/.codeium/**", "**/.factory", "**/.factory/**",
	"**/.augment", "**/.augment/**", "**/.config/goose", "**/.config/goose/**", "**/.config/amp", "**/.config/amp/**",
	"**/.config/crush", "**/.config/crush/**", "**/.crush.json", "**/.config/opencode", "**/.config/opencode/**",
	"**/.config/Claude", "**/.config/Claude/**", "**/.kilocode", "**/.kilocode/**", "**/.openhands", "**/.openhands/**",
}

// writeOnly are the patterns protected from writes only: files a later
// command runs or that choose what it writes, which commands read and
// run every day (. ~/.cargo/env, ~/.pyenv/versions/3.12/bin/python,
// cat .git/HEAD). A write of one (a redirection's target, a program's
// output, a copy's destination, a decompressed or downloaded name) is
// protected; reading it is not.
var writeOnly = []string{
	// A repository's HEAD, refs and index choose the commit a later
	// checkout or reset writes into the work tree (a
	// .claude/settings.json of the command's choosing); a submodule's
	// too.
	// (*HEAD: ORIG_HEAD, FETCH_HEAD and MERGE_HEAD name commits that git
	// reset, merge and pull take.)
	"**/.git/*HEAD", "**/.git/packed-refs", "**/.git/refs", "**/.git/refs/**", "**/.git/index",
	// The history itself: removing the packs after git gc loses it.
	"**/.git/objects/pack", "**/.git/objects/pack/**",
	"**/.git/modules/**/*HEAD", "**/.git/modules/**/packed-refs", "**/.git/modules/**/refs/**", "**/.git/modules/**/index",
	// What every shell sources (rustup's env, nvm's and sdkman's trees)
	// and the interpreters version managers install, a .pth file in
	// whose site-packages runs at every start.
	"**/.cargo/env", "**/.cargo/env.fish", "**/.cargo/env.nu", "**/.nvm", "**/.nvm/**", "**/.sdkman", "**/.sdkman/**",
	"**/.pyenv/versions", "**/.pyenv/versions/**", "**/.rbenv/versions", "**/.rbenv/versions/**",
	"**/.nodenv/versions", "**/.nodenv/versions/**", "**/.asdf/installs", "**/.asdf/installs/**",
	// What every shim of a version manager, and every tool such a manager
	// installed, runs: their own programs and libraries; the caches
	// builds compile or run from (cargo's registry sources and their
	// build.rs, npx's, corepack's yarn and pnpm, pre-commit's hook
	// environments, pipx's and uv's tools); a project's pinned yarn
	// (yarnPath) and its plug-ins.
	"**/.pyenv/libexec/**", "**/.pyenv/bin/**", "**/.pyenv/completions/**", "**/.rbenv/libexec/**", "**/.rbenv/bin/**",
	"**/.nodenv/libexec/**", "**/.nodenv/bin/**", "**/.asdf/bin/**", "**/.asdf/lib/**", "**/.jenv/**", "**/.goenv/**",
	"**/.volta/bin/**", "**/.local/share/fnm/**", "**/.fnm/**", "**/.bun/bin/**", "**/.deno/bin/**", "**/.rye/shims/**",
	"**/.local/share/mise/**", "**/.juliaup/bin/**", "**/.ghcup/bin/**", "**/.opam/**", "**/.conda/**",
	"**/.linuxbrew/**", "**/.nix-profile/**", "**/.npm-global/bin/**", "**/.yarn/bin/**", "**/.dotnet/tools/**",
	"**/.cargo/registry/**", "**/.cargo/git/**", "**/.npm/_npx/**", "**/.cache/pre-commit/**", "**/.local/pipx/**",
	"**/.local/share/uv/tools/**", "**/.cache/node/corepack/**", "**/.yarn/releases/**", "**/.yarn/plugins/**", "**/.pnp.cjs",
	// Package managers' local repositories and caches that a build loads
	// code from without fetching it again: maven's plug-ins and
	// dependencies (a planted maven-clean-plugin runs at mvn clean),
	// gradle's and ivy's caches, NuGet's packages, pip's, uv's and
	// poetry's wheels, go's build cache, gems installed per user, the
	// pnpm store, bun's and deno's caches, Julia's packages.
	// (The directories themselves too: mv x ~/.m2/repository replaces one.)
	"**/.m2/repository", "**/.m2/repository/**", "**/.gradle/caches", "**/.gradle/caches/**", "**/.gradle/wrapper",
	"**/.gradle/wrapper/**", "**/.ivy2", "**/.ivy2/**", "**/.nuget/packages", "**/.nuget/packages/**",
	"**/.cache/pip", "**/.cache/pip/**", "**/.cache/uv", "**/.cache/uv/**", "**/.cache/pypoetry", "**/.cache/pypoetry/**",
	"**/.cache/go-build", "**/.cache/go-build/**", "**/.gem", "**/.gem/**", "**/.local/share/gem", "**/.local/share/gem/**",
	"**/.pnpm-store", "**/.pnpm-store/**", "**/.bun/install/cache", "**/.bun/install/cache/**", "**/.cache/deno",
	"**/.cache/deno/**", "**/.julia/packages", "**/.julia/packages/**", "**/.cargo/registry", "**/.cargo/git",
	// Tools' start-up and configuration files that run code or name the
	// programs they run: pylint's init-hook, prove's --exec, Subversion's
	// diff-cmd, CPAN's MyConfig.pm, csh's login files, prompt frameworks,
	// editors' project and plug-in files, gitk's Tcl, Jupyter's Python,
	// tig's, mutt's and libedit's bindings, sbt's global build, terraform's
	// plug-ins, gh's and helm's extensions, uv's, poetry's and mise's
	// settings (the index, hooks on enter), and desktop sessions'
	// autostarts and user services.
	"**/.pylintrc", "**/.proverc", "**/.subversion/**", "**/.cpan/**", "**/.login", "**/.logout", "**/.config/xonsh/**",
	"**/.oh-my-zsh/**", "**/.bash_it/**", "**/.config/starship.toml", "**/.local/share/nvim/site/**", "**/.nvim.lua",
	"**/.nvimrc", "**/.lazy.lua", "**/.dir-locals.el", "**/.config/Code/User/**", "**/.vscode-server/**",
	"**/.cursor-server/**", "**/.gitk", "**/.config/git/gitk", "**/.jupyter/**", "**/.tigrc", "**/.muttrc", "**/.editrc",
	"**/.sbt/**", "**/.terraform.d/plugins/**", "**/.local/share/gh/extensions/**", "**/.local/share/helm/plugins/**",
	// The XDG twins of directories above that tools run programs from:
	// terraform's local provider mirror, Maven's wrapper distributions,
	// pipenv's virtual environments.
	"**/.local/share/terraform/plugins/**", "**/.m2/wrapper/**", "**/.local/share/virtualenvs/**",
	"**/.config/uv/**", "**/.config/pypoetry/**", "**/.mise.toml", "**/.config/mise/**", "**/.config/bat/**",
	"**/.local/share/systemd/user/**", "**/.config/autostart-scripts/**", "**/.kde/Autostart/**",
	"**/.config/i3/**", "**/.config/sway/**", "**/.config/hypr/**", "**/.config/openbox/**", "**/.xmonad/**",
	"**/.config/plasma-workspace/env/**", "**/.fluxbox/startup",
	// Mail delivered to a program, and logins granted without a key.
	"**/.forward", "**/.procmailrc", "**/.rhosts", "**/.shosts", "**/.k5login",
	// What hook managers and environment tools run or trust: husky's
	// per-user script (sourced before every hook) and its old rc file,
	// direnv's and mise's stores of trusted files (a file there is an
	// "allow"), asdf's rc, pnpm's home (on PATH after pnpm setup), a
	// project virtualenv's programs (on PATH once it is activated), and the
	// per-user configurations of linters and libraries that load plug-ins
	// or modules (pylint's init-hook, mypy's plugins, matplotlib's
	// module:// backend).
	"**/.config/husky/**", "**/.huskyrc", "**/.local/share/direnv/allow/**", "**/.local/state/mise/trusted-configs/**",
	"**/.asdfrc", "**/.local/share/pnpm/**", "**/.venv/bin/**", "**/.config/pylintrc", "**/.config/mypy/**", "**/.mypy.ini",
	"**/.config/matplotlib/**", "**/.matplotlib/**",
	// More CI services' pipelines, which their runners execute.
	"**/.buildkite/**", "**/.travis.yml", "**/.drone.yml", "**/.woodpecker.yml", "**/.woodpecker/**",
	"**/.forgejo/workflows/**", "**/.gitea/workflows/**",
	// Files that run code at a later start, under names beside the ones
	// above: zsh's completion dump (compinit sources it), Mercurial's XDG
	// hgrc, emacs's .emacs.el, mutt's and neomutt's XDG and dot files,
	// kakoune's and micro's start-up files, less's binary key file (its
	// #env sets LESSOPEN), systemd-tmpfiles' user rules (applied at every
	// login: they may rewrite any file of the home), D-Bus services
	// (started at the first message to their name), desktop entries and
	// the MIME defaults that pick them, neovim's data (plug-in managers'
	// trees), cloud development environments' start-up files, editors'
	// user settings and extensions (VS Code's forks, JetBrains'), PATH
	// directories of krew, Rancher Desktop and elan, and more tools'
	// configurations that name programs (pnpm's script-shell, podman's
	// containers.conf, rootless docker's daemon.json, sbt's and
	// Leiningen's JVM options, conda's, wezterm's Lua, nixpkgs' overlays,
	// powerlevel10k's, git's template directory), window managers'
	// start-up files and VNC's xstartup.
	"**/.zcompdump*", "**/.config/hg/**", "**/.emacs.el", "**/.neomuttrc", "**/.config/mutt/**", "**/.config/neomutt/**",
	"**/.mutt/**", "**/.neomutt/**", "**/.config/kak/**", "**/.config/micro/**", "**/.config/less",
	"**/.config/user-tmpfiles.d/**", "**/.local/share/user-tmpfiles.d/**", "**/.local/share/dbus-1/**",
	"**/.local/share/applications/**", "**/.config/mimeapps.list", "**/.local/share/nvim/**", "**/.gitpod.yml", "**/.idx/**",
	"**/.config/Cursor/**", "**/.config/VSCodium/**", "**/.vscode-oss/**", "**/.windsurf-server/**",
	"**/.local/share/JetBrains/**", "**/.config/JetBrains/**", "**/.krew/bin/**", "**/.rd/bin/**", "**/.elan/bin/**",
	"**/.config/pnpm/**", "**/.config/containers/**", "**/.docker/daemon.json", "**/.config/docker/**", "**/.jvmopts",
	"**/.sbtopts", "**/.lein/**", "**/.config/conda/**", "**/.wezterm.lua", "**/.config/wezterm/**",
	"**/.config/nixpkgs/**", "**/.p10k.zsh", "**/.git-templates/**", "**/.config/river/**", "**/.config/bspwm/**",
	"**/.config/awesome/**", "**/.config/qtile/**", "**/.config/labwc/**", "**/.Xclients", "**/.vnc/xstartup",
	// A project virtualenv's start-up files: a .pth file or sitecustomize
	// in its site-packages runs at every interpreter start (pytest's, an
	// editor's language server's), and pyvenv.cfg's home chooses the
	// standard library it loads.
	"**/.venv/lib/*/site-packages/*.pth", "**/.venv/lib/*/site-packages/sitecustomize.py",
	"**/.venv/lib/*/site-packages/usercustomize.py", "**/.venv/lib64/*/site-packages/*.pth", "**/.venv/pyvenv.cfg",
}

// writeOnlyProtected is writeOnly compiled, with no policy file.
var writeOnlyProtected = sync.OnceValue(func() *Protected {
	s, err := (&protectedSet{dotOnly: true}).with(writeOnly)
	if err != nil {
		panic(err)
	}
	return &Protected{set: s, minName: len(PolicyFileName)}
})

// writeOnlyNames are the dot components writeOnly's patterns start with
// (.git, .cargo, .nvm …): a text without one names none of them.
var writeOnlyNames = sync.OnceValue(func() []string {
	var out []string
	for _, p := range writeOnly {
		name, _, _ := strings.Cut(strings.TrimPrefix(fold(p), "**/"), "/")
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
})

// writeOnlyWild are the bytes of a text bash may still expand to any
// name (MayNameWriteOnly).
var writeOnlyWild = ascii.NewSet("*?[{$`~")

// MayNameWriteOnly reports a text that holds, in any letter case, a dot
// component a writeOnly pattern starts with, or that bash may expand to
// one: a quick test before WriteOnlyProblem.
func MayNameWriteOnly(t string) bool {
	if writeOnlyWild.Any(t) {
		return true
	}
	// Every name starts with '.': only the text after a '.' is compared,
	// so a long text costs its length times the few names at most.
	t = fold(t)
	names := writeOnlyNames()
	for i := strings.IndexByte(t, '.'); i >= 0; {
		for _, n := range names {
			if strings.HasPrefix(t[i:], n) {
				return true
			}
		}
		j := strings.IndexByte(t[i+1:], '.')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// WriteOnlyProblem is WriteProblem against the writeOnly patterns: why
// writing word w, read from dirs, may change a file one of them names,
// or "".
func (pc *Checker) WriteOnlyProblem(w string, flags uint8, dirs []string) string {
	wo := *pc
	wo.Protected, wo.lastDirs = writeOnlyProtected(), nil
	return wo.WriteProblem(w, flags, dirs)
}

// protectedExcept are, per pattern, the name endings that it does not
// protect: .env.example and its kind are documentation, not secrets.
var protectedExcept = map[string][]string{
	"**/.env.*": {".example", ".sample", ".template"},
}

// dotNamePattern reports a pattern that can only match paths with a
// component starting with '.' followed by something other than '.' or '/'.
func dotNamePattern(pat string) bool {
	for i := 0; i < len(pat); i++ {
		if pat[i] == '.' && (i == 0 || pat[i-1] == '/') && i+1 < len(pat) && pat[i+1] != '/' && pat[i+1] != '.' &&
			!strings.ContainsAny(pat[:i], "{[?") {
			return true
		}
	}
	return false
}

// DefaultPatterns returns the built-in protected path patterns.
func DefaultPatterns() []string { return append([]string(nil), defaultProtected...) }

type protectedSet struct {
	patterns []string
	globs    []*glob.Pattern
	// union is every pattern compiled into one automaton, for words
	// that are patterns themselves (see patternUnion); named is the
	// patterns whose last component has no wildcard, for a find -name
	// test of a disposable ending. Both are compiled on first use.
	union, named func() *patternUnion
	// hidden lists the patterns of files inside hidden directories by
	// their last component, lower case (HiddenFileNamed), made on first use.
	hidden func() []hiddenFile
	except [][]string // protectedExcept, per pattern
	// byName lists, for a component starting with '.' (lower case), the
	// patterns that only match paths holding that component; byPrefix
	// the patterns that only match paths holding a component that starts
	// with its prefix (".env." of "**/.env.*"); always lists the others.
	// A path's dot components pick the globs worth running.
	byName   map[string][]int
	byPrefix []dotPrefix
	always   []int
	// dotOnly is true when every pattern names a component starting with
	// '.', so a path without "/." cannot match and the globs are skipped.
	dotOnly bool
	// parents are the patterns' proper prefixes (see linkPrefixes),
	// compiled on first use.
	parents func() prefixSet
}

// defaultProtectedSet is the built-in patterns compiled, on first use: a
// process that never checks a path does not compile them.
var defaultProtectedSet = sync.OnceValue(func() *protectedSet {
	s, err := (&protectedSet{dotOnly: true}).with(defaultProtected)
	if err != nil {
		panic(err)
	}
	return s
})

// compileProtected compiles the built-in patterns and extra, in order.
func compileProtected(extra []string) (*protectedSet, error) {
	return defaultProtectedSet().with(extra)
}

// with returns a new set: s's patterns, then extra's. s is not changed.
func (s *protectedSet) with(extra []string) (*protectedSet, error) {
	n := len(s.patterns) + len(extra)
	out := &protectedSet{
		patterns: append(make([]string, 0, n), s.patterns...),
		globs:    append(make([]*glob.Pattern, 0, n), s.globs...),
		except:   append(make([][]string, 0, n), s.except...),
		byName:   make(map[string][]int, len(s.byName)),
		byPrefix: slices.Clone(s.byPrefix),
		always:   slices.Clone(s.always),
		dotOnly:  s.dotOnly,
	}
	for name, ks := range s.byName {
		out.byName[name] = slices.Clone(ks)
	}
	// Read once every pattern is in.
	out.parents = sync.OnceValue(out.linkPrefixes)
	out.union = sync.OnceValue(func() *patternUnion { return out.compileUnion(false) })
	out.named = sync.OnceValue(func() *patternUnion { return out.compileUnion(true) })
	out.hidden = sync.OnceValue(out.hiddenFiles)
	s = out
	for _, pat := range extra {
		g, err := glob.Compile(fold(pat), '/')
		if err != nil {
			return nil, fmt.Errorf("protected path %q: %w", pat, err)
		}
		s.patterns = append(s.patterns, pat)
		s.globs = append(s.globs, g)
		s.except = append(s.except, protectedExcept[pat])
		switch name, prefix := neededDotName(fold(pat)); {
		case name != "":
			s.byName[name] = append(s.byName[name], len(s.globs)-1)
		case prefix != "":
			s.byPrefix = append(s.byPrefix, dotPrefix{prefix, len(s.globs) - 1})
		default:
			s.always = append(s.always, len(s.globs)-1)
		}
		if !dotNamePattern(pat) {
			s.dotOnly = false
		}
	}
	return s, nil
}

// compileUnion compiles the set's patterns into one automaton; with
// named, only those whose last component has no wildcard.
func (s *protectedSet) compileUnion(named bool) *patternUnion {
	lower := make([]string, len(s.patterns))
	for i, p := range s.patterns {
		lower[i] = fold(p)
	}
	return compileUnion(lower, func(i int) bool { return !named || !familyPattern(s.patterns[i]) })
}

// prefixGlob is a proper prefix of a protected pattern, compiled.
type prefixGlob struct {
	g       *glob.Pattern
	pattern string // the pattern it is a prefix of
	// cache: the prefix is a .cache directory or one inside it, of a
	// built-in pattern, whose removal loses nothing a download or a login
	// does not restore (rm -rf node_modules/.cache;
	// ~/.cache/huggingface/token is a protected file in one). A host's
	// own patterns under .cache keep their directories.
	cache bool
}

// prefixSet is the prefixes of a set's patterns; dotOnly when every one
// holds a component starting with '.', so that a path without "/." meets
// none of them.
type prefixSet struct {
	globs   []prefixGlob
	dotOnly bool
}

// builtinPattern reports one of the built-in protected patterns.
var builtinPattern = func() func(string) bool {
	m := make(map[string]bool, len(defaultProtected))
	for _, p := range defaultProtected {
		m[p] = true
	}
	return func(p string) bool { return m[p] }
}()

// linkPrefixes compiles the proper prefixes of the patterns, up to a '/'
// ("**/.git" of "**/.git/hooks"), except those of "**" components only,
// which every path matches. A directory a prefix matches holds the rest
// of the pattern: a link to it reaches the protected path by a name that
// does not show it.
func (s *protectedSet) linkPrefixes() prefixSet {
	out := prefixSet{dotOnly: true}
	for _, pat := range s.patterns {
		lp := fold(pat)
		if strings.HasPrefix(lp, "/") && strings.Trim(lp, "*/") != "" {
			// The root holds every absolute pattern: ln -s / r reaches
			// /srv/secrets as r/srv/secrets.
			if g, err := glob.Compile("/", '/'); err == nil {
				out.globs = append(out.globs, prefixGlob{g: g, pattern: pat})
				out.dotOnly = false
			}
		}
		for i := 1; i < len(lp); i++ {
			if lp[i] != '/' || strings.Trim(lp[:i], "*/") == "" {
				continue
			}
			g, err := glob.Compile(lp[:i], '/')
			if err != nil {
				continue // the whole pattern compiled; a prefix cut inside a brace may not, and the pattern still holds
			}
			out.globs = append(out.globs, prefixGlob{g: g, pattern: pat, cache: strings.Contains(lp[:i]+"/", "/.cache/") && builtinPattern(pat)})
			out.dotOnly = out.dotOnly && strings.Contains(lp[:i], "/.")
		}
	}
	return out
}

// neededDotName returns the first component of a glob pattern that starts
// with '.' and holds no glob syntax, when nothing before it can make it
// optional: every path the pattern matches holds that component (patterns
// are matched against absolute paths). "" when there is none.
func neededDotName(pat string) (name, prefix string) {
	for i := 0; i < len(pat); i++ {
		if pat[i] != '.' || i > 0 && pat[i-1] != '/' {
			continue
		}
		if strings.ContainsAny(pat[:i], "{[?\\") {
			return "", ""
		}
		j := strings.IndexByte(pat[i:], '/')
		if j < 0 {
			j = len(pat) - i
		}
		comp := pat[i : i+j]
		if comp == "." || comp == ".." {
			continue
		}
		if k := strings.IndexAny(comp, "*?[]{}\\"); k >= 0 {
			// A component with a glob in it: its literal head, when it
			// holds more than the dot, is a prefix every match's
			// component starts with (".env." of ".env.*").
			if k > 1 && prefix == "" {
				prefix = comp[:k]
			}
			continue
		}
		return comp, ""
	}
	return "", prefix
}

// dotPrefix is a pattern that only matches paths holding a component that
// starts with prefix.
type dotPrefix struct {
	prefix string
	i      int
}

// match returns the pattern that the absolute path p matches, or "".
// Matching ignores case: on the file systems of macOS and Windows
// .Git/Hooks is .git/hooks.
func (s *protectedSet) match(p string) string {
	if s.dotOnly && !strings.Contains(p, "/.") {
		return ""
	}
	lp := fold(p)
	// Pick the patterns this path may match, then try them in order: the
	// first pattern that matches is the one a reason names. Most paths
	// pick none or a few, so they are gathered in a small list on the
	// stack, not marked in an array of every pattern: room holds what one
	// .git picks (32 patterns) twice over, so that no path under .git
	// allocates. A path whose components pick more than there are
	// patterns (.git/.git/.git/…) tries every glob once.
	// A component seen before picks nothing new (the directories a
	// command may be in can hold .git many times over).
	var room [64]int
	var seen [8]string
	nseen := 0
	picked := append(room[:0], s.always...)
	for i := 1; i < len(lp); i++ {
		if lp[i] != '.' || lp[i-1] != '/' {
			continue
		}
		j := strings.IndexByte(lp[i:], '/')
		if j < 0 {
			j = len(lp) - i
		}
		comp := lp[i : i+j]
		if slices.Contains(seen[:nseen], comp) {
			continue
		}
		if nseen < len(seen) {
			seen[nseen] = comp
			nseen++
		}
		picked = append(picked, s.byName[comp]...)
		for _, bp := range s.byPrefix {
			if strings.HasPrefix(comp, bp.prefix) {
				picked = append(picked, bp.i)
			}
		}
		if len(picked) > len(s.globs) {
			return s.matchAll(lp)
		}
	}
	if len(picked) == 0 {
		return ""
	}
	slices.Sort(picked)
	for n, i := range picked {
		if n > 0 && picked[n-1] == i {
			continue
		}
		if s.globs[i].Match(lp) && !s.excepted(i, lp) {
			return s.patterns[i]
		}
	}
	return ""
}

// excepted reports a path that pattern i matches but does not protect.
func (s *protectedSet) excepted(i int, lp string) bool {
	for _, e := range s.except[i] {
		if strings.HasSuffix(lp, e) {
			return true
		}
	}
	return false
}

// matchAll tries every glob in order.
func (s *protectedSet) matchAll(lp string) string {
	for i, g := range s.globs {
		if g.Match(lp) && !s.excepted(i, lp) {
			return s.patterns[i]
		}
	}
	return ""
}

// Protected is a compiled set of protected paths: the patterns, the
// policy's own files, and what the prefilters need. It is immutable.
type Protected struct {
	set   *protectedSet // nil for the built-in patterns alone (patternSet)
	files []string      // the policy's files, absolute
	// fileNFAs are files compiled for the search of a word that is a
	// pattern, one for each.
	fileNFAs []*nfa
	bases    []string // their base names, lower case, for a cheap first test
	// minName is the length of the shortest of bases and permissions.json.
	minName int
	// baseNoDot is true when a policy file's name has no '.', which turns
	// off the quickest test.
	baseNoDot bool
	// windows reads words with Windows' spellings of names too (see
	// windowsName).
	windows bool
}

// Default is the protected set of a policy with no files and no extra
// patterns.
var Default = &Protected{minName: len(PolicyFileName)}

// patternSet is the compiled patterns: the built-in ones when the set was
// made with no extra patterns.
func (p *Protected) patternSet() *protectedSet {
	if p.set == nil {
		return defaultProtectedSet()
	}
	return p.set
}

// NewProtected compiles the protected set of a policy loaded from files
// (absolute paths) with the host's extra patterns. With windows, words are
// also read the way Windows reads names (streams, short names, trailing
// dots and spaces, device names).
func NewProtected(files, extra []string, windows bool) (*Protected, error) {
	p := &Protected{minName: len(PolicyFileName), windows: windows}
	if len(extra) > 0 {
		s, err := compileProtected(extra)
		if err != nil {
			return nil, err
		}
		p.set = s
	}
	for _, f := range files {
		p.files = append(p.files, f)
		p.fileNFAs = append(p.fileNFAs, compileGlob(escapeGlob(fold(f))))
		b := fold(path.Base(f))
		p.bases = append(p.bases, b)
		p.minName = min(p.minName, len(b))
		if !strings.Contains(b, ".") {
			p.baseNoDot = true
		}
	}
	return p, nil
}

// Files returns the policy files the set protects.
func (p *Protected) Files() []string { return append([]string(nil), p.files...) }

// Check returns the check of one decision under scope root; a nil set is
// Default.
func (p *Protected) Check(root string) Checker {
	if p == nil {
		p = Default
	}
	return Checker{Protected: p, root: root}
}

// Checker is the protected-path check of one decision.
type Checker struct {
	*Protected
	root string // the scope root, whose permissions.json is protected
	// Work, when set, is charged for the search of every word that is a
	// pattern (a glob, a brace, an expansion) against the protected
	// patterns; once it is spent, such a word may reach any of them.
	Work *work.Counter
	// search is the storage of those searches, and build of the words'
	// automata, made on first use.
	search *productSearch
	build  *nfaBuilder
	// lastDirs and lastDot remember dirsHaveDot for the directories last
	// asked about: every word of a segment shares them.
	lastDirs []string
	lastDot  bool
}

// EveryWord reports whether every word read from dirs must be checked;
// when false, only words holding a '.' can reach a protected path (every
// pattern and file name needs one).
func (pc *Checker) EveryWord(dirs []string) bool {
	return !pc.patternSet().dotOnly || pc.baseNoDot || pc.windows || pc.dirsDot(dirs)
}

// dirsDot is dirsHaveDot, remembered for the last set of directories.
func (pc *Checker) dirsDot(dirs []string) bool {
	if len(dirs) > 0 && len(pc.lastDirs) == len(dirs) && &pc.lastDirs[0] == &dirs[0] {
		return pc.lastDot
	}
	pc.lastDirs, pc.lastDot = dirs, dirsHaveDot(dirs)
	return pc.lastDot
}

// hasDotName reports a path component that starts with '.' and is not "."
// or ".." (nor "...", which no protected pattern names): the only words
// the default protected patterns can match.
func hasDotName(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] == '.' && (i == 0 || w[i-1] == '/') && i+1 < len(w) && w[i+1] != '/' && w[i+1] != '.' {
			return true
		}
	}
	return false
}

// dirsHaveDot reports a working directory with a component starting with
// '.' (hasDotName: not "..." of "cd ./pkg/..."), under which any relative
// word may be protected.
func dirsHaveDot(dirs []string) bool {
	for _, d := range dirs {
		if hasDotName(d) {
			return true
		}
	}
	return false
}

// LinkProblem returns why a symbolic link that points to w (or is named
// w) reaches a protected path by another name, or "": w names a directory
// that holds the rest of a protected pattern (.git holds hooks, so after
// ln -s .git g the path g/hooks/pre-commit is .git/hooks/pre-commit), or
// w is known only at run time. w is resolved against dirs as Problem
// resolves words; a link's target is read from the link's own directory,
// which the words of the same command name as well.
func (pc *Checker) LinkProblem(w string, flags uint8, dirs []string) string {
	return pc.linkProblem(w, flags, dirs, false)
}

// RemovalProblem is LinkProblem for a directory a command removes or
// empties: a cache directory that holds a protected file is not one
// (removing a cache loses nothing a download or a login does not
// restore), while a second name for it still reaches the file.
func (pc *Checker) RemovalProblem(w string, flags uint8, dirs []string) string {
	return pc.linkProblem(w, flags, dirs, true)
}

func (pc *Checker) linkProblem(w string, flags uint8, dirs []string, removal bool) string {
	if w == "" {
		return ""
	}
	parents := pc.patternSet().parents()
	if (flags&wildFlags != 0 || w[0] == '$' || w[0] == '`') &&
		!(parents.dotOnly && !pc.windows && unhiddenGlob(w, flags, dirs, pc.root) && (removal || !strings.ContainsRune("*?[", rune(w[0])))) {
		// (A glob that starts with a wildcard may expand to a word that
		// starts with '-', an option: cp -r * b/ with a file named -t.git
		// copies into .git. Only rm and rmdir, whose options remove no
		// more than the names do, read it so; ./* is never an option.)
		return "a path known only at run time, which may hold a protected path"
	}
	if why := throughHandle(w, flags, dirs, false); why != "" {
		return why
	}
	var room [shell.MaxDirs + 1]string
	for _, c := range candidates(w, dirs, room[:0]) {
		if procDir(c) {
			// ln -s /proc/1 p && cat p/environ, grep -r KEY /proc/1
			return "a process's directory (" + c + "), which holds its environment and memory, and the secrets they hold"
		}
		if parents.dotOnly && !strings.Contains(c, "/.") {
			continue // no prefix can match a path without a dot component
		}
		lc := fold(c)
		for _, p := range parents.globs {
			if (!removal || !p.cache) && p.g.Match(lc) {
				return "a directory that holds protected path " + p.pattern + ", which a second name or a copied tree reaches without naming it"
			}
		}
	}
	return ""
}

// unhiddenGlob reports a relative glob that can name no hidden file and
// nothing above the directories it is read from (rm -rf dist/*, chmod +x
// scripts/*.sh): no expansion, brace or extended glob; no component that
// begins with '.', '[' or '\\' (which could match a hidden name, as
// bash's globs match one only where the pattern spells its dot); no ".."
// and no '~'; read from known directories inside the scope root (so that
// it names neither the project folder nor one above it: cd /ws && chmod
// -R 000 p*), none of which is hidden. Every
// directory that holds a protected path is hidden (parents' dotOnly), so
// such a glob names none, as the literal names it may match do not.
// (shopt -s dotglob and GLOBIGNORE, which let a glob match hidden names,
// make the command one the engine does not approve.)
func unhiddenGlob(w string, flags uint8, dirs []string, root string) bool {
	if flags&(shell.WordExpands|shell.WordBrace|shell.WordTilde) != 0 || w == "" || w[0] == '/' || w[0] == '~' ||
		strings.ContainsAny(w, "$`(\\") || strings.Contains(w, "..") || len(dirs) == 0 || dirsHaveDot(dirs) {
		return false
	}
	for _, d := range dirs {
		if d == "" || root == "" || d != root && !strings.HasPrefix(d, strings.TrimSuffix(root, "/")+"/") {
			return false
		}
	}
	for c := range strings.SplitSeq(w, "/") {
		if c != "" && c != "." && (c[0] == '.' || c[0] == '[') {
			return false
		}
	}
	return true
}

// candidates appends to out the absolute paths word w may name from dirs
// ("" is an unknown directory: the word is read as if absolute).
func candidates(w string, dirs, out []string) []string {
	switch {
	case w[0] == '/':
		return append(out, path.Clean(w))
	case w[0] == '~' || w[0] == '$' || w[0] == '`':
		// Somewhere unknown: match on the text as if it were absolute.
		return append(out, path.Clean("/"+w))
	}
	for _, d := range dirs {
		if d == "" {
			out = append(out, path.Clean("/"+w))
		} else {
			out = append(out, pathtext.Join(d, w))
		}
	}
	return out
}

// Problem returns the protected pattern or file that word w (with its
// word flags) reaches from any of dirs, or "". A word that bash still
// expands (a glob, a brace, an expansion) reaches a protected path when
// some expansion of it may be one.
func (pc *Checker) Problem(w string, flags uint8, dirs []string) string {
	if w == "" {
		return ""
	}
	if hit := pc.word(w, flags, dirs); hit != "" {
		return hit
	}
	if vs := eqValues(w); vs[0] != "" {
		if hit := pc.word(vs[0], flags, dirs); hit != "" {
			return hit
		}
		// The value of --opt=KEY=VALUE too (pytest
		// --override-ini=log_file=.git/config); the checks below read the
		// value after the first '=' (a list KEY=VALUE,…).
		if vs[1] != "" {
			if hit := pc.word(vs[1], flags, dirs); hit != "" {
				return hit
			}
		}
		w = vs[0]
	}
	if len(w) > 1 && w[0] == '@' {
		// @FILE names a file whose content is read (curl -d @.env, -F
		// f=@.env, httpie, gcc @args).
		return pc.word(w[1:], flags, dirs)
	}
	if k := strings.IndexByte(w, '@'); k > 0 && k < len(w)-1 {
		// FIELD@FILE and HEADER:@FILE: httpie's and xh's file field and
		// header read from a file (http -f POST URL f@.env).
		if hit := pc.word(w[k+1:], flags, dirs); hit != "" {
			return hit
		}
	}
	if strings.IndexByte(w, ',') >= 0 {
		// KEY=VALUE lists (docker's --mount, buildx's --cache-to
		// type=local,dest=DIR): each value is a path a program may use.
		for rest := w; rest != ""; {
			f, after, _ := strings.Cut(rest, ",") // without a slice: Problem runs for every word
			if _, v, ok := strings.Cut(f, "="); ok && v != "" {
				if hit := pc.word(strings.Trim(v, `"`), flags, dirs); hit != "" {
					return hit
				}
			}
			rest = after
		}
	}
	if strings.IndexByte(w, ':') >= 0 {
		return pc.colonParts(w, flags, dirs)
	}
	return ""
}

// colonParts checks each part of a word that colons divide: PATH-like
// lists, git's REV:PATH (git show HEAD:.env prints the committed .env),
// scp's and docker cp's HOST:PATH and CONTAINER:PATH. A part after "://"
// is a URL's host and path, which names no file here.
func (pc *Checker) colonParts(w string, flags uint8, dirs []string) string {
	for rest := w; rest != ""; {
		part, after, found := strings.Cut(rest, ":")
		if part != "" && part != w && !strings.HasPrefix(part, "//") {
			if hit := pc.word(part, flags, dirs); hit != "" {
				return hit
			}
		}
		if !found {
			break
		}
		rest = after
	}
	return ""
}

// PolicyFileName is the name of the policy file at the scope root.
const PolicyFileName = "permissions.json"

// LockSuffix names a policy file's lock file: writers across processes
// take an advisory lock on the policy's path plus this suffix, beside it.
// The lock file is protected like the policy it guards.
const LockSuffix = ".lock"

// policyFileOrLock says whether c is the policy file f or its lock file,
// compared without case: "the policy file ", "the lock file of the policy
// file ", or "".
func policyFileOrLock(c, f string) string {
	c, f = fold(c), fold(f)
	switch {
	case c == f:
		return "the policy file "
	case len(c) == len(f)+len(LockSuffix) && c[:len(f)] == f && c[len(f):] == LockSuffix:
		return "the lock file of the policy file " // (compared in place: f+LockSuffix would allocate per word)
	}
	return ""
}

func (pc *Checker) one(w string, dirs []string) string {
	// Cheap test first: with the default patterns only a path with a
	// component starting with '.' can match, and only a word naming a policy
	// file can be one.
	if pc.patternSet().dotOnly && !pc.dirsDot(dirs) {
		if !pc.baseNoDot && strings.IndexByte(w, '.') < 0 {
			// No '.' in the word: no dot component, no
			// "permissions.json", no policy file name.
			return ""
		}
		if !hasDotName(w) && !pc.mayNameFile(w) {
			return ""
		}
	}
	var room [shell.MaxDirs + 1]string
	cands := candidates(w, dirs, room[:0])
	root := pc.root
	for _, c := range cands {
		// Every permissions.json inside the scope (and its lock file): a
		// policy planted in a subdirectory is read by tools that start
		// there.
		if root != "" && Inside(c, root) {
			base := c[strings.LastIndexByte(c, '/'):]
			if what := policyFileOrLock(base, "/"+PolicyFileName); what != "" {
				return what + c[:len(c)-len(base)] + "/" + PolicyFileName
			}
		}
		for _, f := range pc.files {
			if what := policyFileOrLock(c, f); what != "" {
				return what + f
			}
		}
		if pat := pc.patternSet().match(c); pat != "" {
			return "protected path " + pat
		}
	}
	return ""
}

// MayNameFile reports whether w could name one of the policy files (see
// mayNameFile).
func (pc *Checker) MayNameFile(w string) bool { return pc.mayNameFile(w) }

// HandleProblem returns why w, the destination directory of a copy or
// link, is or goes through a directory handle (cp x /dev/fd/3), or "".
// Standard input, output and error are files, not directories, unless
// the command opens one of them for reading (cp x /dev/stdout 1<.git):
// opened says it may.
func (pc *Checker) HandleProblem(w string, flags uint8, dirs []string, opened bool) string {
	if !opened && stdHandle(w) {
		return ""
	}
	return throughHandle(w, flags, dirs, true)
}

// StdHandle reports /dev/stdin, /dev/stdout, /dev/stderr and their
// descriptors 0, 1 and 2 (/dev/fd/1, /proc/self/fd/2): the command's own
// input and output, not a file it writes.
func StdHandle(w string) bool { return stdHandle(w) }

// stdHandle is StdHandle.
func stdHandle(w string) bool {
	switch path.Clean(w) {
	case "/dev/stdin", "/dev/stdout", "/dev/stderr", "/dev/fd/0", "/dev/fd/1", "/dev/fd/2",
		"/proc/self/fd/0", "/proc/self/fd/1", "/proc/self/fd/2":
		return true
	}
	return false
}

// mayNameFile reports whether w could name one of the policy files (or
// permissions.json): it contains the file's base name.
func (pc *Checker) mayNameFile(w string) bool {
	ascii, upper := true, false
	for i := 0; i < len(w); i++ {
		switch c := w[i]; {
		case c >= 0x80:
			ascii = false
		case c >= 'A' && c <= 'Z':
			upper = true
		}
	}
	// Lowering ASCII keeps the length, so an ASCII word shorter than every
	// name cannot contain one. (Lowering other letters may lengthen a word.)
	if ascii && len(w) < pc.minName {
		return false
	}
	lw := w
	if upper || !ascii {
		lw = fold(w)
	}
	if strings.Contains(lw, PolicyFileName) {
		return true
	}
	for _, b := range pc.bases {
		if strings.Contains(lw, b) {
			return true
		}
	}
	return false
}

// hiddenFile is a protected pattern that names a file inside a hidden
// directory, and its last component in lower case.
type hiddenFile struct{ last, pattern string }

// hiddenFiles lists the patterns whose last component names a file (not a
// wildcard alone) under a component that starts with a dot.
func (s *protectedSet) hiddenFiles() []hiddenFile {
	var out []hiddenFile
	for _, pat := range s.patterns {
		dir, last := path.Split(pat)
		if last != "" && strings.Trim(last, "*") != "" && strings.Contains("/"+dir, "/.") {
			out = append(out, hiddenFile{fold(last), pat})
		}
	}
	return out
}

// HiddenFileNamed returns the protected pattern of a file called name
// inside a hidden directory (**/.git/config for config, **/.kube/config),
// or "": a program that walks hidden directories and picks files by name
// (find -name config) finds it by that name alone. name may be a glob
// itself (conf*). A pattern whose last component is a wildcard alone
// (**/.ssh/**) names no file, and is not read so: any name would match it.
// The search is charged to pc.Work; once that is spent, every name may
// match (the safe side).
func (pc *Checker) HiddenFileNamed(name string) string {
	files := pc.patternSet().hidden()
	if pc.Work != nil && !pc.Work.SpendShare(len(files)) {
		return "a name the engine had no budget left to check"
	}
	name = fold(name)
	for _, f := range files {
		if ok, _ := path.Match(f.last, name); ok {
			return f.pattern
		}
		if ok, _ := path.Match(name, f.last); ok {
			return f.pattern
		}
	}
	return ""
}
