import { z } from 'zod';
import { API_PREFIX, errorCodes, errorEnvelopeSchema, okEnvelope, type RouteDef, type SessionKind } from '@pmw/contract/api';
import { SESSION_COOKIE } from '@pmw/contract/auth';
import type { NamedRoute } from '@pmw/contract/routes';

/** A JSON Schema or OpenAPI object as plain JSON. */
type Json = Record<string, unknown>;

const sessionSchemes: Record<SessionKind, string> = {
  worker: 'A partner or candidate, signed in with a mobile number and OTP (`/partner/user/login/otp` or `/user/login/otp`).',
  team: 'A team member in the field, signed in under a team code (`/team/login/otp`).',
  customer: "A customer on a partner's campaign page, signed in with an OTP (`/utm/customer/login`).",
  ops: 'An ops agent of the console, signed in with an OTP (`/ops/login/otp`); admin routes refuse the support role.',
};

const description = `Every answer is JSON in one envelope: \`{status: true, message, data}\` on success, \`{status: false, message, code}\` on failure, where \`code\` is one of ${errorCodes.map((c) => `\`${c}\``).join(', ')} and \`message\` is written for people.

A signed-in caller carries a session cookie of its kind (set by that kind's OTP login); one kind never grants another. Routes marked with no security are public.

Downloads (CSV and spreadsheets) answer the file itself, not the envelope.`;

/** How the reference names each group of routes (a group without a title shows its key). */
const groupTitles: Record<string, string> = {
  platform: 'Platform',
  partnerAuth: 'Partner sign-in',
  userAuth: 'Worker sign-in (candidates and other workers)',
  partnerFiles: 'Partner files',
  userFiles: 'Worker files',
  teamFiles: 'Team files',
  opsFiles: 'Ops files',
  campaign: 'Campaign page',
  campaignFiles: 'Campaign page files',
  dataDownload: 'Data download',
  feedback: 'Merchant feedback',
  hiring: 'Hiring: projects, applications, interview slots',
  applications: "Hiring: candidates' outcomes (ops) and the partner's candidates",
  opsAuth: 'Ops sign-in',
  opsAgents: 'Ops: agents and roles',
  ops: 'Ops: leads, KYC, people, audit',
  opsMoney: 'Ops: payouts, banks, customers',
  opsProjects: 'Ops: projects',
  opsTeams: 'Ops: teams and interview slots',
  opsRecharges: 'Ops: recharges import',
  profile: 'Partner profile, KYC and banks',
  partner: 'Partner portal: report, wallet, customers',
  partnerTeam: 'Partner portal: the team a partner manages',
  support: 'Support desk (workers)',
  agentSupport: 'Support desk (agents)',
  team: 'Team area',
};
const groupTitle = (group: string) => groupTitles[group] ?? group;

/**
 * zod marks every int with the safe-integer bounds; they say nothing to a
 * reader of the reference, so they are left out.
 */
function dropSafeIntegerBounds(schema: Json): void {
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
}

/**
 * A zod schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect). Requests are
 * described by what a client sends (`input`: before coercions, defaults make
 * a field optional), answers by what the server sends (`output`). Definitions
 * a schema needs for itself (cycles) move to `components.schemas` under a
 * name of this operation, since `#` in an OpenAPI document is the document.
 */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output', defsPrefix: string, components: Json): Json {
  const out = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    override: (ctx) => dropSafeIntegerBounds(ctx.jsonSchema as Json),
  }) as Json;
  delete out.$schema;
  const defs = out.$defs as Record<string, Json> | undefined;
  delete out.$defs;
  if (!defs) return out;
  const rename = (name: string) => `${defsPrefix}.${name}`;
  const rewrite = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(rewrite);
    if (!node || typeof node !== 'object') return;
    const obj = node as Json;
    if (typeof obj.$ref === 'string' && obj.$ref.startsWith('#/$defs/')) {
      obj.$ref = `#/components/schemas/${rename(obj.$ref.slice('#/$defs/'.length))}`;
    }
    Object.values(obj).forEach(rewrite);
  };
  rewrite(out);
  for (const [name, def] of Object.entries(defs)) {
    rewrite(def);
    components[rename(name)] = def;
  }
  return out;
}

