/** An attachment as messages carry it (only what the page reads). */
export interface AttachmentRef {
  readonly filename: string;
  readonly url: string;
}

const DISCORD_CDN_HOSTS = new Set(['cdn.discordapp.com', 'media.discordapp.net']);
const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost']);

/**
 * Where the page loads a message's media from. `attachment://name` means the message's own
 * attachment; Discord's CDN URLs (and the local emulator's) are served by the playground under
 * /cdn on the page's own origin; other https images load as they are; anything else (javascript:,
 * plain http elsewhere) is not loaded at all.
 */
export function mediaUrl(url: string | undefined, attachments: readonly AttachmentRef[] = []): string | null {
  if (!url) return null;
  if (url.startsWith('attachment://')) {
    const name = url.slice('attachment://'.length);
    const attachment = attachments.find((candidate) => candidate.filename === name);
    return attachment ? mediaUrl(attachment.url) : null;
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (DISCORD_CDN_HOSTS.has(parsed.hostname)) return `/cdn${parsed.pathname}`;
  if (LOCAL_HOSTS.has(parsed.hostname) && parsed.pathname.startsWith('/cdn/')) return parsed.pathname;
  if (parsed.protocol === 'https:') return parsed.href;
  return null;
}

/** A custom emoji's image, as Discord's client asks the CDN for it. */
export function emojiUrl(id: string, animated: boolean): string {
  return `/cdn/emojis/${id}.${animated ? 'gif' : 'png'}`;
}

/** Links open only to the web, never as javascript: or data: URLs. */
export function safeLink(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null;
  } catch {
    return null;
  }
}
