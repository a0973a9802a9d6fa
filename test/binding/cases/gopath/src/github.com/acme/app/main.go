package main

import (
	"fmt"

	"github.com/acme/lib/greet"
)

func main() {
	fmt.Println(greet.Hello("gopher"))
}
