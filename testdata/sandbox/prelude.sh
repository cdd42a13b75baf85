# Run by the oracle's bash before the command, in the same shell. Every
# name bash cannot find is recorded in /srv/calls.log the way the recorder
# records (the name, then the arguments). Before every simple command, the
# DEBUG trap records "debug" and the command's text as bash shows it, so
# that builtins are seen too.
PATH=/usr/bin:/bin
HOME=$PWD
command_not_found_handle() {
  local r=$1 a
  shift
  for a in "$@"; do r+=$'\037'$a; done
  printf '%s\036' "$r" >>/srv/calls.log
  return 127
}
__oracle_debug() {
  [[ ${FUNCNAME[1]-} == command_not_found_handle ]] && return 0
  printf 'debug\037%s\036' "$BASH_COMMAND" >>/srv/calls.log
}
set -T
trap __oracle_debug DEBUG
