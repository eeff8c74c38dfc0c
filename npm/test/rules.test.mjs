// @board-games/rules in Node, installed from the tarball: a whole game of
// each kind and every part of the API. Run by npm/test/run.sh.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Game, Messages, games, ready } from '@board-games/rules';
import { GAMES, MAX_MOVES, pick, random } from './support.mjs';

test('the package lists the three games', async () => {
  await ready();
  assert.deepEqual(
    games().map((g) => g.name),
    GAMES.map((g) => g.name),
  );
  for (const { title } of games()) assert.ok(title.length > 0);
});

for (const { name, illegal, rule } of GAMES) {
  test(`${name}: a whole random game, its record replayed, undo, SVG, the computer`, () => {
    const rand = random(41);
    const game = new Game(name);
    assert.equal(game.name, name);
    const start = game.positionText();
    assert.equal(game.outcome(), null);
    assert.equal(game.winner(), null);

    // The computer's move is one of the legal moves; it is not played.
    const reply = game.computerMove(7, 200, 0);
    assert.ok(game.legalMoves().includes(reply), `${reply} is legal`);
    assert.equal(game.positionText(), start);

    // Undo takes a move back, redo plays it again.
    assert.equal(game.undo(), false);
    const first = game.legalMoves()[0];
    game.play(first);
    assert.notEqual(game.positionText(), start);
    assert.equal(game.undo(), true);
    assert.equal(game.positionText(), start);
    assert.equal(game.redo(), true);
    assert.deepEqual(game.moves(), [first]);

    let played = 1;
    while (game.outcome() === null) {
      assert.ok(played < MAX_MOVES, `${name} ended within ${MAX_MOVES} moves`);
      const moves = game.legalMoves();
      assert.ok(moves.length > 0, `a move to play while the game goes on (move ${played})`);
      game.play(pick(moves, rand));
      played += 1;
    }
    const outcome = game.outcome();
    assert.match(outcome, /\S/);
    const winner = game.winner();
    if (winner !== null) assert.ok(outcome.includes(winner), `"${outcome}" names ${winner}`);
    assert.equal(game.moves().length, played);
    assert.equal(game.computerMove(1, 10, 0), null, 'no computer move once the game is over');

    // The record, replayed, gives the same position, moves and outcome.
    const again = Game.fromRecord(name, game.recordText());
    assert.equal(again.positionText(), game.positionText());
    assert.deepEqual(again.moves(), game.moves());
    assert.equal(again.outcome(), outcome);

    // Pictures in English and French.
    const en = game.svg();
    const fr = Game.fromRecord(name, game.recordText(), 'fr').svg();
    assert.match(en, /^<svg /);
    assert.match(fr, /^<svg /);
    assert.notEqual(en, fr, 'the French picture has French words');
    game.setLang('fr');
    assert.equal(game.svg(), fr);
    assert.notEqual(game.outcome(), outcome, 'the outcome in French');
  });

  test(`${name}: an illegal text is refused with the rule's reason, nothing changes`, () => {
    for (const lang of ['en', 'fr']) {
      const game = new Game(name, undefined, lang);
      const before = game.positionText();
      assert.throws(
        () => game.play(illegal),
        (e) => e instanceof Error && e.message.includes(rule),
      );
      assert.equal(game.positionText(), before);
      assert.deepEqual(game.moves(), []);
    }
    const en = messageOf(() => new Game(name).play(illegal));
    const fr = messageOf(() => new Game(name, undefined, 'fr').play(illegal));
    assert.notEqual(en, fr, 'the reason in French');
  });

  test(`${name}: garbage gives an Error with a message, never a crash`, () => {
    const game = new Game(name);
    const garbage = [
      () => game.play(''),
      () => game.play('\u0000\uffff'),
      () => game.play('x'.repeat(100_000)),
      () => new Game(name, '{"levels":'),
      () => new Game(name, '"text"'),
      () => new Game(name, undefined, 'de'),
      () => Game.fromRecord(name, 'garbage\n\u0000\n1. ???'),
      () => Game.fromRecord(name, 'x'.repeat(10_000_000)),
      () => game.svg('{"selected": "nowhere"}'),
      () => game.svg('not json'),
      () => game.setLang('klingon'),
      () => game.computerMove(1, 0, 0),
      () => game.computerMove(1, -1, 0),
      () => game.placeOf('nonsense'),
      // Not text where text goes: a TypeError, not a WebAssembly trap.
      () => game.play(42),
      () => game.play(null),
      () => game.play({ move: 'D4' }),
      () => new Game(42),
      () => new Game(name, { levels: 1 }),
      () => new Game(name, undefined, 7),
      () => Game.fromRecord(name, null),
      () => Game.fromRecord(name, game.recordText(), []),
      () => game.svg(5),
      () => game.movesAt(undefined),
      () => game.targetOf(Symbol('x')),
      () => game.setLang(null),
      () => new Messages(null),
      () => new Messages('en').format(1),
      () => new Messages('en').format('x', { n: 1 }),
      () => new Messages('en').has(undefined),
      () => new Messages('en').render(0),
    ];
    for (const call of garbage) {
      assert.throws(
        call,
        (e) => e instanceof Error && !(e instanceof WebAssembly.RuntimeError) && e.message.length > 0,
        String(call),
      );
    }
    assert.throws(() => game.play(42), { name: 'TypeError', message: 'play: the move must be text (a string), not number' });
    // The game still plays after all that, and a record replays into the class.
    game.play(game.legalMoves()[0]);
    assert.equal(game.moves().length, 1);
    const again = Game.fromRecord(name, game.recordText());
    assert.ok(again instanceof Game);
    assert.throws(() => again.play(1), TypeError);
  });
}

test('an unknown game is an Error that says which', () => {
  assert.throws(
    () => new Game('go'),
    (e) => e instanceof Error && e.message.includes('go'),
  );
  assert.throws(() => Game.fromRecord('go', ''), Error);
});

test('the catalogues: messages in English and French', () => {
  const en = new Messages('en');
  const fr = new Messages('fr');
  assert.equal(fr.lang, 'fr');
  assert.ok(en.has('page-title') && fr.has('page-title'));
  assert.notEqual(en.format('page-title'), fr.format('page-title'));
  assert.equal(en.format('no-such-message'), 'no-such-message');
  assert.throws(() => new Messages('xx'), Error);
});

function messageOf(call) {
  try {
    call();
  } catch (e) {
    return e.message;
  }
  throw new Error('no error');
}
