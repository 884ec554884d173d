// What the launcher prints once things run: where to go, how to sign in, what is in use.
import { join } from 'node:path';
import { say } from './output.mjs';
import { SERVICES, ownVariables } from './services.mjs';

const shellQuote = (value) =>
  /^[\w@%+=:,./-]*$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;

/** The admin password line: the generated one in full, one from the environment only by name. */
function adminPassword(shared, processEnv) {
  if (processEnv.ADMIN_PASSWORD) return 'as set in ADMIN_PASSWORD';
  return `${shared.ADMIN_PASSWORD}   (kept in ${join(shared.DATA_DIR, 'admin-password')})`;
}

export function printSummary(shared, uses, processEnv) {
  const rows = [
    ['app', shared.PUBLIC_URL],
    ['admin console', `${shared.PUBLIC_URL.replace(/\/$/, '')}/admin`],
    ['partner portal', `${shared.PUBLIC_URL.replace(/\/$/, '')}/merchant`],
    ['admin e-mail', shared.ADMIN_EMAIL],
    ['admin password', adminPassword(shared, processEnv)],
    ['mail', uses.mailPage ?? uses.mail],
    ['database', uses.database],
    ['redis', uses.redis],
    ['object storage', uses.objectStorage],
  ];
  say(
    'start',
    [
      '',
      'Tullab is running.',
      ...rows.map(([name, value]) => `  ${name.padEnd(15)} ${value}`),
      '',
      'Ctrl-C stops everything.',
    ].join('\n'),
  );
}

/** `--infra-only`: the variables in shell syntax, then each process's own ones. */
export function printEnvironment(shared, uses) {
  const lines = Object.keys(shared)
    .sort()
    .map((name) => `${name}=${shellQuote(shared[name])}`);
  const own = SERVICES.map(({ name }) => {
    const variables = Object.entries(ownVariables(name)).map(([key, value]) => `${key}=${value}`);
    return `#   ${name.padEnd(13)} ${variables.join(' ')}`;
  });
  process.stdout.write(
    [
      '',
      '# The environment npm start gives every service:',
      ...lines,
      '# plus, per process:',
      ...own,
      '',
      `# database:       ${uses.database}`,
      `# redis:          ${uses.redis}`,
      `# object storage: ${uses.objectStorage}`,
      `# mail:           ${uses.mail}`,
      '',
    ].join('\n'),
  );
  say('start', 'infrastructure is running; Ctrl-C stops it.');
}
