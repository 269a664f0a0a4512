module github.com/coevolab/coevo

go 1.26.8

require github.com/go-gota/gota v0.12.0 // indirect
