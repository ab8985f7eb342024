import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { text } from './base';
import { candidateNameSchema } from './hiring';
import { teamFirstNameSchema } from './team';
import { mobileSchema } from './mobile';
import { validationMessage } from './validation';

const messageOf = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error('expected a failure');
  return validationMessage(r.error);
};

describe('the message a person reads for a bad request', () => {
  it('never starts with the API name of a field', () => {
    const body = z.object({
      first_name: text({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
      mobile: mobileSchema,
      earning: z.number(),
    });
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
