import type { OutgoingHttpHeaders } from 'node:http';

/**
 * Discord's own web origins: the only pages that may frame the Activity (the client's iframe is
 * served from discord.com and its canary and ptb builds, and the Activity itself runs under
 * <app id>.discordsays.com).
 */
export const DISCORD_FRAME_ANCESTORS = [
  'https://discord.com',
  'https://canary.discord.com',
  'https://ptb.discord.com',
  'https://*.discordsays.com',
] as const;

/** What every answer of every listener carries: no type sniffing, no referrer. */
export const BASE_HEADERS: OutgoingHttpHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** A Content-Security-Policy from its directives, `default-src 'none'` unless a directive says otherwise. */
export function contentSecurityPolicy(directives: Readonly<Record<string, readonly string[]>>): string {
  const all: Record<string, readonly string[]> = { 'default-src': ["'none'"], ...directives };
  return Object.entries(all)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** For answers that are data, never a page: nothing may run, load or frame it. */
export const API_HEADERS: OutgoingHttpHeaders = {
  ...BASE_HEADERS,
  'Content-Security-Policy': contentSecurityPolicy({ 'frame-ancestors': ["'none'"] }),
};
