// Go 1.20: the DateTime, DateOnly and TimeOnly layouts, and Time.Compare.
package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2024, time.February, 29, 13, 4, 5, 0, time.UTC)
	fmt.Println(t.Format(time.DateTime))
	fmt.Println(t.Format(time.DateOnly), t.Format(time.TimeOnly))
	u, err := time.Parse(time.DateOnly, "2024-03-01")
	fmt.Println(u.Weekday(), err, t.Compare(u), u.Compare(t), t.Compare(t))
	fmt.Println(u.Sub(t).Round(time.Hour))
}
