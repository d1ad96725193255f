/** What every command handler receives, kept apart from the dispatcher so handlers do not import it. */
import type { ApiClient } from './http-client';
import type { CliIo } from './io';

export interface CommandInput {
  positionals: string[];
  values: Record<string, string | boolean | undefined>;
  io: CliIo;
  client: () => ApiClient;
}

export type CommandHandler = (input: CommandInput) => Promise<number> | number;
