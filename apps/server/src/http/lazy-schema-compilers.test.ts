import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { lazySchemaCompilers } from './lazy-schema-compilers';

describe('Fastify schema compilers loaded on demand', () => {
  it('a route with a Fastify schema is still validated and serialized', async () => {
    const app = Fastify({ schemaController: { compilersFactory: lazySchemaCompilers } });
    app.post(
      '/echo',
      {
        schema: {
          body: { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 2 } } },
          response: { 200: { type: 'object', properties: { name: { type: 'string' } } } },
        },
      },
      async (req) => ({ name: (req.body as { name: string }).name, secret: 'left out by the serializer' }),
    );
    const ok = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'Asha' } });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ name: 'Asha' });
    const bad = await app.inject({ method: 'POST', url: '/echo', payload: { name: 'A' } });
    expect(bad.statusCode).toBe(400);
    await app.close();
  });
});
