// Go by Example style: JSON encoding and decoding with struct tags.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
)

type response struct {
	Page   int      `json:"page"`
	Fruits []string `json:"fruits"`
}

func main() {
	b, _ := json.Marshal(map[string]int{"apple": 5, "lettuce": 7})
	fmt.Println(string(b))
	r, _ := json.Marshal(&response{Page: 1, Fruits: []string{"apple", "peach"}})
	fmt.Println(string(r))
	var dat map[string]any
	json.Unmarshal([]byte(`{"num":6.13,"strs":["a","b"]}`), &dat)
	fmt.Println(dat["num"].(float64), dat["strs"].([]any)[0])
	res := response{}
	json.Unmarshal([]byte(`{"page": 1, "fruits": ["apple", "peach"]}`), &res)
	fmt.Println(res.Page, res.Fruits[1])
	enc := json.NewEncoder(os.Stdout)
	enc.Encode(map[string]int{"apple": 5})
	dec := json.NewDecoder(strings.NewReader(`{"page": 2, "fruits": []}`))
	var r2 response
	fmt.Println(dec.Decode(&r2), r2.Page)
}
