import type { BotContext } from './context.js';
import type { AnywhereControl, Feature, FeatureCommand, FeatureControl, PlaceComponent, Reach } from './feature.js';
import { type Outcome, refused } from './outcome.js';

/** Two features claimed one command name or one custom_id prefix: the bot must not start. */
export class RegistryConflict extends Error {
  override readonly name = 'RegistryConflict';
}

/** The features the runtime routes to, looked up by command name and by custom_id prefix. */
export interface Registry {
  readonly features: readonly Feature[];
  command(name: string): FeatureCommand | undefined;
  /** Where a click on this custom_id may be answered: its control's reach (an unknown one: `anywhere`, to be refused as unknown). */
  reachOfClick(customId: string): Reach;
  /** Whether a click on this custom_id is answered where every answer is private (its control's `privately`). */
  privatelyOfClick(customId: string): boolean;
  /** Answers a click through the control whose prefix it carries: one lookup per click. */
  click(ctx: BotContext, interaction: PlaceComponent): Promise<Outcome>;
}

// biome-ignore lint/suspicious/noExplicitAny: the id type is each control's own (see feature.ts).
type AnyControl = FeatureControl<any> | AnywhereControl<any>;

function prefixOf(customId: string): string {
  const colon = customId.indexOf(':');
  return colon === -1 ? customId : customId.slice(0, colon);
}

function claim<T>(
  claims: Map<string, { feature: string; value: T }>,
  what: string,
  key: string,
  feature: string,
  value: T,
) {
  const earlier = claims.get(key);
  if (earlier) throw new RegistryConflict(`${what} "${key}" is claimed by both ${earlier.feature} and ${feature}`);
  claims.set(key, { feature, value });
}

/** Builds the registry; two features claiming the same command name or prefix throw, naming both. */
export function buildRegistry(features: readonly Feature[]): Registry {
  const commands = new Map<string, { feature: string; value: FeatureCommand }>();
  const controls = new Map<string, { feature: string; value: AnyControl }>();
  for (const feature of features) {
    for (const command of feature.commands) claim(commands, 'command', command.name, feature.name, command);
    for (const control of feature.controls) claim(controls, 'custom_id prefix', control.prefix, feature.name, control);
  }
  const controlOf = (customId: string) => controls.get(prefixOf(customId))?.value;
  return {
    features,
    command: (name) => commands.get(name)?.value,
    reachOfClick: (customId) => {
      const control = controlOf(customId);
      return !control || 'reach' in control ? 'anywhere' : 'bot-member';
    },
    privatelyOfClick: (customId) => {
      const control = controlOf(customId);
      return control !== undefined && 'reach' in control && control.privately === true;
    },
    click: async (ctx, interaction) => {
      const control = controlOf(interaction.customId);
      const id = control?.decode(interaction.customId);
      if (!control || id === undefined) return refused('refusal.unknown-control');
      if ('reach' in control) return control.handle(ctx, interaction, id);
      // The router lets a `bot-member` control's click through only in a server that added Crag.
      if (!interaction.inGuild()) return refused('error.outside-server');
      return control.handle(ctx, interaction, id);
    },
  };
}
