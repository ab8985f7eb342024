import { describe, expect, it } from 'vitest';
import {
  allSmsTemplateKeys,
  NOTIFY_EVENTS,
  NOTIFY_TEMPLATES,
  notificationLink,
  renderMerged,
  renderNotification,
  rupees,
  smsTemplateKey,
} from './notifications';

const lead = { lead_id: 501, project: 'Zenith Credit Card', customer: 'Kiran Shetty' };

describe('notification texts', () => {
  it('each event reads right in English and in Hindi', () => {
    const cases = [
      [
        'lead_approved',
        { ...lead, amount_paise: 50_000 },
        'Lead approved: Kiran for Zenith Credit Card. ₹500 added to your wallet. - PickMyWork',
        'लीड स्वीकृत: Zenith Credit Card के लिए Kiran। ₹500 आपके वॉलेट में जोड़े गए। - PickMyWork',
      ],
      [
        'lead_rejected',
        { ...lead, reason: 'Duplicate' },
        'Lead rejected: Kiran for Zenith Credit Card. Reason: Duplicate - PickMyWork',
        'लीड अस्वीकृत: Zenith Credit Card के लिए Kiran। कारण: Duplicate - PickMyWork',
      ],
      [
        'lead_needs_details',
        { ...lead, reason: 'Upload the PAN' },
        'Lead needs details: Kiran for Zenith Credit Card. Upload the PAN - PickMyWork',
        'लीड में जानकारी चाहिए: Zenith Credit Card के लिए Kiran। Upload the PAN - PickMyWork',
      ],
      [
        'payout_sent',
        { payout_run_id: 7, amount_paise: 123_450, bank_ending: '4321' },
        'Payout of ₹1,234.50 sent to your bank account ending 4321. - PickMyWork',
        '₹1,234.50 का भुगतान आपके बैंक खाते (अंतिम अंक 4321) में भेजा गया। - PickMyWork',
      ],
      ['kyc_verified', { document: 'PAN' }, 'Your PAN card is verified. - PickMyWork', 'आपका पैन कार्ड सत्यापित हो गया। - PickMyWork'],
      [
        'kyc_rejected',
        { document: 'AADHAAR', reason: 'Blurred photo' },
        'Your Aadhaar card was rejected: Blurred photo. Upload it again in your profile. - PickMyWork',
        'आपका आधार कार्ड अस्वीकार हुआ: Blurred photo। प्रोफ़ाइल में फिर से अपलोड करें। - PickMyWork',
      ],
      [
        'bank_verified',
        { bank_ending: '4321' },
        'Your bank account ending 4321 is verified. - PickMyWork',
        'आपका बैंक खाता (अंतिम अंक 4321) सत्यापित हो गया। - PickMyWork',
      ],
      [
        'bank_rejected',
        { bank_ending: '4321', reason: 'Name does not match' },
        'Your bank account ending 4321 was rejected: Name does not match. Add it again in your profile. - PickMyWork',
        'आपका बैंक खाता (अंतिम अंक 4321) अस्वीकार हुआ: Name does not match। प्रोफ़ाइल में फिर से जोड़ें। - PickMyWork',
      ],
    ] as const;
    expect(cases.map((c) => c[0]).sort()).toEqual([...NOTIFY_EVENTS].sort());
    for (const [event, data, en, hi] of cases) {
      expect(renderNotification(event, data as never, 'en')).toBe(en);
      expect(renderNotification(event, data as never, 'hi')).toBe(hi);
    }
  });

  it("names the project in the reader's language where ops wrote its Hindi title", () => {
    const data = { lead_id: 1, project: 'Gold Loan', project_hi: 'गोल्ड लोन', customer: 'Ravi Kumar', reason: 'Blurred photo' };
    expect(renderNotification('lead_rejected', data, 'hi')).toContain('गोल्ड लोन के लिए Ravi');
    expect(renderNotification('lead_rejected', data, 'en')).toContain('Ravi for Gold Loan');
    expect(renderNotification('lead_rejected', { ...data, project_hi: undefined }, 'hi')).toContain('Gold Loan के लिए');
  });

  it('no template leaves a placeholder unfilled', () => {
    for (const event of NOTIFY_EVENTS) {
      for (const locale of ['en', 'hi'] as const) {
        const data = { ...lead, amount_paise: 100, reason: 'r', payout_run_id: 1, bank_ending: '1', document: 'PAN' };
        expect(renderNotification(event, data as never, locale)).not.toMatch(/\{\w+\}/);
        expect(renderMerged(event, [data, data] as never, locale)).not.toMatch(/\{\w+\}/);
      }
    }
  });

  it('merges one kind for one person into one text: 50 leads approved, ₹25,000', () => {
    const fifty = Array.from({ length: 50 }, (_, i) => ({ ...lead, lead_id: i, amount_paise: 50_000 }));
    expect(renderMerged('lead_approved', fifty, 'en')).toBe('50 leads approved, ₹25,000. - PickMyWork');
    expect(renderMerged('lead_approved', fifty, 'hi')).toBe('50 लीड स्वीकृत, ₹25,000। - PickMyWork');
    // One alone is its own text.
    expect(renderMerged('lead_approved', fifty.slice(0, 1), 'en')).toBe(renderNotification('lead_approved', fifty[0]!, 'en'));
    expect(NOTIFY_TEMPLATES.payout_sent.merged).toBeUndefined();
  });

  it('rupees drops the paise only when there are none', () => {
    expect(rupees(2_500_000)).toBe('₹25,000');
    expect(rupees(123_456)).toBe('₹1,234.56');
    expect(rupees(5)).toBe('₹0.05');
  });

  it('names a DLT template key per text, language and merged form', () => {
    expect(smsTemplateKey('lead_approved', 'en')).toBe('lead_approved');
    expect(smsTemplateKey('lead_approved', 'hi', true)).toBe('lead_approved.merged.hi');
    expect(smsTemplateKey('otp', 'hi')).toBe('otp.hi');
    const keys = allSmsTemplateKeys();
    expect(keys).toContain('otp');
    expect(keys).toContain('interview_rescheduled.hi');
    expect(keys).toContain('lead_rejected.merged');
    expect(keys).not.toContain('payout_sent.merged');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('links to the lead, the payouts or the profile tab', () => {
    expect(notificationLink('lead_approved', 'partner', { ...lead, amount_paise: 1 })).toBe('/partner/report?search=501');
    expect(notificationLink('payout_sent', 'partner', { payout_run_id: 1, amount_paise: 1, bank_ending: '1' })).toBe('/partner/earnings');
    expect(notificationLink('kyc_rejected', 'partner', { document: 'PAN', reason: 'x' })).toBe('/partner/profile/doc');
    expect(notificationLink('bank_rejected', 'partner', { bank_ending: '1', reason: 'x' })).toBe('/partner/profile/bank');
    expect(notificationLink('lead_rejected', 'team', { ...lead, reason: 'x' })).toBe('report');
  });
});
