package argmodel

import (
	"path"
	"strings"
)

// Models of the scripts that frameworks give a project, run by an
// interpreter (python manage.py shell -c CODE, php artisan tinker
// --execute=CODE, ruby bin/rails runner CODE) or on their own
// (./setup.py upload): their verbs run code given on the command line,
// publish, or serve the project to other machines. The interpreter's
// judge reads the script's words through the script's model
// (judgeScript); a script the catalog does not model is the project's
// code, read as before.

// whyServes is why a development server listening on an address other
// machines reach is an effect outside: it serves the project, and a
// debugger some of them carry runs any code.
const whyServes = "serves the project on an address other machines reach (a development server, and a debugger with it, for anyone on the network)"

func frameworkRows() []row {
	return []row{
		{name: "setup.py", build: fixed(setupPyModel)},
		{name: "manage.py", aliases: []string{"django-admin", "django"}, build: fixed(managePyModel)}, // python -m django is django-admin
		{name: "artisan", build: fixed(artisanModel)},
		{name: "rails", build: fixed(railsModel)},
		{name: "flask", build: fixed(flaskModel)},
		// Development servers: an address other machines reach serves the
		// project, and its reloader or debugger, to the network.
		{name: "uvicorn", aliases: []string{"hypercorn", "daphne"}, build: func(n string) *Spec {
			return devServer(n, val("", RoleData, "host"), val("b", RoleData, "bind"))
		}},
		{name: "gunicorn", build: func(n string) *Spec { return devServer(n, val("b", RoleData, "bind")) }},
		{name: "next", build: func(n string) *Spec { return devServer(n, val("H", RoleData, "hostname")) }},
		// vite --host with no value listens on every address.
		{name: "vite", build: func(n string) *Spec {
			return devServer(n, Option{Long: []string{"host"}, Arg: ArgOptional, Role: RoleData})
		}},
	}
}

// devServer is a development server whose listen options name its
// address: one other machines reach (0.0.0.0, ::, a host's name), or
// none where the option takes an optional value (vite --host), serves the
// project to the network. A unix socket (unix:/run/x.sock) is none.
func devServer(name string, listen ...Option) *Spec {
	s := &Spec{Name: name, Syntax: GNU, Open: true, OpenSubs: true}
	for _, o := range listen {
		s.Options = append(s.Options, o.does(EffExternal, whyServes).when(func(v string, computed bool) bool {
			if strings.HasPrefix(v, "unix:") || strings.HasPrefix(v, "fd://") {
				return false
			}
			return v == "" && o.Arg == ArgOptional || exposedHost(v, computed)
		}))
	}
	return s
}

// script marks a model as one of a script an interpreter runs by name.
func script(s *Spec) *Spec {
	s.Script = true
	return s
}

// setupPyModel is setuptools' setup.py: its commands run in sequence
// (setup.py sdist upload), and upload, register and upload_docs send the
// package to an index.
func setupPyModel() *Spec {
	s := script(&Spec{Name: "setup.py", Syntax: Syntax{Permute: true}, Open: true, Operands: operands(RoleData)})
	s.Judge = func(r *Result, words []string) {
		for i, w := range words[1:] {
			switch w {
			case "upload", "register", "upload_docs":
				r.Effects |= EffExternal
				r.Findings = append(r.Findings, Finding{Effect: EffExternal, Word: i + 1,
					Why: "setup.py " + w + " sends the package to a package index (PyPI, or the one -r names)"})
				return
			}
		}
	}
	return s
}

// managePyModel is Django's manage.py (and django-admin): shell -c runs
// Python, runserver on an address other machines reach serves the
// project, sendtestemail sends mail.
func managePyModel() *Spec {
	shell := consoleReadsInput(cmd(GNU, "shell"), "c", "command", "manage.py shell reads Python from its input")
	shell.Options = list(val("c", RoleCode, "command").code(LangPython).does(EffExec, "manage.py shell -c "+whyCode),
		val("i", RoleData, "interface"))
	run := cmd(GNU, "runserver")
	run.Operands = []Operand{{Role: RoleData, Effect: EffExternal, Check: exposedAddr, Why: whyServes}}
	return script(withSubs(cmd(GNU, "manage.py"), shell, run, ext(GNU, "sendtestemail"),
		consoleReadsInput(cmd(GNU, "dbshell"), "", "", "manage.py dbshell runs the SQL on its input against the database the settings name")))
}

