import { MAX_NAME_LENGTH } from './organisations.ts';
import type { Column, ColumnTypeName, DataSourceConfig } from './types.ts';
import { type At, Checker, childPointer, type JsonObject } from './validate.ts';

// Only the values the spec names are accepted: a type this service cannot read would store data nothing can use.
const DATA_SOURCE_TYPES = ['CSV'];
const COLUMN_TYPES: readonly ColumnTypeName[] = ['STRING', 'DATE', 'BOOLEAN', 'INTEGER'];
const DATE_FORMATS = ['iso8601'];

const ISO_8601 = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

function readColumnType(checker: Checker, column: At<JsonObject>): Column['type'] {
  const type = checker.object(column, 'type');
  const name = checker.choice(type, 'name', COLUMN_TYPES) as ColumnTypeName;
  if (name === 'DATE') return { name, format: checker.choice(type, 'format', DATE_FORMATS) };
  // A format on any other type would be silently meaningless, so it is refused rather than ignored.
  if (type !== undefined && Object.hasOwn(type.value, 'format')) checker.fail(childPointer(type.pointer, 'format'), 'is only allowed for DATE columns');
  return { name };
}

// Column names are the keys templates look values up by, so they must be present and distinct.
function readColumns(checker: Checker, dataSource: At<JsonObject> | undefined): Column[] {
  const items = checker.array(dataSource, 'columnsMetadata');
  if (items === undefined) return [];
  if (items.length === 0) checker.fail(childPointer(dataSource?.pointer ?? '', 'columnsMetadata'), 'must hold at least one column');
  const seen = new Set<string>();
  return items.map((item) => {
    if (!checker.is(item, 'object')) return { name: '', type: { name: 'STRING' } };
    const column = item as At<JsonObject>;
    const name = checker.text(column, 'name', MAX_NAME_LENGTH);
    if (seen.has(name)) checker.fail(childPointer(column.pointer, 'name'), `repeats the column name ${JSON.stringify(name)}`);
    seen.add(name);
    return { name, type: readColumnType(checker, column) };
  });
}

/** Why a cell cannot hold a value of the column's type, or undefined; an empty cell means "no value" in any column. */
export function cellProblem(cell: string, type: ColumnTypeName): string | undefined {
  if (cell === '' || type === 'STRING') return undefined;
  if (type === 'INTEGER' && !/^-?\d+$/.test(cell)) return 'must be an integer written as a string';
  if (type === 'BOOLEAN' && cell !== 'true' && cell !== 'false') return "must be 'true' or 'false'";
  if (type === 'DATE' && !(ISO_8601.test(cell) && !Number.isNaN(Date.parse(cell)))) return 'must be an ISO 8601 date or date-time';
  return undefined;
}

function readRow(checker: Checker, row: At<unknown>, columns: Column[]): string[] {
  if (!checker.is(row, 'array')) return [];
  const cells = row.value as unknown[];
  if (cells.length !== columns.length) checker.fail(row.pointer, `must hold ${columns.length} cells, one per column, but holds ${cells.length}`);
  return cells.map((value, index) => {
    const cell = { value, pointer: childPointer(row.pointer, index) };
    if (!checker.is(cell, 'string')) return '';
    const type = columns[index]?.type.name;
    const problem = type === undefined ? undefined : cellProblem(value as string, type);
    if (problem !== undefined) checker.fail(cell.pointer, `${problem} for column ${JSON.stringify(columns[index]?.name)}`);
    return value as string;
  });
}

// The update replaces the whole configuration, so all four fields are required.
export function readDataSourceConfig(body: unknown): DataSourceConfig {
  const checker = new Checker();
  const dataSource = checker.object(checker.root(body), 'dataSource');
  const name = checker.text(dataSource, 'name', MAX_NAME_LENGTH);
  checker.choice(dataSource, 'type', DATA_SOURCE_TYPES);
  const columnsMetadata = readColumns(checker, dataSource);
  const rows = (checker.array(dataSource, 'rows') ?? []).map((row) => readRow(checker, row, columnsMetadata));
  checker.finish();
  return { name, type: 'CSV', columnsMetadata, rows };
}
