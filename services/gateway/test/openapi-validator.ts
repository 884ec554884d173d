import { execFileSync } from 'node:child_process';

/** What @seriousme/openapi-schema-validator says of a document: valid, or its errors. */
export interface Validation {
  valid: boolean;
  errors?: unknown;
}

// The validator is an ES module, which jest's CommonJS runtime cannot load: it runs in a node of its own.
const VALIDATE = `
import { Validator } from '@seriousme/openapi-schema-validator';
let input = '';
process.stdin.on('data', (chunk) => (input += chunk));
process.stdin.on('end', async () => {
  const { valid, errors } = await new Validator().validate(JSON.parse(input));
  process.stdout.write(JSON.stringify({ valid, errors }));
});
`;

/** Validates an OpenAPI document against the specification's own JSON schema (3.1 here). */
export function validateOpenApi(document: unknown): Validation {
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', VALIDATE], {
    input: JSON.stringify(document),
    cwd: __dirname,
  });
  return JSON.parse(out.toString()) as Validation;
}
