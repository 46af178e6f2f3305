import type { PlaceCommand } from '../src/bot/feature.js';
import { type Refusal, refused } from '../src/bot/outcome.js';
import type { CommandOptions, OptionSpec, OptionSpecs } from './option-specs.js';

/**
 * Reads every option of a subcommand from the interaction, by the names and kinds its definition
 * gives: a handler reads `options.rerolls`, never a string it could misspell. A value outside an
 * option's choices is refused with the option's own refusal.
 */
export function readOptions<Options extends OptionSpecs>(
  interaction: PlaceCommand,
  specs: Options,
): { readonly options: CommandOptions<Options> } | Refusal {
  const read: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value = readOne(interaction, name, spec);
    if ('choices' in spec && value !== null && !spec.choices.some((choice) => choice.value === value)) {
      return refused(spec.invalid);
    }
    read[name] = value;
  }
  return { options: read as CommandOptions<Options> };
}

function readOne(interaction: PlaceCommand, name: string, spec: OptionSpec): unknown {
  const given = interaction.options;
  switch (spec.kind) {
    case 'integer':
      return given.getInteger(name);
    case 'string':
      return given.getString(name);
    case 'boolean':
      return given.getBoolean(name);
    case 'user':
      return given.getUser(name);
    case 'text':
      return given.getString(name);
    case 'channel':
      return given.getChannel(name)?.id ?? null;
  }
}
