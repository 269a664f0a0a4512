package coevolve

import (
	"fmt"
	"io"
	"strings"
)

// Format writes c with its name (String: "NashSolve |A|=4, seed 1") for
// %v and %s, and with every setting for %+v, as a struct without a
// String method prints: {Method:nashsolve Archive:4 Opponents:0 ...}.
// %#v writes Go syntax. So fmt.Printf("%+v", cfg) shows what a run
// depends on.
func (c Config) Format(f fmt.State, verb rune) {
	type settings Config // the fields, without the methods
	switch {
	case verb == 'v' && f.Flag('+'):
		fmt.Fprintf(f, "%+v", settings(c))
	case verb == 'v' && f.Flag('#'):
		io.WriteString(f, strings.Replace(fmt.Sprintf("%#v", settings(c)), "coevolve.settings{", "coevolve.Config{", 1))
	case verb == 'v' || verb == 's':
		fmt.Fprintf(f, fmt.FormatString(f, 's'), c.String())
	default:
		fmt.Fprintf(f, fmt.FormatString(f, verb), c.String())
	}
}
