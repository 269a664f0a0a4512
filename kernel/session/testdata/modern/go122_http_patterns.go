// Go 1.22: method and wildcard patterns in net/http's ServeMux, served in memory.
package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
)

func main() {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /games/{id}", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "game %s", r.PathValue("id"))
	})
	mux.HandleFunc("POST /games/", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusCreated)
		fmt.Fprint(w, "created")
	})
	for _, req := range []*http.Request{
		httptest.NewRequest("GET", "/games/chomp", nil),
		httptest.NewRequest("POST", "/games/", nil),
		httptest.NewRequest("DELETE", "/games/chomp", nil),
	} {
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		fmt.Println(req.Method, rec.Code, rec.Body.String())
	}
}
