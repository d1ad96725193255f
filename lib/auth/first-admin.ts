/**
 * The first admin of a studio that requires sign-in: at start, while no enabled admin exists, the
 * server prints a setup link valid for an hour (`/setup?token=...`); whoever opens it sets the
 * admin's email and password and is signed in. Several instances starting together each print a
 * link of their own; once one is used an admin exists and every other link is refused (409).
 */
import { StudioError } from '../errors';
import type { FirstAdminInput } from './account-bodies';
import { recordUserAudit } from './account-audit';
import { createOneTimeLinks } from './one-time-links';
import { isEnabledAdmin } from './roles';
import type { SignedInUser, UserServiceParts } from './sign-in';

/** How long a setup link is valid. */
export const setupLinkHours = 1;

const unusableLink =
  'This setup link is unknown, used or expired (it is valid for one hour). Restart the studio for a new one ' +
  'while there is no admin, or add one with `agent-studio db user create --role admin --password-stdin`.';

const adminExists = 'An admin exists already; sign in, or ask an admin to invite you.';

/** A user signed in by the request that added them: who, and the session cookies to set. */
export interface AddedAndSignedIn {
  user: SignedInUser;
  cookies: string[];
}

export function createFirstAdminSetup({ storage, signIn, now = () => new Date() }: UserServiceParts) {
  const links = createOneTimeLinks({ storage, now });

  async function hasEnabledAdmin(): Promise<boolean> {
    return (await storage.queries.users.list()).some(isEnabledAdmin);
  }

  return {
    /**
     * Why a setup link would be refused, or undefined while it still adds the first admin: the
     * setup page says so when it opens, before anyone fills it in.
     */
    async refusalOf(token: string): Promise<string | undefined> {
      if (await hasEnabledAdmin()) return adminExists;
      try {
        await links.find('setup', token, unusableLink);
        return undefined;
      } catch (error) {
        if (error instanceof StudioError) return error.message;
        throw error;
      }
    },

    /** A new setup link's token and end, or undefined when an enabled admin exists already. */
    async issueIfNoAdmin(): Promise<{ token: string; expiresAt: Date } | undefined> {
      if (await hasEnabledAdmin()) return undefined;
      const { token, row } = await links.issue('setup', {}, setupLinkHours * 3_600_000);
      return { token, expiresAt: row.expiresAt };
    },

    /** Adds the first admin through a setup link, uses it up (and every other setup link), signs them in. */
    async setUp({ token, email, password }: FirstAdminInput, headers: Headers): Promise<AddedAndSignedIn> {
      const row = await links.find('setup', token, unusableLink);
      if (await hasEnabledAdmin()) throw new StudioError('conflict', adminExists);
      const user = await links.use(row, unusableLink, () =>
        signIn.createUser({ email, name: email.split('@')[0] ?? email, password, role: 'admin' }),
      );
      // The links other instances printed are void now that an admin exists.
      await links.removeAll('setup');
      await recordUserAudit(storage, {
        at: now(),
        actor: `user:${user.email}`,
        action: 'user.setup',
        email: user.email,
      });
      return { user, cookies: await signIn.sessionCookies({ email: user.email, password, headers }) };
    },
  };
}

export type FirstAdminSetup = ReturnType<typeof createFirstAdminSetup>;
