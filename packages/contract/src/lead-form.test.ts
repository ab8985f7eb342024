import { describe, expect, it } from 'vitest';
import { criteriaPairs, decideEligibility, reasonText } from './campaign';
import { englishOf } from './texts/said';
import { leadCustomer, validateLeadInput, validateLeadInputs, type FormInputDef } from './lead-form';

const input = (over: Partial<FormInputDef>): FormInputDef => ({
  input_id: 9,
  label: 'Field',
  input_type: 'TEXT',
  validation: { required: true },
  ...over,
});

describe('lead form values', () => {
  it('normalises the mobile by the campaign rule and says what is wrong', () => {
    const mobile = input({
      input_id: 1,
      label: 'Customer Mobile',
      input_type: 'NUMBER',
      input_category: 'MOBILE',
      validation: { required: false },
    });
    expect(validateLeadInput(mobile, '+91 98765-00001').value?.value).toBe('9876500001');
    expect(validateLeadInput(mobile, '0919876500001').value?.value).toBe('9876500001');
    expect(englishOf(validateLeadInput(mobile, '').error)).toBe('Mobile number is required');
    expect(englishOf(validateLeadInput(mobile, '98765').error)).toBe('Invalid Mobile Number');
  });

  it('checks PAN, numbers, e-mail, dropdowns and text by their types', () => {
    expect(validateLeadInput(input({ input_category: 'PAN_CARD' }), ' akxpv4821m ').value?.value).toBe('AKXPV4821M');
    expect(englishOf(validateLeadInput(input({ input_category: 'PAN_CARD' }), 'AKXPV48210').error)).toBe(
      'Invalid PAN number, it should look like ABCDE1234F',
    );
    const account = input({ label: 'Bank Account Number', input_category: 'BANK_ACCOUNT' });
    expect(validateLeadInput(account, ' 5010 0123-454321 ').value?.value).toBe('50100123454321');
    expect(englishOf(validateLeadInput(account, '12345').error)).toBe('Account number must be 9 to 18 digits');
    expect(validateLeadInput(input({ label: 'Age', input_type: 'NUMBER' }), '1,200').value?.value).toBe('1200');
    expect(englishOf(validateLeadInput(input({ label: 'Age', input_type: 'NUMBER' }), '12a').error)).toBe('Age must be a number');
    expect(validateLeadInput(input({ input_type: 'EMAIL' }), 'A@B.in').value?.value).toBe('a@b.in');
    expect(englishOf(validateLeadInput(input({ input_type: 'EMAIL' }), 'a@b').error)).toBe('Invalid email address');
    const city = input({ label: 'City', input_type: 'DROPDOWN', input_enum: ['Pune', 'Delhi'] });
    expect(validateLeadInput(city, 'Pune').value?.value).toBe('Pune');
    expect(englishOf(validateLeadInput(city, 'Paris').error)).toBe('Please choose one of the options for City');
    expect(englishOf(validateLeadInput(input({ label: 'Name' }), 'x'.repeat(501)).error)).toBe('Name can have at most 500 characters');
  });

  it('holds a file_id for IMAGE, VIDEO and FILE, and lat/lng for MAP_LOCATION', () => {
    for (const type of ['IMAGE', 'VIDEO', 'FILE']) {
      const file = input({ label: 'Photo', input_type: type });
      expect(validateLeadInput(file, '10023').value).toEqual({ input_id: 9, value: '10023', file_id: 10023 });
      expect(englishOf(validateLeadInput(file, 'abc').error)).toBe('Please upload Photo');
      expect(englishOf(validateLeadInput(file, null).error)).toBe('Please upload Photo');
    }
    const map = input({ input_type: 'MAP_LOCATION' });
    expect(validateLeadInput(map, { lat: 12.9716, lng: 77.5946 }).value?.value).toBe('12.971600,77.594600');
    expect(validateLeadInput(map, '12.5, 77.25').value?.value).toBe('12.500000,77.250000');
    expect(englishOf(validateLeadInput(map, { lat: 120, lng: 0 }).error)).toBe('Location not selected');
    expect(englishOf(validateLeadInput(map, null).error)).toBe('Location not selected');
  });

  it('lets optional inputs be empty and refuses inputs not on the form', () => {
    const inputs = [
      input({ input_id: 1, label: 'Mobile', input_category: 'MOBILE' }),
      input({ input_id: 2, label: 'Customer Name' }),
      input({ input_id: 3, label: 'Note', validation: { required: false } }),
    ];
    const ok = validateLeadInputs(inputs, [
      { input_id: 1, value: '9876500001' },
      { input_id: 2, value: ' Meena ' },
    ]);
    expect(ok.errors).toEqual({});
    expect(leadCustomer(inputs, ok.values)).toEqual({ mobile: '9876500001', name: 'Meena' });
    const bad = validateLeadInputs(inputs, [
      { input_id: 1, value: '9876500001' },
      { input_id: 7, value: 'x' },
    ]);
    expect(Object.fromEntries(Object.entries(bad.errors).map(([id, e]) => [id, englishOf(e)]))).toEqual({
      2: 'Customer Name is required',
      7: 'This field is not on the form',
    });
  });
});

describe('credit rules', () => {
  const rules = { min_income: 25000, min_score: 700, min_age: 21, max_age: 60 };
  it('passes a profile inside every rule and names the first rule that fails', () => {
    expect(decideEligibility(rules, { earning: 30000, score: 720, age: 30 })).toBeNull();
    expect(decideEligibility(rules, { earning: 20000, score: 600, age: 70 })?.reason_text).toBe('Monthly income must be at least ₹25,000');
    expect(decideEligibility(rules, { earning: 30000, score: 600, age: 30 })?.reason_key).toBe('score');
    expect(decideEligibility(rules, { earning: 30000, score: 720, age: 61 })).toMatchObject({
      reason_key: 'age',
      reason_comparison: 'max',
      reason_value: 60,
    });
    expect(decideEligibility(null, { earning: 0, score: 300, age: 18 })).toBeNull();
    expect(reasonText({ reason_key: 'age', reason_comparison: 'min', reason_value: 21 })).toBe('Age must be at least 21 years');
  });

  it('reads customerCriteria pairs', () => {
    expect(criteriaPairs('Age_21 to 60 years;;Income_₹25,000 a month;; ;;Note')).toEqual([
      { label: 'Age', value: '21 to 60 years' },
      { label: 'Income', value: '₹25,000 a month' },
      { label: 'Note', value: '' },
    ]);
  });
});
