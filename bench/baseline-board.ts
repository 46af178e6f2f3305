import {
  type APIActionRowComponent,
  type APIComponentInMessageActionRow,
  type APIEmbed,
  ButtonStyle,
  ComponentType,
  type RESTPostAPIApplicationCommandsJSONBody,
} from 'discord-api-types/v10';

/** The baseline bot's only command. */
export const BASELINE_COMMAND: RESTPostAPIApplicationCommandsJSONBody = {
  name: 'bench',
  description: 'Posts the baseline board',
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

/**
 * A constant message shaped like a Crag board (an embed of the same length, the dice, a reroll
 * button, a 13-row menu and two more buttons), so both bots send and the emulator checks payloads
 * of the same size.
 */
export const BASELINE_BOARD: {
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIComponentInMessageActionRow>[];
  allowedMentions: { parse: [] };
} = {
  embeds: [
    {
      title: 'Crag · round 5/13',
      color: 0x2b7a4b,
      description: [
        '<@100000000000000001>, your turn · 1 reroll left · ⏱ <t:1900000000:R>',
        '# ⚄  [⚄]  ⚁',
        '▶ <@100000000000000001> **41**',
        '· <@100000000000000002> **38**',
        '· <@100000000000000003> **44**',
        '',
        'Last: <@100000000000000003> put ⚅ ⚅ ⚀ in **Sixes** for 12',
      ].join('\n'),
      footer: { text: 'one reroll · Thirteen: any total of 13 · game #1' },
    },
  ],
  components: [
    {
      type: ComponentType.ActionRow,
      components: [
        ...BASELINE_IDS.keep.map((custom_id, i) => ({
          type: ComponentType.Button as const,
          custom_id,
          label: `⚄ ${i + 3}`,
          style: ButtonStyle.Secondary as const,
        })),
        {
          type: ComponentType.Button,
          custom_id: BASELINE_IDS.reroll,
          label: 'Reroll (1 left)',
          style: ButtonStyle.Primary,
        },
      ],
    },
    {
      type: ComponentType.ActionRow,
      components: [
        {
          type: ComponentType.StringSelect,
          custom_id: BASELINE_IDS.score,
          placeholder: 'Score these dice in…',
          options: ROWS.map((name, i) => ({
            label: `${name} · ${i}`,
            value: BASELINE_ROW_VALUES[i]!,
            description: `What ${name} scores`,
          })),
        },
      ],
    },
    {
      type: ComponentType.ActionRow,
      components: [
        { type: ComponentType.Button, custom_id: 'baseline:hint', label: 'Hint', style: ButtonStyle.Secondary },
        { type: ComponentType.Button, custom_id: 'baseline:sheet', label: 'My sheet', style: ButtonStyle.Secondary },
      ],
    },
  ],
  allowedMentions: { parse: [] },
};
