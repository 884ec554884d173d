// What the gateway's tests share, gathered from the modules beside it: the fake services and the real gateway they
// run against, raw requests, and a browser-like client.
export * from './client';
export * from './directories';
export * from './fake-identity';
export * from './fake-service';
export * from './fakes';
export * from './gateway';
export * from './raw-request';
