// What the tests share: a seeded random choice, so a failing game can be
// played again.

/** A seeded pseudo-random number generator (mulberry32): numbers in [0, 1). */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** One element of `list`, chosen by `rand`. */
export function pick(list, rand) {
  return list[Math.floor(rand() * list.length)];
}

/** The games, with an illegal first move each and the rule that refuses it. */
export const GAMES = [
  { name: 'echec-o-cube', illegal: 'P A1-B2', rule: '(EOC-2)' },
  { name: 'kybo', illegal: 'A1', rule: '(KY-3)' },
  { name: 'chess3d', illegal: 'N1/E2-N1/E4', rule: '(C3-13)' },
];

/** The most moves a random game may take before the test calls it a hang. */
export const MAX_MOVES = 5000;

/**
 * The first state of a boardgame.io client newer than `stateID` (its
 * `subscribe` calls back at once and on each update); an Error after `ms`
 * milliseconds that names `what`.
 */
export function newer(client, stateID, what, ms = 10_000) {
  return new Promise((resolve, reject) => {
    let done = false;
    let unsubscribe = null;
    const finish = () => {
      done = true;
      clearTimeout(timer);
      if (unsubscribe) unsubscribe();
    };
    const timer = setTimeout(() => {
      finish();
      reject(new Error(`no state after ${stateID} within ${ms} ms (${what})`));
    }, ms);
    unsubscribe = client.subscribe((state) => {
      if (done || !state || state._stateID <= stateID) return;
      finish();
      resolve(state);
    });
    if (done) unsubscribe();
  });
}
