// Go 1.20/1.21: context causes and context.AfterFunc, WithoutCancel.
package main

import (
	"context"
	"errors"
	"fmt"
)

var errShutdown = errors.New("shutting down")

func main() {
	ctx, cancel := context.WithCancelCause(context.Background())
	stop := make(chan struct{})
	context.AfterFunc(ctx, func() { close(stop) })
	cancel(errShutdown)
	<-stop
	fmt.Println(ctx.Err(), context.Cause(ctx))
	detached := context.WithoutCancel(ctx)
	fmt.Println(detached.Err())
}
