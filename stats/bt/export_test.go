package bt

// SetFastRows turns the fast path of the CSV readers on or off, for the
// tests that check it against the general path.
func SetFastRows(on bool) (was bool) {
	was, fastRows = fastRows, on
	return was
}
