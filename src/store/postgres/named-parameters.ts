/** A query named for pg, with its `@name` parameters turned into `$1, $2, ...` in the order of `names`. */
export interface NamedQuery {
  readonly name: string;
  readonly text: string;
  readonly names: readonly string[];
}

/**
 * `sql` with its `@name` parameters numbered in order of first use, for pg, and named `crag_<query>`
 * (snake case) so that each connection prepares it once.
 */
export function positional(query: string, sql: string): NamedQuery {
  const names: string[] = [];
  const text = sql.replace(/@([A-Za-z]\w*)/g, (_, param: string) => {
    if (!names.includes(param)) names.push(param);
    return `$${names.indexOf(param) + 1}`;
  });
  const snake = query.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`).replace(/\W/g, '_');
  return { name: `crag_${snake}`, text, names };
}

/** The values of `params` in the order `query` numbers them. */
export function valuesOf(query: NamedQuery, params: object): unknown[] {
  const values = params as Record<string, unknown>;
  return query.names.map((param) => values[param]);
}
