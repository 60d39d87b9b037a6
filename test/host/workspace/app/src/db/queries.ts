export interface Row {
  id: string;
  total: number;
}

export function executeQuery(sql: string, params: unknown[]): Row[] {
  void sql;
  void params;
  return [];
}
