import { PlaceholderPage } from '../../../components/PlaceholderPage';

/** /influencers: where "Find creators" leads a signed-in user; the directory comes later. */
export function InfluencersPage() {
  return (
    <PlaceholderPage title="The creator directory is being built">
      Searching verified creators by niche, audience and price is on its way.
    </PlaceholderPage>
  );
}
