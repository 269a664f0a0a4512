// Go 1.24: encoding/json's omitzero, with a struct declared in a cell.
package main

import (
	"encoding/json"
	"fmt"
	"time"
)

type Run struct {
	Game    string    `json:"game"`
	Players int       `json:"players,omitempty"`
	Started time.Time `json:"started,omitzero"`
	Seed    int64     `json:"seed,omitzero"`
}

func main() {
	b, _ := json.Marshal(Run{Game: "kayles"})
	fmt.Println(string(b))
	b, _ = json.Marshal(Run{Game: "nim", Players: 2, Seed: 7, Started: time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)})
	fmt.Println(string(b))
	var r Run
	err := json.Unmarshal([]byte(`{"game":"chomp","seed":3}`), &r)
	fmt.Println(r.Game, r.Seed, err)
}
