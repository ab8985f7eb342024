import { afterAll, beforeAll, expect, it } from 'vitest';
import { opsProjectSchema } from '@pmw/contract/ops-projects';
import { body, createTestApp, loginOps, type TestApp } from '../../../test/test-app';
import { validForm, validProject } from '../ops/ops-fixtures.test-helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
});
afterAll(async () => t.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie: admin }, ...(payload ? { payload } : {}) });

it('creates a project with every field, locations and pincodes, then its form', async () => {
  const res = await send('POST', '/ops/projects', validProject({
    is_credit_flow: true,
    credit_rules: { min_income: 25000, min_score: 700, min_age: 21, max_age: 60 },
    on_hold: true,
    hold_message: 'Paused for the festive week',
    redirect_link: 'https://bank.example/apply',
    customer_features: ['No joining fee'],
    customer_tnc: 'Terms apply',
    action_status: 20,
  }));
  expect(res.statusCode).toBe(200);
  const p = opsProjectSchema.parse(body(res).data);
  expect(p).toMatchObject({
    job_title: 'Zenith Bank Platinum Credit Card',
    slug_name: 'zenith-bank-platinum-credit-card',
    employer_name: expect.any(String),
    payout_paise: 75_000,
    is_credit_flow: true,
    credit_rules: { min_income: 25000, min_score: 700, min_age: 21, max_age: 60 },
    on_hold: true,
    hold_message: 'Paused for the festive week',
    action_status: 20,
    validity_days: 15,
    duplicate_window_days: 30,
    redirect_link: 'https://bank.example/apply',
    pincodes: ['560001', '560002'],
    form: null,
  });
  expect(p.locations).toEqual([{ job_location_id: expect.any(Number), city: 'Bengaluru', address: 'MG Road', pincode: '560001' }]);

  const form = await send('PUT', `/ops/projects/${p.job_id}/form`, validForm());
  const withForm = opsProjectSchema.parse(body(form).data);
  expect(withForm.form).toMatchObject({ form_id: p.job_id, is_otp_required: true });
  expect(withForm.form!.inputs.map((i) => i.label)).toEqual(['Customer Mobile', 'Customer Name', 'Card variant']);
  // The leads service sees the new form.
  expect((await t.services.leads.formByJob(p.job_id))?.inputs).toHaveLength(3);

  // Editing keeps the location id when the city stays, and replaces pincodes.
  const edited = opsProjectSchema.parse(body(await send('PUT', `/ops/projects/${p.job_id}`, validProject({ job_title: 'Zenith Platinum', slug_name: '', pincodes: ['110001'], payout_paise: 80_000 }))).data);
  expect(edited).toMatchObject({ job_title: 'Zenith Platinum', slug_name: 'zenith-bank-platinum-credit-card', pincodes: ['110001'], payout_paise: 80_000, on_hold: false });
  expect(edited.locations[0]!.job_location_id).toBe(p.locations[0]!.job_location_id);

  const audit = body<{ rows: { action: string; before: unknown; after: { payout_paise?: number } }[] }>(await send('GET', `/ops/audit?entity_type=project&entity_id=${p.job_id}`)).data.rows;
  expect(audit.map((a) => a.action)).toEqual(['project.update', 'project.form', 'project.create']);
  expect(audit[0]).toMatchObject({ before: { payout_paise: 75_000 }, after: { payout_paise: 80_000 } });

  const list = body<{ job_id: number; has_form: boolean }[]>(await send('GET', '/ops/projects?q=zenith')).data;
  expect(list).toEqual([expect.objectContaining({ job_id: p.job_id, has_form: true })]);
});

it('refuses bad projects and forms with a message naming the field', async () => {
  const cases: [object, string][] = [
    [validProject({ job_title: 'ab' }), 'Job title needs at least 3 characters'],
    [validProject({ payout_paise: -1 }), 'Payout cannot be negative'],
    [validProject({ validity_days: 0 }), 'Validity must be at least 1 day'],
    [validProject({ pincodes: ['01234'] }), 'A pincode has 6 digits and does not start with 0'],
    [validProject({ archive_status: 1 }), 'Write the archive message partners will see'],
    [validProject({ on_hold: true }), 'Write the hold message partners will see'],
    [validProject({ redirect_link: 'not a link' }), 'Redirect link must be a web address'],
    [validProject({ min_salary: 30000, max_salary: 20000 }), 'Max salary must be at least the min salary'],
  ];
  for (const [payload, message] of cases) {
    const res = await send('POST', '/ops/projects', payload);
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain(message);
  }
  const noMobile = { ...validForm(), inputs: validForm().inputs.map((i) => ({ ...i, input_category: null })) };
  expect(body(await send('PUT', '/ops/projects/201/form', noMobile)).message).toContain('exactly one input with category MOBILE');
  const emptyDropdown = { ...validForm(), inputs: validForm().inputs.map((i) => (i.input_id === 3 ? { ...i, input_enum: [] } : i)) };
  expect(body(await send('PUT', '/ops/projects/201/form', emptyDropdown)).message).toContain('Card variant: add at least one option');
  expect((await send('PUT', '/ops/projects/999999', validProject())).statusCode).toBe(404);
  expect((await send('PUT', '/ops/projects/999999/form', validForm())).statusCode).toBe(404);
});

it('refuses a slug another project uses, and a logo file that is not the agent’s upload', async () => {
  const first = await send('POST', '/ops/projects', validProject({ job_title: 'Slug Test', slug_name: 'slug-test' }));
  expect(first.statusCode).toBe(200);
  const second = await send('POST', '/ops/projects', validProject({ job_title: 'Slug Test 2', slug_name: 'slug-test' }));
  expect(second.statusCode).toBe(409);
  const logo = await send('POST', '/ops/projects', validProject({ job_title: 'Logo Test', logo_file_id: 1 }));
  expect([403, 404]).toContain(logo.statusCode);
});

it('adds an employer and lists employers and categories', async () => {
  const added = body<{ employer_id: number }>(await send('POST', '/ops/employers', { employer_name: 'Zenith Bank' })).data;
  const meta = body<{ employers: { employer_id: number }[]; categories: { title: string }[] }>(await send('GET', '/ops/projects/meta')).data;
  expect(meta.employers.map((e) => e.employer_id)).toContain(added.employer_id);
  expect(meta.categories.map((c) => c.title)).toContain('Credit Cards');
});
