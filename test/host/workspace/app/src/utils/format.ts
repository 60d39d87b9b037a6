export function formatDate(timestamp: number): string {
  return new Date(timestamp).toISOString();
}

export function formatMoney(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}
