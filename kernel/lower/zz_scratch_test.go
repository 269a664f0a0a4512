package lower

import (
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/coevolab/coevo/kernel/gostd"
)

type testEnv struct{}

func (testEnv) Bindings(p string) (string, map[string]reflect.Value, bool) {
	for k, v := range gostd.Symbols {
		if k == "." {
			continue
		}
		i := strings.LastIndex(k, "/")
		if k[:i] == p {
			return k[i+1:], v, true
		}
	}
	if p == BuiltinPath {
		return "builtin", Builtins[BuiltinPath+"/builtin"], true
	}
	return "", nil, false
}
func (testEnv) Source(string) (string, []string, bool) { return "", nil, false }

func TestZZLower(t *testing.T) {
	m := NewModel(NewUniverse(testEnv{}))
	data, _ := os.ReadFile(os.Getenv("SCRATCH"))
	for _, g := range strings.Split(string(data), "\n----\n") {
		decls := strings.HasPrefix(g, "D\n")
		g = strings.TrimPrefix(strings.TrimPrefix(g, "D\n"), "S\n")
		tx := m.Begin()
		u, err := tx.Lower(Group{Cell: "In[1]", Text: g, Line: 1, Col: 1, Decls: decls})
		if err != nil {
			t.Logf("ERR %v", err)
			continue
		}
		t.Logf("imports %v\nprelude:%s\ntext:\n%s\nshow %v names %v", u.Imports, u.Prelude, u.Text, u.Show, u.Names())
		m.Commit(u)
	}
}
