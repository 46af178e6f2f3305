import { ComponentType } from 'discord-api-types/v10';
import { type ComponentKind, decodeComponentId } from '../src/bot/custom-id.js';
import type { EmulatedMessage } from '../src/emulator/index.js';

/** A button or select on a Crag board, with what its custom_id says. */
export interface Control {
  readonly customId: string;
  readonly kind: ComponentKind | undefined;
  readonly label: string;
  readonly options: readonly { label: string; value: string }[];
}

/** Every button and select on a message, as a player sees them. */
export function controls(message: EmulatedMessage): Control[] {
  const found: Control[] = [];
  for (const row of message.components) {
    if (row.type !== ComponentType.ActionRow) continue;
    for (const component of row.components) {
      if (!('custom_id' in component) || typeof component.custom_id !== 'string') continue;
      found.push({
        customId: component.custom_id,
        kind: decodeComponentId(component.custom_id)?.action.kind,
        label: 'label' in component ? (component.label ?? '') : '',
        options: component.type === ComponentType.StringSelect ? component.options : [],
      });
    }
  }
  return found;
}

export function requireControl(message: EmulatedMessage, kind: ComponentKind): Control {
  const found = controls(message).find((control) => control.kind === kind);
  if (!found) throw new Error(`no ${kind} control on message ${message.id}`);
  return found;
}

export function title(message: EmulatedMessage): string {
  return message.embeds[0]?.title ?? '';
}

export function isFinalStandings(message: EmulatedMessage): boolean {
  return title(message) === 'Crag · final standings';
}

/** The user whose turn the board shows, from "<@id>, your turn". */
export function currentPlayerId(message: EmulatedMessage): string | undefined {
  return /<@(\d+)>, your turn/.exec(message.embeds[0]?.description ?? '')?.[1];
}

/** The die buttons ("⚄ 5 · kept"): each die's value and whether it is kept. */
export function diceOnBoard(message: EmulatedMessage): { value: number; kept: boolean; customId: string }[] {
  return controls(message)
    .filter((control) => control.kind === 'keep')
    .map((control) => ({
      value: Number(/(\d)/.exec(control.label)?.[1]),
      kept: control.label.includes('kept'),
      customId: control.customId,
    }));
}

export function canReroll(message: EmulatedMessage): boolean {
  return !requireControl(message, 'reroll').label.startsWith('No rerolls');
}

/** The row the menu promises the most points for (the last one listed on a tie). */
export function bestRow(message: EmulatedMessage): { customId: string; value: string } {
  const menu = requireControl(message, 'score');
  let best: { value: string; points: number } | undefined;
  for (const option of menu.options) {
    const points = Number(option.label.split(' · ')[1]);
    if (!best || points >= best.points) best = { value: option.value, points };
  }
  if (!best) throw new Error(`no row on offer on message ${message.id}`);
  return { customId: menu.customId, value: best.value };
}
