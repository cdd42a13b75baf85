module github.com/permengine/permengine

go 1.26.0

require (
	github.com/fsnotify/fsnotify v1.10.1
	github.com/gobwas/glob v1.1.0
	github.com/rogpeppe/go-internal v1.16.0
	github.com/stretchr/testify v1.12.1
	go.uber.org/goleak v1.3.0
	mvdan.cc/sh/v3 v3.14.1
)

require (
	go.yaml.in/yaml/v3 v3.0.5 // indirect
	golang.org/x/sys v0.47.0 // indirect
	golang.org/x/tools v0.38.0 // indirect
)
