import { ButtonStyle, ComponentType } from 'discord-api-types/v10';
import { type ComponentKind, decodeComponentId } from '../src/bot/custom-id.js';
import { PART, SCORE_CARD_FILE } from '../src/bot/render/parts.js';

/**
 * A message as the bot draws it and as the emulator keeps it: Components V2 (one container with
 * text, rows of controls, a media gallery) or, for boards posted before Components V2 and for plain
 * answers, content and embeds.
 */
export interface ShownMessage {
  readonly id?: string;
  readonly content?: string | null;
  readonly components?: readonly unknown[];
  readonly attachments?: readonly unknown[];
}

interface AnyComponent {
  readonly type: number;
  readonly id?: number;
  readonly custom_id?: string;
  readonly label?: string;
  readonly content?: string;
  readonly disabled?: boolean;
  readonly style?: number;
  readonly emoji?: { readonly id?: string | null; readonly name?: string | null };
  readonly options?: readonly { label: string; value: string }[];
  readonly components?: readonly AnyComponent[];
  readonly accessory?: AnyComponent;
}

/** Every component of a message, depth first: containers, sections and rows open up. */
export function allComponents(message: ShownMessage): AnyComponent[] {
  const found: AnyComponent[] = [];
  const visit = (component: AnyComponent) => {
    found.push(component);
    for (const child of component.components ?? []) visit(child);
    if (component.accessory) visit(component.accessory);
  };
  for (const component of (message.components ?? []) as AnyComponent[]) visit(component);
  return found;
}

export interface Control {
  readonly customId: string;
  readonly kind: ComponentKind | undefined;
  readonly gameId: number | undefined;
  readonly version: number | undefined;
  readonly label: string;
  /** A custom emoji's name (`crag_d5`) or a Unicode emoji; '' when the control has none. */
  readonly emoji: string;
  readonly disabled: boolean;
  readonly style: number | undefined;
  readonly options: readonly { label: string; value: string }[];
}

/**
 * Each drawing's controls, decoded once. An edit gives a message a new components array and
 * nothing changes one in place, so the array stands for the drawing. The bench's players ask
 * several things of each board before a click (whose turn, the dice, the best row): decoding it
 * again for each question cost the bench process about 25 µs a click, out of the two cores the
 * bot runs on.
 */
const decoded = new WeakMap<readonly unknown[], readonly Control[]>();

/** Every button and select on a message, with what its custom_id says. */
export function controls(message: ShownMessage): readonly Control[] {
  const drawing = message.components;
  const known = drawing && decoded.get(drawing);
  if (known) return known;
  const found = decodeControls(message);
  if (drawing) decoded.set(drawing, found);
  return found;
}

function decodeControls(message: ShownMessage): readonly Control[] {
  return allComponents(message)
    .filter((component) => component.type === ComponentType.Button || component.type === ComponentType.StringSelect)
    .filter((component): component is AnyComponent & { custom_id: string } => typeof component.custom_id === 'string')
    .map((component) => {
      const id = decodeComponentId(component.custom_id);
      return {
        customId: component.custom_id,
        kind: id?.action.kind,
        gameId: id?.gameId,
        version: id?.version,
        label: component.label ?? '',
        emoji: component.emoji?.name ?? '',
        disabled: component.disabled === true,
        style: component.style,
        options: component.type === ComponentType.StringSelect ? (component.options ?? []) : [],
      };
    });
}

export function control(message: ShownMessage, kind: ComponentKind): Control | undefined {
  return controls(message).find((c) => c.kind === kind);
}

export function requireControl(message: ShownMessage, kind: ComponentKind): Control {
  const found = control(message, kind);
  if (!found) throw new Error(`no ${kind} control on message ${message.id}: ${JSON.stringify(message.components)}`);
  return found;
}

/** The text of the part with this id (see PART), or '' when the message has none. */
export function part(message: ShownMessage, id: number): string {
  return allComponents(message).find((component) => component.id === id)?.content ?? '';
}

/** Every text of the message, in order: its text displays (or, for plain answers, its content). */
export function texts(message: ShownMessage): string[] {
  const shown = allComponents(message)
    .filter((component) => component.type === ComponentType.TextDisplay)
    .map((component) => component.content ?? '');
  return message.content ? [message.content, ...shown] : shown;
}

