import type { Logger } from '@tullab/http';
import { startService as start, type ServiceSpec } from '@tullab/runtime';
import { createApp } from './app';
import type { Config } from './config';
import { entities, migrations } from './db';
import { seedInstitutions } from './modules/institutions/seed';

export const spec: ServiceSpec<Config> = {
  name: 'verification',
  entities,
  migrations,
  handlers: {},
  createApp,
  prepare: ({ orm, log }) => seedInstitutions(orm.em.fork(), log),
};

export const startService = (config: Config, log?: Logger) => start(spec, config, log);
