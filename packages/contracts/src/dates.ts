/**
 * A record as a service builds it, before JSON: the named fields, ISO 8601 strings on the wire, are still `Date`s
 * (null and optional stay as they are). Services type their answers with it, so the wire type is written once.
 */
export type BeforeJson<T, K extends keyof T> = Omit<T, K> & {
  [P in keyof Pick<T, K>]: Exclude<T[P], string> | Date;
};
