/**
 * What is wrong with an interaction's `data` in a shape Discord itself never sends, or null: a
 * modified client can forge a custom_id or a value, but Discord builds the payload, and its
 * `data` is always an object; a component's carries a custom_id of 1–100 characters and a numeric
 * component_type, a command's a name. Forged contents pass (they are what sendRawInteraction is for).
 */
export function impossibleShape(type: number, data: unknown): string | null {
  if (type === 1) return null;
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'data must be an object';
  const fields = data as Record<string, unknown>;
  if (type === 3 || type === 5) {
    const customId = fields.custom_id;
    if (typeof customId !== 'string' || customId.length < 1 || customId.length > 100) {
      return 'custom_id must be text of 1-100 characters';
    }
  }
  if (type === 3 && typeof fields.component_type !== 'number') return 'component_type must be a number';
  if ((type === 2 || type === 4) && typeof fields.name !== 'string') return 'a command needs its name';
  return null;
}
