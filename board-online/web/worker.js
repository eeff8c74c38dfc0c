// The computer's move, off the page's thread so the page never freezes.
// Receives {id, name, record, seed, ms, lang}; answers {id, move} or {id, error}
// (the error in the page's language).
import { ready as load, Game } from './pkg/index.js';

const ready = load();

self.onmessage = async (event) => {
  const { id, name, record, seed, ms, lang } = event.data;
  try {
    await ready;
    const game = Game.fromRecord(name, record, lang);
    const move = game.computerMove(seed >>> 0, 0, ms);
    game.free?.();
    self.postMessage({ id, move });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message ? e.message : e) });
  }
};
