import { useSyncExternalStore, type ButtonHTMLAttributes } from 'react';
import { getLocale } from '../i18n';
import { t } from '../messages';

// Nothing to subscribe to: only the answer for the server's HTML and for the browser differ.
const subscribe = () => () => {};

/**
 * False on the server and while React hydrates the server's HTML, true from
 * the first render after it (React renders again when the two answers differ)
 * and at once in a screen the browser renders itself (the app's router, a form
 * opened in place), so those never flash a waiting state.
 */
export function useLive(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A button that needs the page's script: on a server-rendered page it is
 * shown disabled until the page is live, dimmed with a waiting cursor and
 * "not ready yet" for a screen reader, so a tap before then is never taken and
 * silently lost; once live the first tap works.
 */
export function LiveButton({ disabled, children, type = 'button', ...rest }: ButtonHTMLAttributes<HTMLButtonElement>) {
  const live = useLive();
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || !live}
      aria-disabled={live ? rest['aria-disabled'] : true}
      data-waiting={live ? undefined : ''}
    >
      {children}
      {!live && (
        <span className="visually-hidden" lang={getLocale()}>
          {` (${t('notReady')})`}
        </span>
      )}
    </button>
  );
}
