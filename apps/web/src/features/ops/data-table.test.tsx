import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RowSelectionState } from '@tanstack/react-table';
import { DataTable, selectedIds, type Column } from './data-table';

interface Partner {
  id: number;
  name: string;
  balance: number;
  held: boolean;
}
const partners: Partner[] = [
  { id: 101, name: 'Asha', balance: 12_300, held: false },
  { id: 102, name: 'Ravi', balance: 200, held: true },
  { id: 103, name: 'Meena', balance: 5_000, held: false },
];
const columns: Column<Partner>[] = [
  { id: 'name', header: 'Partner', cell: (p) => p.name, sortValue: (p) => p.name },
  { id: 'balance', header: 'Balance', cell: (p) => `₹${p.balance}`, sortValue: (p) => p.balance },
];
afterEach(cleanup);

function Selectable(props: { onOpen?: (p: Partner) => void; onApprove?: () => void }) {
  const [selected, setSelected] = useState<RowSelectionState>({});
  const [cursor, setCursor] = useState(0);
  return (
    <>
      <p>{selectedIds(selected).join(',') || 'none'}</p>
      <DataTable
        label="Partners"
        columns={columns}
        rows={partners}
        rowId={(p) => p.id}
        selection={{ selected, onChange: setSelected, canSelect: (p) => !p.held, rowLabel: (p) => p.name }}
        keyboard={{ cursor, onCursor: setCursor, onOpen: props.onOpen ?? (() => {}), shortcuts: { a: props.onApprove ?? (() => {}) } }}
      />
    </>
  );
}

describe('the console table', () => {
  it('sorts the rows shown by a header, and says so to screen readers', () => {
    render(<DataTable label="Partners" columns={columns} rows={partners} rowId={(p) => p.id} />);
    const rows = () =>
      within(screen.getByRole('table', { name: 'Partners' }))
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent);
    expect(rows()).toEqual(['Asha₹12300', 'Ravi₹200', 'Meena₹5000']);
    fireEvent.click(screen.getByRole('button', { name: /Partner/ }));
    expect(rows()).toEqual(['Asha₹12300', 'Meena₹5000', 'Ravi₹200']);
    expect(screen.getByRole('columnheader', { name: /Partner/ }).getAttribute('aria-sort')).toBe('ascending');
    fireEvent.click(screen.getByRole('button', { name: /Balance/ }));
    expect(rows()[0]).toBe('Asha₹12300');
    expect(rows()[2]).toBe('Ravi₹200');
  });

  it('selects rows one by one or the whole page, never a row that cannot be chosen', () => {
    render(<Selectable />);
    expect((screen.getByRole('checkbox', { name: 'Ravi' }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Meena' }));
    expect(screen.getByText('103')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('101,103')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByText('none')).toBeTruthy();
  });

  it('moves a cursor with j and k, selects with x, opens with Enter and runs the page’s keys', () => {
    const onOpen = vi.fn();
    const onApprove = vi.fn();
    render(<Selectable onOpen={onOpen} onApprove={onApprove} />);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    rows[0]!.focus();
    fireEvent.keyDown(rows[0]!, { key: 'j' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1]!, { key: 'j' });
    expect(document.activeElement).toBe(rows[2]);
    fireEvent.keyDown(rows[2]!, { key: 'x' });
    expect(screen.getByText('103')).toBeTruthy();
    fireEvent.keyDown(rows[2]!, { key: 'k' });
    expect(document.activeElement).toBe(rows[1]);
    fireEvent.keyDown(rows[1]!, { key: 'Enter' });
    expect(onOpen).toHaveBeenCalledWith(partners[1]);
    fireEvent.keyDown(rows[1]!, { key: 'a' });
    expect(onApprove).toHaveBeenCalledTimes(1);
  });

  it('pages through the server’s rows', () => {
    const onPage = vi.fn();
    render(
      <DataTable label="Partners" columns={columns} rows={partners} rowId={(p) => p.id} paging={{ page: 1, limit: 3, count: 7, onPage }} />,
    );
    expect(screen.getByText('Page 1 of 3 (7 in all)')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('shows the detail of a row its cell expands', () => {
    render(
      <DataTable
        label="Runs"
        columns={[
          {
            id: 'run',
            header: 'Run',
            cell: (p: Partner, row) => (
              <button onClick={row.toggleExpanded} aria-expanded={row.expanded}>
                Run {p.id}
              </button>
            ),
          },
        ]}
        rows={partners}
        rowId={(p) => p.id}
        detail={(p) => <p>Paid {p.name}</p>}
      />,
    );
    expect(screen.queryByText('Paid Asha')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Run 101' }));
    expect(screen.getByText('Paid Asha')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Run 101' }).getAttribute('aria-expanded')).toBe('true');
  });
});
