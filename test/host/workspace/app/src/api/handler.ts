import { Order, processOrder } from '../orders/orderService';
import { formatDate } from '../utils/format';

export function handleRequest(body: Order): string {
  const stamp = formatDate(Date.now());
  return `${stamp}: ${processOrder(body)}`;
}
