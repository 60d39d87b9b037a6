import type { Order } from './orderService';

export function validate(order: Order): boolean {
  return order.id.length > 0 && order.total > 0;
}
