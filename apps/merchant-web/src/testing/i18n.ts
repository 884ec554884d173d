import path from 'node:path';
import { startTestTexts } from '@tullab/web-kit/testing/texts';

// every test renders with the portal's catalogues loaded
startTestTexts(path.join(__dirname, '../i18n/locales'));
