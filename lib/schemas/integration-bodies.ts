/**
 * The body of `PUT /api/integrations/:id` (a stored OpenAPI integration) and its id rule: one zod
 * schema for the API, the integration service and the editor's form. How credentials are kept at
 * rest is lib/integrations' business; this module does no IO so the browser can bundle it.
 */
import { z } from 'zod';

/** The same id rule as agents: a slug agents can reference in `integrationTools`. */
export const integrationIdPattern = /^[a-z0-9][a-z0-9_-]{0,63}$/;

export const integrationIdRule =
  'Integration ids are 1-64 characters of a-z, 0-9, "_" and "-", starting with a letter or digit';

export const integrationIdSchema = z.string().regex(integrationIdPattern, integrationIdRule);

// An HTTP header name is a "token" (RFC 9110); anything else would make every call fail.
const headerToken = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

export const openApiCredentialsSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('bearer'), token: z.string().min(1) }).strict(),
  z
    .object({
      type: z.literal('apiKey'),
      in: z.enum(['header', 'query']),
      name: z.string().min(1).max(256),
      value: z.string().min(1),
    })
    .strict()
    .refine((credentials) => credentials.in === 'query' || headerToken.test(credentials.name), {
      message: 'must be a valid HTTP header name',
      path: ['name'],
    }),
  z.object({ type: z.literal('basic'), username: z.string().min(1), password: z.string() }).strict(),
]);

/** The secret part of a credential: what is encrypted at rest and masked in answers. */
export function credentialSecret(credentials: z.infer<typeof openApiCredentialsSchema>): string {
  switch (credentials.type) {
    case 'bearer':
      return credentials.token;
    case 'apiKey':
      return credentials.value;
    case 'basic':
      return credentials.password;
  }
}

/** Where an integration's credentials go instead of a URL (docs/integrations.md, "OpenAPI: calls"). */
export const credentialsPlace =
  "put them in the integration's credentials (bearer, apiKey in a header or the query, or basic)";

/**
 * A URL is stored and shown as written, so it must not carry credentials; the operation's path is
 * appended to it, so it has no query string or fragment (query parameters come from the operations).
 */
const baseUrlSchema = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .superRefine((value, context) => {
    // Zod runs this even when the value is no URL at all; that one problem is already reported.
    if (!URL.canParse(value)) return;
    const url = new URL(value);
    if (url.username || url.password)
      context.addIssue({ code: 'custom', message: `must not carry credentials: ${credentialsPlace}` });
    else if (url.search || url.hash)
      context.addIssue({
        code: 'custom',
        message: `must not have a query string or fragment: the operation's path is added to it, query parameters come from the document's operations, and credentials go in the integration's credentials (apiKey with in: 'query' for a key in the query)`,
      });
  });

export const integrationConfigInputSchema = z
  .object({
    type: z.literal('openapi'),
    name: z.string().trim().min(1).max(200).optional(),
    document: z.record(z.string(), z.unknown()),
    baseUrl: baseUrlSchema.optional(),
    credentials: openApiCredentialsSchema.optional(),
  })
  .strict();

export type IntegrationConfigInput = z.infer<typeof integrationConfigInputSchema>;
