/** `audit [--since <time>] [--agent <id> | --mcp-client <id>]`: the audit log, newest first. */
import { InvalidArgumentError, type Command } from 'commander';
import { paginate, type OperationOutput } from '../../client';
import { positiveInteger } from '../arguments';
import type { CliContext } from '../context';
import { CliError } from '../io';
import { printListing } from '../listing';

type AuditEntry = OperationOutput<'listAuditEntries'>['items'][number];

const units: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `--since`: an ISO time, or a duration back from now (`30m`, `12h`, `7d`). */
export function parseSince(value: string, now = new Date()): string {
  const duration = /^(\d+)([mhd])$/.exec(value);
  if (duration) return new Date(now.getTime() - Number(duration[1]) * units[duration[2]!]!).toISOString();
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw new InvalidArgumentError('Give an ISO time (2025-01-31T12:00:00Z) or a duration (30m, 12h, 7d).');
  return new Date(time).toISOString();
}

export function registerAuditCommands(parent: Command, cli: CliContext) {
  parent
    .command('audit')
    .description('the audit log, newest first')
    .option('--since <time>', 'only entries since this time: ISO, or 30m / 12h / 7d ago', (value) => parseSince(value))
    .option('--agent <id>', "only this agent's entries")
    .option('--mcp-client <id>', "only this saved MCP client's entries")
    .option('--limit <n>', 'at most this many entries (default 100)', positiveInteger)
    .option('--json', 'print the entries as JSON')
    .action(
      async (
        options: { since?: string; agent?: string; mcpClient?: string; limit?: number; json?: boolean },
        command: Command,
      ) => {
        if (options.agent && options.mcpClient) throw new CliError('Give --agent or --mcp-client, not both.');
        const client = cli.connect(command);
        const limit = options.limit ?? 100;
        const filter = options.agent
          ? { entity: 'agent' as const, entityId: options.agent }
          : options.mcpClient
            ? { entity: 'mcp_client' as const, entityId: options.mcpClient }
            : {};
        const entries: AuditEntry[] = [];
        const pages = paginate((cursor) =>
          client.listAuditEntries({ query: { ...filter, limit: Math.min(limit, 100), cursor } }),
        );
        // Newest first: the first entry older than --since ends the walk.
        for await (const entry of pages) {
          if (entries.length >= limit || (options.since !== undefined && entry.at < options.since)) break;
          entries.push(entry);
        }
        printListing(cli.io, {
          items: entries,
          json: options.json,
          listing: {
            whenEmpty: 'No audit entries.',
            header: ['AT', 'ACTOR', 'ACTION', 'ENTITY', 'DETAILS'],
            row: (entry) => [
              entry.at,
              entry.actor,
              entry.action,
              `${entry.entity}:${entry.entityId}`,
              JSON.stringify(entry.details).slice(0, 80),
            ],
          },
        });
      },
    );
}
