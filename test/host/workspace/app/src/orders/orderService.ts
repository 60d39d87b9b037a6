import { executeQuery } from '../db/queries';
import { formatDate, formatMoney } from '../utils/format';
import { validate } from './validate';

export interface Order {
  id: string;
  total: number;
  createdAt: number;
}

export function processOrder(order: Order): string {
  if (!validate(order)) throw new Error('invalid order');
  saveOrder(order);
  return `${order.id} ${formatDate(order.createdAt)} ${formatMoney(order.total)}`;
}

function saveOrder(order: Order): void {
  executeQuery('INSERT INTO orders VALUES (?, ?)', [order.id, order.total]);
}

export function cancelOrder(id: string): void {
  executeQuery('DELETE FROM orders WHERE id = ?', [id]);
}
