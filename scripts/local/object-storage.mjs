// Local object storage: the S3 server of @tullab/testing on 127.0.0.1:9000, objects kept in DATA_DIR/s3.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { explainListenError } from './failure.mjs';

// loaded when used: packages/testing/dist exists only after the build
const require = createRequire(import.meta.url);
const PORT = 9000;
/** the buckets docker-compose.yml creates with minio/mc */
const BUCKETS = ['tullab-documents', 'tullab-logos'];

export async function startObjectStorage(dataDir) {
  const { startS3Server } = require('@tullab/testing');
  const directory = join(dataDir, 's3');
  const s3 = await startS3Server({ host: '127.0.0.1', port: PORT, directory, buckets: BUCKETS }).catch(
    (err) => {
      throw explainListenError(err, 'S3 server', PORT, 'S3_ENDPOINT');
    },
  );
  return {
    env: {
      S3_ENDPOINT: s3.endpoint,
      S3_ACCESS_KEY: s3.accessKey,
      S3_SECRET_KEY: s3.secretKey,
      S3_REGION: s3.region,
    },
    description: `local S3 server on ${s3.endpoint}, objects in ${directory}`,
    stop: () => s3.close(),
  };
}
