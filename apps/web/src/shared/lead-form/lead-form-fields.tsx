import { useId, useState } from 'react';
import { COUNTRY_CODES, normaliseMobile } from '@pmw/contract/mobile';
import { validationText } from '../i18n';
import { isFileInput, isRequired, type FormInputDef } from '@pmw/contract/lead-form';
import { FileField } from './file-field';
import { LocationButton } from './location-button';
import { t } from './messages';
import type { LeadFieldValue, LeadFieldValues, LeadUploadConfig, MapPickerComponent } from './types';
import { isKeptFile, isLocation, isUploadedFile } from './values';
import './lead-form.css';

export type CountryCode = (typeof COUNTRY_CODES)[number];
/** The country code select's key among the values kept from before a server-rendered page went live. */
export const COUNTRY_CODE_KEEP = 'country-code';

export interface LeadFormFieldsProps {
  inputs: readonly FormInputDef[];
  values: LeadFieldValues;
  onChange: (inputId: number, value: LeadFieldValue | undefined) => void;
  /** Error per input_id, shown under the field. */
  errors?: Record<number, string> | undefined;
  upload: LeadUploadConfig;
  /** For MAP_LOCATION inputs; defaults to a 'Use my location' button. */
  MapPicker?: MapPickerComponent | undefined;
  countryCode?: CountryCode | undefined;
  onCountryCodeChange?: ((code: CountryCode) => void) | undefined;
  disabled?: boolean | undefined;
}

/** Keeps what a person types in a mobile field to the spec's rule: digits, +91 stripped, the last 10 kept. */
function mobileTyping(raw: string): string {
  const digitsOnly = /^[0-9]*$/.test(raw);
  return digitsOnly && raw.length <= 10 ? raw : normaliseMobile(raw);
}

/**
 * Renders the inputs of a task form: every input_type and input_category,
 * with the form's required flags and placeholders. The caller owns the values
 * and submits them; this only edits them.
 */
export function LeadFormFields(props: LeadFormFieldsProps) {
  const base = useId();
  const [ownCode, setOwnCode] = useState<CountryCode>('+91');
  const code = props.countryCode ?? ownCode;
  const setCode = props.onCountryCodeChange ?? setOwnCode;
  const Picker = props.MapPicker ?? LocationButton;

  return (
    <div className="lead-form">
      {props.inputs.map((input) => {
        const id = `${base}-${input.input_id}`;
        const raw = props.errors?.[input.input_id];
        const error = raw === undefined ? undefined : validationText(raw);
        const errorId = error ? `${id}-error` : undefined;
        const value = props.values[input.input_id];
        const type = input.input_type.toUpperCase();
        const required = isRequired(input) || input.input_category === 'MOBILE';
        const text = typeof value === 'string' ? value : '';
        const set = (v: LeadFieldValue | undefined) => props.onChange(input.input_id, v);
        const common = {
          id,
          // Read back if typed before a server-rendered page went live (public-page/before-hydration.ts).
          'data-keep': String(input.input_id),
          'aria-invalid': !!error,
          'aria-describedby': errorId,
          'aria-required': required,
          disabled: props.disabled,
        };

        let control;
        if (input.input_category === 'MOBILE') {
          control = (
            <div className="lead-mobile">
              <label className="visually-hidden" htmlFor={`${id}-cc`}>
                {t('countryCode')}
              </label>
              <select
                id={`${id}-cc`}
                className="input lead-mobile__code"
                data-keep={COUNTRY_CODE_KEEP}
                value={code}
                disabled={props.disabled}
                onChange={(e) => setCode(e.target.value as CountryCode)}
              >
                {COUNTRY_CODES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              <input
                {...common}
                className="input"
                type="tel"
                inputMode="numeric"
                autoComplete="tel-national"
                placeholder={input.placeholder ?? ''}
                value={text}
                onChange={(e) => set(mobileTyping(e.target.value))}
              />
            </div>
          );
        } else if (isFileInput(input)) {
          control = (
            <FileField
              id={id}
              input={input}
              value={isUploadedFile(value) || isKeptFile(value) ? value : undefined}
              onChange={set}
              upload={props.upload}
              disabled={props.disabled}
              describedBy={errorId}
              invalid={!!error}
            />
          );
        } else if (type === 'MAP_LOCATION') {
          control = (
            <Picker
              id={id}
              label={input.label}
              value={isLocation(value) ? value : undefined}
              onChange={set}
              disabled={props.disabled}
              describedBy={errorId}
            />
          );
        } else if (type === 'DROPDOWN') {
          control = (
            <select {...common} className="input" value={text} onChange={(e) => set(e.target.value)}>
              <option value="">{input.placeholder || t('selectPlaceholder')}</option>
              {(input.input_enum ?? []).map((option, i) => (
                // The value stays the English option a lead stores; the reader sees its name in their language.
                <option key={option} value={option}>
                  {input.option_labels?.[i] || option}
                </option>
              ))}
            </select>
          );
        } else if (input.input_category === 'PAN_CARD') {
          control = (
            <input
              {...common}
              className="input lead-pan"
              autoCapitalize="characters"
              autoComplete="off"
              maxLength={10}
              placeholder={input.placeholder ?? ''}
              value={text}
              onChange={(e) => set(e.target.value.toUpperCase().replace(/[^A-Z0-9]/g, ''))}
            />
          );
        } else if (type === 'NUMBER') {
          control = (
            <input
              {...common}
              className="input"
              type="text"
              inputMode="decimal"
              placeholder={input.placeholder ?? ''}
              value={text}
              onChange={(e) => set(e.target.value.replace(/[^0-9.,-]/g, ''))}
            />
          );
        } else if (type === 'TEXTAREA') {
          control = (
            <textarea
              {...common}
              className="input"
              rows={3}
              placeholder={input.placeholder ?? ''}
              value={text}
              onChange={(e) => set(e.target.value)}
            />
          );
        } else {
          const htmlType = type === 'EMAIL' ? 'email' : type === 'DATE' ? 'date' : 'text';
          control = (
            <input
              {...common}
              className="input"
              type={htmlType}
              placeholder={input.placeholder ?? ''}
              value={text}
              onChange={(e) => set(e.target.value)}
            />
          );
        }

        return (
          <div className="field" key={input.input_id}>
            <label htmlFor={id}>
              {input.label}
              {required && (
                <span className="lead-form__required" aria-hidden="true">
                  {' '}
                  *
                </span>
              )}
              {required && <span className="visually-hidden"> ({t('required')})</span>}
            </label>
            {control}
            {error && (
              <p id={errorId} className="field__error">
                {error}
              </p>
            )}
          </div>
        );
      })}
    </div>
  );
}
