export { getPostgresUrl, dropSchema } from './postgres';
export { deleteRedisKeys, getRedisUrl } from './redis';
export { uniqueName } from './names';
export { freePort } from './ports';
export { startTcpProxy, type TcpProxy } from './tcp-proxy';
export { startSmtpCatcher, type CaughtMail, type MailListener, type SmtpCatcher } from './smtp-catcher';
export { s3EnvOf, startS3Server, type S3Server, type S3ServerOptions } from './s3-server';
export { serviceTestEnv, type ServiceTestEnv } from './service-env';
export { metricValue } from './metrics';
