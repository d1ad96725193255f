/** JSON requests to the studio's API from the browser (the API refuses bodies of any other type). */
export async function postJson<T>(
  path: string,
  body: unknown,
): Promise<{ ok: true; value: T } | { ok: false; message: string }> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
    if (!response.ok) return { ok: false, message: json?.error?.message ?? `The server answered ${response.status}.` };
    return { ok: true, value: json as T };
  } catch {
    return { ok: false, message: 'The studio could not be reached. Check that it is running, then try again.' };
  }
}
