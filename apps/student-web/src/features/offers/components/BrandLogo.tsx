import { BrandLogo as SharedBrandLogo, type BrandLogoProps } from '@tullab/ui';
import { useTranslation } from 'react-i18next';

/** The shared brand logo, named in the page's language ('Desert Bloom logo'). */
export function BrandLogo(props: Omit<BrandLogoProps, 'label'>) {
  const { t } = useTranslation('offers');
  return <SharedBrandLogo {...props} label={t('card.logo', { name: props.name })} />;
}
