import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { type ComponentKind, decodeComponentId } from '../../../src/bot/custom-id.js';
import type { EmulatedMessage } from '../../../src/emulator/index.js';

export interface Control {
  readonly customId: string;
  readonly kind: ComponentKind | undefined;
  readonly gameId: number | undefined;
  readonly version: number | undefined;
  readonly label: string;
  readonly disabled: boolean;
  readonly style: number | undefined;
  readonly options: readonly { label: string; value: string }[];
}

/** Every button and select on a message, with what its custom_id says. */
export function controls(message: EmulatedMessage): Control[] {
  const found: Control[] = [];
  for (const row of message.components) {
    if (row.type !== ComponentType.ActionRow) continue;
    for (const component of row.components) {
      if (!('custom_id' in component) || typeof component.custom_id !== 'string') continue;
      const id = decodeComponentId(component.custom_id);
      found.push({
        customId: component.custom_id,
        kind: id?.action.kind,
        gameId: id?.gameId,
        version: id?.version,
        label: 'label' in component ? (component.label ?? '') : '',
        disabled: 'disabled' in component ? component.disabled === true : false,
        style: 'style' in component ? component.style : undefined,
        options: component.type === ComponentType.StringSelect ? component.options : [],
      });
    }
  }
  return found;
}

export function control(message: EmulatedMessage, kind: ComponentKind): Control | undefined {
  return controls(message).find((c) => c.kind === kind);
}

export function requireControl(message: EmulatedMessage, kind: ComponentKind): Control {
  const found = control(message, kind);
  if (!found) throw new Error(`no ${kind} control on message ${message.id}: ${JSON.stringify(message.components)}`);
  return found;
}

export function description(message: EmulatedMessage): string {
  return message.embeds[0]?.description ?? '';
}

export function title(message: EmulatedMessage): string {
  return message.embeds[0]?.title ?? '';
}

// Boards are read by their structure (custom_ids, values, styles, the scoreboard's ▶ marker, digits),
// never by their words, so the same helpers read a board in any language.

/** The person whose turn the board shows: the scoreboard line marked ▶ (undefined for a computer's turn). */
export function currentPlayerId(message: EmulatedMessage): string | undefined {
  if (!control(message, 'score')) return undefined;
  return /^▶ <@(\d+)>/m.exec(description(message))?.[1];
}

/** The dice as the die buttons show them ("⚄ 5 · kept" → 5). */
export function dice(message: EmulatedMessage): number[] {
  return controls(message)
    .filter((c) => c.kind === 'keep')
    .map((c) => Number(/(\d)/.exec(c.label)?.[1]));
}

/** Which dice are kept: a kept die's button is green. */
export function keptFlags(message: EmulatedMessage): boolean[] {
  return controls(message)
    .filter((c) => c.kind === 'keep')
    .map((c) => c.style === ButtonStyle.Success);
}

/** Whether the player to act may still reroll: the die buttons are live only while rerolls are left. */
export function canReroll(message: EmulatedMessage): boolean {
  return controls(message).some((c) => c.kind === 'keep' && !c.disabled);
}

/** The rows offered in the menu with the points the label promises, its last number ("Sixes · 12"). */
export function rowChoices(message: EmulatedMessage): { value: string; points: number }[] {
  const menu = control(message, 'score');
  return (menu?.options ?? []).map((option) => ({
    value: option.value,
    points: Number(/(\d+)$/.exec(option.label)?.[1] ?? Number.NaN),
  }));
}

/** The final standings: the only board that offers the analysis. */
export function isFinalStandings(message: EmulatedMessage): boolean {
  return control(message, 'analysis') !== undefined;
}

/** Running totals as the board lists them, by user id. */
export function totals(message: EmulatedMessage): Map<string, number> {
  const result = new Map<string, number>();
  for (const match of description(message).matchAll(/<@(\d+)> \*\*(\d+)\*\*/g)) {
    result.set(match[1] ?? '', Number(match[2]));
  }
  return result;
}

export function version(message: EmulatedMessage): number | undefined {
  return controls(message)[0]?.version;
}
