import type { Store } from './store.js';
import type { Users } from './users.js';

/** Invoices the users of a store. */
export function invoiceAll(store: Store<number>, users: Users): number {
  let total = 0;
  for (const key of store.keys()) total += store.get(key) ?? 0;
  return users.find('anyone') ? total : 0;
}
