// The types of @board-games/rules/boardgameio: boardgame.io game objects of
// the three games, every rule played by the package's WebAssembly.
import type { Game as BoardgameioGame } from 'boardgame.io';

/** The name of one of the three games. */
export type GameName = 'echec-o-cube' | 'kybo' | 'chess3d';

/**
 * G, the state boardgame.io keeps and sends: serializable JSON only.
 * The record text is the game (the rules replay it); the rest is read from
 * it for a board's view.
 */
export interface RulesState {
  /** The game's name. */
  game: GameName;
  /** The record text of the game so far (the config and every move). */
  record: string;
  /** The position text of the current position. */
  position: string;
  /** The display text of the player who moved first, boardgame.io's "0". */
  first: string;
  /** How many moves have been played. */
  moves: number;
}

/** What a match may be set up with (boardgame.io's setupData). */
export interface RulesSetupData {
  /** The game's Config, an object or its JSON text (e.g. `{ levels: 5 }` for chess3d). */
  config?: object | string | null;
}

/** What `endIf` returns at the end: a winner ("0" or "1") or a draw, and the rules' outcome text. */
export type RulesGameover = { winner: '0' | '1'; outcome: string } | { draw: true; outcome: string };

/** The options of {@link boardgameioGame}. */
export interface RulesGameOptions {
  /** The game's Config (an object or its JSON text); a match's setupData `{ config }` overrides it. */
  config?: object | string | null;
  /** The language of refusals and outcomes: "en" (the default) or "fr". */
  lang?: 'en' | 'fr';
  /**
   * Called with the rule's reason (e.g. "no piece on N1/E2: ... (C3-13)")
   * when `play` refuses a text and returns INVALID_MOVE.
   */
  onIllegal?: (reason: string, about: { text: unknown; G: RulesState; playerID: string }) => void;
  /** How many games in progress stay compiled between moves (default 1024). */
  cacheSize?: number;
}

/** A boardgame.io game of the rules, with `refusal` for a client's use. */
export type RulesGame = BoardgameioGame<RulesState, Record<string, unknown>, RulesSetupData> & {
  /** The reason the rules refuse `text` in the position of `G`, or null if it is a legal move. */
  refusal(G: RulesState, text: unknown): string | null;
};

/** boardgame.io's INVALID_MOVE ('INVALID_MOVE'), which `play` returns for an illegal text. */
export declare const INVALID_MOVE: 'INVALID_MOVE';

/**
 * A boardgame.io game object of `name`: `setup` (G as {@link RulesState}),
 * the move `play(text)`, the turn order of the rules (each turn is one move;
 * the rules say who moves next), `endIf` from the rules' outcome and
 * `ai.enumerate` (every legal move) for boardgame.io's bots.
 * It calls no rule before a match is set up (so it may be made before
 * `await ready()` in a page); `setup` throws an Error for an unknown game,
 * config or language.
 *
 * @example
 * const Kybo20 = boardgameioGame('kybo', { config: { supply: { per_player: 20 } }, lang: 'fr' });
 */
export function boardgameioGame(name: GameName, options?: RulesGameOptions): RulesGame;

/** ÉCHEC O CUBE (bonus turns: the rules say who moves next), default config, English. */
export declare const EchecOCube: RulesGame;
/** KYBO, default config (unlimited supply), English. */
export declare const Kybo: RulesGame;
/** 3-D chess, default config (Black moves first), English. */
export declare const Chess3d: RulesGame;
