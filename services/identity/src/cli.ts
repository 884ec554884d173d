import { randomBytes, randomUUID } from 'node:crypto';
import type { EntityManager, MikroORM } from '@mikro-orm/core';
import { loadConfig } from '@tullab/config';
import { createLogger } from '@tullab/log';
import { configShape } from './config';
import { openDatabase } from './db';
import { setDisabled } from './modules/accounts/disabling';
import { resetSecondFactor } from './modules/mfa/service';
import { isStaffRole, roles, type Role, type User } from './modules/users/entities';
import { passwordProblem } from './modules/users/passwords';
import { endUserSessions } from './modules/sessions/service';
import { createUser } from './modules/users/creation';
import { unlockAccount } from './modules/users/lockout';
import { findUserByEmail } from './modules/users/lookup';

const USAGE = `Tullab staff accounts (reads DATABASE_URL and the rest of identity's configuration; migrates first).

  npm run staff -- create --email E --first F --last L [--role staff|admin] [--password-stdin]
      creates a staff user; prints a generated password once (or reads one line from stdin)
  npm run staff -- set-role --email E --role student|staff|admin
      changes the role and ends the user's sessions; staff without a second factor enrol at the next sign-in
  npm run staff -- disable --email E
      disables the account and ends all of its sessions
  npm run staff -- enable --email E
      enables a disabled account again
  npm run staff -- reset-mfa --email E
      forgets the second factor (a lost authenticator app) and ends the sessions; the next sign-in sets up a new one.
      The account is e-mailed at once.
  npm run staff -- unlock --email E
      lifts the soft lock and the sign-in delay of an account after many failed sign-ins (no e-mail needed)
`;

export class UsageError extends Error {}

export function parseArgs(argv: string[]): { command: string; options: Record<string, string | true> } {
  const [command = 'help', ...rest] = argv;
  const options: Record<string, string | true> = {};
  for (let i = 0; i < rest.length; i += 1) {
    const arg = rest[i];
    if (!arg.startsWith('--')) throw new UsageError(`unexpected argument: ${arg}`);
    const [name, inline] = arg.slice(2).split('=', 2);
    if (inline !== undefined) options[name] = inline;
    else if (rest[i + 1] !== undefined && !rest[i + 1].startsWith('--')) options[name] = rest[(i += 1)];
    else options[name] = true;
  }
  return { command, options };
}

function text(options: Record<string, string | true>, name: string): string {
  const value = options[name];
  if (typeof value !== 'string' || !value.trim()) throw new UsageError(`--${name} is required`);
  return value.trim();
}

/** The roles the CLI gives: a merchant account belongs to a brand and comes only from an invitation (decision 016). */
const cliRoles = roles.filter((role) => role !== 'merchant');

function roleOption(options: Record<string, string | true>, fallback?: Role): Role {
  const value = options.role ?? fallback;
  if (typeof value !== 'string' || !(cliRoles as readonly string[]).includes(value)) {
    throw new UsageError(`--role must be one of ${cliRoles.join(', ')}`);
  }
  return value as Role;
}

async function userOption(em: EntityManager, options: Record<string, string | true>): Promise<User> {
  const user = await findUserByEmail(em, text(options, 'email'));
  if (!user) throw new UsageError('no user with that e-mail');
  return user;
}

async function readStdinLine(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0];
}

/** A generated password: 24 random bytes, base64url (192 bits). */
export function generatePassword(): string {
  return randomBytes(24).toString('base64url');
}

export interface CliIo {
  out: (line: string) => void;
  readPassword: () => Promise<string>;
}

/** Runs one command against an open ORM; returns the process exit code. */
export async function runCommand(orm: MikroORM, argv: string[], io: CliIo): Promise<number> {
  const { command, options } = parseArgs(argv);
  const em = orm.em.fork();
  switch (command) {
    case 'create': {
      const email = text(options, 'email').toLowerCase();
      const role = roleOption(options, 'staff');
      if (role === 'student')
        throw new UsageError('create makes staff accounts: --role staff or --role admin');
      const password = options['password-stdin'] ? await io.readPassword() : generatePassword();
      const problem = passwordProblem(password);
      if (problem) throw new UsageError(`password refused: ${problem}`);
      if (await findUserByEmail(em, email))
        throw new UsageError(`a user with e-mail ${email} already exists`);
      const user = await createUser(em, {
        email,
        password,
        firstName: text(options, 'first'),
        lastName: text(options, 'last'),
        role,
      });
      await em.flush();
      io.out(`Created ${role} ${user.email} (id ${user.id}).`);
      if (!options['password-stdin']) io.out(`Password (shown once, store it now): ${password}`);
      return 0;
    }
    case 'set-role': {
      const user = await userOption(em, options);
      const role = roleOption(options);
      if (user.role === 'merchant') throw new UsageError("a merchant account keeps its role (its brand's)");
      const before = user.role;
      user.role = role;
      user.mfaEnrolAtSignIn = isStaffRole(role) && !user.mfaEnrolledAt && user.passwordHash !== null;
      user.updatedAt = new Date();
      await em.flush();
      const ended = await endUserSessions(em, user.id);
      io.out(`${user.email}: role ${before} → ${role}; ${ended} session(s) ended.`);
      return 0;
    }
    case 'disable': {
      const user = await userOption(em, options);
      const ended = await setDisabled(em, user, true);
      await em.flush();
      io.out(`${user.email}: disabled; ${ended} session(s) ended.`);
      return 0;
    }
    case 'enable': {
      const user = await userOption(em, options);
      await setDisabled(em, user, false);
      await em.flush();
      io.out(`${user.email}: enabled.`);
      return 0;
    }
    case 'reset-mfa': {
      const user = await userOption(em, options);
      if (!isStaffRole(user.role)) throw new UsageError(`${user.role}s have no second factor`);
      // no request caused it: the command has an id of its own, which the mail's log lines carry
      const requestId = randomUUID();
      const ended = await resetSecondFactor(em, user, requestId);
      io.out(
        `${user.email}: second factor reset; ${ended} session(s) ended. The next sign-in sets up a new one. (request id ${requestId})`,
      );
      return 0;
    }
    case 'unlock': {
      const user = await userOption(em, options);
      await unlockAccount(em, user);
      io.out(`${user.email}: unlocked; the next sign-in is checked as usual.`);
      return 0;
    }
    case 'help':
    case '--help':
      io.out(USAGE);
      return 0;
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

async function main(): Promise<void> {
  const config = loadConfig('identity', configShape);
  const log = createLogger('identity-cli', config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const argv = process.argv.slice(2);
  if (['help', '--help', '-h', undefined].includes(argv[0])) {
    process.stdout.write(USAGE);
    return;
  }
  const orm = await openDatabase(config, log);
  try {
    process.exitCode = await runCommand(orm, argv, {
      out: (line) => process.stdout.write(`${line}\n`),
      readPassword: readStdinLine,
    });
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    process.stderr.write(`staff: ${err.message}\n\n${USAGE}`);
    process.exitCode = 2;
  } finally {
    await orm.close();
  }
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`staff: ${(err as Error).message}\n`);
    process.exit(1);
  });
}
