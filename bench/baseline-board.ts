import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIContainerComponent,
  ButtonStyle,
  ComponentType,
  MessageFlags,
  type RESTPostAPIApplicationCommandsJSONBody,
  SeparatorSpacingSize,
} from 'discord-api-types/v10';

/** The baseline bot's only command. */
export const BASELINE_COMMAND: RESTPostAPIApplicationCommandsJSONBody = {
  name: 'bench',
  description: 'Posts the baseline board',
};

/** The persisting baseline's (bench/persisting-baseline.ts): a new sheet and board in the channel. */
export const PERSISTING_COMMAND: RESTPostAPIApplicationCommandsJSONBody = {
  name: 'bench',
  description: 'Starts a new sheet in this channel',
};

export const BASELINE_IDS = {
  keep: ['baseline:keep:0', 'baseline:keep:1', 'baseline:keep:2'],
  reroll: 'baseline:reroll',
  score: 'baseline:score',
} as const;

const ROWS = [
  'Ones',
  'Twos',
  'Threes',
  'Fours',
  'Fives',
  'Sixes',
  'Low',
  'High',
  'Odd',
  'Even',
  'Thirteen',
  'Straight',
  'Three of a kind',
];

export const BASELINE_ROW_VALUES = ROWS.map((_, i) => `row-${i}`);

const row = (
  ...components: APIComponentInMessageActionRow[]
): APIActionRowComponent<APIComponentInMessageActionRow> => ({
  type: ComponentType.ActionRow,
  components,
});
const button = (custom_id: string, label: string, style: ButtonStyle.Primary | ButtonStyle.Secondary) =>
  ({ type: ComponentType.Button, custom_id, label, style }) as const;
const text = (content: string) => ({ type: ComponentType.TextDisplay, content }) as const;

/**
 * A constant message shaped like a Crag board (a Components V2 container of the same texts, the
 * dice, a reroll button, a 13-row menu and two more buttons), so both bots send and the emulator
 * checks payloads of the same size.
 */
export const BASELINE_BOARD: {
  flags: MessageFlags.IsComponentsV2;
  components: APIContainerComponent[];
  allowedMentions: { parse: [] };
} = {
  flags: MessageFlags.IsComponentsV2,
  components: [
    {
      type: ComponentType.Container,
      accent_color: 0x2b7a4b,
      components: [
        text('### Crag · round 5/13'),
        text('**alice** (<@100000000000000001>), your turn · 1 reroll left · ⏱ <t:1900000000:R>'),
        text('# <:crag_d5:100000000000000011> <:crag_d5:100000000000000011> <:crag_d2:100000000000000012>'),
        row(...BASELINE_IDS.keep.map((customId, i) => button(customId, `⚄ ${i + 3}`, ButtonStyle.Secondary))),
        row(button(BASELINE_IDS.reroll, 'Reroll (1 left)', ButtonStyle.Primary)),
        row({
          type: ComponentType.StringSelect,
          custom_id: BASELINE_IDS.score,
          placeholder: 'Score these dice in…',
          options: ROWS.map((name, i) => ({
            label: `${name} · ${i}`,
            value: BASELINE_ROW_VALUES[i]!,
            description: `What ${name} scores`,
          })),
        }),
        row(
          button('baseline:hint', 'Hint', ButtonStyle.Secondary),
          button('baseline:sheet', 'My sheet', ButtonStyle.Secondary),
        ),
        { type: ComponentType.Separator, divider: true, spacing: SeparatorSpacingSize.Small },
        text(['▶ alice **41**', '· bob **38**', '· carol **44**'].join('\n')),
        text(
          'Last: carol put <:crag_d6:100000000000000013> <:crag_d6:100000000000000013> <:crag_d1:100000000000000014> in **Sixes** for 12',
        ),
        text('-# one reroll · Thirteen: any total of 13 · game #1'),
      ],
    },
  ],
  allowedMentions: { parse: [] },
};
