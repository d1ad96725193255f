/** Every item of a paginated list (`{ items, nextCursor }`), page after page. */
export async function* paginate<Item>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor: string | null }>,
): AsyncGenerator<Item> {
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    yield* page.items;
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
}

/** Every item of a paginated list, collected. */
export async function collectPages<Item>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: Item[]; nextCursor: string | null }>,
): Promise<Item[]> {
  const items: Item[] = [];
  for await (const item of paginate(fetchPage)) items.push(item);
  return items;
}
