/** Resolves after `ms` milliseconds: the SPEC §9 pauses before moving on (500 ms, 1500 ms). */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
