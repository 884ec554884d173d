import { authenticator } from 'otplib';

/** A 6-digit code that is none of the codes the window accepts for this secret now. */
export function wrongCode(secret: string): string {
  const now = Date.now();
  const accepted = [-1, 0, 1, 2].map((d) =>
    authenticator.clone({ epoch: now + d * 30_000 }).generate(secret),
  );
  let code = 0;
  while (accepted.includes(String(code).padStart(6, '0'))) code += 1;
  return String(code).padStart(6, '0');
}
