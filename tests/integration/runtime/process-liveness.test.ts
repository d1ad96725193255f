/**
 * This process's sign of life on the database (lib/runtime/process-liveness.ts): its row written
 * while it runs and gone once it stops, and the judgement of other processes' silence, which it
 * gives only while its own beats have all landed for the span of silence it judges by.
 */
import { describe, expect, it, vi } from 'vitest';
import { openSqliteStorage } from '@/db/sqlite-storage';
import { startProcessLiveness } from '@/lib/runtime/process-liveness';

describe('the sign of life of a studio process', () => {
  it('writes its row while it runs, moving it with each beat, and removes it when it stops', async () => {
    const storage = openSqliteStorage({ url: ':memory:' });
    await storage.migrate();
    const rowOf = (id: string) =>
      storage.handle.sqlite.prepare('select started_at, alive_at from studio_processes where id = ?').get(id) as
        { started_at: string; alive_at: string } | undefined;
    const liveness = startProcessLiveness({
      queries: storage.queries.processes,
      silentAfterMs: 1_200,
      onError: () => {},
    });
    try {
      await liveness.started;
      const first = rowOf(liveness.id)!;
      expect(first.alive_at >= first.started_at).toBe(true);
      await vi.waitFor(() => expect(rowOf(liveness.id)!.alive_at > first.alive_at).toBe(true), { timeout: 2_000 });
    } finally {
      await liveness.stop();
    }
    expect(rowOf(liveness.id)).toBeUndefined();
    await storage.close();
  });

  it('clears, as it starts, the rows of processes stopped an hour ago, and only those', async () => {
    const storage = openSqliteStorage({ url: ':memory:' });
    await storage.migrate();
    const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
    await storage.queries.processes.beat({
      id: 'long-gone',
      startedAt: ago(200),
      aliveAt: ago(62),
      aliveUntil: ago(61),
    });
    await storage.queries.processes.beat({ id: 'lately', startedAt: ago(200), aliveAt: ago(60), aliveUntil: ago(59) });
    const liveness = startProcessLiveness({ queries: storage.queries.processes, onError: () => {} });
    await liveness.started;
    const ids = storage.handle.sqlite.prepare('select id from studio_processes order by id').pluck().all();
    expect(ids).toEqual([liveness.id, 'lately'].sort());
    await liveness.stop();
    await storage.close();
  });

  it('judges no other process while its own beats fail, and again only once they have landed for a while', async () => {
    const storage = openSqliteStorage({ url: ':memory:' });
    await storage.migrate();
    const stored = storage.queries.processes;
    let reachable = true;
    const unreachable = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const queries: typeof stored = {
      beat: (row) => (reachable ? stored.beat(row) : Promise.reject(unreachable)),
      remove: (id) => stored.remove(id),
      removeStopped: (before) => stored.removeStopped(before),
    };
    const silentAfterMs = 1_000;
    const liveness = startProcessLiveness({ queries, silentAfterMs, onError: () => {} });
    const judging = () => liveness.judgedAt(new Date()) !== null;
    try {
      await liveness.started;
      // Heard for less than its own span: it judges none yet.
      expect(judging()).toBe(false);
      await vi.waitFor(() => expect(judging()).toBe(true), { timeout: 3_000 });
      reachable = false;
      await vi.waitFor(() => expect(judging()).toBe(false), { timeout: 3_000 });
      reachable = true;
      // A beat lands again at once, but the span must be heard through again first.
      await new Promise((resolve) => setTimeout(resolve, silentAfterMs / 2));
      expect(judging()).toBe(false);
      await vi.waitFor(() => expect(judging()).toBe(true), { timeout: 3_000 });
    } finally {
      await liveness.stop();
      await storage.close();
    }
  });

  it('judges none once its own row is past its time, as after a stall of its event loop, until it is heard a whole span again', async () => {
    const storage = openSqliteStorage({ url: ':memory:' });
    await storage.migrate();
    const clock = Date.parse('2026-03-01T12:00:00.000Z');
    const silentAfterMs = 60 * 60_000;
    // An hour's silence: its timer beats every ten minutes, so no beat but the first lands in this test.
    const liveness = startProcessLiveness({
      queries: storage.queries.processes,
      silentAfterMs,
      onError: () => {},
      now: () => new Date(clock),
    });
    await liveness.started;
    const judgedAt = (at: number) => liveness.judgedAt(new Date(at));
    expect(judgedAt(clock + silentAfterMs - 1)).toBeNull();
    // Heard the whole span, its own row alive until exactly then.
    expect(judgedAt(clock + silentAfterMs)).toBe(new Date(clock + silentAfterMs).toISOString());
    // A moment later its own row is past its time: it would judge itself stopped, so it judges none.
    expect(judgedAt(clock + silentAfterMs + 1)).toBeNull();
    await liveness.stop();
    await storage.close();
  });

  it('counts its span again after a gap between its beats longer than the span', async () => {
    const storage = openSqliteStorage({ url: ':memory:' });
    await storage.migrate();
    const start = Date.parse('2026-03-01T12:00:00.000Z');
    let clock = start;
    const silentAfterMs = 1_200;
    const liveness = startProcessLiveness({
      queries: storage.queries.processes,
      silentAfterMs,
      onError: () => {},
      now: () => new Date(clock),
    });
    const aliveAt = () =>
      storage.handle.sqlite.prepare('select alive_at from studio_processes where id = ?').pluck().get(liveness.id);
    /** Moves the clock and waits for a beat (every 200 ms) to land at the new time. */
    const beatAt = async (time: number) => {
      clock = time;
      await vi.waitFor(() => expect(aliveAt()).toBe(new Date(time).toISOString()), { timeout: 2_000 });
    };
    try {
      await liveness.started;
      // Beats a span apart, no further: heard the whole span.
      await beatAt(start + silentAfterMs);
      expect(liveness.judgedAt(new Date(clock))).not.toBeNull();
      // A gap of more than the span: its row alive again, but heard only from now on.
      await beatAt(clock + silentAfterMs + 1);
      expect(liveness.judgedAt(new Date(clock))).toBeNull();
      await beatAt(clock + silentAfterMs);
      expect(liveness.judgedAt(new Date(clock))).not.toBeNull();
    } finally {
      await liveness.stop();
      await storage.close();
    }
  });

  it('writes until when it counts as alive: its last beat plus the silence it allows itself', async () => {
    const storage = openSqliteStorage({ url: ':memory:' });
    await storage.migrate();
    const clock = new Date('2026-03-01T12:00:00.000Z');
    const liveness = startProcessLiveness({
      queries: storage.queries.processes,
      silentAfterMs: 45_000,
      onError: () => {},
      now: () => clock,
    });
    await liveness.started;
    const row = storage.handle.sqlite
      .prepare('select started_at, alive_at, alive_until from studio_processes where id = ?')
      .get(liveness.id);
    expect(row).toEqual({
      started_at: '2026-03-01T12:00:00.000Z',
      alive_at: '2026-03-01T12:00:00.000Z',
      alive_until: '2026-03-01T12:00:45.000Z',
    });
    await liveness.stop();
    await storage.close();
  });
});
