import { createRequire } from 'node:module';
import type { FastifyServerOptions } from 'fastify';

type Factories = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;
type ValidatorFactory = NonNullable<Factories['buildValidator']>;
type SerializerFactory = NonNullable<Factories['buildSerializer']>;

// Fastify's own dependencies, found from where Fastify is installed.
const requireOnDemand = createRequire(createRequire(import.meta.url).resolve('fastify'));
let validatorFactory: ValidatorFactory | undefined;
let serializerFactory: SerializerFactory | undefined;

/**
 * Fastify's own validator (Ajv) and serializer (fast-json-stringify)
 * compilers, loaded the first time a route with a Fastify schema asks for
 * one. Our routes validate with the contract's zod schemas, so usually none
 * does; Fastify loads both when an instance is created otherwise, about a
 * tenth of a second of every start (docs/performance.md, Start).
 */
export const lazySchemaCompilers: Required<Factories> = {
  // Fastify's factory types are overloaded: the call is passed on as it came.
  buildValidator: ((...args: unknown[]) =>
    ((validatorFactory ??= (requireOnDemand('@fastify/ajv-compiler') as () => ValidatorFactory)()) as (...a: unknown[]) => unknown)(
      ...args,
    )) as ValidatorFactory,
  buildSerializer: ((...args: unknown[]) =>
    (
      (serializerFactory ??= (requireOnDemand('@fastify/fast-json-stringify-compiler') as () => SerializerFactory)()) as (
        ...a: unknown[]
      ) => unknown
    )(...args)) as SerializerFactory,
};
