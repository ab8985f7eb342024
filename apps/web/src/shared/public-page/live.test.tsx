import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { loadCatalogues } from '../i18n';
import { LiveButton } from './live';

describe('a button that needs the page script', () => {
  it('comes from the server disabled and said to be not ready, and works on the first click once hydrated', async () => {
    await loadCatalogues('en');
    const onClick = vi.fn();
    const html = renderToString(<LiveButton onClick={onClick}>Not you?</LiveButton>);
    expect(html).toContain('disabled=""');
    expect(html).toContain('aria-disabled="true"');
    expect(html).toContain('data-waiting=""');
    expect(html).toContain('not ready yet');

    const root = document.body.appendChild(document.createElement('div'));
    root.innerHTML = html;
    const button = root.querySelector('button')!;
    // Before hydration a click does nothing, and the button says why.
    button.click();
    expect(onClick).not.toHaveBeenCalled();

    await act(async () => {
      hydrateRoot(root, <LiveButton onClick={onClick}>Not you?</LiveButton>);
    });
    const live = root.querySelector('button')!;
    expect(live.disabled).toBe(false);
    expect(live.hasAttribute('aria-disabled')).toBe(false);
    expect(live.hasAttribute('data-waiting')).toBe(false);
    expect(live.textContent).toBe('Not you?');
    live.click();
    expect(onClick).toHaveBeenCalledTimes(1);
    root.remove();
  });

  it('in a screen the browser renders itself, works at once and keeps its own disabled state', async () => {
    await loadCatalogues('en');
    render(
      <>
        <LiveButton>Show All</LiveButton>
        <LiveButton type="submit" disabled>
          Submit
        </LiveButton>
      </>,
    );
    const showAll = screen.getByRole<HTMLButtonElement>('button', { name: 'Show All' });
    const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Submit' });
    expect([showAll.disabled, showAll.type, showAll.hasAttribute('data-waiting')]).toEqual([false, 'button', false]);
    expect([submit.disabled, submit.type]).toEqual([true, 'submit']);
  });
});
