/**
 * Who can reach the server, said truthfully at start. There is no sign-in yet, so listening on
 * anything but loopback hands every agent, secret and allowed stdio command to whoever can reach
 * the port: that is refused unless asked for explicitly.
 */
import { checkFailed, type CheckResult } from '../errors';
import { hostNameOf, isLoopbackHostName } from './request-policy';

export interface ExposureSettings {
  host: string;
  port: number;
  allowUnauthenticatedNetwork: boolean;
  allowedHosts: readonly string[];
}

/** What to say at start (and whether it is a warning), or why the server must not start. */
export type Exposure = CheckResult<{ notice: string; warning: boolean }>;

export function describeExposure(settings: ExposureSettings): Exposure {
  const name = hostNameOf(settings.host);
  const hosts = ['localhost', '127.0.0.1', '[::1]', ...settings.allowedHosts].join(', ');
  if (isLoopbackHostName(name)) {
    return {
      ok: true,
      value: {
        warning: false,
        notice:
          `Only programs on this machine can reach it (listening on ${settings.host}); there is no sign-in, ` +
          `so every local user can use it. Pages from other sites are refused; host names answered: ${hosts}.`,
      },
    };
  }
  if (!settings.allowUnauthenticatedNetwork) {
    return checkFailed(
      `HOST=${settings.host} would let anyone who can reach port ${settings.port} read and change every agent and ` +
        'secret and start the allowed stdio commands, without signing in (sign-in does not exist yet). ' +
        'Keep HOST=127.0.0.1, or set STUDIO_ALLOW_UNAUTHENTICATED_NETWORK=true to do it on purpose.',
      'host',
    );
  }
  return {
    ok: true,
    value: {
      warning: true,
      notice:
        `WARNING: listening on ${settings.host} without sign-in (STUDIO_ALLOW_UNAUTHENTICATED_NETWORK=true): anyone ` +
        `who can reach port ${settings.port} can read and change every agent and start the allowed stdio commands. ` +
        `Host names answered: ${hosts} (STUDIO_ALLOWED_HOSTS).`,
    },
  };
}
