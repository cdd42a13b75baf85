// Package pathtext joins slash-separated path text the way package path
// does, with one allocation where path.Join makes two: the engine joins a
// command's words to its working directories many times per decision.
package pathtext

import "path"

// Join returns path.Join(dir, name), always. When dir is a clean absolute
// path and name a relative one whose components are plain names (after
// any leading "./"), the result is their concatenation, built once.
func Join(dir, name string) string {
	for len(name) > 2 && name[0] == '.' && name[1] == '/' && name[2] != '/' {
		name = name[2:]
	}
	if !cleanAbs(dir) || !plainRel(name) {
		return path.Join(dir, name)
	}
	if dir == "/" {
		return "/" + name
	}
	return dir + "/" + name
}

// CleanAbs reports whether p is an absolute path that path.Clean leaves
// as it is, without building the clean path.
func CleanAbs(p string) bool { return cleanAbs(p) }

// cleanAbs reports whether p is an absolute path that path.Clean leaves
// as it is.
func cleanAbs(p string) bool {
	if p == "" || p[0] != '/' {
		return false
	}
	if p == "/" {
		return true
	}
	return p[len(p)-1] != '/' && plainRel(p[1:])
}

// plainRel reports whether p is a non-empty relative path of components
// that are neither empty nor "." nor "..".
func plainRel(p string) bool {
	if p == "" || p[0] == '/' {
		return false
	}
	start := 0
	for i := 0; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		switch c := p[start:i]; c {
		case "", ".", "..":
			return false
		}
		start = i + 1
	}
	return true
}
