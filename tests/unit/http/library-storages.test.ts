/**
 * The production server's watch over the async-local storages that pages and the sign-in library
 * enter (lib/http/library-storages.ts): those that the libraries' code entered first are switched
 * off once no call into them has been in flight for the quiet period, and no others. A switched-off
 * storage reads no store, even in a scope that entered one.
 */
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchLibraryStorages, type LibraryStorages } from '@/lib/http/library-storages';

const quietMs = 1_000;
const originalRun = AsyncLocalStorage.prototype.run;

/** Stands for Next's rendering code: the watch below takes frames of this function for the libraries'. */
function enterAsPage(storage: AsyncLocalStorage<string>, store: string) {
  storage.enterWith(store);
}

/** Stands for the studio's own code (the transaction context, the tracer). */
function enterAsOther(storage: AsyncLocalStorage<string>, store: string) {
  storage.enterWith(store);
}

const renderPage = (storage: AsyncLocalStorage<string>, store: string, scope: AsyncResource) =>
  scope.runInAsyncScope(enterAsPage, undefined, storage, store);
const otherCode = (storage: AsyncLocalStorage<string>, store: string, scope: AsyncResource) =>
  scope.runInAsyncScope(enterAsOther, undefined, storage, store);

const storeIn = (storage: AsyncLocalStorage<string>, scope: AsyncResource) =>
  scope.runInAsyncScope(() => storage.getStore());

describe('switching off the storages pages and sign-in entered', () => {
  let watch: LibraryStorages;
  let released: number[];

  beforeEach(() => {
    vi.useFakeTimers();
    released = [];
    watch = watchLibraryStorages({
      quietMs,
      isLibraryCode: (frame) => frame.includes('enterAsPage'),
      onRelease: (count) => released.push(count),
    });
  });

  afterEach(() => {
    watch.stop();
    vi.useRealTimers();
  });

  it('switches off a storage page code entered once no page has been in flight for the quiet period', () => {
    const storage = new AsyncLocalStorage<string>();
    const scope = new AsyncResource('page');
    const ended = watch.started();
    renderPage(storage, 'page', scope);
    ended();
    expect(storeIn(storage, scope)).toBe('page');

    vi.advanceTimersByTime(quietMs - 1);
    expect(storeIn(storage, scope)).toBe('page');
    expect(released).toEqual([]);

    vi.advanceTimersByTime(1);
    expect(storeIn(storage, scope)).toBeUndefined();
    expect(released).toEqual([1]);
  });

  it('leaves alone a storage other code entered first, even when a page enters it later', () => {
    const shared = new AsyncLocalStorage<string>();
    const pageOnly = new AsyncLocalStorage<string>();
    const scope = new AsyncResource('request');
    otherCode(shared, 'transaction', scope);
    const ended = watch.started();
    renderPage(shared, 'page', new AsyncResource('page'));
    renderPage(pageOnly, 'page', scope);
    ended();
    vi.advanceTimersByTime(quietMs);

    expect(storeIn(shared, scope)).toBe('transaction');
    expect(storeIn(pageOnly, scope)).toBeUndefined();
    expect(released).toEqual([1]);
  });

  it('switches nothing off while a page is in flight, and waits a whole quiet period after the last one', () => {
    const storage = new AsyncLocalStorage<string>();
    const scope = new AsyncResource('page');
    const first = watch.started();
    renderPage(storage, 'page', scope);
    const second = watch.started();
    first();
    first();
    vi.advanceTimersByTime(quietMs * 3);
    expect(storeIn(storage, scope)).toBe('page');

    second();
    vi.advanceTimersByTime(quietMs / 2);
    const third = watch.started();
    vi.advanceTimersByTime(quietMs);
    third();
    vi.advanceTimersByTime(quietMs - 1);
    expect(storeIn(storage, scope)).toBe('page');
    vi.advanceTimersByTime(1);
    expect(storeIn(storage, scope)).toBeUndefined();
    expect(released).toEqual([1]);
  });

  it('lets the next page use a switched-off storage as before, and switches it off again after', () => {
    const storage = new AsyncLocalStorage<string>();
    const ended = watch.started();
    renderPage(storage, 'first', new AsyncResource('page'));
    ended();
    vi.advanceTimersByTime(quietMs);

    const again = watch.started();
    const scope = new AsyncResource('page');
    renderPage(storage, 'second', scope);
    expect(storeIn(storage, scope)).toBe('second');
    expect(storage.run('inside', () => storage.getStore())).toBe('inside');
    again();
    vi.advanceTimersByTime(quietMs);
    expect(storeIn(storage, scope)).toBeUndefined();
    expect(released).toEqual([1, 1]);
  });

  it('tells of no release when no page storage was entered since the last one', () => {
    const storage = new AsyncLocalStorage<string>();
    const ended = watch.started();
    renderPage(storage, 'page', new AsyncResource('page'));
    ended();
    vi.advanceTimersByTime(quietMs);
    watch.started()();
    vi.advanceTimersByTime(quietMs);
    expect(released).toEqual([1]);
  });

  it('switches off a storage entered outside any call it was told of, after the quiet period', () => {
    const storage = new AsyncLocalStorage<string>();
    const scope = new AsyncResource('setup');
    renderPage(storage, 'setup', scope);
    vi.advanceTimersByTime(quietMs - 1);
    expect(storeIn(storage, scope)).toBe('setup');
    vi.advanceTimersByTime(1);
    expect(storeIn(storage, scope)).toBeUndefined();
    expect(released).toEqual([1]);
  });

  it("puts AsyncLocalStorage's own methods back when stopped", () => {
    expect(AsyncLocalStorage.prototype.run).not.toBe(originalRun);
    watch.stop();
    expect(AsyncLocalStorage.prototype.run).toBe(originalRun);
  });
});
