import { Steps } from 'antd';
import { useTranslation } from 'react-i18next';

/** The three steps of spec §1: sign a contract; open and fund an exchange account; authorise an API key. */
export const HOW_TO_STEPS = ['contract', 'account', 'api'] as const;

export function HowToSteps({ direction = 'horizontal' }: { direction?: 'horizontal' | 'vertical' }) {
  const { t } = useTranslation();
  return (
    <Steps
      direction={direction}
      current={-1}
      items={HOW_TO_STEPS.map((step) => ({ title: t(`pages.steps.${step}Title`), description: t(`pages.steps.${step}Text`) }))}
    />
  );
}
