import { runService } from '@tullab/runtime';
import { configShape } from './config';
import { spec } from './service';

void runService(spec, configShape);
