import { Fragment, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import {
  createSortedRowModel,
  functionalUpdate,
  rowExpandingFeature,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type ColumnDef,
  type ExpandedState,
  type PaginationState,
  type RowSelectionState,
  type SortingState,
} from '@tanstack/react-table';
import { t } from './messages';

const features = tableFeatures({
  rowSelectionFeature,
  rowExpandingFeature,
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
  rowPaginationFeature,
});
type Features = typeof features;

export interface RowContext {
  expanded: boolean;
  toggleExpanded: () => void;
}

export interface Column<T> {
  id: string;
  header: string;
  cell: (row: T, ctx: RowContext) => ReactNode;
  /** Sorts the rows shown by this value when its header is pressed. */
  sortValue?: (row: T) => string | number;
}

export interface DataTableProps<T> {
  /** What the table lists, for screen readers. */
  label: string;
  columns: readonly Column<T>[];
  rows: readonly T[];
  rowId: (row: T) => number | string;
  /** A server's pages: the page shown (from 1), its size and how many rows there are in all. */
  paging?: { page: number; limit: number; count: number; onPage: (page: number) => void };
  /** Checkboxes per row and one for the page, over the caller's selection. */
  selection?: {
    selected: RowSelectionState;
    onChange: (next: RowSelectionState) => void;
    rowLabel: (row: T) => string;
    canSelect?: (row: T) => boolean;
  };
  /**
   * A row cursor moved with j / k or the arrows; x selects, Enter opens, and
   * each key of `shortcuts` runs its action.
   */
  keyboard?: { cursor: number; onCursor: (index: number) => void; onOpen: (row: T) => void; shortcuts?: Record<string, () => void> };
  /** Shown under a row its cell expanded (RowContext.toggleExpanded). */
  detail?: (row: T) => ReactNode;
  /** A class for the table, e.g. one that stacks each row as a card on phones (cells carry `data-label`). */
  className?: string;
}

/** The ids of a selection, as the API takes them. */
export const selectedIds = (selected: RowSelectionState): number[] =>
  Object.keys(selected)
    .filter((id) => selected[id])
    .map(Number);

/**
 * Every table of the console: headers that sort the rows shown, row
 * selection, the server's pages, expandable rows and a keyboard cursor.
 */
export function DataTable<T extends object>(props: DataTableProps<T>) {
  const { selection, keyboard, paging, detail } = props;
  const [sorting, setSorting] = useState<SortingState>([]);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const body = useRef<HTMLTableSectionElement>(null);

  const columns = useMemo<ColumnDef<Features, T>[]>(
    () =>
      props.columns.map((c) => ({
        id: c.id,
        header: c.header,
        accessorFn: c.sortValue ?? (() => 0),
        enableSorting: !!c.sortValue,
        sortFn: 'alphanumeric',
        cell: ({ row }) => c.cell(row.original, { expanded: row.getIsExpanded(), toggleExpanded: () => row.toggleExpanded() }),
      })),
    [props.columns],
  );
  const pagination: PaginationState = { pageIndex: (paging?.page ?? 1) - 1, pageSize: paging?.limit ?? Math.max(1, props.rows.length) };
  const table = useTable<Features, T>({
    features,
    columns,
    data: props.rows as T[],
    getRowId: (row) => String(props.rowId(row)),
    state: { sorting, expanded, pagination, rowSelection: selection?.selected ?? {} },
    onSortingChange: setSorting,
    onExpandedChange: setExpanded,
    getRowCanExpand: () => !!detail,
    manualPagination: true,
    rowCount: paging?.count ?? props.rows.length,
    onPaginationChange: (u) => paging?.onPage(functionalUpdate(u, pagination).pageIndex + 1),
    enableRowSelection: (row) => !!selection && (selection.canSelect?.(row.original) ?? true),
    onRowSelectionChange: (u) => selection?.onChange(functionalUpdate(u, selection.selected)),
  });
  const rows = table.getRowModel().rows;
  const width = props.columns.length + (selection ? 1 : 0);

  const focusRow = (i: number) => {
    const clamped = Math.max(0, Math.min(rows.length - 1, i));
    keyboard?.onCursor(clamped);
    body.current?.querySelectorAll<HTMLTableRowElement>(':scope > tr[data-row]')[clamped]?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (!keyboard) return;
    const el = e.target as HTMLElement;
    if (el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'checkbox') return;
    if (el.tagName === 'SELECT' || el.tagName === 'TEXTAREA' || e.ctrlKey || e.metaKey || e.altKey) return;
    const row = rows[keyboard.cursor];
    const action = keyboard.shortcuts?.[e.key];
    if (e.key === 'j' || e.key === 'ArrowDown') focusRow(keyboard.cursor + 1);
    else if (e.key === 'k' || e.key === 'ArrowUp') focusRow(keyboard.cursor - 1);
    else if (e.key === 'x' && row && selection) row.toggleSelected();
    else if (e.key === 'Enter' && row && el.tagName === 'TR') keyboard.onOpen(row.original);
    else if (action) action();
    else return;
    e.preventDefault();
  };

  return (
    <>
      <div className="table-wrap" onKeyDown={keyboard ? onKey : undefined}>
        <table className={`table ops__table${props.className ? ` ${props.className}` : ''}`} aria-label={props.label}>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {selection && (
                  <th scope="col">
                    <input
                      type="checkbox"
                      aria-label={t('selectAll')}
                      checked={rows.length > 0 && table.getIsAllPageRowsSelected()}
                      onChange={table.getToggleAllPageRowsSelectedHandler()}
                    />
                  </th>
                )}
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button type="button" className="ops__sort" onClick={header.column.getToggleSortingHandler()}>
                          <table.FlexRender header={header} />
                          <span aria-hidden="true">{sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ' ↕'}</span>
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody ref={body}>
            {rows.map((row, i) => (
              <Fragment key={row.id}>
                <tr
                  data-row
                  data-selected={row.getIsSelected() || undefined}
                  {...(keyboard
                    ? {
                        tabIndex: i === keyboard.cursor ? 0 : -1,
                        className: i === keyboard.cursor ? 'is-cursor' : undefined,
                        onFocus: () => keyboard.onCursor(i),
                      }
                    : {})}
                >
                  {selection && (
                    <td>
                      <input
                        type="checkbox"
                        aria-label={selection.rowLabel(row.original)}
                        disabled={!row.getCanSelect()}
                        checked={row.getIsSelected()}
                        onChange={row.getToggleSelectedHandler()}
                      />
                    </td>
                  )}
                  {row.getAllCells().map((cell) => (
                    <td key={cell.id} data-label={cell.column.columnDef.header as string}>
                      <table.FlexRender cell={cell} />
                    </td>
                  ))}
                </tr>
                {detail && row.getIsExpanded() && (
                  <tr>
                    <td colSpan={width}>{detail(row.original)}</td>
                  </tr>
                )}
              </Fragment>
            ))}
          </tbody>
        </table>
      </div>
      {paging && (
        <nav className="ops__pager" aria-label={t('pages')}>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={!table.getCanPreviousPage()}
            onClick={() => table.previousPage()}
          >
            {t('prev')}
          </button>
          <span>{t('pageOf', { page: paging.page, pages: Math.max(1, table.getPageCount()), count: paging.count })}</span>
          <button
            type="button"
            className="button button--ghost button--small"
            disabled={!table.getCanNextPage()}
            onClick={() => table.nextPage()}
          >
            {t('next')}
          </button>
        </nav>
      )}
    </>
  );
}
