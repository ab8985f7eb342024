import { useId } from 'react';

export interface FilterField {
  name: string;
  label: string;
  /** A select of these choices; without them, a text input of `type`. */
  options?: readonly { value: string; label: string }[];
  type?: 'text' | 'date' | 'search';
  numeric?: boolean;
  defaultValue?: string;
  grow?: boolean;
  autoFocus?: boolean;
}

/** What was typed into a filter form, trimmed; an empty field is left out. */
export type FilterValues = Partial<Record<string, string>>;
export const numberOrNone = (v: string | undefined) => (v === undefined ? undefined : Number(v.replace(/^pmw/i, '')));

/**
 * The filters (or search) above a console list: typed freely, applied
 * together when the button is pressed.
 */
export function FilterForm(props: {
  fields: readonly FilterField[];
  submitLabel: string;
  onApply: (values: FilterValues) => void;
  search?: boolean;
}) {
  const base = useId();
  return (
    <form
      className="ops__filters"
      role={props.search ? 'search' : undefined}
      onSubmit={(e) => {
        e.preventDefault();
        const values: FilterValues = {};
        for (const [name, value] of new FormData(e.currentTarget)) {
          const text = String(value).trim();
          if (text !== '') values[name] = text;
        }
        props.onApply(values);
      }}
    >
      {props.fields.map((f) => {
        const id = `${base}-${f.name}`;
        return (
          <div key={f.name} className={f.grow ? 'field ops__grow' : 'field'}>
            <label htmlFor={id}>{f.label}</label>
            {f.options ? (
              <select id={id} name={f.name} className="input" defaultValue={f.defaultValue ?? ''}>
                {f.options.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={id}
                name={f.name}
                type={f.type ?? 'text'}
                className="input"
                defaultValue={f.defaultValue}
                autoFocus={f.autoFocus}
                {...(f.numeric ? { inputMode: 'numeric' as const, pattern: '[0-9]*' } : {})}
              />
            )}
          </div>
        );
      })}
      <button type="submit" className="button">
        {props.submitLabel}
      </button>
    </form>
  );
}
