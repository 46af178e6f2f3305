import { COLOURS, divider, layoutMessage, type PrivateCard, text } from '../../src/bot/render/index.js';
import type { Languages, Translator } from '../../src/i18n/index.js';
import { SETTING_NAMES, type SettingName, type SettingValues } from '../../src/settings/values.js';
import type { SettingsChangeRow } from '../../src/store/settings/index.js';
import { describeValue, settingLabel } from './describe.js';

/** Discord's timestamp markup: every reader sees it in their own time zone. */
function when(at: number): string {
  return `<t:${Math.floor(at / 1000)}:f>`;
}

/** A change in words: the setting, from what to what. */
export function changeLine(
  change: Pick<SettingsChangeRow, 'setting' | 'oldValue' | 'newValue'>,
  tr: Translator,
  languages: Languages,
): string {
  return tr.t('settings.change', {
    setting: settingLabel(change.setting, tr),
    old: describeValue(change.setting, change.oldValue, tr, languages),
    new: describeValue(change.setting, change.newValue, tr, languages),
  });
}

/**
 * `show`: every setting with its value, and whether it is the bot's default or set here (by whom,
 * when); then the server's last changes.
 */
export function renderSettings(
  values: SettingValues,
  lastChanges: ReadonlyMap<SettingName, SettingsChangeRow>,
  recent: readonly SettingsChangeRow[],
  tr: Translator,
  languages: Languages,
): PrivateCard {
  const lines = SETTING_NAMES.map((setting) => {
    const value = values[setting] ?? null;
    const described = describeValue(setting, value, tr, languages);
    const change = lastChanges.get(setting);
    const origin =
      value === null
        ? tr.t('settings.origin.default')
        : change
          ? tr.t('settings.origin.set-by', { user: `<@${change.userId}>`, when: when(change.changedAt) })
          : tr.t('settings.origin.set');
    return `**${settingLabel(setting, tr)}**: ${described} · ${origin}`;
  });
  const history = recent.map(
    (change) => `${when(change.changedAt)} <@${change.userId}> ${changeLine(change, tr, languages)}`,
  );
  return layoutMessage(COLOURS.info, [
    text(`### ${tr.t('settings.title')}`),
    text(lines.join('\n')),
    divider(),
    text(`**${tr.t('settings.recent')}**\n${history.length > 0 ? history.join('\n') : tr.t('settings.no-changes')}`),
  ]);
}
