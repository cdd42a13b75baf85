# Run by the oracle's bash before the command, in the same shell. Every
# name bash cannot find is recorded in /srv/calls.log like the recorder
# does (the name, then the arguments: NUL-separated fields, the record
# ended by RS, octal 036). Before every simple command, the DEBUG trap
# records "debug" and the command's text as bash shows it, so that
# builtins are seen too.
PATH=/usr/bin:/bin
HOME=$PWD
command_not_found_handle() {
  { printf '%s' "$1"; shift; printf '\0%s' "$@"; printf '\036'; } >>/srv/calls.log
  return 127
}
__oracle_debug() {
  [[ ${FUNCNAME[1]-} == command_not_found_handle ]] && return 0
  { printf 'debug\0%s' "$BASH_COMMAND"; printf '\036'; } >>/srv/calls.log
}
set -T
trap __oracle_debug DEBUG
