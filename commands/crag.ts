import {
  SlashCommandBuilder,
  type SlashCommandSubcommandBuilder,
  type SlashCommandSubcommandGroupBuilder,
} from '@discordjs/builders';
import { ApplicationIntegrationType, ChannelType, InteractionContextType } from 'discord-api-types/v10';
import type { Languages } from '../src/i18n/index.js';
import type { OptionSpec, Subcommand } from './define.js';
import { CommandText } from './localize.js';

/**
 * `/crag …`: every subcommand in `subcommands`, in their order, named and described in every
 * language of the catalogues; a subcommand of a group joins its group where the group first appears.
 */
export function buildCragCommand(languages: Languages, subcommands: readonly Subcommand[]): SlashCommandBuilder {
  const text = new CommandText(languages);
  const crag = text
    .name(new SlashCommandBuilder(), 'crag', 'command.crag.name', 'command.crag.description')
    // Installed to servers and to people's accounts, and used everywhere (issue 42). Discord sets
    // contexts per top-level command, not per subcommand, so `season new` and `export` show in DMs
    // too, and their handlers refuse them outside a server (docs/anywhere.md).
    .setIntegrationTypes(ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall)
    .setContexts(InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel);
  const groups = new Map<string, SlashCommandSubcommandGroupBuilder>();
  for (const subcommand of subcommands) {
    const define = (builder: SlashCommandSubcommandBuilder) => defineSubcommandOn(text, builder, subcommand);
    const { group } = subcommand;
    if (!group) {
      crag.addSubcommand(define);
      continue;
    }
    const existing = groups.get(group.name);
    if (existing) existing.addSubcommand(define);
    else
      crag.addSubcommandGroup((builder) => {
        const named = text.named(builder, group.name, group).addSubcommand(define);
        groups.set(group.name, named);
        return named;
      });
  }
  return crag;
}

function defineSubcommandOn(
  text: CommandText,
  builder: SlashCommandSubcommandBuilder,
  subcommand: Subcommand,
): SlashCommandSubcommandBuilder {
  text.named(builder, subcommand.name, subcommand);
  for (const [name, spec] of Object.entries(subcommand.options)) addOption(text, builder, name, spec);
  return builder;
}

function addOption(text: CommandText, builder: SlashCommandSubcommandBuilder, name: string, spec: OptionSpec): void {
  switch (spec.kind) {
    case 'integer':
      builder.addIntegerOption((option) => {
        text.named(option, name, spec);
        if ('choices' in spec) return option.addChoices(...spec.choices.map((c) => text.choice(c.name, c.value)));
        return option.setMinValue(spec.min).setMaxValue(spec.max);
      });
      return;
    case 'string':
      builder.addStringOption((option) =>
        text.named(option, name, spec).addChoices(...spec.choices.map((c) => text.choice(c.name, c.value))),
      );
      return;
    case 'boolean':
      builder.addBooleanOption((option) => text.named(option, name, spec));
      return;
    case 'user':
      builder.addUserOption((option) => text.named(option, name, spec));
      return;
    case 'text':
      builder.addStringOption((option) =>
        text.named(option, name, spec).setMinLength(spec.minLength).setMaxLength(spec.maxLength),
      );
      return;
    case 'channel':
      builder.addChannelOption((option) =>
        text.named(option, name, spec).addChannelTypes(ChannelType.GuildText, ChannelType.GuildAnnouncement),
      );
      return;
  }
}
