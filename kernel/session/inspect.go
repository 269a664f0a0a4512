package session

import (
	"context"
	"fmt"
	"os/exec"
	"reflect"
	"strings"
	"time"
)

// Inspect describes the name around byte offset pos of code: its type
// and value, and for a bound package member its documentation ("go doc",
// where the Go toolchain is installed). found is false for an unknown
// name.
func (s *Session) Inspect(code string, pos int) (text string, found bool) {
	pos = min(max(pos, 0), len(code))
	start, end := pos, pos
	isName := func(c byte) bool { return c == '.' || isIdent(c) }
	for start > 0 && isName(code[start-1]) {
		start--
	}
	for end < len(code) && isName(code[end]) {
		end++
	}
	name := strings.Trim(code[start:end], ".")
	v, ok := s.Lookup(name)
	if !ok {
		return "", false
	}
	text = fmt.Sprintf("%s: %s", name, describe(v))
	if doc := s.goDoc(name); doc != "" {
		text += "\n\n" + doc
	}
	return text, true
}

func describe(v reflect.Value) string {
	if !v.IsValid() {
		return "invalid"
	}
	t := v.Type()
	if t.Kind() == reflect.Ptr && v.Elem().IsValid() && v.Elem().Kind() == reflect.Struct && t.Elem().Name() == "" {
		return t.String()
	}
	if v.Kind() == reflect.Func {
		return t.String()
	}
	if v.CanInterface() {
		return fmt.Sprintf("%s = %+v", t, v.Interface())
	}
	return t.String()
}

// goDoc returns "go doc" for a bound symbol "pkg.Name" when the Go
// toolchain is at hand, else "".
func (s *Session) goDoc(name string) string {
	pkg, sym, ok := strings.Cut(name, ".")
	if !ok {
		return ""
	}
	path := ""
	for key, syms := range s.symbols {
		if _, has := syms[sym]; has && pkgName(key) == pkg {
			path = importPath(key)
		}
	}
	if path == "" {
		return ""
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "go", "doc", path+"."+sym).Output()
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}
