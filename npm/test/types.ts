// Every export of @board-games/rules and @board-games/rules/boardgameio,
// used as a TypeScript game maker would: `tsc --noEmit` checks the .d.ts.
import { Game, Messages, games, ready } from '@board-games/rules';
import {
  Chess3d,
  EchecOCube,
  INVALID_MOVE,
  Kybo,
  boardgameioGame,
  type GameName,
  type RulesGame,
  type RulesGameover,
  type RulesState,
} from '@board-games/rules/boardgameio';

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
  const picked: RulesGame[] = [EchecOCube, Kybo, Chess3d];
  const name: GameName = 'chess3d';
  const custom: RulesGame = boardgameioGame(name, {
    config: { levels: 1 },
    lang: 'fr',
    onIllegal: (reason: string) => console.log(reason),
    cacheSize: 10,
  });
  const G: RulesState = custom.setup!({ ctx: {} as never } as never, { config: null });
  const why: string | null = custom.refusal(G, 'N1/E2-N1/E4');
  const invalid: 'INVALID_MOVE' = INVALID_MOVE;
  const over: RulesGameover = { draw: true, outcome: 'draw' };
  // The types are real, not `any`: a wrong use is an error.
  // @ts-expect-error: no such game
  boardgameioGame('go');
  // @ts-expect-error: a refusal is text or null
  const count: number = custom.refusal(G, 'x');
  // @ts-expect-error: a game's moves are text
  const many: number[] = game.legalMoves();
  return [
    String(count),
    String(many),
    ...names,
    String(undone && redone),
    outcome ?? '',
    winner ?? '',
    reply ?? '',
    svg,
    title,
    String(picked.length),
    why ?? '',
    invalid,
    over.outcome,
    again.positionText(),
  ];
}
