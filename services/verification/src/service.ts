import type { Logger } from '@tullab/http';
import { startService as start, type ServiceSpec } from '@tullab/runtime';
import { createApp } from './app';
import type { Config } from './config';

export const spec: ServiceSpec<Config> = {
  name: 'verification',
  entities: [],
  migrations: [],
  handlers: {},
  createApp,
};

export const startService = (config: Config, log?: Logger) => start(spec, config, log);
