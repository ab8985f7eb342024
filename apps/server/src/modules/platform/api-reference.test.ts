import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate, compileErrors } from '@readme/openapi-parser';
import { allRoutes } from '@pmw/contract/routes';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { openApiPath } from './openapi';

type Doc = {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        summary?: string;
        security: unknown[];
        parameters?: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
        requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
        responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
      }
    >
  >;
  components: { securitySchemes: Record<string, { in: string; name: string }> };
};

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/v2/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});
afterAll(async () => t.close());

const copy = <T>(v: T): T => structuredClone(v);

describe('the API reference', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await validate(copy(doc) as never);
    expect(result.valid ? '' : compileErrors(result)).toBe('');
  });

  it('the validator refuses a document whose path names a parameter it does not declare', async () => {
    const broken = copy(doc);
    const op = broken.paths['/ops/leads/{form_response_id}']!.get!;
    op.parameters = op.parameters!.filter((p) => p.in !== 'path');
    expect((await validate(broken as never)).valid).toBe(false);
  });

  it('holds every route of the contract, with its summary and the session it needs', () => {
    const missing: string[] = [];
    for (const { group, name, def } of allRoutes()) {
      const op = doc.paths[openApiPath(def.path)]?.[def.method.toLowerCase()];
      if (!op) {
        missing.push(`${group}.${name} ${def.method} ${def.path}`);
        continue;
      }
      expect(op.summary, `${group}.${name}`).toBe(def.summary);
      expect(op.security, `${group}.${name}`).toEqual(def.auth === 'public' ? [] : [{ [def.auth]: [] }]);
    }
    expect(missing).toEqual([]);
  });

  it('describes each session as its own cookie', () => {
    expect(doc.components.securitySchemes.ops).toMatchObject({ in: 'cookie', name: 'pmw_ops' });
    expect(doc.components.securitySchemes.worker).toMatchObject({ in: 'cookie', name: 'pmw_worker' });
  });

  it('describes requests as a client sends them and answers as the server sends them', () => {
    const leads = doc.paths['/ops/leads']!.get!;
    const page = leads.parameters!.find((p) => p.name === 'page')!;
    expect(page).toMatchObject({ in: 'query', required: false, schema: { type: 'integer', default: 1 } });
    // queryBool takes "true", "1", ... on the way in and is a boolean after.
    const payout = doc.paths['/partner/job/fetch']!.get!.parameters!.find((p) => p.name === 'appendUserLevelPayout')!;
    expect(JSON.stringify(payout.schema)).toContain('"true"');
    // An empty logo URL is accepted on the way in (and stored as null).
    const body = doc.paths['/ops/projects']!.post!.requestBody!.content['application/json']!.schema;
    expect(JSON.stringify(body.properties.logo_url)).toContain('"const":""');

    const ok = leads.responses['200']!.content!['application/json']!.schema;
    expect(ok).toMatchObject({ properties: { status: { const: true }, message: { type: 'string' }, data: { type: 'object' } } });
    expect(leads.responses['4XX']).toEqual({ $ref: '#/components/responses/Error' });
  });

  it('describes a download as the file, not the envelope', () => {
    const file = doc.paths['/ops/payouts/runs/{payout_run_id}/file']!.get!;
    expect(Object.keys(file.responses['200']!.content!)).toEqual(['text/csv']);
  });

  it('serves a readable reference from its own files, with no inline script', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, inner] of scripts) {
      expect(attrs).toMatch(/src="/);
      expect(inner!.trim()).toBe('');
    }
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    for (const [, src] of page.body.matchAll(/src="([^"]+)"/g)) {
      const asset = await t.app.inject({ method: 'GET', url: new URL(src!, 'http://x/api/docs').pathname });
      expect(asset.statusCode, src).toBe(200);
    }
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.json().paths).toEqual(doc.paths);
  });
});
