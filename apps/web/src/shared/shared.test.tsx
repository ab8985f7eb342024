import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@pmw/contract/api';
import { api, ApiError, onUnauthorized } from './api-client';
import { mobileSchema } from '@pmw/contract/mobile';
import { teamFirstNameSchema } from '@pmw/contract/team';
import { validateLeadInput, type FormInputDef } from '@pmw/contract/lead-form';
import { saidMessage } from '@pmw/contract/texts/said';
import { defineCatalogue, defineMessages, firstIssue, getLocale, loadCatalogues, validationText, withLocale } from './i18n';
import { errorText, MessageBar, showError, showSuccess } from './message-bar';

describe('message bar', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows errors in red and successes in green, and hides after 2500 ms', () => {
    render(<MessageBar />);
    act(() => showError(new ApiError('Invalid Mobile Number', 'VALIDATION', 400)));
    expect(screen.getByRole('alert').textContent).toBe('Invalid Mobile Number');
    expect(screen.getByText('Invalid Mobile Number').className).toContain('message-bar--error');
    act(() => showSuccess('Details updated successfully!'));
    expect(screen.getByText('Details updated successfully!').className).toContain('message-bar--success');
    act(() => vi.advanceTimersByTime(2499));
    expect(screen.queryByText('Details updated successfully!')).not.toBeNull();
    act(() => vi.advanceTimersByTime(2));
    expect(screen.queryByText('Details updated successfully!')).toBeNull();
  });

  it("says the server's message, else the browser's failure by its code, else 'Something went wrong'", () => {
    expect(errorText(new ApiError('OTP has expired, please request a new one', 'OTP_EXPIRED', 400))).toBe(
      'OTP has expired, please request a new one',
    );
    expect(errorText(ApiError.said('common.networkError', 'NETWORK', 0))).toBe('Network error, please check your connection');
    expect(errorText(new Error('Failed to fetch'))).toBe('Something went wrong');
    expect(errorText(undefined)).toBe('Something went wrong');
    expect(errorText(new ApiError('', 'X', 500))).toBe('Something went wrong');
    expect(withLocale('hi', () => errorText(ApiError.said('common.networkError', 'NETWORK', 0)))).toBe('नेटवर्क की दिक्कत है, अपना कनेक्शन जाँचें');
  });
});

describe('catalogue', () => {
  it('fills variables', () => {
    const t = defineMessages({ calling: 'Calling with {name}: {status}' });
    expect(t('calling', { name: 'Anil', status: 'ringing' })).toBe('Calling with Anil: ringing');
  });

  it('loads only the language asked for, and renders two languages one after another', async () => {
    const en = { calling: 'Calling with {name}' };
    const enLoader = vi.fn(async () => ({ default: en }));
    const hiLoader = vi.fn(async () => ({ default: { calling: '{name} को कॉल कर रहे हैं' } }));
    const t = defineCatalogue<typeof en>({ en: enLoader, hi: hiLoader });
    await loadCatalogues('hi');
    expect(hiLoader).toHaveBeenCalledOnce();
    expect(enLoader).not.toHaveBeenCalled();
    expect(withLocale('hi', () => t('calling', { name: 'Anil' }))).toBe('Anil को कॉल कर रहे हैं');
    await loadCatalogues('en');
    expect(withLocale('en', () => t('calling', { name: 'Anil' }))).toBe('Calling with Anil');
    expect(withLocale('hi', () => t('calling', { name: 'Anil' }))).toBe('Anil को कॉल कर रहे हैं');
    expect(getLocale()).toBe('en');
  });

  it('says a validation message by its code, never by its English words', async () => {
    await loadCatalogues('hi');
    const issue = (schema: z.ZodType, value: unknown) => schema.safeParse(value).error;
    expect(withLocale('hi', () => firstIssue(issue(mobileSchema, '')))).toBe('मोबाइल नंबर डालना ज़रूरी है');
    expect(withLocale('en', () => firstIssue(issue(mobileSchema, '')))).toBe('Mobile number is required');
    expect(withLocale('hi', () => firstIssue(issue(teamFirstNameSchema, 'x'.repeat(75))))).toBe('नाम में ज़्यादा से ज़्यादा 60 अक्षर हो सकते हैं');
    // zod's own words are no text of ours.
    expect(withLocale('hi', () => firstIssue(issue(z.string(), 5)))).toBe('यह सही नहीं है');
    const shop: FormInputDef = { input_id: 3, label: 'दुकान का नाम', input_type: 'TEXT', validation: { required: true } };
    const refusal = validateLeadInput(shop, '').error!;
    expect(withLocale('hi', () => validationText(refusal))).toBe('दुकान का नाम ज़रूरी है');
    expect(withLocale('en', () => validationText(validateLeadInput({ ...shop, label: 'Shop name' }, '').error!))).toBe(
      'Shop name is required',
    );
    // Words no catalogue holds still read in Hindi: the code says what the message is.
    expect(withLocale('hi', () => validationText(saidMessage('Words nobody indexed', 'common.mobileRequired')))).toBe(
      'मोबाइल नंबर डालना ज़रूरी है',
    );
  });
});

describe('api client', () => {
  const route = defineRoute({
    method: 'GET',
    path: '/thing/:id',
    auth: 'worker',
    params: z.object({ id: z.number() }),
    query: z.object({ q: z.string() }),
    response: z.object({ n: z.number() }),
  });
  afterEach(() => vi.unstubAllGlobals());

  it('builds the path from the contract and parses the answer', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ status: true, message: 'Success', data: { n: 3 } }), { status: 200 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    expect(await api(route, { params: { id: 7 }, query: { q: 'a b' } })).toEqual({ n: 3 });
    expect(fetchMock).toHaveBeenCalledWith('/api/v2/thing/7?q=a+b', expect.objectContaining({ method: 'GET', credentials: 'same-origin' }));
  });

  it('turns a failure into one ApiError with the server message, and a 401 reaches the login handler', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ status: false, message: 'Please log in to continue', code: 'UNAUTHORIZED' }), { status: 401 }),
      ),
    );
    const seen: string[] = [];
    const off = onUnauthorized((r) => seen.push(r.path));
    await expect(api(route, { params: { id: 1 }, query: { q: 'x' } })).rejects.toMatchObject({
      message: 'Please log in to continue',
      code: 'UNAUTHORIZED',
      httpStatus: 401,
    });
    expect(seen).toEqual(['/thing/:id']);
    off();
  });

  it('an answer that does not match the contract is an error, not bad data', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ status: true, message: 'Success', data: { n: 'three' } }), { status: 200 })),
    );
    await expect(api(route, { params: { id: 1 }, query: { q: 'x' } })).rejects.toMatchObject({ code: 'BAD_RESPONSE' });
  });

  it('a network failure says so', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(api(route, { params: { id: 1 }, query: { q: 'x' } })).rejects.toMatchObject({
      code: 'NETWORK',
      text: 'common.networkError',
    });
  });
});
