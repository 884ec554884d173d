// Fixed facts the e2e stack and the journeys share.
export const E2E_DATABASE = 'tullab_e2e';
/** The PostgreSQL server the stack's database is made on. */
export const E2E_POSTGRES_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const E2E_ADMIN = { email: 'admin@e2e.tullab.ae', password: 'e2e admin passphrase, long enough 42' };
export const BASE_URL = 'http://localhost:8080';
export const MAIL_URL = 'http://127.0.0.1:8025/messages';
