import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentPlayerId, description, part, texts, title } from '../../harness/board.js';
import { PART } from '../../src/bot/render/parts.js';
import { type EmulatedMessage, Permission } from '../../src/emulator/index.js';
import { latinWords, unfilledPlaceholders, visibleTexts, withoutNames } from '../i18n/visible-text.js';
import { playToTheEnd } from './support/play.js';
import { Table } from './support/table.js';
import { Transcript } from './support/transcript.js';
import { TestWorld } from './support/world.js';

const RULES = { rerolls: 1, thirteen: 'any' } as const;

/** The people's display names: names, in whatever script, are not the language of a message. */
const DISPLAY_NAMES = ['Алиса', 'Борис', 'Вера', 'Дэйв'];

/** Cyrillic words a message shows besides names: none in an answer meant for an English speaker. */
function cyrillicWords(message: EmulatedMessage): string[] {
  return visibleTexts(message).flatMap((text) => withoutNames(text, DISPLAY_NAMES).match(/[А-Яа-яЁё]+/g) ?? []);
}

function shownText(message: EmulatedMessage | undefined): string {
  return message ? texts(message).join('\n') : '';
}

const MODERATOR = Permission.ManageMessages | Permission.ViewChannel | Permission.SendMessages;

describe('speaking the players’ language', () => {
  let world: TestWorld;
  let transcript: Transcript;
  let alice: string;
  let bob: string;
  let carol: string;
  let dave: string;
  beforeAll(async () => {
    // A Russian server: alice, bob and carol use Discord in Russian, dave in English.
    world = await TestWorld.create({
      people: 4,
      guildLocale: 'ru',
      locales: ['ru', 'ru', 'ru', 'en-US'],
      // Display names may be in any script; the Russians' are Cyrillic, so a Latin word on a board is a bug.
      displayNames: DISPLAY_NAMES,
      channels: ['mixed'],
    });
    transcript = new Transcript(world.discord);
    [alice, bob, carol, dave] = [0, 1, 2, 3].map((i) => world.person(i).id) as [string, string, string, string];
  });
  afterAll(async () => {
    await world?.stop();
  });

  it('plays a whole game in Russian for Russian speakers in a Russian server, with no English anywhere', async () => {
    const table = new Table(world);
    const lobby = await table.open(alice);
    expect(title(lobby)).toBe('Крэг · открыта новая игра');
    expect(description(lobby)).toContain('1. Алиса (ведущий)');
    await table.act(bob, 'join');
    const notHost = await table.click(bob, 'start');
    expect(notHost).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(notHost.message?.content).toBe('Это может сделать только ведущий.');
    const started = await table.act(alice, 'start');
    expect(title(started)).toBe('Крэг · раунд 1/13');
    expect(description(started)).toContain(`**Алиса** (<@${alice}>), ваш ход · остался 1 переброс`);

    const rules = await table.command(carol, 'rules');
    expect(rules).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(title(rules.message!)).toBe('Как играть в Крэг');
    expect(description(rules.message!)).toContain('Вариант этой игры: 1 переброс.');
    const outOfTurn = await table.click(bob, 'reroll');
    expect(outOfTurn.message?.content).toBe('Сейчас не ваш ход: дождитесь игрока, указанного на табло.');
    const spectator = await table.click(carol, 'keep');
    expect(spectator.message?.content).toBe('Вы не участвуете в этой игре.');
    const notYourHint = await table.command(bob, 'hint');
    expect(notYourHint.message?.content).toBe('Подсказки — только для игрока, чей сейчас ход.');
    const hint = await table.command(alice, 'hint');
    expect(hint).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(title(hint.message!)).toMatch(/^Подсказка для /);
    expect(description(hint.message!)).toMatch(/ожидаемый итог — \d+,\d/);
    expect(await table.click(alice, 'hint')).toMatchObject({ ack: 'reply', ephemeral: true });
    const sheet = await table.click(bob, 'sheet');
    expect(title(sheet.message!)).toBe('Таблица очков');
    expect(description(sheet.message!)).toContain('Борис · заполнено строк: 0 из 13');

    const totals = await playToTheEnd(table, RULES);
    const final = table.board();
    expect(title(final)).toBe('Крэг · итоги игры');
    expect(part(final, PART.series).split('\n')[0]).toBe('**Итоги серии после 1 игры**');
    for (const [player, total] of totals) expect(description(final)).toContain(`${world.nameOf(player)} **${total}**`);

    const analysis = await table.click(alice, 'analysis');
    expect(analysis).toMatchObject({ ack: 'reply', ephemeral: true });
    expect(title(analysis.message!)).toBe('Разбор игры');
    expect(description(analysis.message!)).toMatch(/Оптимальная игра в среднем даёт \*\*\d+,\d\*\*/);
    const leaderboard = await table.command(carol, 'leaderboard');
    expect(leaderboard).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(title(leaderboard.message!)).toBe(
      'Лидеры Крэга · серия этого канала · один переброс · Тринадцать: любая сумма 13',
    );
    for (const [player, total] of totals) {
      const name = DISPLAY_NAMES[world.people.findIndex((person) => person.id === player)];
      expect(description(leaderboard.message!)).toContain(`${name} **${total}** · 1 игра ·`);
    }
    const finalSheet = await table.command(bob, 'sheet');
    expect(description(finalSheet.message!)).toContain('заполнено строк: 13 из 13');
    const notInGame = await table.command(carol, 'sheet');
    expect(notInGame.message?.content).toBe('Вас нет в последней игре этого канала.');

    // The next game of the series, then /crag end: the ended board is redrawn with the bot's own
    // token, in the server's language read from the guild cache.
    const again = await table.click(bob, 'again');
    expect(again.ack).toBe('update');
    table.boardId = await world.discord.waitFor(() => world.discord.interaction(again.interactionId)?.followUpIds[0]);
    expect(title(table.board())).toBe('Крэг · раунд 1/13');
    // A game under way is voided by a member who may manage messages (a host alone would leave it).
    world.discord.setMemberPermissions(world.guild.id, bob, MODERATOR);
    const ended = await table.command(bob, 'end');
    expect(ended).toMatchObject({ ack: 'reply', ephemeral: false });
    expect(ended.message?.content).toBe('**Борис** завершает игру. Она никому не засчитывается.');
    await world.discord.waitFor(() => title(table.board()) === 'Крэг · игра окончена');
    expect(description(table.board())).toContain('`/крэг начать` откроет новую.');

    const channel = world.channel().id;
    for (const person of [alice, bob, carol]) {
      const seen = transcript.seenBy(person, channel);
      expect(seen.length).toBeGreaterThan(60);
      for (const message of seen) {
        expect(latinWords(message), shownText(message)).toEqual([]);
        expect(unfilledPlaceholders(message), shownText(message)).toEqual([]);
      }
    }
    expect(transcript.privateTo(carol, channel).length).toBeGreaterThanOrEqual(3);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });

  it('answers an English speaker in English at a Russian table, while the board stays Russian', async () => {
    const channel = world.channel('mixed').id;
    const table = new Table(world, channel);
    const lobby = await table.open(dave);
    expect(title(lobby)).toBe('Крэг · открыта новая игра');
    expect(description(lobby)).toContain('1. Дэйв (ведущий)');
    await table.act(alice, 'join');
    await table.act(bob, 'join');
    await table.act(dave, 'start');
    expect(currentPlayerId(table.board())).toBe(dave);

    const rules = await table.command(dave, 'rules');
    expect(title(rules.message!)).toBe('How to play Crag');
    const hint = await table.click(dave, 'hint');
    expect(title(hint.message!)).toMatch(/^Hint for /);
    expect(description(hint.message!)).toMatch(/expected final total \d+\.\d/);
    const sheet = await table.command(dave, 'sheet');
    expect(description(sheet.message!)).toContain('Дэйв · 0/13 rows filled');
    const alicesTurn = await table.click(alice, 'reroll');
    expect(alicesTurn.message?.content).toBe('Сейчас не ваш ход: дождитесь игрока, указанного на табло.');

    await table.playTurn(dave);
    const notDavesTurn = await table.click(dave, 'reroll');
    expect(notDavesTurn.message?.content).toBe('It is not your turn: wait for the player named on the board.');
    const left = await table.command(bob, 'leave');
    expect(left.message?.content).toBe('Вы вышли из игры; ваши свободные строки получают 0.');
    // The leave is drawn with the bot's token, in the server's language.
    await world.discord.waitFor(() => description(table.board()).includes('Борис **0** (не в игре)'));
    world.discord.setMemberPermissions(world.guild.id, dave, MODERATOR);
    const ended = await table.command(dave, 'end');
    expect(ended.message?.content).toBe('**Дэйв** завершает игру. Она никому не засчитывается.');
    await world.discord.waitFor(() => title(table.board()) === 'Крэг · игра окончена');

    const answers = transcript.privateTo(dave, channel);
    expect(answers).toHaveLength(4);
    for (const answer of answers) expect(cyrillicWords(answer), shownText(answer)).toEqual([]);
    const everyone = transcript.publicIn(channel);
    // How many drawings the board makes depends on how edits coalesce under load, so the
    // check names the public messages that must be among them rather than counting them.
    expect(everyone.some((message) => title(message) === 'Крэг · открыта новая игра')).toBe(true);
    expect(everyone.some((message) => description(message).includes('Борис **0** (не в игре)'))).toBe(true);
    expect(everyone.some((message) => title(message) === 'Крэг · игра окончена')).toBe(true);
    for (const message of everyone) expect(latinWords(message), shownText(message)).toEqual([]);
    expect(world.discord.problems).toEqual([]);
    expect(world.bot.errors()).toEqual([]);
  });
});
