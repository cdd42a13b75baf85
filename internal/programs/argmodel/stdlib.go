package argmodel

import "strings"

// stdlibModules are the top-level modules of Python's standard library:
// sys.stdlib_module_names of CPython 3.11 (a test compares it with the
// python3 of the machine it runs on), and the names later versions add.
var stdlibModules = words(strings.Fields(`
	__future__ _abc _aix_support _ast _asyncio _bisect _blake2 _bootsubprocess _bz2 _codecs
	_codecs_cn _codecs_hk _codecs_iso2022 _codecs_jp _codecs_kr _codecs_tw _collections
	_collections_abc _colorize _compat_pickle _compression _contextvars _crypt _csv _ctypes _curses
	_curses_panel _datetime _dbm _decimal _elementtree _frozen_importlib _frozen_importlib_external
	_functools _gdbm _hashlib _heapq _imp _io _json _locale _lsprof _lzma _markupbase _md5 _msi
	_multibytecodec _multiprocessing _opcode _operator _osx_support _overlapped _pickle _posixshmem
	_posixsubprocess _py_abc _pydecimal _pyio _pyrepl _queue _random _scproxy _sha1 _sha256 _sha3
	_sha512 _signal _sitebuiltins _socket _sqlite3 _sre _ssl _stat _statistics _string _strptime
	_struct _symtable _thread _threading_local _tkinter _tokenize _tracemalloc _typing _uuid
	_warnings _weakref _weakrefset _winapi _zoneinfo abc aifc annotationlib antigravity argparse
	array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii bisect builtins bz2
	cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections colorsys compileall
	compression concurrent configparser contextlib contextvars copy copyreg crypt csv ctypes curses
	dataclasses datetime dbm decimal difflib dis distutils doctest email encodings ensurepip enum
	errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc genericpath
	getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac html http idlelib imaplib
	imghdr imp importlib inspect io ipaddress itertools json keyword lib2to3 linecache locale
	logging lzma mailbox mailcap marshal math mimetypes mmap modulefinder msilib msvcrt
	multiprocessing netrc nis nntplib nt ntpath nturl2path numbers opcode operator optparse os
	ossaudiodev pathlib pdb pickle pickletools pipes pkgutil platform plistlib poplib posix
	posixpath pprint profile pstats pty pwd py_compile pyclbr pydoc pydoc_data pyexpat queue quopri
	random re readline reprlib resource rlcompleter runpy sched secrets select selectors shelve
	shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd sqlite3 sre_compile
	sre_constants sre_parse ssl stat statistics string stringprep struct subprocess sunau symtable
	sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios textwrap this threading time
	timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle turtledemo types
	typing unicodedata unittest urllib uu uuid venv warnings wave weakref webbrowser winreg
	winsound wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo
`)...)

// quietMains are the standard library modules whose main, run with
// python -m, only reads and prints, or writes what its words name, or
// runs the project's own tests and files as python would: each with its
// reason. Every other standard module's main is judged to run what the
// engine does not see (see stdlibMain).
var quietMains = map[string]string{
	"json":        "json.tool formats JSON",
	"base64":      "encodes and decodes",
	"calendar":    "prints a calendar",
	"platform":    "prints the platform",
	"sysconfig":   "prints the interpreter's configuration",
	"site":        "prints the module search path",
	"tabnanny":    "checks indentation of the files it names",
	"py_compile":  "compiles the files it names",
	"compileall":  "compiles the files under the directories it names",
	"tokenize":    "prints a file's tokens",
	"ast":         "prints a file's syntax tree",
	"dis":         "prints a file's bytecode",
	"pyclbr":      "lists a module's classes without running it",
	"symtable":    "prints a file's symbol tables",
	"filecmp":     "compares two directories",
	"uuid":        "prints a UUID",
	"random":      "prints random numbers",
	"this":        "prints the Zen of Python",
	"zipapp":      "packs a directory into an archive it names",
	"venv":        "makes a virtual environment where its words say",
	"ensurepip":   "installs the pip bundled with Python into the environment, as venv does",
	"unittest":    "runs the project's tests, as pytest does",
	"doctest":     "runs the examples in the files it names, as python would run them",
	"mimetypes":   "prints a file name's type",
	"quopri":      "encodes and decodes",
	"uu":          "encodes and decodes",
	"locale":      "prints the locale",
	"pickletools": "disassembles a pickle without loading it",
	"encodings":   "rot_13 rewrites its input",
}

// stdlibMain reports why python -m mod runs a standard library module's
// main that the engine does not model, or "": telnetlib, ftplib and
// smtplib connect and send their input, webbrowser runs a browser,
// wsgiref.simple_server serves the environment to the network. A module
// outside the standard library is a program installed on the machine,
// judged as one.
func stdlibMain(mod string) string {
	top, _, _ := strings.Cut(mod, ".")
	if !stdlibModules[top] || quietMains[top] != "" || quietMains[mod] != "" {
		return ""
	}
	return "python -m " + mod + " runs a standard library module's main that the engine does not model: it may open connections, serve, or start programs"
}
