package main

import "example.com/shop/store"

// run uses the store.
func run(st *store.Store) error {
	for i, it := range []*store.Item{} {
		_ = i
		st.Add(it)
	}
	x := 1
	{
		x := x + 1
		_ = x
	}
	return check()
}

// check reports nothing.
func check() error { return nil }
