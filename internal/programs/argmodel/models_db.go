package argmodel

import (
	"maps"
	"slices"
	"strings"
)

// Database clients run what they are given against a server: on this
// machine an everyday part of development, on another one an effect
// outside (psql -h prod.example.com -c 'DROP TABLE users'). A client
// reaches another machine when a host option, a connection URI or a
// connection string names a host that is not this one, or one known only
// at run time; the variables that name its server do too. Without any,
// it connects to this machine (the variables the person's own
// environment holds are not the command's to show).

// dbClient says how one client is told its server.
type dbClient struct {
	hosts      string // the short options whose value is a host (-h)
	conns      string // the short options whose value may be a connection URI or string (psql -d)
	argLetters string // the other short options that take a value (a cluster ends there)
	attached   string // the short options whose value is only the rest of their word (mysql -pSECRET)
	// longs are its long options of a host (true) or of a connection URI
	// or string (false), without dashes; any unambiguous prefix counts.
	longs  map[string]bool
	values []string // its other long options that take a value in the next word (--command SQL)
	single bool     // long options are spelled with one dash (redis-cli -u, sqlcmd)
	// operands: an operand may be a connection URI or string (psql's
	// dbname "host=…", mongosh's URI); hostOperand: the first operand is
	// the host (cqlsh).
	operands, hostOperand bool
	// hostDB: the first operand that is no script is HOST/DB, HOST:PORT/DB
	// or DB (mongosh db.example.com/app).
	hostDB bool
	// serverFiles are the long options that name a file or a section of
	// one that holds the server (mysql --login-path, --defaults-file):
	// which host it names is not in the command.
	serverFiles []string
	env         []string // the variables that name its server
}

var (
	pgLongs  = map[string]bool{"host": true, "dbname": false}
	pgValues = []string{"command", "file", "username", "port", "variable", "set", "output", "log-file", "field-separator",
		"record-separator", "pset", "table-attr", "format", "schema", "table", "exclude-schema", "exclude-table", "role"}
	mysqlLongs  = map[string]bool{"host": true, "socket": true}
	mysqlValues = []string{"port", "user", "database", "default-character-set", "execute"}
	mysqlFiles  = []string{"login-path", "defaults-file", "defaults-extra-file", "defaults-group-suffix"}
	mongoValues = []string{"eval", "file", "username", "password", "authenticationDatabase", "authenticationMechanism", "port"}
	pgEnv       = []string{"PGHOST", "PGHOSTADDR", "PGSERVICE", "PGSERVICEFILE"}
)

