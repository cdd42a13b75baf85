// Package hostdirs is the table of the host's system directories: the
// ones whose files every user's programs read as configuration or run, so
// that a write there changes what later commands do, and the ones a
// container that mounts them gets the host through. It is one table so
// that the two checks never disagree about a directory.
package hostdirs

import "strings"

// A Dir is a system directory of the host.
type Dir struct {
	Path string // absolute, without a trailing '/'
	// Written: programs read its files as configuration or run them, so
	// a command that writes one is not approved (reading /etc/os-release
	// is everyday). Every directory of the table is one a mount must not
	// hand a container.
	Written bool
	Why     string
}

// Dirs is the table, a reason on every row.
var Dirs = []Dir{
	{"/etc", true, "the system's configuration, twin of a home's protected files (/etc/gitconfig, /etc/profile.d/, /etc/ld.so.preload)"},
	{"/private/etc", true, "macOS's /etc"},
	{"/bin", true, "the system's programs"},
	{"/sbin", true, "the system's programs"},
	{"/lib", true, "libraries"},
	{"/lib64", true, "libraries and the dynamic loader"},
	{"/var/spool/cron", true, "the tables cron runs commands from (what crontab writes)"},
	{"/var/spool/at", true, "the jobs atd runs (what at writes)"},
	{"/var/spool/anacron", true, "anacron's record of what it ran, which decides what it runs next"},
	{"/var/spool/incron", true, "the tables incrond runs commands from"},
	{"/usr", true, "the system's programs and libraries, and what every user's programs read or run from there: " +
		"/usr/local/bin and /usr/local/go/bin before /usr/bin on PATH, /usr/local/share/perl before perl's own modules, " +
		"/usr/share/bash-completion, git's hook templates, vim's and emacs's start-up files, gdb's auto-load scripts, /usr/etc's configuration"},
	{"/go/bin", true, "programs found first on PATH in Go's container images (GOPATH=/go)"},
	{"/root", false, "the administrator's home"},
	{"/proc", true, "the host's processes: a write reaches another process's memory (/proc/PID/mem) or input (/proc/PID/fd/0), or the kernel's settings (/proc/sys/kernel/core_pattern runs a program at every crash)"},
	{"/sys", true, "the host's kernel and devices (/sys/kernel/uevent_helper runs a program at every device event)"},
	{"/dev", false, "the host's devices"},
	{"/boot", false, "the host's kernel and boot loader"},
	{"/run", false, "the host's sockets (docker's, systemd's) and run-time state"},
	{"/var/run", false, "the host's sockets, as /run"},
	{"/var/lib", true, "the host's services' state (docker's images and volumes), and files programs run: " +
		"dpkg's maintainer scripts, the users systemd starts services for at boot (linger), vim's system add-ons"},
	{"/opt", true, "programs installed outside the package manager, some on PATH (/opt/conda/bin) or loaded by others (its site-packages)"},
	{"/srv", false, "the host's served data"},
}

// under reports p, a clean absolute path, is d or inside it.
func under(p, d string) bool {
	return p == d || len(p) > len(d) && p[len(d)] == '/' && strings.HasPrefix(p, d)
}

// Written reports a path under a directory whose files programs read or
// run (see Dir.Written), or one of those directories itself (cp x /etc
// writes /etc/x).
func Written(p string) bool {
	for _, d := range Dirs {
		if d.Written && under(p, d.Path) {
			return true
		}
	}
	return false
}

// Mounted reports a clean absolute path that is, is inside, or holds a
// directory of the table: mounted in a container, it gives the container
// the host (-v /var:/h reaches /var/spool/cron). So does a directory of
// disks (/mnt, /media), a disk there (/mnt/c) or, on WSL, a Windows
// drive's users and their homes (/mnt/c/Users/me); a project deeper
// there (/mnt/c/Users/me/proj) is no such place.
func Mounted(p string) bool {
	for _, d := range Dirs {
		if under(p, d.Path) || under(d.Path, p) {
			return true
		}
	}
	for _, root := range []string{"/mnt", "/media"} {
		if rest, ok := strings.CutPrefix(p, root); ok && (rest == "" || rest[0] == '/') {
			parts := strings.Split(strings.Trim(rest, "/"), "/")
			switch {
			case rest == "" || len(parts) == 1:
				return true // the disks, or one disk
			case len(parts) <= 3 && strings.EqualFold(parts[1], "Users"):
				return true // a Windows drive's users, or one user's home
			case len(parts) == 2 && strings.EqualFold(parts[1], "Windows"):
				return true // Windows itself
			}
		}
	}
	return false
}

// Holds reports a clean absolute path under which a tree of files may
// land in a Written directory: one of them, a path inside one, or an
// ancestor of one (/, /usr, /usr/local: pip install --prefix /usr writes
// /usr/bin and /usr/lib).
func Holds(p string) bool {
	if p == "/" {
		return true
	}
	for _, d := range Dirs {
		if d.Written && (under(p, d.Path) || under(d.Path, p)) {
			return true
		}
	}
	return false
}
