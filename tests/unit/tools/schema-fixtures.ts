/**
 * The same schemas written with each supported schema kind, so every rule is tested against Zod 4,
 * Valibot (wrapped with toStandardJsonSchema), ArkType and plain JSON Schema.
 */
import { toStandardJsonSchema } from '@valibot/to-json-schema';
import { type } from 'arktype';
import * as v from 'valibot';
import { z } from 'zod';
import type { ToolSchema } from '@/lib/tools';

export interface SchemaKind {
  library: 'zod' | 'valibot' | 'arktype' | 'json-schema';
  /** `{ customer, items: [{ sku, tags? }], note?, priority = 'low', address?: { city } }` */
  order: ToolSchema;
  /** `{ verbose?, limit? }`: every field optional. */
  options: ToolSchema;
  /** A bare string (not an object). */
  text: ToolSchema;
  /** A request context: `{ tenantId, plan = 'free' }`. */
  tenant: ToolSchema;
}

export const schemaKinds: SchemaKind[] = [
  {
    library: 'zod',
    order: z.object({
      customer: z.string(),
      items: z.array(z.object({ sku: z.string(), tags: z.array(z.string()).optional() })),
      note: z.string().optional(),
      priority: z.enum(['low', 'high']).default('low'),
      address: z.object({ city: z.string() }).optional(),
    }),
    options: z.object({ verbose: z.boolean().optional(), limit: z.number().optional() }),
    text: z.string(),
    tenant: z.object({ tenantId: z.string(), plan: z.enum(['free', 'pro']).default('free') }),
  },
  {
    library: 'valibot',
    order: toStandardJsonSchema(
      v.object({
        customer: v.string(),
        items: v.array(v.object({ sku: v.string(), tags: v.optional(v.array(v.string())) })),
        note: v.optional(v.string()),
        priority: v.optional(v.picklist(['low', 'high']), 'low'),
        address: v.optional(v.object({ city: v.string() })),
      }),
    ),
    options: toStandardJsonSchema(v.object({ verbose: v.optional(v.boolean()), limit: v.optional(v.number()) })),
    text: toStandardJsonSchema(v.string()),
    tenant: toStandardJsonSchema(
      v.object({ tenantId: v.string(), plan: v.optional(v.picklist(['free', 'pro']), 'free') }),
    ),
  },
  {
    library: 'arktype',
    order: type({
      customer: 'string',
      items: type({ sku: 'string', 'tags?': 'string[]' }).array(),
      'note?': 'string',
      priority: "'low' | 'high' = 'low'",
      'address?': { city: 'string' },
    }),
    options: type({ 'verbose?': 'boolean', 'limit?': 'number' }),
    text: type('string'),
    tenant: type({ tenantId: 'string', plan: "'free' | 'pro' = 'free'" }),
  },
  {
    library: 'json-schema',
    order: {
      type: 'object',
      properties: {
        customer: { type: 'string' },
        items: {
          type: 'array',
          items: {
            type: 'object',
            properties: { sku: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } },
            required: ['sku'],
          },
        },
        note: { type: 'string' },
        priority: { enum: ['low', 'high'], default: 'low' },
        address: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      },
      required: ['customer', 'items'],
    },
    options: { type: 'object', properties: { verbose: { type: 'boolean' }, limit: { type: 'number' } } },
    text: { type: 'string' },
    tenant: {
      type: 'object',
      properties: { tenantId: { type: 'string' }, plan: { enum: ['free', 'pro'], default: 'free' } },
      required: ['tenantId'],
    },
  },
];

/** A valid order as a model would send it (no priority: the default fills it). */
export const validOrder = { customer: 'Ada', items: [{ sku: 'A-1', tags: ['red'] }] };
