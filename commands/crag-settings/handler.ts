import { ButtonStyle, type ChatInputCommandInteraction } from 'discord.js';
import { personal } from '../../src/bot/audience.js';
import type { BotContext } from '../../src/bot/context.js';
import type { GuildComponent } from '../../src/bot/feature.js';
import { type Outcome, type Refusal, refused } from '../../src/bot/outcome.js';
import { button, COLOURS, layoutMessage, row, text } from '../../src/bot/render/index.js';
import { replyPrivately, updateClicked } from '../../src/bot/replies.js';
import {
  isValidSetting,
  SETTING_NAMES,
  type SettingName,
  type SettingValues,
  withSettings,
} from '../../src/settings/values.js';
import type { SettingsEdited } from '../../src/store/settings/index.js';
import type { GuildCommand } from '../define.js';
import { managesServer } from '../manage-server.js';
import { describeValue, settingLabel } from './describe.js';
import { isSettingsSubcommand, readSettingsOptions } from './options.js';
import { encodeResetId, isResetConfirmationFresh, type ResetId } from './reset-id.js';
import { changeLine, renderSettings } from './show.js';

/** How many changes `show` lists. */
const RECENT_CHANGES = 10;

/** A change a subcommand asks for: the settings it is about, and how it turns the current values into the new ones. */
interface Edit {
  readonly about: readonly SettingName[];
  readonly edit: (current: SettingValues) => SettingValues;
}

/**
 * `/crag-settings`. Discord lets only those the server allows use it (Manage Server by default, or
 * whoever its Integrations page names), so the handler trusts the invocation; every change records
 * who made it. A reset, which wipes every setting at once, needs Manage Server itself, checked when
 * it is asked for and again when it is confirmed.
 */
export async function cragSettingsCommand(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const subcommand = interaction.options.getSubcommand(false);
  if (!isSettingsSubcommand(subcommand)) return refused('refusal.unknown-command');
  if (subcommand === 'show') return show(ctx, interaction);
  if (subcommand === 'reset') return askReset(ctx, interaction);
  const asked = editFor(ctx, interaction, subcommand);
  if ('refusal' in asked) return asked;
  const edited = await ctx.houseRules.update({
    guildId: interaction.guildId,
    userId: interaction.user.id,
    at: ctx.now(),
    edit: asked.edit,
  });
  logChanges(ctx, interaction, edited);
  await replyPrivately(interaction, answer(ctx, interaction, asked.about, edited));
  return undefined;
}

function editFor(
  ctx: BotContext,
  interaction: ChatInputCommandInteraction<'cached' | 'raw'>,
  subcommand: 'defaults' | 'channels' | 'starter-role' | 'organiser-role' | 'language' | 'limits',
): Edit | Refusal {
  switch (subcommand) {
    case 'defaults':
      return patchOf('defaults', readSettingsOptions(interaction, 'defaults'));
    case 'limits':
      return patchOf('limits', readSettingsOptions(interaction, 'limits'));
    case 'channels': {
      const { add, remove, clear } = readSettingsOptions(interaction, 'channels');
      if ([add, remove, clear ? true : null].filter((given) => given !== null).length !== 1)
        return refused('refusal.settings.channels-one');
      // A channel deleted since it was listed drops out with the next change.
      const exists = (id: string) => ctx.guilds.hasChannel(interaction.guildId, id);
      return {
        about: ['channels'],
        edit: (current) => {
          const listed = (current.channels ?? []).filter(exists);
          const channels = add
            ? [...listed.filter((id) => id !== add), add]
            : remove
              ? listed.filter((id) => id !== remove)
              : [];
          return withSettings(current, { channels: channels.length > 0 ? channels : undefined });
        },
      };
    }
    case 'starter-role':
    case 'organiser-role':
      return roleEdit(subcommand, readSettingsOptions(interaction, subcommand));
    case 'language': {
      const { language } = readSettingsOptions(interaction, 'language');
      if (language !== 'auto' && !ctx.languages.names.includes(language ?? ''))
        return refused('refusal.settings.bad-value', { setting: 'language' });
      return {
        about: ['language'],
        edit: (current) => withSettings(current, { language: language === 'auto' ? undefined : language }),
      };
    }
  }
}

/** A role setting: exactly one of `role` (set it) and `clear:true` (back to the bot's default). */
function roleEdit(
  setting: 'starter-role' | 'organiser-role',
  { role, clear }: { role: string | null; clear: boolean | null },
): Edit | Refusal {
  if ((role === null) === !clear) return refused('refusal.settings.role-one');
  return { about: [setting], edit: (current) => withSettings(current, { [setting]: role ?? undefined }) };
}

/**
 * `defaults` and `limits`: each option given sets the setting of the same name under the prefix;
 * none given changes nothing and answers with the current values.
 */
