module github.com/permengine/permengine

go 1.26.0

require (
	github.com/gobwas/glob v1.1.0
	github.com/stretchr/testify v1.12.1
	mvdan.cc/sh/v3 v3.14.1
)

require go.yaml.in/yaml/v3 v3.0.5 // indirect
