// Package selfexec lets a command's test binary play the command, so that
// its tests run main in a process of its own (exit status, stdout and
// stderr as a user sees them) without building the command first.
//
// In the command's main_test.go:
//
//	func TestMain(m *testing.M) { selfexec.Main(m, "COEVO_KERNEL_TEST_MAIN", main) }
//
// and a test runs the command with selfexec.Run(t, "COEVO_KERNEL_TEST_MAIN", args...).
package selfexec
