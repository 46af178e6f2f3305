import type { Languages, MessageKey, Translator } from '../../src/i18n/index.js';
import type { SettingName, SettingValue } from '../../src/settings/values.js';
import { DEFAULT_TURN_TIMER_MINUTES, MAX_TURN_TIMER_MINUTES } from '../turn-timer.js';

/** Each setting as `show` and the answers name it. */
const LABEL: { readonly [Name in SettingName]-?: MessageKey } = {
  'defaults.rerolls': 'settings.label.defaults.rerolls',
  'defaults.thirteen': 'settings.label.defaults.thirteen',
  'defaults.turn-timer': 'settings.label.defaults.turn-timer',
  'defaults.hints': 'settings.label.defaults.hints',
  'defaults.pings': 'settings.label.defaults.pings',
  'defaults.thread': 'settings.label.defaults.thread',
  'defaults.computers': 'settings.label.defaults.computers',
  'defaults.level': 'settings.label.defaults.level',
  channels: 'settings.label.channels',
  'starter-role': 'settings.label.starter-role',
  'organiser-role': 'settings.label.organiser-role',
  language: 'settings.label.language',
  'limits.computers-allowed': 'settings.label.limits.computers-allowed',
  'limits.hints-allowed': 'settings.label.limits.hints-allowed',
  'limits.max-turn-timer': 'settings.label.limits.max-turn-timer',
};

/** What the bot does when a setting is not set. */
const BOT_DEFAULT: { readonly [Name in SettingName]-?: SettingValue | null } = {
  'defaults.rerolls': 1,
  'defaults.thirteen': 'any',
  'defaults.turn-timer': DEFAULT_TURN_TIMER_MINUTES,
  'defaults.hints': true,
  'defaults.pings': true,
  'defaults.thread': false,
  'defaults.computers': 0,
  'defaults.level': 'optimal',
  channels: null,
  'starter-role': null,
  'organiser-role': null,
  language: null,
  'limits.computers-allowed': true,
  'limits.hints-allowed': true,
  'limits.max-turn-timer': MAX_TURN_TIMER_MINUTES,
};

const CHOICE_TEXT: Readonly<Record<string, MessageKey>> = {
  any: 'command.start.thirteen.any',
  'no-pair': 'command.start.thirteen.no-pair',
  easy: 'command.start.level.easy',
  optimal: 'command.start.level.optimal',
  strong: 'command.start.level.strong',
};

export function settingLabel(setting: SettingName, tr: Translator): string {
  return tr.t(LABEL[setting]);
}

/** A setting's value in words; null is the bot's default, described as what it does. */
export function describeValue(
  setting: SettingName,
  value: SettingValue | null,
  tr: Translator,
  languages: Languages,
): string {
  const shown = value ?? BOT_DEFAULT[setting];
  if (shown === null) {
    if (setting === 'channels') return tr.t('settings.value.everywhere');
    if (setting === 'starter-role') return tr.t('settings.value.anyone');
    if (setting === 'organiser-role') return tr.t('settings.value.managers-only');
    return tr.t('settings.value.server-locale');
  }
  if (setting === 'channels') return (shown as readonly string[]).map((id) => `<#${id}>`).join(', ');
  if (setting === 'starter-role' || setting === 'organiser-role') return `<@&${String(shown)}>`;
  if (setting === 'language') return languages.translator(String(shown)).t('language.name');
  if (setting === 'defaults.turn-timer' || setting === 'limits.max-turn-timer')
    return tr.t('settings.value.minutes', { count: shown as number });
  if (typeof shown === 'boolean') return tr.t(shown ? 'settings.value.yes' : 'settings.value.no');
  const choice = CHOICE_TEXT[String(shown)];
  return choice ? tr.t(choice) : String(shown);
}
