package fmt

import (
	"strings"
	"unicode/utf8"
)

// Sprint formats its operands.
func Sprint(a ...any) string {
	var b strings.Builder
	b.WriteString(string(utf8.RuneError))
	return ""
}
