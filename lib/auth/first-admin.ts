/**
 * The first admin of a studio that requires sign-in: at start, while no enabled admin exists, the
 * server prints a setup link valid for an hour (`/setup?token=...`); whoever opens it sets the
 * admin's email and password and is signed in. Several instances starting together each print a
 * link of their own; once one is used an admin exists and every other link is refused (409).
 *
 * Two links used at the same moment must not add two admins. The admin is added by the sign-in
 * library outside the studio's transactions, so "no admin yet" cannot be checked in the same
 * transaction as the write that adds one. Instead a setup first claims the right to add the admin:
 * one write transaction checks that the link is valid, that no enabled admin exists and that no
 * other setup holds a claim, then uses the link up and stores a claim row. Concurrent claims are
 * ordered by the database (SQLite's write lock, PostgreSQL's serializable isolation), so exactly
 * one holds it and the others are refused with 409 while it adds the admin.
 */
import type { OneTimeLinkRow } from '../../db/queries';
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

const setupUnderWay =
  'Another setup link is adding the first admin right now; once it has, sign in as that admin or ask them to invite you.';

/**
 * How long the claim of a setup under way (a one-time link of kind `setup-claim`) counts: it ends
 * when the setup does; one whose process died stops counting after this long, so the other links
 * work again.
 */
const claimValidMs = 60_000;

/** The link a setup used up and the claim it holds while it adds the admin. */
interface SetupClaim {
  link: OneTimeLinkRow;
  claim: OneTimeLinkRow;
}

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

  async function isSetupUnderWay(): Promise<boolean> {
    return (await links.pending('setup-claim')).length > 0;
  }

  /**
   * In one write transaction: the link is valid, no enabled admin exists and no other setup is
   * under way; then the link is used up and the claim stored. Of two at once, one is refused.
   */
  function claimSetup(token: string): Promise<SetupClaim> {
    return storage.transaction(async () => {
      const link = await links.find('setup', token, unusableLink);
      if (await hasEnabledAdmin()) throw new StudioError('conflict', adminExists);
      if (await isSetupUnderWay()) throw new StudioError('conflict', setupUnderWay);
      if (!(await links.remove(link.id))) throw new StudioError('unauthorized', unusableLink);
      const { row: claim } = await links.issue('setup-claim', {}, claimValidMs);
      return { link, claim };
    });
  }

  /** A setup that failed (an email in use, say) gives its link back for another try and lets the others go on. */
  function releaseClaim({ link, claim }: SetupClaim): Promise<void> {
    return storage.transaction(async () => {
      await links.remove(claim.id);
      await storage.queries.oneTimeLinks.insert(link);
    });
  }

  /** Once the admin exists, the links other instances printed are void, and no claim is needed any more. */
  function endSetup(): Promise<void> {
    return storage.transaction(async () => {
      await links.removeAll('setup');
      await links.removeAll('setup-claim');
    });
  }

  return {
    /**
     * Why a setup link would be refused, or undefined while it still adds the first admin: the
     * setup page says so when it opens, before anyone fills it in.
     */
    async refusalOf(token: string): Promise<string | undefined> {
      if (await hasEnabledAdmin()) return adminExists;
      if (await isSetupUnderWay()) return setupUnderWay;
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

    /**
     * Adds the first admin through a setup link, uses it up (and every other setup link), signs
     * them in. While another link is adding the admin, or once one exists, it is refused with 409.
     */
    async setUp({ token, email, password }: FirstAdminInput, headers: Headers): Promise<AddedAndSignedIn> {
      const claimed = await claimSetup(token);
      let user: SignedInUser;
      try {
        user = await signIn.createUser({ email, name: email.split('@')[0] ?? email, password, role: 'admin' });
      } catch (error) {
        await releaseClaim(claimed);
        throw error;
      }
      await endSetup();
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
