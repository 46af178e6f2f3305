import type { Interaction } from 'discord.js';
import type { Outcome } from '../bot/outcome.js';
import { metrics } from './metrics.js';

function kindOf(interaction: Interaction): string {
  if (interaction.isPrimaryEntryPointCommand()) return 'entry-point';
  return interaction.isChatInputCommand() ? 'command' : 'component';
}

/** Counts a routed interaction: accepted, refused (by its message code) or failed. */
export function countInteraction(interaction: Interaction, outcome: Outcome | 'failed'): void {
  if (outcome === 'failed') metrics.interactions.inc({ kind: kindOf(interaction), outcome: 'failed', refusal: '' });
  else if (outcome)
    metrics.interactions.inc({ kind: kindOf(interaction), outcome: 'refused', refusal: outcome.refusal.key });
  else metrics.interactions.inc({ kind: kindOf(interaction), outcome: 'accepted', refusal: '' });
}
