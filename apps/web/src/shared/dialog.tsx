import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MessageBar, messagesInDialog } from './message-bar';
import { t } from './messages';

const FIRST_FIELD = '.dialog__content :is(input:not([type=hidden]), select, textarea):not(:disabled)';

/**
 * A modal on the native <dialog> element: focus is trapped and Escape closes
 * it, as the platform does. `variant="sheet"` slides up from the bottom on phones.
 */
export function Dialog(props: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  variant?: 'center' | 'sheet';
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [barId, setBarId] = useState<symbol | undefined>();
  useEffect(() => {
    if (!props.open) return;
    // While open, everything outside is under the overlay: the dialog draws the message bar itself.
    const { id, close } = messagesInDialog();
    setBarId(() => id);
    return close;
  }, [props.open]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    if (props.open && !el.open) {
      el.showModal();
      // The first field takes the focus (the phone's keyboard opens), not the close button;
      // a dialog without fields focuses what it marks with data-autofocus. React's autoFocus
      // cannot do this: it runs before the dialog is open.
      el.querySelector<HTMLElement>(`[data-autofocus], ${FIRST_FIELD}`)?.focus();
    }
    if (!props.open && el.open) el.close();
  }, [props.open]);
  return (
    <dialog
      ref={ref}
      className={`dialog dialog--${props.variant ?? 'center'} ${props.className ?? ''}`}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        props.onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) props.onClose();
      }}
    >
      {props.open && (
        <div className="dialog__body">
          <div className="dialog__header">
            <h2 id={titleId} className="dialog__title">
              {props.title}
            </h2>
            <button type="button" className="icon-button" aria-label={t('close')} onClick={props.onClose}>
              ×
            </button>
          </div>
          <div className="dialog__content">{props.children}</div>
          {props.footer && <div className="dialog__footer">{props.footer}</div>}
        </div>
      )}
      {props.open && barId && <MessageBar dialog={barId} />}
    </dialog>
  );
}
