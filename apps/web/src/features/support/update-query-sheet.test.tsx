import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogues } from '../../shared/i18n';
import { UpdateQuerySheet } from './update-query-sheet';

beforeAll(async () => {
  await loadCatalogues('en');
});
afterEach(cleanup);

describe('Update Query', () => {
  it('says "Please describe your query" while the text is empty, and no longer once it is filled', async () => {
    render(<UpdateQuerySheet open onClose={() => undefined} onSubmit={async () => true} />);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please describe your query')).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'My payout has not arrived' } });
    expect(screen.queryByText('Please describe your query')).toBeNull();
    expect(screen.getByRole('textbox').getAttribute('aria-invalid')).toBe('false');
  });
});
