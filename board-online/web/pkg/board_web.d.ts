/* tslint:disable */
/* eslint-disable */

/**
 * A game of any of the three, with its history.
 */
export class Game {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Claims a draw the side to move may claim (chess3d: threefold repetition, 50-move rule; C3-17): the rule's text, or null and no change when there is none. undo() withdraws it.
     */
    claimDraw(): string | null;
    /**
     * The computer's move (the game's agent, seeded), within `nodes` and/or `ms` (0 = no limit; at least one must be > 0), timed by Date.now(). null if no legal move. Does not play it. Throws Error if both are 0 or one is negative.
     */
    computerMove(seed: number, nodes: number, ms: number): string | null;
    /**
     * What a person reads beside the board, as JSON text: whose turn, each player's score and pieces, what may be claimed, KYBO's landing levels, chess3d's short move texts (see the crate's `Board::details`).
     */
    details(): string;
    /**
     * A game replayed from its record text; `lang` as for the constructor.
     * Throws Error(reason) on a bad record, in that language.
     */
    static fromRecord(name: string, record: string, lang?: string | null): Game;
    /**
     * Every legal move, as move text.
     */
    legalMoves(): string[];
    /**
     * The legal moves whose place is `place` (what lights up when a place is clicked).
     */
    movesAt(place: string): string[];
    /**
     * The moves played, as text.
     */
    moves(): string[];
    /**
     * A new game; `config` is the game's Config as JSON text (or undefined
     * for the default); `lang` the language of its words and errors ("en",
     * the default, or "fr"). Throws Error(message), in that language.
     */
    constructor(name: string, config?: string | null, lang?: string | null);
    /**
     * null while the game goes on, else e.g. "White wins (checkmate)", in the game's language (setLang).
     */
    outcome(): string | null;
    /**
     * The place (as in the SVG's data-place) a move starts from or is put on. Throws Error if `move` is not a move.
     */
    placeOf(move: string): string;
    /**
     * Plays a move given as text; throws Error(the typed reason) if it cannot be read or is illegal, and changes nothing.
     */
    play(move: string): void;
    /**
     * The position text.
     */
    positionText(): string;
    /**
     * The record text of the game so far.
     */
    recordText(): string;
    /**
     * Plays the last undone move again; false if there is none.
     */
    redo(): boolean;
    /**
     * The language of the game's words ("en" or "fr"): refusals thrown by play(), outcome(), claimDraw(), the names in details(), the captions and legends of svg(). Throws Error on another tag.
     */
    setLang(lang: string): void;
    /**
     * One line: whose turn, scores, supplies or material.
     */
    status(): string;
    /**
     * The SVG of the position: opts JSON {"selected": PLACE?, "targets": [PLACE...]?, "lastMove": bool?, "coordinates": bool?, "status": bool?} (lastMove, coordinates and status default to true). Throws Error on bad opts or an unknown place.
     */
    svg(opts?: string | null): string;
    /**
     * The place a move ends on: the destination cell of a chess3d move, the place itself elsewhere. Throws Error if `move` is not a move.
     */
    targetOf(move: string): string;
    /**
     * Whose turn, in the game's language ("Blanc"): what a person reads.
     */
    turnName(): string;
    /**
     * Whose turn: the player's display text ("White", "Black", "One", ...), the same in every language (compare it, do not show it).
     */
    turn(): string;
    /**
     * Takes back the last move; false if none was played.
     */
    undo(): boolean;
    /**
     * The winner's display text, or null (draw or not over).
     */
    winner(): string | null;
    /**
     * The game's name (`echec-o-cube`, `kybo`, `chess3d`).
     */
    readonly name: string;
}

/**
 * The catalogue of one language (`en` or `fr`): every word the page
 * shows, from board-l10n's Fluent files, the one source of the words.
 */
