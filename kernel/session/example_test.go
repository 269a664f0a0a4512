package session_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/coevolab/coevo/kernel/session"
)

// A session keeps what cells declare; errors name the cell, line and
// column, and a cell that does not compile runs nothing (In[3] defines no
// m); magics list what the session has.
func ExampleSession_Run() {
	s, err := session.New()
	if err != nil {
		panic(err)
	}
	ctx := context.Background()
	s.Run(ctx, session.Cell{Name: "In[1]", Code: "func twice(x int) int { return 2 * x }\nn := 21"})
	r, _ := s.Run(ctx, session.Cell{Name: "In[2]", Code: "twice(n)"})
	fmt.Println(r.Value)

	_, err = s.Run(ctx, session.Cell{Name: "In[3]", Code: "m := n\ny := undefinedName + m"})
	var e *session.Error
	if errors.As(err, &e) {
		fmt.Println(e.Name+":", e.Message)
		for _, line := range e.Trace {
			fmt.Println(line)
		}
	}

	s.Output(os.Stdout, os.Stdout, nil)
	s.Run(ctx, session.Cell{Name: "In[4]", Code: "%who"})
	// Output:
	// 42
	// compile error: In[3]:2:6: undefined: undefinedName
	//     y := undefinedName + m
	//          ^
	// Name   Kind  Type           Value
	// n      var   int            21
	// twice  func  func(int) int
}
