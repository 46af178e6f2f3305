/** The first lines `npm start` prints without a token: where to look, what this is, how to leave it. */
export function bannerLines(url: string, databaseLine: string): string[] {
  return [
    `Crag playground: open ${url} in your browser.`,
    'This is a local playground, not Discord: the real Crag bot plays in a pretend Discord on this machine, with alice, bob, carol and dave.',
    'To run the bot on real Discord instead, put DISCORD_TOKEN (and DISCORD_CLIENT_ID) in .env as README.md → Set-up says, then npm start.',
    `${databaseLine} Ctrl-C stops the playground.`,
  ];
}
