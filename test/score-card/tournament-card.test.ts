import { describe, expect, it } from 'vitest';
import { standingsCardModel } from '../../commands/tournament/standings-card.js';
import { DEFAULT_RULES, roundPoints, tournamentStandings } from '../../src/game/index.js';
import { loadLanguages } from '../../src/i18n/index.js';
import { drawScoreCard, scoreCardLayout, scoreCardShape } from '../../src/score-card/index.js';
import type { StoredRoundPoints, Tournament } from '../../src/store/tournaments/index.js';
import { decode, pngHeader } from '../images/pixels.js';

const languages = loadLanguages();
const TOURNAMENT: Tournament = {
  id: 7,
  guildId: '900000000000000001',
  name: 'Winter Cup',
  organiserId: 'a',
  rules: DEFAULT_RULES,
  format: 'duplicate',
  rounds: 3,
  roundSeconds: 3600,
  channelId: '910000000000000001',
  signupMessageId: null,
  announceChannelId: '910000000000000001',
  status: 'finished',
  round: 3,
  roundClosesAt: null,
  announcedRound: 3,
  createdAt: 0,
};
const PEOPLE = ['a', 'b', 'c', 'd', 'e', 'f'];
/** Six entrants, three rounds; f never plays, and a wins round 2 alone. */
const POINTS: StoredRoundPoints[] = [1, 2, 3].flatMap((round) =>
  roundPoints(
    PEOPLE.map((playerId, i) => ({
      playerId,
      played: playerId !== 'f',
      total: playerId === 'f' ? 0 : 150 - 10 * i + (round === 2 && playerId === 'a' ? 30 : 0),
      loss: playerId === 'f' ? null : i,
    })),
  ).map((p) => ({ ...p, round })),
);

describe("a tournament's final standings as a score card", () => {
  const lines = tournamentStandings(
    PEOPLE.map((playerId) => ({ playerId, out: false, rounds: POINTS.filter((p) => p.playerId === playerId) })),
  );
  const names = new Map(PEOPLE.map((id) => [id, id.toUpperCase()]));

  it('shows the leaders as columns, a row per round, the round winner in gold, and the places', () => {
    const model = standingsCardModel(TOURNAMENT, lines, POINTS, names, languages.english);
    expect(model.players.map((p) => p.name)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(model.rows.map((r) => r.label)).toEqual(['Round 1', 'Round 2', 'Round 3']);
    expect(model.players[0]!.cells.map((cell) => [cell?.points, cell?.crag])).toEqual([
      [150, true],
      [180, true],
      [150, true],
    ]);
    expect(model.players[1]!.cells.every((cell) => cell?.crag === false)).toBe(true);
    expect(model.players.map((p) => p.place)).toEqual([1, 2, 3, 4, 5]);
    expect(model.players[0]!.total).toBe(480);
  });

  it('draws a PNG of one row per round in every language', async () => {
    for (const language of languages.names) {
      const model = standingsCardModel(TOURNAMENT, lines, POINTS, names, languages.translator(language));
      const png = drawScoreCard(model);
      const layout = scoreCardLayout(scoreCardShape(model));
      expect(layout.rows).toHaveLength(3);
      expect(pngHeader(png)).toMatchObject({ width: layout.width, height: layout.height });
      expect((await decode(png)).width).toBe(layout.width);
    }
  });
});
