import type { ReactNode } from 'react';
import { Dialog } from './dialog';
import { t } from './messages';

/**
 * 'Are you sure…?' with No and Yes; used by logout and call connect. With
 * `formId`, Yes submits that form inside the dialog (a reason to give first).
 */
export function ConfirmDialog(props: {
  open: boolean;
  message: string;
  onConfirm?: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
  danger?: boolean;
  formId?: string;
  children?: ReactNode;
}) {
  return (
    <Dialog
      open={props.open}
      title={props.message}
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={props.onCancel}>
            {props.cancelLabel ?? t('no')}
          </button>
          <button
            type={props.formId ? 'submit' : 'button'}
            form={props.formId}
            className={props.danger ? 'button button--danger' : 'button'}
            onClick={props.formId ? undefined : props.onConfirm}
            disabled={props.busy}
            data-autofocus
          >
            {props.confirmLabel ?? t('yes')}
          </button>
        </>
      }
    >
      {props.children ?? null}
    </Dialog>
  );
}
