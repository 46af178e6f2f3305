import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../harness/node-process.js';

/**
 * The code of an answer the bot gave as text: the bot turns its refusal codes into words at the
 * edge (locales/en.json), so the soak turns them back by matching the English catalogue's refusals
 * and errors, with their {placeholders} matching anything.
 */
export class RefusalCodes {
  private readonly patterns: { code: string; pattern: RegExp }[];

  constructor(catalogue = path.join(ROOT, 'locales/en.json')) {
    const texts = JSON.parse(fs.readFileSync(catalogue, 'utf8')) as Record<string, string>;
    this.patterns = Object.entries(texts)
      .filter(([key]) => key.startsWith('refusal.') || key.startsWith('error.'))
      .map(([key, text]) => ({
        // Plural forms (refusal.game-full_one, _other) are one code.
        code: key.replace(/_(zero|one|two|few|many|other)$/, ''),
        pattern: new RegExp(
          text
            .split(/\{[^}]+\}/)
            .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
            .join('.+?'),
        ),
      }))
      // The longest texts first, so that a text containing a shorter one is not taken for it.
      .sort((a, b) => b.pattern.source.length - a.pattern.source.length);
  }

  /** The refusal's code, or `other` for a text the catalogue does not hold. */
  codeOf(text: string): string {
    return this.patterns.find(({ pattern }) => pattern.test(text))?.code ?? 'other';
  }
}
