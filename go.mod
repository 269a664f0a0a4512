module github.com/coevolab/coevo

go 1.26.8

require (
	github.com/chromedp/cdproto v0.0.0-20250724212937-08a3db8b4327
	github.com/chromedp/chromedp v0.14.2
	github.com/go-gota/gota v0.12.0
	github.com/go-zeromq/zmq4 v0.17.0
	github.com/goplus/ixgo v1.1.1
	github.com/goplus/reflectx v1.7.2
	github.com/vdobler/chart v1.0.0
	golang.org/x/image v0.30.0
	golang.org/x/sys v0.41.0
	golang.org/x/tools v0.41.0
	gonum.org/v1/gonum v0.17.0
	gonum.org/v1/plot v0.17.0
)

require (
	codeberg.org/go-fonts/liberation v0.5.0 // indirect
	codeberg.org/go-latex/latex v0.2.0 // indirect
	codeberg.org/go-pdf/fpdf v0.11.1 // indirect
	git.sr.ht/~sbinet/gg v0.7.0 // indirect
	github.com/ajstarks/svgo v0.0.0-20211024235047-1546f124cd8b // indirect
	github.com/chromedp/sysutil v1.1.0 // indirect
	github.com/go-json-experiment/json v0.0.0-20250725192818-e39067aee2d2 // indirect
	github.com/go-zeromq/goczmq/v4 v4.2.2 // indirect
	github.com/gobwas/httphead v0.1.0 // indirect
	github.com/gobwas/pool v0.2.1 // indirect
	github.com/gobwas/ws v1.4.0 // indirect
	github.com/golang/freetype v0.0.0-20170609003504-e2365dfdc4a0 // indirect
	github.com/timandy/routine v1.1.6 // indirect
	github.com/visualfc/funcval v0.1.5 // indirect
	github.com/visualfc/gid v0.3.1 // indirect
	github.com/visualfc/goembed v0.3.4 // indirect
	github.com/visualfc/xtype v0.3.2 // indirect
	golang.org/x/mod v0.32.0 // indirect
	golang.org/x/net v0.50.0 // indirect
	golang.org/x/sync v0.19.0 // indirect
	golang.org/x/text v0.34.0 // indirect
)
