import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { DemoBrand } from './brands';
import { slugOf } from './texts';

/**
 * The brands' logos: PNG files kept in the repository beside the sources (drawn once), so nothing is drawn at run
 * time. `logos/<slug>.png` from both src/ (tests) and dist/ (the command).
 */
export const logoFileOf = (brand: DemoBrand) => join(__dirname, '..', 'logos', `${slugOf(brand.name)}.png`);

export interface DemoLogo {
  key: string;
  contentType: string;
  bytes: Buffer;
}

/** Each brand's logo as offers keeps it: under `offers/demo/` in the logo bucket. */
export async function readLogos(brands: DemoBrand[]): Promise<DemoLogo[]> {
  return Promise.all(
    brands.map(async (brand) => ({
      key: `offers/demo/${slugOf(brand.name)}.png`,
      contentType: 'image/png',
      bytes: await readFile(logoFileOf(brand)),
    })),
  );
}
