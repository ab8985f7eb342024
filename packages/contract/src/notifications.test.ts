import { describe, expect, it } from 'vitest';
import {
  allSmsTemplateKeys,
  mayOptOut,
  NOTIFY_KINDS_OF,
  NOTIFY_EVENTS,
  NOTIFY_TEMPLATES,
  notificationLink,
  renderMerged,
  renderNotification,
  rupees,
  smsTemplateKey,
  allWhatsAppTemplateKeys,
  whatsappMessage,
  notificationSettingBodySchema,
} from './notifications';

const lead = { lead_id: 501, project: 'Zenith Credit Card', customer: 'Kiran Shetty' };
// 10:30 at +05:30 on 2 December.
const interview = { booking_id: 3, project: 'Delivery Associate', when: '2026-12-02T05:00:00.000Z', place: '12 MG Road, Pune' };

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
        { payout_run_id: 7, amount_paise: 123_450, to: 'bank', ending: '4321', reference: 'UTR0001' },
        'Payout of ₹1,234.50 sent to your bank account ending 4321. Reference UTR0001. - PickMyWork',
        '₹1,234.50 का भुगतान आपके बैंक खाते (अंतिम अंक 4321) में भेजा गया। रेफ़रेंस UTR0001। - PickMyWork',
      ],
      [
        'payout_failed',
        { payout_run_id: 7, amount_paise: 50_000, reason: 'Account closed' },
        'Payout of ₹500 failed: Account closed. The money is back in your wallet. - PickMyWork',
        '₹500 का भुगतान नहीं हो सका: Account closed। पैसे आपके वॉलेट में वापस आ गए। - PickMyWork',
      ],
      [
        'candidate_joined',
        { application_id: 9, project: 'Delivery Associate', candidate: 'Sunil Kumar', amount_paise: 150_000 },
        'Candidate joined: Sunil for Delivery Associate. ₹1,500 added to your wallet. - PickMyWork',
        'उम्मीदवार ने जॉइन किया: Delivery Associate के लिए Sunil। ₹1,500 आपके वॉलेट में जोड़े गए। - PickMyWork',
      ],
      [
        'support_answered',
        { ticket_id: 42, user_id: 101 },
        'Support answered your query #42. Open the app to read it. - PickMyWork',
        'सपोर्ट ने आपकी क्वेरी #42 का जवाब दिया। पढ़ने के लिए ऐप खोलें। - PickMyWork',
      ],
      [
        'support_resolved',
        { ticket_id: 42, user_id: 101 },
        'Support marked your query #42 resolved. Open the app to rate the answer. - PickMyWork',
        'सपोर्ट ने आपकी क्वेरी #42 हल कर दी। जवाब को रेटिंग देने के लिए ऐप खोलें। - PickMyWork',
      ],
      [
        'interview_booked',
        interview,
        'Interview booked for Delivery Associate on 02 Dec 2026, 10:30 AM at 12 MG Road, Pune. - PickMyWork',
        'Delivery Associate के लिए इंटरव्यू 02 दिस॰ 2026, 10:30 AM को 12 MG Road, Pune पर बुक हो गया। - PickMyWork',
      ],
      [
        'interview_reminder',
        interview,
        'Reminder: your interview for Delivery Associate is tomorrow, 02 Dec 2026, 10:30 AM, at 12 MG Road, Pune. - PickMyWork',
        'रिमाइंडर: Delivery Associate के लिए आपका इंटरव्यू कल, 02 दिस॰ 2026, 10:30 AM को 12 MG Road, Pune पर है। - PickMyWork',
      ],
      [
        'interview_rescheduled',
        interview,
        'Your interview for Delivery Associate is now on 02 Dec 2026, 10:30 AM at 12 MG Road, Pune. - PickMyWork',
        'Delivery Associate के लिए आपका इंटरव्यू अब 02 दिस॰ 2026, 10:30 AM को 12 MG Road, Pune पर है। - PickMyWork',
      ],
      [
        'invoice_approved',
        { invoice_id: 10001, invoice_number: 'PMW204/2026-27/001', amount_paise: 118_000 },
        'Your invoice PMW204/2026-27/001 for ₹1,180 is approved. It is paid in the next payout. - PickMyWork',
        'आपका इनवॉइस PMW204/2026-27/001 (₹1,180) स्वीकृत हो गया। इसका भुगतान अगले पेआउट में होगा। - PickMyWork',
      ],
      [
        'invoice_rejected',
        { invoice_id: 10001, invoice_number: 'PMW204/2026-27/001', reason: 'PIN code missing' },
        'Your invoice PMW204/2026-27/001 was sent back: PIN code missing. Correct it and send it again on the Payouts page. - PickMyWork',
        'आपका इनवॉइस PMW204/2026-27/001 वापस भेजा गया: PIN code missing। इसे ठीक करके पेआउट पेज से फिर से भेजें। - PickMyWork',
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
      [
        'merchant_feedback_link',
        { job_task_id: 9, partner: 'Asha Devi', job: 'PaySetu Merchant QR', link: 'https://pickmywork.in/fb/9/a/b/c' },
        'Asha from PickMyWork served you for PaySetu Merchant QR. Please rate their work: https://pickmywork.in/fb/9/a/b/c - PickMyWork',
        'PickMyWork के Asha ने PaySetu Merchant QR के लिए आपकी सेवा की। कृपया उनके काम को रेटिंग दें: https://pickmywork.in/fb/9/a/b/c - PickMyWork',
      ],
    ] as const;
    expect(cases.map((c) => c[0]).sort()).toEqual([...NOTIFY_EVENTS].sort());
    for (const [event, data, en, hi] of cases) {
      expect(renderNotification(event, data as never, 'en')).toBe(en);
      expect(renderNotification(event, data as never, 'hi')).toBe(hi);
    }
  });

  it("says a bank's refusal of ours in the reader's language by its code, and ops' own reason as written", () => {
    const data = {
      bank_ending: '4321',
      reason: 'The bank says this account or UPI ID does not exist',
      reason_code: 'profile.methodInvalid',
      reason_vars: {},
    };
    expect(renderNotification('bank_rejected', data, 'hi')).toBe(
      'आपका बैंक खाता (अंतिम अंक 4321) अस्वीकार हुआ: बैंक के अनुसार यह अकाउंट या UPI ID मौजूद नहीं है। प्रोफ़ाइल में फिर से जोड़ें। - PickMyWork',
    );
    expect(renderNotification('bank_rejected', data, 'en')).toBe(
      'Your bank account ending 4321 was rejected: The bank says this account or UPI ID does not exist. Add it again in your profile. - PickMyWork',
    );
  });

  it("says a failed payout's reason of ours in the reader's language, the bank's own words as they came", () => {
    const returned = { payout_run_id: 7, amount_paise: 50_000, reason: 'Returned by the bank', reason_code: 'wallet.returnedByBank' };
    expect(renderNotification('payout_failed', returned, 'hi')).toBe(
      '₹500 का भुगतान नहीं हो सका: बैंक ने लौटा दिया। पैसे आपके वॉलेट में वापस आ गए। - PickMyWork',
    );
    expect(renderNotification('payout_failed', returned, 'en')).toContain('failed: Returned by the bank.');
    const theirs = { payout_run_id: 7, amount_paise: 50_000, reason: 'Account closed', reason_code: null, reason_vars: null };
    expect(renderNotification('payout_failed', theirs, 'hi')).toContain(': Account closed।');
    // A code these texts do not have (a row of another time) keeps the stored English.
    expect(renderNotification('payout_failed', { ...returned, reason_code: 'wallet.gone' }, 'hi')).toContain(': Returned by the bank।');
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
        const data = {
          ...lead,
          ...interview,
          amount_paise: 100,
          reason: 'r',
          payout_run_id: 1,
          bank_ending: '1',
          to: 'upi',
          ending: 'ok',
          reference: 'UTR',
          document: 'PAN',
          candidate: 'Sunil',
          ticket_id: 1,
          user_id: 1,
          job_task_id: 1,
          partner: 'Asha',
          job: 'QR',
          link: 'https://x.test/fb/1',
        };
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

  it('says where a UPI payout went', () => {
    const upi = { payout_run_id: 7, amount_paise: 100_000, to: 'upi', ending: 'ybl', reference: 'UTR9' } as const;
    expect(renderNotification('payout_sent', upi, 'en')).toBe(
      'Payout of ₹1,000 sent to your UPI ID ending ybl. Reference UTR9. - PickMyWork',
    );
  });

  it('money kinds cannot be turned off', () => {
    expect(mayOptOut('payout_sent')).toBe(false);
    expect(mayOptOut('payout_failed')).toBe(false);
    expect(mayOptOut('lead_approved')).toBe(true);
    for (const kinds of Object.values(NOTIFY_KINDS_OF)) for (const k of kinds) expect(NOTIFY_EVENTS).toContain(k);
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
    expect(keys).toContain('interview_reminder');
    expect(keys).toContain('payout_failed.hi');
    expect(keys).toContain('merchant_feedback_link');
    expect(keys).toContain('lead_rejected.merged');
    expect(keys).not.toContain('payout_sent.merged');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('links to the lead, the payouts or the profile tab', () => {
    expect(notificationLink('lead_approved', 'partner', { ...lead, amount_paise: 1 })).toBe('/partner/report?search=501');
    expect(notificationLink('payout_sent', 'partner', { payout_run_id: 1, amount_paise: 1, to: 'bank', ending: '1', reference: 'U' })).toBe(
      '/partner/earnings',
    );
    expect(notificationLink('payout_failed', 'partner', { payout_run_id: 1, amount_paise: 1, reason: 'x' })).toBe('/partner/earnings');
    expect(notificationLink('support_answered', 'worker', { ticket_id: 42, user_id: 101 })).toBe(
      '/support/ticket?user_id=101&ticket_id=42',
    );
    expect(notificationLink('kyc_rejected', 'partner', { document: 'PAN', reason: 'x' })).toBe('/partner/profile/doc');
    expect(notificationLink('bank_rejected', 'partner', { bank_ending: '1', reason: 'x' })).toBe('/partner/profile/bank');
    expect(notificationLink('lead_rejected', 'team', { ...lead, reason: 'x' })).toBe('report');
    expect(notificationLink('invoice_rejected', 'partner', { invoice_id: 10001, invoice_number: 'N', reason: 'x' })).toBe(
      '/partner/earnings#invoice-10001',
    );
  });

  it('the merchant feedback link is a notification with its own DLT keys, linking nowhere in the app', () => {
    expect(allSmsTemplateKeys()).toEqual(expect.arrayContaining(['merchant_feedback_link', 'merchant_feedback_link.hi']));
    expect(
      notificationLink('merchant_feedback_link', 'merchant', { job_task_id: 1, partner: 'A', job: 'J', link: 'https://x.test' }),
    ).toBeNull();
    expect(NOTIFY_KINDS_OF.partner).not.toContain('merchant_feedback_link');
  });
});

describe('WhatsApp templates', () => {
  it('one approved name per event and merged text, none for the merchant (who cannot choose WhatsApp)', () => {
    const keys = allWhatsAppTemplateKeys();
    expect(keys).toContain('lead_approved');
    expect(keys).toContain('lead_approved.merged');
    expect(keys).toContain('payout_sent');
    expect(keys).not.toContain('payout_sent.merged');
    expect(keys).not.toContain('merchant_feedback_link');
    expect(keys.some((k) => k.endsWith('.hi'))).toBe(false);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('fills the body parameters in the order of the English text, with the words of the reader', () => {
    const data = { ...lead, project_hi: 'ज़ेनिथ क्रेडिट कार्ड', amount_paise: 50_000 };
    expect(whatsappMessage('lead_approved', [data], 'en')).toEqual({
      key: 'lead_approved',
      params: ['Kiran', 'Zenith Credit Card', '₹500'],
    });
    // The Hindi template numbers its places as the English does: the same order, the Hindi project name.
    expect(whatsappMessage('lead_approved', [data], 'hi')).toEqual({ key: 'lead_approved', params: ['Kiran', 'ज़ेनिथ क्रेडिट कार्ड', '₹500'] });
    expect(whatsappMessage('lead_approved', [data, data], 'hi')).toEqual({ key: 'lead_approved.merged', params: ['2', '₹1,000'] });
    expect(whatsappMessage('kyc_verified', [{ document: 'PAN' }], 'hi')).toEqual({ key: 'kyc_verified', params: ['पैन कार्ड'] });
    // Every event's parameters are all filled.
    for (const event of allWhatsAppTemplateKeys().filter((k) => !k.includes('.'))) {
      const any = {
        ...lead,
        ...interview,
        amount_paise: 1,
        reason: 'r',
        payout_run_id: 1,
        bank_ending: '1',
        to: 'upi',
        ending: 'e',
        reference: 'U',
        document: 'PAN',
        candidate: 'S',
        ticket_id: 1,
        user_id: 1,
        invoice_id: 1,
        invoice_number: 'PMW204/2026-27/001',
      };
      const { params } = whatsappMessage(event as never, [any] as never, 'en');
      expect(params.every((p) => p !== '')).toBe(true);
    }
  });

  it('a settings change is a kind on or off, or WhatsApp on or off, not both', () => {
    expect(notificationSettingBodySchema.safeParse({ whatsapp: true }).success).toBe(true);
    expect(notificationSettingBodySchema.safeParse({ kind: 'lead_approved', on: false }).success).toBe(true);
    expect(notificationSettingBodySchema.safeParse({ kind: 'lead_approved', on: false, whatsapp: true }).success).toBe(false);
    expect(notificationSettingBodySchema.safeParse({ whatsapp: 'yes' }).success).toBe(false);
  });
});