/** `/ops/leads/:form_response_id` → `/ops/leads/{form_response_id}` */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}');
}

function parameters(def: RouteDef, where: 'path' | 'query', opId: string, components: Json): Json[] {
  const schema = where === 'path' ? def.params : def.query;
  const names = where === 'path' ? [...def.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!) : [];
  const json = schema ? jsonSchema(schema, 'input', `${opId}.${where}`, components) : {};
  const properties = (json.properties ?? {}) as Record<string, Json>;
  const required = new Set((json.required ?? []) as string[]);
  for (const name of names) properties[name] ??= { type: 'string' };
  return Object.entries(properties).map(([name, prop]) => {
    const { description: text, ...rest } = prop;
    return {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      ...(typeof text === 'string' ? { description: text } : {}),
      schema: rest,
    };
  });
}

function successResponse(def: RouteDef, opId: string, components: Json): Json {
  if (def.produces?.length) {
    const content: Json = {};
    for (const type of def.produces) {
      content[type] =
        type === 'application/json'
          ? { schema: jsonSchema(def.response, 'output', `${opId}.response`, components) }
          : { schema: { type: 'string', contentMediaType: type } };
    }
    return { description: 'The file, as it is (no envelope)', content };
  }
  return {
    description: 'Success, in the envelope',
    content: { 'application/json': { schema: jsonSchema(okEnvelope(def.response), 'output', `${opId}.response`, components) } },
  };
}

function operation({ group, name, def }: NamedRoute, components: Json): Json {
  const opId = `${group}.${name}`;
  const params = [...parameters(def, 'path', opId, components), ...(def.query ? parameters(def, 'query', opId, components) : [])];
  return {
    operationId: opId,
    tags: [groupTitle(group)],
    ...(def.summary ? { summary: def.summary } : {}),
    ...(def.auth === 'ops'
      ? {
          description: `Needs the ops role \`${def.role ?? 'admin'}\` (an admin may call every ops route); checked before the body is read.`,
        }
      : {}),
    security: def.auth === 'public' ? [] : [{ [def.auth]: [] }],
    ...(params.length ? { parameters: params } : {}),
    ...(def.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(def.body, 'input', `${opId}.body`, components) } },
          },
        }
      : {}),
    responses: {
      '200': successResponse(def, opId, components),
      '4XX': { $ref: '#/components/responses/Error' },
      '5XX': { $ref: '#/components/responses/Error' },
    },
  };
}

/** The OpenAPI 3.1 document of every route of the contract. */
export function buildOpenApiDocument(routes: NamedRoute[]): Json {
  const schemas: Json = {
    ErrorEnvelope: {
      ...jsonSchema(errorEnvelopeSchema.extend({ code: z.enum(errorCodes) }), 'output', 'ErrorEnvelope', {}),
      description: 'Every failure: `message` for people, `code` for programs.',
    },
  };
  const paths: Record<string, Json> = {};
  for (const route of routes) {
    const key = openApiPath(route.def.path);
    paths[key] = { ...paths[key], [route.def.method.toLowerCase()]: operation(route, schemas) };
  }
  const securitySchemes = Object.fromEntries(
    (Object.keys(sessionSchemes) as SessionKind[]).map((kind) => [
      kind,
      { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE[kind], description: sessionSchemes[kind] },
    ]),
  );
  return {
    openapi: '3.1.0',
    info: { title: 'PickMyWork API', version: API_PREFIX.split('/').pop()!, description },
    servers: [{ url: API_PREFIX }],
    tags: [...new Set(routes.map((r) => groupTitle(r.group)))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes,
      schemas,
      responses: {
        Error: {
          description: 'A failure, in the error envelope',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
        },
      },
    },
  };
}
