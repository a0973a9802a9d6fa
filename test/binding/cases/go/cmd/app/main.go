package main

import (
	"fmt"
	. "example.com/shop/util"
	s "example.com/shop/store"
	_ "example.com/shop/store"
)

var shop = s.Open()

func price(x interface{}) int {
	switch v := x.(type) {
	case *s.Item:
		return v.Price
	case int:
		return v
	}
	return 0
}

func main() {
	var st *s.Store = s.Open()
	it := s.NewItem("pen", 2)
	st.Add(it)
	fmt.Println(it.Label(), Max(1, 2))
	err := run(st)
	if err := check(); err != nil {
		fmt.Println(err)
	}
	fmt.Println(err, shop.Owner.Greet(), price(it))
	got, ok := st.Get("pen")
	total := Sum(got.Price, 1)
	total, ok = total+1, !ok
	fmt.Println(total, ok)
}
