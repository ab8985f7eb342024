import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAddedSchema, signedUploadSchema } from '@pmw/contract/files';
import { SUPPORT_DEMO } from '../../seed/support.seed';
import { body, createTestApp, loginWorker, type TestApp } from '../../../test/test-app';

let t: TestApp;
let asha: string;
let ravi: string;
beforeAll(async () => {
  t = await createTestApp();
  asha = await loginWorker(t, '9876500001');
  ravi = await loginWorker(t, '9876500002');
});
afterAll(async () => t.close());

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);
const OTHER_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 2)]);
const put = (url: string, bytes: Buffer) => t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': 'image/png' } });
const sign = async (cookie: string, payload: object, url = '/api/v2/partner/file/s3/url/signed') =>
  t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });

describe('an upload URL', () => {
  it('takes one PUT: a second one, before or after the file is added, is refused and the bytes stay', async () => {
    const signed = signedUploadSchema.parse(body(await sign(asha, { file_name: 'pan.png', file_purpose: 'USER_DOCUMENT' })).data);
    expect((await put(signed.url, PNG)).statusCode).toBe(200);
    const again = await put(signed.url, OTHER_PNG);
    expect(again.statusCode).toBe(409);
    expect(body(again).message).toBe('This upload link was already used; please choose the file again');
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/v2/partner/file/add',
      headers: { cookie: asha },
      payload: { file_key: signed.key, file_name: 'pan.png', file_purpose: 'USER_DOCUMENT' },
    });
    const { file_id } = fileAddedSchema.parse(body(added).data);
    expect((await put(signed.url, OTHER_PNG)).statusCode).toBe(409);
    const link = body<{ url: string }[]>(
      await t.app.inject({ method: 'GET', url: `/api/v2/partner/file/fetch/with/url?file_id=${file_id}`, headers: { cookie: asha } }),
    ).data[0]!;
    expect((await t.app.inject({ method: 'GET', url: link.url })).rawPayload.equals(PNG)).toBe(true);
  });

  it('lets only one of two PUTs at once land', async () => {
    const signed = signedUploadSchema.parse(body(await sign(asha, { file_name: 'race.png', file_purpose: 'USER_DOCUMENT' })).data);
    const codes = (await Promise.all([put(signed.url, PNG), put(signed.url, OTHER_PNG), put(signed.url, PNG)]))
      .map((r) => r.statusCode)
      .sort();
    expect(codes).toEqual([200, 409, 409]);
  });

  it('can be tried again after bytes that were refused', async () => {
    const signed = signedUploadSchema.parse(body(await sign(asha, { file_name: 'retry.png', file_purpose: 'USER_DOCUMENT' })).data);
    expect((await put(signed.url, Buffer.from('%PDF-1.4 not a png at all'))).statusCode).toBe(415);
    expect((await put(signed.url, PNG)).statusCode).toBe(200);
  });
});

describe('a query attachment', () => {
  const ashasTicket = SUPPORT_DEMO.tickets.new;

  it('cannot be bound to another worker’s query through the generic upload routes', async () => {
    for (const url of ['/api/v2/partner/file/s3/url/signed', '/api/v2/user/file/s3/url/signed']) {
      const res = await sign(ravi, { file_name: 'proof.png', file_purpose: 'TICKET', ticket_id: ashasTicket }, url);
      expect(res.statusCode, url).toBe(400);
      expect(body(res).message).toBe('Attach files to a query from the query itself');
    }
    // Nor through the support routes.
    expect(
      (await sign(ravi, { file_name: 'proof.png', file_purpose: 'TICKET', ticket_id: ashasTicket }, '/api/v2/support/user/s3/url/signed'))
        .statusCode,
    ).toBe(403);
  });

  it('binds to the uploader’s own query through the support routes', async () => {
    const res = await sign(
      asha,
      { file_name: 'proof.png', file_purpose: 'TICKET', ticket_id: ashasTicket },
      '/api/v2/support/user/s3/url/signed',
    );
    expect(res.statusCode).toBe(200);
  });
});
