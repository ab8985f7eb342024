import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignFileRoutes } from '@pmw/contract/campaign';
import type { FormInputDef } from '@pmw/contract/lead-form';
import { validationText } from '../i18n';
import { LeadFormFields, leadFormErrors, toLeadInputValues, type LeadFieldValues, type MapPickerProps } from './index';

const UPLOAD = { signUpload: campaignFileRoutes.signUpload, add: campaignFileRoutes.add, purpose: 'UTM_LINK' as const };
const INPUTS: FormInputDef[] = [
  {
    input_id: 1,
    label: 'Customer Mobile',
    input_type: 'NUMBER',
    input_category: 'MOBILE',
    placeholder: 'Enter 10 digit mobile number',
    validation: { required: true },
  },
  { input_id: 2, label: 'Customer Name', input_type: 'TEXT', placeholder: 'Full name', validation: { required: true } },
  { input_id: 3, label: 'PAN Number', input_type: 'TEXT', input_category: 'PAN_CARD', validation: { required: false } },
  {
    input_id: 4,
    label: 'City',
    input_type: 'DROPDOWN',
    input_enum: ['Pune', 'Delhi'],
    placeholder: 'Select city',
    validation: { required: true },
  },
  { input_id: 5, label: 'Shop Photo', input_type: 'IMAGE', validation: { required: true } },
  { input_id: 6, label: 'Aadhaar Photo', input_type: 'IMAGE', validation: { required: false }, isAllowFileManager: true },
  { input_id: 7, label: 'Shop Video', input_type: 'VIDEO', validation: { required: false } },
  { input_id: 8, label: 'Salary Slip', input_type: 'FILE', validation: { required: false } },
  { input_id: 9, label: 'Shop Location', input_type: 'MAP_LOCATION', validation: { required: false } },
];

function Harness(props: {
  MapPicker?: (p: MapPickerProps) => React.ReactElement;
  onValues?: (v: LeadFieldValues) => void;
  keepOffline?: boolean;
}) {
  const [values, setValues] = useState<LeadFieldValues>({});
  return (
    <LeadFormFields
      inputs={INPUTS}
      values={values}
      upload={{ ...UPLOAD, keepOffline: props.keepOffline ?? false }}
      MapPicker={props.MapPicker}
      errors={{ 2: 'Customer Name is required' }}
      onChange={(id, v) =>
        setValues((old) => {
          const next = { ...old, [id]: v };
          props.onValues?.(next);
          return next;
        })
      }
    />
  );
}

