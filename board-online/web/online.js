// The server's protocol (board-online/PROTOCOL.md, version 2) over one
// WebSocket: hello, then create / join / resume / watch; moves carry the
// seat's token and the ply. After the first full `state`, each move comes as
// a small `moved`, merged here into the state; the page's handler computes
// the board and the legal moves with the rules (it leaves `legal_moves`
// null). A `moved` that does not follow the state (a ply missed) asks the
// server for the full state again (`sync`). The seat's token is kept in localStorage per
// code, so a reload resumes the seat; a dropped connection reconnects with
// backoff and resumes.

const KEY = (code) => `board-online:seat:${code}`;

export class Online {
  /** `handlers`: onState(state), onCode(code, seat|null), onRefused(msg),
   * onError(msg), onConnection(text). */
  constructor(handlers) {
    this.h = handlers;
    this.ws = null;
    this.code = null;
    this.seat = null;
    this.token = null;
    this.state = null;
    this.closed = false;
    this.failures = 0;
    this.timer = 0;
    this.action = null;
    this.queued = null; // a move typed while the connection was down
    this.target = null; // a `redirect`'s address, for the next connection only
  }

  /** `action`: {create: {game, config}} or {code} (join, or resume a seat
   * this browser holds). */
  start(action) {
    this.action = action;
    if (action.code) this.adopt(action.code);
    this.connect();
  }

  adopt(code) {
    this.code = code;
    try {
      const saved = JSON.parse(localStorage.getItem(KEY(code)) ?? 'null');
      if (saved && saved.token) {
        this.token = saved.token;
        this.seat = saved.seat;
      }
    } catch { /* no storage: no resume after a reload */ }
  }

  save() {
    try {
      localStorage.setItem(KEY(this.code), JSON.stringify({ token: this.token, seat: this.seat }));
    } catch { /* private mode */ }
  }

  connect() {
    if (this.closed) return;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    // The page's own origin (a proxy spreads the load over the instances),
    // or the instance a `redirect` named, once; after that the origin again.
    const url = this.target ?? `${scheme}://${location.host}/ws`;
    this.target = null;
    const ws = new WebSocket(url);
    this.ws = ws;
    this.h.onConnection('connecting');
    ws.onopen = () =>
      this.send({ type: 'hello', protocol: 2, client: 'board-games page', redirect: true });
    ws.onmessage = (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      this.receive(msg);
    };
    // A socket the browser blocks (an address its Content-Security-Policy
    // does not list: a `redirect` to an instance not in `serve
    // --connect-src`) fires `error` and never `close`; either is the loss
    // (once: the second finds `this.ws` moved on).
    ws.onerror = ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      // 250 ms, doubling to 5 s; forever, since the page waits for its game.
      const delay = Math.min(5000, 250 * 2 ** Math.min(this.failures, 5));
      this.failures += 1;
      this.h.onConnection(`disconnected, retrying in ${(delay / 1000).toFixed(1)} s`);
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  send(msg) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(msg));
      return true;
    }
    return false;
  }

  receive(msg) {
    switch (msg.type) {
      case 'welcome':
        // Reaching a server is not yet reaching the game (a `redirect` may
        // follow): the retry delay starts over only once the game is entered.
        this.h.onConnection('connected');
        this.enter();
        break;
      case 'created':
      case 'joined':
        this.failures = 0;
        this.code = msg.code;
        this.seat = msg.seat;
        this.token = msg.token;
        this.save();
        this.h.onCode(this.code, this.seat);
        break;
      case 'resumed':
        this.failures = 0;
        this.seat = msg.seat;
        this.h.onCode(this.code, this.seat);
        break;
      case 'watching':
        this.failures = 0;
        this.code = msg.code;
        this.seat = null;
        this.h.onCode(this.code, null);
        break;
      case 'state':
        this.adoptState(msg);
        break;
      case 'moved': {
        const s = this.state;
        if (!s || s.result || msg.ply !== s.ply + 1) {
          this.sync();
          break;
        }
        this.adoptState({
          ...s,
          ply: msg.ply,
          moves: [...s.moves, msg.move],
          turn: msg.turn,
          result: msg.result,
          clock: msg.clock,
          board: null, // the page draws it with the rules
          legal_moves: null, // the handler computes them with the rules
        });
        break;
      }
      case 'redirect':
        // Another instance runs the game: the server closes this
        // connection, and the next one goes there.
        this.target = msg.url;
        break;
      case 'refused':
        // A stale ply: this page missed a move; the full state catches up.
        if (msg.kind === 'stale_ply') this.sync();
        this.h.onRefused(msg);
        break;
      case 'error':
        if (msg.kind === 'bad_token' && this.code) {
          // This browser's seat is gone: forget it and join instead.
          try {
            localStorage.removeItem(KEY(this.code));
          } catch { /* ignore */ }
          this.token = null;
          this.seat = null;
          this.send({ type: 'join', code: this.code });
          break;
        }
        if (msg.kind === 'no_such_game' || msg.kind === 'unknown_game' || msg.kind === 'bad_config') {
          // Nothing to come back to.
          this.closed = true;
          this.ws?.close();
        }
        this.h.onError(msg);
        break;
      default:
        break;
    }
  }

  adoptState(state) {
    this.state = state;
    this.h.onState(state);
    if (this.queued) {
      const text = this.queued;
      this.queued = null;
      this.move(text);
    }
  }

  /** Asks for the full state again (a ply was missed, or a move the page's
   * rules could not replay). */
  sync() {
    this.send({ type: 'sync' });
  }

  /** After each welcome: the action asked for, or back to the seat. */
  enter() {
    if (this.code && this.token) {
      this.send({
        type: 'resume',
        code: this.code,
        token: this.token,
        last_ply: this.state ? this.state.ply : 0,
      });
    } else if (this.code) {
      this.send({ type: 'join', code: this.code });
    } else if (this.action.create) {
      const { game, config, clock } = this.action.create;
      const msg = { type: 'create', game, config: config ?? {}, seat: 'first' };
      if (clock) msg.clock = clock;
      this.send(msg);
    }
  }

  move(text) {
    if (!this.token) {
      this.h.onRefused({ kind: 'not_a_player' }); // a spectator: worded by the page
      return;
    }
    if (!this.state || !this.send({ type: 'move', token: this.token, ply: this.state.ply, move: text })) {
      this.queued = text;
    }
  }

  claimDraw() {
    if (this.token) this.send({ type: 'claim_draw', token: this.token });
  }

  resign() {
    if (this.token) this.send({ type: 'resign', token: this.token });
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    this.ws?.close();
  }
}
