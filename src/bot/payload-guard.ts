import { type Client, Events, InteractionResponseType, MessageFlags, Routes } from 'discord.js';
import type { Languages } from '../i18n/index.js';
import type { Logger } from '../log.js';

/** Not a gateway event discord.js knows: a packet renamed to it is never built into an interaction. */
const REFUSED_PACKET = 'CRAG_REFUSED_INTERACTION';

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Why an INTERACTION_CREATE payload cannot be an interaction discord.js builds safely, or null.
 * Discord never sends these, but discord.js would throw while building one (outside any handler of
 * ours: an unhandled rejection), or hand the router a custom_id that is not text.
 */
export function malformedInteraction(payload: unknown): string | null {
  if (!isFields(payload)) return 'the payload is not an object';
  const { type, data } = payload;
  // 1 ping; 2 command, 3 component, 4 autocomplete, 5 modal submit; others discord.js ignores.
  if (type === 1 || typeof type !== 'number' || type < 2 || type > 5) return null;
  if (typeof payload.id !== 'string' || typeof payload.token !== 'string') return 'no id or token';
  if (!isFields(data)) return 'its data is not an object';
  if (type === 2 || type === 4) return typeof data.name === 'string' ? null : 'the command has no name';
  if (typeof data.custom_id !== 'string') return 'its custom_id is not text';
  if (type === 3 && typeof data.component_type !== 'number') return 'its component_type is not a number';
  if (type === 3 && !(isFields(payload.message) && typeof payload.message.id === 'string')) {
    return 'it names no message';
  }
  return null;
}

/**
 * Looks at every interaction before discord.js builds it (the raw event comes first, with the same
 * packet): a malformed one is logged once as a warning, kept from discord.js, and refused with an
 * ephemeral reply in the person's language, so it ends neither in an unhandled rejection nor in
 * "This interaction failed".
 */
export function guardInteractionPayloads(client: Client, languages: Languages, log: Logger): void {
  client.on(Events.Raw, (packet: { t?: unknown; d?: unknown }) => {
    if (packet.t !== 'INTERACTION_CREATE') return;
    const problem = malformedInteraction(packet.d);
    if (problem === null) return;
    packet.t = REFUSED_PACKET;
    const payload = isFields(packet.d) ? packet.d : {};
    log.warn('refused an interaction payload Discord never sends', { problem, interaction: payload.id });
    if (typeof payload.id !== 'string' || typeof payload.token !== 'string') return;
    const locale = typeof payload.locale === 'string' ? payload.locale : null;
    const content = languages.translator(locale).t('refusal.unknown-control');
    client.rest
      .post(Routes.interactionCallback(payload.id, payload.token), {
        body: {
          type: InteractionResponseType.ChannelMessageWithSource,
          data: { content, flags: MessageFlags.Ephemeral },
        },
        auth: false,
      })
      // Already said once above; a refusal that cannot be delivered changes nothing.
      .catch((error: unknown) => log.debug('could not refuse the malformed interaction', { error }));
  });
}
