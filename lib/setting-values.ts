/**
 * The kinds of values settings are made of, each read from an environment variable's text or given
 * in code: lists from comma-separated text, on/off flags, durations, origins, host names, the OTLP
 * exporter's headers and the OpenID Connect block. `./env.ts` puts them together.
 */
import { z } from 'zod';
import { roles } from './auth/roles';

/** A comma-separated environment value (or an array given in code) as a list of trimmed items. */
export function commaList<Item extends z.ZodType>(item: Item) {
  return z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean)
        : value,
    z.array(item),
  );
}

export const booleanFlag = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  return value;
}, z.boolean());

/**
 * Signing in through the company's OpenID Connect provider: the issuer, the client id and the
 * client secret come together or not at all (half a configuration is a start error, not a button
 * that fails). New people get `defaultRole`; `name` is what the sign-in button says.
 */
export const oidcSettings = z
  .object({
    issuer: z
      .string()
      .url()
      .refine((value) => /^https?:\/\//i.test(value), 'must be an http(s) URL')
      .optional(),
    clientId: z.string().min(1).optional(),
    clientSecret: z.string().min(1).optional(),
    defaultRole: z.enum(roles).default('viewer'),
    /** Shown as "Sign in with <name>"; the issuer's host name when unset. */
    name: z.string().min(1).max(100).optional(),
  })
  .strict()
  .superRefine((oidc, context) => {
    const parts = { issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret };
    const given = Object.entries(parts).filter(([, value]) => value !== undefined);
    if (given.length === 0 || given.length === 3) return;
    for (const [key, value] of Object.entries(parts))
      if (value === undefined)
        context.addIssue({
          code: 'custom',
          path: [key],
          message:
            'is required too: OpenID Connect sign-in needs the issuer, the client id and the client secret together ' +
            '(or none of them)',
        });
  });

export const milliseconds = z.coerce.number().int().min(1).max(3_600_000);

/** `STUDIO_CORS_ORIGINS` entries: exact origins (`scheme://host[:port]`), stored as the URL parser spells them. */
export const originList = commaList(
  z.string().transform((value, context) => {
    let origin: string | undefined;
    try {
      const url = new URL(value);
      if (
        (url.protocol === 'http:' || url.protocol === 'https:') &&
        url.origin === value.replace(/\/$/, '').toLowerCase()
      )
        origin = url.origin;
    } catch {
      // reported below
    }
    if (origin === undefined) {
      context.addIssue({ code: 'custom', message: `"${value}" is not an origin like https://app.example.com` });
      return z.NEVER;
    }
    return origin;
  }),
);

/** `STUDIO_ALLOWED_HOSTS` entries: host names or IP addresses without a port (any port is accepted). */
export const hostList = commaList(
  z
    .string()
    .regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+|[0-9a-f:]+)$/i, 'must be a host name or an IP address without a port')
    .transform((host) => host.toLowerCase()),
);

/** A header name as HTTP allows it (RFC 9110 token). */
const headerName = /^[!#$%&'*+.^_`|~0-9a-z-]+$/i;

/**
 * `OTEL_EXPORTER_OTLP_HEADERS`: `name=value` pairs separated by commas, values percent-encoded (the
 * OpenTelemetry convention); in code, a record. The values are credentials: a problem names the
 * entry by its position or name, never by its text.
 */
export const otlpHeaders = z.preprocess(
  (value, context) => {
    if (typeof value !== 'string') return value;
    const headers: Record<string, string> = {};
    const entries = value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean);
    entries.forEach((entry, index) => {
      const at = entry.indexOf('=');
      const name = entry.slice(0, Math.max(at, 0)).trim();
      if (at < 1 || !headerName.test(name)) {
        context.addIssue({ code: 'custom', message: `entry ${index + 1} is not name=value with a header name` });
        return;
      }
      try {
        headers[name] = decodeURIComponent(entry.slice(at + 1).trim());
      } catch {
        context.addIssue({ code: 'custom', message: `the value of "${name}" is not valid percent-encoded text` });
      }
    });
    return headers;
  },
  z.record(z.string().regex(headerName, 'must be an HTTP header name'), z.string()),
);
