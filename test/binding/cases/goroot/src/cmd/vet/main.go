package main

import (
	"cmd/internal/objabi"
	"fmt"
	"os"
)

func main() {
	fmt.Sprint(objabi.Version, os.Args)
}
