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

// Kind names a kind of item.
type Kind string

// Title renders the kind.
func (k Kind) Title() string { return string(k) }

const pens = Kind("pens")

// Shop embeds a store: its methods are the shop's.
type Shop struct {
	*store.Store
	kind Kind
}

func extra(sh Shop) string {
	_ = (*store.Store)(nil).Get
	sh.Add(nil)
	return pens.Title() + store.Person{Name: "a"}.Greet() + sh.kind.Title()
}

func more() {
	n, it := 0, store.NewItem("cap", 3)
	_ = new(store.Item).Label()
	_, _ = n, it.Label()
}
