import { scriptHeaders } from './credentials';

/** JSON requests to the test server's API, for setting up and checking what a browser walk did. */
export function apiOf(baseUrl: string) {
  return async function api(method: string, path: string, body?: unknown) {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { ...scriptHeaders(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };
}
