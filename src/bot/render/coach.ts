import { categoryById, currentDice, type GameState, isCategoryId, rerollsLeft, sheetTotal } from '../../game/index.js';
import { analyseGame, type PlayerAnalysis, rankKeeps, rankRows } from '../../strategy/index.js';
import type { PrivateCard } from './cards.js';
import { COLOURS, dieFace, playerName } from './message.js';

const ALTERNATIVES = 4;

function usedRows(state: GameState, playerId: string) {
  return Object.keys(state.sheets[playerId] ?? {}).filter(isCategoryId);
}

/** The exact solver's advice for the player to act: what to keep, or which row to take. */
export function renderHint(state: GameState): PrivateCard {
  const seat = state.seats[state.currentSeat];
  if (!seat || !state.turn) return { content: 'There is nothing to advise on right now.' };
  const dice = currentDice(state.turn);
  const banked = sheetTotal(state.sheets[seat.playerId] ?? {});
  const used = usedRows(state, seat.playerId);
  const left = rerollsLeft(state);
  const diceText = dice.map(dieFace).join(' ');
  const lines: string[] = [];
  if (left > 0) {
    const ranked = rankKeeps(state.rules, used, dice, left);
    const best = ranked[0];
    if (best) {
      lines.push(
        best.stands
          ? `**Stand on ${diceText}** and score now (expected final total ${(banked + best.expected).toFixed(1)}).`
          : `**Keep ${best.label}** and reroll the rest (expected final total ${(banked + best.expected).toFixed(1)}).`,
      );
    }
    lines.push('', 'Alternatives (expected final total):');
    for (const keep of ranked.slice(0, ALTERNATIVES)) {
      const what = keep.stands ? 'stand and score' : `keep ${keep.label}`;
      lines.push(`• ${what}: ${(banked + keep.expected).toFixed(1)}`);
    }
  } else {
    const ranked = rankRows(state.rules, used, dice);
    const best = ranked[0];
    if (best) {
      lines.push(
        `**Score ${categoryById(best.category).name}** for ${best.points} (expected final total ${(banked + best.expected).toFixed(1)}).`,
      );
    }
    lines.push('', 'Alternatives (points now · expected final total):');
    for (const row of ranked.slice(0, ALTERNATIVES)) {
      lines.push(`• ${categoryById(row.category).name}: ${row.points} · ${(banked + row.expected).toFixed(1)}`);
    }
  }
  return {
    embeds: [
      {
        title: `Hint for ${diceText}`,
        color: COLOURS.info,
        description: lines.join('\n'),
        footer: { text: 'Exact solver: maximises your expected final total in solitaire play.' },
      },
    ],
  };
}

function signed(value: number): string {
  return `${value >= 0 ? '+' : '−'}${Math.abs(value).toFixed(1)}`;
}

function summaryLine(player: PlayerAnalysis): string {
  return `${playerName(player.playerId)} **${player.total}** · skill ${signed(-player.skillLoss)} · luck ${signed(player.luck)}`;
}

/** Points lost against optimal play, decision by decision, for the asking player; a summary for all. */
export function renderAnalysis(state: GameState, playerId: string): PrivateCard {
  const analyses = analyseGame(state);
  const mine = analyses.find((player) => player.playerId === playerId);
  const costly = (mine?.decisions ?? []).filter((decision) => decision.loss >= 0.05);
  const description: string[] = [];
  if (mine) {
    description.push(
      `Optimal play expects **${mine.optimalExpected.toFixed(1)}**. You scored **${mine.total}**: decisions ${signed(-mine.skillLoss)}, dice ${signed(mine.luck)}${mine.forfeited > 0 ? `, rows forfeited ${signed(-mine.forfeited)}` : ''}.`,
      '',
    );
    if (costly.length === 0) description.push('Every decision you made was optimal. 🎯');
    else {
      description.push('Your decisions that cost points:');
      let length = description.join('\n').length;
      for (const decision of costly) {
        if (length + decision.text.length > 3000) {
          description.push('…');
          break;
        }
        description.push(`• ${decision.text}`);
        length += decision.text.length + 3;
      }
    }
    description.push('');
  }
  description.push('**Everyone**', ...analyses.map(summaryLine));
  return {
    embeds: [
      {
        title: 'How did we play?',
        color: COLOURS.info,
        description: description.join('\n'),
        footer: {
          text: 'Skill: expected points given away against the exact solver. Luck: what the dice gave above or below expectation.',
        },
      },
    ],
  };
}
