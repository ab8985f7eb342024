import { useSyncExternalStore } from 'react';
import { MESSAGE_BAR_MS } from '@pmw/contract/constants';
import { messages } from '@pmw/contract/messages';
import { ApiError } from './api-error';
import { tx } from './i18n';

type Bar = { id: number; kind: 'error' | 'success'; text: string } | null;

let current: Bar = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function showMessage(kind: 'error' | 'success', text: string) {
  current = { id: ++seq, kind, text: tx(text) };
  clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    emit();
  }, MESSAGE_BAR_MS);
  emit();
}

export const showSuccess = (text: string) => showMessage('success', text);

/** The server's message if any, else the error's text, else 'Something went wrong'. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError) return err.message || messages.somethingWentWrong;
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return messages.somethingWentWrong;
}

export const showError = (err: unknown) => showMessage('error', errorText(err));

/** The top bar: red for errors, green for success, gone after 2.5 s. */
export function MessageBar() {
  const bar = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => current,
  );
  return (
    <div className="message-bar-region" role={bar?.kind === 'error' ? 'alert' : 'status'} aria-live="polite">
      {bar && (
        <div key={bar.id} className={`message-bar message-bar--${bar.kind}`}>
          {bar.text}
        </div>
      )}
    </div>
  );
}
