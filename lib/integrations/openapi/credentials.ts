/**
 * How an OpenAPI integration authenticates its calls. Credentials are configuration, not tool
 * input: the model never sees or supplies them, and they are applied after the input so a model
 * cannot override them with a same-named parameter.
 */
export type OpenApiCredentials =
  | { type: 'bearer'; token: string }
  | { type: 'apiKey'; in: 'header' | 'query'; name: string; value: string }
  | { type: 'basic'; username: string; password: string };

/** The values a server could echo back to the model (and so to whoever steers it): kept out of outputs. */
export function credentialValues(credentials: OpenApiCredentials | undefined): string[] {
  if (!credentials) return [];
  switch (credentials.type) {
    case 'bearer':
      return [credentials.token];
    case 'basic':
      return [credentials.password, Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')];
    case 'apiKey':
      return [credentials.value];
  }
}

export function applyCredentials({
  credentials,
  headers,
  url,
}: {
  credentials: OpenApiCredentials | undefined;
  headers: Headers;
  url: URL;
}): void {
  if (!credentials) return;
  switch (credentials.type) {
    case 'bearer':
      headers.set('authorization', `Bearer ${credentials.token}`);
      return;
    case 'basic':
      headers.set(
        'authorization',
        `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`, 'utf8').toString('base64')}`,
      );
      return;
    case 'apiKey':
      if (credentials.in === 'header') headers.set(credentials.name, credentials.value);
      else url.searchParams.set(credentials.name, credentials.value);
      return;
  }
}
