package permengine

import (
	"errors"
	"os"
	"path/filepath"

	"github.com/permengine/permengine/internal/paths"
)

// GlobalPolicyEnv names the environment variable that overrides where the
// user's own policy file is.
const GlobalPolicyEnv = "PERMENGINE_GLOBAL"

// GlobalPolicyPath returns the user's own permissions.json, the layer below
// every project's: $PERMENGINE_GLOBAL when set, else
// $XDG_CONFIG_HOME/permengine/permissions.json, else
// ~/.config/permengine/permissions.json. A relative XDG_CONFIG_HOME is
// ignored, as the XDG base directory specification says. The file may be
// absent (LoadLayers reads a missing file as an empty policy); the error
// is for a home directory that cannot be found.
func GlobalPolicyPath() (string, error) {
	if p := os.Getenv(GlobalPolicyEnv); p != "" {
		return p, nil
	}
	if dir := os.Getenv("XDG_CONFIG_HOME"); filepath.IsAbs(dir) {
		return filepath.Join(dir, "permengine", paths.PolicyFileName), nil
	}
	home, err := os.UserHomeDir()
	if err != nil || !filepath.IsAbs(home) {
		return "", errors.New("permengine: no home directory for the global policy; set " + GlobalPolicyEnv)
	}
	return filepath.Join(home, ".config", "permengine", paths.PolicyFileName), nil
}
