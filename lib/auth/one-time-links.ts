/**
 * One-time links that let someone in without credentials: the first admin's setup link and
 * invitations. The link carries a random token; the database keeps only its SHA-256 (the token has
 * 256 bits of chance, so a plain hash is enough and a stolen row opens nothing). Using a link
 * deletes its row, which only one request can do.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { OneTimeLinkRow } from '../../db/queries';
import type { Storage } from '../../db/storage';
import { StudioError } from '../errors';
import { readPageByTimeId, type Page, type PageRequest } from '../pagination';

/**
 * `setup-claim` is no link anyone opens: it is the claim a setup under way holds on adding the first
 * admin (first-admin.ts), kept as a row of the same kind so it expires and is cleaned up the same way.
 */
export type LinkKind = 'setup' | 'invitation' | 'setup-claim';

export const newLinkToken = (): string => randomBytes(32).toString('base64url');

const identifierOf = (kind: LinkKind, token: string) => `${kind}:${createHash('sha256').update(token).digest('hex')}`;

/** `<base>/<page>?token=<token>`, keeping a path the base may have (a studio served under `/studio/`). */
export function linkUrl(base: string, page: string, token: string): string {
  const url = new URL(page, base.endsWith('/') ? base : `${base}/`);
  url.searchParams.set('token', token);
  return url.toString();
}

export function createOneTimeLinks({ storage, now }: { storage: Storage; now: () => Date }) {
  const rows = storage.queries.oneTimeLinks;

  /** Expired links of a kind are of no use to anyone; deleted as new ones are made, so they do not pile up. */
  async function removeExpired(kind: LinkKind, at: Date): Promise<void> {
    for (const row of await rows.listByKind(kind))
      if (row.expiresAt.getTime() <= at.getTime()) await rows.remove(row.id);
  }

  return {
    /** Stores a new link of `kind` granting `grant`, valid for `validMs`; answers its token and row. */
    async issue(kind: LinkKind, grant: Record<string, unknown>, validMs: number) {
      const token = newLinkToken();
      const createdAt = now();
      await removeExpired(kind, createdAt);
      const row: OneTimeLinkRow = {
        id: crypto.randomUUID(),
        identifier: identifierOf(kind, token),
        value: JSON.stringify(grant),
        expiresAt: new Date(createdAt.getTime() + validMs),
        createdAt,
        updatedAt: createdAt,
      };
      await rows.insert(row);
      return { token, row };
    },

    /** The unexpired link a token names; anything else is refused with `refusal` (401). */
    async find(kind: LinkKind, token: string, refusal: string): Promise<OneTimeLinkRow> {
      const row = await rows.byIdentifier(identifierOf(kind, token));
      if (!row || row.expiresAt.getTime() <= now().getTime()) throw new StudioError('unauthorized', refusal);
      return row;
    },

    /**
     * Uses the link for `work`: its row is deleted first, so a second request with the same token
     * is refused even while `work` runs; if `work` fails the link is put back for another try.
     */
    async use<Result>(row: OneTimeLinkRow, refusal: string, work: () => Promise<Result>): Promise<Result> {
      if (!(await rows.remove(row.id))) throw new StudioError('unauthorized', refusal);
      try {
        return await work();
      } catch (error) {
        await rows.insert(row);
        throw error;
      }
    },

    /**
     * A page of the unexpired links of a kind, oldest first (`limit` default 20, `cursor` the
     * previous page's `nextCursor`).
     */
    pendingPage(kind: LinkKind, request?: PageRequest): Promise<Page<OneTimeLinkRow>> {
      const at = now();
      return readPageByTimeId({
        request,
        first: { time: new Date(0).toISOString(), id: '' },
        read: ({ time, id }, limit) => rows.pendingPage({ kind, at, after: { createdAt: new Date(time), id }, limit }),
        keyOf: (row) => ({ time: row.createdAt.toISOString(), id: row.id }),
        toItem: (row) => row,
      });
    },

    /** Unexpired links of a kind, oldest first. */
    async pending(kind: LinkKind): Promise<OneTimeLinkRow[]> {
      const at = now().getTime();
      return (await rows.listByKind(kind)).filter((row) => row.expiresAt.getTime() > at);
    },

    byId: (id: string) => rows.byId(id),
    remove: (id: string) => rows.remove(id),
    removeAll: (kind: LinkKind) => rows.removeByKind(kind),
  };
}

export type OneTimeLinks = ReturnType<typeof createOneTimeLinks>;
