// The computer's move, off the page's thread so the page never freezes.
// Receives {id, name, record, seed, ms}; answers {id, move} or {id, error}.
import init, { Game } from './pkg/board_web.js';

const ready = init();

self.onmessage = async (event) => {
  const { id, name, record, seed, ms } = event.data;
  try {
    await ready;
    const game = Game.fromRecord(name, record);
    const move = game.computerMove(seed >>> 0, 0, ms);
    game.free?.();
    self.postMessage({ id, move });
  } catch (e) {
    self.postMessage({ id, error: String(e && e.message ? e.message : e) });
  }
};
