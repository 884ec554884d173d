import { spawn } from 'node:child_process';
import { LaunchError } from './failure.mjs';
import { say } from './output.mjs';

/** `npx turbo run build [extra…]` with the build's own output on the terminal. */
export function build(repoRoot, extraArgs = []) {
  const args = ['turbo', 'run', 'build', ...extraArgs];
  say('start', `building: npx ${args.join(' ')}`);
  return new Promise((resolve, reject) => {
    const child = spawn('npx', args, { cwd: repoRoot, stdio: 'inherit' });
    child.once('error', (err) => reject(new LaunchError(`could not run npx turbo: ${err.message}`)));
    child.once('exit', (code, signal) => {
      if (code === 0) return resolve();
      reject(
        new LaunchError(
          `the build failed (${signal ?? `exit code ${code}`}); fix the errors above and run npm start again`,
        ),
      );
    });
  });
}
