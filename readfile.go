package permengine

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"syscall"
)

// ErrNotRegular is the sentinel of a path that names something other than a
// regular file: a directory, a named pipe (FIFO), a device or a socket.
// Reading one could block forever (a FIFO with no writer) or never end
// (/dev/zero), so it is refused before any byte is read.
var ErrNotRegular = errors.New("not a regular file")

// ReadFileBounded reads the regular file at path, refusing anything else
// and any file over limit bytes. It never blocks on a named pipe and never
// reads more than limit+1 bytes, whatever the file claims its size is.
// Errors name the file and, for the bound, its size in human units
// ("over the 1 MiB limit"); they wrap ErrNotRegular or ErrTooLarge, and a
// missing file's error wraps fs.ErrNotExist.
func ReadFileBounded(path string, limit int64) ([]byte, error) {
	fh, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer fh.Close()
	fi, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > limit {
		return nil, tooLarge(path, limit)
	}
	data, err := io.ReadAll(io.LimitReader(fh, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		// The file grew while it was read.
		return nil, tooLarge(path, limit)
	}
	return data, nil
}

// openRegular opens path for reading and checks that what was opened is a
// regular file. The open does not wait for a writer on a named pipe
// (O_NONBLOCK), and the check is on the opened file, so a file swapped
// between a check and the open cannot slip through.
func openRegular(path string) (*os.File, error) {
	fh, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	fi, err := fh.Stat()
	if err != nil {
		fh.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		fh.Close()
		return nil, fmt.Errorf("%s: %w (it is %s); give the path of a file", path, ErrNotRegular, kindOf(fi.Mode()))
	}
	return fh, nil
}

// kindOf names the kind of a file that is not regular, for errors.
func kindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

func tooLarge(path string, limit int64) error {
	return fmt.Errorf("%s: %w: over the %s limit", path, ErrTooLarge, HumanBytes(limit))
}

// HumanBytes renders a size in the largest binary unit that divides it
// exactly: 1048576 is "1 MiB", 65536 is "64 KiB", 1000 is "1000 bytes".
func HumanBytes(n int64) string {
	const kib, mib, gib = 1 << 10, 1 << 20, 1 << 30
	switch {
	case n >= gib && n%gib == 0:
		return fmt.Sprintf("%d GiB", n/gib)
	case n >= mib && n%mib == 0:
		return fmt.Sprintf("%d MiB", n/mib)
	case n >= kib && n%kib == 0:
		return fmt.Sprintf("%d KiB", n/kib)
	case n == 1:
		return "1 byte"
	}
	return fmt.Sprintf("%d bytes", n)
}
