import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { text } from './base';
import { candidateNameSchema } from './hiring';
import { teamFirstNameSchema } from './team';
import { mobileSchema } from './mobile';
import { commonCatalogue } from './texts/common';
import { englishTexts } from './texts/english';
import { FieldWords, renderSaid, Said, saidIn } from './texts/said';
import hi, { fields } from './texts.hi';
import { validationMessage } from './validation';

const saidOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return validationMessage(r.error);
};
const messageOf = (schema: z.ZodType, value: unknown) => renderSaid(saidOf(schema, value), englishTexts, englishTexts);
const hindiOf = (schema: z.ZodType, value: unknown) => renderSaid(saidOf(schema, value), hi, englishTexts, fields);

const said = saidIn(commonCatalogue);
const body = z.object({
  first_name: text({ error: said('common.nameRequired') })
    .trim()
    .min(1, said('common.nameRequired'))
    .max(100),
  mobile: mobileSchema,
  earning: z.number(),
});

describe('the message a person reads for a bad request', () => {
  it('never starts with the API name of a field', () => {
    expect(messageOf(body, { first_name: '', mobile: '9876500001', earning: 1 })).toBe('Name is required');
    expect(messageOf(body, { first_name: 'x'.repeat(101), mobile: '9876500001', earning: 1 })).toBe(
      'First name can have at most 100 characters',
    );
    expect(messageOf(body, { first_name: 'Asha', mobile: '12345', earning: 1 })).toBe('Invalid Mobile Number');
    expect(messageOf(body, { first_name: 'Asha', mobile: '9876500001', earning: 'lots' })).toMatch(/^Check earning: /);
    for (const v of [{}, { first_name: 1 }, { first_name: 'a'.repeat(200), mobile: 5 }])
      expect(messageOf(body, v)).not.toMatch(/^[a-z_]+:/);
  });

  it('states every length limit a person can reach with its number', () => {
    expect(messageOf(teamFirstNameSchema, 'x'.repeat(75))).toBe('Name can have at most 60 characters');
    expect(messageOf(candidateNameSchema, 'x'.repeat(101))).toBe('Name can have at most 100 characters');
  });
});

describe('a validation message in another language', () => {
  it('is said by its code, with the field by its key', () => {
    expect(saidOf(body, { first_name: '', mobile: '9876500001', earning: 1 })).toEqual(new Said('common.nameRequired'));
    const tooLong = saidOf(body, { first_name: 'x'.repeat(101), mobile: '9876500001', earning: 1 });
    expect(tooLong.code).toBe('validation.tooLong');
    expect(tooLong.vars).toEqual({ field: new FieldWords('first_name', true), n: 100 });
    const check = saidOf(body, { first_name: 'Asha', mobile: '9876500001', earning: 'lots' });
    expect(check.code).toBe('validation.field');
    expect(check.vars.field).toEqual(new FieldWords('earning'));
  });

  it('is rendered in Hindi from the catalogue, the field by its Hindi name, without looking up the English words', () => {
    expect(hindiOf(body, { first_name: '', mobile: '9876500001', earning: 1 })).toBe('नाम डालना ज़रूरी है');
    expect(hindiOf(body, { first_name: 'Asha', mobile: '', earning: 1 })).toBe(commonCatalogue.hi['common.mobileRequired']);
    expect(hindiOf(body, { first_name: 'x'.repeat(101), mobile: '9876500001', earning: 1 })).toBe('नाम में ज़्यादा से ज़्यादा 100 अक्षर हो सकते हैं');
    expect(hindiOf(teamFirstNameSchema, 'x'.repeat(75))).toBe('नाम में ज़्यादा से ज़्यादा 60 अक्षर हो सकते हैं');
    // zod's own words are no text of ours: the field, and "Invalid value" by its code.
    expect(hindiOf(z.object({ mobile: z.string() }), {})).toBe(
      commonCatalogue.hi['validation.field']
        .replace('{field}', 'मोबाइल नंबर')
        .replace('{message}', commonCatalogue.hi['common.invalidValue']),
    );
  });

  it('says a length limit with the catalogue’s words', () => {
    expect(messageOf(text().max(3, 'Too long'), 'abcd')).toBe(
      commonCatalogue.en['validation.tooLong'].replace('{field}', 'This').replace('{n}', '3'),
    );
  });
});
