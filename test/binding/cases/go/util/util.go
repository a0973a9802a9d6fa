// Package util has helpers.
package util

// Max returns the larger of two numbers.
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// Sum adds numbers.
func Sum(xs ...int) int {
	total := 0
	for _, x := range xs {
		total += x
	}
	return total
}

// Pair holds two numbers.
type Pair struct{ A, B int }

// Swap returns the pair swapped.
func (p Pair) Swap() Pair { return Pair{p.B, p.A} }

// MakePair makes a pair (a named result).
func MakePair(a, b int) (p Pair) {
	p = Pair{a, b}
	return
}

func usePair() int {
	return MakePair(1, 2).Swap().B
}
