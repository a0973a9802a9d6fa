package strings

// A Builder builds a string.
type Builder struct {
	buf []byte
}

// WriteString appends s to the builder.
func (b *Builder) WriteString(s string) (int, error) {
	b.buf = append(b.buf, s...)
	return len(s), nil
}
