package native

// Modules returns the modules added to the session's module with Get, by
// path, with their versions.
func (b *Builder) Modules() map[string]string { return b.requires() }
