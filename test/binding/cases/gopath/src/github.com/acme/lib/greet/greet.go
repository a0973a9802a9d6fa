package greet

// Hello greets someone.
func Hello(name string) string {
	return "hi " + name
}
