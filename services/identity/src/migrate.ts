import { runMigrations } from '@tullab/runtime';
import { configShape } from './config';
import { spec } from './service';

// Applies this service's pending migrations and exits: the Kubernetes migration Job (docs/scaling.md "Releasing").
runMigrations(spec, configShape);
