import { afterAll, beforeAll, expect, it } from 'vitest';
import { opsProjectSchema, taskFormBodySchema } from '@pmw/contract/ops-projects';
import { createProjectsService } from './projects.service';
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
  const res = await send(
    'POST',
    '/ops/projects',
    validProject({
      is_credit_flow: true,
      credit_rules: { min_income: 25000, min_score: 700, min_age: 21, max_age: 60 },
      on_hold: true,
      hold_message: 'Paused for the festive week',
      redirect_link: 'https://bank.example/apply',
      customer_features: ['No joining fee'],
      customer_tnc: 'Terms apply',
      action_status: 20,
    }),
  );
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
  const edited = opsProjectSchema.parse(
    body(
      await send(
        'PUT',
        `/ops/projects/${p.job_id}`,
        validProject({ job_title: 'Zenith Platinum', slug_name: '', pincodes: ['110001'], payout_paise: 80_000 }),
      ),
    ).data,
  );
  expect(edited).toMatchObject({
    job_title: 'Zenith Platinum',
    slug_name: 'zenith-bank-platinum-credit-card',
    pincodes: ['110001'],
    payout_paise: 80_000,
    on_hold: false,
  });
  expect(edited.locations[0]!.job_location_id).toBe(p.locations[0]!.job_location_id);

  const audit = body<{ rows: { action: string; before: unknown; after: { payout_paise?: number } }[] }>(
    await send('GET', `/ops/audit?entity_type=project&entity_id=${p.job_id}`),
  ).data.rows;
  expect(audit.map((a) => a.action)).toEqual(['project.update', 'project.form', 'project.create']);
  expect(audit[0]).toMatchObject({ before: { payout_paise: 75_000 }, after: { payout_paise: 80_000 } });

  const list = body<{ job_id: number; has_form: boolean }[]>(await send('GET', '/ops/projects?q=zenith')).data;
  expect(list).toEqual([expect.objectContaining({ job_id: p.job_id, has_form: true })]);
  const byId = body<{ job_id: number }[]>(await send('GET', `/ops/projects?q=${p.job_id}`)).data;
  expect(byId.map((j) => j.job_id)).toEqual([p.job_id]);
});

it('searches a run of digits too long for an id as text, not as an id', async () => {
  for (const q of ['2147483648', '99999999999']) {
    const res = await send('GET', `/ops/projects?q=${q}`);
    expect(res.statusCode, q).toBe(200);
    expect(body<unknown[]>(res).data).toEqual([]);
  }
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
  const meta = body<{ employers: { employer_id: number }[]; categories: { title: string }[] }>(
    await send('GET', '/ops/projects/meta'),
  ).data;
  expect(meta.employers.map((e) => e.employer_id)).toContain(added.employer_id);
  expect(meta.categories.map((c) => c.title)).toContain('Credit Cards');
});

it('takes an ops edit of a project or its form into account on the very next lead', async () => {
  const p = opsProjectSchema.parse(
    body(await send('POST', '/ops/projects', validProject({ job_title: 'Cache Check Card', slug_name: 'cache-check-card' }))).data,
  );
  await send('PUT', `/ops/projects/${p.job_id}/form`, validForm());
  // A customer remembered on this device needs no OTP, so each submit reads the project and form as they are now.
  const mobile = '9811100077';
  await t.app.inject({ method: 'POST', url: '/api/v2/utm/customer/otp/send', payload: { mobile, utm_code: 'asha01', purpose: 'LOGIN' } });
  const otp = body<{ otp: string }[]>(await t.app.inject({ method: 'GET', url: `/api/v2/dev/outbox?mobile=${mobile}` })).data[0]!.otp;
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/v2/utm/customer/login',
    payload: { mobile, otp, utm_code: 'asha01', name: 'Cache Check' },
  });
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const submit = (key: string, input: { input_id: number; value: string }[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v2/utm/task/response',
      headers: { cookie },
      payload: { form_id: p.job_id, utm_code: 'asha01', idempotency_key: key, input },
    });
  const inputs = [
    { input_id: 1, value: mobile },
    { input_id: 2, value: 'Cache Check' },
    { input_id: 3, value: 'Gold' },
  ];

  // The first submit loads the form into the cache; the project then goes on hold and the next submit is refused at once.
  expect((await submit('k-cache-check-01', inputs.slice(0, 1))).statusCode).toBe(400);
  await send(
    'PUT',
    `/ops/projects/${p.job_id}`,
    validProject({ job_title: 'Cache Check Card', slug_name: 'cache-check-card', on_hold: true, hold_message: 'Paused for a moment' }),
  );
  // The campaign page no longer lists a product on hold.
  const held = await submit('k-cache-check-02', inputs);
  expect(held.statusCode).toBe(404);
  expect(body(held).message).toBe('Form not found');

  // Back on, with a new required detail in the form: the next submit must give it.
  await send(
    'PUT',
    `/ops/projects/${p.job_id}`,
    validProject({ job_title: 'Cache Check Card', slug_name: 'cache-check-card', on_hold: false }),
  );
  const form = validForm();
  await send('PUT', `/ops/projects/${p.job_id}/form`, {
    ...form,
    inputs: [...form.inputs, { input_id: 4, label: 'Branch', input_type: 'TEXT', validation: { required: true } }],
  });
  const missing = await submit('k-cache-check-03', inputs);
  expect(missing.statusCode).toBe(400);
  expect(body(missing).message).toBe('Branch is required');
  const ok = await submit('k-cache-check-04', [...inputs, { input_id: 4, value: 'MG Road' }]);
  expect(ok.statusCode).toBe(200);
});

it('takes only web links for the redirect, logo and custom links', async () => {
  for (const bad of [
    'javascript:alert(document.cookie)',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'ftp://files.example/x',
  ]) {
    const project = await send('POST', '/ops/projects', validProject({ job_title: 'Link Test', redirect_link: bad }));
    expect(project.statusCode, bad).toBe(400);
    expect(body(project).message).toContain('Redirect link must be a web address');
    const logo = await send('POST', '/ops/projects', validProject({ job_title: 'Link Test', logo_url: bad }));
    expect(logo.statusCode, bad).toBe(400);
    const form = await send('PUT', '/ops/projects/201/form', { ...validForm(), custom_link: bad });
    expect(form.statusCode, bad).toBe(400);
    expect(body(form).message).toContain('Custom link must be a web address');
  }
  // Plain http is for development only.
  expect(
    (await send('POST', '/ops/projects', validProject({ job_title: 'Http Link', redirect_link: 'http://bank.example/apply' }))).statusCode,
  ).toBe(200);
  // Production (allowHttpLinks false) takes https only.
  const production = createProjectsService({
    db: t.database.db,
    files: t.services.files,
    audit: t.services.ops.audit,
    allowHttpLinks: false,
    choices: t.services.ops.catalogue,
  });
  const form = taskFormBodySchema.parse({ ...validForm(), custom_link: 'http://bank.example/apply' });
  await expect(production.saveForm(100, 201, form)).rejects.toThrow('custom_link: must be a web address starting with https://');
  await expect(production.saveForm(100, 201, { ...form, custom_link: 'https://bank.example/apply' })).resolves.toMatchObject({
    job_id: 201,
  });
});
