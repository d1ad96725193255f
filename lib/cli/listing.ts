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
export type PageQuery = { limit: number; cursor: string | undefined };
type Page<Item> = { items: Item[]; nextCursor: string | null };
const pageSize = 100;

/** Every item of one API listing, page after page, each page as large as the API allows. */
export const collectAll = <Item>(fetchPage: (page: PageQuery) => Promise<Page<Item>>) =>
  collectPages((cursor) => fetchPage({ limit: pageSize, cursor }));

interface ListCommand<Item> extends Omit<Listing<Item>, 'whenEmpty'> {
  /** The subcommand's name; `list` unless said. */
  name?: string;
  description: string;
  /** What `--json` says in the help; "print the list as JSON" unless said. */
  jsonDescription?: string;
  /** The items belong to one agent: the command takes its id, which `fetchPage` and `whenEmpty` get. */
  ofAgent?: boolean;
  /** One page of the listing: `page` is the API's page query (size and cursor). */
  fetchPage: (client: StudioClient, page: PageQuery, agentId: string) => Promise<Page<Item>>;
  whenEmpty: string | ((agentId: string) => string);
}

/** A subcommand (`list` by default) that walks every page of one API listing before printing it. */
export function addListCommand<Item>(parent: Command, cli: CliContext, list: ListCommand<Item>) {
  const {
    name = 'list',
    description,
    jsonDescription = 'print the list as JSON',
    ofAgent = false,
    fetchPage,
    whenEmpty,
    header,
    row,
  } = list;
  const command = parent.command(name).description(description);
  if (ofAgent) command.argument('<id>', 'the agent id');
  command.option('--json', jsonDescription).action(async (...args: unknown[]) => {
    // Commander passes the argument (when there is one), then the options, then the command.
    const [options, self] = args.slice(-2) as [{ json?: boolean }, Command];
    const agentId = ofAgent ? String(args[0]) : '';
    const client = cli.connect(self);
    const items = await collectAll((page) => fetchPage(client, page, agentId));
    const empty = typeof whenEmpty === 'function' ? whenEmpty(agentId) : whenEmpty;
    printListing(cli.io, { items, json: options.json, listing: { whenEmpty: empty, header, row } });
  });
}
