package store

// Config says where the store keeps its data.
type Config struct {
	Dir     string
	MaxSize int64
}

// LoadConfig reads the store configuration from the environment.
func LoadConfig(getenv func(string) string) Config {
	return Config{Dir: getenv("STORE_DIR"), MaxSize: 1 << 30}
}