/** The heading of a message ("Crag · round 3/13"), without its markdown. */
export function title(message: ShownMessage): string {
  return part(message, PART.title).replace(/^#+ /, '');
}

/** What the message says besides its heading: every other text, joined by line breaks. */
export function description(message: ShownMessage): string {
  return allComponents(message)
    .filter((component) => component.type === ComponentType.TextDisplay && component.id !== PART.title)
    .map((component) => component.content ?? '')
    .join('\n');
}

// Boards are read by their structure (custom_ids, values, emoji names, styles, the parts' ids, the
// scoreboard's ▶ marker, digits), never by their words, so the same helpers read a board in any language.

/** The person whose turn the board shows: the mention in its turn line (undefined for a computer's turn). */
export function currentPlayerId(message: ShownMessage): string | undefined {
  if (!control(message, 'score')) return undefined;
  return /<@(\d+)>/.exec(part(message, PART.turn))?.[1];
}

/** A die button's value: its emoji's name (`crag_d5`), or the digit of its label ("⚄ 5"). */
function dieValue(die: Control): number {
  return Number(/^crag_d(\d)$/.exec(die.emoji)?.[1] ?? /(\d)/.exec(die.label)?.[1]);
}

/** The dice as the die buttons show them. */
export function dice(message: ShownMessage): number[] {
  return controls(message)
    .filter((c) => c.kind === 'keep')
    .map(dieValue);
}

/** Which dice are kept: a kept die's button is green. */
export function keptFlags(message: ShownMessage): boolean[] {
  return controls(message)
    .filter((c) => c.kind === 'keep')
    .map((c) => c.style === ButtonStyle.Success);
}

/** Whether the player to act may still reroll: the die buttons are live only while rerolls are left. */
export function canReroll(message: ShownMessage): boolean {
  return controls(message).some((c) => c.kind === 'keep' && !c.disabled);
}

/** The rows offered in the menu with the points the label promises, its last number ("Sixes · 12"). */
export function rowChoices(message: ShownMessage): { value: string; points: number }[] {
  const menu = control(message, 'score');
  return (menu?.options ?? []).map((option) => ({
    value: option.value,
    points: Number(/(\d+)$/.exec(option.label)?.[1] ?? Number.NaN),
  }));
}

/** The final standings: the only board that offers the analysis. */
export function isFinalStandings(message: ShownMessage): boolean {
  return control(message, 'analysis') !== undefined;
}

/**
 * Running totals by the name the scoreboard (or the final standings) shows: each line is a marker
 * (▶, ·, a medal or a place), the name, and the total in bold.
 */
export function totals(message: ShownMessage): Map<string, number> {
  const lines = `${part(message, PART.scoreboard)}\n${part(message, PART.standings)}`;
  const result = new Map<string, number>();
  for (const match of lines.matchAll(/^\S+ (.+?) \*\*(\d+)\*\*/gm)) result.set(match[1] ?? '', Number(match[2]));
  return result;
}

export function version(message: ShownMessage): number | undefined {
  return controls(message)[0]?.version;
}

/** The score card attached to a message (the final standings, a sheet), as the emulator lists it. */
export function scoreCardAttachment(
  message: ShownMessage,
): { url: string; width?: number; height?: number } | undefined {
  const gallery = allComponents(message).find((component) => component.id === PART.scoreCard);
  if (!gallery) return undefined;
  return (message.attachments as { filename?: string; url: string; width?: number; height?: number }[]).find(
    (attachment) => attachment.filename === SCORE_CARD_FILE,
  );
}

/** The die buttons (a face's emoji, or "⚄ 5"): each die's value and whether it is kept (a green button). */
export function diceOnBoard(message: ShownMessage): { value: number; kept: boolean; customId: string }[] {
  const values = dice(message);
  const kept = keptFlags(message);
  return controls(message)
    .filter((control) => control.kind === 'keep')
    .map((control, i) => ({ value: values[i] ?? Number.NaN, kept: kept[i] ?? false, customId: control.customId }));
}

/** The row the menu promises the most points for (the last one listed on a tie). */
export function bestRow(message: ShownMessage): { customId: string; value: string } {
  const menu = requireControl(message, 'score');
  let best: { value: string; points: number } | undefined;
  for (const choice of rowChoices(message)) if (!best || choice.points >= best.points) best = choice;
  if (!best) throw new Error(`no row on offer on message ${message.id}`);
  return { customId: menu.customId, value: best.value };
}
