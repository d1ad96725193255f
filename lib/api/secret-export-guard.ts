/**
 * Who may take secrets out of the deployment (a backup sealed with a passphrase, a saved client
 * re-encrypted for another `SECRETS_KEY`): with sign-in required, an admin only; with sign-in off,
 * only someone on this machine, since whoever holds the passphrase or key they chose can open every
 * secret. "On this machine" is the connection's loopback address (behind `STUDIO_TRUSTED_PROXY`,
 * the forwarded client address); a request made in process is the studio's own code.
 */
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { actorOf, allows } from '../auth/credentials';
import { clientAddress } from '../auth/client-address';
import { StudioError } from '../errors';
import { classifyAddress } from '../net';
import { principalOf } from './request-principal';

function isLoopbackAddress(address: string | undefined): boolean {
  if (address === undefined) return false;
  const found = classifyAddress(address);
  return found?.kind === 'loopback' && (found.embedding === undefined || found.embedding === 'IPv4-mapped');
}

/** The address the request comes from, or `in-process` for a request made inside the studio. */
function callerAddress(context: Context, trustedProxies: number): string | 'in-process' | undefined {
  const incoming = (context.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return 'in-process';
  const forwarded = incoming.headers['x-forwarded-for'];
  return clientAddress({
    socketAddress: incoming.socket.remoteAddress,
    forwardedFor: Array.isArray(forwarded) ? forwarded.join(',') : forwarded,
    trustedProxies,
  });
}

/** Throws 403 `forbidden` unless the caller may export secrets; answers the actor to audit. */
export function requireSecretExport(context: Context, { trustedProxies }: { trustedProxies: number }): string {
  const principal = principalOf(context);
  if (principal.kind === 'local') {
    const address = callerAddress(context, trustedProxies);
    if (address === 'in-process' || isLoopbackAddress(address)) return actorOf(principal);
    throw new StudioError(
      'forbidden',
      'Exporting secrets without sign-in (STUDIO_AUTH=off) is allowed from this machine only: ' +
        'run the export on the server itself, or turn sign-in on and export as an admin.',
      { requiredScope: 'admin' },
    );
  }
  if (allows(principal, 'admin')) return actorOf(principal);
  throw new StudioError('forbidden', `${actorOf(principal)} may not export secrets: it needs the admin scope.`, {
    requiredScope: 'admin',
  });
}