// consoleReadsInput marks a framework's console, which runs the code (or SQL) it
// reads from its input unless the option short/long gives the code on
// the command line: fed by a pipe or a here-string, it runs what the
// engine does not read.
func consoleReadsInput(s *Spec, short, long, why string) *Spec {
	s.Judge = func(r *Result, words []string) {
		for _, it := range r.Items {
			if it.Opt != nil && (short != "" && it.Opt.Short == short || long != "" && it.Named(long)) {
				return
			}
		}
		r.Effects |= EffExec | EffComputed
		r.Findings = append(r.Findings, Finding{Effect: EffExec | EffComputed, Word: len(words) - 1, Why: why})
	}
	return s
}

// artisanModel is Laravel's artisan: tinker --execute runs PHP, serve
// --host serves the project.
func artisanModel() *Spec {
	tinker := consoleReadsInput(cmd(GNU, "tinker"), "", "execute", "artisan tinker reads PHP from its input")
	tinker.Options = list(val("", RoleCode, "execute").code(LangPHP).does(EffExec, "artisan tinker --execute "+whyCode))
	serve := cmd(GNU, "serve")
	serve.Options = list(val("", RoleData, "host").does(EffExternal, whyServes).when(exposedHost), val("", RoleData, "port"))
	root := cmd(GNU, "artisan")
	root.Env = []EnvVar{{Name: "SERVER_HOST", Effect: EffExternal, Why: "SERVER_HOST " + whyServes}} // artisan serve's address
	return script(withSubs(root, tinker, serve))
}

// railsModel is Rails' bin/rails: runner runs Ruby given on the command
// line (or a file), server -b binds where other machines reach.
func railsModel() *Spec {
	runner := cmd(GNU, "runner", "r")
	runner.Operands = []Operand{{Role: RoleCode, Lang: LangRuby, Effect: EffExec, Why: "rails runner " + whyCode}, {Role: RoleData}}
	server := cmd(GNU, "server", "s")
	server.Options = list(val("b", RoleData, "binding").does(EffExternal, whyServes).when(exposedHost), val("p", RoleData, "port"))
	root := cmd(GNU, "rails")
	root.Env = []EnvVar{{Name: "BINDING", Effect: EffExternal, Why: "BINDING " + whyServes}} // rails server's address
	return script(withSubs(root, runner, server,
		consoleReadsInput(cmd(GNU, "console", "c"), "", "", "rails console reads Ruby from its input"),
		consoleReadsInput(cmd(GNU, "dbconsole", "db"), "", "", "rails dbconsole runs the SQL on its input against the database the configuration names")))
}

// flaskModel is flask: run --host serves the project (with --debug, its
// debugger runs any code a request sends).
func flaskModel() *Spec {
	run := cmd(GNU, "run")
	run.Options = list(val("h", RoleData, "host").does(EffExternal, whyServes).when(exposedHost), val("p", RoleData, "port"))
	root := cmd(GNU, "flask")
	root.Env = []EnvVar{{Name: "FLASK_RUN_HOST", Effect: EffExternal, Why: "FLASK_RUN_HOST " + whyServes}} // flask run's address
	return withSubs(root, run, consoleReadsInput(cmd(GNU, "shell"), "", "", "flask shell reads Python from its input"))
}

// exposedAddr reports runserver's [addr:]port when addr is not this
// machine's loopback (0:8000 is every address).
func exposedAddr(v string, computed bool) bool {
	if !strings.Contains(v, ":") {
		return computed
	}
	return exposedHost(v, computed)
}

// judgeScript reads the words after an interpreter's script through the
// model of the script, when the catalog has one of a script by that name
// (python manage.py shell -c CODE is manage.py's).
func judgeScript(r *Result, words []string) {
	for _, it := range r.Items {
		if it.Kind != KindOperand {
			continue
		}
		if it.Computed || it.Word >= len(words) {
			return
		}
		judgeScriptLater(r, words[it.Word+1:], it.Word, path.Base(it.Text))
		return
	}
}

// judgeScriptLater reads a script's words through its model where it is
// one of a script (judgeAs, limited to Spec.Script): set in init, since
// the interpreters' judges are part of the catalog it reads.
var judgeScriptLater func(r *Result, args []string, at int, name string)

func init() {
	judgeScriptLater = func(r *Result, args []string, at int, name string) {
		if m := Lookup(name); m != nil && m.Script {
			judgeAs(r, args, at, name)
		}
	}
}
