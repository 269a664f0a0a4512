// Package cache places the kernel's files on disk: the directory of its
// caches (plugins, session modules) and the environment variables that
// carry them from the kernel process to its workers. It is apart from
// kernel/native, which builds and loads the plugins, so that the kernel
// process places a session's module without linking the interpreter.
package cache

import (
	"fmt"
	"os"
	"path/filepath"
)

// Environment variables that place a session's files.
const (
	// Env is the directory of the kernel's caches (default: coevo/kernel
	// under the user's cache directory, os.UserCacheDir).
	Env = "COEVO_KERNEL_CACHE"
	// ModuleEnv is the directory of a session's Go module: the kernel
	// gives each session one, which its workers share.
	ModuleEnv = "COEVO_WORKER_MODULE"
)

// Dir returns the directory of the kernel's caches: $COEVO_KERNEL_CACHE,
// or coevo/kernel under the user's cache directory.
func Dir() (string, error) {
	if d := os.Getenv(Env); d != "" {
		return filepath.Abs(d)
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("no cache directory for compiled code (set %s): %w", Env, err)
	}
	return filepath.Join(d, "coevo", "kernel"), nil
}
