import { ERROR_STATUS, PROCEDURE_CATALOGUE } from '@app/contracts';
import { z } from 'zod';

const errorSchema = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', enum: Object.keys(ERROR_STATUS) },
    message: { type: 'string' },
    details: {},
  },
};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

/** OpenAPI 3.1 document generated from the procedure catalogue. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const p of PROCEDURE_CATALOGUE) {
    const access = p.access.kind === 'permission' ? `permission ${p.access.key}` : p.access.kind;
    paths[`/api${p.path}`] = {
      post: {
        summary: p.summary,
        description: `Access: ${access}.`,
        'x-access': p.access,
        security: p.access.kind === 'public' ? [] : [{ accessToken: [] }],
        requestBody: { required: false, content: { 'application/json': { schema: jsonSchema(p.input, 'input') } } },
        responses: {
          200: {
            description: 'Success',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['data'], properties: { data: jsonSchema(p.output, 'output') } },
              },
            },
          },
          default: { description: 'Failure', content: { 'application/json': { schema: errorSchema } } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'LearnLabel API', version: '1.0.0' },
    components: { securitySchemes: { accessToken: { type: 'apiKey', in: 'header', name: 'access-token' } } },
    paths,
  };
}
