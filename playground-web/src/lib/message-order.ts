/** Snowflakes compare by length, then text: no BigInt needed to sort messages by age. */
export function compareSnowflakes(a: string, b: string): number {
  if (a.length !== b.length) return a.length - b.length;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Inserts or replaces `item` (by id) in a list sorted oldest first. */
export function upsertById<T extends { readonly id: string }>(list: readonly T[], item: T): T[] {
  const index = list.findIndex((candidate) => candidate.id === item.id);
  if (index >= 0) return [...list.slice(0, index), item, ...list.slice(index + 1)];
  let at = list.length;
  while (at > 0 && compareSnowflakes(list[at - 1]?.id ?? '', item.id) > 0) at -= 1;
  return [...list.slice(0, at), item, ...list.slice(at)];
}

/** Discord starts a new header for another author, a reply, a command's answer, or a 7-minute gap. */
export function continuesPrevious(
  previous: { author: { id: string }; timestamp: string } | undefined,
  message: { author: { id: string }; timestamp: string; message_reference?: unknown; interaction_metadata?: unknown },
): boolean {
  if (!previous || previous.author.id !== message.author.id) return false;
  if (message.message_reference || message.interaction_metadata) return false;
  return Date.parse(message.timestamp) - Date.parse(previous.timestamp) < 7 * 60_000;
}
