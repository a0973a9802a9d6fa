import type { Store } from './store.js';

export interface User {
  id: string;
  name: string;
}

/** Users, kept in a store. */
export class Users {
  constructor(private readonly store: Store<User>) {}

  add(user: User): void {
    this.store.set(user.id, user);
  }

  find(id: string): User | undefined {
    return this.store.get(id);
  }
}
