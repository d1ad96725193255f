/**
 * Invitations: an admin names an email and a role and gets a one-time link (`/invite?token=...`,
 * valid 7 days) to pass on; whoever opens it sets a password, becomes that user with that role and
 * is signed in. Pending invitations are listed without their tokens and can be withdrawn. A newer
 * invitation for the same email replaces the pending one.
 */
import type { OneTimeLinkRow } from '../../db/queries';
import { StudioError } from '../errors';
import type { Page, PageRequest } from '../pagination';
import type { AcceptInvitationInput, CreateInvitationInput } from './account-bodies';
import type { AddedAndSignedIn } from './first-admin';
import { recordUserAudit } from './account-audit';
import { createOneTimeLinks, linkUrl } from './one-time-links';
import { isRole, type Role } from './roles';
import type { UserServiceParts } from './sign-in';

/** How long an invitation link is valid. */
export const invitationDays = 7;

/** A pending invitation as admins see it: never its token. */
export interface InvitationView {
  id: string;
  email: string;
  role: Role;
  createdBy: string;
  createdAt: string;
  expiresAt: string;
}

const unusableLink =
  'This invitation link is unknown, used, withdrawn or expired (it is valid for 7 days); ask an admin for a new one.';

interface Grant {
  email: string;
  role: Role;
  createdBy: string;
}

function grantOf(row: OneTimeLinkRow): Grant {
  const grant = JSON.parse(row.value) as Partial<Grant>;
  return {
    email: String(grant.email),
    // Anything else stored grants no more than the lowest role.
    role: isRole(grant.role) ? grant.role : 'viewer',
    createdBy: String(grant.createdBy),
  };
}

function viewOf(row: OneTimeLinkRow): InvitationView {
  return {
    id: row.id,
    ...grantOf(row),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function createInvitations({
  storage,
  signIn,
  publicUrl,
  now = () => new Date(),
}: UserServiceParts & {
  /** Where people reach the studio (`STUDIO_PUBLIC_URL`); without it links use the request's origin. */
  publicUrl?: string | undefined;
}) {
  const links = createOneTimeLinks({ storage, now });

  async function refuseExistingUser(email: string): Promise<void> {
    if (await storage.queries.users.byEmail(email))
      throw new StudioError('conflict', `A user with the email ${email} already exists; nothing was changed.`);
  }

  async function withdrawPendingFor(email: string): Promise<void> {
    for (const row of await links.pending('invitation')) if (grantOf(row).email === email) await links.remove(row.id);
  }

  return {
    /** A new invitation and its link, shown in this answer only. */
    async create({
      email: givenEmail,
      role,
      createdBy,
      requestOrigin,
    }: CreateInvitationInput & { createdBy: string; requestOrigin: string }): Promise<
      InvitationView & { link: string }
    > {
      // Addresses are kept in lower case by the sign-in library.
      const email = givenEmail.toLowerCase();
      await refuseExistingUser(email);
      await withdrawPendingFor(email);
      const { token, row } = await links.issue('invitation', { email, role, createdBy }, invitationDays * 86_400_000);
      await recordUserAudit(storage, { at: now(), actor: createdBy, action: 'user.invite', email, details: { role } });
      return { ...viewOf(row), link: linkUrl(publicUrl ?? requestOrigin, 'invite', token) };
    },

    /** A page of the pending invitations, oldest first (`limit` default 20, `cursor` the previous page's `nextCursor`). */
    async list(request?: PageRequest): Promise<Page<InvitationView>> {
      const page = await links.pendingPage('invitation', request);
      return { items: page.items.map(viewOf), nextCursor: page.nextCursor };
    },

    /** Withdraws an invitation: its link is refused from now on. */
    async withdraw({ id, actor }: { id: string; actor: string }): Promise<void> {
      const row = await links.byId(id);
      if (!row || !row.identifier.startsWith('invitation:'))
        throw new StudioError('not_found', `No invitation has the id "${id}".`);
      await links.remove(id);
      await recordUserAudit(storage, {
        at: now(),
        actor,
        action: 'user.invitation.withdraw',
        email: grantOf(row).email,
      });
    },

    /** Whom a link invites, for the page that accepts it. */
    async read(token: string): Promise<{ email: string; role: Role; expiresAt: string }> {
      const { email, role, expiresAt } = viewOf(await links.find('invitation', token, unusableLink));
      return { email, role, expiresAt };
    },

    /** Adds the invited user with the password they chose, uses the link up and signs them in. */
    async accept({ token, password, name }: AcceptInvitationInput, headers: Headers): Promise<AddedAndSignedIn> {
      const row = await links.find('invitation', token, unusableLink);
      const { email, role } = grantOf(row);
      await refuseExistingUser(email);
      const user = await links.use(row, unusableLink, () =>
        signIn.createUser({ email, name: name ?? email.split('@')[0] ?? email, password, role }),
      );
      await recordUserAudit(storage, {
        at: now(),
        actor: `user:${email}`,
        action: 'user.invitation.accept',
        email,
        details: { role },
      });
      return { user, cookies: await signIn.sessionCookies({ email, password, headers }) };
    },
  };
}

export type Invitations = ReturnType<typeof createInvitations>;
