import { useSyncExternalStore } from 'react';
import { MESSAGE_BAR_MS } from '@pmw/contract/constants';
import { commonCatalogue } from '@pmw/contract/texts/common';
import { ApiError } from './api-error';
import { textOf } from './i18n';

type Bar = { id: number; kind: 'error' | 'success'; text: string } | null;

let current: Bar = null;
/** The open modal dialogs, the top one last: a message shows inside the top one, above its overlay. */
let dialogs: readonly symbol[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let seq = 0;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a text already in the page's language: a catalogue's by its code, or the server's words as they came. */
export function showMessage(kind: 'error' | 'success', text: string) {
  current = { id: ++seq, kind, text };
  clearTimeout(timer);
  timer = setTimeout(() => {
    current = null;
    emit();
  }, MESSAGE_BAR_MS);
  emit();
}

/** Takes the message (of that kind only, when given) away now: the page it was about is gone. */
export function clearMessage(kind?: 'error' | 'success') {
  if (!current || (kind && current.kind !== kind)) return;
  clearTimeout(timer);
  current = null;
  emit();
}

/** A modal dialog opened (the top layer): messages show inside it, under `id`, until `close` is called. */
export function messagesInDialog(): { id: symbol; close: () => void } {
  const id = Symbol('dialog');
  dialogs = [...dialogs, id];
  emit();
  return {
    id,
    close: () => {
      dialogs = dialogs.filter((d) => d !== id);
      emit();
    },
  };
}

export const showSuccess = (text: string) => showMessage('success', text);

/**
 * What went wrong, in the page's language: the server's words as they came
 * (it answers in the reader's language), a failure the browser found itself
 * by its code, a text the page already said, else "Something went wrong". An
 * error of the browser's own (a script's, a storage's) has English words
 * nobody should read, so it is "Something went wrong" too.
 */
export function errorText(err: unknown): string {
  if (err instanceof ApiError && err.text) return textOf(commonCatalogue, err.text);
  if (err instanceof ApiError && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return textOf(commonCatalogue, 'common.somethingWentWrong');
}

/** An error (see `errorText`), or a text already in the page's language. */
export const showError = (err: unknown) => showMessage('error', errorText(err));

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
};

/**
 * The top bar: red for errors, green for success, gone after 2.5 s. A modal
 * dialog puts everything outside it under its overlay, so while one is open
 * the bar is drawn inside it (`dialog` is that dialog's id).
 */
export function MessageBar(props: { dialog?: symbol | undefined }) {
  const shown = useSyncExternalStore(subscribe, () => current);
  const top = useSyncExternalStore(subscribe, () => dialogs[dialogs.length - 1]);
  const bar = top === props.dialog ? shown : null;
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
