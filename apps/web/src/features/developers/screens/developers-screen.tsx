import { ComingSoon } from '../../../components/coming-soon';

/** Replaced by the api keys screen when its area is built. */
export default function DevelopersScreen() {
  return (
    <ComingSoon
      area="Developers"
      title="API keys"
      description="Connect your website or app to Tillbook with sandbox and live keys."
      features={[
        'Public and secret keys for sandbox and live',
        'Reveal, copy and roll keys',
        'Live calls used this month against your plan',
      ]}
    />
  );
}
