// The house's plan: which room may import which. `npm run lint` checks it (docs/architecture.md
// draws the same rooms). Each rule says why it exists; a rule without a reason is a candidate to go.
//
// Type-only imports count as much as any other (tsPreCompilationDeps below): a type that crosses
// a wall couples the two sides as surely as a value does, only the compiler hides it afterwards.

const path = require('node:path');

/** Everything the bot runs from, outside src/emulator: the code Discord's stand-in must not lean on. */
const BOT_SOURCE = '^src/(?!emulator/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A circle makes every file in it depend on every other: none can be read, tested or moved alone, and ' +
        'which module initialises first decides what an import sees. Break it by moving what both sides ' +
        'share into a third file that imports neither.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'game-and-strategy-stand-alone',
      severity: 'error',
      comment:
        'The rules of Crag and the solver are pure: the same code scores a game in Discord, in the Activity, ' +
        'in the bench and in a property test. They know nothing of Discord, of storage or of the bot, so ' +
        'they run anywhere, fast, without a client or a database.',
      from: { path: '^src/(game|strategy)/' },
      to: { path: '^(src|commands)/', pathNot: '^src/(game|strategy)/' },
    },
    {
      name: 'game-and-strategy-no-discord',
      severity: 'error',
      comment:
        'The same reason as game-and-strategy-stand-alone, for the libraries: no discord.js, no database driver.',
      from: { path: '^src/(game|strategy)/' },
      to: { path: 'node_modules/(discord[.]js|@discordjs|discord-api-types|better-sqlite3|pg)/' },
    },
    {
      name: 'bot-imports-no-feature',
      severity: 'error',
      comment:
        'The runtime (src/bot) is handed a registry of features built at startup and routes by it; it never ' +
        'imports a feature. Otherwise each new feature edits the runtime, and the two rooms import each other ' +
        'in both directions (issue 41).',
      from: { path: '^src/bot/' },
      to: { path: '^commands/' },
    },
    {
      name: 'emulator-stands-alone',
      severity: 'error',
      comment:
        'The emulator stands for Discord. It may use what Discord itself defines (discord-api-types) but ' +
        'nothing of the bot: a bot helper it shared would make the tests agree with the bot by construction, ' +
        'not by Discord, and the emulator could not be lifted out whole.',
      from: { path: '^src/emulator/' },
      to: { path: BOT_SOURCE },
    },
    {
      name: 'emulator-no-client-library',
      severity: 'error',
      comment: 'The same reason for the libraries a bot uses: the emulator speaks the wire protocol, not discord.js.',
      from: { path: '^src/emulator/' },
      to: { path: 'node_modules/(discord[.]js|@discordjs)/' },
    },
    {
      name: 'tools-import-no-test',
      severity: 'error',
      comment:
        'bench/ and soak/ are tools that run outside vitest; a test file may pull in vitest or a test-only ' +
        'fixture and is free to change with its suite. What a tool and a test share lives in harness/.',
      from: { path: '^(bench|soak)/' },
      to: { path: '^test/' },
    },
    {
      name: 'product-imports-no-tool',
      severity: 'error',
      comment:
        'What ships (src/, commands/) never depends on the tools that measure it (bench/, soak/, harness/) ' +
        'or on the tests: those are not built into the image and may change freely.',
      from: { path: '^(src|commands)/' },
      to: { path: '^(bench|soak|harness|test|scripts)/' },
    },
    {
      name: 'main-thread-loads-no-canvas',
      severity: 'error',
      comment:
        'The canvas library (Skia, its fonts and its own threads: about 10 MB of RSS) belongs on the score ' +
        "card's thread (src/score-card/card-thread.ts), which starts with the first card. A static import of " +
        "src/score-card/index.js or draw.js from the bot's start loads it into every shard at boot (issue 45).",
      from: { path: '^src/(main|run-bot|sharded)[.]ts$' },
      to: { path: 'node_modules/@napi-rs/canvas', reachable: true },
    },
  ],
  options: {
    // The fixtures break the plan on purpose (test/lint/import-plan.test.ts runs it on each alone).
    exclude: { path: '^test/fixtures/depcruise/' },
    // Packages are seen (the rules above name some) but not cruised into.
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    // Absolute, so the rules can be run from another folder (the fixtures of test/lint/import-plan.test.ts).
    tsConfig: { fileName: path.join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
