import { invoiceAll } from './billing.js';
import { Orders } from './orders.js';
import { report } from './report.js';
import { createStore, Store } from './store.js';
import { Users } from './users.js';

export function main(): void {
  const users = new Users(new Store());
  const orders = new Orders();
  users.add({ id: 'u1', name: 'Ada' });
  console.log(report(orders, { id: 'u1', name: 'Ada' }), invoiceAll(createStore<number>({ a: 1 }), users));
}
