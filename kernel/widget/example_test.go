package widget_test

import (
	"fmt"
	"strings"

	"github.com/coevolab/coevo/kernel/widget"
)

// Controls keep their values in the kernel; callbacks see each change,
// whether the user made it on the page or code did.
func ExampleIntSlider() {
	gen := widget.NewIntSlider("generation", 0, 19)
	gen.OnChange(func(g int) { fmt.Println("generation", g) })
	gen.SetValue(7)
	gen.SetValue(40) // kept within the range
	fmt.Println(gen)
	// Output:
	// generation 7
	// generation 19
	// IntSlider(value=19, min=0, max=19, step=1, description="generation")
}

// Interact binds a function to controls: its result is shown in an output
// area below them, redrawn whenever a control changes (in a notebook, a
// plot or a DataFrame: anything a cell can show).
func ExampleInteract() {
	n := widget.NewIntSlider("n", 1, 5)
	word := widget.NewDropdown("word", []string{"ab", "cd"})
	ui, err := widget.Interact(func(n int, w string) string {
		s := strings.Repeat(w, n)
		fmt.Println("drawing", s)
		return s
	}, n, word)
	if err != nil {
		panic(err)
	}
	n.SetValue(3)
	word.SetValue("cd")
	fmt.Println(ui)
	// Output:
	// drawing ab
	// drawing ababab
	// drawing cdcdcd
	// Interactive(children=3 widgets)
}
