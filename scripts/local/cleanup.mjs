import { say } from './output.mjs';

/** Stop steps, run last-in first-out: whatever started last stops first. */
export function createCleanup() {
  const steps = [];
  return {
    add(name, stop) {
      steps.push({ name, stop });
    },
    async runAll() {
      while (steps.length) {
        const { name, stop } = steps.pop();
        try {
          await stop();
        } catch (err) {
          say('start', `stopping ${name} failed: ${err.message}`);
        }
      }
    },
  };
}
