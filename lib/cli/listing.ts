/** How the CLI prints a list: a table of rows, a sentence when it is empty, or JSON with `--json`. */
import type { Command } from 'commander';
import { collectPages, type StudioClient } from '../client';
import type { CliContext } from './context';
import { printJson, type CliIo } from './io';
import { table } from './text';

export interface Listing<Item> {
  /** Said instead of an empty table. */
  whenEmpty: string;
  header?: string[];
  row: (item: Item) => string[];
}

export function printListing<Item>(
  io: CliIo,
  { items, json, listing }: { items: Item[]; json?: boolean; listing: Listing<Item> },
) {
  if (json) return printJson(io, items);
  if (items.length === 0) return io.stdout(listing.whenEmpty);
  io.stdout(table(items.map(listing.row), { header: listing.header }));
}

/** The page query the CLI lists with: the API's largest page, after `cursor`. */
type PageQuery = { limit: number; cursor: string | undefined };
const pageSize = 100;

/** A `list` subcommand that walks every page of one API listing before printing it. */
export function addListCommand<Item>(
  parent: Command,
  cli: CliContext,
  {
    description,
    jsonDescription,
    fetchPage,
    ...listing
  }: Listing<Item> & {
    description: string;
    jsonDescription: string;
    /** One page of the listing: `page` is the API's page query (size and cursor). */
    fetchPage: (client: StudioClient, page: PageQuery) => Promise<{ items: Item[]; nextCursor: string | null }>;
  },
) {
  parent
    .command('list')
    .description(description)
    .option('--json', jsonDescription)
    .action(async (options: { json?: boolean }, command: Command) => {
      const client = cli.connect(command);
      const items = await collectPages((cursor) => fetchPage(client, { limit: pageSize, cursor }));
      printListing(cli.io, { items, json: options.json, listing });
    });
}
