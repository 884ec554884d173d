// The part of s3rver 3 (which ships no types) that @tullab/testing uses.
declare module 's3rver' {
  import type { RequestListener } from 'node:http';

  interface S3rverOptions {
    directory?: string;
    silent?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string }[];
  }

  /** A Koa application serving the S3 API from a folder. */
  class S3rver {
    constructor(options?: S3rverOptions);
    /** creates the configured buckets (keeping existing ones) */
    configureBuckets(): Promise<void>;
    /** the request handler, for a server of one's own */
    callback(): RequestListener;
  }

  export = S3rver;
}
