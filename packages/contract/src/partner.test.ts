import { describe, expect, it } from 'vitest';
import {
  formatRupees,
  isCallActive,
  leadStatusQuery,
  leadStatusText,
  leadTiles,
  leadsReportFileName,
  needsAttachment,
  showsCustomerMobile,
  walletSign,
} from './partner';
import { accountsMatch, canAddBank, canMakeDefault, canRemoveBank, maskAccount, payoutBank, shouldLookupIfsc } from './partner-profile';

describe('lead status filter mapping', () => {
  it('sends Expired as status 0 + archive_status 1, Pending with archive_status 0, the rest with [0,1]', () => {
    expect(leadStatusQuery(3)).toEqual({ status: 0, archive_status: [1] });
    expect(leadStatusQuery(0)).toEqual({ status: 0, archive_status: [0] });
    expect(leadStatusQuery(1)).toEqual({ status: 1, archive_status: [0, 1] });
    expect(leadStatusQuery(2)).toEqual({ status: 2, archive_status: [0, 1] });
    expect(leadStatusQuery('')).toEqual({ archive_status: [0, 1] });
  });
  it('names a lead Expired whenever archive_status is set', () => {
    expect(leadStatusText({ status: 0, archive_status: 1 })).toBe('Expired');
    expect(leadStatusText({ status: 1, archive_status: 0 })).toBe('Approved');
    expect(leadStatusText({ status: 2, archive_status: 0 })).toBe('Rejected');
    expect(leadStatusText({ status: 0, archive_status: 0 })).toBe('Pending');
  });
});

describe('lead count tiles', () => {
  it('follows the spec: Total = all five buckets, Pending = pending + pending-partial + archived', () => {
    expect(leadTiles({ PENDING: 10, PENDING_PARTIAL: 2, REJECTED: 3, VERIFIED: 5, archived_count: 4 })).toEqual({
      total: 24,
      pending: 16,
      approved: 5,
      rejected: 3,
    });
    expect(leadTiles({ PENDING: 0, PENDING_PARTIAL: 0, REJECTED: 0, VERIFIED: 0, archived_count: 0 })).toEqual({
      total: 0,
      pending: 0,
      approved: 0,
      rejected: 0,
    });
  });
});

describe('report rules', () => {
  it('hides the customer mobile for categories 4 and 6 only', () => {
    expect([1, 2, 3, 4, 5, 6, 7].filter((c) => !showsCustomerMobile(c))).toEqual([4, 6]);
  });
  it('offers Attach only on empty image, video and file inputs', () => {
    expect(needsAttachment({ input_type: 'IMAGE', value: null })).toBe(true);
    expect(needsAttachment({ input_type: 'VIDEO', value: '' })).toBe(true);
    expect(needsAttachment({ input_type: 'FILE', value: null })).toBe(true);
    expect(needsAttachment({ input_type: 'IMAGE', value: '12' })).toBe(false);
    expect(needsAttachment({ input_type: 'TEXT', value: null })).toBe(false);
    expect(needsAttachment(undefined)).toBe(false);
  });
  it('names the download by date', () => expect(leadsReportFileName('2026-11-21')).toBe('Leads_Report_2026-11-21.csv'));
});

describe('wallet and calls', () => {
  it('signs credits + and everything else -', () => {
    expect(walletSign(1)).toBe('+');
    expect(walletSign(2)).toBe('-');
  });
  it('shows paise as rupees with Indian grouping', () => expect(formatRupees(12345678)).toBe('₹1,23,456.78'));
  it('polls while queued, ringing or in progress', () => {
    expect(['queued', 'ringing', 'in-progress'].every(isCallActive)).toBe(true);
    expect(['completed', 'no-answer', 'busy', 'failed'].some(isCallActive)).toBe(false);
  });
});

describe('bank rules', () => {
  it('saves only when the account number is there and equals its confirmation', () => {
    expect(accountsMatch('12345678901', '12345678901')).toBe(true);
    expect(accountsMatch('12345678901', '12345678902')).toBe(false);
    expect(accountsMatch('', '')).toBe(false);
  });
  it('allows adding below 3, default only on verified non-default banks, lookup at 11 characters', () => {
    const banks = (statuses: number[]) => statuses.map((status) => ({ status }));
    expect([[], [1], [1, 0], [1, 0, 0], [1, 1, 1, 0]].map((s) => canAddBank(banks(s)))).toEqual([true, true, true, false, false]);
    // A rejected bank is out of use: it does not hold a place among the 3, and it can be removed.
    expect(canAddBank(banks([1, 1, 2]))).toBe(true);
    expect(canAddBank(banks([1, 1, 0, 2]))).toBe(false);
    expect([0, 1, 2].map((status) => canRemoveBank({ status }))).toEqual([true, false, true]);
    // Payouts name the default bank; with none yet, banks under review are said, not "No Bank Details Added".
    const bank = (status: number, is_default = false) => ({ status, is_default });
    expect(payoutBank([bank(1, true), bank(0)])).toEqual({ kind: 'default', bank: bank(1, true) });
    expect(payoutBank([bank(0), bank(0), bank(0)])).toEqual({ kind: 'inReview', count: 3 });
    expect(payoutBank([bank(2)])).toEqual({ kind: 'none' });
    expect(payoutBank([])).toEqual({ kind: 'none' });
    expect(canMakeDefault({ status: 1, is_default: false })).toBe(true);
    expect(canMakeDefault({ status: 1, is_default: true })).toBe(false);
    expect(canMakeDefault({ status: 2, is_default: false })).toBe(false);
    expect(canMakeDefault({ status: 0, is_default: false })).toBe(false);
    expect(shouldLookupIfsc('HDFC000000')).toBe(false);
    expect(shouldLookupIfsc('HDFC0000001')).toBe(true);
    expect(maskAccount('4321', 14)).toBe('XXXXXXXXXX4321');
  });
});
