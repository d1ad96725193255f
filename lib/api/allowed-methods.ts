/**
 * The methods a path answers, for the 405 of a known path asked with another method (its `Allow`
 * header). Read from the app's own routes on first use, when every route is registered, and kept
 * by the app that asked: a request for an unknown route is rare, so this is built once, not ahead.
 */
import { TrieRouter } from 'hono/router/trie-router';

const endpointMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** Routes whose path ends in a wildcard are middleware or mounts, never one operation. */
const isOperation = ({ method, path }: { method: string; path: string }) =>
  endpointMethods.includes(method) && !path.endsWith('*');

export function createAllowedMethods(
  routes: () => ReadonlyArray<{ method: string; path: string }>,
): (path: string) => string[] {
  let router: TrieRouter<string> | undefined;
  const methodsOf = (path: string) => {
    if (!router) {
      router = new TrieRouter<string>();
      for (const route of routes()) if (isOperation(route)) router.add(route.method, route.path, route.method);
    }
    const known = router;
    return endpointMethods.filter((method) => known.match(method, path)[0].length > 0);
  };
  // HEAD is answered wherever GET is (Hono runs the GET route without its body).
  return (path) => {
    const allowed = methodsOf(path);
    return allowed.includes('GET') ? [...allowed, 'HEAD'] : allowed;
  };
}
