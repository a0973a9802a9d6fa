// Package store keeps items.
package store

import "strings"

// Item is one thing on sale.
type Item struct {
	Name  string
	Price int
}

// Label renders the item for display.
func (i *Item) Label() string {
	return strings.ToUpper(i.Name)
}

// NewItem makes an item.
func NewItem(name string, price int) *Item {
	return &Item{Name: name, Price: price}
}