function patchOf(prefix: 'defaults' | 'limits', options: Readonly<Record<string, unknown>>): Edit | Refusal {
  const about = SETTING_NAMES.filter((name) => name.startsWith(`${prefix}.`));
  const patch: Partial<Record<SettingName, unknown>> = {};
  for (const setting of about) {
    const value = options[setting.slice(prefix.length + 1)];
    if (value === null || value === undefined) continue;
    // Discord holds options to their choices and bounds; a value that slipped past is refused, not dropped.
    if (!isValidSetting(setting, value)) return refused('refusal.settings.bad-value', { setting });
    patch[setting] = value;
  }
  const given = Object.keys(patch) as SettingName[];
  return { about: given.length > 0 ? given : about, edit: (current) => withSettings(current, patch) };
}

/** The new value of each setting changed, privately; when nothing changed, the values as they stand. */
function answer(
  ctx: BotContext,
  interaction: GuildCommand,
  about: readonly SettingName[],
  edited: SettingsEdited,
): string {
  const tr = personal(ctx.languages, interaction);
  if (edited.changes.length > 0) {
    return [
      tr.t('settings.saved'),
      ...edited.changes.map((change) => `- ${changeLine(change, tr, ctx.languages)}`),
    ].join('\n');
  }
  return [
    tr.t('settings.unchanged'),
    ...about.map(
      (setting) =>
        `- **${settingLabel(setting, tr)}**: ${describeValue(setting, edited.after[setting] ?? null, tr, ctx.languages)}`,
    ),
  ].join('\n');
}

async function show(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  const [values, lastChanges, recent] = await Promise.all([
    ctx.houseRules.settingsOf(interaction.guildId),
    ctx.houseRules.lastChangeOfEach(interaction.guildId),
    ctx.houseRules.recentChanges(interaction.guildId, RECENT_CHANGES),
  ]);
  const exists = (id: string) => ctx.guilds.hasChannel(interaction.guildId, id);
  const shown = withSettings(values, { channels: values.channels?.filter(exists) });
  await replyPrivately(
    interaction,
    renderSettings(shown, lastChanges, recent, personal(ctx.languages, interaction), ctx.languages),
  );
  return undefined;
}

/**
 * `reset` asks first, with a button only the person who asked sees, dated by Discord's clock (the
 * command's snowflake) so that it expires. The confirmation needs Manage Server, so the question
 * does too: nobody is handed a button that would refuse them.
 */
async function askReset(ctx: BotContext, interaction: GuildCommand): Promise<Outcome> {
  if (!managesServer(interaction)) return refused('refusal.manage-server-only');
  const tr = personal(ctx.languages, interaction);
  const confirmId = encodeResetId(interaction.user.id, interaction.createdTimestamp);
  await replyPrivately(
    interaction,
    layoutMessage(COLOURS.info, [
      text(tr.t('settings.reset.ask')),
      row(button(confirmId, tr.t('settings.reset.confirm'), ButtonStyle.Danger)),
    ]),
  );
  return undefined;
}

/**
 * The confirmation: every setting back to the bot's default, each change audited. The button proves
 * only who asked and when; whether they may still wipe the house rules is asked of this press
 * (Manage Server in its `member.permissions`: they may have lost it since), and a press more than
 * five minutes after the question is refused. A refused press changes nothing.
 */
export async function confirmReset(
  ctx: BotContext,
  interaction: GuildComponent,
  confirmation: ResetId,
): Promise<Outcome> {
  if (confirmation.kind !== 'current') return refused('refusal.settings.reset-expired');
  if (confirmation.userId !== interaction.user.id) return refused('refusal.settings.not-yours');
  if (!managesServer(interaction)) return refused('refusal.manage-server-only');
  if (!isResetConfirmationFresh(confirmation.mintedAt, interaction.createdTimestamp)) {
    return refused('refusal.settings.reset-expired');
  }
  const edited = await ctx.houseRules.update({
    guildId: interaction.guildId,
    userId: interaction.user.id,
    at: ctx.now(),
    edit: () => ({}),
  });
  logChanges(ctx, interaction, edited);
  const tr = personal(ctx.languages, interaction);
  const lines = edited.changes.map((change) => `- ${changeLine(change, tr, ctx.languages)}`);
  await updateClicked(
    interaction,
    layoutMessage(COLOURS.info, [
      text([tr.t('settings.reset.done', { count: edited.changes.length }), ...lines].join('\n')),
    ]),
  );
  return undefined;
}

function logChanges(ctx: BotContext, interaction: GuildCommand | GuildComponent, edited: SettingsEdited): void {
  if (edited.changes.length === 0) return;
  ctx.log.info('house rules changed', {
    guild: interaction.guildId,
    user: interaction.user.id,
    settings: edited.changes.map((change) => change.setting),
  });
}