export class Messages {
    free(): void;
    [Symbol.dispose](): void;
    /**
     * Message `id` with `args`, JSON text of an object whose values are
     * strings, numbers or nested messages `{"id": ..., "args": {...}}`
     * (rendered first). An unknown id gives the id itself.
     */
    format(id: string, args?: string | null): string;
    /**
     * Whether the catalogue has message `id`.
     */
    has(id: string): boolean;
    /**
     * The catalogue of `lang` ("en" or "fr"). Throws Error on another tag.
     */
    constructor(lang: string);
    /**
     * A message as the server sends it, JSON text `{"id": ..., "args": {...}}`;
     * null if it is not such JSON.
     */
    render(message: string): string | null;
    /**
     * The language's tag.
     */
    readonly lang: string;
}

/**
 * The games: `[{ name: "echec-o-cube", title: "ÉCHEC O CUBE" }, ...]`.
 */
export function games(): { name: string, title: string }[];

export type InitInput = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;

export interface InitOutput {
    readonly memory: WebAssembly.Memory;
    readonly __wbg_game_free: (a: number, b: number) => void;
    readonly __wbg_messages_free: (a: number, b: number) => void;
    readonly game_claimDraw: (a: number) => any;
    readonly game_computerMove: (a: number, b: number, c: number, d: number) => [number, number, number];
    readonly game_details: (a: number) => [number, number];
    readonly game_fromRecord: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number];
    readonly game_legalMoves: (a: number) => [number, number];
    readonly game_moves: (a: number) => [number, number];
    readonly game_movesAt: (a: number, b: number, c: number) => [number, number];
    readonly game_name: (a: number) => [number, number];
    readonly game_new: (a: number, b: number, c: number, d: number, e: number, f: number) => [number, number, number];
    readonly game_outcome: (a: number) => any;
    readonly game_placeOf: (a: number, b: number, c: number) => [number, number, number, number];
    readonly game_play: (a: number, b: number, c: number) => [number, number];
    readonly game_positionText: (a: number) => [number, number];
    readonly game_recordText: (a: number) => [number, number];
    readonly game_redo: (a: number) => number;
    readonly game_setLang: (a: number, b: number, c: number) => [number, number];
    readonly game_status: (a: number) => [number, number];
    readonly game_svg: (a: number, b: number, c: number) => [number, number, number, number];
    readonly game_targetOf: (a: number, b: number, c: number) => [number, number, number, number];
    readonly game_turn: (a: number) => [number, number];
    readonly game_turnName: (a: number) => [number, number];
    readonly game_undo: (a: number) => number;
    readonly game_winner: (a: number) => any;
    readonly games: () => any;
    readonly messages_format: (a: number, b: number, c: number, d: number, e: number) => [number, number];
    readonly messages_has: (a: number, b: number, c: number) => number;
    readonly messages_lang: (a: number) => [number, number];
    readonly messages_new: (a: number, b: number) => [number, number, number];
    readonly messages_render: (a: number, b: number, c: number) => any;
    readonly __wbindgen_exn_store: (a: number) => void;
    readonly __externref_table_alloc: () => number;
    readonly __wbindgen_externrefs: WebAssembly.Table;
    readonly __externref_table_dealloc: (a: number) => void;
    readonly __wbindgen_free: (a: number, b: number, c: number) => void;
    readonly __wbindgen_malloc: (a: number, b: number) => number;
    readonly __wbindgen_realloc: (a: number, b: number, c: number, d: number) => number;
    readonly __externref_drop_slice: (a: number, b: number) => void;
    readonly __wbindgen_start: () => void;
}

export type SyncInitInput = BufferSource | WebAssembly.Module;

/**
 * Instantiates the given `module`, which can either be bytes or
 * a precompiled `WebAssembly.Module`.
 *
 * @param {{ module: SyncInitInput }} module - Passing `SyncInitInput` directly is deprecated.
 *
 * @returns {InitOutput}
 */
export function initSync(module: { module: SyncInitInput } | SyncInitInput): InitOutput;

/**
 * If `module_or_path` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls `WebAssembly.instantiate` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing `InitInput` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */
export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;
