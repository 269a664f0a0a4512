package kernel

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
)

// Spec is a kernelspec (kernel.json).
type Spec struct {
	Argv          []string          `json:"argv"`
	DisplayName   string            `json:"display_name"`
	Language      string            `json:"language"`
	InterruptMode string            `json:"interrupt_mode"`
	Env           map[string]string `json:"env,omitempty"`
	Metadata      map[string]any    `json:"metadata"`
}

// Launcher is the program (cmd/coevo-kernel) that binds a kernel's ports
// and then becomes "coevo kernel run" (see ListenersEnv), so that clients
// that connect while coevo starts wait instead of being refused.
const Launcher = "coevo-kernel"

// NewSpec describes the kernel started as "binary kernel run FILE", through
// the Launcher if there is one next to binary (make build builds both).
func NewSpec(binary string) Spec {
	argv := []string{binary, "kernel", "run", "{connection_file}"}
	launcher := filepath.Join(filepath.Dir(binary), Launcher)
	if fi, err := os.Stat(launcher); err == nil && fi.Mode().IsRegular() && fi.Mode().Perm()&0o111 != 0 {
		argv = []string{launcher, "--coevo", binary, "{connection_file}"}
	}
	return Spec{
		Argv:          argv,
		DisplayName:   "Go (coevo)",
		Language:      "go",
		InterruptMode: "message",
		Metadata:      map[string]any{"debugger": false},
	}
}

// KernelsDir returns where Jupyter looks for kernelspecs: under prefix
// (share/jupyter/kernels) when prefix is set, else the user's data
// directory ($JUPYTER_DATA_DIR, or ~/.local/share/jupyter).
func KernelsDir(prefix string) (string, error) {
	if prefix != "" {
		return filepath.Join(prefix, "share", "jupyter", "kernels"), nil
	}
	if d := os.Getenv("JUPYTER_DATA_DIR"); d != "" {
		return filepath.Join(d, "kernels"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(home, ".local", "share", "jupyter", "kernels"), nil
}

var kernelName = regexp.MustCompile(`^[a-zA-Z0-9._-]+$`)

// CheckName reports whether name is a kernelspec name Jupyter accepts:
// letters, digits, '.', '_' and '-', and not "." or "..".
func CheckName(name string) error {
	if !kernelName.MatchString(name) || name == "." || name == ".." {
		return fmt.Errorf("%q is not a kernel name: use letters, digits, '.', '_' and '-' (and not . or ..)", name)
	}
	return nil
}

// Install writes the kernelspec directory dir/name (kernel.json and
// logos) through a temporary directory, replacing an older one.
func Install(dir, name string, spec Spec) (string, error) {
	if err := CheckName(name); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, "."+name+"-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	b, err := json.MarshalIndent(spec, "", "  ")
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(filepath.Join(tmp, "kernel.json"), append(b, '\n'), 0o644); err != nil {
		return "", err
	}
	for _, size := range []int{32, 64} {
		if err := os.WriteFile(filepath.Join(tmp, fmt.Sprintf("logo-%dx%d.png", size, size)), logo(size), 0o644); err != nil {
			return "", err
		}
	}
	if err := os.Chmod(tmp, 0o755); err != nil {
		return "", err
	}
	final := filepath.Join(dir, name)
	if err := os.RemoveAll(final); err != nil {
		return "", err
	}
	if err := os.Rename(tmp, final); err != nil {
		return "", err
	}
	return final, nil
}

// logo draws a size x size PNG: a Go-blue disc with a P-position dot.
func logo(size int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, size, size))
	c := float64(size) / 2
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			dx, dy := float64(x)-c+0.5, float64(y)-c+0.5
			switch d := dx*dx + dy*dy; {
			case d < c*c/9:
				img.Set(x, y, color.RGBA{255, 255, 255, 255})
			case d < c*c:
				img.Set(x, y, color.RGBA{0, 173, 216, 255})
			}
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}
