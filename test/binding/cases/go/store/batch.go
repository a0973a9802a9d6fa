package store

// Batch is a set of items priced together.
type Batch struct {
	Items []*Item
	owner *Store
}

// Total sums the prices of items.
func Total(items []*Item) int {
	sum := 0
	for _, it := range items {
		sum += it.Price
	}
	return sum
}

// First labels the first item, and the one it points at.
func First(items []Item) string {
	first := items[0]
	ref := &items[0]
	return first.Label() + ref.Label()
}

// Labels lists the labels of a batch's items.
func (b *Batch) Labels() []string {
	var out []string
	for _, it := range b.Items {
		out = append(out, it.Label())
	}
	store := b.owner
	store.Add(b.Items[0])
	return out
}

// All returns the items of a batch.
func (b *Batch) All() []*Item { return b.Items }

// Names lists the names of a batch's items.
func Names(b *Batch) []string {
	var names []string
	for i, it := range b.All() {
		_ = i
		names = append(names, it.Name)
	}
	return names
}
