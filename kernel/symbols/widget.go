package symbols

// The interactive widgets (kernel/widget) are bound apart from the other
// packages, so that their line below stays one of its own.
//go:generate go run github.com/traefik/yaegi/cmd/yaegi extract github.com/coevolab/coevo/kernel/widget
