package store

import "os"

// Store keeps blobs on disk.
type Store struct {
	config Config
}

// Open opens a store with the configuration from the environment.
func Open() *Store {
	return &Store{config: LoadConfig(os.Getenv)}
}
