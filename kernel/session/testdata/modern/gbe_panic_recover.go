// Go by Example style: panic and recover.
package main

import "fmt"

func mayPanic() {
	panic("a problem")
}

func safeDiv(a, b int) (q int, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("recovered: %v", r)
		}
	}()
	return a / b, nil
}

func main() {
	func() {
		defer func() {
			if r := recover(); r != nil {
				fmt.Println("Recovered. Error:\n", r)
			}
		}()
		mayPanic()
		fmt.Println("After mayPanic()")
	}()
	fmt.Println(safeDiv(7, 2))
	fmt.Println(safeDiv(1, 0))
}
