/**
 * Browsers still ask for `/favicon.ico` now and then, whatever the page's icon link says: they get
 * the studio's icon (app/icon.svg) instead of a 404.
 */
export function GET(): Response {
  return new Response(null, {
    status: 308,
    headers: { Location: '/icon.svg', 'Cache-Control': 'public, max-age=86400' },
  });
}
