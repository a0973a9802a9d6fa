package com.acme.shop.service;

import com.acme.shop.model.Item;
import com.acme.shop.model.*;
import static com.acme.shop.util.Strings.pad;
import java.util.List;
import java.util.ArrayList;

public class Cart extends Entity {
  private final List<Item> items = new ArrayList<>();
  private int count;

  public Cart(int count) {
    this.count = count;
  }

  public int total(int count) {
    int sum = 0;
    for (Item item : items) {
      sum += item.price();
    }
    for (int count2 = 0; count2 < count; count2++) {
      sum += this.count;
    }
    Item first = new Item(5);
    var second = new Item(7);
    sum += first.price() + second.price() + Pricing.total(first, second);
    sum += Item.MAX + Item.of(3).price();
    items.add(first);
    System.out.println(pad("total"));
    this.save();
    save();
    Currency currency = Currency.EUR;
    return sum + count + id + Math.max(1, 2) + first.discounted(10).price() + currency.symbol().length();
  }

  Item.Tag tag() {
    return new Item.Tag();
  }

  int size() {
    return items.size() + items.get(0).price();
  }
}
