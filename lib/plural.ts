/** A count with its word, in the plural unless the count is one (`3 calls`, `1 call`). Free of other modules. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
