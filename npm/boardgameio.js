// boardgame.io games of the three: plain game objects whose every rule is the
// package's (the WebAssembly built from the Rust crates). See boardgameio.d.ts
// and the README for what each part does.
import { Game } from '@board-games/rules';

/**
 * What a move returns to refuse itself: boardgame.io's own constant
 * (`INVALID_MOVE` of `boardgame.io/core`, the text 'INVALID_MOVE'), written
 * here because Node cannot import `boardgame.io/core` from an ES module
 * (boardgame.io 0.50 has no "exports" map): so this file runs unchanged in
 * Node and in bundlers, and needs boardgame.io only where boardgame.io runs.
 */
export const INVALID_MOVE = 'INVALID_MOVE';

/** The two players' ids, in boardgame.io's order: the first to move is "0". */
const PLAYERS = ['0', '1'];

/** A game's record and language as one key of the cache. */
function keyOf(G, lang) {
  return `${lang}\n${G.record}`;
}

/** Text that says what a value is, shortened for a message. */
function shown(value) {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(typeof value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * A boardgame.io game object of `name` ('echec-o-cube', 'kybo' or 'chess3d').
 * Options: `config` (the game's Config, an object or its JSON text; a match's
 * setupData `{ config }` overrides it), `lang` ('en' or 'fr': the language
 * of refusals and outcomes), `onIllegal(reason, { text, G, playerID })`
 * (called with the rule's reason when `play` refuses a text), `cacheSize`
 * (how many games in progress stay compiled between moves; default 1024).
 * It calls no rule until a match is set up (in a page the rules load with
 * `await ready()`, after the imports): an unknown game, config or language
 * is an Error thrown by `setup`.
 */
export function boardgameioGame(name, options = {}) {
  const { config = null, lang = 'en', onIllegal = null, cacheSize = 1024 } = options;
  // The games in progress, compiled, by language and record: a move, endIf,
  // the turn order and the bots read the same game without replaying the
  // record each time. Least recently used first; entries beyond cacheSize
  // are freed (and replayed from their record when needed again).
  const cache = new Map();

  function remember(key, game) {
    const old = cache.get(key);
    if (old !== undefined) {
      cache.delete(key);
      if (old !== game) old.free();
    }
    cache.set(key, game);
    while (cache.size > cacheSize) {
      const [oldest, gone] = cache.entries().next().value;
      cache.delete(oldest);
      gone.free();
    }
  }

  /** The game whose record is G's (kept in the cache). */
  function gameOf(G) {
    const key = keyOf(G, lang);
    let game = cache.get(key);
    if (game === undefined) {
      game = Game.fromRecord(name, G.record, lang);
    }
    remember(key, game);
    return game;
  }

  /** The boardgame.io player ("0" or "1") whose display text is `who`. */
  function playerOf(G, who) {
    return who === G.first ? PLAYERS[0] : PLAYERS[1];
  }

  /** The reason the rules refuse `text` in the position of G, or null. */
  function refusal(G, text) {
    if (typeof text !== 'string') return `a move is text, not ${shown(text)}`;
    const game = Game.fromRecord(name, G.record, lang);
    try {
      game.play(text);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    } finally {
      game.free();
    }
  }

  /** The state of a game: serializable JSON, no wasm object. */
  function stateOf(game, first) {
    return {
      game: name,
      record: game.recordText(),
      position: game.positionText(),
      first,
      moves: game.moves().length,
    };
  }

  return {
    name,
    minPlayers: 2,
    maxPlayers: 2,
    disableUndo: true,
    // The rules decide whose turn it is: no player ends a turn, a phase or
    // the game by an event.
    events: {
      endGame: false,
      endPhase: false,
      endTurn: false,
      setPhase: false,
      endStage: false,
      setStage: false,
      pass: false,
      setActivePlayers: false,
    },

    validateSetupData(setupData) {
      if (setupData === undefined || setupData === null) return undefined;
      try {
        new Game(name, configText(setupData.config ?? config), lang).free();
        return undefined;
      } catch (e) {
        return e instanceof Error ? e.message : String(e);
      }
    },

    setup(_context, setupData) {
      const chosen = setupData && setupData.config !== undefined ? setupData.config : config;
      const game = new Game(name, configText(chosen), lang);
      const G = stateOf(game, game.turn());
      remember(keyOf(G, lang), game);
      return G;
    },

    moves: {
      /**
       * Plays a move given as text; INVALID_MOVE with the rule's reason if
       * illegal. The server (or a local master) runs it, not the clients:
       * boardgame.io's clients do not advance the turn of a move they run
       * themselves, and their copy would run ahead of the rules' turn order.
       */
      play: {
        client: false,
        move({ G, playerID }, text) {
          let reason = typeof text === 'string' ? null : refusal(G, text);
          if (reason === null) {
            const game = gameOf(G);
            try {
              game.play(text);
            } catch (e) {
              reason = e instanceof Error ? e.message : String(e);
            }
            if (reason === null) {
              const next = stateOf(game, G.first);
              cache.delete(keyOf(G, lang));
              remember(keyOf(next, lang), game);
              return next;
            }
          }
          if (onIllegal) onIllegal(reason, { text, G, playerID });
          return INVALID_MOVE;
        },
      },
    },

    turn: {
      minMoves: 1,
      maxMoves: 1,
      order: {
        playOrder: () => [...PLAYERS],
        first: ({ G }) => PLAYERS.indexOf(playerOf(G, gameOf(G).turn())),
        next: ({ G }) => PLAYERS.indexOf(playerOf(G, gameOf(G).turn())),
      },
    },

    endIf({ G }) {
      const game = gameOf(G);
      const outcome = game.outcome();
      if (outcome === null) return undefined;
      const winner = game.winner();
      return winner === null ? { draw: true, outcome } : { winner: playerOf(G, winner), outcome };
    },

    ai: {
      enumerate(G) {
        return gameOf(G)
          .legalMoves()
          .map((move) => ({ move: 'play', args: [move] }));
      },
    },

    /** Why the rules would refuse `text` in the position of G, or null if it is legal. */
    refusal,
  };
}

/** A config (object, JSON text, or null for the default) as JSON text or undefined. */
function configText(config) {
  if (config === null || config === undefined) return undefined;
  return typeof config === 'string' ? config : JSON.stringify(config);
}

/** ÉCHEC O CUBE with its default configuration, in English. */
export const EchecOCube = boardgameioGame('echec-o-cube');
/** KYBO with its default configuration, in English. */
export const Kybo = boardgameioGame('kybo');
/** 3-D chess (Black moves first) with its default configuration, in English. */
export const Chess3d = boardgameioGame('chess3d');
