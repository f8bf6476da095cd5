// Rows of a data source must fit its columns: one string per column, in column order (Resources > Data
// source). JSON Schema cannot relate two arrays, so the rule lives here, once, for the reference deployment,
// the suites and the payload generators.

export interface RowsMisfit {
  /** JSON pointer into the data source object, e.g. /rows/2 or /rows/0/1 */
  pointer: string;
  reason: string;
  /** the row or cell that does not fit */
  value: unknown;
}

/** Every row or cell that does not fit, in order: a row that is not an array or has the wrong length, else its cells that are not strings. */
export function rowsMisfits(columnsMetadata: readonly unknown[], rows: readonly unknown[]): RowsMisfit[] {
  const misfits: RowsMisfit[] = [];
  for (const [r, row] of rows.entries()) {
    if (!Array.isArray(row)) {
      misfits.push({ pointer: `/rows/${r}`, reason: 'a row must be an array of strings', value: row });
      continue;
    }
    if (row.length !== columnsMetadata.length) {
      misfits.push({
        pointer: `/rows/${r}`,
        reason: `a row must hold one string per column: ${columnsMetadata.length} expected, ${row.length} given`,
        value: row,
      });
      continue;
    }
    for (const [c, cell] of row.entries()) {
      if (typeof cell !== 'string')
        misfits.push({ pointer: `/rows/${r}/${c}`, reason: 'every cell is a string (numbers and booleans are written as strings)', value: cell });
    }
  }
  return misfits;
}

/** The first row or cell that does not fit, if any. */
export function rowsMisfit(columnsMetadata: readonly unknown[], rows: readonly unknown[]): RowsMisfit | undefined {
  return rowsMisfits(columnsMetadata, rows)[0];
}
