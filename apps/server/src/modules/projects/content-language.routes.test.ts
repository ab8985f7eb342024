import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignTaskFormSchema, campaignTasksSchema } from '@pmw/contract/campaign';
import { missingHindiRowSchema, opsProjectSchema } from '@pmw/contract/ops-projects';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { body, createTestApp, latestOtp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { validForm, validProject } from '../ops/ops-fixtures.test-helper';

let t: TestApp;
let admin: string;
let asha: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
  asha = await loginWorker(t, '9876500001');
});
afterAll(async () => t.close());

const HINDI = 'pmw_lang=hi';
const ops = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie: admin }, ...(payload ? { payload } : {}) });
const get = (url: string, cookie = '') => t.app.inject({ method: 'GET', url: `/api/v2${url}`, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object, cookie = '') =>
  t.app.inject({ method: 'POST', url: `/api/v2${url}`, payload, headers: cookie ? { cookie } : {} });

describe('ops write content in English and Hindi', () => {
  it("saves a project's Hindi beside its English and answers both back", async () => {
    const created = opsProjectSchema.parse(body(await ops('POST', '/ops/projects', validProject())).data);
    const translations = {
      hi: {
        job_title: 'ज़ेनिथ प्लैटिनम क्रेडिट कार्ड',
        tag_line: 'हर ख़रीद पर कैशबैक',
        rewards: '₹750 कमाएँ',
        features: ['हमेशा मुफ़्त', ''],
        criteria: 'उम्र_21-60;;आय_25000+',
      },
    };
    const saved = await ops('PUT', `/ops/projects/${created.job_id}`, validProject({ translations }));
    expect(saved.statusCode).toBe(200);
    const again = opsProjectSchema.parse(body(await ops('GET', `/ops/projects/${created.job_id}`)).data);
    expect(again.job_title).toBe('Zenith Bank Platinum Credit Card');
    expect(again.translations.hi).toMatchObject(translations.hi);

    // The form's inputs carry their Hindi label, placeholder and options.
    const form = validForm();
    const inputs = form.inputs.map((i) =>
      i.input_id === 2 ? { ...i, translations: { hi: { label: 'ग्राहक का नाम', placeholder: 'पूरा नाम' } } } : i,
    );
    const withForm = await ops('PUT', `/ops/projects/${created.job_id}/form`, {
      ...form,
      inputs,
      translations: { hi: { description: 'लीड फ़ॉर्म' } },
    });
    expect(withForm.statusCode).toBe(200);
    const read = opsProjectSchema.parse(body(await ops('GET', `/ops/projects/${created.job_id}`)).data);
    expect(read.form!.inputs.find((i) => i.input_id === 2)!.translations?.hi).toMatchObject({
      label: 'ग्राहक का नाम',
      placeholder: 'पूरा नाम',
    });
    expect(read.form!.translations.hi?.description).toBe('लीड फ़ॉर्म');
  });

  it('refuses a NUL in a Hindi text, and names the field', async () => {
    const res = await ops('POST', '/ops/projects', validProject({ translations: { hi: { tag_line: 'a\u0000b' } } }));
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toMatch(/tag line/i);
    const created = opsProjectSchema.parse(body(await ops('POST', '/ops/projects', validProject({ job_title: 'Nul form project' }))).data);
    const form = validForm();
    const bad = await ops('PUT', `/ops/projects/${created.job_id}/form`, {
      ...form,
      inputs: form.inputs.map((i) => ({ ...i, translations: { hi: { label: 'ना\u0000म' } } })),
    });
    expect(bad.statusCode).toBe(400);
    const category = await ops('POST', '/ops/categories', { title: 'Gold Loans', translations: { hi: { name: 'गोल्ड\u0000' } } });
    expect(category.statusCode).toBe(400);
  });

  it('lists what has English and no Hindi, and drops it once Hindi is written', async () => {
    const category = await ops('POST', '/ops/categories', { title: 'Solar Panels' });
    const id = z.object({ job_category_id: z.number() }).parse(body(category).data).job_category_id;
    const rows = z.array(missingHindiRowSchema).parse(body(await ops('GET', '/ops/translations/missing')).data);
    expect(rows.find((r) => r.kind === 'category' && r.id === id)?.missing).toEqual([{ field: 'name', english: 'Solar Panels' }]);
    // The demo's projects have their Hindi: Asha's credit card lacks none.
    expect(rows.find((r) => r.kind === 'project' && r.id === 201)).toBeUndefined();
    await ops('PUT', `/ops/categories/${id}`, { title: 'Solar Panels', translations: { hi: { name: 'सोलर पैनल' } } });
    const after = z.array(missingHindiRowSchema).parse(body(await ops('GET', '/ops/translations/missing')).data);
    expect(after.find((r) => r.kind === 'category' && r.id === id)).toBeUndefined();
  });
});

describe('readers get content in their language', () => {
  it('answers the campaign page in Hindi where ops wrote it, English where they did not', async () => {
    const hi = campaignTasksSchema.parse(body(await get('/utm/asha01/tasks', HINDI)).data);
    const en = campaignTasksSchema.parse(body(await get('/utm/asha01/tasks')).data);
    const cardsHi = hi.categories.find((c) => c.job_category_id === 1)!;
    const cardsEn = en.categories.find((c) => c.job_category_id === 1)!;
    expect(cardsEn.title).toBe('Credit Cards');
    expect(cardsHi.title).toBe('क्रेडिट कार्ड');
    const platinum = cardsHi.products.find((p) => p.job_id === 201)!;
    expect(platinum).toMatchObject({
      job_title: 'सहयोग प्लैटिनम क्रेडिट कार्ड',
      employer_name: 'सहयोग बैंक',
      tag_line: 'कैशबैक वाला हमेशा मुफ़्त कार्ड',
    });
    expect(cardsEn.products.find((p) => p.job_id === 201)!.job_title).toBe('Sahyog Platinum Credit Card');

    // A product whose Hindi was never written reads in English.
    const plain = opsProjectSchema.parse(
      body(await ops('POST', '/ops/projects', validProject({ job_title: 'Untranslated Card', tag_line: 'Only in English' }))).data,
    );
    await ops('PUT', `/ops/projects/${plain.job_id}/form`, validForm());
    const later = campaignTasksSchema.parse(body(await get('/utm/asha01/tasks', HINDI)).data);
    const untranslated = later.categories.flatMap((c) => c.products).find((p) => p.job_id === plain.job_id)!;
    expect(untranslated).toMatchObject({ job_title: 'Untranslated Card', tag_line: 'Only in English' });
  });

  it("answers a lead form's labels, placeholders and option names in Hindi, keeping the options' English values", async () => {
    const form = campaignTaskFormSchema.parse(body(await get('/utm/asha01/task/form?job_id=201', HINDI)).data);
    const name = form.formData.input.find((i) => i.input_id === 2)!;
    expect(name).toMatchObject({ label: 'ग्राहक का नाम', placeholder: 'पूरा नाम, जैसा PAN पर लिखा है' });
    expect(name.translations).toBeUndefined();
    const city = form.formData.input.find((i) => i.input_id === 4)!;
    expect(city.input_enum).toContain('Pune');
    expect(city.option_labels?.[city.input_enum!.indexOf('Pune')]).toBe('पुणे');
    expect(form.job_title).toBe('सहयोग प्लैटिनम क्रेडिट कार्ड');
    const english = campaignTaskFormSchema.parse(body(await get('/utm/asha01/task/form?job_id=201')).data);
    expect(english.formData.input.find((i) => i.input_id === 2)).toMatchObject({ label: 'Customer Name' });
    expect(english.formData.input.find((i) => i.input_id === 4)!.option_labels).toBeUndefined();
  });

  it('names a missing field by its label in the reader’s language', async () => {
    const mobile = '9811100777';
    const lead = (cookie: string) =>
      post(
        '/utm/task/response',
        {
          form_id: 201,
          feature: 'UTM',
          utm_code: 'asha01',
          utm_job_id: 201,
          otp: '1234',
          input: [
            { input_id: 1, value: mobile },
            { input_id: 3, value: 'ABCDE1234F' },
            { input_id: 4, value: 'Pune' },
          ],
        },
        cookie,
      );
    const hi = await lead(HINDI);
    expect(hi.statusCode).toBe(400);
    expect(body(hi).message).toBe('ग्राहक का नाम ज़रूरी है');
    const en = await lead('');
    expect(body(en).message).toBe('Customer Name is required');
  });

  it('takes a lead whose option was chosen on the Hindi form and stores the English option', async () => {
    const mobile = '9811100778';
    await post('/utm/customer/otp/send', { mobile, utm_code: 'asha01', purpose: 'LEAD' }, HINDI);
    const otp = await latestOtp(t, mobile);
    const res = await post(
      '/utm/task/response',
      {
        form_id: 201,
        feature: 'UTM',
        utm_code: 'asha01',
        utm_job_id: 201,
        otp,
        input: [
          { input_id: 1, value: mobile },
          { input_id: 2, value: 'Kiran Rao' },
          { input_id: 3, value: 'ABCDE1234F' },
          { input_id: 4, value: 'Pune' },
        ],
      },
      HINDI,
    );
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.database.db.execute(
      sql`select d.value from form_response_data d join form_responses r using (form_response_id) where r.customer_mobile = ${mobile} and d.input_id = 4`,
    );
    expect((stored as unknown as { rows: { value: string }[] }).rows[0]?.value).toBe('Pune');
  });

  it("writes the Leads Report file in the requester's language: its columns, statuses and chosen options", async () => {
    const hi = await get('/partner/report/task/data/download?job_id=201', `${asha}; ${HINDI}`);
    expect(hi.statusCode).toBe(200);
    const [header, ...rows] = hi.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    expect(header).toMatch(/^लीड ID,प्रोजेक्ट,/);
    expect(header).toContain('PAN नंबर');
    expect(header).toContain('शहर');
    expect(header).not.toMatch(/Customer|Status|City/);
    const text = rows.join('\n');
    expect(text).not.toMatch(/,(Pending|Approved|Rejected|Expired),/);
    expect(text).toMatch(/,(पेंडिंग|अप्रूव्ड|रिजेक्टेड|एक्सपायर्ड),/);
    expect(text).not.toMatch(/,(Bengaluru|Mumbai|Delhi|Pune|Hyderabad|Chennai|Kolkata|Jaipur)(,|$)/m);

    const en = await get('/partner/report/task/data/download?job_id=201', asha);
    const enHeader = en.rawPayload.subarray(3).toString('utf8').split('\r\n')[0]!;
    expect(enHeader).toMatch(
      /^Lead ID,Project,Created At,Updated At,Status,Comment,Payout \(₹\),Customer Name,Customer Mobile,PAN Number,City/,
    );

    // The report page names its input columns in the reader's language too.
    const page = body<{ inputs: { key: string; label: string }[] }>(
      await get('/partner/report/task/data/fetch?job_id=201', `${asha}; ${HINDI}`),
    );
    expect(page.data.inputs.find((i) => i.key === 'City|DROPDOWN')?.label).toBe('शहर');
  });
});
