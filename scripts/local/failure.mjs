/** An error whose message is the whole story for the user: printed as it is, without a stack. */
export class LaunchError extends Error {}

/** Turns "address in use" on a fixed port into a LaunchError that says what to do. */
export function explainListenError(err, what, port, variable) {
  if (err?.code !== 'EADDRINUSE') return err;
  return new LaunchError(
    `${what}: port ${port} is already in use. Stop whatever listens there, or set ${variable} to use your own.`,
  );
}
