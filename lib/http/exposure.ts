/**
 * Who can reach the server, said truthfully at start. Without sign-in (`STUDIO_AUTH=off`, the
 * default on loopback) listening on anything but loopback would hand every agent, secret and
 * allowed stdio command to whoever can reach the port: that is refused unless asked for explicitly.
 * With sign-in required (the default on any other address) a network address is what it is for.
 */
import { checkFailed, type CheckResult } from '../errors';
import { hostNameOf, isLoopbackHostName } from './request-policy';

export interface ExposureSettings {
  host: string;
  /**
   * The address the server binds (`resolveListenAddress`): what is judged. Defaults to `host`,
   * right only when that is an IP address.
   */
  address?: string;
  port: number;
  auth?: 'off' | 'required' | undefined;
  allowUnauthenticatedNetwork: boolean;
  allowedHosts: readonly string[];
}

/** Whether callers must sign in: `STUDIO_AUTH`, or by default `off` on loopback and `required` elsewhere. */
export function authMode(settings: { host: string; auth?: 'off' | 'required' | undefined }): 'off' | 'required' {
  return settings.auth ?? (isLoopbackHostName(hostNameOf(settings.host)) ? 'off' : 'required');
}

/** What to say at start (and whether it is a warning), or why the server must not start. */
export type Exposure = CheckResult<{ notice: string; warning: boolean }>;

const signInNotice =
  'Every request needs a signed-in user or an API key (STUDIO_AUTH=required): create the first admin with ' +
  'the setup link printed below while there is none (or `agent-studio db user create --role admin ' +
  '--password-stdin`), invite others from Settings; people sign in at /sign-in, and scripts use keys made ' +
  'with `agent-studio db key create`';

export function describeExposure(settings: ExposureSettings): Exposure {
  const address = settings.address ?? settings.host;
  const bound = address === settings.host ? address : `${address} (HOST=${settings.host})`;
  const hosts = ['localhost', '127.0.0.1', '[::1]', ...settings.allowedHosts].join(', ');
  const mode = authMode({ host: address, auth: settings.auth });
  if (isLoopbackHostName(hostNameOf(address))) {
    const who = mode === 'off' ? 'there is no sign-in (STUDIO_AUTH=off), so every local user can use it' : signInNotice;
    return {
      ok: true,
      value: {
        warning: false,
        notice:
          `Only programs on this machine can reach it (listening on ${bound}); ${who}. ` +
          `Pages from other sites are refused; host names answered: ${hosts}.`,
      },
    };
  }
  if (mode === 'required') {
    return {
      ok: true,
      value: {
        warning: false,
        notice:
          `Anyone who can reach port ${settings.port} on ${bound} can reach it. ${signInNotice}. ` +
          `Host names answered: ${hosts} (STUDIO_ALLOWED_HOSTS); serve it behind https.`,
      },
    };
  }
  if (!settings.allowUnauthenticatedNetwork) {
    return checkFailed(
      `HOST=${settings.host}${address === settings.host ? '' : ` (which resolves to ${address})`} with STUDIO_AUTH=off would let anyone who can reach port ${settings.port} read and ` +
        'change every agent and secret and start the allowed stdio commands, without signing in. ' +
        'Leave STUDIO_AUTH unset (sign-in is then required), keep HOST=127.0.0.1, or set ' +
        'STUDIO_ALLOW_UNAUTHENTICATED_NETWORK=true to do it on purpose.',
      'host',
    );
  }
  return {
    ok: true,
    value: {
      warning: true,
      notice:
        `WARNING: listening on ${bound} without sign-in (STUDIO_ALLOW_UNAUTHENTICATED_NETWORK=true): anyone ` +
        `who can reach port ${settings.port} can read and change every agent and start the allowed stdio commands. ` +
        `Host names answered: ${hosts} (STUDIO_ALLOWED_HOSTS).`,
    },
  };
}
