import { useId, type ReactNode } from 'react';
import type { FieldError } from 'react-hook-form';

/** What an input needs to say it is wrong and where the reason is. */
export interface FieldA11y {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/**
 * A labelled control of a form, with the message of what is wrong under it;
 * a hint, when given, stands there while nothing is wrong.
 */
export function Field(props: {
  label: string;
  error?: FieldError | string | null | undefined;
  hint?: ReactNode;
  className?: string;
  children: (a11y: FieldA11y) => ReactNode;
}) {
  const id = useId();
  const message = typeof props.error === 'string' ? props.error : props.error?.message;
  const showHint = !message && props.hint !== undefined;
  const a11y: FieldA11y = message
    ? { id, 'aria-invalid': true, 'aria-describedby': `${id}-error` }
    : showHint
      ? { id, 'aria-describedby': `${id}-hint` }
      : { id };
  return (
    <div className={props.className ? `field ${props.className}` : 'field'}>
      <label htmlFor={id}>{props.label}</label>
      {props.children(a11y)}
      {showHint && (
        <p id={`${id}-hint`} className="field__hint">
          {props.hint}
        </p>
      )}
      {message && (
        <p id={`${id}-error`} className="field__error">
          {message}
        </p>
      )}
    </div>
  );
}