describe('the lead-form renderer', () => {
  afterEach(cleanup);

  it('shows option names in the reader’s language while each option keeps the English value a lead stores', () => {
    const city: FormInputDef = {
      input_id: 4,
      label: 'शहर',
      input_type: 'DROPDOWN',
      input_enum: ['Pune', 'Delhi'],
      option_labels: ['पुणे', 'दिल्ली'],
    };
    render(<LeadFormFields inputs={[city]} values={{}} onChange={() => undefined} upload={UPLOAD} />);
    const options = [...screen.getByLabelText<HTMLSelectElement>(/शहर/).options].slice(1);
    expect(options.map((o) => [o.value, o.text])).toEqual([
      ['Pune', 'पुणे'],
      ['Delhi', 'दिल्ली'],
    ]);
  });

  it('renders every input with its label, placeholder, required flag and error', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Country code')).toHaveProperty('value', '+91');
    expect([...screen.getByLabelText<HTMLSelectElement>('Country code').options].map((o) => o.value)).toEqual([
      '+91',
      '+60',
      '+971',
      '+974',
      '+1',
    ]);
    expect(screen.getByLabelText(/Customer Mobile/).getAttribute('placeholder')).toBe('Enter 10 digit mobile number');
    expect(screen.getByLabelText(/Customer Name/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Customer Name is required')).toBeTruthy();
    expect(screen.getByLabelText(/PAN Number/).getAttribute('aria-required')).toBe('false');
    expect([...screen.getByLabelText<HTMLSelectElement>(/City/).options].map((o) => o.text)).toEqual(['Select city', 'Pune', 'Delhi']);
    // Images open the camera unless the form allows the file manager.
    expect(screen.getByLabelText(/Shop Photo/).getAttribute('capture')).toBe('environment');
    // The picker offers exactly what the server takes for the input, nothing it would refuse.
    expect(screen.getByLabelText(/Shop Photo/).getAttribute('accept')).toBe('.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp');
    expect(screen.getByLabelText(/Aadhaar Photo/).hasAttribute('capture')).toBe(false);
    expect(screen.getByLabelText(/Shop Video/).getAttribute('accept')).toBe('.mp4,video/mp4');
    expect(screen.getByLabelText(/Salary Slip/).getAttribute('accept')).toContain('.pdf');
    expect(screen.getByRole('button', { name: 'Use my location: Shop Location' })).toBeTruthy();
  });

  it('keeps the mobile to digits, strips +91 and keeps the last 10', () => {
    let latest: LeadFieldValues = {};
    render(<Harness onValues={(v) => (latest = v)} />);
    const mobile = screen.getByLabelText<HTMLInputElement>(/Customer Mobile/);
    fireEvent.change(mobile, { target: { value: '+91 98765-00001' } });
    expect(mobile.value).toBe('9876500001');
    fireEvent.change(screen.getByLabelText(/PAN Number/), { target: { value: 'akx pv4821m' } });
    expect(latest[3]).toBe('AKXPV4821M');
  });

  it('uses the map picker the caller passes for MAP_LOCATION', () => {
    let latest: LeadFieldValues = {};
    const Picker = (p: MapPickerProps) => (
      <button type="button" id={p.id} onClick={() => p.onChange({ lat: 12.9716, lng: 77.5946 })}>
        Pick on map
      </button>
    );
    render(<Harness MapPicker={Picker} onValues={(v) => (latest = v)} />);
    expect(screen.queryByRole('button', { name: /Use my location/ })).toBeNull();
    fireEvent.click(screen.getByText('Pick on map'));
    expect(toLeadInputValues(INPUTS, latest).find((v) => v.input_id === 9)?.value).toEqual({ lat: 12.9716, lng: 77.5946 });
  });

  it('finds the same errors the server would, and sends files by file_id', () => {
    const values: LeadFieldValues = { 1: '98765', 4: 'Paris', 5: { file_id: 10042, file_name: 'shop.jpg' } };
    const errors = Object.entries(leadFormErrors(INPUTS, values)).map(([id, message]) => [id, validationText(message)]);
    expect(Object.fromEntries(errors)).toEqual({
      1: 'Invalid Mobile Number',
      2: 'Customer Name is required',
      4: 'Please choose one of the options for City',
    });
    expect(toLeadInputValues(INPUTS, values).find((v) => v.input_id === 5)?.value).toBe('10042');
  });

  it('keeps a photo picked without a signal on the device when the area can queue it, counted as given but sent only once uploaded', async () => {
    URL.createObjectURL ??= () => 'blob:preview';
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    let latest: LeadFieldValues = {};
    render(<Harness keepOffline onValues={(v) => (latest = v)} />);
    const photo = new File([new Uint8Array([1, 2, 3])], 'shop.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText(/Shop Photo/), { target: { files: [photo] } });
    expect(await screen.findByText('On this phone: shop.png')).toBeTruthy();
    expect(screen.getByText('No signal: it uploads when the network returns.')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(latest[5]).toMatchObject({ kept: true, file_name: 'shop.png', blob: photo });
    expect(leadFormErrors(INPUTS, latest)[5]).toBeUndefined();
    expect(toLeadInputValues(INPUTS, latest).find((v) => v.input_id === 5)?.value).toBeNull();
    // A refusal the server gave for it stays on the field until it is replaced.
    expect(leadFormErrors(INPUTS, { ...latest, 5: { kept: true, file_name: 'shop.png', blob: photo, problem: 'Too big' } })[5]).toBe(
      'Too big',
    );
    online.mockRestore();
    fetchSpy.mockRestore();
  });
});
