import { Dialog } from './dialog';

/** 'Are you sure…?' with No and Yes; used by logout and call connect. */
export function ConfirmDialog(props: {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  busy?: boolean;
}) {
  return (
    <Dialog
      open={props.open}
      title={props.message}
      onClose={props.onCancel}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={props.onCancel}>
            {props.cancelLabel ?? 'No'}
          </button>
          <button type="button" className="button" onClick={props.onConfirm} disabled={props.busy} autoFocus>
            {props.confirmLabel ?? 'Yes'}
          </button>
        </>
      }
    >
      {null}
    </Dialog>
  );
}
