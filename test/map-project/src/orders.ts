import type { Store } from './store.js';
import { createStore } from './store.js';
import type { User } from './users.js';

export interface Order {
  id: string;
  user: User;
  total: number;
}

/** Orders, kept in their own store. */
export class Orders {
  private readonly store: Store<Order> = createStore<Order>();

  place(order: Order): void {
    this.store.set(order.id, order);
  }

  byUser(user: User): Order[] {
    return this.store.keys().map((id) => this.store.get(id) as Order).filter((order) => order.user.id === user.id);
  }
}
