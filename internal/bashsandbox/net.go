package bashsandbox

import (
	"encoding/binary"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"sync"
	"syscall"
	"time"
	"unsafe"
)

// The network a run may reach when its effect is a connection: the
// namespace's loopback, brought up, with listeners on these ports of
// 127.0.0.1 that record every connection (TCP) and datagram (UDP) in
// rec/net.log as "tcp PORT" or "udp PORT". Nothing else is reachable.
var (
	listenTCP = []int{80, 9999}
	listenUDP = []int{53, 9999}
)

// setupNetEnv asks the setup step for the listeners.
const setupNetEnv = "BASHSANDBOX_SETUP_NET"

// netLog is where the listeners record, inside the namespace.
const netLog = "/srv/net.log"

// listened reports whether the sandbox listens on proto/port.
func listened(proto string, port int) bool {
	ports := listenTCP
	if proto == "udp" {
		ports = listenUDP
	}
	for _, p := range ports {
		if p == port {
			return true
		}
	}
	return false
}

// runListening runs bash as a child, rather than in place of the setup
// step, so that the listeners live while it runs; it exits with bash's
// status. Connections made as bash ends are accepted during a short
// grace period.
func runListening(argv, env []string) error {
	if err := loopbackUp(); err != nil {
		return fmt.Errorf("bringing up the loopback: %w", err)
	}
	rec, err := listen(netLog)
	if err != nil {
		return err
	}
	// bash dies with the thread that started it (Pdeathsig), which
	// this goroutine keeps: unshare --kill-child kills the setup step.
	runtime.LockOSThread()
	cmd := exec.Command(Bash, argv[1:]...)
	cmd.Env = env
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	err = cmd.Run()
	time.Sleep(200 * time.Millisecond)
	rec.stop()
	var ee *exec.ExitError
	switch {
	case err == nil:
		os.Exit(0)
	case errors.As(err, &ee):
		os.Exit(ee.ExitCode())
	}
	return err
}

// recorder is the listeners' log.
type recorder struct {
	mu     sync.Mutex
	f      *os.File
	closed []func() error
}

func (r *recorder) note(line string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	_, _ = r.f.WriteString(line + "\n")
}

func (r *recorder) stop() {
	for _, c := range r.closed {
		_ = c()
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	_ = r.f.Close()
}

// listen starts the listeners.
func listen(log string) (*recorder, error) {
	f, err := os.OpenFile(log, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return nil, err
	}
	r := &recorder{f: f}
	for _, p := range listenTCP {
		ln, err := net.Listen("tcp", "127.0.0.1:"+strconv.Itoa(p))
		if err != nil {
			r.stop()
			return nil, err
		}
		r.closed = append(r.closed, ln.Close)
		go func() {
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				r.note("tcp " + strconv.Itoa(p))
				go func() {
					// Read what is sent, so that the sender is not held,
					// and close within a second: a reader waits for that.
					_ = c.SetDeadline(time.Now().Add(time.Second))
					buf := make([]byte, 4096)
					for {
						if _, err := c.Read(buf); err != nil {
							break
						}
					}
					_ = c.Close()
				}()
			}
		}()
	}
	for _, p := range listenUDP {
		pc, err := net.ListenPacket("udp", "127.0.0.1:"+strconv.Itoa(p))
		if err != nil {
			r.stop()
			return nil, err
		}
		r.closed = append(r.closed, pc.Close)
		go func() {
			buf := make([]byte, 4096)
			for {
				if _, _, err := pc.ReadFrom(buf); err != nil {
					return
				}
				r.note("udp " + strconv.Itoa(p))
			}
		}()
	}
	return r, nil
}

// loopbackUp sets the loopback interface of the namespace up (it starts
// down): SIOCGIFFLAGS, then SIOCSIFFLAGS with IFF_UP, on a struct ifreq
// (the name, then the flags as a short at offset 16).
func loopbackUp() error {
	fd, err := syscall.Socket(syscall.AF_INET, syscall.SOCK_DGRAM, 0)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	var ifr [40]byte
	copy(ifr[:], "lo")
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCGIFFLAGS, uintptr(unsafe.Pointer(&ifr[0]))); e != 0 {
		return e
	}
	flags := binary.NativeEndian.Uint16(ifr[16:]) | syscall.IFF_UP | syscall.IFF_RUNNING
	binary.NativeEndian.PutUint16(ifr[16:], flags)
	if _, _, e := syscall.Syscall(syscall.SYS_IOCTL, uintptr(fd), syscall.SIOCSIFFLAGS, uintptr(unsafe.Pointer(&ifr[0]))); e != 0 {
		return e
	}
	return nil
}
