package watch_test

import "github.com/fsnotify/fsnotify"

var fsnotifyOverflow = fsnotify.ErrEventOverflow
