import { formatMoney } from './format.js';
import type { Orders } from './orders.js';
import type { User } from './users.js';

/** A one-line report of a user's orders. */
export function report(orders: Orders, user: User): string {
  const total = orders.byUser(user).reduce((sum, order) => sum + order.total, 0);
  return `${user.name}: ${formatMoney(total)}`;
}
