package argmodel

import (
	"strings"
	"testing"
)

// What inline code of another language may do, read from its words: code
// that can start a program or evaluate a name built at run time is
// computed; code that computes, reads and prints is not.
func TestForeignCodeRuns(t *testing.T) {
	for _, tt := range []struct {
		lang Lang
		code string
		runs bool
	}{
		{LangPython, `print(sum(range(10)))`, false},
		{LangPython, `import json,sys; print(json.load(sys.stdin)["version"])`, false},
		{LangPython, `import os; os.system("sudo id")`, true},
		{LangPython, `import subprocess as s; s.run(["git","push"])`, true},
		{LangPython, `__import__("o"+"s").system("id")`, true},
		{LangPython, `getattr(__builtins__, "ev"+"al")("1")`, true},
		{LangPython, `().__class__.__base__.__subclasses__()`, true},
		{LangPython, `import tempfile; tempfile._os.popen("id")`, true},
		{LangPython, `import sys; sys.modules["o"+"s"].execv("/bin/sh", ["sh"])`, true},
		{LangPython, `import pty; pty.spawn("sh")`, true},
		{LangPython, `import pickle,base64; pickle.loads(base64.b64decode("x"))`, true},
		{LangPython, "import 𝐨𝐬; 𝐨𝐬.system('id')", true},
		{LangPython, `import timeit; timeit.timeit("x")`, true},
		{LangPython, `import cProfile; cProfile.run("x")`, true},
		{LangPython, `import pydoc; pydoc.pipepager("x", "id")`, true},
		{LangPython, `import shutil; shutil.which("x")`, true},
		{LangPython, `from os import system`, true},
		{LangPython, `import json as j, re; print(j.dumps(re.findall("a", "aa")))`, false},
		{LangPython, `from pathlib import Path; print(Path("x").read_text())`, false},
		{LangPython, `import sys; sys._getframe().f_globals`, true},
		{LangJS, `console.log(require("./package.json").version)`, false},
		{LangJS, `console.log([1, 2, 'a'].join(","))`, false},
		{LangJS, `console.log(process.env.HOME, process.argv.length)`, false},
		{LangJS, `Object.values(process).find(f => f && f.name == "getBuilt"+"inModule")`, true},
		{LangJS, `Object.getOwnPropertyDescriptor(Object.getPrototypeOf(() => 1), "con"+"structor")`, true},
		{LangJS, `const {binding} = process`, true},
		{LangJS, `process.stdout.write(process.argv.slice(1).join(" "))`, false},
		{LangJS, `console.log(this)`, true},
		{LangJS, `require("child_process").execSync("sudo id")`, true},
		{LangJS, `require("child_"+"process")`, true},
		{LangJS, `const r = require; r("x")`, true},
		{LangJS, `process["bind"+"ing"]("spawn_sync")`, true},
		{LangJS, `process.getBuiltinModule("c"+"hild_process")`, true},
		{LangJS, `"".constructor.constructor("return 1")()`, true},
		{LangJS, `\u0065val("1")`, true},
		{LangJS, `import("fs")`, true},
		{LangJS, `Deno.run({cmd:["id"]})`, true},
		{LangPerl, `print "hello\n"`, false},
		{LangPerl, `s/foo/bar/g`, false},
		{LangPerl, `@ARGV = ("touch x|"); while (<>) {}`, true},
		{LangPerl, "system('id')", true},
		{LangPerl, "print `id`", true},
		{LangPerl, `&{"sys"."tem"}("id")`, true},
		{LangPerl, `s/x/"sys"."tem(q(id))"/ee`, true},
		{LangPerl, `main->can("sys"."tem")->("id")`, true},
		{LangRuby, `puts 1 + 2`, false},
		{LangRuby, "puts `id`", true},
		{LangRuby, `Kernel.send(:sys.to_s + "tem", "id")`, true},
		{LangRuby, `%x(id)`, true},
		{LangPHP, `echo 1;`, true},
		{LangMake, `x: ; id`, true},
		{LangOther, `anything`, false},
		{LangShell, `sudo id`, false},
	} {
		why := ForeignCodeRuns(tt.lang, tt.code, false)
		if (why != "") != tt.runs {
			t.Errorf("%s: %q: got %q, want runs=%v", langNames[tt.lang], tt.code, why, tt.runs)
		}
	}
	if why := ForeignCodeRuns(LangPython, "print(1)", true); !strings.Contains(why, "known only at run time") {
		t.Errorf("computed code: %q", why)
	}
}

// FuzzForeignCodeRuns: any text is read without a panic, in time linear
// in it.
func FuzzForeignCodeRuns(f *testing.F) {
	f.Add(uint8(LangJS), `require("x")[1]`)
	f.Add(uint8(LangPython), `__import__("os")`)
	f.Fuzz(func(t *testing.T, lang uint8, code string) {
		ForeignCodeRuns(Lang(lang%uint8(LangMake+1)), code, false)
	})
}
