import { describeAccess, v2Access, v2ErrorStatus, type V2Route } from '@scanbase/contracts';
import { z } from 'zod';

/** Builds the OpenAPI 3.1 document of the V2 API from the route contracts. */
export function buildOpenApi(routes: V2Route[], version: string): Record<string, unknown> {
  const errorSchema = {
    type: 'object',
    required: ['error', 'message'],
    properties: {
      error: { type: 'string', enum: Object.keys(v2ErrorStatus) },
      message: { type: 'string' },
      details: {},
    },
  };
  const paths: Record<string, unknown> = {};
  for (const route of routes) {
    const responses: Record<string, unknown> = {
      '200': { description: 'Success', content: { 'application/json': { schema: z.toJSONSchema(route.reply, { io: 'output', unrepresentable: 'any' }) } } },
      '422': { description: 'VALIDATION_FAILED', content: { 'application/json': { schema: errorSchema } } },
      '429': { description: 'LIMIT_MINUTE (see Retry-After)', content: { 'application/json': { schema: errorSchema } } },
      '503': { description: 'ERROR_MAINTENANCE', content: { 'application/json': { schema: errorSchema } } },
    };
    if (route.access !== 'public') {
      responses['401'] = { description: 'AUTH_FAILED', content: { 'application/json': { schema: errorSchema } } };
      responses['403'] = { description: 'FORBIDDEN', content: { 'application/json': { schema: errorSchema } } };
    }
    paths[`/api-v2/${route.path}/`] = {
      post: {
        summary: route.summary,
        // Who may call it, from the one access table the server enforces.
        description: `Who may call: ${v2Access[route.path] ? describeAccess(v2Access[route.path]!) : 'nobody (no access rule)'}.`,
        'x-access': v2Access[route.path] ?? null,
        operationId: route.path.replace(/[/-](\w)/g, (_m, c: string) => c.toUpperCase()),
        tags: [route.path.split('/')[0]],
        security: route.access === 'public' ? [] : [{ bearer: [] }],
        requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(route.body, { io: 'input', unrepresentable: 'any' }) } } },
        responses,
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Scanbase V2 API', version, description: 'JSON API used by the Scanbase web app. Authenticate with `Authorization: Bearer <website_token>` or a `website_token` body field.' },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
