// Chance for `npm run soak`'s people, from node:crypto (the project keeps Math.random out, S13): numbers, picks from
// a list, and weighted choices.
import { randomInt } from 'node:crypto';

/** A number in [0, 1). */
export const random = () => randomInt(2 ** 40) / 2 ** 40;
export const pick = (list) => list[randomInt(list.length)];
export const chance = (p) => random() < p;

/** One of `choices` ([choice, weight] pairs), each as likely as its weight. */
export function weighted(choices) {
  let roll = random() * choices.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [choice, weight] of choices) {
    roll -= weight;
    if (roll < 0) return choice;
  }
  return choices.at(-1)[0];
}
