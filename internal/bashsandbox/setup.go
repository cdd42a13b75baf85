package bashsandbox

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// The setup step runs inside "unshare --mount --net --map-root-user": it is
// the test binary itself, started again with these variables set, so that
// preparing the private mount namespace costs no program start but its
// own.
const (
	setupDirEnv  = "BASHSANDBOX_SETUP_DIR"
	setupModeEnv = "BASHSANDBOX_SETUP_MODE"
)

// progDirs are the directories of programs whose files the sandbox
// replaces.
var progDirs = []string{"/usr/bin", "/usr/sbin", "/usr/local/bin"}

// MaybeSetup must be called first thing in TestMain of every test binary
// that runs a Kit. In the sandbox's setup step it prepares the mount
// namespace and replaces the process with bash, never returning; anywhere
// else it returns at once.
func MaybeSetup() {
	dir := os.Getenv(setupDirEnv)
	if dir == "" {
		return
	}
	err := setup(dir, os.Getenv(setupModeEnv))
	fmt.Fprintln(os.Stderr, "bashsandbox setup:", err)
	os.Exit(125)
}

// setup prepares the namespace: everything private; the sandbox directory
// writable and also at /srv; in Stubs mode each stub mounted over the
// real program of its name, in Record mode the recorder's directory over
// every directory of programs; then the whole file system read-only but
// the sandbox directory. Then it runs the command with bash in an empty
// environment (like env -i) from the project directory.
func setup(top, mode string) error {
	if err := syscall.Mount("", "/", "", syscall.MS_REC|syscall.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making / private: %w", err)
	}
	if err := bind(top, top); err != nil {
		return err
	}
	if err := bind(filepath.Join(top, "rec"), "/srv"); err != nil {
		return err
	}
	if err := mountPrograms(mode); err != nil {
		return err
	}
	if err := readOnlyRoot(); err != nil {
		return err
	}
	project := filepath.Join(top, "project")
	if err := syscall.Chdir(project); err != nil {
		return err
	}
	cmd, err := os.ReadFile("/srv/cmd")
	if err != nil {
		return err
	}
	if mode == Record.String() {
		prelude, err := os.ReadFile("/srv/prelude.sh")
		if err != nil {
			return err
		}
		script := string(prelude) + "\n" + string(cmd)
		return syscall.Exec("/srv/bash", []string{"bash", "--noprofile", "--norc", "-c", script}, []string{"PWD=" + project, "TMPDIR=" + filepath.Join(top, "tmp")})
	}
	// npm's update check would wait on the network that is not there.
	env := []string{"PATH=/srv/stubs:/usr/local/bin:/usr/bin:/bin", "HOME=" + project, "LANG=C.UTF-8",
		"TERM=xterm", "TMPDIR=" + filepath.Join(top, "tmp"), "PWD=" + project,
		"NO_UPDATE_NOTIFIER=1", "npm_config_update_notifier=false"}
	argv := []string{"bash", "--noprofile", "--norc", "-c", string(cmd)}
	if os.Getenv(setupNetEnv) != "" {
		return runListening(argv, env)
	}
	return syscall.Exec(Bash, argv, env)
}

func bind(src, dst string) error {
	if err := syscall.Mount(src, dst, "", syscall.MS_BIND, ""); err != nil {
		return fmt.Errorf("binding %s on %s: %w", src, dst, err)
	}
	return nil
}

// mountPrograms replaces programs: the stubs laid over every directory of
// programs, so that each hides the real program of its name and is there
// even where no real one is (Stubs), or the recorder's directory over
// every directory of programs (Record).
func mountPrograms(mode string) error {
	if mode == Record.String() {
		for _, d := range progDirs {
			if err := bind("/srv/fakebin", d); err != nil {
				return err
			}
		}
		return nil
	}
	for _, d := range progDirs {
		opts := "lowerdir=/srv/stubs:" + d
		if err := syscall.Mount("overlay", d, "overlay", 0, opts); err != nil {
			return fmt.Errorf("laying the stubs over %s: %w", d, err)
		}
	}
	return nil
}

// readOnlyRoot remounts / read-only, keeping the flags the kernel locks
// in a user namespace.
func readOnlyRoot() error {
	var st syscall.Statfs_t
	if err := syscall.Statfs("/", &st); err != nil {
		return err
	}
	flags := uintptr(syscall.MS_REMOUNT | syscall.MS_BIND | syscall.MS_RDONLY)
	for _, m := range []struct{ st, ms uintptr }{
		{0x2, syscall.MS_NOSUID}, {0x4, syscall.MS_NODEV}, {0x8, syscall.MS_NOEXEC},
		{0x400, syscall.MS_NOATIME}, {0x800, syscall.MS_NODIRATIME}, {0x1000, syscall.MS_RELATIME},
	} {
		if uintptr(st.Flags)&m.st != 0 {
			flags |= m.ms
		}
	}
	if err := syscall.Mount("", "/", "", flags, ""); err != nil {
		return fmt.Errorf("remounting / read-only: %w", err)
	}
	return nil
}
