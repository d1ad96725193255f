/** Types of postgres-server.mjs, for the TypeScript tests that start a server through it. */
export function findPostgresBinaries(): string | undefined;
export function freePort(): Promise<number>;
export function initCluster(options: { bin: string; directory: string }): boolean;
export function startCluster(options: { bin: string; directory: string; port: number; durable?: boolean }): void;
export function clusterIsRunning(options: { bin: string; directory: string }): boolean;
export function stopCluster(options: { bin: string; directory: string }): void;
export function databaseUrl(options: { port: number; database: string }): string;
export function startThrowawayPostgres(options: { parent: string }): Promise<{
  port: number;
  url(database: string): string;
  /** Stops the server (fast shutdown), keeping its data. */
  shutDown(): void;
  /** Starts the stopped server again on the same port. */
  startAgain(): void;
  stop(): void;
}>;
