import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HIRING_CATEGORY_ID, opsCategorySchema, opsEmployerSchema } from '@pmw/contract/catalogue';
import { desc } from 'drizzle-orm';
import { auditLog } from '../../db/schema/index';
import { body, createTestApp, loginOps, loginWorker, type TestApp } from '../../../test/test-app';
import { loginSupportAgent, validProject } from '../ops/ops-fixtures.test-helper';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await loginOps(t);
});
afterAll(async () => t.close());

const send = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: object, cookie = admin) =>
  t.app.inject({ method, url: `/api/v2${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
const lastAudit = async () => (await t.database.db.select().from(auditLog).orderBy(desc(auditLog.audit_id)).limit(1))[0];

describe('categories', () => {
  it('adds a category and answers its job_category_id; the list and the editor offer it', async () => {
    const res = await send('POST', '/ops/categories', { title: '  Gold Loans ' });
    expect(res.statusCode).toBe(200);
    const added = opsCategorySchema.parse(body(res).data);
    expect(added).toMatchObject({ title: 'Gold Loans', retired: false, reference: false, projects: 0 });
    expect(added.job_category_id).toBeGreaterThanOrEqual(10000);
    expect(await lastAudit()).toMatchObject({
      action: 'category.create',
      entity_type: 'category',
      entity_id: String(added.job_category_id),
    });
    const list = body<{ job_category_id: number; title: string; reference: boolean; projects: number }[]>(
      await send('GET', '/ops/categories'),
    ).data;
    expect(list.find((c) => c.job_category_id === added.job_category_id)).toMatchObject({ title: 'Gold Loans' });
    expect(list.find((c) => c.job_category_id === HIRING_CATEGORY_ID)).toMatchObject({
      title: 'Hiring',
      reference: true,
      projects: expect.any(Number),
    });
    const meta = body<{ categories: { job_category_id: number; retired: boolean }[] }>(await send('GET', '/ops/projects/meta')).data;
    expect(meta.categories).toContainEqual(expect.objectContaining({ job_category_id: added.job_category_id, retired: false }));
  });

  it('refuses an empty, too long, NUL or duplicate title, whatever its case', async () => {
    for (const title of ['', ' ', 'x'.repeat(81), 'Gold\u0000Loans']) {
      const res = await send('POST', '/ops/categories', { title });
      expect(res.statusCode, JSON.stringify(title)).toBe(400);
    }
    expect(body(await send('POST', '/ops/categories', { title: '' })).message).toContain('Category title needs at least 2 characters');
    expect(body(await send('POST', '/ops/categories', {})).message).toContain('title');
    const dup = await send('POST', '/ops/categories', { title: 'HIRING' });
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toBe('Another category already has this title');
  });

  it('renames and retires a category: new projects cannot take it, projects that have it keep it', async () => {
    const cat = opsCategorySchema.parse(body(await send('POST', '/ops/categories', { title: 'Fastag' })).data);
    const project = await send(
      'POST',
      '/ops/projects',
      validProject({ job_title: 'Fastag Sticker', job_category_id: cat.job_category_id }),
    );
    expect(project.statusCode).toBe(200);
    const jobId = body<{ job_id: number }>(project).data.job_id;

    const renamed = await send('PUT', `/ops/categories/${cat.job_category_id}`, { title: 'FASTag' });
    expect(renamed.statusCode).toBe(200);
    expect(body(renamed).data).toMatchObject({ title: 'FASTag', retired: false, projects: 1 });
    expect(await lastAudit()).toMatchObject({ action: 'category.update' });

    const retired = await send('PUT', `/ops/categories/${cat.job_category_id}`, { title: 'FASTag', retired: true });
    expect(body(retired).data).toMatchObject({ retired: true });
    expect(await lastAudit()).toMatchObject({ action: 'category.retire' });

    const refused = await send(
      'POST',
      '/ops/projects',
      validProject({ job_title: 'Another Fastag', job_category_id: cat.job_category_id }),
    );
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toContain('This category is retired; choose an active one');
    // The project that has it is saved with it as before.
    const kept = await send(
      'PUT',
      `/ops/projects/${jobId}`,
      validProject({ job_title: 'Fastag Sticker', job_category_id: cat.job_category_id }),
    );
    expect(kept.statusCode).toBe(200);
    // A rename without `retired` leaves it retired; bringing it back offers it again.
    expect(body(await send('PUT', `/ops/categories/${cat.job_category_id}`, { title: 'FASTag Tolls' })).data).toMatchObject({
      retired: true,
    });
    expect(body(await send('PUT', `/ops/categories/${cat.job_category_id}`, { title: 'FASTag Tolls', retired: false })).data).toMatchObject(
      { retired: false },
    );
    expect(
      (await send('POST', '/ops/projects', validProject({ job_title: 'Another Fastag', job_category_id: cat.job_category_id }))).statusCode,
    ).toBe(200);
  });

  it('answers 404 for an unknown category and 400 for an id that is not an int4, never 500', async () => {
    const unknown = await send('PUT', '/ops/categories/999999', { title: 'Nothing' });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).message).toBe('Category not found');
    for (const id of ['2147483648', 'abc', '0', '-1']) {
      expect((await send('PUT', `/ops/categories/${id}`, { title: 'Nothing' })).statusCode, id).toBe(400);
    }
    const dup = await send('PUT', `/ops/categories/${HIRING_CATEGORY_ID}`, { title: 'insurance' });
    expect(dup.statusCode).toBe(409);
  });

  it('a project with an unknown category is refused at the field', async () => {
    const res = await send('POST', '/ops/projects', validProject({ job_title: 'Nowhere', job_category_id: 999999 }));
    expect(res.statusCode).toBe(400);
    expect(body(res).message).toContain('Category not found');
  });

  it('says its refusals in English to an agent whose browser reads Hindi: the console is English', async () => {
    const hindi = `${admin}; pmw_lang=hi`;
    const unknown = await send('PUT', '/ops/categories/999999', { title: 'Nothing' }, hindi);
    expect(body(unknown).message).toBe('Category not found');
    const dup = await send('POST', '/ops/categories', { title: 'HIRING' }, hindi);
    expect(body(dup).message).toBe('Another category already has this title');
    const res = await send('POST', '/ops/projects', validProject({ job_title: 'Nowhere', job_category_id: 999999 }), hindi);
    expect(res.statusCode).toBe(400);
    expect(body(res)).toMatchObject({
      message: 'job_category_id: Category not found',
      errors: [{ field: 'job_category_id', message: 'Category not found' }],
    });
  });
});

describe('employers', () => {
  it('adds an employer with a theme colour and edits it', async () => {
    const res = await send('POST', '/ops/employers', { employer_name: 'Zenith Bank', theme_color: '#1D4ED8' });
    expect(res.statusCode).toBe(200);
    const added = opsEmployerSchema.parse(body(res).data);
    expect(added).toMatchObject({ employer_name: 'Zenith Bank', theme_color: '#1d4ed8', logo_key: null, retired: false, projects: 0 });
    expect(await lastAudit()).toMatchObject({ action: 'employer.create', entity_id: String(added.employer_id) });
    const edited = await send('PUT', `/ops/employers/${added.employer_id}`, { employer_name: 'Zenith Bank Ltd', theme_color: '' });
    expect(body(edited).data).toMatchObject({ employer_name: 'Zenith Bank Ltd', theme_color: null });
    const list = body<{ employer_id: number }[]>(await send('GET', '/ops/employers')).data;
    expect(list.map((e) => e.employer_id)).toContain(added.employer_id);
  });

  it('takes a logo uploaded through the ops file flow, and only the agent’s own upload', async () => {
    const signed = body<{ key: string; url: string; content_type: string }>(
      await send('PUT', '/ops/file/s3/url/signed', { file_name: 'logo.png', file_purpose: 'JOB_MEDIA' }),
    ).data;
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
    const put = await t.app.inject({ method: 'PUT', url: signed.url, payload: png, headers: { 'content-type': signed.content_type } });
    expect(put.statusCode).toBeLessThan(300);
    const file = body<{ file_id: number }>(
      await send('POST', '/ops/file/add', { file_key: signed.key, file_name: 'logo.png', file_purpose: 'JOB_MEDIA' }),
    ).data;
    const res = await send('POST', '/ops/employers', { employer_name: 'Logo Bank', logo_file_id: file.file_id });
    expect(res.statusCode).toBe(200);
    expect(body<{ logo_key: string }>(res).data.logo_key).toBe(signed.key);
    expect(
      (await send('POST', '/ops/employers', { employer_name: 'Stolen Logo', logo_file_id: 999999 })).statusCode,
    ).toBeGreaterThanOrEqual(400);
  });

  it('refuses bad names, colours, duplicates and unknown ids', async () => {
    for (const payload of [
      { employer_name: '' },
      { employer_name: 'x'.repeat(121) },
      { employer_name: 'Nul\u0000Bank' },
      { employer_name: 'Colour Bank', theme_color: 'red' },
      { employer_name: 'Colour Bank', theme_color: '#12345' },
    ]) {
      expect((await send('POST', '/ops/employers', payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(body(await send('POST', '/ops/employers', { employer_name: 'Colour Bank', theme_color: 'red' })).message).toContain(
      'Theme colour: a colour like #1d4ed8',
    );
    await send('POST', '/ops/employers', { employer_name: 'Twin Bank' });
    expect((await send('POST', '/ops/employers', { employer_name: 'twin bank' })).statusCode).toBe(409);
    expect((await send('PUT', '/ops/employers/999999', { employer_name: 'Nobody' })).statusCode).toBe(404);
    expect((await send('PUT', '/ops/employers/2147483648', { employer_name: 'Nobody' })).statusCode).toBe(400);
  });

  it('a retired employer is not offered for new projects; its projects keep it', async () => {
    const emp = opsEmployerSchema.parse(body(await send('POST', '/ops/employers', { employer_name: 'Sunset Finance' })).data);
    const project = await send('POST', '/ops/projects', validProject({ job_title: 'Sunset Card', employer_id: emp.employer_id }));
    expect(project.statusCode).toBe(200);
    expect(
      body(await send('PUT', `/ops/employers/${emp.employer_id}`, { employer_name: 'Sunset Finance', retired: true })).data,
    ).toMatchObject({ retired: true, projects: 1 });
    expect(await lastAudit()).toMatchObject({ action: 'employer.retire' });
    const refused = await send('POST', '/ops/projects', validProject({ job_title: 'Sunset Loan', employer_id: emp.employer_id }));
    expect(refused.statusCode).toBe(400);
    expect(body(refused).message).toContain('This employer is retired; choose an active one');
    expect(
      (
        await send(
          'PUT',
          `/ops/projects/${body<{ job_id: number }>(project).data.job_id}`,
          validProject({ job_title: 'Sunset Card', employer_id: emp.employer_id }),
        )
      ).statusCode,
    ).toBe(200);
  });
});

describe('permissions', () => {
  const calls: [string, string, object?][] = [
    ['GET', '/ops/categories'],
    ['POST', '/ops/categories', { title: 'Support Made' }],
    ['PUT', `/ops/categories/${HIRING_CATEGORY_ID}`, { title: 'Hiring' }],
    ['GET', '/ops/employers'],
    ['POST', '/ops/employers', { employer_name: 'Support Made' }],
    ['PUT', '/ops/employers/1', { employer_name: 'Sahyog Bank' }],
  ];
  it('a support agent is refused (403), a partner or no session 401', async () => {
    const support = await loginSupportAgent(t);
    const partner = await loginWorker(t, '9876500001');
    for (const [method, url, payload] of calls) {
      expect((await send(method as 'GET', url, payload, support)).statusCode, `${method} ${url}`).toBe(403);
      expect((await send(method as 'GET', url, payload, partner)).statusCode, `${method} ${url}`).toBe(401);
      expect((await send(method as 'GET', url, payload, '')).statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
