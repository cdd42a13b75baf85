package argmodel

import (
	"os/exec"
	"strings"
	"testing"
)

// The table of the standard library's modules holds every one the
// machine's python3 names: a module missing from it would have its main
// run unjudged.
func TestStdlibModulesAreThePythons(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on this machine")
	}
	out, err := exec.Command(py, "-c", "import sys; print(' '.join(sys.stdlib_module_names))").Output()
	if err != nil {
		t.Skipf("python3 without sys.stdlib_module_names (before 3.10): %v", err)
	}
	names := strings.Fields(string(out))
	for _, n := range names {
		if !stdlibModules[n] {
			t.Errorf("%s: a standard library module the table lacks", n)
		}
	}
	if len(names) < 200 {
		t.Fatalf("python3 named %d modules", len(names))
	}
}

// A standard library module's main is judged unless the table of quiet
// ones gives a reason; modules outside the library are programs.
func TestStdlibMain(t *testing.T) {
	for mod, want := range map[string]bool{
		"telnetlib": true, "webbrowser": true, "wsgiref.simple_server": true, "smtplib": true, "ftplib": true,
		"antigravity": true, "json.tool": false, "unittest": false, "venv": false, "pytest": false, "black": false,
	} {
		if got := stdlibMain(mod) != ""; got != want {
			t.Errorf("%s: judged %v, want %v", mod, got, want)
		}
	}
	for mod, why := range quietMains {
		if !stdlibModules[mod] || why == "" {
			t.Errorf("quiet main %s: not a standard module, or no reason", mod)
		}
	}
}
