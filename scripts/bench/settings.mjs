// The settings of `npm run bench`: how long and how hard each run loads (BENCH_SECONDS, BENCH_CONNECTIONS), the
// catalogue's size, the students copying codes, and what a browser sends.
export const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
export const CATALOGUE_SIZE = 500;
/** students copying codes at once, all behind one address */
export const STUDENTS = 200;
export const WARM_UP_SECONDS = 3;
export const ORIGIN = 'http://localhost:8080';
export const BROWSER = { 'accept-encoding': 'br, gzip', accept: 'application/json' };
