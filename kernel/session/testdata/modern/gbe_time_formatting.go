// Go by Example style: time formatting and parsing with a fixed time.
package main

import (
	"fmt"
	"time"
)

func main() {
	t := time.Date(2009, 11, 17, 20, 34, 58, 651387237, time.UTC)
	fmt.Println(t.Format(time.RFC3339))
	fmt.Println(t.Format("3:04PM"), t.Format("Mon Jan _2 15:04:05 2006"))
	fmt.Println(t.Format("2006-01-02T15:04:05.999999-07:00"))
	t1, e := time.Parse(time.RFC3339, "2012-11-01T22:08:41+00:00")
	fmt.Println(t1, e)
	_, e = time.Parse("Mon Jan _2 15:04:05 2006", "8:41PM")
	fmt.Println(e)
	fmt.Println(t.Add(36*time.Hour).Weekday(), t.YearDay(), t.Truncate(time.Hour).Minute())
	d := 90*time.Minute + 30*time.Second
	fmt.Println(d, d.Hours(), time.Duration(1500)*time.Millisecond)
}
