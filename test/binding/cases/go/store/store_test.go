package store

// helper exists only in tests.
func helper() *Store { return Open() }

// CheckOpen uses the test helper.
func CheckOpen() {
	s := helper()
	_ = s
}
