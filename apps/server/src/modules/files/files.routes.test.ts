import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileAddedSchema, fileUrlSchema, signedUploadSchema } from '@pmw/contract/files';
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
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(64, 32)]);

async function sign(cookie: string, file_name: string, file_purpose = 'USER_DOCUMENT') {
  return t.app.inject({
    method: 'PUT',
    url: '/api/v2/partner/file/s3/url/signed',
    headers: { cookie },
    payload: { file_name, file_purpose },
  });
}
async function put(url: string, bytes: Buffer, type = 'application/octet-stream') {
  return t.app.inject({ method: 'PUT', url, payload: bytes, headers: { 'content-type': type } });
}

async function upload(cookie: string, name: string, bytes: Buffer, purpose = 'USER_DOCUMENT') {
  const signed = signedUploadSchema.parse(body(await sign(cookie, name, purpose)).data);
  expect((await put(signed.url, bytes, signed.content_type)).statusCode).toBe(200);
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v2/partner/file/add',
    headers: { cookie },
    payload: { file_key: signed.key, file_name: name, file_purpose: purpose },
  });
  expect(added.statusCode).toBe(200);
  return fileAddedSchema.parse(body(added).data);
}

describe('the upload flow', () => {
  it('signs, takes the bytes without credentials, adds the file and serves it through a short-lived URL', async () => {
    const { file_id } = await upload(asha, 'pan card.png', PNG);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/partner/file/fetch/with/url?file_id=${file_id}`,
      headers: { cookie: asha },
    });
    const [entry] = fileUrlSchema.parse(body(res).data);
    expect(entry!.url).toContain('exp=');
    const file = await t.app.inject({ method: 'GET', url: entry!.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses a type the purpose does not accept, before and after signing', async () => {
    const res = await sign(asha, 'notes.exe');
    expect(res.statusCode).toBe(415);
    expect(body(res).message).toBe('This type of file is not allowed here (png, jpg, jpeg, pdf)');
    const mp4ForDoc = await sign(asha, 'clip.mp4', 'USER_DOCUMENT');
    expect(mp4ForDoc.statusCode).toBe(415);
    // Bytes that are not what the name says.
    const signed = signedUploadSchema.parse(body(await sign(asha, 'fake.png')).data);
    const wrongBytes = await put(signed.url, PDF);
    expect(wrongBytes.statusCode).toBe(415);
  });

  it('accepts chat attachments up to 15 MB and refuses larger ones', async () => {
    const signTicket = async (file_name: string) =>
      signedUploadSchema.parse(
        body(
          await t.app.inject({
            method: 'PUT',
            url: '/api/v2/support/user/s3/url/signed',
            headers: { cookie: asha },
            payload: { file_name, file_purpose: 'TICKET', ticket_id: 401 },
          }),
        ).data,
      );
    const big = Buffer.concat([PDF, Buffer.alloc(15 * 1024 * 1024 + 10, 32)]);
    const refused = await put((await signTicket('big.pdf')).url, big);
    expect(refused.statusCode).toBe(413);
    expect(body(refused).message).toBe('The file can be at most 15 MB');
    expect((await put((await signTicket('ok.pdf')).url, Buffer.concat([PDF, Buffer.alloc(1024 * 1024, 32)]))).statusCode).toBe(200);
  });

  it('refuses a tampered or expired link', async () => {
    const signed = signedUploadSchema.parse(body(await sign(asha, 'a.png')).data);
    const tampered = signed.url.replace(/sig=[^&]+/, 'sig=abc');
    expect((await put(tampered, PNG)).statusCode).toBe(403);
    const expired = signed.url.replace(/exp=\d+/, 'exp=1000');
    expect((await put(expired, PNG)).statusCode).toBe(403);
  });

  it("does not add a file before its bytes arrive, nor someone else's upload", async () => {
    const signed = signedUploadSchema.parse(body(await sign(asha, 'later.png')).data);
    const early = await t.app.inject({
      method: 'POST',
      url: '/api/v2/partner/file/add',
      headers: { cookie: asha },
      payload: { file_key: signed.key, file_name: 'later.png', file_purpose: 'USER_DOCUMENT' },
    });
    expect(body(early).message).toBe('The file has not been uploaded yet');
    await put(signed.url, PNG);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/api/v2/partner/file/add',
      headers: { cookie: ravi },
      payload: { file_key: signed.key, file_name: 'later.png', file_purpose: 'USER_DOCUMENT' },
    });
    expect(stolen.statusCode).toBe(404);
  });

  it('serves a file only to those allowed to see it', async () => {
    const { file_id } = await upload(asha, 'aadhaar.png', PNG);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/partner/file/fetch/with/url?file_id=${file_id}`,
      headers: { cookie: ravi },
    });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ method: 'GET', url: `/api/v2/partner/file/fetch/with/url?file_id=${file_id}` });
    expect(anon.statusCode).toBe(401);
  });
});
