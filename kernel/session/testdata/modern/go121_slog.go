// Go 1.21: log/slog with a text handler (time left out for a stable output).
package main

import (
	"log/slog"
	"os"
)

func main() {
	h := slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		Level: slog.LevelDebug,
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey && len(groups) == 0 {
				return slog.Attr{}
			}
			return a
		},
	})
	log := slog.New(h)
	log.Info("start", "games", 3, "solver", "grundy")
	log.Debug("detail", slog.Int("n", 7))
	log.With("run", 2).Warn("slow", "ms", 12.5)
	log.WithGroup("cfg").Error("bad", "key", "x")
}
