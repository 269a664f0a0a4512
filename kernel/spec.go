package kernel

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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

// The kernel's programs, found next to the coevo binary: make build builds
// all three into bin/, go install ./cmd/... into $GOBIN.
const (
	// KernelBinary (cmd/coevo-kernel) is the kernel process the kernelspec
	// starts: this package and its sockets, no interpreter, so that it
	// listens within milliseconds. "coevo kernel run" is the same kernel.
	KernelBinary = "coevo-kernel"
	// WorkerBinary (cmd/coevo-worker) runs the cells: the kernel process
	// starts it (WorkerPath). It alone links the interpreter and its
	// bindings, so that coevo and the kernel process start small and fast.
	WorkerBinary = "coevo-worker"
)

// WorkerPath returns the worker binary next to the binary bin (coevo or
// coevo-kernel), or an error that names the file it looked for and how to
// build it.
func WorkerPath(bin string) (string, error) {
	w := filepath.Join(filepath.Dir(bin), WorkerBinary)
	if err := executableFile(w); err != nil {
		return w, fmt.Errorf("the kernel's worker binary %s is missing (%v): it runs the cells; make build builds it next to coevo, go install ./cmd/... installs it with coevo", w, err)
	}
	return w, nil
}

func executableFile(path string) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return errors.New("no such file")
	}
	if err == nil && (!fi.Mode().IsRegular() || fi.Mode().Perm()&0o111 == 0) {
		err = errors.New("not an executable file")
	}
	return err
}

// NewSpec describes the kernel of the coevo binary: KernelBinary, if it is
// next to binary, else "binary kernel run".
func NewSpec(binary string) Spec {
	argv := []string{binary, "kernel", "run", "{connection_file}"}
	if k := filepath.Join(filepath.Dir(binary), KernelBinary); executableFile(k) == nil {
		argv = []string{k, "{connection_file}"}
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
// logos) through a temporary directory, replacing an older one. Its
// errors name the kernelspec's files, never the temporary directory.
func Install(dir, name string, spec Spec) (string, error) {
	if err := CheckName(name); err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	final := filepath.Join(dir, name)
	tmp, err := os.MkdirTemp(dir, "."+name+"-")
	if err != nil {
		return "", &fs.PathError{Op: "mkdir", Path: final, Err: underlying(err)}
	}
	defer os.RemoveAll(tmp)
	where, err := install(tmp, final, spec)
	if err != nil {
		// Say the kernelspec's name for the temporary directory.
		var pe *fs.PathError
		if errors.As(err, &pe) && strings.HasPrefix(pe.Path, tmp) {
			err = &fs.PathError{Op: pe.Op, Path: final + strings.TrimPrefix(pe.Path, tmp), Err: pe.Err}
		}
		var le *os.LinkError
		if errors.As(err, &le) {
			err = &fs.PathError{Op: le.Op, Path: final, Err: le.Err}
		}
	}
	return where, err
}

// underlying is the system's error inside err.
func underlying(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// install fills tmp with the kernelspec and moves it to final.
func install(tmp, final string, spec Spec) (string, error) {
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
