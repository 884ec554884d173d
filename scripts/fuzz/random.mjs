// The fuzz's chance, seeded so that a run can be repeated request for request: request i of seed s is drawn from
// its own generator, whatever order the requests are sent in. sfc32 over a SHA-256 of the seed and the index (not
// for secrets: S13 keeps Math.random out, and nothing here needs to be unpredictable).
import { createHash } from 'node:crypto';

/** A generator of numbers in [0, 1) for request `index` of `seed`, with the helpers the hostile requests use. */
export function seeded(seed, index) {
  const digest = createHash('sha256').update(`${seed}:${index}`).digest();
  let [a, b, c, d] = [0, 4, 8, 12].map((at) => digest.readUInt32LE(at));
  const next = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  const int = (min, max) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    /** an integer in [min, max] */
    int,
    chance: (p) => next() < p,
    pick: (list) => list[Math.floor(next() * list.length)],
    /** one of `choices` ([choice, weight] pairs), each as likely as its weight */
    weighted(choices) {
      let roll = next() * choices.reduce((sum, [, weight]) => sum + weight, 0);
      for (const [choice, weight] of choices) {
        roll -= weight;
        if (roll < 0) return choice;
      }
      return choices.at(-1)[0];
    },
    /** `length` bytes in [from, to], as a binary (latin1) string */
    bytes(length, from = 0, to = 255) {
      let text = '';
      for (let i = 0; i < length; i++) text += String.fromCharCode(int(from, to));
      return text;
    },
  };
}
