// Every export of @board-games/rules, used as a TypeScript game maker
// would: `tsc --noEmit` checks the .d.ts.
import { Game, Messages, games, ready } from '@board-games/rules';

export async function typed(): Promise<string[]> {
  await ready();
  const names: string[] = games().map((g: { name: string; title: string }) => g.name);
  const game: Game = new Game('kybo', undefined, 'fr');
  game.play(game.legalMoves()[0]);
  const undone: boolean = game.undo();
  const redone: boolean = game.redo();
  const outcome: string | null = game.outcome();
  const winner: string | null = game.winner();
  const record: string = game.recordText();
  const again: Game = Game.fromRecord(game.name, record, 'en');
  const reply: string | null = again.computerMove(1, 100, 0);
  const svg: string = again.svg(JSON.stringify({ lastMove: true }));
  const words = new Messages('fr');
  const title: string = words.format('page-title');
  // The types are real, not `any`: a wrong use is an error.
  // @ts-expect-error: a game's moves are text
  const many: number[] = game.legalMoves();
  return [
    String(many),
    ...names,
    String(undone && redone),
    outcome ?? '',
    winner ?? '',
    reply ?? '',
    svg,
    title,
    again.positionText(),
  ];
}
