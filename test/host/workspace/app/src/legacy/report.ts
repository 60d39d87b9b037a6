import { formatDate } from '../utils/format';

export function legacyReport(times: number[]): string[] {
  const lines: string[] = [];
  for (const t of times) lines.push(formatDate(t));
  return lines;
}
