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

function jsonBody(input: z.ZodType) {
  return { required: false, content: { 'application/json': { schema: jsonSchema(input, 'input') } } };
}

/** Upload procedures take multipart/form-data: the input's fields first, then `files`. */
function uploadBody(input: z.ZodType, upload: { maxBytes: number; maxFiles: number }) {
  const fields = jsonSchema(input, 'input') as { properties?: Record<string, unknown>; required?: string[] };
  const files = {
    type: 'array',
    maxItems: upload.maxFiles,
    items: { type: 'string', format: 'binary', contentMediaType: 'application/octet-stream' },
    description: `At most ${upload.maxFiles} files of at most ${upload.maxBytes} bytes each, after the other fields.`,
  };
  return {
    required: true,
    content: {
      'multipart/form-data': {
        schema: {
          type: 'object',
          required: [...(fields.required ?? []), 'files'],
          properties: { ...fields.properties, files },
        },
        encoding: { files: { contentType: 'application/octet-stream' } },
      },
    },
  };
}

/** OpenAPI 3.1 document generated from the procedure catalogue. */
export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const p of PROCEDURE_CATALOGUE) {
    const access = p.access.kind === 'permission' ? `permission ${p.access.key}` : p.access.kind;
    paths[`/api${p.path}`] = {
      post: {
        // Grouped by the path's first segment (`/dataset-train/list` under `dataset-train`) in /api/docs.
        tags: [p.path.split('/')[1] ?? ''],
        summary: p.summary,
        description: `Access: ${access}.`,
        'x-access': p.access,
        security: p.access.kind === 'public' ? [] : [{ accessToken: [] }],
        requestBody: p.upload ? uploadBody(p.input, p.upload) : jsonBody(p.input),
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
