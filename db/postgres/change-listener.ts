/**
 * Hears the changes the other studio processes commit on one PostgreSQL database: a dedicated
 * connection LISTENs on the studio's channel, which the database's change trigger NOTIFYs (PostgreSQL
 * delivers a notification only when its transaction commits). A lost connection is opened again
 * with a growing pause; notifications sent while it was down are lost, so `onReconnect` lets the
 * owner assume that anything may have changed, and `isListening()` tells the owner that, until
 * then, nothing it hears is complete.
 */
import pg from 'pg';

/** What the adapter reports through; the studio's logger fits. */
export interface StorageLogger {
  warn(message: string, fields?: Record<string, unknown>): void;
}

/** The channel the change trigger announces commits on (migrations/postgres/0001_announce_changes.sql). */
export const changesChannel = 'studio_changes';

const firstPauseMs = 100;
const longestPauseMs = 5_000;

export interface ChangeListener {
  /** Settles once the connection listens (after a reconnect, once it listens again). */
  listening(): Promise<void>;
  /**
   * Whether the connection listens now: false before it first has, and from the moment it is lost
   * until it listens again (another process's commits may go unheard meanwhile).
   */
  isListening(): boolean;
  close(): Promise<void>;
}

/** A promise settled when the connection listens, and whether it has been. */
function waitingForListen() {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  const state = {
    promise,
    settled: false,
    settle() {
      state.settled = true;
      settle();
    },
  };
  return state;
}

export function listenForChanges({
  url,
  onNotification,
  onReconnect,
  logger,
}: {
  url: string;
  /** Called with each notification's payload. */
  onNotification(payload: string): void;
  /** Called when the connection listens again after it was lost. */
  onReconnect(): void;
  logger?: StorageLogger;
}): ChangeListener {
  let closed = false;
  let client: pg.Client | undefined;
  let pause: NodeJS.Timeout | undefined;
  let failures = 0;
  let ready = waitingForListen();
  let listeningNow = false;

  function reconnectLater(reason: unknown) {
    listeningNow = false;
    if (closed || pause) return;
    client?.removeAllListeners();
    // A client that failed is ended so its socket goes; it may already be gone, and what it still
    // reports on the way must not be unhandled.
    client?.on('error', () => undefined);
    client?.end().catch(() => undefined);
    client = undefined;
    if (ready.settled) ready = waitingForListen();
    failures += 1;
    const delayMs = Math.min(longestPauseMs, firstPauseMs * 2 ** (failures - 1)) * (0.5 + Math.random() / 2);
    logger?.warn('Lost the PostgreSQL change notifications; reconnecting', {
      attempt: failures,
      delayMs: Math.round(delayMs),
      error: reason instanceof Error ? reason.message : String(reason),
    });
    pause = setTimeout(() => {
      pause = undefined;
      void connect();
    }, delayMs);
    pause.unref();
  }

  async function connect() {
    const connection = new pg.Client({ connectionString: url });
    client = connection;
    connection.on('notification', (message) => onNotification(message.payload ?? ''));
    connection.on('error', (error) => reconnectLater(error));
    connection.on('end', () => reconnectLater(new Error('the connection ended')));
    try {
      await connection.connect();
      await connection.query(`LISTEN ${changesChannel}`);
    } catch (error) {
      if (client === connection) reconnectLater(error);
      return;
    }
    if (closed) {
      await connection.end();
      return;
    }
    listeningNow = true;
    if (failures > 0) {
      logger?.warn('Listening to PostgreSQL change notifications again', { attempts: failures });
      failures = 0;
      onReconnect();
    }
    ready.settle();
  }

  void connect();

  return {
    listening: () => ready.promise,
    isListening: () => listeningNow,
    async close() {
      closed = true;
      listeningNow = false;
      clearTimeout(pause);
      const connection = client;
      client = undefined;
      connection?.removeAllListeners();
      // An error after close (the server going away) must not be unhandled.
      connection?.on('error', () => undefined);
      await connection?.end().catch(() => undefined);
    },
  };
}
