package store

// Store holds items by name.
type Store struct {
	items map[string]*Item
	Owner Person
}

// Person owns a store.
type Person struct {
	Name string
}

// Greet says hello.
func (p Person) Greet() string { return "hi " + p.Name }

// Add puts an item in the store.
func (s *Store) Add(it *Item) {
	s.items[it.Name] = it
}

// Get finds an item.
func (s *Store) Get(name string) (*Item, bool) {
	it, ok := s.items[name]
	return it, ok
}

// Open makes an empty store.
func Open() *Store {
	return &Store{items: map[string]*Item{}}
}
