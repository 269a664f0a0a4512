package gostd

import (
	"encoding"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"log"
	"os"
	"reflect"
)

// Symbols maps "import/path/name" to the exported symbols of each bound
// package, and "." to the interpreter's MapTypes (below).
var Symbols = map[string]map[string]reflect.Value{}

// mapTypes tells the interpreter which compiled functions look for an
// interface in their arguments (fmt's verbs call String, Format, Error;
// json and xml call their Marshalers): a value of a type declared in a
// cell is handed to them wrapped so that the method is seen.
var mapTypes = map[reflect.Value][]reflect.Type{}

func init() {
	Symbols["."] = map[string]reflect.Value{"MapTypes": reflect.ValueOf(mapTypes)}

	printers := []reflect.Type{
		reflect.TypeOf((*fmt.Formatter)(nil)).Elem(),
		reflect.TypeOf((*fmt.Stringer)(nil)).Elem(),
		reflect.TypeOf((*error)(nil)).Elem(),
	}
	for _, f := range []any{fmt.Errorf, fmt.Fprint, fmt.Fprintf, fmt.Fprintln, fmt.Print, fmt.Printf, fmt.Println,
		fmt.Sprint, fmt.Sprintf, fmt.Sprintln, fmt.Append, fmt.Appendf, fmt.Appendln,
		log.Fatal, log.Fatalf, log.Fatalln, log.Panic, log.Panicf, log.Panicln, log.Print, log.Printf, log.Println} {
		mapTypes[reflect.ValueOf(f)] = printers
	}
	scanners := []reflect.Type{reflect.TypeOf((*fmt.Scanner)(nil)).Elem()}
	for _, f := range []any{fmt.Scan, fmt.Scanf, fmt.Scanln, fmt.Fscan, fmt.Fscanf, fmt.Fscanln, fmt.Sscan, fmt.Sscanf, fmt.Sscanln} {
		mapTypes[reflect.ValueOf(f)] = scanners
	}
	textM := reflect.TypeOf((*encoding.TextMarshaler)(nil)).Elem()
	textU := reflect.TypeOf((*encoding.TextUnmarshaler)(nil)).Elem()
	mapTypes[reflect.ValueOf(json.Marshal)] = []reflect.Type{reflect.TypeOf((*json.Marshaler)(nil)).Elem(), textM}
	mapTypes[reflect.ValueOf(json.MarshalIndent)] = []reflect.Type{reflect.TypeOf((*json.Marshaler)(nil)).Elem(), textM}
	mapTypes[reflect.ValueOf(json.Unmarshal)] = []reflect.Type{reflect.TypeOf((*json.Unmarshaler)(nil)).Elem(), textU}
	mapTypes[reflect.ValueOf(xml.Marshal)] = []reflect.Type{reflect.TypeOf((*xml.Marshaler)(nil)).Elem(), textM}
	mapTypes[reflect.ValueOf(xml.MarshalIndent)] = []reflect.Type{reflect.TypeOf((*xml.Marshaler)(nil)).Elem(), textM}
	mapTypes[reflect.ValueOf(xml.Unmarshal)] = []reflect.Type{reflect.TypeOf((*xml.Unmarshaler)(nil)).Elem(), textU}
}

// yaegi's extractor binds a few symbols of os and log to functions of the
// package it writes into, which its own standard library defines to panic
// rather than exit. Here they are the real ones: a cell's os.Exit or
// log.Fatal ends the worker process, as in a Go program.
func osExit(code int)                                           { os.Exit(code) }
func osFindProcess(pid int) (*os.Process, error)                { return os.FindProcess(pid) }
func logFatal(v ...any)                                         { log.Fatal(v...) }
func logFatalf(format string, v ...any)                         { log.Fatalf(format, v...) }
func logFatalln(v ...any)                                       { log.Fatalln(v...) }
func logNew(out io.Writer, prefix string, flag int) *log.Logger { return log.New(out, prefix, flag) }

type logLogger = log.Logger
