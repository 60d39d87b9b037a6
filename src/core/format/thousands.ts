/** 1234567 → "1,234,567", independent of the runtime's locale data (every surface writes counts so). */
export function thousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
