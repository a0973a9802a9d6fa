//go:build ignore

package store

// Open in an ignored file: not part of the package.
func Open() *Store { return nil }

// Debug is only in the ignored file.
func Debug() {}
