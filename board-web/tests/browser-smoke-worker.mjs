// The worker half of browser-smoke.html: a computer move on a time budget
// (timed by Date.now() inside a worker), posted back with its legality.
import init, { Game } from '../../web/pkg/board_web.js';
await init();
const game = new Game('chess3d');
const t = Date.now();
const move = game.computerMove(1, 0, 50);
postMessage({ move, legal: game.legalMoves().includes(move), ms: Date.now() - t });
