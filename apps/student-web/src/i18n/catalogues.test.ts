import path from 'node:path';
import { describeCatalogues } from '@tullab/web-kit/testing/catalogues';

describeCatalogues(path.join(__dirname, 'locales'));