// dbClients are the database clients the engine knows.
var dbClients = map[string]dbClient{
	"psql":              {hosts: "h", conns: "d", argLetters: "cfLopPRTUvF", longs: pgLongs, values: pgValues, operands: true, env: pgEnv},
	"pg_dump":           {hosts: "h", conns: "d", argLetters: "fpUZEFnNtTSj", longs: pgLongs, values: pgValues, operands: true, env: pgEnv},
	"pg_restore":        {hosts: "h", conns: "d", argLetters: "fpUFILnNPtTSj", longs: pgLongs, values: pgValues, env: pgEnv},
	"mysql":             {hosts: "h", argLetters: "DePSuO", attached: "p", longs: mysqlLongs, values: mysqlValues, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mariadb":           {hosts: "h", argLetters: "DePSuO", attached: "p", longs: mysqlLongs, values: mysqlValues, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mysqldump":         {hosts: "h", argLetters: "PSuw", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"redis-cli":         {hosts: "h", conns: "u", argLetters: "psanri", single: true},
	"mongosh":           {longs: map[string]bool{"host": true}, values: mongoValues, operands: true, hostDB: true},
	"mongo":             {longs: map[string]bool{"host": true}, values: mongoValues, operands: true, hostDB: true},
	"clickhouse-client": {hosts: "h", argLetters: "qdu", longs: map[string]bool{"host": true}},
	"sqlcmd":            {hosts: "S", argLetters: "UPdQqiov", single: true},
	"cqlsh":             {hostOperand: true},
	// The other client programs of the two families connect the same way
	// (mariadb-dump -h, pg_basebackup -h), each with its own options that
	// take a value (a flag among them would hide the -h after it).
	"mariadb-dump":   {hosts: "h", argLetters: "PSuw", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mysqladmin":     {hosts: "h", argLetters: "ciPSu", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mariadb-admin":  {hosts: "h", argLetters: "ciPSu", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mysqlimport":    {hosts: "h", argLetters: "cPSu", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mariadb-import": {hosts: "h", argLetters: "cPSu", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mysqlshow":      {hosts: "h", argLetters: "PSu", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mariadb-show":   {hosts: "h", argLetters: "PSu", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mysqlcheck":     {hosts: "h", argLetters: "PSu", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"mariadb-check":  {hosts: "h", argLetters: "PSu", attached: "p", longs: mysqlLongs, serverFiles: mysqlFiles, env: []string{"MYSQL_HOST"}},
	"pg_dumpall":     {hosts: "h", conns: "d", argLetters: "fpUlS", longs: pgLongs, values: pgValues, env: pgEnv},
	"pg_basebackup":  {hosts: "h", conns: "d", argLetters: "DFrTXZclSsUp", longs: pgLongs, values: pgValues, env: pgEnv},
	"createdb":       {hosts: "h", argLetters: "DElOSTUp", longs: pgLongs, values: pgValues, operands: true, env: pgEnv},
	"dropdb":         {hosts: "h", argLetters: "Up", longs: pgLongs, values: pgValues, operands: true, env: pgEnv},
	"createuser":     {hosts: "h", argLetters: "cgUp", longs: pgLongs, values: pgValues, env: pgEnv},
	"dropuser":       {hosts: "h", argLetters: "Up", longs: pgLongs, values: pgValues, env: pgEnv},
	"vacuumdb":       {hosts: "h", conns: "d", argLetters: "tjPnNUp", longs: pgLongs, values: pgValues, env: pgEnv},
	"reindexdb":      {hosts: "h", conns: "d", argLetters: "tijSUp", longs: pgLongs, values: pgValues, env: pgEnv},
	"pg_isready":     {hosts: "h", conns: "d", argLetters: "tUp", longs: pgLongs, values: pgValues, env: pgEnv},
}

// ClientValueOptions returns the options of database client name that
// take the next word as their value, spelled as typed (-h --host), or nil
// for a program that is no client: the readers of its commands pass over
// them to find the database operand.
func ClientValueOptions(name string) []string {
	c, ok := dbClients[name]
	if !ok {
		return nil
	}
	var out []string
	for _, l := range c.hosts + c.conns + c.argLetters {
		out = append(out, "-"+string(l))
	}
	dashes := "--"
	if c.single {
		dashes = "-"
	}
	for _, l := range slices.Sorted(maps.Keys(c.longs)) {
		out = append(out, dashes+l)
	}
	for _, l := range c.values {
		out = append(out, dashes+l)
	}
	return out
}

// dbModel is a database client's model: its options are read as data,
// and judgeDB finds the server it reaches.
func dbModel(name string) *Spec {
	c := dbClients[name]
	s := &Spec{Name: name, Syntax: POSIX, Open: true, Judge: func(r *Result, words []string) {
		judgeDB(c, r, words)
		judgeClientCode(name, r, words)
	}}
	for _, v := range c.env {
		s.Env = append(s.Env, EnvVar{Name: v, Effect: EffExternal, Why: v + " names the database server, which may be on another machine"})
	}
	if name == "mongosh" || name == "mongo" {
		// --eval is JavaScript, read as node's is (require('child_process')
		// asks); the shell's own functions that run programs or files
		// are judgeClientCode's.
		s.Options = list(val("", RoleCode, "eval").code(LangJS).does(EffExec, name+" "+whyCode))
	}
	return s
}

// judgeDB finds the first word that connects the client to a server on
// another machine, or to one known only at run time.
func judgeDB(c dbClient, r *Result, words []string) {
	found := func(i int, why string) {
		r.Effects |= EffExternal
		r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: i, Why: why})
	}
	operands := 0
	for i := 1; i < len(words); i++ {
		w := words[i]
		v, at, isHost, ok := c.option(words, i)
		switch {
		case c.serverFile(w):
			found(i, words[0]+" "+w+" reads its server from a file the command names, which may name another machine")
			return
		case ok && (Computed(v) || isHost && !localHost(v) || !isHost && remoteConnection(v)):
			found(at, words[0]+" connects to the database server "+v+", which may be on another machine")
			return
		case ok:
			i = at
		case len(w) > 1 && w[0] == '-' || w == "--":
			i = c.valueEnd(words, i)
		default:
			operands++
			if Computed(w) && (c.operands || c.hostOperand) ||
				c.hostOperand && operands == 1 && !localHost(w) || remoteConnection(w) ||
				c.hostDB && operands == 1 && !localDBAddress(w) {
				found(i, words[0]+" connects to "+w+", a database server that may be on another machine")
				return
			}
		}
	}
}

// option reads the server that the option at words[i] gives, if it is
// one: its value, the index of the word that holds it, and whether it is
// a host (else a connection URI or string).
func (c dbClient) option(words []string, i int) (v string, at int, isHost, ok bool) {
	w := words[i]
	next := func(host bool) (string, int, bool, bool) {
		if i+1 < len(words) {
			return words[i+1], i + 1, host, true
		}
		return "", i, host, false
	}
	if strings.HasPrefix(w, "--") || c.single && len(w) > 2 && w[0] == '-' {
		name, val, attached := strings.Cut(strings.TrimLeft(w, "-"), "=")
		for l, host := range c.longs {
			if len(name) >= 2 && strings.HasPrefix(l, name) {
				if attached {
					return val, i, host, true
				}
				return next(host)
			}
		}
		if strings.HasPrefix(w, "--") {
			return "", i, false, false
		}
		// A single-dash client may also take a short option's value
		// attached (sqlcmd -Sdb.example.com): read on as a cluster.
	}
	if len(w) < 2 || w[0] != '-' {
		return "", i, false, false
	}
	for k := 1; k < len(w); k++ {
		host := strings.IndexByte(c.hosts, w[k]) >= 0
		switch {
		case (host || strings.IndexByte(c.conns, w[k]) >= 0) && k+1 < len(w):
			return w[k+1:], i, host, true
		case host || strings.IndexByte(c.conns, w[k]) >= 0:
			return next(host)
		case strings.IndexByte(c.argLetters, w[k]) >= 0 || strings.IndexByte(c.attached, w[k]) >= 0:
			return "", i, false, false // the rest is that option's value
		}
	}
	return "", i, false, false
}

// valueEnd returns the index of the last word that the option at
// words[i] reads: its value's, when the value is the next word.
func (c dbClient) valueEnd(words []string, i int) int {
	w := words[i]
	if i+1 >= len(words) || strings.Contains(w, "=") {
		return i
	}
	if strings.HasPrefix(w, "--") || c.single && len(w) > 2 {
		name := strings.TrimLeft(w, "-")
		for _, l := range c.values {
			if len(name) >= 2 && strings.HasPrefix(l, name) {
				return i + 1
			}
		}
		if strings.HasPrefix(w, "--") || c.single {
			return i
		}
	}
	if strings.IndexByte(c.argLetters, w[len(w)-1]) >= 0 {
		// The value of the cluster's last letter, unless an earlier
		// letter takes the rest of the word.
		for k := 1; k < len(w)-1; k++ {
			if strings.IndexByte(c.argLetters+c.attached, w[k]) >= 0 {
				return i
			}
		}
		return i + 1
	}
	return i
}

// serverFile reports an option of serverFiles, in any unambiguous
// abbreviation, with its value attached or not.
func (c dbClient) serverFile(w string) bool {
	name, ok := strings.CutPrefix(w, "--")
	if !ok || len(c.serverFiles) == 0 {
		return false
	}
	name, _, _ = strings.Cut(name, "=")
	for _, f := range c.serverFiles {
		if len(name) >= 3 && strings.HasPrefix(f, name) {
			return true
		}
	}
	return false
}

// localDBAddress reports a mongo shell's first operand that stays on
// this machine: a database name (app), a script (x.js), or HOST/DB and
// HOST:PORT/DB with a local host.
func localDBAddress(w string) bool {
	if strings.HasSuffix(w, ".js") || strings.HasSuffix(w, ".mongodb") || strings.Contains(w, "://") {
		return true // a script, or a URI (remoteConnection reads it)
	}
	host, _, slash := strings.Cut(w, "/")
	if !slash && !strings.ContainsAny(w, ":.") {
		return true // a database on this machine (a word with a dot is a host)
	}
	return localHost(host)
}

// localHost reports a host on this machine: its names and addresses, a
// socket's directory, a connection string without a host.
func localHost(h string) bool {
	if strings.Contains(h, "://") {
		return !remoteConnection(h)
	}
	if strings.Contains(h, "=") {
		return !remoteConnection(h)
	}
	h = strings.ToLower(strings.Trim(h, "[]"))
	if i := strings.LastIndexByte(h, ':'); i >= 0 && !strings.Contains(h[:i], ":") {
		h = h[:i] // host:port
	}
	switch h {
	case "", "localhost", "127.0.0.1", "::1", "0.0.0.0":
		return true
	}
	return strings.HasPrefix(h, "/") // a Unix socket's directory
}

// remoteConnection reports a connection URI (postgres://prod/db) or a
// connection string (host=prod dbname=x) that names a host on another
// machine.
func remoteConnection(w string) bool {
	if i := strings.Index(w, "://"); i >= 0 {
		return !localURL(w) && !strings.HasPrefix(w[i+3:], "/") && w[i+3:] != "" && !strings.HasPrefix(w[i+3:], "%2F")
	}
	for _, kv := range connKeywords(w) {
		if k, v := kv[0], kv[1]; k == "host" || k == "hostaddr" || k == "service" {
			if k == "service" || !localHost(v) {
				return true
			}
		}
	}
	return false
}

// connKeywords reads a connection string's keyword = value pairs as libpq
// does: spaces may stand around '=', and a value may be single-quoted
// ('a b', with \' and \\ escapes). A string that is no connection string
// (no '=') gives none.
func connKeywords(w string) [][2]string {
	var out [][2]string
	i := 0
	space := func() {
		for i < len(w) && (w[i] == ' ' || w[i] == '\t' || w[i] == '\n' || w[i] == '\r' || w[i] == '\f' || w[i] == '\v') {
			i++
		}
	}
	for i < len(w) {
		space()
		start := i
		for i < len(w) && w[i] != '=' && w[i] != ' ' && w[i] != '\t' && w[i] != '\n' {
			i++
		}
		key := w[start:i]
		space()
		if i >= len(w) || w[i] != '=' {
			return out
		}
		i++
		space()
		var v strings.Builder
		if i < len(w) && w[i] == '\'' {
			for i++; i < len(w) && w[i] != '\''; i++ {
				if w[i] == '\\' && i+1 < len(w) {
					i++
				}
				v.WriteByte(w[i])
			}
			i++
		} else {
			for ; i < len(w) && w[i] != ' ' && w[i] != '\t' && w[i] != '\n'; i++ {
				if w[i] == '\\' && i+1 < len(w) {
					i++
				}
				v.WriteByte(w[i])
			}
		}
		out = append(out, [2]string{strings.ToLower(key), v.String()})
	}
	return out
}

// redisReaches are the commands of redis-cli that make the server connect
// to another host or load or run code there.
var redisReaches = map[string]bool{"replicaof": true, "slaveof": true, "migrate": true, "module": true, "config": true,
	"debug": true, "failover": true, "cluster": true,
	// Scripts and functions may call MIGRATE, which reaches another host,
	// and the engine does not read Lua.
	"eval": true, "evalsha": true, "eval_ro": true, "evalsha_ro": true, "fcall": true, "fcall_ro": true,
	"function": true, "script": true}

// redisValueOf reports word i of a redis-cli command line as the value of
// the option before it (-h "$HOST").
func redisValueOf(words []string, i int) bool {
	if i < 2 {
		return false
	}
	o := words[i-1]
	return len(o) == 2 && o[0] == '-' && strings.IndexByte("hpsaunridtXD", o[1]) >= 0 || redisLongValues[o]
}

// redisReadsConfig reports CONFIG GET: it reads the server's settings.
func redisReadsConfig(cmd []string) bool {
	return len(cmd) > 1 && strings.EqualFold(cmd[0], "config") && strings.EqualFold(cmd[1], "get")
}

// mysqlLoadsPlugin reports a mysql option that loads a client plugin or
// names where they are, as mysql reads option names: --loose- and
// --maximum- before the name, '_' for '-'.
func mysqlLoadsPlugin(w string) bool {
	if !strings.HasPrefix(w, "--") {
		return false
	}
	name := strings.ReplaceAll(strings.ToLower(w[2:]), "_", "-")
	name = strings.TrimPrefix(strings.TrimPrefix(name, "loose-"), "maximum-")
	return strings.HasPrefix(name, "plugin") || strings.HasPrefix(name, "default-auth") || strings.HasPrefix(name, "load-data-local-dir")
}

// RedisCommandAt returns the index of redis-cli's command word in v (its
// first word that is not an option or an option's value), or -1.
func RedisCommandAt(v []string) int {
	for i := 1; i < len(v); i++ {
		w := v[i]
		switch {
		case len(w) == 2 && w[0] == '-' && strings.IndexByte("hpsaunridtXD", w[1]) >= 0:
			i++ // -h HOST, -p PORT, -s SOCKET, -a PASS, -u URI, -n DB, -r N, -i SEC, -d DELIM, -t SEC, -X TAG, -D DELIM
		case strings.HasPrefix(w, "--") && !strings.Contains(w, "=") && redisLongValues[w]:
			i++
		case strings.HasPrefix(w, "-") && !redisFlags[w] && i+1 < len(v) && redisReaches[strings.ToLower(v[i+1])]:
			// An option it does not know may take a value, or not: the
			// next word may be the command. The one that reaches counts.
			return i + 1
		case strings.HasPrefix(w, "-"):
		default:
			return i
		}
	}
	return -1
}

// redisLongValues are redis-cli's long options that take the next word.
var redisLongValues = map[string]bool{"--user": true, "--pass": true, "--cacert": true, "--cacertdir": true,
	"--cert": true, "--key": true, "--tls-ciphers": true, "--tls-ciphersuites": true, "--sni": true, "--eval": true,
	"--pattern": true, "--count": true, "--quoted-pattern": true, "--memkeys-samples": true, "--functions-rdb": true,
	"--show-pushes": true, "--lru-test": true, "--rdb": true, "--pipe-timeout": true, "--keystats-samples": true,
	"--intrinsic-latency": true}

// redisFlags are redis-cli's options that take no value.
var redisFlags = map[string]bool{"-2": true, "-3": true, "-x": true, "-c": true, "-e": true, "-4": true, "-6": true,
	"--askpass": true, "--tls": true, "--insecure": true, "--raw": true, "--no-raw": true, "--quoted-input": true,
	"--csv": true, "--json": true, "--quoted-json": true, "--stat": true, "--latency": true, "--latency-history": true,
	"--latency-dist": true, "--replica": true, "--pipe": true, "--bigkeys": true, "--memkeys": true, "--keystats": true,
	"--hotkeys": true, "--scan": true, "--ldb": true, "--ldb-sync-mode": true, "--verbose": true,
	"--no-auth-warning": true, "--help": true, "--version": true}

// judgeClientCode finds what a client runs besides its queries: mysql's
// and mariadb's client plugins (shared objects it loads from a directory
// the command names), and the redis commands that point the server
// elsewhere (replicaof HOST) or load a module.
func judgeClientCode(name string, r *Result, words []string) {
	cmdAt := -1
	if name == "redis-cli" {
		cmdAt = RedisCommandAt(words) // once: it walks the options
		if i := slices.Index(words, "--cluster"); i > 0 {
			r.Effects |= EffExternal
			r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: i,
				Why: "redis-cli --cluster manages, and with call runs any command on, every node of a cluster"})
			return
		}
		for _, it := range r.Items {
			// A word known only at run time before the command, not an
			// option's value, may be an option that takes the next word,
			// or the command itself.
			if it.Computed && (cmdAt < 0 || it.Word <= cmdAt) && !redisValueOf(words, it.Word) {
				r.Effects |= EffExternal
				r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: it.Word,
					Why: "redis-cli " + words[it.Word] + ": a word known only at run time, where the command or an option may stand"})
				return
			}
		}
	}
	for i := 1; i < len(words); i++ {
		w := words[i]
		switch {
		case (name == "mysql" || name == "mariadb") && mysqlLoadsPlugin(w):
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i,
				Why: name + " " + w + ": loads a client plugin, a shared object, from where the command says"})
			return
		case (name == "mongosh" || name == "mongo") && mongoShellRuns(w):
			r.Effects |= EffExec | EffComputed
			r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: i,
				Why: name + " code calls a function of the shell's that runs a program or a file (load, runProgram, run, startMongoProgram)"})
			return
		case i == cmdAt && redisReaches[strings.ToLower(w)] && !redisReadsConfig(words[i:]):
			r.Effects |= EffExternal
			r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: i,
				Why: "redis " + w + " makes the server connect to another host, or load or change code or files there"})
			return
		}
	}
}

// mongoShellRuns reports text that names a function of the mongo shells
// that runs a program or a file: load (a script), run and runProgram and
// the *MongoProgram* family (the old shell's programs), which node's
// reading of JavaScript does not know.
func mongoShellRuns(w string) bool {
	for _, f := range []string{"load", "run", "runProgram", "runMongoProgram", "startMongoProgram", "_runMongoProgram", "_startMongoProgram", "startParallelShell"} {
		if calls(w, f, true) {
			return true
		}
	}
	return false
}
