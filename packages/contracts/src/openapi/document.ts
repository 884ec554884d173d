import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { errorAnswerSchema } from '../errors.js';
import { apiGroups } from './api.js';
import { refusalMeanings, refusals } from './refusals.js';
import { API_PREFIX, paramNames } from './paths.js';
import { listQuery, type Access, type ApiRoute } from './route.js';

/** `/offers/:id` → `/api/offers/{id}`, the path as a browser calls it. */
export const openApiPathOf = (path: string) => `${API_PREFIX}${path.replace(/:(\w+)/g, '{$1}')}`;

const SESSION = 'session';
/** A brand's server: its app's client id and secret, as HTTP Basic (issue 30, docs/connect.md). */
const BRAND_APP = 'brandApp';

/** A schema component as JSON Schema (zod's own output, which the generator's types do not know). */
type SchemaComponent = Parameters<OpenAPIRegistry['registerComponent']>[2];

const who: Record<Access, string> = {
  anyone: 'Anyone; a session, when there is one, names the caller.',
  signedIn: 'Anyone signed in.',
  student: 'Students, whatever their verification.',
  activeStudent: 'Students whose verification is active.',
  staff: 'Staff and admins.',
  admin: 'Admins.',
  merchant: "Merchants, for their own brand's things only (another brand's answer 404).",
  brandApp:
    "A brand's server, with its app's `client_id` and `client_secret` as HTTP Basic; a wrong or revoked app is 401.",
};

/** What a route's caller shows: a session (optional where anyone may call), or a brand app's credentials. */
const securityOf = (access: Access): Array<Record<string, string[]>> =>
  access === 'brandApp'
    ? [{ [BRAND_APP]: [] }]
    : access === 'anyone'
      ? [{}, { [SESSION]: [] }]
      : [{ [SESSION]: [] }];

const DESCRIPTION = `The API the student app and the admin console call, as the gateway serves it under \`/api\`.

**Sessions.** Signing in sets the session cookie \`sid\` (\`__Host-sid\` over https: HttpOnly, Secure, SameSite=Lax);
every call sends it. Some steps of signing in carry a short-lived step cookie of their own (\`mfa\`, \`pwreset\`).

**CSRF.** A call that changes something (any method but GET, HEAD and OPTIONS) is refused with 403 \`csrf_failed\` when
its \`Sec-Fetch-Site\` says \`cross-site\` or its \`Origin\` is not the site's own. Clients that are not browsers send
neither header and pass.

**Errors.** Every refusal answers \`{ message, code, errors? }\`: a message for people, a \`code\` for programs (the
list is in the schema \`ErrorAnswer\`), and one message per refused field on a 400. Limits answer 429 with
\`Retry-After\`.

**Lists** of the admin console follow the ra-data-simple-rest dialect: \`sort\`, \`range\` and \`filter\` query
parameters, a JSON array, and \`Content-Range: <resource> <first>-<last>/<total>\`.`;

const errorContent = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorAnswer' } } };

function operation(route: ApiRoute, tag: string): RouteConfig {
  const params = paramNames(route.path);
  const status = route.status ?? (route.answer || route.file ? 200 : 204);
  const success = route.file
    ? {
        description: route.file,
        content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
      }
    : {
        description: route.answer ? 'Done' : 'Done, no content',
        ...(route.list && {
          headers: z.object({
            'Content-Range': z.string().meta({ description: '`<resource> <first>-<last>/<total>`' }),
          }),
        }),
        ...(route.answer && { content: { 'application/json': { schema: route.answer } } }),
      };
  const contentType = route.upload ? 'multipart/form-data' : 'application/json';
  return {
    method: route.method,
    path: openApiPathOf(route.path),
    tags: [tag],
    summary: route.summary,
    description: [route.description, `**Who:** ${who[route.access]}`].filter(Boolean).join('\n\n'),
    security: securityOf(route.access),
    request: {
      ...(params.length && {
        params: route.params ?? z.object(Object.fromEntries(params.map((name) => [name, z.string()]))),
      }),
      ...((route.query ?? route.list) && { query: route.query ?? listQuery }),
      ...(route.body && { body: { required: true, content: { [contentType]: { schema: route.body } } } }),
    },
    responses: {
      [status]: success,
      ...Object.fromEntries(
        refusals(route, params.length > 0).map((code) => [code, { $ref: `#/components/responses/${code}` }]),
      ),
      default: { $ref: '#/components/responses/default' },
    },
  };
}

export interface OpenApiOptions {
  /** the version the document states */
  version: string;
  /** where the API is served, e.g. the gateway's PUBLIC_URL; relative to the document when not given */
  serverUrl?: string;
}

/** The OpenAPI 3.1 document of the public API, built from the contracts' zod schemas. */
export function openApiDocument(options: OpenApiOptions) {
  const registry = new OpenAPIRegistry();
  const { $schema: _dialect, ...errorSchema } = z.toJSONSchema(errorAnswerSchema);
  registry.registerComponent('schemas', 'ErrorAnswer', errorSchema as SchemaComponent);
  registry.registerComponent('securitySchemes', SESSION, {
    type: 'apiKey',
    in: 'cookie',
    name: 'sid',
    description: 'The session cookie signing in sets (`__Host-sid` over https).',
  });
  registry.registerComponent('securitySchemes', BRAND_APP, {
    type: 'http',
    scheme: 'basic',
    description: "A brand app's `client_id` as the user name and its `client_secret` as the password.",
  });
  for (const [status, description] of Object.entries(refusalMeanings))
    registry.registerComponent('responses', status, { description, content: errorContent });
  for (const group of apiGroups)
    for (const route of Object.values(group.routes)) registry.registerPath(operation(route, group.tag));
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Tullab API', version: options.version, description: DESCRIPTION },
    servers: [{ url: options.serverUrl ?? '/' }],
    tags: apiGroups.map(({ tag, description }) => ({ name: tag, description })),
  });
}
