// Rows of a data source must fit its columns: one string per column, in column order (Resources > Data
// source). JSON Schema cannot relate two arrays, so the rule lives here, once, for the reference deployment,
// the suites and the payload generators.

export interface RowsMisfit {
  /** JSON pointer into the data source object, e.g. /rows/2 or /rows/0/1 */
  pointer: string;
  reason: string;
}

export function rowsMisfit(columnsMetadata: readonly unknown[], rows: readonly unknown[]): RowsMisfit | undefined {
  for (const [r, row] of rows.entries()) {
    if (!Array.isArray(row)) return { pointer: `/rows/${r}`, reason: 'a row must be an array of strings' };
    if (row.length !== columnsMetadata.length) {
      return { pointer: `/rows/${r}`, reason: `a row must hold one string per column: ${columnsMetadata.length} expected, ${row.length} given` };
    }
    for (const [c, cell] of row.entries()) {
      if (typeof cell !== 'string') return { pointer: `/rows/${r}/${c}`, reason: 'every cell is a string (numbers and booleans are written as strings)' };
    }
  }
  return undefined;
}
